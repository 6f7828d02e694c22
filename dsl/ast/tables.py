"""Tables of constants: ``table NAME { KEY -> VALUE ... else V }`` and their rows (construct 10)."""

from __future__ import annotations

from dataclasses import dataclass

from dsl.ast.base import Meta, _span
from dsl.ast.expressions import Expr
from dsl.spans import Span


@dataclass(frozen=True, slots=True)
class KeyRange:
    """``a to b`` in a table's key: every number from ``low`` to ``high``."""

    low: int
    high: int
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class TableRow:
    """``KEY -> VALUE`` in a table; ``keys`` has one part per index (a ``Number``, a
    ``Name`` of an enum member or a :class:`KeyRange`), several for ``(a, b) -> V``."""

    keys: tuple[Expr | KeyRange, ...]
    value: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Table:
    """``table NAME "T" { KEY -> VALUE ... else V }`` (construct 10): a constant map from
    keys to values of one type, read as ``NAME[k]`` or ``NAME[a, b]``; ``default`` is the
    ``else`` value (None: a key outside the table reads the value type's zero)."""

    name: str
    title: str
    rows: tuple[TableRow, ...]
    default: Expr | None = None
    meta: tuple[Meta, ...] = ()
    span: Span = _span()

    @property
    def arity(self) -> int:
        """How many indexes a read takes (the keys of the first row; 1 for an empty table)."""
        return len(self.rows[0].keys) if self.rows else 1
