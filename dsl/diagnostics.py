"""Diagnostics: the only way the compiler reports a problem in a spec.

A :class:`Diagnostic` has a stable code, a severity, a message, the span it
points at, an optional hint and notes that point at related spans.  Every pass
reports through one door, a :class:`Report`: ``report.error(codes.WRONG_TYPE,
message, span, hint=..., notes=...)`` (or ``report.warning``), the code named by its
constant in :mod:`dsl.codes`.  A :class:`DiagnosticBag` is the report that collects
them; passes never raise on bad input.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sized
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import islice
from pathlib import Path
from typing import Protocol

from dsl.codes import CODES
from dsl.strings import refused, visible
from dsl.spans import Span, source_lines


@dataclass(frozen=True, slots=True)
class Note:
    """A secondary message pointing at a related span (an earlier declaration...)."""

    message: str
    span: Span


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem found in a spec.

    ``code`` is stable (``E0101``...; warnings start with ``W``) and must be
    registered in :mod:`dsl.codes` (an ``AssertionError`` otherwise: a bug in
    the compiler, caught by the tests); ``severity`` is ``"error"`` for ``E``
    codes and ``"warning"`` for ``W`` codes.
    """

    code: str
    message: str
    span: Span
    severity: str = "error"
    hint: str | None = None
    notes: tuple[Note, ...] = ()

    def __post_init__(self) -> None:
        entry = CODES.get(self.code)
        assert entry is not None, f"diagnostic code {self.code} is not registered in dsl/codes/"
        assert entry.severity == self.severity, f"{self.code} is a {entry.severity}, not a {self.severity}"
        assert not entry.retired, f"diagnostic code {self.code} is retired: the compiler no longer reports it"

    def render(self, sources: dict[str, str] | None = None) -> str:
        """Render as ``file:line:col: severity[code]: message``, the source line,
        a caret under the span, then the hint and the notes."""
        lines = [_visible(f"{self.span}: {self.severity}[{self.code}]: {self.message}")]
        lines += _excerpt(self.span, sources)
        if self.hint:
            lines.append(_visible(f"  = hint: {self.hint}"))
        for note in self.notes:
            lines.append(_visible(f"  = note: {note.span}: {note.message}"))
            lines += ["  " + text for text in _excerpt(note.span, sources)]
        return "\n".join(lines)

    def to_json(self) -> dict:
        """The JSON object documented for editor integrations (``docs/diagnostics-json.md``,
        schema ``compiler/schemas/diagnostics.schema.json``): ``code``, ``severity``,
        ``message``, the place (``file``, 1-based ``line``/``column``, ``end_line``/``end_column``
        one past the last character; all four ``null`` for a whole-file problem), ``hint``
        (``null`` if none) and ``notes`` (each with ``message`` and a place of the same shape)."""
        return {"code": self.code, "severity": self.severity, "message": self.message,
                **_place(self.span), "hint": self.hint,
                "notes": [{"message": n.message, **_place(n.span)} for n in self.notes]}


def _place(span: Span) -> dict:
    """``file``, ``line``, ``column``, ``end_line``, ``end_column`` of a span (JSON)."""
    if span.line <= 0:
        return {"file": span.path, "line": None, "column": None, "end_line": None, "end_column": None}
    return {"file": span.path, "line": span.line, "column": span.column, "end_line": span.end_line,
            "end_column": span.end_column}


def _excerpt(span: Span, sources: dict[str, str] | None) -> list[str]:
    if span.line <= 0:
        return []
    text = (sources or {}).get(span.path)
    if text is None:
        try:
            stat = Path(span.path).stat()
            text = _file_text(span.path, stat.st_mtime_ns, stat.st_size)
        except (OSError, UnicodeDecodeError):
            return []
    all_lines = source_lines(text)
    if span.line > len(all_lines):
        return []
    # a character a text may not hold (ESC, a carriage return...) would act on the terminal
    source_line = "".join(" " if ch == "\t" else "\ufffd" if refused(ch) else ch
                          for ch in all_lines[span.line - 1])
    end = span.end_column if span.end_line == span.line else len(source_line) + 1
    column, width = span.column, max(1, end - span.column)
    if len(source_line) > _WIDEST:  # show a window of a very long line around the span
        first = max(0, column - 1 - _WIDEST // 2)
        source_line = ("..." if first else "") + source_line[first:first + _WIDEST] + (
            "..." if first + _WIDEST < len(source_line) else "")
        column = column - first + (3 if first else 0)
        width = min(width, _WIDEST)
    gutter = f"{span.line:>4} | "
    return [gutter + source_line, " " * (len(gutter) - 2) + "| " + " " * (column - 1) + "^" * width]


def _visible(text: str) -> str:
    """``text`` with each character a text may not hold written as an escape (``\\x1b``):
    :func:`dsl.strings.visible`, the one escaping rule of terminal output."""
    return visible(text)


@lru_cache(maxsize=8)
def _file_text(path: str, mtime_ns: int, size: int) -> str:
    """The text of a file a diagnostic points into (a catalogue), read once for the many
    diagnostics of one file; the modification time and size key a changed file afresh."""
    return Path(path).read_text(encoding="utf-8")


#: The most characters of a source line a diagnostic shows.
_WIDEST = 160


class Report(Protocol):
    """Where a pass reports each problem it finds in a spec: the one door of every
    diagnostic.  ``code`` is a constant of :mod:`dsl.codes` (``codes.WRONG_TYPE``; an
    ``E`` code for ``error``, a ``W`` code for ``warning``), ``message`` says what is
    wrong, ``span`` where, ``hint`` how to fix it and ``notes`` point at related places.
    :class:`DiagnosticBag` collects what it is given; the checks of one mode report to
    :class:`compiler.checks.modes.ModeReport`, which merges what several modes find."""

    def error(self, code: str, message: str, span: Span, hint: str | None = None,
              notes: Iterable[Note] = ()) -> None:
        """Report an error (the spec cannot be compiled)."""

    def warning(self, code: str, message: str, span: Span, hint: str | None = None,
                notes: Iterable[Note] = ()) -> None:
        """Report a warning (the spec compiles; ``--strict`` refuses it)."""


@dataclass
class DiagnosticBag:
    """A :class:`Report` that collects the diagnostics of a run in ``items``, in the
    order they are reported; the driver sorts and prints them."""

    items: list[Diagnostic] = field(default_factory=list)

    def error(self, code: str, message: str, span: Span, hint: str | None = None,
              notes: Iterable[Note] = ()) -> None:
        """Add an error (``AssertionError`` for a code not registered, or a warning's)."""
        self.items.append(Diagnostic(code, message, span, "error", hint, tuple(notes)))

    def warning(self, code: str, message: str, span: Span, hint: str | None = None,
                notes: Iterable[Note] = ()) -> None:
        """Add a warning (``AssertionError`` for a code not registered, or an error's)."""
        self.items.append(Diagnostic(code, message, span, "warning", hint, tuple(notes)))

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity == "error"]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity == "warning"]

    def __bool__(self) -> bool:
        return bool(self.errors)


def did_you_mean(name: str, candidates: Iterable[str], kind: str | None = None) -> str | None:
    """A hint naming the closest candidate (``"did you mean `water`?"``).

    When nothing is close: ``None``, or, given ``kind`` (a plural such as
    ``"resources"``), a hint listing the candidates (``"the resources here are
    `coin`, `gem`"``, at most 6 named) or saying there are none.  Inside
    :func:`suggestion_budget`, once the run's comparisons are spent, no candidate
    is named as close (the list is still given)."""
    budget = _BUDGET.get()
    if budget is not None and budget[0] <= 0:
        return _listing(candidates, kind)
    options = list(dict.fromkeys(candidates))
    if budget is not None:
        budget[0] -= len(options)
    match = difflib.get_close_matches(name, options, n=1, cutoff=0.6)
    if match:
        return f"did you mean `{match[0]}`?"
    if kind is None:
        return None
    if not options:
        return f"there are no {kind} here"
    shown = ", ".join(f"`{o}`" for o in options[:6])
    more = f" and {len(options) - 6} more" if len(options) > 6 else ""
    return f"the {kind} here are {shown}{more}"


def _listing(candidates: Iterable[str], kind: str | None) -> str | None:
    """The hint of :func:`did_you_mean` when no candidate is compared, reading only the
    first few candidates (and the number of them, when the collection has one)."""
    if kind is None:
        return None
    first = list(dict.fromkeys(islice(candidates, 64)))[:7]
    if not first:
        return f"there are no {kind} here"
    count = len(candidates) if isinstance(candidates, Sized) else len(first)
    shown = ", ".join(f"`{o}`" for o in first[:6])
    more = f" and {count - 6} more" if count > 6 else ""
    return f"the {kind} here are {shown}{more}"


#: Name comparisons :func:`did_you_mean` may still make in this run (``[n]``); None: any.
_BUDGET: ContextVar[list[int] | None] = ContextVar("did_you_mean_budget", default=None)


@contextmanager
def suggestion_budget(comparisons: int):
    """Within the block, :func:`did_you_mean` compares a name with at most
    ``comparisons`` candidates in all, then stops naming close candidates.  A spec with
    thousands of unknown names among thousands of declarations would otherwise take
    minutes (each suggestion compares the name with every candidate)."""
    token = _BUDGET.set([comparisons])
    try:
        yield
    finally:
        _BUDGET.reset(token)
