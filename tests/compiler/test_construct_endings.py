"""Construct 19 (issue 11): several ways for the game to end, each with its own winners.

The construct spec `tests/compiler/constructs/endings.rules` states Utopia › Winning the
Game (the third mission ends the game at once, the player who completed it wins; with
Factions, the first to meet their faction's Utopian requirements wins at once), Utopia ›
2 Player Co-op › Co-op Gameplay (both humans must complete 3 missions) and a round limit
latched until the round is over (as Anachrony › Gameplay › Clean Up Phase ends the game
after the last era); each is played through its engine with those numbers, then misuse is
reported.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.tools import fuzzing, fuzzing_stress
from tests.helpers.constructs import compiled, construct_spec
from tests.helpers.specs import HEADER, analyse_text, engine, engine_module

SPEC = construct_spec("endings")


@pytest.fixture(scope="module")
def game():
    result = compiled(SPEC)
    assert [d.code for d in result.diagnostics] == ["W0105"]  # its provisional values only
    return engine_module(result)


def _state(game, players: int = 3, mode: str = "competitive"):
    return game.Game(num_players=players, seed=1, mode=mode).new_initial_state()


def _set_rounds(state, n: int) -> None:
    """Put the game at round ``n`` as a rule writing the count would: the engine tries
    the ends after what can change what they read (a hand edit is not one of those, so
    the test tries them once itself)."""
    state.gtr["rounds_played"] = n
    state._check_end()


def _act(state, player: int, name: str) -> None:
    state.apply_action(next(a for a in state.legal_actions() if a.player == player and a.name == name))


def test_the_third_mission_ends_the_game_at_once(game):
    """Winning the Game: the first player to complete three missions wins, and no further
    turns are played (players 2 and 3 have not acted this round)."""
    state = _state(game)
    state.tr["missions_done"][:] = [2, 2, 1]
    _act(state, 0, "complete_mission")
    assert state.is_terminal() and state.legal_actions() == []
    assert state.outcome() == {"end": "three_missions", "winners": [0]}
    assert state.returns() == [1.0, -1.0, -1.0] and state.ended == ["three_missions"]


def test_a_factions_utopia_ends_the_game_with_its_own_winners(game):
    """With Factions: the first to meet all 3 requirements of their card wins at once."""
    state = _state(game)
    state.tr["requirements_met"][:] = [0, 2, 1]
    _act(state, 0, "rest")
    assert not state.is_terminal() and state.outcome() is None
    _act(state, 1, "meet_requirement")
    assert state.outcome() == {"end": "utopia", "winners": [1]}


def test_ends_are_tried_in_the_order_written(game):
    """Both conditions hold at the same check: the end written first decides."""
    state = _state(game)
    state.tr["missions_done"][:] = [3, 0, 0]
    state.tr["requirements_met"][:] = [0, 3, 0]
    state._check_end()
    assert state.outcome() == {"end": "three_missions", "winners": [0]} and state.ended == ["three_missions"]


def test_a_finish_round_end_is_latched_until_the_round_is_over(game):
    """The round limit (30 rounds): once reached, the round in progress is played to its
    end, then the flow's `travel -> end when round_cap` stops the game; the most missions
    win, more victory points break the tie."""
    state = _state(game)
    state.tr["missions_done"][:] = [1, 1, 0]
    state.tr["vp"][:] = [4, 0, 9]
    _set_rounds(state, 30)
    _act(state, 0, "rest")
    assert state.ended == ["round_cap"] and not state.is_terminal()
    saved = state.to_json()
    clone = state.clone()
    _act(state, 1, "complete_mission")  # 2 missions: player 2 now has the most
    _act(state, 2, "rest")
    assert state.outcome() == {"end": "round_cap", "winners": [1]}
    assert clone.ended == ["round_cap"] and not clone.is_terminal()  # the clone is its own
    loaded = game.Game(num_players=3, seed=1, mode="competitive").state_from_json(saved)
    assert loaded.ended == ["round_cap"] and loaded.outcome() is None
    _act(loaded, 1, "rest")
    _act(loaded, 2, "rest")
    assert loaded.outcome() == {"end": "round_cap", "winners": [0]}  # tied on missions: more vp


def test_nobody_wins(game):
    """Past the round limit by more than 5 rounds: the safety end, in which nobody wins."""
    state = _state(game)
    _set_rounds(state, 36)
    assert state.ended == ["round_cap", "nobody_wins"]
    assert state.outcome() == {"end": "nobody_wins", "winners": []} and state.returns() == [-1.0] * 3


def test_in_co_op_both_humans_need_three_missions(game):
    """2 Player Co-op: one human's third mission does not end the game; the team wins
    together when both have three."""
    state = _state(game, 2, "co_op")
    state.tr["missions_done"][:] = [2, 2]
    _act(state, 0, "complete_mission")
    assert not state.is_terminal()
    _act(state, 1, "complete_mission")
    assert state.outcome() == {"end": "co_op_win", "winners": [0, 1]} and state.returns() == [1.0, 1.0]


def test_saves_check_the_ends(game):
    state = _state(game)
    data = json.loads(state.to_json())
    for field, value, words in (("ended", ["nowhere"], "bad ended"), ("ended", True, "bad ended"),
                                ("ended_by", "utopia", "ended_by is set exactly when the game is over"),
                                ("ended_by", 3, "bad ended_by")):
        edited = dict(data, **{field: value})
        with pytest.raises(game.R.RulesError, match=words):
            game.Game(num_players=3, seed=1, mode="competitive").state_from_json(json.dumps(edited))


END = '''setup {
}
flow {
  start -> play
  play -> end when game_over
  play -> play
}
phase play "Play" simultaneous {
  actions earn
}
action earn "Earn" {
  effect {
    score 1
    done
  }
}
end game_over {
  when any player vp >= 5
  finish round
  winner most vp
}
'''


@pytest.mark.parametrize("extra, code, words", [
    ('end second "Second" {\n  when any player vp >= 9\n  immediately\n  winner most vp\n  nobody wins\n}\n',
     "E0411", "two winners rules, `winner most` and `nobody wins`"),
    ('end late "Late" {\n  when any player vp >= 9\n  finish round\n  nobody wins\n}\n',
     "E0412", "no transition into `end` reads it"),
    ('end quick {\n  when any player vp >= 2\n  immediately\n  winners players with most vp\n}\n'
     'end again {\n  when any player vp >= 2\n  immediately\n  nobody wins\n}\n',
     "W0125", "the same condition as `quick`"),
    ('end fast {\n  when any player vp >= 2\n  immediately\n  winners players where vp\n}\n',
     "E0503", "must be true or false"),
    ('end twice "Twice" {\n  when any player vp >= 9\n  immediately\n  winner most vp\n'
     '  winner most 0 - vp\n}\n',
     "E0411", "`winner most` is written twice"),
    ('end twice "Twice" {\n  when any player vp >= 9\n  immediately\n  nobody wins\n  nobody wins\n}\n',
     "E0411", "`nobody wins` is written twice"),
    ('end twice "Twice" {\n  when any player vp >= 9\n  immediately\n  win when vp >= 9\n'
     '  win when vp >= 1\n}\n', "E0411", "`win when` is written twice"),
    ('end tied "Tied" {\n  when any player vp >= 9\n  immediately\n  nobody wins\n'
     '  tie_breaker "more vp" most vp\n}\n', "E0414", "decides by `nobody wins`"),
    ('end tied "Tied" {\n  when any player vp >= 9\n  immediately\n  win when vp >= 9\n'
     '  tie_breaker "more vp" most vp\n}\n', "E0414", "decides by `win when`"),
    ('end twice "Twice" {\n  when any player vp >= 9\n  when any player vp >= 7\n  immediately\n'
     '  nobody wins\n}\n', "E0514", "`when` is written twice"),
    ('end twice "Twice" {\n  when any player vp >= 9\n  immediately\n  immediately\n  nobody wins\n}\n',
     "E0514", "`immediately` is written twice"),
])
def test_misuse_is_reported(tmp_path, extra, code, words):
    """Each line an `end` block takes once, written twice, is reported where it is written
    again (the parser keeps the first); tie-breakers need `winner most`."""
    found = [(d.code, d.message) for d in analyse_text(tmp_path, HEADER + END + extra).diagnostics]
    assert any(c == code and words in m for c, m in found), found


def test_the_page_lists_the_ends_in_order(game):
    page = compiled(SPEC).page
    section = page[page.index("## End of the game"):page.index("## Modes")]
    assert "The game ends in any of these 4 ways, tried in this order" in section
    assert [m for m in re.findall(r"^\*\*(\d)\. (.*?)\.\*\*$", section, re.M)] == [
        ("1", "Three missions"), ("2", "A faction's Utopia"), ("3", "The engine's round limit"),
        ("4", "Stalemate")]
    assert "Every player for whom their missions completed is at least 3 wins" in section
    assert "Nobody wins." in section


def test_the_language_reference_quotes_this_spec():
    page = (Path(__file__).resolve().parents[2] / "docs" / "language.md").read_text(encoding="utf-8")
    start = page.index("\n### Several ways to end\n")
    section = page[start:page.index("\n## ", start)]
    blocks = re.findall(r"^```rulebook\n(.*?)^```$", section, re.M | re.S)
    spec = SPEC.read_text(encoding="utf-8")
    assert len(blocks) == 2 and all(block in spec for block in blocks)


def _ends_made_at_random_never_raise(data):
    """The fuzzer's generator of construct 19 (many ends, with and without titles,
    conditions, timings and winners rules, named by the flow, removed by a mode), through
    every pass including code generation."""
    text = fuzzing_stress._stress_ends(data.draw, st, SPEC.read_text(encoding="utf-8"))
    fuzzing.check_input(SPEC, text, codegen=True)  # must not raise


@settings(max_examples=5, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(st.data())
def test_ends_made_at_random_never_raise(data):
    """The quick run (5 examples); the long run below makes 25."""
    _ends_made_at_random_never_raise(data)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(st.data())
def test_ends_made_at_random_never_raise_in_a_long_run(data):
    _ends_made_at_random_never_raise(data)


def test_the_end_a_transition_names_decides_among_those_latched(tmp_path):
    """Two `finish round` ends latch in the same round (5 points, then 1); the flow's first
    transition into `end` names the second, so its rule (nobody wins) decides, although
    `game_over` is written first."""
    flow = "play -> end when second\n  play -> end when game_over"
    text = HEADER + END.replace("play -> end when game_over", flow) + (
        'end second "Second" {\n  when any player vp >= 1\n  finish round\n  nobody wins\n}\n')
    module = engine(tmp_path, text)
    state = module.Game(num_players=2, seed=1).new_initial_state()
    state.tr["vp"][:] = [4, 0]
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.ended == ["game_over", "second"] and state.scores() == [5, 1]
    assert state.outcome() == {"end": "second", "winners": []}


def test_an_end_that_can_never_hold_is_reported_alone(tmp_path):
    """E0409, per end: the impossible one is named; the other ends are fine."""
    text = HEADER + END + 'end never "Never" {\n  when players > 10\n  immediately\n  nobody wins\n}\n'
    found = [(d.code, d.message) for d in analyse_text(tmp_path, text).diagnostics]
    assert [m for c, m in found if c == "E0409"] == [
        "the end condition `never` can never hold, so the game cannot end this way"]
