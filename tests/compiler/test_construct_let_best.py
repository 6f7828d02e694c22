"""`let` names a value for the rest of a block; `best ZONE by KEY` picks a card."""

from __future__ import annotations

from tests.helpers.specs import HEADER, compile_text, engine

CARDS = """cards:
  - {name: low, title: Low, value: 1}
  - {name: high, title: High, value: 5}
  - {name: high_too, title: High too, value: 5}
  - {name: mid, title: Mid, value: 3}
"""

SPEC = HEADER + '''
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
action grab "Grab the best tile" {
  require count market >= 1
  effect {
    let best_tile = best market by value
    move best_tile into my hand
    score best_tile.value
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


def test_best_takes_the_highest_and_the_first_on_a_tie(tmp_path):
    mini = engine(tmp_path, SPEC, CARDS)
    state = mini.Game(num_players=2, seed=1).new_initial_state()
    first = state.current_player()
    state.apply_action(state.legal_actions()[0])
    hand = state.z["hand"][first]
    assert [mini.CARD_NAMES[c] for c in hand] == ["high"]
    assert state.scores()[first] == 5
    second = state.current_player()
    state.apply_action(state.legal_actions()[0])
    assert [mini.CARD_NAMES[c] for c in state.z["hand"][second]] == ["high_too"]


def test_let_is_scoped_to_its_block_and_typed(tmp_path):
    broken = SPEC.replace("    score best_tile.value\n", "    score best_tile.value\n    score best_tile\n")
    result = compile_text(tmp_path, broken, CARDS)
    assert any(d.code == "E0503" and "must be a number" in d.message for d in result.diagnostics)
    unbound = SPEC.replace("    let best_tile = best market by value\n", "")
    result = compile_text(tmp_path, unbound, CARDS)
    assert any(d.code == "E0501" and "`best_tile`" in d.message for d in result.diagnostics)


def test_english_names_the_value(tmp_path):
    result = compile_text(tmp_path, SPEC, CARDS)
    assert "the tile in the Market with the highest value (the first one on a tie)" in result.page
    assert "*best tile*" in result.page


def test_an_unguarded_best_is_refused_and_a_tested_one_plays_on_an_empty_zone(tmp_path):
    """`best` of an empty zone has no card: unguarded, reading its card is E0580 (it used
    to read card -1, the catalogue's last card, and then stop the engine; issue 11, design
    1.2 and 4.3); tested with `!= nothing`, it gives nothing and the game goes on."""
    unguarded = (SPEC.replace("  require count market >= 1\n", "")
                 .replace("    done\n", "")
                 .replace("when count market == 0", "when any player vp >= 100"))
    result = compile_text(tmp_path, unguarded, CARDS)
    line = next(i for i, text in enumerate(unguarded.splitlines(), 1) if "score best_tile.value" in text)
    assert [(d.code, d.span.line) for d in result.diagnostics if d.severity == "error"] == [
        ("E0580", line)]
    assert "`best_tile` may be nothing" in result.diagnostics[0].message
    tested = unguarded.replace("    score best_tile.value\n",
                               "    if best_tile != nothing {\n      score best_tile.value\n    }\n")
    mini = engine(tmp_path, tested, CARDS)
    state = mini.Game(num_players=2, seed=1).new_initial_state()
    for _ in range(4):
        state.apply_action(state.legal_actions()[0])
    assert state.z["market"] == [] and sorted(state.scores()) == [6, 8]
    before = (repr(state.z), state.scores())
    state.apply_action(state.legal_actions()[0])  # nothing to take: nothing moves, nothing scores
    assert (repr(state.z), state.scores()) == before
