"""Source positions carried by every AST node."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True, slots=True)
class Span:
    """A region of a spec file.

    Lines and columns are 1-based; ``end_line``/``end_column`` point one past
    the last character, as Lark reports them.  ``path`` is the file as given
    to the parser (relative paths are kept relative).
    """

    path: str
    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        """``path:line:column``; just ``path`` for a problem of the whole file, which has
        no place in it (line 0: a spec that cannot be read, a file that cannot be
        written), as JSON gives it ``null`` lines."""
        if self.line <= 0:
            return self.path
        return f"{self.path}:{self.line}:{self.column}"


NO_SPAN = Span("<builtin>", 0, 0, 0, 0)


@lru_cache(maxsize=8)
def source_lines(text: str, keepends: bool = False) -> tuple[str, ...]:
    """The lines of a spec as the parser numbers them: a line ends at ``\\n`` and
    nowhere else (a ``\\r`` before it is dropped, for files saved with CRLF).

    This is the one line-splitting rule for spec text: spans, diagnostics'
    excerpts, the ``# spec line N`` comments of engines and the excerpts of pages
    all use it.  ``str.splitlines`` would also break at ``\\r``, form feeds,
    U+0085, U+2028..., which the parser counts as ordinary characters, and shift
    every line after them.  Like ``splitlines``, a final ``\\n`` opens no empty
    line; with ``keepends`` each line keeps its ``\\n`` (and ``\\r``).  The split is
    cached, as the many spans and diagnostics of one spec ask for it again."""
    lines = text.split("\n")
    ends = ["\n"] * (len(lines) - 1) + [""]
    if lines[-1] == "":
        lines.pop()
        ends.pop()
    if keepends:
        return tuple(line + end for line, end in zip(lines, ends))
    return tuple(line[:-1] if line.endswith("\r") else line for line in lines)


def span_text(source: str, span: Span) -> str:
    """The text of ``source`` that ``span`` covers, as a block: its first line is
    indented like the line it starts on (``add param p ...`` in a mode gives
    ``param p ...`` at the mode's indentation), and the block is dedented, so a
    declaration nested in a mode reads like a top-level one.  Returns ``""`` for a
    span outside ``source`` (or ``NO_SPAN``)."""
    lines = source_lines(source)
    if span.line < 1 or span.end_line < span.line or span.end_line > len(lines):
        return ""
    chunk = list(lines[span.line - 1:span.end_line])
    chunk[-1] = chunk[-1][:span.end_column - 1]
    head = chunk[0]
    chunk[0] = head[:len(head) - len(head.lstrip())] + head[span.column - 1:].lstrip()
    return textwrap.dedent("\n".join(chunk)).strip("\n")

