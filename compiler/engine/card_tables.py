"""The catalogue side of an engine's codegen: the card table (one row per catalogue
entry: name, title, copies, field values, YAML line), the ids each card type and
catalogue spans, and the card fields that hold bags (:class:`CardTables`, a base of
:class:`compiler.engine.codegen.EngineGenerator`, whose ``comp``, ``entries`` and
``res`` it reads).  Split from :mod:`compiler.engine.codegen` to keep it under the
module size limit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from compiler.engine import pieces
from dsl import ast

if TYPE_CHECKING:
    from compiler.analysis.compose import Composition
    from compiler.engine.pyexpr import Resources


class CardTables:
    """Catalogue entries laid out for the engine's tables.  ``comp``: the composed spec;
    ``entries``: the catalogue entries of every mode, in id order (dicts with ``name``,
    ``title``, ``copies``, ``_card_type``, ``_catalogue``, ``_line`` and one key per
    field); ``res``: the game's resources, to lay out bag fields."""

    comp: Composition
    entries: list[dict]
    res: Resources

    def _instances(self) -> list[dict]:
        out = []
        for entry in self.entries:
            for _ in range(int(entry.get("copies", 1))):
                out.append(entry)
        return out

    def _card_kinds(self) -> list[str]:
        """The card type (or pieces) of each catalogue entry, in order (construct 9)."""
        return [entry["_card_type"] for entry in self.entries]

    def _cards_of(self) -> dict[str, tuple[int, int]]:
        """Card type → range of the ids of its cards (catalogues and pieces)."""
        out: dict[str, tuple[int, int]] = {}
        for i, card in enumerate(self._instances()):
            lo, hi = out.get(card["_card_type"], (i, i))
            out[card["_card_type"]] = (min(lo, i), i + 1)
        return out

    def _catalogue_files(self) -> str:
        files = []
        for m in self.comp.every().values():
            for cat in m.catalogues.values():
                if cat.path not in files:
                    files.append(cat.path)
        return ", ".join(files)

    def _catalogue_ranges(self) -> dict[str, tuple[int, int]]:
        ranges, start = {}, 0
        for cat_name in sorted({c["_catalogue"] for c in self.entries}, key=lambda n: min(
                i for i, c in enumerate(self.entries) if c["_catalogue"] == n)):
            count = sum(int(c.get("copies", 1)) for c in self.entries if c["_catalogue"] == cat_name)
            ranges[cat_name.upper()] = (start, start + count)
            start += count
        return ranges

    def _bag_fields(self, field_names: tuple[str, ...]) -> list[str]:
        """The card fields that hold a bag of resources, in table order (each gets a
        table of the resources each card's bag names, for ``has``)."""
        bags = {f.name for m in self.comp.every().values() for ct in m.card_types.values()
                for f in ct.fields if f.type.name == "bag"}
        return [name for name in field_names if name in bags]

    def _card_table(self) -> tuple[tuple[str, ...], list[tuple]]:
        """Field names and one row per catalogue entry: (name, title, copies, values, yaml line)."""
        card_types = {}
        for m in self.comp.every().values():
            card_types.update(m.card_types)
        names: list[str] = []
        for ctype in card_types.values():
            names += [f.name for f in ctype.fields if f.name not in names]
        piece_fields = pieces.piece_fields(self.comp)
        for fields in piece_fields.values():
            names += [name for name in fields if name not in names]
        rows = []
        for card in self.entries:
            ctype = card_types.get(card["_card_type"])
            declared = ({f.name: f for f in ctype.fields} if ctype
                        else piece_fields.get(card["_card_type"], {}))
            values = []
            for name in names:
                f = declared.get(name)
                value = None
                if f is not None:
                    value = card.get(name, pieces.default_value(f.default) if f.default is not None else None)
                    if f.type.name == "bag":
                        value = self.res.bag(value or {})
                    elif isinstance(f.type, ast.ListType):
                        value = tuple(value or ())
                values.append(value)
            rows.append((card["name"], card["title"], int(card.get("copies", 1)), tuple(values),
                         card.get("_line", 0)))
        return tuple(names), rows
