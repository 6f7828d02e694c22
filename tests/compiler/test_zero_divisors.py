"""A divisor that is always 0 (E0507 for `//`, E0584 for `%`), found by the fresh-user check.

The language reads `x // 0` and `x % 0` as 0, so such a rule does nothing: `score pot % (pot -
pot)` scored nothing and the game never ended, with no word from `check`, and `5 // (goal -
100)` with `param goal = 100` passed too (only a 0 written out was caught).  A divisor is
now folded with the mode's params, and its terms cancelled, before it is judged.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.specs import HEADER, ONE_ROUND, analyse_text, codes

SPEC = HEADER + ONE_ROUND + '''param goal "Goal" = 100 {
  source "Scoring"
}
track pot "Pot" {
  source "Scoring"
}
setup {
}
action cash "Cash in" {
  effect {
    score %s
  }
  source "Play"
}
end game_over {
  when any player vp >= 3
  winner most vp
  source "End"
}
'''


@pytest.mark.parametrize("amount, code, column", [
    ("pot % (pot - pot)", "E0584", 18),  # inside the brackets
    ("5 // (goal - 100)", "E0507", 17),
    ("5 // 0", "E0507", 16),
    ("pot % (2 * (pot - pot))", "E0584", 18),
    ("pot // (pot + 1 - pot - 1)", "E0507", 19),
], ids=["terms-cancel", "param-folds-to-zero", "written-out", "times-zero", "cancel-and-fold"])
def test_a_divisor_that_is_always_zero_is_an_error(tmp_path: Path, amount, code, column):
    text = SPEC % amount
    found = [d for d in analyse_text(tmp_path, text).diagnostics if d.severity == "error"]
    assert codes(found) == [code]
    line = text.splitlines().index(f"    score {amount}") + 1
    assert (found[0].span.line, found[0].span.column) == (line, column)


@pytest.mark.parametrize("amount", ["pot % (pot - 1)", "5 // (goal - 99)", "pot % (pot + pot)",
                                    "5 // (goal - pot)"])
def test_a_divisor_that_may_be_other_than_zero_is_fine(tmp_path: Path, amount):
    found = analyse_text(tmp_path, SPEC % amount).diagnostics
    assert [d for d in found if d.severity == "error"] == []
