"""The checks that ask whether rules can be played as written: phase graphs per
player count and end conditions that never hold (E0404, E0409), hidden
information (E0601-E0603), misspelt provenance in enums (E0512), setup per player
count (E0701) and costs nobody can gain (E0702).  Each fires on a small spec and
stays quiet once the spec is fixed."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.analysis.constfold import UNKNOWN, Env, fold, players_words
from dsl.parser import parse_spec
from tests.helpers.specs import analyse_text, codes

CARDS = """cards:
  - {name: plain, title: Plain, copies: 8, value: 1, kind: red}
"""

#: A clean spec; each test replaces one of its lines.
BASE = """\
game mini "Mini" {
  players 2 to 4
  source "Intro"
}
resource coin "Coin" {
  supply unlimited
  source "Coins"
}
track vp "Victory Points" {
  per player
  score
  source "Scoring"
}
enum colour "colour" {
  red "Red"
  source "Colours"
}
card tile "Tile" {
  field value: int "worth"
  field kind: colour "colour"
  source "Tiles"
}
catalogue tiles of tile from "mini.cards.yaml" {
  source "Tiles"
}
deck pile "Pile" of tile {
  secret
  source "Pile"
}
zone hand "Hand" of tile {
  per player
  hidden
  source "Hand"
}
zone table "Table" of tile {
  public
  source "Table"
}
setup {
  put tiles into pile
  shuffle pile
  each player {
    draw 2 from pile into my hand
    gain coin 1
  }
  source "Setup"
}
flow {
  start -> work
  work -> work
  work -> end when game_over
  source "Flow"
}
phase work "Work" simultaneous {
  actions play, earn, finish
  source "Turn"
}
action play "Play a tile" {
  choose t: card in my hand
  effect {
    move t into table
  }
  source "Turn"
}
action earn "Earn" {
  require has coin 1
  effect {
    pay coin 1
    score 1
  }
  source "Turn"
}
action finish "Finish" {
  effect {
    done
  }
  source "Turn"
}
end game_over {
  when any player vp >= 5
  winner most vp
  source "End"
}
"""


def analyse(tmp_path: Path, text: str, cards: str = CARDS):
    return analyse_text(tmp_path, text, cards).diagnostics


def edit(old: str, new: str) -> str:
    assert BASE.count(old) == 1, old
    return BASE.replace(old, new)


def test_the_base_spec_is_clean(tmp_path):
    assert [d.render() for d in analyse(tmp_path, BASE)] == []


# ------------------------------------------------------------------ folding
def _expr(text: str):
    spec, diags = parse_spec(f'derived x "x" = {text} {{ }}', "t")
    assert spec is not None, diags
    return spec.items[0].expr


@pytest.mark.parametrize("text, players, value", [
    ("players + 2", 3, 5), ("players > 6", 4, False), ("players == 1 or vp > 2", 1, True),
    ("vp > 2 and players >= 5", 4, False), ("vp > 2 and players >= 5", 5, UNKNOWN),
    ("max(players, 3) - 1", 2, 2), ("not (players < 2)", 2, True), ("players // 0", 2, UNKNOWN),
])
def test_fold(text, players, value):
    assert fold(_expr(text), Env(players=players)) == value


def test_players_words():
    assert players_words([2, 3, 4, 6]) == "2 to 4 and 6 players"
    assert players_words([1]) == "1 player"


# ------------------------------------------------------------------ phase graph per player count
def test_loop_without_exit_for_some_player_counts(tmp_path):
    text = edit("work -> end when game_over", "work -> end when game_over and players >= 3")
    diags = {d.code: d for d in analyse(tmp_path, text)}
    assert sorted(diags) == ["E0403", "E0404"]
    assert diags["E0403"].message == "the end of the game can never be reached with 2 players"
    assert diags["E0404"].message.endswith("has no exit with 2 players")
    assert "condition is always false" in diags["E0404"].notes[0].message


def test_exit_for_no_allowed_player_count(tmp_path):
    diags = analyse(tmp_path, edit("work -> end when game_over", "work -> end when players > 4"))
    assert codes(diags) == ["E0403", "E0404"] and not any("with" in d.message for d in diags)


def test_end_condition_that_never_holds(tmp_path):
    diags = analyse(tmp_path, edit("when any player vp >= 5", "when any player vp >= 5 and players == 9"))
    assert codes(diags) == ["E0409"]  # the loop's exit waits for it: one error, at the cause
    e0409 = next(d for d in diags if d.code == "E0409")
    assert "`game_over` can never hold" in e0409.message
    assert e0409.span.line == BASE.splitlines().index("  when any player vp >= 5") + 1
    assert e0409.notes and "waits for it" in e0409.notes[0].message


def test_end_condition_false_for_some_counts_names_them(tmp_path):
    diags = analyse(tmp_path, edit("when any player vp >= 5", "when any player vp >= 5 and players < 4"))
    assert any(d.code == "E0409" and d.message.count("with 4 players") == 1 for d in diags)


# ------------------------------------------------------------------ hidden information
def test_public_deck(tmp_path):
    text = BASE.replace("deck pile \"Pile\" of tile {\n  secret", "deck pile \"Pile\" of tile {\n  public")
    diags = analyse(tmp_path, text)
    assert "E0601" in codes(diags)
    d = next(d for d in diags if d.code == "E0601")
    assert "order of its cards" in d.message and d.notes[0].message == "it is shuffled here"


def test_draw_into_a_public_zone(tmp_path):
    text = edit("draw 2 from pile into my hand", "draw 2 from pile into table")
    diags = analyse(tmp_path, text)
    assert codes(diags) == ["E0602"] and "write `reveal`" in diags[0].hint


def test_reveal_into_a_hidden_zone(tmp_path):
    diags = analyse(tmp_path, edit("draw 2 from pile into my hand", "reveal 2 from pile into my hand"))
    assert codes(diags) == ["E0602"] and "`hand` is hidden" in diags[0].message


def test_hand_made_public(tmp_path):
    diags = analyse(tmp_path, edit("  hidden\n", "  public\n"))
    assert codes(diags) == ["E0602"]


@pytest.mark.parametrize("zone, words", [("pile", "face down"), ("hand of p", "another player's")])
def test_choosing_from_a_zone_the_chooser_cannot_see(tmp_path, zone, words):
    text = edit("  choose t: card in my hand\n", f"  choose p: other player\n  choose t: card in {zone}\n")
    diags = analyse(tmp_path, text)
    assert codes(diags) == ["E0603"] and words in diags[0].message


def test_choosing_cards_of_a_secret_deck(tmp_path):
    text = edit("    move t into table\n",
                "    move t into table\n    choose 1 cards from pile into my hand\n")
    assert codes(analyse(tmp_path, text)) == ["E0603"]


# ------------------------------------------------------------------ enums
def test_misspelt_source_in_an_enum(tmp_path):
    diags = analyse(tmp_path, edit('  source "Colours"', '  sorce "Colours"'))
    assert codes(diags) == ["E0512"] and "misspelt `source`" in diags[0].message


def test_a_real_member_near_a_keyword_is_fine(tmp_path):
    diags = analyse(tmp_path, edit('  red "Red"', '  red "Red"\n  course "Course"'))
    assert codes(diags) == ["W0104"]  # unused, but a member: no E0512


# ------------------------------------------------------------------ setup per player count
def test_setup_runs_out_of_cards(tmp_path):
    diags = analyse(tmp_path, edit("draw 2 from pile", "draw 3 from pile"))
    assert codes(diags) == ["E0701"]
    d = diags[0]
    assert d.message.startswith("setup cannot be done with 3 to 4 players: `pile` runs out")
    assert "holds 2 cards when setup takes 3" in d.message
    assert d.span.line == 2 and d.notes[0].span.line == BASE.splitlines().index(
        "    draw 2 from pile into my hand") + 1


def test_setup_for_the_counts_the_cards_allow(tmp_path):
    assert codes(analyse(tmp_path, edit("players 2 to 4", "players 2 to 9"))) == ["E0701"]
    diags = analyse(tmp_path, BASE, cards=CARDS.replace("copies: 8", "copies: 20"))
    assert diags == []


def test_setup_filtered_by_a_field_and_a_mode_param(tmp_path):
    text = BASE.replace("put tiles into pile", "put tiles into pile where value > 1 or wide") + (
        'param wide "all tiles" = false {\n  source "Setup"\n}\n'
        'mode small "Small" {\n  source "Modes"\n}\n'
        'mode big "Big" {\n  set wide = true\n  source "Modes"\n}\n')
    diags = analyse(tmp_path, text)
    assert codes(diags) == ["E0701"] and diags[0].message.endswith("(in mode small)")


def test_setup_names_the_mode_players_line(tmp_path):
    text = BASE + 'mode crowd "Crowd" {\n  players 2 to 8\n  source "Modes"\n}\n'
    diags = analyse(tmp_path, text)
    assert codes(diags) == ["E0701"]
    assert diags[0].span.line == len(BASE.splitlines()) + 2 and "5 to 8 players" in diags[0].message


# ------------------------------------------------------------------ costs nobody can gain
def test_cost_in_a_resource_nobody_gains(tmp_path):
    text = edit("    gain coin 1\n", "")
    diags = analyse(tmp_path, text)
    assert codes(diags) == ["E0702"]
    assert "`coin`, which no rule ever gives" in diags[0].message
    assert diags[0].span.line == text.splitlines().index("  require has coin 1") + 1


def test_a_card_field_gives_what_its_catalogue_holds(tmp_path):
    text = (edit("    gain coin 1\n", "").replace('  field value: int "worth"',
                                                  '  field value: int "worth"\n  field bonus: bag "bonus"')
            .replace("    move t into table\n", "    move t into table\n    gain t.bonus\n"))
    without = "cards:\n  - {name: plain, title: Plain, copies: 8, value: 1, kind: red, bonus: {}}\n"
    assert codes(analyse(tmp_path, text, cards=without)) == ["E0702"]
    with_coin = without.replace("bonus: {}", "bonus: {coin: 1}")
    assert analyse(tmp_path, text, cards=with_coin) == []


def test_a_huge_player_count_is_one_error(tmp_path):
    """Past the most players a game may have (E0521), setup is not run seat by seat."""
    diags = analyse(tmp_path, edit("players 2 to 4", "players 2 to 1000000000"))
    assert codes(diags) == ["E0521"]
    assert diags[0].span.line == 2


def test_setup_is_run_for_every_count_up_to_the_limit(tmp_path):
    diags = analyse(tmp_path, edit("players 2 to 4", "players 2 to 100"))
    assert codes(diags) == ["E0701"]
    assert diags[0].message.startswith("setup cannot be done with 5 to 100 players")


def test_choosing_one_after_another_into_a_public_zone_warns(tmp_path):
    text = edit("    gain coin 1\n", "    gain coin 1\n    choose 1 cards from my hand into table\n")
    diags = analyse(tmp_path, text)
    assert [(d.code, d.severity) for d in diags] == [("W0601", "warning")]
    assert "later players see what earlier ones chose" in diags[0].message
    quiet = edit("    gain coin 1\n", "    gain coin 1\n    choose 1 cards from my hand into pile\n")
    assert analyse(tmp_path, quiet) == []


def test_loop_of_skipped_phases(tmp_path):
    text = edit('  actions play, earn, finish\n', '  only when players >= 3\n  actions play, earn, finish\n')
    diags = analyse(tmp_path, text)
    assert codes(diags) == ["E0410"]
    assert diags[0].message.startswith("every phase of the loop work → work is skipped")
    assert diags[0].message.endswith("with 2 players")
    assert diags[0].notes[0].span.line == text.splitlines().index("  only when players >= 3") + 1


def test_a_card_field_declared_twice_is_an_error(tmp_path):
    diags = analyse(tmp_path, edit('  field kind: colour "colour"\n',
                                   '  field kind: colour "colour"\n  field value: int "worth again"\n'))
    assert codes(diags) == ["E0205"]
    assert diags[0].message == "card `tile` has two fields named `value`"
    assert diags[0].notes[0].span.line == diags[0].span.line - 2


def test_players_0_in_the_game_block_is_at_least_1_at_that_line(tmp_path):
    diags = analyse(tmp_path, edit("players 2 to 4", "players 0"))
    assert [(d.code, d.message, d.span.line) for d in diags] == [
        ("E0521", "a game needs at least 1 player, not 0", 2)]


def test_an_empty_spec_has_no_game_block_at_line_1(tmp_path):
    diags = analyse(tmp_path, "# nothing yet\n")
    assert [(d.code, d.span.line, d.span.column) for d in diags] == [("E0201", 1, 1)]


def test_enum_members_clash_once_and_in_words(tmp_path):
    twice = analyse(tmp_path, edit('  red "Red"\n', '  red "Red"\n  red "Red again"\n'))
    assert [(d.code, d.message) for d in twice] == [("E0205", "`red` is listed twice in `colour`")]
    other = edit('enum colour "colour" {', 'enum shade "shade" {\n  red "Red"\n  source "Colours"\n}\n'
                 'enum colour "colour" {')
    clash = [d for d in analyse(tmp_path, other) if d.severity == "error"]
    assert [(d.code, d.message) for d in clash] == [
        ("E0205", "`red` names both a member of `colour` and a member of `shade`")]
