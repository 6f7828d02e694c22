"""Card fields: a field name given two types by two card types (E0870).

The engine reads a card's fields by name, whatever its type (``c.workers``), and
treats a field name the same way for every card: a ``bag`` field ``workers`` in one
card type and an ``int`` field ``workers`` in another cannot both be read so (the
engine of such a spec failed on import with a TypeError).  So one field name has one type in a spec.
"""

from __future__ import annotations

from dsl import ast, codes
from dsl.diagnostics import Note


def check_mode(mode, report) -> None:
    """Report E0870 for each field whose name another card type of ``mode`` declared with
    another type (at the later field, with a note at the first); ``report`` is a
    :class:`dsl.diagnostics.Report`."""
    first: dict[str, tuple[str, ast.CardType, ast.Field]] = {}
    for card in mode.card_types.values():
        for f in card.fields:
            spelt = _type_words(f.type)
            seen = first.setdefault(f.name, (spelt, card, f))
            if seen[0] != spelt and seen[1].name != card.name:
                report.error(codes.FIELD_TWO_TYPES,
                             f"field `{f.name}` is {spelt} here, but {seen[0]} in card type "
                             f"`{seen[1].name}`: one field name has one type", f.span,
                             hint=f"rename one of them (`{card.name}_{f.name}`), or give both "
                             "the same type",
                             notes=[Note(f"`{f.name}` is {seen[0]} here", seen[2].span)])


def _type_words(t) -> str:
    """A field's type as the spec writes it (``bag``, ``list of bonus``, ``procedure``)."""
    if isinstance(t, ast.ProcedureType):
        return "procedure"
    return f"`{t.name}`"
