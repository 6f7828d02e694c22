"""Rendering a diagnostic: the source line and the caret under the span."""

from __future__ import annotations

from dsl.diagnostics import Diagnostic
from dsl.spans import Span


def test_a_very_long_line_is_shown_as_a_window_around_the_span():
    line = "x" * 5000 + " bad " + "y" * 5000
    start = line.index("bad") + 1
    d = Diagnostic("E0501", "unknown name `bad`", Span("s.rules", 1, start, 1, start + 3), hint="fix it")
    source, caret = d.render({"s.rules": line + "\n"}).splitlines()[1:3]
    assert len(source) < 200 and source.startswith("   1 | ...") and source.endswith("...")
    assert source[caret.index("^"):caret.index("^") + 3] == "bad"
    assert caret.count("^") == 3


def test_a_short_line_is_shown_whole():
    d = Diagnostic("E0501", "unknown name `bad`", Span("s.rules", 1, 7, 1, 10), hint="fix it")
    assert d.render({"s.rules": "score bad\n"}).splitlines()[1:3] == ["   1 | score bad",
                                                                     "     |       ^^^"]
