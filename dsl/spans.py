"""Source positions carried by every AST node."""

from __future__ import annotations

from dataclasses import dataclass


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
        return f"{self.path}:{self.line}:{self.column}"


NO_SPAN = Span("<builtin>", 0, 0, 0, 0)
