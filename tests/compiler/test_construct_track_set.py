"""Construct 12: setting a track to a value, tracks with a range, and the round number.

The construct spec is ``tests/compiler/constructs/track_set.rules``. The rules are the
rulebooks': Anachrony › Actions › Player Board Actions › Supply / Force Workers (morale
moves between its two ends; at the bottom end forcing workers costs instead), Anachrony
› Gameplay › Clean Up Phase (the Impact moves, never behind the era in progress), and
Pig's holding (the points at stake go back to 0).
"""

from __future__ import annotations

import random
import re

import pytest

from tests.helpers.play import assert_replays, play_to_the_end
from tests.helpers.constructs import codes_of, compiled, construct_engine, construct_spec
from tests.helpers.specs import compile_text

SPEC = construct_spec("track_set")
BASE = SPEC.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def game():
    return construct_engine(SPEC)


def _take(game, state, name: str, *args):
    me = state.current_player()
    state.apply_action(game.Game(state.n, seed=0).action(me, name, *args))
    return me


def test_holding_banks_the_points_at_stake_and_sets_them_back_to_zero(game):
    """Pig › Holding: `score pot` then `set pot = 0`."""
    state = game.Game(num_players=2, seed=1).new_initial_state()
    me = state.current_player()
    assert "bank" not in [a.name for a in state.legal_actions()]  # `require pot >= 1`
    state.tr["pot"][me] = 7
    state._legal = None
    _take(game, state, "bank")
    assert state.tr["vp"][me] == 7
    assert state.tr["pot"][me] == 0


def test_morale_starts_at_three_and_stops_at_its_ends(game):
    """Anachrony › Supply / Force Workers: morale runs from 1 to 6."""
    state = game.Game(num_players=2, seed=1).new_initial_state()
    assert state.tr["morale"] == [3, 3]
    me = state.current_player()
    rallies = 0
    while rallies < 5:  # 3 → 6, then it stays at the top end
        if state.current_player() == me:
            _take(game, state, "rally")
            rallies += 1
        else:
            _take(game, state, "gamble")
    assert state.tr["morale"][me] == 6
    state.tr["morale"][me] = 1  # at the bottom end, forcing workers costs a point instead
    state._legal = None
    while state.current_player() != me:
        _take(game, state, "gamble")
    _take(game, state, "force_workers")
    assert state.tr["morale"][me] == 1
    assert state.tr["vp"][me] == -1


def test_setting_a_rivals_track_names_that_player(game):
    state = game.Game(num_players=3, seed=2).new_initial_state()
    me = state.current_player()
    rival = (me + 1) % 3
    state.tr["morale"][rival] = 6
    _take(game, state, "sabotage", rival)
    assert state.tr["morale"][rival] == 3
    assert state.tr["morale"][me] == 3


def test_the_impact_moves_but_never_past_the_end_nor_behind_the_era(game):
    """Anachrony › Gameplay › Clean Up Phase: `advance impact_at by steps` stops at 7;
    `if impact_at < round { set impact_at = round }`."""
    state = game.Game(num_players=2, seed=3).new_initial_state()
    assert state.gtr["impact_at"] == 5 and state.round == 1
    g = state.g
    fn = g.PR["move_impact"]  # the procedure, called as the rules call it
    fn(g, state, 0, 5)  # 5 + 5 stops at the end of the range
    assert state.gtr["impact_at"] == 7
    state.gtr["impact_at"], state.round = 2, 4
    fn(g, state, 0, -1)  # never behind the era in progress
    assert state.gtr["impact_at"] == 4


def test_the_clean_up_advances_the_impact_once_a_round_and_the_game_ends_after_seven(game):
    state = game.Game(num_players=2, seed=4).new_initial_state()
    rng = random.Random(4)
    rounds = {}
    while not state.is_terminal():
        rounds[state.round] = state.gtr["impact_at"]
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.round == 7
    assert all(1 <= v <= 7 for v in rounds.values())
    assert rounds[2] == 6 and rounds[3] == 7  # 5, then one step a round, then the end of the range


def test_games_with_ranged_tracks_clone_save_and_replay(game):
    for seed in range(4):
        rng = random.Random(seed)
        state = game.Game(num_players=3, seed=seed).new_initial_state()
        played = play_to_the_end(state, rng, max_actions=2000, snapshot_at=5,
                                 check=lambda s, a, r: (all(1 <= m <= 6 for m in s.tr["morale"])
                                                        or pytest.fail("morale left its range")))
        assert_replays(lambda seed=seed: game.Game(num_players=3, seed=seed).new_initial_state(), state,
                       played.snapshot)


def test_the_page_says_set_and_the_range_in_words():
    page = compiled(SPEC).page
    assert "Set your points at stake this turn to 0." in page
    assert "runs from 1 to 6" in page
    assert "Set *p*'s Morale to 3." in page or "Set p's Morale to 3." in page or "'s Morale to 3" in page
    assert "the number of the round" in page


# ----------------------------------------------------------------- diagnostics
def _codes(tmp_path, text: str) -> list[str]:
    return codes_of(tmp_path, text)


@pytest.mark.parametrize(("old", "new", "code"), [
    ("    set pot = 0\n", "    set vp_goal = 0\n", "E0501"),          # unknown track
    ("    set pot = 0\n", "    set morale[pot] = 0\n", "E0503"),     # not kept per an enum
    ("  range 1 to 6\n  start 3\n", "  range 1 to 6\n  start 9\n", "E0532"),
    ("  range 1 to 6\n  start 3\n", "  range 1 to 6\n", "E0532"),   # 0 by default
    ("  range 1 to 6\n  start 3\n", "  range 6 to 1\n  start 3\n", "E0533"),
    ("    set p.morale = 3\n", "    set p.morale = 9\n", "W0128"),
    ("    set p.morale = 3\n", "    set p.impact_at = 3\n", "E0505"),  # one for the game
    ("    set pot = 0\n", "    set pot = true\n", "E0503"),
])
def test_misuse_is_reported_with_its_code(tmp_path, old, new, code):
    assert old in BASE
    assert code in _codes(tmp_path, BASE.replace(old, new, 1))


@pytest.mark.parametrize(("decl", "what"), [
    ('param goal "Goal" = 5 {\n  source "Rules"\n}\n', "a param"),
    ('derived goal "Goal" = 5 {\n  source "Rules"\n}\n', "a derived value"),
    ('tally goal "Goal" {\n  per player\n  source "Rules"\n}\n', "a tally"),
    ('resource goal "Goal" {\n  source "Rules"\n}\n', "a resource"),
])
def test_set_of_something_that_is_not_a_track_names_what_it_is(tmp_path, decl, what):
    text = BASE.replace("    set pot = 0\n", "    set goal = 0\n", 1) + "\n" + decl
    result = compile_text(tmp_path, text)
    found = [d for d in result.diagnostics if d.code == "E0531"]
    assert found and what in found[0].message, [d.message for d in result.diagnostics]


def test_set_on_a_track_used_to_be_a_syntax_error_with_a_misleading_hint(tmp_path):
    """Issue 11: `set turn_total = 0` said "expected `.`"; it now sets the track."""
    result = compile_text(tmp_path, BASE)
    assert not [d for d in result.diagnostics if d.code == "E0001"]
    bad = compile_text(tmp_path, BASE.replace("    set pot = 0\n", "    set = 0\n", 1))
    assert [d.code for d in bad.diagnostics] == ["E0001"]
    assert "a track" in (bad.diagnostics[0].hint or "") + bad.diagnostics[0].message


def test_the_language_reference_quotes_the_construct_spec():
    page = (SPEC.parents[3] / "docs" / "language.md").read_text(encoding="utf-8")
    start = page.index("#### Setting a track, and tracks with a range")
    end = page.index("### Enum", start)
    blocks = re.findall(r"^```rulebook\n(.*?)^```$", page[start:end], re.M | re.S)
    assert len(blocks) >= 3
    for block in blocks:
        assert block in BASE, block
