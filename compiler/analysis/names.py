"""Name resolution shared by the checker and the code generators.

A name in an expression means, in this order: a local (an action's choice or a
loop variable), a field or state of the card in context (inside ``count``,
``sum``, ``where``), or a game-wide name: a resource (the amount the player
holds), a track, a derived value, a tally, a param, an enum member or the name
of an end condition (true once it has triggered).
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass

from dsl import ast
from compiler.analysis.types import (BAG, BOOL, INT, MAYBE_PLAYER, NOTHING, PLAYER, TEXT, UNKNOWN, Scope,
                                     Type)

BUILTIN_FUNCS = {"max": 2, "min": 2, "abs": 1, "total": 1, "size": 1}

__all__ = ["BAG", "BOOL", "BUILTIN_FUNCS", "INT", "MAYBE_PLAYER", "NOTHING", "PLAYER", "TEXT", "UNKNOWN",
           "Binding", "Scope", "Type", "all_names", "card_member", "enum_members", "family_members",
           "each_enum", "family_of", "field_type", "literal_type", "narrowing", "player_member", "resolve",
           "resolve_attribute", "resource_slots", "slot_name", "rule_kind", "derived_type",
           "RULE_VALUE_TYPES", "kinds", "missing_kinds", "state_type", "zone_kind"]


@dataclass(frozen=True)
class Binding:
    """What a name means: ``kind`` and its :class:`~compiler.analysis.types.Type`;
    ``decl`` is the declaration or None."""

    kind: str
    type: Type
    decl: object = None
    owner: str | None = None


def field_type(decl_type: str, mode) -> Type:
    """The type named in a field or state declaration (int, bool, bag, text, player or an
    enum; ``list of T`` for a list field of construct 10)."""
    if decl_type.startswith("list of "):
        element = field_type(decl_type.removeprefix("list of "), mode)
        return UNKNOWN if element == UNKNOWN or element.kind in ("bag", "player") else Type.list_of(element)
    for known in (INT, BOOL, BAG, TEXT, PLAYER):
        if decl_type == known.kind:
            return known
    if decl_type in mode.enums:
        return Type.enum(decl_type)
    return UNKNOWN


#: The field types naming a derived value (construct 1): ``value`` a number, ``condition``
#: true or false, each worked out for a player.
RULE_VALUE_TYPES = {"value": INT, "condition": BOOL}

#: Expressions that are conditions whatever they read: a derived value written as one is
#: true or false (construct 1: ``condition`` fields name them).
_CONDITIONS = (ast.Compare, ast.And, ast.Or, ast.Not, ast.Bool, ast.InZone, ast.Has, ast.AnyPlayer,
               ast.EveryPlayer)


def rule_kind(f: ast.Field) -> str | None:
    """``procedure``, ``value``, ``condition`` or ``action`` for a card field holding a
    rule (construct 1; ``action``: taken with ``take action c.f``, construct 3), else None."""
    if isinstance(f.type, ast.ProcedureType):
        return "procedure"
    if f.type.name == "action":
        return "action"
    return f.type.name if f.type.name in RULE_VALUE_TYPES else None


def derived_type(mode, d: ast.Derived) -> Type:
    """What derived value ``d`` is: true or false when its expression is a condition
    (:func:`derived_is_condition`), else a number (the checker then expects its
    expression to be one)."""
    return BOOL if derived_is_condition(d, mode.derived) else INT


def derived_is_condition(d: ast.Derived, derived: Mapping[str, object],
                         seen: frozenset = frozenset()) -> bool:
    """Whether derived value ``d`` is a condition (true or false), as its expression is,
    with or without parameters: a comparison, ``and``/``or``/``not``, ``in``, ``has``...,
    or the name or call (``d(t)``) of a derived value of ``derived`` (name → declaration)
    that is one.  The checker, the engine and the English read derived values by it."""
    e = d.expr
    if isinstance(e, _CONDITIONS):
        return True
    name = e.name if isinstance(e, ast.Name) else e.func.name if isinstance(e, ast.Call) else None
    other = derived.get(name) if name is not None and name not in seen else None
    if isinstance(other, ast.Derived):
        return derived_is_condition(other, derived, seen | {d.name})
    return False


def state_type(decl_type: str, mode) -> Type:
    """The type named in a ``state`` line: as a field's (:func:`field_type`), or a card
    type or pieces, whose state holds one such card or ``nothing`` (construct 8)."""
    if decl_type in mode.card_types or decl_type in mode.pieces:
        return Type.card(decl_type, maybe=True)
    return field_type(decl_type, mode)


def kinds(card: str) -> tuple[str, ...]:
    """The card types (and pieces) a card type name from :func:`zone_kind` stands for:
    ``("chronoship", "drone")`` for ``chronoship|drone`` (construct 9), else ``(card,)``."""
    return tuple(card.split("|"))


def zone_kind(zone) -> str:
    """What a card of ``zone`` is, as :class:`Type` ``of`` names it: its card type, or
    for a zone of several kinds (construct 9) their names joined by ``|``, in the order
    written (each once)."""
    return "|".join(dict.fromkeys(k.name for k in zone.kinds))


def missing_kinds(mode, card: str, attr: str) -> list[str]:
    """The kinds of ``card`` (one, or several joined by ``|``) that have no field or
    state ``attr``: a card of a zone of several kinds is read only where every kind it
    may be has it (construct 9)."""
    return [k for k in kinds(card) if _member_of_kind(mode, k, attr) is None]


def card_member(mode, card: str, attr: str) -> Binding | None:
    """A field of card type ``card``, a state it keeps (construct 8), or a state some
    zone of that type declares.  ``card`` may name several kinds (``a|b``, a card of a
    zone of several kinds): then the member of the kinds that have it, when they agree
    on its type (the checker reports the kinds without it, :func:`missing_kinds`).

    Pieces (see ``pieces``) have the field ``owner`` (a maybe player for pieces of
    nobody), the field named after the enum of ``of each``, their ``field`` lines and,
    if they are dice, the state ``value``, which they keep from zone to zone."""
    found = [b for b in (_member_of_kind(mode, k, attr) for k in kinds(card)) if b is not None]
    if not found or len({(b.kind, b.type) for b in found}) > 1:
        return None
    return found[0]


def _member_of_kind(mode, card: str, attr: str) -> Binding | None:
    """:func:`card_member` of one card type or pieces."""
    pieces = mode.pieces.get(card)
    if pieces is not None:
        if attr == "owner":
            return Binding("card_field", MAYBE_PLAYER if pieces.nobody else PLAYER, pieces)
        if attr == "value" and pieces.is_die:
            return Binding("card_state", die_type(mode, pieces), pieces)
        if pieces.each is not None and attr in (pieces.each.name, each_enum(mode, pieces)):
            enum = each_enum(mode, pieces)
            return Binding("card_field", UNKNOWN if enum is None else Type.enum(enum), pieces)
    ctype = mode.card_types.get(card)
    if ctype is None and pieces is None:
        return None
    decl = ctype if ctype is not None else pieces
    for f in decl.fields:
        if f.name == attr:
            kind = rule_kind(f)
            if kind == "procedure":  # run with `do c.f(...)`, not read (construct 1)
                return Binding("card_procedure", UNKNOWN, f)
            if kind == "action":  # taken with `take action c.f`, not read (construct 3)
                return Binding("card_action", UNKNOWN, f)
            if kind is not None:  # the card's own derived value, for the player in context
                return Binding("card_rule", RULE_VALUE_TYPES[kind], f)
            return Binding("card_field", field_type(f.type.name, mode), f)
    for st in decl.states:  # kept wherever the card goes (construct 8)
        if st.name == attr:
            return Binding("card_state", state_type(st.type.name, mode), st)
    for zone in mode.zones.values():
        if card in (k.name for k in zone.kinds):
            for st in zone.states:
                if st.name == attr:
                    return Binding("card_state", state_type(st.type.name, mode), st, zone.name)
    return None


def each_enum(mode, pieces: ast.Pieces) -> str | None:
    """The enum of ``pieces``'s ``of each ENUM`` (the name of its field too); when that
    names no enum (E0606), the enum it is closest to, which E0606's hint suggests, so
    the reads of that field are checked as if the name were mended and the misspelt one
    never becomes a name of its own; None when it is close to none (or there is no
    ``of each``)."""
    if pieces.each is None:
        return None
    if pieces.each.name in mode.enums:
        return pieces.each.name
    close = difflib.get_close_matches(pieces.each.name, list(mode.enums), n=1, cutoff=0.6)
    return close[0] if close else None


def player_member(mode, attr: str) -> Binding | None:
    """What ``p.attr`` or a bare per-player name means (a resource family, kind
    ``family``, needs a key: ``disc[k]``)."""
    if attr in mode.resources:
        decl = mode.resources[attr]
        return Binding("family" if decl.per_enum is not None else "resource", INT, decl)
    track = mode.tracks.get(attr)
    if track is not None and track.per_player:
        return Binding("track", INT, track)
    if attr in mode.derived:
        return Binding("derived", derived_type(mode, mode.derived[attr]), mode.derived[attr])
    if attr in mode.tallies:
        return Binding("tally", INT, mode.tallies[attr])
    return None


def family_of(mode, name: str):
    """The resource family (a ``resource`` declared ``per ENUM``) called ``name``, or None."""
    decl = mode.resources.get(name)
    return decl if decl is not None and decl.per_enum is not None else None


def slot_name(family: str, member: str) -> str:
    """The name of one member of a resource family as the engine lists its resources:
    ``disc[science]`` (no declared name has brackets, so none can clash with it)."""
    return f"{family}[{member}]"


def family_members(mode, decl) -> list[str]:
    """The members of the enum a resource family is kept per, in declaration order
    (empty when that enum is unknown: an error reported by the checks)."""
    enum = mode.enums.get(decl.per_enum.name) if decl.per_enum is not None else None
    return [m.name for m in enum.members] if enum is not None else []


def resource_slots(mode) -> list[str]:
    """The resources of ``mode`` as the engine keeps them, in declaration order: a
    resource by its name, a family as one slot per member (``disc[culture]``,
    ``disc[politics]``...), consecutive."""
    out: list[str] = []
    for decl in mode.resources.values():
        if decl.per_enum is None:
            out.append(decl.name)
        else:
            out += [slot_name(decl.name, m) for m in family_members(mode, decl)]
    return out


def enum_members(mode) -> dict[str, str]:
    return {m.name: e.name for e in mode.enums.values() for m in e.members}


def resolve(mode, scope: Scope, name: str) -> Binding | None:
    """Resolve a bare name; ``None`` when it means nothing here."""
    if name in scope.locals:
        return Binding("local", scope.type_of(name))
    if scope.card is not None:
        member = card_member(mode, scope.card_kind, name)
        if member is not None:
            return member
    member = player_member(mode, name)
    if member is not None:
        return member
    track = mode.tracks.get(name)
    if track is not None:
        return Binding("global_track", INT, track)
    dice = getattr(mode, "dice", {}).get(name)
    if dice is not None:  # the face a die of the game shows (construct 16)
        return Binding("dice", die_type(mode, dice), dice)
    stock = getattr(mode, "stocks", {}).get(name)
    if stock is not None:  # a stock of the game, a bag (construct 18)
        return Binding("stock", BAG, stock)
    if name in mode.params:
        return Binding("param", literal_type(mode.params[name].value, mode), mode.params[name])
    option = getattr(mode, "options", {}).get(name)
    if option is not None:  # fixed when the game is created (construct 15)
        catalogue = mode.catalogues.get(option.of.name) if option.of is not None else None
        if catalogue is not None:  # a catalogue's entry: the card (its first copy)
            return Binding("option_card", Type.card(catalogue.card_type.name), option)
        return Binding("option", option_type(option, mode), option)
    members = enum_members(mode)
    if name in members:
        return Binding("enum_member", Type.enum(members[name]))
    if name in mode.ends:
        return Binding("end", BOOL, mode.ends[name])
    return None


def resolve_attribute(mode, scope: Scope, obj: str, attr: str) -> Binding | None:
    """Resolve ``obj.attr`` where ``obj`` is a local card or player."""
    owner = scope.locals.get(obj)
    if owner is None:
        return None
    if owner.is_card:
        member = card_member(mode, owner.of, attr)
    elif owner.kind == "player":
        member = player_member(mode, attr)
    else:
        member = None
    if member is None:
        return None
    owner_ = member.owner if member.kind == "card_state" else obj
    return Binding(member.kind, member.type, member.decl, owner_)


def option_type(option, mode) -> Type:
    """What an option (construct 15) holds: a member of its enum, a number or true/false;
    UNKNOWN when its values line names no enum of ``mode`` or an empty range (E0850 says
    so once, and its uses raise nothing more)."""
    if option.kind == "one_of":
        return Type.enum(option.of.name) if option.of is not None and option.of.name in mode.enums \
            else UNKNOWN
    if option.kind == "range" and option.low > option.high:
        return UNKNOWN
    return BOOL if option.kind == "bool" else INT


def literal_type(expr, mode) -> Type:
    if isinstance(expr, ast.Bool):
        return BOOL
    if isinstance(expr, ast.Number):
        return INT
    if isinstance(expr, ast.Text):
        return TEXT
    if isinstance(expr, ast.Name):
        members = enum_members(mode)
        if expr.name in members:
            return Type.enum(members[expr.name])
    if isinstance(expr, (ast.EmptyBag, ast.BagLiteral)):
        return BAG
    return UNKNOWN


def all_names(mode, scope: Scope) -> list[str]:
    """Every name visible in ``scope`` (for did-you-mean hints)."""
    names = list(scope.locals)
    for card in kinds(scope.card) if scope.card else ():
        decl = mode.card_types.get(card) or mode.pieces.get(card)
        if decl is not None:
            names += [f.name for f in decl.fields] + [st.name for st in decl.states]
        if card in mode.pieces:
            each = each_enum(mode, mode.pieces[card])
            names += ["owner", "value"] + ([each] if each else [])
    names += list(mode.resources) + list(mode.tracks) + list(mode.derived) + list(mode.tallies)
    names += list(mode.params) + list(enum_members(mode)) + list(mode.ends)
    names += list(getattr(mode, "options", {}))
    return names + list(getattr(mode, "dice", {})) + list(getattr(mode, "stocks", {}))


def die_faces(dice) -> tuple:
    """The faces of a ``dice`` declaration (construct 16) or of dice pieces, as the engine holds them:
    numbers, or enum members' names; ``sides N`` is the faces 1 to N."""
    if dice.sides is not None and not dice.faces:
        return tuple(range(1, dice.sides + 1))
    return tuple(f.value if isinstance(f, ast.Number) else f.name for f in dice.faces)


def die_type(mode, dice) -> Type:
    """What a die of ``dice`` shows: a number, a member of the enum its faces name, or
    unknown when the faces mix kinds or name nothing (the declaration's check says so)."""
    faces = die_faces(dice)
    if all(isinstance(f, int) for f in faces):
        return INT
    members = enum_members(mode)
    enums = {members.get(f) for f in faces}
    if len(enums) == 1 and None not in enums:
        return Type.enum(enums.pop())
    return UNKNOWN


#: ``count Z OP N`` shows Z non-empty: `>= 1` (or more), `> 0` (or more), `!= 0`.
_PRESENT = {">=": lambda n: n >= 1, ">": lambda n: n >= 0, "!=": lambda n: n == 0}


def narrowing(cond, negated: bool = False) -> tuple[set[str], set[tuple]]:
    """What condition ``cond`` shows present when it holds (when it fails, with
    ``negated``): the maybe locals it tests (``t != nothing``, ``payee != nobody``),
    the kinds it shows cards to be (``("is", "x", "drone")`` for ``x is drone``, "it" for
    the card in context; construct 9) or not to be (``("not", "x", "drone")``) and
    the ``(ZoneRef, where)`` pairs of the zones it shows non-empty (``count Z >= 1``, a
    conjunct of it).  Design 1.2: the checker reads those as definite where the
    condition is known to hold (an ``if``'s body, the right of ``and``, after
    ``require``)."""
    names: set[str] = set()
    guards: set[tuple] = set()
    if isinstance(cond, ast.Not):
        return narrowing(cond.operand, not negated)
    if isinstance(cond, ast.IsKind) and isinstance(cond.card, (ast.Name, ast.It)):
        # `x is drone`, `it is drone`: the card reads as a drone (construct 9); where the
        # test fails (`not (x is drone)`, an `else`), as any of its other kinds
        names.add(("not" if negated else "is", cond.card.name if isinstance(cond.card, ast.Name) else "it",
                   cond.kind.name))
        return names, guards
    if isinstance(cond, ast.And if not negated else ast.Or):
        for operand in cond.operands:
            more_names, more_guards = narrowing(operand, negated)
            names |= more_names
            guards |= more_guards
        return names, guards
    if not isinstance(cond, ast.Compare):
        return names, guards
    present = "==" if negated else "!="
    for this, other in ((cond.left, cond.right), (cond.right, cond.left)):
        if cond.op == present and isinstance(this, ast.Name) and isinstance(other, (ast.Nothing, ast.Nobody)):
            names.add(this.name)
    if not negated and isinstance(cond.left, ast.Count) and isinstance(cond.right, ast.Number):
        if cond.op in _PRESENT and _PRESENT[cond.op](cond.right.value):
            guards.add((cond.left.zone, cond.left.where))
    if negated and isinstance(cond.left, ast.Count) and cond.op == "==" \
            and isinstance(cond.right, ast.Number) and cond.right.value == 0:
        guards.add((cond.left.zone, cond.left.where))
    return names, guards
