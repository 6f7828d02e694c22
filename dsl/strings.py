"""Quoted texts of the language: what a text may hold and how its escapes read.

A text is one line between double quotes.  Inside it, ``\\"`` stands for a
double quote and ``\\\\`` for a backslash; no other escape exists (a Windows path
is written ``"C:\\\\users"``).  A text may hold any character except control
characters (tab, carriage return, NUL, ESC...), line and paragraph separators
(U+2028, U+2029), lone surrogates and the bidirectional-override controls that
make text display in another order than it reads (U+202A to U+202E, U+2066 to
U+2069).  The same rule applies to the texts of card catalogues.  Titles,
sources and labels end up in generated engines, pages and terminals, where
such characters would break lines, hide text or end a quote.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import TYPE_CHECKING

from dsl import codes
from dsl.spans import Span

if TYPE_CHECKING:
    from dsl.diagnostics import Report

#: Escapes a text may use, and what each stands for.
ESCAPES = {'"': '"', "\\": "\\"}

#: Format characters refused in texts: the bidirectional embeddings, overrides and
#: isolates (they reorder how the text around them is displayed).
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

#: Unicode categories refused in texts: control, surrogate, line and paragraph separator.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})


def refused(ch: str) -> bool:
    """Whether the one-character string ``ch`` may not appear in a text."""
    return ch in _BIDI_CONTROLS or unicodedata.category(ch) in _REFUSED_CATEGORIES


def visible(text: str, keep: str = "") -> str:
    """``text`` with each character a text may not hold (:func:`refused`), other than those
    in ``keep``, written as its Python escape (``\\x1b``, ``\\u202e``): printed, it cannot
    act on a terminal (move the cursor, recolour, retitle the window, reorder a line).
    The one escaping rule of terminal output: diagnostics are rendered with it, and the
    ``rulebook`` command applies it to all it prints (``compiler.cli.terminal``, which
    keeps line breaks and tabs)."""
    if text.isprintable():  # every refused character is one Python does not print
        return text
    return "".join(repr(ch)[1:-1] if ch not in keep and refused(ch) else ch for ch in text)


def first_refused(text: str) -> int | None:
    """The index of the first character of ``text`` a text may not hold, or None."""
    if text.isprintable():  # every refused character is one Python does not print
        return None
    for i, ch in enumerate(text):
        if refused(ch):
            return i
    return None


def describe(ch: str) -> str:
    """``ch`` named for a message: ``U+0009 (tab)``, ``U+2028 (line separator)``."""
    code = ord(ch)
    name = _NAMES.get(ch) or unicodedata.name(ch, "").lower() or {
        "Cs": "a lone surrogate", "Cc": "a control character"}.get(unicodedata.category(ch), "")
    return f"U+{code:04X}" + (f" ({name})" if name else "")


_NAMES = {"\t": "tab", "\n": "line break", "\r": "carriage return", "\x00": "NUL",
          "\x0b": "vertical tab", "\x0c": "form feed", "\x1b": "escape", "\x85": "next line",
          "\x7f": "delete"}


def decode(raw: str, report: Report, place: Callable[[int, int], Span]) -> str:
    """The value of a quoted text, given what is between its quotes (``raw``, as
    the spec spells it).  Its problems go to ``report``, at ``place(offset in raw,
    width)``: ``codes.UNKNOWN_ESCAPE`` for an escape the language does not have,
    ``codes.TEXT_CHARACTER`` for a character a text may not hold."""
    if "\\" not in raw and raw.isprintable():  # the usual text: no escape, nothing refused
        return raw
    out: list[str] = []
    i = 0
    while i < len(raw):
        ch = raw[i]
        if ch == "\\" and i + 1 < len(raw):
            nxt = raw[i + 1]
            if nxt in ESCAPES:
                out.append(ESCAPES[nxt])
            else:
                shown = f"\\{nxt}" if nxt.isprintable() else f"\\ then {describe(nxt)}"
                report.error(codes.UNKNOWN_ESCAPE, f"unknown escape `{shown}` in a text", place(i, 2),
                             hint='a text is one line of readable characters: write `\\"` for a double '
                             'quote and `\\\\` for a backslash')
                out.append("\\" + nxt)
            i += 2
            continue
        if refused(ch):
            report.error(codes.TEXT_CHARACTER, f"a text cannot hold {describe(ch)}", place(i, 1),
                         hint="remove it or replace it with a space; a text holds one line of readable "
                         "characters")
        out.append(ch)
        i += 1
    return "".join(out)


def quote(text: str) -> str:
    """``text`` as a quoted text of the language (the inverse of :func:`decode`
    for texts without refused characters)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
