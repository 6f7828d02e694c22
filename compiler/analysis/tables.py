"""Tables (construct 10): the types of a table's keys and values, and its entries.

A ``table`` maps keys to constant values.  Each row's key has one part per index: a
number, a range ``a to b`` (every number in it) or an enum member.  The checker, the
constant folder and the engine backend all read a table through :func:`entries`, so
they agree on what each key gives.
"""

from __future__ import annotations

from dsl import ast
from compiler.analysis import names as N
from compiler.analysis.limits import MAX_TABLE_KEYS
from compiler.analysis.types import Type

__all__ = ["entries", "key_count", "key_type", "literal_value", "other_value", "read_of", "value_type",
           "varying", "zero"]


def key_type(part, mode) -> Type:
    """The type of one part of a row's key: a number (a number or a range) or a member of
    an enum; :data:`~compiler.analysis.types.UNKNOWN` for a name that is no enum member."""
    if isinstance(part, (ast.Number, ast.KeyRange)):
        return N.INT
    if isinstance(part, ast.Name):
        return N.literal_type(part, mode)
    return N.UNKNOWN


def value_type(table: ast.Table, mode) -> Type:
    """The type of what the table gives: the type of its first value (or of its ``else``);
    unknown for a table with neither."""
    values = [r.value for r in table.rows] + ([table.default] if table.default is not None else [])
    return N.literal_type(values[0], mode) if values else N.UNKNOWN


def literal_value(e):
    """The Python value of a literal value or key part: an int, a bool, a text, or an enum
    member's name (a string, as the engine keeps members)."""
    if isinstance(e, (ast.Number, ast.Bool)):
        return e.value
    if isinstance(e, ast.Text):
        return e.value
    if isinstance(e, ast.Name):
        return e.name
    raise TypeError(f"not a literal: {e!r}")


def _parts(part) -> list:
    if isinstance(part, ast.KeyRange):
        return list(range(part.low, part.high + 1))
    return [literal_value(part)]


def key_count(table: ast.Table) -> int:
    """How many keys the rows of ``table`` name, ranges spread out (repeats counted), worked
    out without spreading them (E0592 past :data:`~compiler.analysis.limits.MAX_TABLE_KEYS`)."""
    total = 0
    for row in table.rows:
        n = 1
        for part in row.keys:
            n *= max(part.high - part.low + 1, 0) if isinstance(part, ast.KeyRange) else 1
        total += n
    return total


def entries(table: ast.Table) -> dict:
    """The table as a dict: key → value, with ranges spread out.  A key is a number or a
    member's name for a one-index table, a tuple of those for several; a key written
    twice keeps its first row (E0588 reports the second).  A table of more than
    :data:`~compiler.analysis.limits.MAX_TABLE_KEYS` keys (E0592) gives an empty dict."""
    out: dict = {}
    if key_count(table) > MAX_TABLE_KEYS:
        return out
    for row in table.rows:
        keys = [()]
        for part in row.keys:
            keys = [k + (v,) for k in keys for v in _parts(part)]
        for k in keys:
            out.setdefault(k[0] if len(k) == 1 else k, literal_value(row.value))
    return out


def zero(t: Type):
    """What a read outside a table without ``else`` gives: the zero of the value type
    (0, false, the empty text; ``None`` for an enum member, equal to no member)."""
    return {"int": 0, "bool": False, "text": ""}.get(t.kind)


def other_value(table: ast.Table, mode):
    """What ``table`` gives for a key without a row: its ``else``, or the zero of its values."""
    return literal_value(table.default) if table.default is not None else zero(value_type(table, mode))


def varying(modes) -> set[str]:
    """The names of the tables that are not the same in every one of ``modes`` (composed
    modes): a mode replaced, added or removed them."""
    names = {name for m in modes for name in m.tables}
    return {name for name in names if len({m.tables.get(name) for m in modes}) > 1}


def read_of(e, mode) -> ast.TableRead | None:
    """``e`` as a table read: a :class:`~dsl.ast.TableRead`, or an :class:`~dsl.ast.Index`
    naming a table of ``mode`` (``recruit_cost[k]``), made into one; otherwise None."""
    if isinstance(e, ast.TableRead):
        return e
    if isinstance(e, ast.Index) and e.owner is None and e.track.name in mode.tables \
            and e.track.name not in mode.tracks and e.track.name not in mode.resources:
        return ast.TableRead(e.track, (e.key,), e.span)
    return None
