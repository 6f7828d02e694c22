"""Construct 9: zones that hold several kinds of thing, with a test for the kind.

The construct spec is ``tests/compiler/constructs/mixed_zones.rules``: Utopia › Gameplay ›
Game Play Summary › 1.1 Deploy Chronoship (a location is vacant if no chronoship or drone
is on it), › IV: Conduct an Assassination (drones cannot be assassinated; a drone from
your dock takes the ship's place); Anachrony › Gameplay (an Anomaly takes a free spot of
the power plant row beside the buildings).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.helpers.constructs import assert_games_replay, card_id, compiled, construct_engine
from tests.helpers.specs import compile_text

SPEC = Path(__file__).resolve().parent / "constructs" / "mixed_zones.rules"
BASE = SPEC.read_text(encoding="utf-8")
CARDS = SPEC.with_name("mixed_zones.cards.yaml").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def game():
    return construct_engine(SPEC)


def _act(state, name: str, *args) -> None:
    state.apply_action(next(a for a in state.legal_actions()
                            if a.name == name and a.args[:len(args)] == args))


def test_every_card_knows_its_kind_and_nothing_is_no_kind(game):
    assert game.KIND[card_id(game, "tz1")] == "location" and game.KIND[card_id(game, "anomaly")] == "anomaly"
    assert game.KIND[game.CARDS_OF["drone"][0]] == "drone"
    assert game.KIND[-1] is None  # `nothing is drone` is false


def test_a_location_with_a_ship_or_a_drone_is_not_vacant(game):
    """Utopia › 1.1 Deploy Chronoship: vacant = no chronoship and no drone on it."""
    state = game.Game(num_players=2, seed=1).new_initial_state()
    p = state.current_player()
    tz1, tz2 = card_id(game, "tz1"), card_id(game, "tz2")
    drone = state.z["drone_bay"][p][-1]
    game.R.move(state, state.g, drone, "standing", tz2)  # a drone stands on TZ2
    _act(state, "deploy", tz1)
    assert len(state.z["standing"][tz1]) == 1
    vacant = {a.args[0] for a in state.legal_actions() if a.name == "deploy"}
    assert tz1 not in vacant and tz2 not in vacant and card_id(game, "tz3") in vacant


def test_an_assassination_sends_ships_to_limbo_and_a_drone_takes_the_place(game):
    """Utopia › IV: the ship goes to its owner's Limbo; drones can't be assassinated; a
    drone from the assassin's dock goes onto the location."""
    state = game.Game(num_players=2, seed=1).new_initial_state()
    p = state.current_player()
    tz1, tz2 = card_id(game, "tz1"), card_id(game, "tz2")
    ship = state.z["dock"][p][0]
    _act(state, "deploy", tz1, ship)
    q = state.current_player()
    their_drone = state.z["drone_bay"][q][-1]
    game.R.move(state, state.g, their_drone, "standing", tz2)
    targets = {a.args[0] for a in state.legal_actions() if a.name == "assassinate"}
    assert targets == {tz1}  # the drone on TZ2 cannot be assassinated
    drones_before = len(state.z["drone_bay"][q])
    _act(state, "assassinate", tz1)
    assert state.z["limbo"][p] == [ship]  # the ship's owner's Limbo
    (placed,) = state.z["standing"][tz1]
    assert game.KIND[placed] == "drone" and game.F_owner[placed] == q
    assert len(state.z["drone_bay"][q]) == drones_before - 1


def test_the_row_scores_its_buildings_and_loses_three_for_each_anomaly(game):
    """Anachrony › Gameplay: anomalies take spots beside the buildings; `x is building`
    keeps the buildings' points apart from the anomalies' penalty."""
    state = game.Game(num_players=2, seed=1).new_initial_state()
    p = state.current_player()
    _act(state, "construct", card_id(game, "factory"))
    while state.current_player() != p:
        _act(state, "pass")
    _act(state, "take_anomaly")
    row = state.z["power_row"][p]
    assert sorted(game.KIND[c] for c in row) == ["anomaly", "building"]
    g = state.g
    assert g.D["row_points"](g, state, p) == 3 and g.D["row_penalty"](g, state, p) == 3


def test_games_with_mixed_zones_clone_save_and_replay(game):
    assert_games_replay(game)


def test_the_page_names_the_kinds_and_the_test():
    page = compiled(SPEC).page
    assert "| on the location | zone | chronoships and drones | each TZ location |" in page
    assert "For each chronoship or drone v in the location of loc where v is a chronoship:" in page
    assert "the total points of the buildings and anomalies in their power plant row (each one *b*) " \
           "where b is a building" in page


# ----------------------------------------------------------------- diagnostics
def _codes(tmp_path, text: str) -> list[str]:
    text = text.replace('"mixed_zones.cards.yaml"', '"mini.cards.yaml"')
    return [d.code for d in compile_text(tmp_path, text, CARDS).diagnostics]


@pytest.mark.parametrize("old, new, code", [
    # a field only buildings have, read on a card that may be an anomaly
    ("sum points over my power_row as b where b is building", "sum points over my power_row", "E0610"),
    ("for each v in standing of loc where v is chronoship {", "for each v in standing of loc {", "E0615"),
    ("where v is chronoship", "where v is boat", "E0612"),
    ('of chronoship, drone {', 'of chronoship, drone, drone {', "E0611"),
    ("where it is chronoship) >= 1", "where it is building) >= 1", "W0140"),
    ("let drone_left = top of my drone_bay", "let drone_left = top of my drone_bay\n    score "
     "count my drone_bay where it is drone", "W0141"),
])
def test_misuse_is_reported(tmp_path, old, new, code):
    assert old in BASE
    assert code in _codes(tmp_path, BASE.replace(old, new, 1))


def test_a_field_read_after_the_test_is_accepted(tmp_path):
    text = BASE.replace("move top of anomaly_pile into my power_row", "move top of anomaly_pile into my "
                        "power_row\n    for each x in my power_row {\n      if x is building {\n"
                        "        score x.points\n      }\n    }", 1)
    assert _codes(tmp_path, text) == ["W0105"]


def test_the_construct_spec_checks_clean_as_a_user_would_write_it(tmp_path):
    assert _codes(tmp_path, BASE) == ["W0105"]


def test_the_language_reference_quotes_the_construct_spec():
    page = (SPEC.parents[3] / "docs" / "language.md").read_text(encoding="utf-8")
    start = page.index("#### Zones of several kinds")
    blocks = re.findall(r"^```rulebook\n(.*?)^```$", page[start:page.index("### Stacks", start)], re.M | re.S)
    assert len(blocks) == 3
    for block in blocks:
        assert block in BASE, block


# Found by the fresh-user check: a failed test of the kind narrowed nothing, so the
# `else` of `if x is anomaly`, or `not (x is anomaly)`, could not read a building's points.
@pytest.mark.parametrize("reads", [
    "      if not (x is anomaly) {\n        score x.points\n      }",
    "      if x is anomaly {\n        score 0 - x.penalty\n      } else {\n        score x.points\n      }",
    "      if x is anomaly or x.points >= 2 {\n        score 1\n      }",
])
def test_a_failed_kind_test_narrows_to_the_other_kinds(tmp_path, reads):
    text = BASE.replace("move top of anomaly_pile into my power_row", "move top of anomaly_pile into my "
                        "power_row\n    for each x in my power_row {\n" + reads + "\n    }", 1)
    assert _codes(tmp_path, text) == ["W0105"]
    untested = BASE.replace("move top of anomaly_pile into my power_row", "move top of anomaly_pile into "
                            "my power_row\n    for each x in my power_row {\n      score x.points\n    }", 1)
    assert "E0610" in _codes(tmp_path, untested)  # without the test, x may be an anomaly
    sums = BASE.replace("as b where b is building", "as b where not (b is anomaly)")
    assert sums != BASE and _codes(tmp_path, sums) == ["W0105"]
