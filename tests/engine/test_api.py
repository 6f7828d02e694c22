"""The engine's OpenSpiel-style API: errors, persistence, cloning, hidden
information, determinism."""

from __future__ import annotations

import json
import random

import pytest

from generated import _runtime as R
from generated import utopolis
from tests.helpers.play import assert_replays, play_randomly

Game = utopolis.Game
IllegalActionError = utopolis.IllegalActionError
RulesError = utopolis.RulesError


def to_phase(s, phase, rng=None):
    """Random play (or first legal action) until ``phase`` awaits a decision."""
    for _ in range(20_000):
        if s.phase == phase and not s.pending and s.stage == "act":
            return
        legal = s.legal_actions()
        fin = [a for a in legal if a.name in ("finish", "pick", "decline_card", "choose_card")]
        s.apply_action(rng.choice(legal) if rng else fin[0])
    raise AssertionError(phase)


# ---------------------------------------------------------------- modes and players


KNOWN_MODES = {"family": [2, 3, 4, 5, 6], "metropolis": [2, 3, 4, 5, 6], "solo": [1],
               "solo_easy": [1], "solo_hard": [1], "solo_family": [1],
               "metropolis_rulebook": [2, 3, 4, 5, 6]}


def test_modes_and_player_counts():
    modes = Game.MODES
    assert isinstance(modes, tuple) and len(set(modes)) == len(modes)
    assert {"family", "metropolis", "solo", "solo_easy", "solo_hard", "solo_family"} <= set(modes)
    assert Game.DEFAULT_MODE == "family"
    for mode in modes:
        counts = Game.player_counts(mode)
        assert counts == KNOWN_MODES.get(mode, counts)
        assert counts and counts == list(range(counts[0], counts[-1] + 1))
    assert Game.player_counts() == Game.player_counts("family")
    assert Game(3).mode == "family"
    for mode in modes:
        for n in Game.player_counts(mode):
            s = Game(num_players=n, mode=mode, seed=3).new_initial_state()
            assert not s.is_terminal() and s.legal_actions()


@pytest.mark.parametrize("mode,n", [("family", 0), ("family", 7), ("family", 1),
                                    ("metropolis", 1), ("metropolis", 7), ("solo", 2),
                                    ("solo", 0), ("solo_family", 2), ("solo_easy", 3)])
def test_bad_player_count_raises(mode, n):
    with pytest.raises(RulesError, match=str(n)):
        Game(num_players=n, mode=mode, seed=1)


def test_unknown_mode_raises():
    with pytest.raises(RulesError, match="unknown mode"):
        Game(num_players=2, mode="galactic", seed=1)
    with pytest.raises(RulesError):
        Game.player_counts("galactic")
    assert issubclass(RulesError, ValueError)


# ---------------------------------------------------------------- illegal actions


def build_trade_state(seed=5):
    s = Game(num_players=3, mode="metropolis", seed=seed).new_initial_state()
    to_phase(s, "build_trade")
    return s


def test_illegal_action_refused_and_state_unchanged():
    s = build_trade_state()
    p = s.current_player()
    before = s.to_json()
    not_mine = s.z["hand"][(p + 1) % 3][0]
    bad = [
        s.game.action(p, "build", not_mine),  # a card in someone else's hand
        s.game.action(p, "score_worker"),  # an action of another phase
        s.game.action(p, "activate", 0),
        s.game.action(p, "no_such_action"),
        s.game.action(p, "finish", "extra-arg"),
        s.game.action(p, "reserve_buy_card", (5, 0, 0, 0)),
    ]
    for a in bad:
        with pytest.raises(IllegalActionError) as err:
            s.apply_action(a)
        msg = str(err.value)
        assert "refused" in msg and a.name in msg, msg
        assert ("is no action of this game" if a.name == "no_such_action" else "build_trade") in msg, msg
        assert s.to_json() == before
    with pytest.raises(IllegalActionError, match="not an action"):
        s.apply_action(("build", 3))
    assert s.to_json() == before
    # still playable afterwards
    s.apply_action(s.game.action(p, "finish"))


def test_wrong_players_action_refused():
    s = build_trade_state()
    p = s.current_player()
    other = (p + 1) % 3
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="decision") as err:
        s.apply_action(s.game.action(other, "finish"))
    assert "refused" in str(err.value)
    assert s.to_json() == before
    assert s.legal_actions(other) == []
    assert s.legal_actions(p) == s.legal_actions()


def test_pending_decision_only_accepts_its_answers():
    s = build_trade_state(seed=6)
    p = s.current_player()
    build = next(a for a in s.legal_actions() if a.name == "build")
    s.apply_action(build)
    assert s.current_player() == p
    assert {a.name for a in s.legal_actions()} == {"choose_card"}
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        s.apply_action(s.game.action(p, "finish"))
    with pytest.raises(IllegalActionError):  # the card just built is not in hand any more
        s.apply_action(s.game.action(p, "choose_card", build.args[0]))
    assert s.to_json() == before


def test_actions_refused_once_the_game_is_over():
    s = Game(num_players=2, mode="family", seed=9).new_initial_state()
    play_randomly(s, random.Random(9), 50_000)
    assert s.is_terminal()
    assert s.current_player() == R.TERMINAL == -4
    assert s.legal_actions() == []
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="over"):
        s.apply_action(s.game.action(0, "finish"))
    assert s.to_json() == before


def test_returns_are_zero_while_running():
    s = Game(num_players=4, mode="family", seed=2).new_initial_state()
    assert s.returns() == [0.0] * 4
    assert s.winners_list() == []
    assert s.scores() == [0] * 4


# ---------------------------------------------------------------- persistence


@pytest.mark.parametrize("mode,n", [("family", 3), ("metropolis", 4), ("solo", 1),
                                    ("solo_family", 1)])
def test_json_round_trip_then_identical_play(mode, n):
    game = Game(num_players=n, mode=mode, seed=17)
    s = game.new_initial_state()
    play_randomly(s, random.Random(1), 300)
    text = s.to_json()
    json.loads(text)  # plain JSON
    t = game.state_from_json(text)
    assert t.to_json() == text
    assert t.legal_actions() == s.legal_actions()
    assert str(t) == str(s)
    play_randomly(s, random.Random(2), 100_000)
    play_randomly(t, random.Random(2), 100_000)
    assert s.is_terminal() and t.is_terminal()
    assert t.to_json() == s.to_json()
    assert t.returns() == s.returns()
    assert t.winners_list() == s.winners_list()


def test_json_round_trip_with_pending_decisions():
    game = Game(num_players=3, mode="metropolis", seed=8)
    s = game.new_initial_state()
    rng = random.Random(3)
    found = set()
    for _ in range(20_000):
        if s.is_terminal() or found == {"cards", "ask"}:
            break
        if s.pending:
            kind = s.pending[0]["kind"]
            if kind not in found:
                found.add(kind)
                t = game.state_from_json(s.to_json())
                assert t.legal_actions() == s.legal_actions()
                a = rng.choice(s.legal_actions())
                s.apply_action(a)
                t.apply_action(a)
                assert t.to_json() == s.to_json()
                continue
        s.apply_action(rng.choice(s.legal_actions()))
    assert found == {"cards", "ask", "overflow"}


def test_state_from_json_rejects_other_games():
    s = Game(num_players=2, mode="family", seed=1).new_initial_state()
    text = s.to_json()
    with pytest.raises(RulesError):
        Game(num_players=3, mode="family", seed=1).state_from_json(text)
    with pytest.raises(RulesError):
        Game(num_players=2, mode="metropolis", seed=1).state_from_json(text)
    with pytest.raises(RulesError):
        Game(num_players=2, mode="family", seed=1).state_from_json("{not json")


def test_action_json_round_trip():
    s = build_trade_state()
    for a in s.legal_actions():
        data = json.loads(json.dumps(a.to_json()))
        assert s.game.action_from_json(data) == a


# ---------------------------------------------------------------- clone


def test_clone_is_independent():
    s = build_trade_state()
    before = s.to_json()
    c = s.clone()
    assert c.to_json() == before
    play_randomly(c, random.Random(4), 500)
    assert c.to_json() != before
    assert s.to_json() == before
    # direct mutation of the clone's internals
    c = s.clone()
    c.z["hand"][0].append(999)
    c.z["main_deck"].pop()
    c.res[0][0] += 5
    c.tr["wellbeing"][1] += 7
    c.cst["active"][0] = not c.cst["active"][0]
    c.ta["reserve_trades"][0] += 1
    c.done[0] = not c.done[0]
    c.history.append((0, "x", ()))
    assert s.to_json() == before
    # the original keeps playing exactly as a fresh copy would
    d = s.clone()
    play_randomly(s, random.Random(5), 200)
    play_randomly(d, random.Random(5), 200)
    assert s.to_json() == d.to_json()


def test_clone_during_pending_decision():
    s = build_trade_state(seed=6)
    build = next(a for a in s.legal_actions() if a.name == "build")
    s.apply_action(build)
    assert s.pending
    c = s.clone()
    before = s.to_json()
    c.apply_action(c.legal_actions()[0])
    assert s.to_json() == before
    assert s.pending[0]["count"] == utopolis.F_value[build.args[0]]


# ---------------------------------------------------------------- hidden information


def test_observation_hides_other_hands_and_deck_order():
    s = build_trade_state()
    for p in range(3):
        obs = s.observation(p)
        assert obs["player"] == p
        hands = obs["zones"]["hand"]
        assert hands[p] == s.z["hand"][p]
        for q in range(3):
            if q != p:
                assert hands[q] == len(s.z["hand"][q])
        assert obs["zones"]["main_deck"] == len(s.z["main_deck"])
        assert obs["zones"]["trash"] == len(s.z["trash"])
        assert obs["zones"]["city"] == s.z["city"]
        assert obs["resources"] == s.res
        json.dumps(obs)


def test_observation_does_not_depend_on_hidden_cards():
    """Swapping a card of another hand with a deck card, or reordering the main
    deck and the trash, leaves a player's observation unchanged."""
    s = build_trade_state()
    base = s.observation(0)
    t = s.clone()
    a, b = t.z["hand"][1][0], t.z["main_deck"][0]
    t.z["hand"][1][0], t.z["main_deck"][0] = b, a
    t.loc[a], t.loc[b] = ("main_deck", None), ("hand", 1)
    t.z["main_deck"].reverse()
    t.z["trash"].reverse()
    t._legal = None
    assert t.observation(0) == base
    assert t.observation(1) != s.observation(1)


def test_observation_shows_only_own_pending_decision():
    s = build_trade_state(seed=6)
    p = s.current_player()
    build = next(a for a in s.legal_actions() if a.name == "build")
    s.apply_action(build)
    assert s.observation(p)["pending"]
    for q in range(3):
        if q != p:
            assert s.observation(q)["pending"] == []


def test_observation_shows_activation_of_public_buildings():
    s = Game(num_players=2, mode="family", seed=4).new_initial_state()
    to_phase(s, "place")
    from generated._runtime import move
    p = s.current_player()
    well = next(c for c in s.game.card_ids("pozo_comunal") if s.loc[c][0] != "city")
    assert move(s, s.g, well, "city", p)
    s.res[p] = [0, 0, 1, 0]
    s._legal = None
    s.apply_action(s.game.action(p, "activate", well))
    for q in range(2):
        assert s.observation(q)["card_states"]["active"].get(well) is True


# ---------------------------------------------------------------- text


def test_str_action_is_readable():
    s = build_trade_state()
    for a in s.legal_actions():
        text = str(a)
        assert text.startswith(f"player {a.player + 1}: ")
        if a.name in ("build", "demolish", "upgrade", "reserve_sell_card"):
            for c in a.args:
                if isinstance(c, int):
                    assert s.game.card_titles[c] in text
    escuela = s.game.card_ids("escuela")[0]
    text = str(s.game.action(0, "build", escuela))
    assert "Escuela (School)" in text and "Build" in text
    text = str(s.game.action(1, "reserve_buy_card", (1, 1, 0, 0)))
    assert "electricity 1" in text and "water 1" in text
    assert str(s)  # a state prints a summary


def test_card_ids():
    g = Game(2, "family", 1)
    assert len(g.card_ids("escuela")) == 2
    assert all(g.card_names[c] == "escuela" for c in g.card_ids("escuela"))
    assert g.card_ids("no_such_card") == []
    assert sum(len(g.card_ids(n)) for n in set(g.card_names)) == 95


# ---------------------------------------------------------------- determinism


@pytest.mark.parametrize("mode,n", [("family", 4), ("metropolis", 3), ("solo_hard", 1)])
def test_same_seed_same_actions_same_game(mode, n):
    s = Game(num_players=n, mode=mode, seed=123).new_initial_state()
    t = Game(num_players=n, mode=mode, seed=123).new_initial_state()
    assert s.to_json() == t.to_json()
    play_randomly(s, random.Random(7), 100_000)
    play_randomly(t, random.Random(7), 100_000)
    assert s.to_json() == t.to_json()
    assert s.history == t.history
    # replaying the recorded actions gives the same game too
    assert_replays(Game(num_players=n, mode=mode, seed=123).new_initial_state, s)


def test_different_seeds_deal_differently():
    a = Game(3, "family", seed=1).new_initial_state()
    b = Game(3, "family", seed=2).new_initial_state()
    assert a.z["main_deck"] != b.z["main_deck"] or a.z["hand"] != b.z["hand"]
