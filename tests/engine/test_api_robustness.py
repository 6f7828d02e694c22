"""The engines' API on bad input: illegal actions of any shape raise
IllegalActionError and change nothing; bad saved states, modes, player counts,
seeds and seats raise RulesError; observations reveal only what is shown."""

from __future__ import annotations

import json
import random

import pytest

from generated import _runtime as R
from generated import anachrony, euphoria, utopia, utopolis
from tests.helpers.play import play_randomly

GAMES = [(utopolis, "metropolis", 3), (euphoria, "standard", 3), (utopia, "standard", 3),
         (anachrony, "standard", 3), (utopia, "solo", 1), (utopia, "coop", 2)]
IDS = ["utopolis", "euphoria", "utopia", "anachrony", "utopia-solo", "utopia-coop"]


#: a solo or co-op game of Utopia is over sooner (the Villains win quickly against random
#: play): fewer steps leave it going
SHORT = {"solo": 15, "coop": 15}


def played(module, mode, n, seed=5, steps=60):
    """A state some random steps into a game (one still going)."""
    steps = min(steps, SHORT.get(mode, steps))
    return play_randomly(module.Game(num_players=n, mode=mode, seed=seed).new_initial_state(),
                         random.Random(seed), steps)


def states(module, mode, n, seed=3, every=25, limit=4000):
    """States along one random game, every ``every`` actions."""
    s = module.Game(num_players=n, mode=mode, seed=seed).new_initial_state()
    rng = random.Random(seed)
    for i in range(limit):
        if s.is_terminal():
            break
        if i % every == 0:
            yield s
        s.apply_action(rng.choice(s.legal_actions()))
    yield s


# ---------------------------------------------------------------- illegal actions

BAD_ARGS = [99999, 10**6, -1, -200, "x", None, 1.5, (1, 2, 3, 4, 5), (), [3], {"a": 1}, True]


@pytest.mark.parametrize("module,mode,n", GAMES, ids=IDS)
def test_any_bad_argument_is_an_illegal_action(module, mode, n):
    s = played(module, mode, n)
    p = s.current_player()
    before = s.to_json()
    names = list(s.game.action_args) + ["no_such_action"]
    for name in names:
        kinds = s.game.action_args.get(name, ("card",))
        for bad in BAD_ARGS:
            for args in ((bad,) * len(kinds) or (bad,), (bad,) * (len(kinds) + 1)):
                action = s.game.action(p, name, *args)
                with pytest.raises(module.IllegalActionError, match="refused"):
                    s.apply_action(action)
                assert s.to_json() == before
                assert str(action).startswith(f"player {p + 1}: ")
    s.apply_action(s.legal_actions()[0])  # still playable


@pytest.mark.parametrize("module,mode,n", GAMES, ids=IDS)
def test_values_equal_to_legal_ones_but_of_another_type_are_refused(module, mode, n):
    """``1.0 == 1 == True`` in Python, yet a float or a bool is no card id: such an
    action used to pass the legality check and crash halfway through the rules."""
    s = played(module, mode, n)
    before = s.to_json()
    for legal in s.legal_actions():
        for cast in (float, lambda v: v == 1 if v in (0, 1) else float(v)):
            if not legal.args or not all(R._is_int(a) for a in legal.args):
                continue
            action = s.game.action(legal.player, legal.name, *map(cast, legal.args))
            assert action == legal  # equal by Python's rules ...
            with pytest.raises(module.IllegalActionError):  # ... and still refused
                s.apply_action(action)
            assert s.to_json() == before
        player = float(legal.player)
        with pytest.raises(module.IllegalActionError):
            s.apply_action(R.Action(player, legal.name, legal.args, s.game))
        assert s.to_json() == before


def test_describe_never_raises_and_never_invents_a_card():
    g = utopolis.Game(2, "family", 1)
    last = g.card_titles[-1]
    for value in (10**6, -1, -len(g.card_titles), "x", None, 1.5, (1, 2, 3, 4, 5), True):
        for name in ("build", "reserve_buy_card", "offer_trade", "upgrade", "nope"):
            text = str(g.action(0, name, value))
            assert text.startswith("player 1: ")
            assert repr(value) in text
        assert str(g.action(0, "answer", value)).startswith("player 1: answer (")
    assert last not in str(g.action(0, "build", -1))
    assert str(g.action(0, "build", 10**6)) == "player 1: Build (1000000)"
    assert str(g.action(0, "offer_trade", 7, (1, 0, 0, 0), (0, 1, 0, 0))).startswith(
        "player 1: Offer a trade to another player (7, ")  # no seat 8 in a 2-player game
    weird = R.Action("x", ["not", "hashable"], 5, g)
    assert isinstance(str(weird), str)
    assert isinstance(str(R.Action(None, "build", (1,))), str)
    # legal actions read as before
    escuela = g.card_ids("escuela")[0]
    assert str(g.action(1, "build", escuela)) == f"player 2: Build (Escuela (School) #{escuela})"
    bag = " + ".join(f"{r} {k}" for r, k in zip(g.resources, (1, 0, 2, 0)) if k)
    assert str(g.action(0, "reserve_buy_card", (1, 0, 2, 0))) == (
        f"player 1: Reserve trade: 2 Non-Renewable resources for a card ({bag})")


def test_refused_negative_card_id_is_not_described_as_a_card():
    s = played(utopolis, "family", 2, steps=0)
    p = s.current_player()
    with pytest.raises(utopolis.IllegalActionError) as err:
        s.apply_action(s.game.action(p, "choose_card", -1))
    assert "#-1" not in str(err.value)
    assert s.game.card_titles[-1] not in str(err.value)


# ---------------------------------------------------------------- saved states


@pytest.mark.parametrize("text", ["[]", "null", "1", '"state"', '{"game": 5}', '{"game": []}',
                                  '{"game": {}}', "", "not json", "{", None, 5])
def test_state_from_json_refuses_what_is_not_a_saved_state(text):
    g = utopolis.Game(2, "family", 1)
    with pytest.raises(utopolis.RulesError, match="not a saved state of this game"):
        g.state_from_json(text)


@pytest.mark.parametrize("module,mode,n", GAMES, ids=IDS)
def test_state_from_json_refuses_a_missing_field(module, mode, n):
    s = played(module, mode, n)
    data = json.loads(s.to_json())
    for key in data:
        if key == "game":
            continue
        broken = dict(data)
        del broken[key]
        with pytest.raises(module.RulesError, match="not a saved state of this game"):
            s.game.state_from_json(json.dumps(broken))


@pytest.mark.parametrize("module,mode,n", GAMES, ids=IDS)
def test_state_from_json_refuses_fields_that_do_not_hold_together(module, mode, n):
    s = played(module, mode, n)
    data = json.loads(s.to_json())
    edits = [
        ("phase", "no_such_phase"), ("stage", "later"), ("round", -1), ("round", "3"),
        ("first", s.n), ("done", [True]), ("res", [[1]]), ("tr", {"no_such_track": [0]}),
        ("ta", 5), ("cst", []), ("winners", [s.n]), ("rng", None), ("terminal", "no"),
        ("pending", [{"kind": "nope"}]), ("history", [[0, "x"]]),
        ("loc", list(reversed(data["loc"]))), ("z", {}),
    ]
    for key, value in edits:
        broken = dict(data)
        broken[key] = value
        with pytest.raises(module.RulesError, match="not a saved state of this game"):
            s.game.state_from_json(json.dumps(broken))
    # the same card in two zones
    zone, cards = next((k, v) for k, v in data["z"].items()
                       if isinstance(v, list) and v and all(isinstance(c, int) for c in v))
    other = next(k for k, v in data["z"].items()
                 if k != zone and isinstance(v, list) and all(isinstance(c, int) for c in v))
    broken = json.loads(s.to_json())
    broken["z"][other].append(cards[0])
    with pytest.raises(module.RulesError, match="not a saved state of this game"):
        s.game.state_from_json(json.dumps(broken))


@pytest.mark.parametrize("module,mode,n", GAMES, ids=IDS)
def test_state_from_json_round_trips_along_a_game(module, mode, n):
    for s in states(module, mode, n, every=100):
        t = s.game.state_from_json(s.to_json())
        assert t.to_json() == s.to_json()
        assert t.legal_actions() == s.legal_actions()


def test_state_of_another_seed_mode_or_player_count_is_refused():
    text = utopolis.Game(2, "family", seed=1).new_initial_state().to_json()
    assert utopolis.Game(2, "family", seed=1).state_from_json(text).to_json() == text
    for game in (utopolis.Game(2, "family", seed=2), utopolis.Game(3, "family", seed=1),
                 utopolis.Game(2, "metropolis", seed=1), euphoria.Game(2, seed=1)):
        with pytest.raises(R.RulesError, match="not a saved state of this game"):
            game.state_from_json(text)
    data = json.loads(text)
    data["game"]["seed"] = True  # True == 1, but not a seed
    with pytest.raises(R.RulesError):
        utopolis.Game(2, "family", seed=1).state_from_json(json.dumps(data))


# ---------------------------------------------------------------- game set-up


@pytest.mark.parametrize("seed", ["abc", "1", 1.5, 1.0, None, True, [1]])
def test_a_seed_that_is_not_an_integer_is_refused(seed):
    with pytest.raises(utopolis.RulesError, match="seed"):
        utopolis.Game(2, seed=seed)


def test_integer_seeds_of_any_size_are_fine():
    for seed in (0, -5, 2**70):
        assert utopolis.Game(2, seed=seed).new_initial_state().legal_actions()


@pytest.mark.parametrize("mode,n", [("family", True), ("solo", True), ("solo", 1.0),
                                    ("family", 2.0), ("family", "2"), ("family", None)])
def test_a_player_count_that_is_not_an_integer_is_refused(mode, n):
    with pytest.raises(utopolis.RulesError, match="is for .* player"):
        utopolis.Game(num_players=n, mode=mode)


@pytest.mark.parametrize("mode", [["family"], 3, ""])
def test_a_mode_that_is_not_a_known_name_is_refused(mode):
    with pytest.raises(utopolis.RulesError, match="unknown mode"):
        utopolis.Game(2, mode=mode)
    with pytest.raises(utopolis.RulesError, match="unknown mode"):
        utopolis.Game.player_counts(mode)


@pytest.mark.parametrize("module,mode,n", GAMES, ids=IDS)
def test_observation_of_a_seat_outside_the_game_is_refused(module, mode, n):
    s = played(module, mode, n, steps=0)
    for p in (-1, n, n + 5, None, "0", 1.0, True):  # seat n: past the players (or an automaton's)
        with pytest.raises(module.RulesError, match="no player|no seat|played by the rules"):
            s.observation(p)
    assert s.observation(n - 1)["player"] == n - 1


def test_action_from_json_refuses_what_is_not_an_action():
    g = utopolis.Game(2)
    for data in ({}, {"player": 0, "name": "build"}, {"player": "0", "name": "build", "args": []},
                 {"player": 0, "name": 1, "args": []}, {"player": 0, "name": "b", "args": 3},
                 [0, "build", []], None):
        with pytest.raises(utopolis.RulesError, match="not an action"):
            g.action_from_json(data)
    assert g.action_from_json({"player": 0, "name": "build", "args": [3]}) == g.action(0, "build", 3)


# ---------------------------------------------------------------- hidden information


def shown_cards(s, p) -> set[int]:
    """The cards of the zones ``p`` is shown: public zones, p's own hidden zones, and the
    top card of each ``public top`` stack."""
    game, out = s.game, set()
    for name, cards in s.z.items():
        vis = game.visibility[name]
        if vis == "top":
            stacks = cards if game.per_card_zone[name] or game.per_player_zone[name] else [cards]
            out.update(held[-1] for held in stacks if held)
        elif game.per_player_zone[name]:
            for q, held in enumerate(cards):
                if vis == "public" or (vis == "hidden" and q == p):
                    out.update(held)
        elif game.per_card_zone[name]:
            if vis == "public":
                out.update(c for held in cards if held for c in held)
        elif vis == "public":
            out.update(cards)
    return out


def unseen_cards(s, p) -> set[int]:
    """Cards ``p`` must not learn anything about: secret zones, others' hidden zones."""
    out = set()
    for c, where in enumerate(s.loc):
        if where is None:
            continue
        name, owner = where
        vis = s.game.visibility[name]
        own = vis == "hidden" and s.game.per_player_zone[name] and owner == p
        stack = s.z[name] if owner is None else s.z[name][owner]
        on_top = vis == "top" and stack and stack[-1] == c
        if vis != "public" and not own and not on_top:
            out.add(c)
    return out


@pytest.mark.parametrize("module,mode,n", GAMES, ids=IDS)
def test_card_states_cover_exactly_the_cards_shown(module, mode, n):
    for s in states(module, mode, n):
        for p in range(n):
            obs = s.observation(p)
            shown = shown_cards(s, p)
            hidden = unseen_cards(s, p)
            for name, per_card in obs["card_states"].items():
                assert set(per_card) == shown, (name, set(per_card) ^ shown)
                assert not set(per_card) & hidden
                assert all(per_card[c] == s.cst[name][c] for c in per_card)
            json.dumps(obs)


def test_hidden_zone_sizes_are_not_taken_for_card_ids():
    """The sizes shown for the deck and other hands are numbers, not cards: the
    card whose id equals a size appears in card_states only if it is shown."""
    s = played(utopolis, "metropolis", 3, steps=30)
    for p in range(3):
        obs = s.observation(p)
        sizes = {len(s.z["main_deck"]), len(s.z["trash"])} | {
            len(h) for q, h in enumerate(s.z["hand"]) if q != p}
        shown = shown_cards(s, p)
        for name, per_card in obs["card_states"].items():
            for size in sizes - shown:
                assert size not in per_card, (name, size)


def test_an_action_name_the_game_does_not_have_is_refused_as_such():
    """Found by the fresh-user check: `bild` was refused as "not legal now", as if
    building were only out of turn; the name is no action of Utópolis at all."""
    s = utopolis.Game(num_players=2, mode="family", seed=1).new_initial_state()
    before = s.to_json()
    me = s.current_player()
    with pytest.raises(R.IllegalActionError, match=r"refused: 'bild' is no action of this game "
                       r"\(did you mean 'build'\?\); the state is unchanged$"):
        s.apply_action(s.game.action(me, "bild"))
    with pytest.raises(R.IllegalActionError, match=r"'zzz' is no action of this game \(its actions: "
                       r"activate, build, demolish, "):
        s.apply_action(s.game.action(me, "zzz"))
    with pytest.raises(R.IllegalActionError, match=r"\['x'\] is not an action's name"):
        s.apply_action(R.Action(me, ["x"], ()))
    legal = s.legal_actions()[0]  # a name of the game, not legal now: the same words as before
    with pytest.raises(R.IllegalActionError, match="not legal now"):
        s.apply_action(R.Action(me, "build", (10_000,)))
    assert s.to_json() == before and legal in s.legal_actions()
