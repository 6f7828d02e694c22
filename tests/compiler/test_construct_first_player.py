"""Construct 17: handing the first-player marker to a named player.

The construct spec is ``tests/compiler/constructs/first_player.rules``. The rules are the
rulebooks': Utopia › Gameplay › IV: Conduct an Assassination, step 3 (the assassin takes
the 1st Player Marker at once; the ruling keeps the order of the round in progress), and
Anachrony › Gameplay › Clean Up Phase (whoever took the action to become first player is
the new first player).
"""

from __future__ import annotations

import json
import re

import pytest

from tests.helpers.constructs import (assert_games_replay, codes_of, compiled, construct_engine,
                                      construct_spec, take)

SPEC = construct_spec("first_player")
BASE = SPEC.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def game():
    return construct_engine(SPEC)


def _take(state, name: str):
    take(state, name)


def test_an_assassination_takes_the_marker_but_the_round_keeps_its_order(game):
    """Utopia › IV: Conduct an Assassination, step 3, and the ruling on the order."""
    state = game.Game(num_players=4, seed=1).new_initial_state()
    assert state.first == 0 and state.lead == 0
    seats = []
    for name in ("claim_first", "assassinate", "rest", "rest"):  # seats 0, 1, 2, 3
        seats.append(state.current_player())
        _take(state, name)
    assert seats == [0, 1, 2, 3]
    assert state.first == 1  # seat 1 holds the marker at once...
    assert state.lead == 0  # ...and the turns of this phase still go round from seat 0
    assert state.current_player() == 0  # seat 0's next turn comes before seat 1's
    order = []
    while state.round == 1:
        order.append(state.current_player())
        _take(state, "rest")
    assert order == [0, 1]  # seats 2 and 3 are done: seat 0 then seat 1, as before


def test_the_clean_up_hands_the_marker_to_whoever_took_the_space_and_the_next_round_starts_there(game):
    """Anachrony › Clean Up Phase: `first player m.owner`."""
    state = game.Game(num_players=3, seed=2).new_initial_state()
    _take(state, "rest")  # seat 0
    assert state.current_player() == 1
    _take(state, "claim_first")  # seat 1 puts a marker on the space
    while state.round == 1:
        _take(state, "rest")
    assert state.first == 1 and state.lead == 1
    assert state.current_player() == 1  # round 2 starts from the new first player
    assert state.z["first_space"] == []  # the marker went back to its owner
    assert len(state.z["markers"][1]) == 6
    assert state.tr["vp"] == [0, 1, 0]  # the holder's point, `if first player == me`


def test_the_leader_clones_saves_and_is_checked_on_load(game):
    state = game.Game(num_players=4, seed=1).new_initial_state()
    _take(state, "claim_first")
    _take(state, "assassinate")
    copy = state.clone()
    assert (copy.first, copy.lead) == (1, 0)
    loaded = game.Game(num_players=4, seed=1).state_from_json(state.to_json())
    assert (loaded.first, loaded.lead) == (1, 0)
    assert loaded.current_player() == state.current_player() == 2
    for bad in (-1, 4, True, "0", None):
        data = json.loads(state.to_json())
        data["lead"] = bad
        with pytest.raises(game.R.RulesError, match="not a saved state of this game"):
            game.Game(num_players=4, seed=1).state_from_json(json.dumps(data))
    data = json.loads(state.to_json())
    del data["lead"]
    with pytest.raises(game.R.RulesError, match="missing field"):
        game.Game(num_players=4, seed=1).state_from_json(json.dumps(data))


def test_games_that_hand_the_marker_clone_save_and_replay(game):
    assert_games_replay(game)


def test_the_page_says_who_takes_the_marker():
    page = compiled(SPEC).page
    assert "You take the first player marker." in page
    assert "takes the first player marker." in page
    assert "the first player" in page


# ----------------------------------------------------------------- diagnostics
def _codes(tmp_path, text: str) -> list[str]:
    return codes_of(tmp_path, text)


@pytest.mark.parametrize(("old", "new", "code"), [
    ("    first player me\n", "    first player 2\n", "E0503"),
    ("      first player m.owner\n", "      first player m\n", "E0503"),
    ("    first player me\n", "    first player the player with most vp\n", "E0580"),  # may be nobody
    ("      if first player == me {\n", "      if first player == 1 {\n", "E0503"),
])
def test_misuse_is_reported_with_its_code(tmp_path, old, new, code):
    assert old in BASE
    assert code in _codes(tmp_path, BASE.replace(old, new, 1))


def test_a_player_that_may_be_nobody_is_handed_the_marker_once_tested(tmp_path):
    text = BASE.replace("    first player me\n", "    let p = the player with most vp\n    if p != nobody {\n"
                        "      first player p\n    }\n", 1)
    assert "E0580" not in _codes(tmp_path, text)


def test_the_language_reference_quotes_the_construct_spec():
    page = (SPEC.parents[3] / "docs" / "language.md").read_text(encoding="utf-8")
    start = page.index("#### Handing the marker to a player")
    end = page.index("## Flow and phases", start)
    blocks = re.findall(r"^```rulebook\n(.*?)^```$", page[start:end], re.M | re.S)
    assert len(blocks) >= 2
    for block in blocks:
        assert block in BASE, block
