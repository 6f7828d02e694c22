"""States for search and saves (issue 10): a clone shares the history instead of
copying it, a save holds the state and not the history (unless asked), a save with its
history is replayed on load, and a save that was edited is refused when it is loaded
or plays on as any state does, never failing later (Hypothesis edits saved JSON)."""

from __future__ import annotations

import json
import random
from functools import cache

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from generated import _runtime as R
from generated import anachrony, euphoria, utopia, utopolis
from tests.helpers.play import play_randomly

SETTINGS = dict(deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow,
                                                                    HealthCheck.data_too_large])


def played(module, mode, n, steps, seed=5):
    return play_randomly(module.Game(num_players=n, mode=mode, seed=seed).new_initial_state(),
                         random.Random(seed), steps)


def with_decision(module, mode, n, kind, seed=1, limit=20_000):
    """A state of a seeded random game where a decision of ``kind`` waits."""
    s = module.Game(num_players=n, mode=mode, seed=seed).new_initial_state()
    rng = random.Random(seed)
    for _ in range(limit):
        if s.pending and s.pending[0]["kind"] == kind:
            return s
        if s.is_terminal():
            s = module.Game(num_players=n, mode=mode, seed=seed + 1).new_initial_state()
            seed += 1
        s.apply_action(rng.choice(s.legal_actions()))
    raise AssertionError(f"no {kind!r} decision in {limit} actions")


# ---------------------------------------------------------------- history shared
def test_a_clone_shares_the_history_and_each_extends_its_own():
    s = played(utopolis, "family", 2, 300)
    before = s.history
    c = s.clone()
    assert c._past is s._past and c.move_number() == s.move_number() == 300 == len(before)
    play_randomly(c, random.Random(1), 50)
    assert s.history == before and c.history[:300] == before and len(c.history) == 350
    play_randomly(s, random.Random(2), 10)
    assert c.history[:300] == s.history[:300] and s.move_number() == 310
    assert s.applied_actions()[-1] == R.Action(*s.history[-1])


def test_the_history_list_is_a_copy():
    s = played(utopolis, "family", 2, 20)
    s.history.append((0, "x", ()))
    s.history.clear()
    assert len(s.history) == 20


def test_a_save_holds_the_state_and_the_number_of_moves_not_the_history():
    early, late = played(utopolis, "family", 4, 10), played(utopolis, "family", 4, 3000)
    for s in (early, late):
        data = json.loads(s.to_json())
        assert "history" not in data and data["moves"] == s.move_number()
    # the same cards, players and tracks: the size of a save does not follow the game's length
    assert len(late.to_json()) < 2 * len(early.to_json())


# ---------------------------------------------------------------- saves with their history
@pytest.mark.parametrize("module,mode,n", [(utopolis, "metropolis", 3), (euphoria, "standard", 2),
                                          (utopia, "standard", 3), (anachrony, "standard", 2)])
def test_a_save_with_its_history_is_replayed_and_knows_its_history(module, mode, n):
    s = played(module, mode, n, 400)
    text = s.to_json(history=True)
    assert len(json.loads(text)["history"]) == s.move_number() > 100
    t = s.game.state_from_json(text)
    assert t.history == s.history and t.to_json() == s.to_json()
    assert t.to_json(history=True) == text and t.legal_actions() == s.legal_actions()


def test_a_save_whose_history_does_not_lead_to_its_state_is_refused():
    s = played(utopolis, "family", 2, 200)
    data = json.loads(s.to_json(history=True))
    edited = json.loads(json.dumps(data))
    edited["res"][0][0] += 1
    with pytest.raises(R.RulesError, match="not the state its history leads to \\(res differ\\)"):
        s.game.state_from_json(json.dumps(edited))
    edited = json.loads(json.dumps(data))
    edited["history"][5][1] = "no_such_action"
    with pytest.raises(R.RulesError, match="action 6 of its history is not legal there"):
        s.game.state_from_json(json.dumps(edited))
    edited = json.loads(json.dumps(data))
    edited["history"].pop()
    with pytest.raises(R.RulesError, match="bad moves 200: its history has 199 actions"):
        s.game.state_from_json(json.dumps(edited))


# ---------------------------------------------------------------- saves without history
def test_a_save_without_history_plays_on_but_does_not_know_the_actions_before_it():
    s = played(utopolis, "family", 2, 100)
    t = s.game.state_from_json(s.to_json())
    assert t.move_number() == 100 and t.to_json() == s.to_json()
    with pytest.raises(R.RulesError, match="loaded from a save made after 100 actions"):
        t.history  # noqa: B018 - reading it raises
    with pytest.raises(R.RulesError, match="loaded from a save made after 100 actions"):
        t.to_json(history=True)
    play_randomly(t, random.Random(3), 20)
    play_randomly(s, random.Random(3), 20)
    assert t.to_json() == s.to_json() and t.move_number() == 120


@pytest.mark.parametrize("module,mode,n,kind", [
    (utopolis, "metropolis", 3, "ask"), (utopolis, "family", 4, "cards"),
    (euphoria, "standard", 2, "ask"), (euphoria, "standard", 3, "card"),
])
def test_a_save_with_a_decision_waiting_round_trips(module, mode, n, kind):
    s = with_decision(module, mode, n, kind)
    t = s.game.state_from_json(s.to_json())
    assert t.to_json() == s.to_json() and t.legal_actions() == s.legal_actions()


@pytest.mark.parametrize("edit, why", [
    (lambda d: d.update(extra=1), "unknown field\\(s\\) extra"),
    (lambda d: d.update(rng=1 << 64), "bad rng"),
    (lambda d: d.update(moves=-1), "bad moves"),
    (lambda d: d["res"][0].__setitem__(0, -1), "bad resources"),
    (lambda d: d.update(winners=[0]), "winners in a game that is not over"),
    (lambda d: d["cst"]["active"].__setitem__(0, 3), "bad card states"),
    (lambda d: d.update(stage="enter"), "no decision waiting at stage 'enter'"),
    (lambda d: d.update(done=[True, True]), "it is not a state the engine stops at.*\\(done, phase"),
    # found by the fresh-user check: impossible values, each refused with its reason
    (lambda d: d["tr"]["wellbeing"].__setitem__(1, -7),
     "bad track 'wellbeing': -7 is below its lowest value 0"),
    (lambda d: d.update(moves=0), "no move played, yet it is not the game's first state"),
    (lambda d: d["done"].__setitem__(0, 1), "bad done flags"),
    (lambda d: d["done"].__setitem__(1, None), "bad done flags"),
    (lambda d: d.update(done=[True]), "bad done flags"),
    (lambda d: d.update(first=2), "bad first player 2"),
    (lambda d: d.update(first=True), "bad first player True"),
    (lambda d: d.update(first="0"), "bad first player '0'"),
    (lambda d: d.update(round=-1), "bad round -1"),
    (lambda d: d.update(round=1.0), "bad round 1.0"),
    (lambda d: d.update(moves="30"), "bad moves '30'"),
    # found by the fresh-user check: counters no game reaches (30 actions into round 1)
    (lambda d: d.update(round=0),
     "bad round 0: phase 'build_trade' is played only once the first round has started"),
    (lambda d: d.update(round=1_000_000), "bad round 1000000: 30 action\\(s\\) cannot have started "
     "that many rounds"),
    (lambda d: d.update(moves=1_000_000_000),
     "bad moves 1000000000: more than the 100,000,000 actions a saved game may have played"),
])
def test_a_save_without_history_is_checked_field_by_field(edit, why):
    s = played(utopolis, "family", 2, 30)
    data = json.loads(s.to_json())
    edit(data)
    with pytest.raises(R.RulesError, match="not a saved state of this game: (" + why + ")"):
        s.game.state_from_json(json.dumps(data))


def test_round_0_is_kept_before_the_first_round_and_a_flow_with_no_rounds_counts_none():
    """Utópolis counts rounds from `place` (Family Mode › Initial Setup comes first: its
    opening phases are round 0); Euphoria's flow says no `round starts at`."""
    first = utopolis.Game(num_players=2, mode="family", seed=5).new_initial_state()
    assert (first.phase, first.round) == ("keep_cards", 0)
    assert first.game.state_from_json(first.to_json()).round == 0
    s = played(euphoria, "standard", 2, 10)
    assert s.round == 0
    data = json.loads(s.to_json())
    data["round"] = 1
    with pytest.raises(R.RulesError, match="bad round 1: this mode counts no rounds"):
        s.game.state_from_json(json.dumps(data))


def test_a_save_with_no_state_where_its_cards_stand_is_refused():
    """A building in a Metropolis city has an `active` state (true or false), never None."""
    s = played(utopolis, "metropolis", 3, 60)
    data = json.loads(s.to_json())
    built = next(c for c, where in enumerate(data["loc"]) if where and where[0] == "city")
    data["cst"]["active"][built] = None
    with pytest.raises(R.RulesError, match=f"bad card states: card {built} in 'city' has active None"):
        s.game.state_from_json(json.dumps(data))


def test_a_running_save_whose_immediate_end_holds_is_refused():
    """Euphoria ends at once when a player has placed every authority token: a save whose
    player 1 has none left, while the game runs, is one the engine never stops at."""
    s = played(euphoria, None, 3, 100)
    data = json.loads(s.to_json())
    tokens, data["z"]["supply"][0] = data["z"]["supply"][0], []
    territory = next(i for i, held in enumerate(data["z"]["territory_tokens"]) if held is not None)
    data["z"]["territory_tokens"][territory] += tokens
    for c in tokens:
        data["loc"][c] = ["territory_tokens", territory]
    with pytest.raises(R.RulesError, match="the game is running, yet its end 'game_over' holds"):
        s.game.state_from_json(json.dumps(data))


def test_a_track_that_nothing_lowers_has_a_floor_and_one_lowered_has_none():
    """`track_low` (what the save check reads): the score tracks never go below 0;
    Euphoria's knowledge, which a visit lowers, may (it has no range)."""
    assert utopolis.Game(num_players=2, mode="family", seed=1).rules.track_low["wellbeing"] == 0
    low = euphoria.Game(num_players=3, seed=1).rules.track_low
    assert low["authority"] == 0 and "knowledge" not in low


@pytest.mark.parametrize("edit, why", [
    (lambda x: x.update(fn="no_such_continuation"), "bad question"),
    (lambda x: x.update(labels=[]), "bad question"),
    (lambda x: x.update(me=9), "bad question"),
    (lambda x: x.pop("env"), "the keys of 'ask' decisions are"),
    (lambda x: x["env"].update(partner={"a": 1}), "bad question"),
    # the env schema of the continuation (design 1.1.5): a local missing, or not a seat
    (lambda x: x["env"].pop("partner"), "bad question"),
    (lambda x: x["env"].update(partner=99), "bad question"),
])
def test_a_waiting_decision_is_checked_and_played(edit, why):
    s = with_decision(utopolis, "metropolis", 3, "ask")
    data = json.loads(s.to_json())
    edit(data["pending"][0])
    with pytest.raises(R.RulesError, match=why):
        s.game.state_from_json(json.dumps(data))


# ---------------------------------------------------------------- edited saves, at random
@cache
def _saves() -> list[tuple[object, str]]:
    """(game, saved text): states along games of both engines, some with a decision waiting."""
    out = []
    for module, mode, n, steps in ((utopolis, "metropolis", 3, 150), (utopolis, "family", 2, 900),
                                   (euphoria, "standard", 3, 120)):
        s = played(module, mode, n, steps)
        out.append((s.game, s.to_json()))
    for module, mode, n, kind in ((utopolis, "metropolis", 3, "ask"), (utopolis, "family", 4, "cards"),
                                  (euphoria, "standard", 3, "card")):
        s = with_decision(module, mode, n, kind)
        out.append((s.game, s.to_json()))
    return out


def _names(game) -> list[str]:
    g = game.rules
    return [*g.phases, *g.zones, *g.asks, *g.player_tracks, *g.global_tracks, "enter", "act", "exit",
            "cards", "card", "ask", "overflow", "kind", "player", "env", "fn"]


def _edit(data, path, how, value, other):
    """``data`` with the value at ``path`` replaced by ``value``, by the value at
    ``other``, moved by one, deleted, or doubled in its list."""
    *parents, last = path
    holder = data
    for key in parents:
        holder = holder[key]
    old = holder[last]
    if how == "set":
        holder[last] = value
    elif how == "copy":
        found = data
        for key in other:
            found = found[key]
        holder[last] = json.loads(json.dumps(found))
    elif how == "step":
        holder[last] = old + value if isinstance(old, int) and not isinstance(old, bool) else value
    elif how == "delete":
        del holder[last]
    elif how == "double" and isinstance(holder, list):
        holder.insert(last, old)
    return data


def _play_on(state, seed: int, steps: int = 300) -> None:
    """Random play from ``state``: every state has a legal action until the game ends,
    and every legal action applies."""
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        legal = state.legal_actions()
        assert legal, f"no legal action for {state.current_player()} in phase {state.phase!r}"
        state.apply_action(rng.choice(legal))


def _path(draw, data) -> tuple:
    """A path into ``data`` drawn top down (a field, then a key or index at each level,
    stopping anywhere), so that every field of a save is edited as often, however many
    values it holds; never into the ``game`` header."""
    path: list = []
    node = data
    while True:
        keys = [k for k in node if path or k != "game"] if isinstance(node, dict) else \
            list(range(len(node))) if isinstance(node, list) else []
        if not keys or (path and draw(st.integers(0, 2)) == 0):
            return tuple(path)
        key = draw(st.sampled_from(keys))
        path.append(key)
        node = node[key]


@st.composite
def edited_saves(draw):
    game, text = draw(st.sampled_from(_saves()))
    data = json.loads(text)
    names = st.sampled_from(_names(game))
    leaf = st.one_of(st.integers(-2, 200), st.booleans(), st.none(), names, st.integers(0, 3))
    values = st.recursive(leaf, lambda inner: st.lists(inner, max_size=4)
                          | st.dictionaries(names, inner, max_size=3), max_leaves=6)
    for _ in range(draw(st.integers(1, 3))):
        path = _path(draw, data)
        how = draw(st.sampled_from(["set", "copy", "step", "step", "delete", "double"]))
        value = draw(st.integers(-2, 2)) if how == "step" else draw(values)
        data = _edit(data, path, how, value, _path(draw, data))
    return game, json.dumps(data), draw(st.integers(0, 2**16))


def _refused_or_playable(game, text: str, seed: int) -> None:
    try:
        state = game.state_from_json(text)
    except R.RulesError as err:
        assert str(err).startswith("not a saved state of this game"), err
        event("refused")
        return
    event("loaded")
    assert state.game is game
    _play_on(state, seed)


@settings(max_examples=15, **SETTINGS)  # the long run below makes 3000
@given(edited_saves())
def test_an_edited_save_is_refused_on_load_or_plays_on(case):
    _refused_or_playable(*case)


@pytest.mark.slow
@settings(max_examples=3000, **SETTINGS)
@given(edited_saves())
def test_an_edited_save_is_refused_on_load_or_plays_on_long(case):
    _refused_or_playable(*case)
