"""Construct 16: dice that belong to nobody, and dice with symbol faces.

The construct spec is ``tests/compiler/constructs/dice.rules``, with Anachrony's dice:
Gameplay › Paradox Phase (the Paradox die gives a number of Paradox tokens), Gameplay ›
Clean Up Phase (two trajectory dice of + and - symbols, added to the symbols under the
Doomsday trackers, move the Impact, never behind the era in progress), and Actions ›
Main Board Actions › Research (one die set to a shape of your choice except "?", the
other rolled).
"""

from __future__ import annotations

import json
import random
import re

import pytest

from tests.helpers.play import assert_replays, play_to_the_end
from tests.helpers.constructs import codes_of, compiled, construct_engine, construct_spec

SPEC = construct_spec("dice")
BASE = SPEC.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def game():
    return construct_engine(SPEC)


def test_dice_start_showing_their_first_face(game):
    state = game.Game(num_players=2, seed=1).new_initial_state()
    assert state.dice == {"paradox_die": [0], "trajectory": ["plus", "plus"], "shape_die": ["circle"],
                          "icon_die": [1]}


def test_research_sets_one_die_to_a_chosen_shape_but_never_the_question_mark(game):
    """Anachrony › Research: `choose set_face: shape where set_face != any_shape`."""
    state = game.Game(num_players=2, seed=3).new_initial_state()
    offered = [a.args for a in state.legal_actions() if a.name == "research"]
    assert offered == [("circle",), ("square",), ("triangle",)]
    rolls = state.rng
    me = state.current_player()
    state.apply_action(next(a for a in state.legal_actions() if a.args == ("triangle",)))
    assert state.dice["shape_die"] == ["triangle"]
    assert state.rng != rolls  # the icon die was rolled from the game's seed
    assert 1 <= state.dice["icon_die"][0] <= 6
    assert state.tr["vp"][me] == (1 if state.dice["icon_die"][0] == 6 else 0)


def test_the_paradox_die_gives_each_player_that_many_tokens(game):
    """Anachrony › Paradox Phase: `roll paradox_die`, `advance paradox by paradox_die`."""
    state = game.Game(num_players=3, seed=5).new_initial_state()
    rng = random.Random(5)
    while state.round == 1:
        before = list(state.tr["paradox"])
        state.apply_action(rng.choice([a for a in state.legal_actions() if a.name == "rest"]))
    gained = [a - b for a, b in zip(state.tr["paradox"], before)]
    assert all(x in (0, 1, 2) for x in gained)
    assert gained[-1] == state.dice["paradox_die"][0]  # the last player's roll is still shown


def test_trajectory_dice_move_the_impact_by_the_symbols_they_show(game):
    """Anachrony › Clean Up Phase: + beats - (with one of each under the Doomsday trackers)."""
    state = game.Game(num_players=2, seed=2).new_initial_state()
    g = state.g
    clean_up = g.phases["clean_up"].on_enter
    for seed in (11, 12, 13, 14):
        copy = state.clone()
        copy.rng = seed
        impact = copy.gtr["impact_at"]
        clean_up(g, copy, 0)
        ups = copy.dice["trajectory"].count("plus") + 1
        downs = copy.dice["trajectory"].count("minus") + 1
        want = impact + (1 if ups > downs else -1 if downs > ups and impact > copy.round + 1 else 0)
        assert copy.gtr["impact_at"] == min(max(want, 1), 7)


def test_the_dice_runtime_rolls_from_the_seed_and_turns_only_to_faces_it_has(game):
    state = game.Game(num_players=2, seed=1).new_initial_state()
    g, R = state.g, game.R
    a, b = state.clone(), state.clone()
    R.roll_dice(a, g, "trajectory")
    R.roll_dice(b, g, "trajectory")
    assert a.dice == b.dice and a.rng == b.rng != state.rng  # same seed, same faces
    R.roll_dice(a, g, "trajectory", 2)  # one die
    assert a.dice["trajectory"][0] == b.dice["trajectory"][0]
    R.set_die(a, g, "shape_die", 1, "square")
    assert a.dice["shape_die"] == ["square"]
    R.set_die(a, g, "shape_die", 1, "hexagon")  # not a face: nothing changes
    R.set_die(a, g, "shape_die", 2, "circle")  # no die 2
    assert a.dice["shape_die"] == ["square"]
    assert state.dice["shape_die"] == ["circle"]  # clones hold their own dice


def test_games_with_dice_clone_save_and_replay(game):
    for seed in range(4):
        rng = random.Random(seed)
        state = game.Game(num_players=3, seed=seed).new_initial_state()
        played = play_to_the_end(state, rng, max_actions=2000, snapshot_at=4)
        assert_replays(lambda seed=seed: game.Game(num_players=3, seed=seed).new_initial_state(), state,
                       played.snapshot)


@pytest.mark.parametrize("edit", [
    lambda d: d.pop("dice"),
    lambda d: d["dice"].pop("trajectory"),
    lambda d: d["dice"]["trajectory"].append("plus"),
    lambda d: d["dice"]["trajectory"].__setitem__(0, "star"),
    lambda d: d["dice"]["paradox_die"].__setitem__(0, 3),
    lambda d: d["dice"]["paradox_die"].__setitem__(0, True),
    lambda d: d["dice"]["icon_die"].__setitem__(0, "1"),
])
def test_a_save_with_edited_dice_is_refused(game, edit):
    state = game.Game(num_players=2, seed=1).new_initial_state()
    data = json.loads(state.to_json())
    edit(data)
    with pytest.raises(game.R.RulesError, match="not a saved state of this game"):
        game.Game(num_players=2, seed=1).state_from_json(json.dumps(data))
    assert game.Game(num_players=2, seed=1).state_from_json(state.to_json()).dice == state.dice


def test_the_page_lists_the_dice_and_says_the_rolls_in_words():
    page = compiled(SPEC).page
    assert "### Dice" in page
    assert "2 dice of the game, each with the faces" in page
    assert "Roll the Paradox die: it shows a face at random." in page
    assert "the number of Trajectory dice showing" in page
    assert "Turn the Research shape die to show" in page


# ----------------------------------------------------------------- diagnostics
def _codes(tmp_path, text: str) -> list[str]:
    return codes_of(tmp_path, text)


@pytest.mark.parametrize(("old", "new", "code"), [
    ("  faces 0, 1, 1, 1, 2, 2\n", "  faces 0, 1, plus, 1, 2, 2\n", "E0534"),
    ("  faces circle, circle, square,", "  faces circle, plus, square,", "E0534"),
    ("  faces circle, circle, square,", "  faces circle, hexagon, square,", "E0501"),
    ("(count trajectory showing plus)", "(count trajectory showing 3)", "E0503"),
    ("  choose set_face: shape where set_face != any_shape\n", "  choose set_face: trajectory_face\n",
     "E0503"),
    ("    roll icon_die\n", "    roll trajectory[3]\n", "E0536"),
    ("    roll icon_die\n", "    roll trajectory[0]\n", "E0536"),
    ("  sides 6\n", "  sides 6\n  faces 1, 2\n", "E0537"),
    ("  sides 6\n", "", "E0537"),
    ("    if icon_die == 6 {\n", "    if trajectory == plus {\n", "E0538"),
    ("    roll icon_die\n", "    set trajectory = plus\n", "E0538"),
    ("    roll icon_die\n", "    roll dice_of_doom\n", "E0501"),
    ("(count trajectory showing plus)", "(count trajectories showing plus)", "E0501"),
])
def test_misuse_is_reported_with_its_code(tmp_path, old, new, code):
    assert old in BASE
    assert code in _codes(tmp_path, BASE.replace(old, new, 1))


def test_a_face_the_dice_do_not_have(tmp_path):
    text = BASE.replace("enum trajectory_face \"trajectory symbol\" {\n  plus \"+\"\n",
                        "enum trajectory_face \"trajectory symbol\" {\n  plus \"+\"\n  star \"*\"\n", 1)
    text = text.replace("(count trajectory showing plus)", "(count trajectory showing star)", 1)
    assert "E0535" in _codes(tmp_path, text)
    text = BASE.replace("    roll icon_die\n", "    set icon_die = 7\n", 1)
    assert "E0535" in _codes(tmp_path, text)


def test_the_language_reference_quotes_the_construct_spec():
    page = (SPEC.parents[3] / "docs" / "language.md").read_text(encoding="utf-8")
    start = page.index("### Dice of the game")
    end = page.index("### Deck and zone", start)
    blocks = re.findall(r"^```rulebook\n(.*?)^```$", page[start:end], re.M | re.S)
    assert len(blocks) >= 3
    for block in blocks:
        assert block in BASE, block
