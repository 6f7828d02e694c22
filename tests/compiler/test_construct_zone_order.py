"""Construct 5 (issue 11): order in zones, with `%`.

The construct spec `tests/compiler/constructs/zone_order.rules` states Utopia's Refresh
Time Zones (the top card of each wormhole deck to its bottom), Variable Knowledge (the
top card's primary ability, Science for a technology), the solo villain's failed move
(the next vacant location clockwise, TZ7 wrapping to TZ0) and Anachrony's Adventure (the
cards drawn go back to the bottom, in their order); each is played through its engine.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.constructs import CONSTRUCTS, card_id, compiled
from tests.helpers.specs import HEADER, compile_text, engine, engine_module

SPEC = CONSTRUCTS / "zone_order.rules"
CARDS = (CONSTRUCTS / "zone_order.cards.yaml").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def game():
    return engine_module(compiled(SPEC))


def _start(game, players: int = 1):
    state = game.Game(num_players=players, seed=1).new_initial_state()
    return state, state.g


def _names(game, cards) -> list[str]:
    return [game.CARD_NAMES[c] for c in cards]


def _stack(game, state, loc: str, names: list[str]) -> None:
    """Put the named cards on the wormhole deck of ``loc``, the first one at the bottom."""
    game.R.put(state, state.g, [card_id(game, n) for n in names], "wormhole", card_id(game, loc))


def test_refresh_moves_each_top_card_to_the_bottom_and_skips_an_empty_deck(game):
    """Refresh Time Zones: TZ2 holds Explorer, Diplomat, Engineer (Engineer on top); after
    the refresh Engineer is at the bottom. TZ3's deck is empty: nothing moves there."""
    state, g = _start(game)
    _stack(game, state, "tz2", ["explorer", "diplomat", "engineer"])
    g.PR["refresh"](g, state, 0, 0)
    assert _names(game, state.z["wormhole"][card_id(game, "tz2")]) == ["engineer", "explorer", "diplomat"]
    assert state.z["wormhole"][card_id(game, "tz3")] == []
    g.PR["refresh"](g, state, 0, 0)
    assert _names(game, state.z["wormhole"][card_id(game, "tz2")]) == ["diplomat", "engineer", "explorer"]


def test_variable_knowledge_reads_the_top_card_and_a_technology_gives_science(game):
    state, g = _start(game)
    tz4, tz5, tz6 = (card_id(game, n) for n in ("tz4", "tz5", "tz6"))
    _stack(game, state, "tz4", ["engineer", "explorer"])  # Explorer on top: Exploration
    _stack(game, state, "tz5", ["artist", "drone_bay"])  # a Technology on top: Science
    g.PR["variable_knowledge"](g, state, 0, tz4)
    g.PR["variable_knowledge"](g, state, 0, tz5)
    g.PR["variable_knowledge"](g, state, 0, tz6)  # an empty deck: no card, no disc
    assert state.gtr["gained"] == {"culture": 0, "politics": 0, "science": 1, "exploration": 1,
                                   "military": 0}


def test_the_next_vacant_location_clockwise_wraps_from_tz7_to_tz0(game):
    """Solo Gameplay: a villain whose move to TZ7 fails takes the next vacant location
    clockwise: TZ0 (Mission Control), then TZ1 when TZ0 is taken; from TZ3, TZ4."""
    state, g = _start(game)
    occupant = state.z["occupant"]
    g.PR["villain_fallback"](g, state, 0, 7)
    assert len(occupant[card_id(game, "tz0")]) == 1
    g.PR["villain_fallback"](g, state, 0, 7)
    assert len(occupant[card_id(game, "tz1")]) == 1
    g.PR["villain_fallback"](g, state, 0, 3)
    assert len(occupant[card_id(game, "tz4")]) == 1
    for _ in range(5):  # the last two ships fill TZ2 and TZ3; then the dock is empty
        g.PR["villain_fallback"](g, state, 0, 1)
    assert [len(occupant[card_id(game, f"tz{k}")]) for k in range(8)] == [1, 1, 1, 1, 1, 0, 0, 0]
    assert state.z["dock"][0] == []


def test_no_vacant_location_is_nothing_and_moves_nothing(game):
    state, g = _start(game, players=2)
    for k in range(8):  # player 2's ships and player 1's fill the 8 locations
        seat = k % 2
        ship = state.z["dock"][seat][-1]
        game.R.move(state, g, ship, "occupant", card_id(game, f"tz{k}"))
    before = repr(state.z)
    g.PR["villain_fallback"](g, state, 0, 5)
    assert repr(state.z) == before


def test_adventure_puts_the_cards_drawn_back_at_the_bottom_in_their_order(game):
    state, g = _start(game)
    tz2 = card_id(game, "tz2")
    _stack(game, state, "tz2", ["artist", "soldier", "explorer", "diplomat", "engineer"])
    g.PR["adventure"](g, state, 0, tz2)
    # drawn from the top: engineer, diplomat, explorer; they go under artist and soldier
    assert _names(game, state.z["wormhole"][tz2]) == ["engineer", "diplomat", "explorer", "artist",
                                                      "soldier"]
    assert state.gtr["gained"]["science"] == 1  # the first card drawn, Engineer, kept as knowledge
    assert state.z["drawn"][0] == []


def test_remainder_goes_round_a_ring(game):
    """`(1 - 3) % 8` is 6: from TZ3 back to TZ1 is 6 steps clockwise on a ring of 8."""
    state, g = _start(game)
    assert g.D["ring_distance"](g, state, 0) == 6


def test_english_on_the_page():
    page = compiled(SPEC).page
    assert "the top Time Zone card of the TZ wormhole deck of loc" in page
    assert "at the bottom of the TZ wormhole deck of loc" in page
    assert "the next TZ location of the locations in play, going round by tz after from tz" in page
    assert "(from the highest tz back to the lowest; no card if none qualifies) *dest*" in page
    assert "(the remainder of the division)" in page
    assert "keeping their order" in page


# ----------------------------------------------------------------------------- misuse
BASE = HEADER + '''
card tile "Tile" {
  field value: int "worth"
  source "Tiles"
}
catalogue tiles of tile from "mini.cards.yaml" {
  source "Tiles"
}
zone market "Market" of tile {
  public
  source "Market"
}
zone hand "Hand" of tile {
  per player
  hidden
  source "Hand"
}
setup {
  put tiles into market
  source "Setup"
}
flow {
  start -> grab_phase
  grab_phase -> grab_phase
  grab_phase -> end when game_over
  source "Flow"
}
phase grab_phase "Grab" turns {
  actions grab
  source "Grab"
}
action grab "Grab" {
  effect {
    EFFECT
    done
  }
  source "Grab"
}
end game_over {
  when count market == 0
  immediately
  winner most vp
  source "End"
}
'''
TILES = "cards:\n  - {name: low, title: Low, value: 1}\n  - {name: high, title: High, value: 5}\n"


def _codes(tmp_path, effect: str) -> list[tuple[str, str]]:
    result = compile_text(tmp_path, BASE.replace("EFFECT", effect), TILES)
    return [(d.code, d.message) for d in result.diagnostics if d.severity == "error" or d.code == "W0110"]


@pytest.mark.parametrize("effect, code, words", [
    ("score (top of market).value", "E0580", "may be nothing"),
    ("let t = bottom of market where value >= 2\n    score t.value", "E0580", "`t` may be nothing"),
    ("score 7 % 0", "E0584", "remainder of a division by zero"),
    ("let t = next in market from 1 by true\n    move t into my hand", "E0582", "goes round by a number"),
    ("let t = next in market from me by value\n    move t into my hand", "E0582", "starts from a number"),
    ("move 3 into my hand", "E0585", "`move` moves a card"),
])
def test_misuse_is_reported(tmp_path, effect, code, words):
    found = _codes(tmp_path, effect)
    assert any(c == code and words in m for c, m in found), found


def test_guards_make_the_card_present(tmp_path):
    for effect in ("if count market >= 1 {\n      score (top of market).value\n    }",
                   "if (count market where value >= 2) > 0 {\n"
                   "      score (bottom of market where value >= 2).value\n    }",
                   "let t = top of market\n    if t == nothing {\n      score 1\n    } else {\n"
                   "      score t.value\n    }",
                   "let t = top of market\n"
                   "    if t != nothing and t.value >= 2 {\n      score t.value\n    }"):
        assert _codes(tmp_path, effect) == [], effect


def test_top_of_a_set_chosen_with_some_is_a_warning(tmp_path):
    spec = BASE.replace('action grab "Grab" {\n', 'action grab "Grab" {\n  choose kept: some tile\n').replace(
        "EFFECT", "let t = top of kept\n    move t into my hand")
    found = [(d.code, d.severity) for d in compile_text(tmp_path, spec, TILES).diagnostics]
    assert ("W0110", "warning") in found


def test_a_tested_top_plays_on_an_empty_zone(tmp_path):
    """The market empties; `top of market` is then nothing, and the tested rule does nothing."""
    spec = BASE.replace("EFFECT", "let t = top of market\n    if t != nothing {\n"
                        "      score t.value\n      move t into my hand\n    }").replace(
        "when count market == 0", "when any player vp >= 100")
    mini = engine(tmp_path, spec, TILES)
    state = mini.Game(num_players=1, seed=1).new_initial_state()
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    assert state.scores() == [6] and state.z["market"] == []


def test_the_language_reference_quotes_this_spec():
    """The sections of `docs/language.md` on maybe values, order in zones and `%` quote the
    construct spec (which compiles and plays, above) word for word."""
    import re

    page = (Path(__file__).resolve().parents[2] / "docs" / "language.md").read_text(encoding="utf-8")
    start = page.index("\n### Values that may be absent")
    section = page[start:page.index("\n## ", start)]
    blocks = re.findall(r"^```rulebook\n(.*?)^```$", section, re.M | re.S)
    spec = SPEC.read_text(encoding="utf-8")
    assert len(blocks) == 5 and all(block in spec for block in blocks)
