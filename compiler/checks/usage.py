"""Warnings about what a spec declares but never uses, and how much of it is provisional
(codes W0104, W0105).

A component is *used* when any rule of any mode names it: an expression, a
statement, a zone's card type, a field's type, a catalogue entry's value (a
bag's resources, an enum field's member).  ``set`` and ``remove`` do not count:
setting a param nobody reads changes nothing.  Actions offered in no phase are
W0101 (see :mod:`compiler.checks.offered`); phases the flow never reaches are E0402.
"""

from __future__ import annotations

import dataclasses

from dsl import ast, codes
from dsl.diagnostics import DiagnosticBag, Note
from compiler.analysis.catalogue import PROVENANCE_KEYS
from compiler.analysis.compose import Composition
from compiler.analysis.provenance import catalogue_counts, provenance_notes

#: Declaration kinds checked for use, with the words of the hint saying how to use one.
_HOW_TO_USE = {
    ast.Resource: "gain, pay or test it (`gain {name} 1`, `has {name} 1`)",
    ast.Track: "advance or read it (`advance {name} by 1`, `{name} >= 3`)",
    ast.Enum: "type a field or a track with it (`field kind: {name}`, `per {name}`)",
    ast.CardType: "hold it in a zone or a catalogue (`deck pile \"Pile\" of {name} {{ }}`)",
    ast.Catalogue: "put its cards somewhere in `setup` (`put {name} into some_deck`)",
    ast.Pieces: "hold them in a zone (`zone spaces \"Spaces\" of {name} {{ }}`)",
    ast.Zone: "move cards into or out of it (`draw 1 from {name} into my hand`)",
    ast.Param: "read it in a rule (`when any player vp >= {name}`)",
    ast.Derived: "read it in a rule (`score {name}`)",
    ast.Tally: "count with it (`uses {name} 1`) or read it",
    ast.Procedure: "run it from an action or phase (`do {name}(...)`)",
    ast.Table: "read it in a rule (`score {name}[...]`)",
    ast.Dice: "roll or read them (`roll {name}`, `{name} >= 2`)",
}

_KIND_WORDS = {ast.CardType: "card type", ast.Derived: "derived value"}

#: Reference fields that name something without using it.
_NOT_USES = {(ast.Remove, "name"), (ast.SetParam, "param"), (ast.Let, "var"), (ast.ForEach, "var"),
             (ast.ChooseCard, "var"), (ast.Amend, "mode"), (ast.Mode, "extends"),
             (ast.UseModule, "module")}


def check_composition(comp: Composition, cards: list[dict], bag: DiagnosticBag) -> None:
    """Warn (W0104) about each component declared but named by no rule of any mode (only
    when ``bag`` holds no error, which could hide a use), and (W0105) once per spec about
    how many provisional values it holds.

    ``comp`` is the composed spec, ``cards`` the loaded catalogue entries (see
    :func:`compiler.analysis.catalogue.load_catalogues`); warnings go to ``bag``."""
    if comp.game is None or comp.base is None:
        return
    if not bag.errors:  # an error often hides a use (a misspelled name): no cascades
        _unused(comp, cards, bag)
    _provisional_count(comp, cards, bag)


def _unused(comp: Composition, cards: list[dict], bag: DiagnosticBag) -> None:
    used = _used_names(comp, cards)
    for decl in _declarations(comp):
        how = _HOW_TO_USE.get(type(decl))
        if how is None or decl.name in used or _implicitly_used(decl, used):
            continue
        kind = _KIND_WORDS.get(type(decl)) or ast.decl_kind(decl)
        bag.warning(codes.UNUSED_COMPONENT, f"{kind} `{decl.name}` is declared but no rule uses it",
                    decl.span, hint=f"remove it, or {how.format(name=decl.name)}")
    whole = _enums_used_whole(comp)
    for decl in _declarations(comp):
        if isinstance(decl, ast.Enum) and decl.name not in whole and (
                decl.name in used or _implicitly_used(decl, used)):
            for member in decl.members:
                if member.name not in used:
                    bag.warning(codes.UNUSED_COMPONENT, f"`{member.name}` of enum `{decl.name}` is declared "
                                "but no rule or card uses it", member.span,
                                hint=f"remove it from `{decl.name}`, or name it in a rule or a card",
                                notes=[Note(f"enum `{decl.name}` is declared here", decl.span)])


def _provisional_count(comp: Composition, cards: list[dict], bag: DiagnosticBag) -> None:
    notes = [n for n in provenance_notes(comp) if n.kind == "provisional"]
    invented, fields = catalogue_counts(cards)
    total = len(notes) + invented + fields
    if not total:
        return
    parts = [f"{len(notes)} in the rules"] if notes else []
    if invented:
        parts.append(f"{invented} invented card(s)")
    if fields:
        parts.append(f"{fields} card field value(s)")
    bag.warning(codes.PROVISIONAL_VALUES, f"the spec holds {total} provisional value(s): " + ", ".join(parts),
                comp.game.span,
                hint="each is a guess where the rulebook is silent, listed on the game's page under "
                "'Rulings and provisional values'; replace it once the rulebook or its FAQ settles it")


def _implicitly_used(decl, used: set[str]) -> bool:
    """The score track is used by every `score` statement and by the end of the game; an
    enum is used through its members."""
    if isinstance(decl, ast.Enum):
        return any(m.name in used for m in decl.members)
    return isinstance(decl, ast.Track) and decl.is_score


def _enums_used_whole(comp: Composition) -> set[str]:
    """Enums whose every member a rule may reach without naming it: chosen from
    (``choose k: ENUM``), looped over (``for each k in ENUM``), or drawn from as a
    resource family in a bag choice (``2 of disc``)."""
    families = {r.name: r.per_enum.name for m in comp.every().values() for r in m.resources.values()
                if r.per_enum is not None}
    whole: set[str] = set()
    roots: list = []
    for mode in comp.every().values():
        for table in ("actions", "triggers", "procedures", "phases", "automata"):
            roots += getattr(mode, table).values()
        roots.append(mode.setup)
    for node in ast.walk([r for r in roots if r is not None]):
        if isinstance(node, ast.EnumDomain):
            whole.add(node.enum.name)
        elif isinstance(node, ast.ForEach):
            whole.add(node.zone.zone.name)
        elif isinstance(node, ast.BagDomain):
            whole.update(families[k.name] for k in node.kinds if k.name in families)
    whole.update(o.of.name for o in comp.base.options.values() if o.of is not None)  # chosen at creation
    return whole


def _declarations(comp: Composition):
    """Every declaration of the spec once, in spec order: the base rules, then what modes,
    modules and amendments add (a `replace` redeclares a name, so it is skipped)."""
    seen: set[str] = set()
    base = comp.base
    containers = [*comp.mode_decls.values(), *comp.modules.values(), *comp.amendments]
    decls = [d for table in dict.fromkeys(_TABLE_NAMES) for d in getattr(base, table).values()]
    decls += [op.decl for c in containers for op in c.ops if isinstance(op, ast.Add)]
    decls.sort(key=lambda d: (d.span.line, d.span.column))
    for decl in decls:
        name = getattr(decl, "name", None)
        if name is not None and name not in seen:
            seen.add(name)
            yield decl


_TABLE_NAMES = ("resources", "tracks", "enums", "card_types", "catalogues", "pieces", "zones",
                "params", "derived", "tallies", "procedures", "tables", "dice")


def _used_names(comp: Composition, cards: list[dict]) -> set[str]:
    """Every name a rule of the spec refers to, in any mode, module or amendment,
    and every value named by a catalogue entry."""
    used: set[str] = set()
    roots: list = [comp.base.setup, comp.base.flow]
    for table in ("resources", "tracks", "enums", "card_types", "catalogues", "pieces", "zones",
                  "params", "derived", "tallies", "phases", "actions", "triggers", "procedures", "ends",
                  "tables", "dice", "stocks", "automata"):
        roots += getattr(comp.base, table).values()
    roots += [*comp.mode_decls.values(), *comp.modules.values(), *comp.amendments]
    for root in roots:
        _collect(root, used)
    for card in cards:
        for key, value in card.items():
            if key.startswith("_") or key in PROVENANCE_KEYS:
                continue
            if isinstance(value, dict):
                used.update(str(k) for k in value)
            elif isinstance(value, str):
                used.add(value)
            elif isinstance(value, list):  # a `list of` field: [drone, comms, ...]
                used.update(v for v in value if isinstance(v, str))
    return used


def _collect(node, used: set[str]) -> None:
    if isinstance(node, (tuple, list)):
        for x in node:
            _collect(x, used)
        return
    if isinstance(node, (ast.Ident, ast.Name)):
        used.add(node.name)
        return
    if isinstance(node, ast.Attribute):
        used.update((node.obj, node.attr))
        return
    if not dataclasses.is_dataclass(node):
        return
    for f in dataclasses.fields(node):
        if f.name != "span" and (type(node), f.name) not in _NOT_USES:
            _collect(getattr(node, f.name), used)
