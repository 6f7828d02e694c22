"""Lists held by cards (construct 10): read by position, 1 first.

The engine reads a table from the mode's rules (``g.T``) with :func:`lookup` (a read of
constant keys is worked out when the engine is generated).  Standard library only.
"""

from __future__ import annotations


def nth(values, i, zero=None):
    """The ``i``-th of ``values`` (a tuple; 1 is the first), or ``zero`` when ``i`` is
    outside ``1 .. len(values)`` or there are no values (``None``: the card has no list)."""
    if values is None or not 1 <= i <= len(values):
        return zero
    return values[i - 1]


def lookup(table: tuple[dict, object], key):
    """The value a table gives for ``key``: ``table`` is ``(entries, value of every other
    key)``, as the ``Rules.T`` of a mode holds it."""
    entries, default = table
    return entries.get(key, default)


def size(values) -> int:
    """How many values a list holds (0 when the card has no list)."""
    return 0 if values is None else len(values)
