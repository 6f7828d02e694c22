"""Engine backend: the pieces of a game as cards of the engine's catalogue (construct 8),
the states cards keep wherever they go, and the kind of each card (construct 9).

Pieces have no catalogue: :func:`piece_entries` makes their entries, one per seat (per
seat and member with ``of each ENUM``; one for the game for pieces of nobody), with the
fields every piece of the kind has (``owner``, the enum's field, ``field`` lines).
"""

from __future__ import annotations

from compiler.analysis import names as N
from dsl import ast

#: ``owner`` of a piece that belongs to nobody (``count N``): ``nobody`` at run time.
NOBODY = -1


def declared_pieces(comp) -> dict[str, ast.Pieces]:
    """Every ``pieces`` declaration of the composition, by name (the first mode's, the
    base's first)."""
    declared: dict[str, ast.Pieces] = {}
    for m in (comp.base, *comp.every().values()):
        for name, pc in m.pieces.items():
            declared.setdefault(name, pc)
    return declared


def _members(comp, pc: ast.Pieces) -> list[tuple[str, str]]:
    """The (name, title) of the members of the enum of ``of each`` (empty without it): in
    every composition, the members an ``extend enum`` adds included, the base's first.
    A composition without some of them never puts their pieces into play (see
    :func:`members_in`)."""
    if pc.each is None:
        return []
    out: dict[str, str] = {}
    for m in (comp.base, *comp.every().values()):
        enum = m.enums.get(pc.each.name)
        for member in enum.members if enum is not None else ():
            out.setdefault(member.name, member.title)
    return list(out.items())


def varying_enums(comp) -> set[str]:
    """The enums whose members differ between the compositions (an ``extend enum`` in a
    module or mode): the engine reads their members from each composition's rules."""
    seen: dict[str, set[tuple[str, ...]]] = {}
    for m in (comp.base, *comp.every().values()):
        for name, enum in m.enums.items():
            seen.setdefault(name, set()).add(tuple(x.name for x in enum.members))
    return {name for name, forms in seen.items() if len(forms) > 1}


def piece_entries(comp) -> list[dict]:
    """The catalogue entries of the pieces: for each ``pieces`` declaration, one entry
    per seat (owner = seat) with ``copies`` pieces, or one entry per seat and member of
    the enum of ``of each`` (its field holds the member), or one entry of the game for
    pieces of nobody (owner ``nobody``); every entry carries the kind's ``field`` values."""
    # every seat has its pieces, the automata's too (construct 20, design 1.3)
    seats = max(m.players[1] + sum(max(op.count, 0) for op in m.seats) for m in comp.every().values())
    out = []
    for pc in declared_pieces(comp).values():
        values = {f.name: default_value(f.default) for f in pc.fields}
        base = {"_catalogue": pc.name, "_card_type": pc.name, "name": pc.name, "copies": pc.count,
                "_line": pc.span.line, **values}
        if pc.nobody:
            out.append({**base, "title": pc.title, "owner": NOBODY})
            continue
        members = _members(comp, pc) or [(None, None)]
        for seat in range(seats):
            for member, title in members:
                entry = {**base, "title": f"{pc.title} ({seat + 1})", "owner": seat}
                if member is not None:
                    entry.update({"name": f"{pc.name}_{member}", pc.each.name: member,
                                  "title": f"{pc.title} ({title}, {seat + 1})"})
                out.append(entry)
    return out


def piece_fields(comp) -> dict[str, dict[str, ast.Field]]:
    """Pieces name -> its fields as the card table lists them: ``owner``, the enum's
    field of ``of each``, then its ``field`` lines."""
    out = {}
    for pc in declared_pieces(comp).values():
        fields = {"owner": ast.Field("owner", ast.Ident("player"), None, "")}
        if pc.each is not None:
            fields[pc.each.name] = ast.Field(pc.each.name, pc.each, None, "")
        fields.update({f.name: f for f in pc.fields})
        out[pc.name] = fields
    return out


def kept_states(mode) -> tuple[tuple[str, object], ...]:
    """The states cards keep wherever they go, as ``(name, default)`` (the runtime's
    ``Rules.piece_states``): a die's ``value`` (from its first face), then the ``state``
    lines of card types and pieces (a card-typed state starts at ``nothing``, -1)."""
    out: dict[str, object] = {}
    for pc in mode.pieces.values():
        if pc.is_die:
            out.setdefault("value", N.die_faces(pc)[0] if pc.faces else 1)
    for decl in (*mode.card_types.values(), *mode.pieces.values()):
        for st in decl.states:
            out.setdefault(st.name, default_value(st.default))
    return tuple(out.items())


def uses_kinds(comp) -> bool:
    """Whether the engine needs the kind of each card (``KIND``): some rule tests ``is``."""
    return any(isinstance(node, ast.IsKind) for m in comp.every().values()
               for decl in (*m.actions.values(), *m.procedures.values(), *m.derived.values(),
                            *m.triggers.values(), *m.phases.values(), *m.ends.values(), m.setup)
               for node in ast.walk(decl))


def default_value(e) -> object:
    """A default as the engine holds it: a number, truth, text, enum member's name, or
    -1 for ``nothing``."""
    if isinstance(e, (ast.Number, ast.Bool, ast.Text)):
        return e.value
    if isinstance(e, ast.Name):
        return e.name
    if isinstance(e, ast.Nothing):
        return NOBODY
    return None
