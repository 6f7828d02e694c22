"""Player counts that a module's rules cannot take: a table read by the player count
(`t[players]`) is checked for every count the composed mode allows (E0590 with the
count), and a module's own `players` line must allow a count on its own (E0521), since a
selected module narrows the game's count and would otherwise hide it.  Found by the
mutation test of Utopia's Custom Setup Variant (a module for 2 to 4 players whose table
of Time Zones removed has a row per count): widening its line to 2 to 14, or starting it
at 0, passed the checks."""

from __future__ import annotations

import pytest

from tests.helpers.constructs import codes_of
from tests.helpers.specs import HEADER, ONE_ROUND, compile_text

SPEC = HEADER.replace("players 1 to 3", "players 1 to 4\n  modules custom") + ONE_ROUND + '''setup {
  first player random
  source "Setup"
}
end over {
  when round >= 1
  winner most vp
  source "End"
}
module custom "Custom setup" {
  players PLAYERS
  add table removed "Time Zones removed" {
    1 to 2 -> 6
    3 -> 4
    source "Custom"
  }
  extend action stop {
    effect first {
      score removed[players]
    }
  }
  source "Custom"
}
'''


def test_a_table_read_by_the_player_count_covers_the_modules_counts(tmp_path):
    assert codes_of(tmp_path, SPEC.replace("PLAYERS", "1 to 3")) == []


@pytest.mark.parametrize("players", ["1 to 4", "2 to 14"])
def test_a_count_the_table_lacks_is_e0590_with_the_count(tmp_path, players):
    result = compile_text(tmp_path, SPEC.replace("PLAYERS", players))
    assert [d.code for d in result.diagnostics] == ["E0590"]
    message = result.diagnostics[0].message
    assert "`removed` has no row for 4 (with 4 players, which this mode allows)" in message


def test_the_table_without_a_row_for_a_count_outside_the_mode_is_not_an_error(tmp_path):
    spec = SPEC.replace("PLAYERS", "1 to 3").replace("3 -> 4\n", "3 -> 4\n    9 -> 0\n")
    assert codes_of(tmp_path, spec) == []


@pytest.mark.parametrize("players,words", [("0 to 3", "at least 1 player, not 0"),
                                           ("1 to 1000", "not 1000")])
def test_a_modules_players_line_that_allows_no_count_is_e0521(tmp_path, players, words):
    result = compile_text(tmp_path, SPEC.replace("PLAYERS", players))
    first = result.diagnostics[0]
    assert first.code == "E0521" and words in first.message
    assert first.span.line == SPEC.splitlines().index("  players PLAYERS") + 1
