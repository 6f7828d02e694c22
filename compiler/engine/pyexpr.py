"""Lowering of expressions to Python source for the engines (statements:
:mod:`compiler.engine.statements`).

The engine backend of "one construct, two backends" (its twin is
:mod:`compiler.english`).  Generated functions take ``(g, s, p)``: the mode's
rules, the state and the acting player.  Locals become ``v_<name>``.
"""

from __future__ import annotations

import re

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import count as _counter
from typing import Any

from dsl import ast
from compiler.analysis import constfold, tables
from compiler.analysis import names as N
from compiler.analysis.types import TypeRecord
from compiler.engine.pyquote import literal


_IDENT = re.compile(r"[A-Za-z_][A-Za-z_0-9]*\Z")


@dataclass
class Ctx:
    """What code being generated can see: the mode, the scope, the Python expressions
    that stand for ``me`` and for the card in context, and the types the checker
    recorded in the mode (:class:`~compiler.analysis.types.TypeRecord`)."""

    mode: object
    scope: N.Scope
    me: str = "p"
    card: str | None = None
    unique: _counter = field(default_factory=lambda: _counter(1))
    #: local bag name -> Python variable holding its total, precomputed by the
    #: lowering of a bag choice (so ``total(offered)`` is not summed again)
    totals: dict = field(default_factory=dict)
    types: TypeRecord = field(default_factory=TypeRecord)

    def local(self, name: str, type_: N.Type, total: str | None = None) -> Ctx:
        totals = {k: v for k, v in self.totals.items() if k != name}
        if total is not None:
            totals[name] = total
        return Ctx(self.mode, self.scope.with_local(name, type_), self.me, self.card, self.unique, totals,
                   self.types)

    def with_me(self, me: str) -> Ctx:
        return Ctx(self.mode, self.scope, me, self.card, self.unique, self.totals, self.types)

    def with_card(self, card_var: str, card_type: str) -> Ctx:
        return Ctx(self.mode, self.scope.with_card(card_type), self.me, card_var, self.unique, self.totals,
                   self.types)

    def fresh(self, stem: str) -> str:
        return f"_{stem}{next(self.unique)}"


class Resources:
    """Resource order of a game (the index of each resource in bags).  A resource family
    (``resource disc { per knowledge }``) is one resource per member, named
    ``disc[culture]``..., at consecutive indices; ``families`` maps each family to
    ``{member: index}`` (the engine's ``IDX_disc`` table)."""

    def __init__(self, names: list[str], families: dict[str, dict[str, int]] | None = None):
        self.names = list(names)
        self.index = {n: i for i, n in enumerate(self.names)}
        self.families: dict[str, dict[str, int]] = dict(families or {})
        #: the tables some mode changes: a read of constant keys is not worked out at compile time
        self.varying_tables: set[str] = set()
        #: enums whose members differ between compositions (an ``extend enum`` in a module):
        #: code shared by compositions reads their members from the rules (``g.E``)
        self.varying_enums: set[str] = set()

    def bag(self, items: dict[str, int]) -> tuple[int, ...]:
        return tuple(items.get(n, 0) for n in self.names)


def expr(e, ctx: Ctx, res: Resources) -> str:
    """Python source for expression ``e``, by its class's rule in :data:`EXPRESSIONS`."""
    try:
        lower = EXPRESSIONS[type(e)]
    except KeyError:
        raise TypeError(f"no lowering for {type(e).__name__}") from None
    return lower(e, ctx, res)


def _roll(e: ast.RollValue, ctx: Ctx, res: Resources) -> str:
    return roll_piece(ctx.mode.pieces[ctx.scope.card])


def roll_piece(pieces, bare: bool = False) -> str:
    """A fresh roll of a die of ``pieces``: 1 to ``sides``, or one of its ``faces``
    (``bare``: without the parentheses an operand needs, as a statement's value)."""
    if pieces.faces:
        return f"{literal(N.die_faces(pieces))}[R.randrange(s, {len(pieces.faces)})]"
    return f"R.randrange(s, {pieces.sides}) + 1" if bare else f"(R.randrange(s, {pieces.sides}) + 1)"


def _in_zone(e: ast.InZone, ctx: Ctx, res: Resources) -> str:
    z = e.zone
    zone_decl = ctx.mode.zones[z.zone.name]
    specific = z.owner is not None or z.owner_expr is not None or (
        zone_decl.per_card is not None and ctx.scope.card == zone_decl.per_card.name)
    where = owner(z, ctx, res) if specific or not (zone_decl.per_player or zone_decl.per_card) else "..."
    if type(e.card) is ast.It and ctx.card is not None:
        # the card in context is a card (never ``nothing``): its place read inline
        card = ctx.card
        if where == "...":  # in that zone of any owner (its place read once; None: in no zone)
            return f"((s.loc[{card}] or (None,))[0] == {literal(z.zone.name)})"
        return f"(s.loc[{card}] == ({literal(z.zone.name)}, {where}))"
    return f"R.in_zone(s, {expr(e.card, ctx, res)}, {literal(z.zone.name)}, {where})"


# ---------------------------------------------------------------- bags (constructs 6, 7; the rest in bags.py)
def slot(resource: str, key, ctx: Ctx, res: Resources) -> str:
    """Python source of the index of a resource in bags, or of member ``key`` (an
    expression) of a family: a constant when the key is written out, else a look-up
    in the family's table, ``IDX_disc[v_k]``."""
    if key is None:
        return str(res.index[resource])
    if type(key) is ast.Name:
        b = N.resolve(ctx.mode, ctx.scope, key.name)
        if b is not None and b.kind == "enum_member":
            return str(res.families[resource][key.name])
    return f"IDX_{resource}[{expr(key, ctx, res)}]"


def _table_read(e: ast.TableRead, ctx: Ctx, res: Resources) -> str:
    """``t[k]``, ``t[a, b]``: the value of constant keys, worked out now (unless some mode
    changes the table: the code is shared by the modes); else a lookup in the mode's
    table (``g.T``: a dict with tuple keys for several indexes, and the ``else``, or the
    zero of the value type, for a key without a row), O(1) whatever its size."""
    if e.table.name not in res.varying_tables:
        folded = constfold.fold(e, constfold.mode_env(ctx.mode))
        if folded is not constfold.UNKNOWN:
            return literal(folded)
    keys = [expr(k, ctx, res) for k in e.keys]
    key = keys[0] if len(keys) == 1 else "(" + ", ".join(keys) + ")"
    return f"R.lookup(g.T[{literal(e.table.name)}], {key})"


def _list_read(e: ast.Index, ctx: Ctx, res: Resources) -> str:
    """``v.track[i]``: the i-th value of a card's list field (1 first), or the zero of the
    values' type outside the list."""
    element = N.card_member(ctx.mode, ctx.scope.locals[e.owner].of, e.track.name).type.element()
    return f"R.nth(F_{e.track.name}[v_{e.owner}], {expr(e.key, ctx, res)}, {literal(tables.zero(element))})"


def _seat_test(e: ast.SeatTest, ctx: Ctx, res: Resources) -> str:
    """``any seat C``, ``every seat C``, ``every KIND C`` (construct 20)."""
    var = ctx.fresh("q")
    seats = "range(s.n)" if e.kind is None else f"R.kind_seats(s, {literal(e.kind.name)})"
    return f"{'all' if e.every else 'any'}({expr(e.condition, ctx.with_me(var), res)} for {var} in {seats})"


def _index(e: ast.Index, ctx: Ctx, res: Resources) -> str:
    """``loyalty[f]`` (a track kept per enum member), or ``disc[k]`` / ``p.disc[k]``: the
    amount of one member of a resource family that you (or ``p``) hold; ``cost[k]`` (a
    table) and ``v.track[i]`` (a card's list) are construct 10's reads."""
    if e.owner is None and e.track.name in ctx.mode.automata and e.track.name not in ctx.scope.locals:
        return f"R.kind_seat(s, {literal(e.track.name)}, {expr(e.key, ctx, res)})"  # villain[1]: construct 20
    read = tables.read_of(e, ctx.mode)
    if read is not None:
        return _table_read(read, ctx, res)
    owner = ctx.scope.locals.get(e.owner) if e.owner is not None else None
    if owner is not None and owner.is_card:
        return _list_read(e, ctx, res)
    if e.track.name in res.families:
        who = ctx.me if e.owner is None else f"v_{e.owner}"
        return f"s.res[{who}][{slot(e.track.name, e.key, ctx, res)}]"
    if e.track.name in ctx.mode.dice and e.owner is None and e.track.name not in ctx.scope.locals:
        return f"s.dice[{literal(e.track.name)}][{_die_number(e.key, ctx, res)}]"  # construct 16
    return f"s.gtr[{literal(e.track.name)}][{expr(e.key, ctx, res)}]"


def _die_number(index, ctx: Ctx, res: Resources) -> str:
    """The Python list index of die ``index`` (counted from 1 in the spec)."""
    if isinstance(index, ast.Number):
        return str(index.value - 1)
    return f"{expr(index, ctx, res)} - 1"


def stock_place(e, ctx: Ctx) -> str | None:
    """The Python list of amounts a stock reference names (``left_here of loc``, or a
    stock of the game), or None when ``e`` is not one (construct 18)."""
    if isinstance(e, ast.StockOf):
        return f"s.stk[{literal(e.stock.name)}][v_{e.owner.name}]"
    if isinstance(e, ast.Name) and e.name not in ctx.scope.locals and e.name in ctx.mode.stocks:
        b = N.resolve(ctx.mode, ctx.scope, e.name)
        if b is not None and b.kind == "stock":
            return f"s.stk[{literal(e.name)}]"
    return None


def holder_place(e, ctx: Ctx, res: Resources) -> str:
    """The list of amounts a player (``s.res[p]``) or a stock holds."""
    return stock_place(e, ctx) or f"s.res[{expr(e, ctx, res)}]"


def _count_showing(e: ast.CountShowing, ctx: Ctx, res: Resources) -> str:
    return f"s.dice[{literal(e.dice.name)}].count({expr(e.face, ctx, res)})"


def _on_card(e, ctx: Ctx, card: str | None = None) -> tuple[str, Ctx]:
    """The Python variable of the card considered by ``count``/``sum``/``best``/``top of``
    (``v_NAME`` when named with ``as NAME``) and the context inside, reading it."""
    ctype = card or _zone_card(e.zone, ctx)
    name = getattr(e, "name", None)
    if name is None:
        var = ctx.fresh("c")
        return var, ctx.with_card(var, ctype)
    var = f"v_{name.name}"
    return var, ctx.local(name.name, N.Type.card(ctype)).with_card(var, ctype)


def _count(e: ast.Count, ctx: Ctx, res: Resources) -> str:
    var, inner = _on_card(e, ctx)
    cards = zone(e.zone, ctx, res)
    if e.where is None:
        return f"len({cards})"
    # a list of ones, counted: a comprehension runs faster than sum() over a generator
    return f"len([1 for {var} in {cards} if {expr(e.where, inner, res)}])"


#: ``count ... OP N`` that only asks whether some card meets the ``where``: (op, N) with
#: the count on the left → True for "some card does", False for "none does"
_SOME = {(">=", 1): True, (">", 0): True, ("!=", 0): True,
         ("==", 0): False, ("<", 1): False, ("<=", 0): False}
_MIRROR = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "==": "==", "!=": "!="}


def _compare(e: ast.Compare, ctx: Ctx, res: Resources) -> str:
    """``L OP R``; ``count ZONE where C >= 1`` (or ``== 0``, and their like, either way
    round) stops at the first card meeting C (``any``) instead of counting them all,
    when C rolls no die and divides nothing (an error must come where it came)."""
    for count, other, op in ((e.left, e.right, e.op), (e.right, e.left, _MIRROR[e.op])):
        if type(count) is ast.Count and count.where is not None and type(other) is ast.Number:
            some = _SOME.get((op, other.value))
            if some is not None and not _short_circuit_unsafe(count.where):
                var, inner = _on_card(count, ctx)
                found = f"any({expr(count.where, inner, res)} for {var} in {zone(count.zone, ctx, res)})"
                return found if some else f"(not {found})"
    return f"({expr(e.left, ctx, res)} {e.op} {expr(e.right, ctx, res)})"


def _short_circuit_unsafe(e) -> bool:
    """Whether evaluating ``e`` for fewer cards could change a game: it rolls a die, divides
    or takes the ``best`` of a zone (an error must come where it came), or calls a
    derived value (which might do any of those)."""
    return any(isinstance(n, (ast.RollValue, ast.Best)) or (isinstance(n, ast.Arith) and "//" in n.ops)
               or (isinstance(n, ast.Call) and n.func.name not in N.BUILTIN_FUNCS)
               for n in ast.walk(e))


def _or(e: ast.Or, ctx: Ctx, res: Resources) -> str:
    """``A or B``; ``it in Z1 or it in Z2`` (each of any owner) reads the card's place once
    and tests its zone against both names."""
    if len(e.operands) > 1 and ctx.card is not None and all(
            type(x) is ast.InZone and type(x.card) is ast.It for x in e.operands):
        tests = [_in_zone(x, ctx, res) for x in e.operands]
        any_owner = f"((s.loc[{ctx.card}] or (None,))[0] == "
        if all(t.startswith(any_owner) for t in tests):
            names = ", ".join(literal(x.zone.zone.name) for x in e.operands)
            return f"((s.loc[{ctx.card}] or (None,))[0] in ({names}))"
    return "(" + " or ".join(expr(x, ctx, res) for x in e.operands) + ")"


def _sum(e: ast.Sum, ctx: Ctx, res: Resources) -> str:
    var, inner = _on_card(e, ctx)
    cond = f" if {expr(e.where, inner, res)}" if e.where is not None else ""
    return f"sum({expr(e.value, inner, res)} for {var} in {zone(e.zone, ctx, res)}{cond})"


def _top_of(e: ast.TopOf, ctx: Ctx, res: Resources) -> str:
    """``top of Z [where C]``: the last card of Z's list meeting C (``bottom of``: the
    first), or -1 (nothing)."""
    cards = zone(e.zone, ctx, res)
    ordered = f"reversed({cards})" if e.side == "top" else f"iter({cards})"
    if e.where is None:
        return f"next({ordered}, -1)"
    var, inner = _on_card(e, ctx)
    return f"next(({var} for {var} in {ordered} if {expr(e.where, inner, res)}), -1)"


def _next_in(e: ast.NextIn, ctx: Ctx, res: Resources) -> str:
    """``next in Z from|after K by KEY [where C]``: among the cards meeting C, the one
    with the smallest key at least (more than) K, else the smallest key (the search goes
    round); the first in zone order on a tie; -1 (nothing) when none meets C."""
    var, inner = _on_card(e, ctx)
    key = expr(e.key, inner, res)
    passed = "<" if e.inclusive else "<="
    cards = zone(e.zone, ctx, res)
    if e.where is not None:
        cards = f"({var} for {var} in {cards} if {expr(e.where, inner, res)})"
    return f"min({cards}, key=lambda {var}: ({key} {passed} {expr(e.start, ctx, res)}, {key}), default=-1)"


def _field_of(e: ast.FieldOf, ctx: Ctx, res: Resources) -> str:
    card = expr(e.obj, ctx, res)
    ctype = ctx.types.expression(e.obj, ctx.scope).of
    b = N.card_member(ctx.mode, ctype, e.attr)
    if b is None:
        raise KeyError(f"{ctype}.{e.attr}")
    return _member(b, e.attr, card, ctx.me, res)


def _players(where, measures, then_where, ctx: Ctx, res: Resources, seats: bool = False) -> str:
    """``R.select_players(...)``: the players the clauses of ``the player``/``each player``
    select, in turn order; each clause a function of the player considered (``seats``:
    every seat, automata too, construct 20)."""
    def fn(e) -> str:
        if e is None:
            return "None"
        var = ctx.fresh("q")
        return f"lambda {var}: {expr(e, ctx.with_me(var), res)}"
    ranks = ", ".join(f"({direction == 'most'}, {fn(m)})" for direction, m in measures)
    seats_arg = ", True" if seats else ""
    return (f"R.select_players(s, {fn(where)}, ({ranks}{',' if len(measures) == 1 else ''}), "
            f"{fn(then_where)}{seats_arg})")


def _count_players(e: ast.CountPlayers, ctx: Ctx, res: Resources) -> str:
    var = ctx.fresh("q")
    return f"len([1 for {var} in range(s.h) if {expr(e.condition, ctx.with_me(var), res)}])"


def _every_player(e: ast.EveryPlayer, ctx: Ctx, res: Resources) -> str:
    var = ctx.fresh("q")
    return f"all({expr(e.condition, ctx.with_me(var), res)} for {var} in range(s.h))"


def _any_player(e: ast.AnyPlayer, ctx: Ctx, res: Resources) -> str:
    var = ctx.fresh("q")
    return f"any({expr(e.condition, ctx.with_me(var), res)} for {var} in range(s.h))"


def _best(e: ast.Best, ctx: Ctx, res: Resources) -> str:
    var, inner = _on_card(e, ctx)
    return f"R.best({zone(e.zone, ctx, res)}, lambda {var}: {expr(e.key, inner, res)}, {e.span.line})"


def _call(e: ast.Call, ctx: Ctx, res: Resources) -> str:
    if e.func.name in ctx.mode.derived and e.func.name not in N.BUILTIN_FUNCS:  # `presence(t)`
        args = "".join(f", {expr(a, ctx, res)}" for a in e.args)
        return f"g.D[{literal(e.func.name)}](g, s, {ctx.me}{args})"
    family = _family_total(e.args[0], ctx, res) if e.func.name == "total" and len(e.args) == 1 else None
    if family is not None:
        return family
    args = ", ".join(expr(a, ctx, res) for a in e.args)
    if e.func.name == "size":  # the length of a card's list
        return f"R.size({args})"
    if e.func.name == "total":  # the number of resources in a bag
        arg = e.args[0] if len(e.args) == 1 else None
        if type(arg) is ast.Name and arg.name in ctx.totals:
            return ctx.totals[arg.name]  # precomputed with the bag choice
        return f"sum({args})"
    return f"{e.func.name}({args})"


def _family_total(arg, ctx: Ctx, res: Resources) -> str | None:
    """``total(disc)``, ``total(p.disc)``: how many of all a family's members are held
    (its members are consecutive resources: one slice); None for any other argument."""
    if type(arg) is ast.Name and arg.name in res.families and arg.name not in ctx.scope.locals:
        family, who = arg.name, ctx.me
    elif type(arg) is ast.Attribute and arg.attr in res.families \
            and ctx.scope.locals.get(arg.obj) == N.PLAYER:
        family, who = arg.attr, f"v_{arg.obj}"
    else:
        return None
    indices = sorted(res.families[family].values())
    if indices == list(range(indices[0], indices[-1] + 1)):
        return f"sum(s.res[{who}][{indices[0]}:{indices[-1] + 1}])"
    return f"sum(s.res[{who}][i] for i in {literal(tuple(indices))})"


def _chain(e: ast.Arith, ctx: Ctx, res: Resources) -> str:
    """A chain ``a + b - c`` as one flat Python expression, ``(a + b - c)``: Python reads
    at most 200 nested parentheses, so a long chain cannot be written ``((a + b) - c)``.
    ``//`` becomes ``_div(left, right)`` (the language defines x // 0 as 0); a change
    between + - and * (which the grammar keeps in separate chains) closes the run."""
    terms = [expr(e.operands[0], ctx, res)]
    additive = None
    for op, operand in zip(e.ops, e.operands[1:]):
        right = expr(operand, ctx, res)
        if op == "//":
            terms, additive = [f"_div({_run(terms)}, {right})"], None
            continue
        if op == "%":  # the remainder, with the divisor's sign; x % 0 is 0, as x // 0
            nonzero = type(operand) is ast.Number and operand.value != 0
            terms = [f"({_run(terms)} % {right})" if nonzero else f"_mod({_run(terms)}, {right})"]
            additive = None
            continue
        if additive is not None and additive != (op in "+-"):
            terms = [_run(terms)]
        terms += [op, right]
        additive = op in "+-"
    return _run(terms)


def _run(terms: list[str]) -> str:
    """``["a", "+", "b"]`` → ``(a + b)``; a single term as it is."""
    return terms[0] if len(terms) == 1 else "(" + " ".join(terms) + ")"


def _set_local(z: ast.ZoneRef, ctx: Ctx) -> str | None:
    """The card type of a set chosen with ``some``, when ``z`` names one."""
    local = ctx.scope.locals.get(z.zone.name)
    if local and local.is_cards and z.owner is None and z.owner_expr is None:
        return local.of
    return None


def enum_members(enum: ast.Enum, res: Resources) -> str:
    """Python source of the members of ``enum`` in the composition being played: a tuple,
    or ``g.E[name]`` when an ``extend enum`` gives it more members in some compositions."""
    if enum.name in res.varying_enums:
        return f"g.E[{literal(enum.name)}]"
    return literal(tuple(m.name for m in enum.members))


def _loop_enum(z: ast.ZoneRef, ctx: Ctx):
    """The enum ``for each k in z`` loops over, when ``z`` names one (not a zone)."""
    if z.owner is not None or z.owner_expr is not None or z.zone.name in ctx.mode.zones \
            or z.zone.name in ctx.scope.locals:
        return None
    return ctx.mode.enums.get(z.zone.name)


def _zone_card(z: ast.ZoneRef, ctx: Ctx) -> str:
    return _set_local(z, ctx) or N.zone_kind(ctx.mode.zones[z.zone.name])


def _name(name: str, ctx: Ctx, res: Resources) -> str:
    b = N.resolve(ctx.mode, ctx.scope, name)
    if b is None:
        raise KeyError(name)
    if b.kind == "local":
        return f"v_{name}"
    return _member(b, name, ctx.card, ctx.me, res)


#: How a name bound to each kind of thing reads in Python, as a ``str.format`` pattern
#: of ``name``, ``text`` (the name as a Python literal), ``card`` (the card in context),
#: ``who`` (the player in context) and ``index`` (a resource's place in bags).
_MEMBERS: dict[str, str] = {
    "card_field": "F_{name}[{card}]",
    "card_state": "s.cst[{text}][{card}]",
    "resource": "s.res[{who}][{index}]",
    "track": "s.tr[{text}][{who}]",
    "derived": "g.D[{text}](g, s, {who})",  # the mode's version of it
    "card_rule": "g.CR[{text}][{card}](g, s, {who})",  # the card's own derived value (construct 1)
    "tally": "s.ta[{text}][{who}]",
    "global_track": "s.gtr[{text}]",
    "param": "g.P[{text}]",
    "option": "s.game.opt[{text}]",  # fixed when the game is created (construct 15)
    "option_card": "s.game.optc[{text}]",  # an option naming a catalogue entry: its first copy
    "enum_member": "{text}",
    "end": "({text} in s.ended)",  # latched once it has triggered
    "dice": "s.dice[{text}][0]",  # the face the (first) die shows (construct 16)
    "stock": "tuple(s.stk[{text}])",  # a stock of the game, as a bag (construct 18)
}


def _member(b: N.Binding, name: str, card: str | None, who: str, res: Resources) -> str:
    """``name`` (bound as ``b``) read for ``card`` and player ``who``; KeyError if it is
    not a value."""
    if b.kind not in _MEMBERS:
        raise KeyError(name)
    index = res.index[name] if b.kind == "resource" else None
    return _MEMBERS[b.kind].format(name=name, text=literal(name), card=card, who=who, index=index)


def _attribute(e: ast.Attribute, ctx: Ctx, res: Resources) -> str:
    b = N.resolve_attribute(ctx.mode, ctx.scope, e.obj, e.attr)
    if b is None:
        raise KeyError(f"{e.obj}.{e.attr}")
    owner = ctx.scope.locals[e.obj]
    if owner.is_card:
        return _member(b, e.attr, f"v_{e.obj}", ctx.me, res)
    return _member(b, e.attr, ctx.card, f"v_{e.obj}", res)


#: The lowering of every expression class (``dsl.ast.Expr``): ``lower(e, ctx, res)`` is
#: the Python source of ``e``.  A new kind of expression adds its rule here.
EXPRESSIONS: dict[type, Callable[[Any, Ctx, Resources], str]] = {
    ast.Number: lambda e, ctx, res: str(e.value),
    ast.Bool: lambda e, ctx, res: "True" if e.value else "False",
    ast.Text: lambda e, ctx, res: literal(e.value),
    ast.EmptyBag: lambda e, ctx, res: literal(res.bag({})),
    ast.PlayerCount: lambda e, ctx, res: "s.h",
    ast.SeatCount: lambda e, ctx, res: "s.n",  # construct 20
    ast.SeatTest: lambda e, ctx, res: _seat_test(e, ctx, res),
    ast.Me: lambda e, ctx, res: ctx.me,
    ast.It: lambda e, ctx, res: ctx.card,
    ast.RollValue: _roll,
    ast.InZone: _in_zone,
    ast.Name: lambda e, ctx, res: _name(e.name, ctx, res),
    ast.Attribute: _attribute,
    ast.Not: lambda e, ctx, res: f"(not {expr(e.operand, ctx, res)})",
    ast.And: lambda e, ctx, res: "(" + " and ".join(expr(x, ctx, res) for x in e.operands) + ")",
    ast.Or: _or,
    ast.Compare: _compare,
    ast.Neg: lambda e, ctx, res: f"(-{expr(e.operand, ctx, res)})",
    ast.Count: _count,
    ast.Sum: _sum,
    ast.AnyPlayer: _any_player,
    ast.Best: _best,
    ast.Index: _index,
    ast.TableRead: _table_read,
    ast.Call: _call,
    ast.Nothing: lambda e, ctx, res: "-1",
    ast.Nobody: lambda e, ctx, res: "-1",
    ast.RoundNumber: lambda e, ctx, res: "s.round",
    ast.CountShowing: _count_showing,
    ast.FirstPlayer: lambda e, ctx, res: "s.first",
    ast.StockOf: lambda e, ctx, res: f"tuple({stock_place(e, ctx)})",
    # `x is KIND` (construct 9): the kind of card x, None for nothing (-1)
    ast.IsKind: lambda e, ctx, res: f"(KIND[{expr(e.card, ctx, res)}] == {literal(e.kind.name)})",
    ast.TopOf: _top_of,
    ast.NextIn: _next_in,
    ast.FieldOf: _field_of,
    ast.ThePlayer: lambda e, ctx, res: f"R.only({_players(e.where, e.measures, e.then_where, ctx, res)})",
    ast.CountPlayers: _count_players,
    ast.EveryPlayer: _every_player,
}


def _maybe(e, ctx: Ctx) -> bool:
    """Whether the checker typed ``e`` as a value that may be absent (a maybe card or
    player, design 1.2); True when it did not record ``e`` in this scope."""
    try:
        return ctx.types.expression(e, ctx.scope).maybe
    except KeyError:
        return True


def owner(z: ast.ZoneRef, ctx: Ctx, res: Resources | None = None) -> str:
    """Python source for the owner of a zone: a seat, a card id (zones of each card),
    or ``None`` for shared zones."""
    if z.owner_expr is not None:
        return expr(z.owner_expr, ctx, res or Resources([]))
    if z.owner is None:
        decl = ctx.mode.zones.get(z.zone.name)
        if decl is not None and decl.per_card is not None:
            return ctx.card or "None"
        return "None"
    if z.owner == "my":
        return ctx.me
    return f"v_{z.owner}"


def zone(z: ast.ZoneRef, ctx: Ctx, res: Resources) -> str:
    """Python source for the list of card ids in a zone (or a set chosen with ``some``)."""
    if _set_local(z, ctx):
        return f"v_{z.zone.name}"
    who = owner(z, ctx, res)
    if who == "None":
        return f"s.z[{literal(z.zone.name)}]"
    return f"s.z[{literal(z.zone.name)}][{who}]"


# The rules of bag expressions (constructs 6, 7) register themselves in EXPRESSIONS; they build on
# the lowering above.
from compiler.engine import bags  # noqa: E402, F401
from compiler.engine import taking  # noqa: E402  (construct 3: `can take`, built on the lowering above)

EXPRESSIONS[ast.CanTake] = taking.can_take
