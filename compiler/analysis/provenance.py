"""Every ruling and provisional value of a spec, with the rule it belongs to.

``provenance_notes(composition)`` walks the game, the base declarations and
everything inside modes, modules and amendments, in declaration order, and
returns :class:`ProvenanceNote` records: the page's "Rulings and provisional
values" section lists them (:mod:`compiler.docs.codegen`) and the usage check
counts them (W0105).  ``catalogue_counts(cards)`` counts the provisional cards and
fields of a card catalogue.
"""

from __future__ import annotations

from dataclasses import dataclass

from dsl import ast

from compiler.analysis.compose import TABLES, Composition


@dataclass(frozen=True)
class RuleName:
    """The rule a note belongs to: ``words`` are ours ("the setup", "action", "mode");
    a named rule adds its ``title`` as the spec writes it (the page shows
    "action *Upgrade*")."""

    words: str
    title: str | None = None


@dataclass(frozen=True)
class ProvenanceNote:
    """A ruling or provisional clause: ``kind`` is ``ruling`` or ``provisional``;
    ``rule`` names its rule (:class:`RuleName`); ``context`` the mode, module or
    amendment declaring it ("" for the base rules); ``sources`` are the rule's own
    ``source`` sections (an amendment's citation when it has none).  ``text``,
    ``context`` and ``sources`` are spec text, as written."""

    kind: str
    text: str
    rule: RuleName
    context: str
    sources: tuple[str, ...]


def provenance_notes(composition: Composition) -> list[ProvenanceNote]:
    """All ruling and provisional clauses, ordered by their place in the spec."""
    notes: list[tuple[tuple[int, int], ProvenanceNote]] = []
    game = composition.game
    if game is not None:
        if game.players_provisional:
            notes.append((_pos(game), ProvenanceNote("provisional", game.players_provisional,
                                                     RuleName("the player count"), "",
                                                     _sources(game.meta))))
        notes += _notes(game, RuleName("the game"), "")
    base = composition.base
    if base is not None:
        for item in (base.setup, base.flow):
            if item is not None:
                notes += _notes(item, _rule_name(item), "")
        for table in dict.fromkeys(TABLES.values()):
            for decl in getattr(base, table).values():
                notes += _notes(decl, _rule_name(decl), "")
    for mode in composition.mode_decls.values():
        notes += _container(mode, RuleName("mode", mode.title), mode.title)
    for module in composition.modules.values():
        notes += _container(module, RuleName("module", module.title), f"module {module.title}")
    for amend in composition.amendments:
        notes += _container(amend, RuleName("amendment", amend.citation),
                            f"amendment {amend.citation}", (amend.citation,))
    notes.sort(key=lambda pair: pair[0])
    return [note for _, note in notes]


def catalogue_counts(cards: list[dict]) -> tuple[int, int]:
    """``(provisional cards, provisional fields on the other cards)``."""
    invented = sum(1 for c in cards if c.get("provenance") == "provisional")
    fields = sum(len(c.get("provisional_fields") or ()) for c in cards
                 if c.get("provenance") != "provisional")
    return invented, fields


def _container(node, rule: RuleName, where: str, default_sources: tuple[str, ...] = ()) -> list:
    out = _notes(node, rule, "", default_sources)
    for op in node.ops:
        if isinstance(op, (ast.Add, ast.Replace)):
            out += _notes(op.decl, _rule_name(op.decl), where)
    return out


def _notes(node, rule: RuleName, where: str, default_sources: tuple[str, ...] = ()) -> list:
    sources = _sources(getattr(node, "meta", ())) or default_sources
    return [(_pos(m), ProvenanceNote(m.kind, m.text, rule, where, sources))
            for m in getattr(node, "meta", ()) if m.kind in ("ruling", "provisional")]


def _rule_name(decl) -> RuleName:
    if isinstance(decl, ast.Setup):
        return RuleName("the setup")
    if isinstance(decl, ast.Flow):
        return RuleName("the flow of play")
    if isinstance(decl, ast.End):
        return RuleName("end condition", decl.name.replace("_", " "))
    return RuleName(ast.decl_kind(decl), getattr(decl, "title", None) or decl.name)


def _sources(meta) -> tuple[str, ...]:
    return tuple(m.text for m in meta if m.kind == "source")


def _pos(node) -> tuple[int, int]:
    return (node.span.line, node.span.column)
