"""Messages that misled a fresh user, each now one clear diagnostic (exact codes, places
and words asserted).

* `resource disc { per player }`: E0501 (no enum `player`), then E0522/E0523 at each use
  ("its key must be a player, but this is a player"): now E0501 alone.
* `(the player with most banked).banked`: E0580 ("may be nobody: reading needs a player")
  and E0503 ("this is a player") contradicted each other: now E0503 alone, whose hint names
  the player first.
* `winners players with most` and nothing after it: E0001 on the next line, at the text
  after `source`: now at the end of the line cut short.
* an `end` with no winners rule checked clean and the game ended with no winner: E0413.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from tests.helpers.specs import HEADER, ONE_ROUND, analyse_text

BASE = HEADER + ONE_ROUND + '''setup {
}
%s
end game_over {
  when any player vp >= 3
%s
  source "End"
}
'''


def _found(text: str) -> list[tuple[str, int, int, str]]:
    result = analyse_text(Path(tempfile.mkdtemp()), text)
    return [(d.code, d.span.line, d.span.column, d.message)
            for d in result.diagnostics if d.severity == "error"]


def _line(text: str, line: str) -> int:
    return text.splitlines().index(line) + 1


def test_a_family_kept_per_player_is_one_error():
    text = BASE % ('''resource disc "Disc" {
  per player
  source "C"
}
action look "Look" {
  effect {
    gain disc 1
    gain disc[me] 1
    score disc[me] + p_disc
  }
  source "C"
}
derived p_disc "discs" = disc {
  source "C"
}''', "  winner most vp")
    line = _line(text, 'resource disc "Disc" {') + 1
    assert _found(text) == [("E0501", line, 7, "unknown enum `player`")]


def test_a_field_of_the_player_with_most_is_one_error():
    text = BASE % ('''track banked "Banked" {
  per player
  source "C"
}
action look "Look" {
  effect {
    score (the player with most banked).banked
  }
  source "C"
}''', "  winner most vp")
    found = analyse_text(Path(tempfile.mkdtemp()), text).diagnostics
    errors = [d for d in found if d.severity == "error"]
    assert [(d.code, d.span.line, d.span.column) for d in errors] == [
        ("E0503", _line(text, "    score (the player with most banked).banked"), 12)]
    assert errors[0].message == "`(...).banked` reads a card's field, and this is a player"
    assert errors[0].hint == ("name the player first and test it: `let p = ...`, then "
                              "`if p != nobody { ... p.banked ... }`")


def test_a_missing_measure_is_reported_where_it_is_missing():
    text = BASE % ("", "  winners players with most  # the measure is missing")
    line = _line(text, "  winners players with most  # the measure is missing")
    assert _found(text) == [("E0001", line, 28, "this line ends too early: expected an expression")]


def test_an_end_with_no_winners_rule_is_e0413():
    text = BASE % ("", "")
    assert _found(text) == [("E0413", _line(text, "end game_over {"), 1,
                             "the end `game_over` does not say who wins: the game would end with no winner")]
    assert _found(BASE % ("", "  nobody wins")) == []
