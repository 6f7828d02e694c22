"""How the game ends: the engine plays one `end` block, so a second one is an error
(E0570) at the second block, with a note at the first, rather than a rule the page
shows and the engine silently ignores (issue 11, design 4.1)."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.specs import HEADER, ONE_ROUND, analyse_text, codes

SETUP = '''setup {
  first player random
  source "Setup"
}
'''

FIRST_END = '''end game_over {
  when any player vp >= 100
  immediately
  winner most vp
  source "End"
}
'''

SECOND_END = '''end second_way {
  when any player vp >= 3
  immediately
  winner most vp
  source "End"
}
'''


def _line_of(text: str, words: str) -> int:
    return next(i for i, line in enumerate(text.split("\n"), 1) if line.startswith(words))


def test_a_second_end_is_an_error(tmp_path: Path):
    text = HEADER + SETUP + ONE_ROUND + FIRST_END + SECOND_END
    result = analyse_text(tmp_path, text)
    assert codes(result.diagnostics) == ["E0570"]
    d = result.diagnostics[0]
    assert d.severity == "error"
    assert (d.span.line, d.span.column) == (_line_of(text, "end second_way"), 1)
    assert "`game_over`" in d.message and "`second_way` would never end the game" in d.message
    assert "several endings" in d.hint and "issue 11" in d.hint and "`when A or B`" in d.hint
    assert [n.span.line for n in d.notes] == [_line_of(text, "end game_over")]


def test_every_end_after_the_first_is_reported(tmp_path: Path):
    third = SECOND_END.replace("second_way", "third_way")
    text = HEADER + SETUP + ONE_ROUND + FIRST_END + SECOND_END + third
    result = analyse_text(tmp_path, text)
    assert codes(result.diagnostics) == ["E0570", "E0570"]
    assert [d.span.line for d in result.diagnostics] == [_line_of(text, "end second_way"),
                                                         _line_of(text, "end third_way")]


def test_an_end_added_by_a_mode_names_the_mode(tmp_path: Path):
    added = "\n".join("  " + line if line else line for line in SECOND_END.split("\n"))
    text = (HEADER.replace("players 1 to 3", "players 1 to 3\n  default mode plain")
            + SETUP + ONE_ROUND + FIRST_END + 'mode plain "Plain" {\n}\n'
            + 'mode two_ways "Two ways" {\n  add ' + added.lstrip() + "}\n")
    result = analyse_text(tmp_path, text)
    assert codes(result.diagnostics) == ["E0570"], [d.message for d in result.diagnostics]
    assert "(in mode two_ways)" in result.diagnostics[0].message

