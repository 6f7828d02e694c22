"""Lowering of expressions and statements to Python source for the engines.

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
from compiler.engine.pyquote import Code, comment, docstring, literal


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
    sides = ctx.mode.pieces[ctx.scope.card].sides
    return f"(R.randrange(s, {sides}) + 1)"


def _in_zone(e: ast.InZone, ctx: Ctx, res: Resources) -> str:
    z = e.zone
    zone_decl = ctx.mode.zones[z.zone.name]
    specific = z.owner is not None or z.owner_expr is not None or (
        zone_decl.per_card is not None and ctx.scope.card == zone_decl.per_card.name)
    where = owner(z, ctx, res) if specific or not (zone_decl.per_player or zone_decl.per_card) else "..."
    if type(e.card) is ast.It and ctx.card is not None:
        # the card in context is a card (never ``nothing``): its place read inline
        card = ctx.card
        if where == "...":  # in that zone of any owner
            return f"(s.loc[{card}] is not None and s.loc[{card}][0] == {literal(z.zone.name)})"
        return f"(s.loc[{card}] == ({literal(z.zone.name)}, {where}))"
    return f"R.in_zone(s, {expr(e.card, ctx, res)}, {literal(z.zone.name)}, {where})"


def _has(e: ast.Has, ctx: Ctx, res: Resources) -> str:
    place = stock_place(e.who, ctx) if e.who is not None else None
    if place is not None:  # `left_here of loc has disc[k] 1` (construct 18)
        return f"R.stock_holds({place}, {expr(e.bag, ctx, res)})"
    who = ctx.me if e.who is None else expr(e.who, ctx, res)
    if type(e.bag) is ast.BagLiteral and _IDENT.match(who) and e.bag.constant() is None:
        return _has_items(e.bag, who, ctx, res)
    if type(e.bag) is ast.BagLiteral and _IDENT.match(who):
        # a constant bag: compare only the resources it names, inline
        bag = res.bag(e.bag.constant())
        tests = [f"s.res[{who}][{i}] >= {n}" for i, n in enumerate(bag) if n]
        return "(" + " and ".join(tests) + ")" if tests else "True"
    field = _bag_field(e.bag, ctx)
    if field is not None:
        # a card's bag: compare only the resources it names (the engine's table of them)
        name, card = field
        if _IDENT.match(card):  # a card that costs nothing holds without the call
            return f"(not NZ_{name}[{card}] or R.holds(s.res[{who}], NZ_{name}[{card}]))"
        return f"R.holds(s.res[{who}], NZ_{name}[{card}])"
    return f"R.has(s, {who}, {expr(e.bag, ctx, res)})"


def _bag_field(e, ctx: Ctx) -> tuple[str, str] | None:
    """``(field, card)`` when ``e`` is a card's bag field (``b.cost``, or ``cost`` of the
    card in context): the field's name and the Python source of the card."""
    if type(e) is ast.Attribute:
        b = N.resolve_attribute(ctx.mode, ctx.scope, e.obj, e.attr)
        owner = ctx.scope.locals.get(e.obj)
        if b is not None and b.kind == "card_field" and owner is not None and owner.is_card:
            name, card = e.attr, f"v_{e.obj}"
        else:
            return None
    elif type(e) is ast.Name and ctx.card is not None:
        b = N.resolve(ctx.mode, ctx.scope, e.name)
        if b is None or b.kind != "card_field":
            return None
        name, card = e.name, ctx.card
    else:
        return None
    fields = {f.name: f for ct in ctx.mode.card_types.values() for f in ct.fields}
    return (name, card) if name in fields and fields[name].type.name == "bag" else None


# ---------------------------------------------------------------- bags (constructs 6, 7)
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


def amount(e, ctx: Ctx, res: Resources) -> str:
    """Python source of a bag item's amount: below zero it counts as zero (no ``max``
    for an amount that cannot be: a number written out, an amount held, a count)."""
    if type(e) is ast.Number:
        return str(e.value)
    if _never_negative(e, ctx):
        return expr(e, ctx, res)
    return f"max({expr(e, ctx, res)}, 0)"


def _never_negative(e, ctx: Ctx) -> bool:
    """Whether ``e`` is never below zero: an amount of a resource held (``water``,
    ``p.water``, ``disc[k]``), a count of cards or a ``total``."""
    kind = type(e)
    if kind is ast.Index:
        return e.track.name in ctx.mode.resources
    if kind is ast.Name:
        b = N.resolve(ctx.mode, ctx.scope, e.name)
        return b is not None and b.kind == "resource"
    if kind is ast.Attribute:
        b = N.resolve_attribute(ctx.mode, ctx.scope, e.obj, e.attr)
        return b is not None and b.kind == "resource"
    return kind is ast.Count or (kind is ast.Call and e.func.name == "total")


def _bag_literal(e: ast.BagLiteral, ctx: Ctx, res: Resources) -> str:
    """A bag written out: a constant tuple when every amount is a number written out;
    else the tuple is built when the rule runs, with the worked-out amounts in their
    places (``(0, max(v_n, 0), 0)``), or by ``R.bag_of`` when a family's key is chosen."""
    const = e.constant()
    if const is not None:
        return literal(res.bag(const))
    items = [(slot(i.resource.name, i.key, ctx, res), amount(i.amount, ctx, res)) for i in e.items]
    if all(index.isdigit() for index, _ in items):
        parts = ["0"] * len(res.names)
        for index, n in items:
            parts[int(index)] = n if parts[int(index)] == "0" else f"{parts[int(index)]} + {n}"
        return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"
    pairs = ", ".join(f"({index}, {n})" for index, n in items)
    return f"R.bag_of({len(res.names)}, ({pairs},))"


def _has_items(bag: ast.BagLiteral, who: str, ctx: Ctx, res: Resources) -> str:
    """``has water morale``, ``has disc[k] 2``: one comparison per item (an amount
    below zero is always held); ``R.has`` when two items name one resource."""
    items = [(slot(i.resource.name, i.key, ctx, res), i.amount) for i in bag.items]
    if len({index for index, _ in items}) < len(items):
        return f"R.has(s, {who}, {_bag_literal(bag, ctx, res)})"
    return "(" + " and ".join(f"s.res[{who}][{index}] >= {expr(n, ctx, res)}" for index, n in items) + ")"


def is_bag(e, ctx: Ctx) -> bool:
    """Whether expression ``e`` is a bag (the checker has typed it so)."""
    kind = type(e)
    if kind in (ast.BagLiteral, ast.EmptyBag, ast.StockOf):
        return True
    if kind is ast.Arith:
        return any(is_bag(x, ctx) for x in e.operands)
    if kind is ast.Name:
        b = N.resolve(ctx.mode, ctx.scope, e.name)
    elif kind is ast.Attribute:
        b = N.resolve_attribute(ctx.mode, ctx.scope, e.obj, e.attr)
    else:
        return False
    return b is not None and b.type == N.BAG


def _arith(e: ast.Arith, ctx: Ctx, res: Resources) -> str:
    """Arithmetic on numbers (:func:`_chain`), or on bags: ``a + b``, ``a - b`` (never
    below zero in any resource), ``a * n`` and ``n * a``, left to right."""
    if not any(is_bag(x, ctx) for x in e.operands):
        return _chain(e, ctx, res)
    acc, acc_bag = expr(e.operands[0], ctx, res), is_bag(e.operands[0], ctx)
    for op, operand in zip(e.ops, e.operands[1:]):
        right, right_bag = expr(operand, ctx, res), is_bag(operand, ctx)
        if op == "*":
            acc = f"R.bag_times({acc}, {right})" if acc_bag else f"R.bag_times({right}, {acc})"
        else:
            acc = f"R.{'bag_plus' if op == '+' else 'bag_minus'}({acc}, {right})"
        acc_bag = acc_bag or right_bag
    return acc


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


def _index(e: ast.Index, ctx: Ctx, res: Resources) -> str:
    """``loyalty[f]`` (a track kept per enum member), or ``disc[k]`` / ``p.disc[k]``: the
    amount of one member of a resource family that you (or ``p``) hold; ``cost[k]`` (a
    table) and ``v.track[i]`` (a card's list) are construct 10's reads."""
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
    return f"sum(1 for {var} in {cards} if {expr(e.where, inner, res)})"


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


def _players(where, measures, then_where, ctx: Ctx, res: Resources) -> str:
    """``R.select_players(...)``: the players the clauses of ``the player``/``each player``
    select, in turn order; each clause a function of the player considered."""
    def fn(e) -> str:
        if e is None:
            return "None"
        var = ctx.fresh("q")
        return f"lambda {var}: {expr(e, ctx.with_me(var), res)}"
    ranks = ", ".join(f"({direction == 'most'}, {fn(m)})" for direction, m in measures)
    return f"R.select_players(s, {fn(where)}, ({ranks}{',' if len(measures) == 1 else ''}), {fn(then_where)})"


def _count_players(e: ast.CountPlayers, ctx: Ctx, res: Resources) -> str:
    var = ctx.fresh("q")
    return f"sum(1 for {var} in range(s.n) if {expr(e.condition, ctx.with_me(var), res)})"


def _every_player(e: ast.EveryPlayer, ctx: Ctx, res: Resources) -> str:
    var = ctx.fresh("q")
    return f"all({expr(e.condition, ctx.with_me(var), res)} for {var} in range(s.n))"


def _any_player(e: ast.AnyPlayer, ctx: Ctx, res: Resources) -> str:
    var = ctx.fresh("q")
    return f"any({expr(e.condition, ctx.with_me(var), res)} for {var} in range(s.n))"


def _best(e: ast.Best, ctx: Ctx, res: Resources) -> str:
    var, inner = _on_card(e, ctx)
    return f"R.best({zone(e.zone, ctx, res)}, lambda {var}: {expr(e.key, inner, res)}, {e.span.line})"


def _call(e: ast.Call, ctx: Ctx, res: Resources) -> str:
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


def _loop_enum(z: ast.ZoneRef, ctx: Ctx):
    """The enum ``for each k in z`` loops over, when ``z`` names one (not a zone)."""
    if z.owner is not None or z.owner_expr is not None or z.zone.name in ctx.mode.zones \
            or z.zone.name in ctx.scope.locals:
        return None
    return ctx.mode.enums.get(z.zone.name)


def _zone_card(z: ast.ZoneRef, ctx: Ctx) -> str:
    return _set_local(z, ctx) or ctx.mode.zones[z.zone.name].card_type.name


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
    "tally": "s.ta[{text}][{who}]",
    "global_track": "s.gtr[{text}]",
    "param": "g.P[{text}]",
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
    ast.PlayerCount: lambda e, ctx, res: "s.n",
    ast.Me: lambda e, ctx, res: ctx.me,
    ast.It: lambda e, ctx, res: ctx.card,
    ast.RollValue: _roll,
    ast.InZone: _in_zone,
    ast.Name: lambda e, ctx, res: _name(e.name, ctx, res),
    ast.Attribute: _attribute,
    ast.Not: lambda e, ctx, res: f"(not {expr(e.operand, ctx, res)})",
    ast.And: lambda e, ctx, res: "(" + " and ".join(expr(x, ctx, res) for x in e.operands) + ")",
    ast.Or: lambda e, ctx, res: "(" + " or ".join(expr(x, ctx, res) for x in e.operands) + ")",
    ast.Compare: lambda e, ctx, res: f"({expr(e.left, ctx, res)} {e.op} {expr(e.right, ctx, res)})",
    ast.Arith: _arith,
    ast.Neg: lambda e, ctx, res: f"(-{expr(e.operand, ctx, res)})",
    ast.BagLiteral: _bag_literal,
    ast.Has: _has,
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


class Writer:
    """Indented Python source, one ``line`` at a time (after Jinja's CodeGenerator).

    ``line`` takes code; text from the spec goes in through ``docstring`` and
    ``comment``, which quote it (:mod:`compiler.pyquote`)."""

    def __init__(self, indent: int = 0):
        self.lines: list[str] = []
        self.level = indent

    def line(self, code: str) -> None:
        self.lines.append("    " * self.level + code)

    def docstring(self, text: str) -> None:
        """A one-line docstring whose ``__doc__`` is ``text``."""
        self.line(f'"""{docstring(text)}"""')

    def comment(self, text: str) -> None:
        """A ``# text`` comment line, ``text`` kept on the line."""
        self.line(f"# {comment(text)}")

    def source(self) -> Code:
        return Code("\n".join(self.lines))


def _bottom(bottom: bool) -> str:
    """The last argument of a move: ``, bottom=True`` to the bottom of the zone, else none."""
    return ", bottom=True" if bottom else ""


@dataclass
class StmtLowering:
    """Lowers statement lists; option bodies of ``ask`` become extra functions."""

    res: Resources
    score_track: str
    extra: list[Code] = field(default_factory=list)
    #: what the functions of the effect being lowered are named after: the action
    #: (``offer_trade``), or the function it lowers into (``on_enter_place``)
    owner: str = ""
    source_lines: list[str] = field(default_factory=list)
    #: makes a module-level function name no other has, from a kind and a base
    #: (``("ask", "offer_trade")`` → ``ask_offer_trade``, then ``ask_offer_trade_2``)
    name_function: Callable[[str, str], str] = lambda kind, base: f"{kind}_{base}"
    #: the names of the ``ask`` functions made so far
    ask_names: list[str] = field(default_factory=list)

    def block(self, stmts, ctx: Ctx, w: Writer) -> None:
        if not stmts:
            w.line("pass")
        for st in stmts:
            ctx = self.stmt(st, ctx, w) or ctx

    def cite(self, line: int, w: Writer) -> None:
        """The comment that cites spec line ``line`` (and its text) above the code lowered from it."""
        text = self.source_lines[line - 1].strip() if 0 < line <= len(self.source_lines) else ""
        w.comment(f"spec line {line}: {text}" if text else f"spec line {line}")

    def stmt(self, st, ctx: Ctx, w: Writer) -> Ctx | None:
        """Lower one statement (by its class's rule in :data:`STATEMENTS`), after the
        comment citing its spec line; returns the context for the statements after it
        when the statement binds a name (``let``)."""
        self.cite(st.span.line, w)
        try:
            lower = STATEMENTS[type(st)]
        except KeyError:
            raise TypeError(f"no lowering for {type(st).__name__}") from None
        return lower(self, st, ctx, w)

    def value(self, e, ctx: Ctx) -> str:
        """Python source for expression ``e`` in ``ctx``."""
        return expr(e, ctx, self.res)

    def _let(self, st: ast.Let, ctx: Ctx, w: Writer) -> Ctx:
        w.line(f"v_{st.var.name} = {self.value(st.value, ctx)}")
        return ctx.local(st.var.name, ctx.types.expression(st.value, ctx.scope))  # as the checker typed it

    def _constant_bag(self, bag, ctx: Ctx) -> list[tuple[int, int]] | None:
        """The (resource index, amount) pairs a constant bag names, when the player is
        a plain name (so the amounts can be changed inline); else None."""
        const = bag.constant() if type(bag) is ast.BagLiteral and _IDENT.match(ctx.me) else None
        if const is None:
            return None
        return [(i, n) for i, n in enumerate(self.res.bag(const)) if n]

    def _gain(self, st: ast.Gain, ctx: Ctx, w: Writer) -> None:
        if _one_item(st, ctx, self.res, w):
            return
        items = self._constant_bag(st.bag, ctx)
        if items is None:
            w.line(f"R.gain(s, {ctx.me}, {self.value(st.bag, ctx)})")
            return
        for i, n in items:  # a constant bag: each resource it names, inline
            w.line(f"s.res[{ctx.me}][{i}] += {n}")

    def _pay(self, st: ast.Pay, ctx: Ctx, w: Writer) -> None:
        if _one_item(st, ctx, self.res, w):
            return
        items = self._constant_bag(st.bag, ctx)
        if items is None:
            w.line(f"R.pay(s, {ctx.me}, {self.value(st.bag, ctx)})")
            return
        for i, n in items:  # a constant bag, inline, as R.pay: resource by resource
            w.line(f"if s.res[{ctx.me}][{i}] < {n}:")
            w.line('    raise R.IllegalActionError("cannot pay: not enough resources")')
            w.line(f"s.res[{ctx.me}][{i}] -= {n}")

    def _transfer(self, st: ast.Transfer, ctx: Ctx, w: Writer) -> None:
        if stock_place(st.dest, ctx) or (st.source is not None and stock_place(st.source, ctx)):
            src = f"s.res[{ctx.me}]" if st.source is None else holder_place(st.source, ctx, self.res)
            w.line(f"R.move_bag({src}, {holder_place(st.dest, ctx, self.res)}, {self.value(st.bag, ctx)})")
            return
        src = ctx.me if st.source is None else self.value(st.source, ctx)
        w.line(f"R.transfer(s, {src}, {self.value(st.dest, ctx)}, {self.value(st.bag, ctx)})")

    def _advance(self, st: ast.Advance, ctx: Ctx, w: Writer) -> None:
        track = ctx.mode.tracks[st.track.name]
        target = self._track_target(track, st.key, ctx.me, ctx)
        if track.low is not None:  # a ranged track stops at its ends (construct 12)
            w.line(f"{target} = {self._clamp(track, f'{target} + {self.value(st.amount, ctx)}', ctx)}")
            return
        w.line(f"{target} += {self.value(st.amount, ctx)}")

    def _track_target(self, track: ast.Track, key, who: str, ctx: Ctx) -> str:
        """The Python place of ``track``'s marker: ``who``'s, or the one of ``key``."""
        if key is not None:
            return f"s.gtr[{literal(track.name)}][{self.value(key, ctx)}]"
        if track.per_player:
            return f"s.tr[{literal(track.name)}][{who}]"
        return f"s.gtr[{literal(track.name)}]"

    def _clamp(self, track: ast.Track, value: str, ctx: Ctx) -> str:
        """``value`` kept inside ``track``'s range (ends folded when they are constants)."""
        if track.low is None or track.high is None:
            return value
        bounds = constfold.track_bounds(ctx.mode, track)
        if bounds and re.fullmatch(r"-?[0-9]+", value):  # a number written out: clamped here
            return str(min(max(int(value), bounds[0]), bounds[1]))
        low, high = (str(b) for b in bounds) if bounds else (self.value(track.low, ctx),
                                                              self.value(track.high, ctx))
        return f"min(max({value}, {low}), {high})"

    def _transfer_all(self, st: ast.TransferAll, ctx: Ctx, w: Writer) -> None:
        var = ctx.fresh("h")
        w.line(f"{var} = {holder_place(st.source, ctx, self.res)}")
        w.line(f"R.move_bag({var}, {holder_place(st.dest, ctx, self.res)}, tuple({var}))")

    def _gain_into(self, st: ast.GainInto, ctx: Ctx, w: Writer) -> None:
        w.line(f"R.move_bag(None, {stock_place(st.dest, ctx)}, {self.value(st.bag, ctx)})")

    def _clear(self, st: ast.Clear, ctx: Ctx, w: Writer) -> None:
        var = ctx.fresh("h")
        w.line(f"{var} = {stock_place(st.stock, ctx)}")
        w.line(f"{var}[:] = [0] * len({var})")

    def _set_track(self, st: ast.SetTrack, ctx: Ctx, w: Writer) -> None:
        if st.track.name in ctx.mode.dice and st.track.name not in ctx.mode.tracks:  # turn a die
            index = "1" if st.key is None else self.value(st.key, ctx)
            w.line(f"R.set_die(s, g, {literal(st.track.name)}, {index}, {self.value(st.value, ctx)})")
            return
        track = ctx.mode.tracks[st.track.name]
        target = self._track_target(track, st.key, ctx.me, ctx)
        w.line(f"{target} = {self._clamp(track, self.value(st.value, ctx), ctx)}")

    def _set_state(self, st: ast.SetState, ctx: Ctx, w: Writer) -> None:
        owner = ctx.scope.locals.get(st.var.name)
        if owner is not None and owner.definite() == N.PLAYER:  # `set p.morale = 3`: p's track
            track = ctx.mode.tracks[st.state.name]
            target = self._track_target(track, None, f"v_{st.var.name}", ctx)
            w.line(f"{target} = {self._clamp(track, self.value(st.value, ctx), ctx)}")
            return
        w.line(f"s.cst[{literal(st.state.name)}][v_{st.var.name}] = {self.value(st.value, ctx)}")

    def _draw(self, st: ast.Draw | ast.Reveal, ctx: Ctx, w: Writer) -> None:
        res = self.res
        w.line(f"R.draw(s, g, {self.value(st.count, ctx)}, {literal(st.source.zone.name)}, "
               f"{owner(st.source, ctx, res)}, {literal(st.dest.zone.name)}, {owner(st.dest, ctx, res)})")

    def _move_card(self, st: ast.MoveCard, ctx: Ctx, w: Writer) -> None:
        card = self.value(st.card, ctx)
        maybe = _maybe(st.card, ctx)
        if maybe:  # a card that is nothing (-1) moves nothing
            var = ctx.fresh("m")
            w.line(f"{var} = {card}")
            w.line(f"if {var} >= 0:")
            w.level += 1
            card = var
        w.line(f"R.move(s, g, {card}, {literal(st.dest.zone.name)}, "
               f"{owner(st.dest, ctx, self.res)}{_bottom(st.bottom)})")
        if maybe:
            w.level -= 1

    def _move_all(self, st: ast.MoveAll, ctx: Ctx, w: Writer) -> None:
        if st.bottom:  # under the destination's cards, in their order: the top one goes first
            var = ctx.fresh("c")
            w.line(f"for {var} in reversed(list({zone(st.source, ctx, self.res)})):")
            w.line(f"    R.move(s, g, {var}, {literal(st.dest.zone.name)}, {owner(st.dest, ctx, self.res)}, "
                   "bottom=True)")
            return
        w.line(f"R.move_all(s, g, {literal(st.source.zone.name)}, {owner(st.source, ctx, self.res)}, "
               f"{literal(st.dest.zone.name)}, {owner(st.dest, ctx, self.res)})")

    def _roll(self, st: ast.Roll, ctx: Ctx, w: Writer) -> None:
        if st.die.name in ctx.mode.dice and st.die.name not in ctx.scope.locals:  # construct 16
            index = "" if st.index is None else f", {self.value(st.index, ctx)}"
            w.line(f"R.roll_dice(s, g, {literal(st.die.name)}{index})")
            return
        sides = ctx.mode.pieces[ctx.scope.locals[st.die.name].of].sides
        w.line(f"s.cst['value'][v_{st.die.name}] = R.randrange(s, {sides}) + 1")

    def _put_catalogue(self, st: ast.PutCatalogue, ctx: Ctx, w: Writer) -> None:
        var = ctx.fresh("c")
        cat = f"CATALOGUE_{st.catalogue.name.upper()}"
        if st.where is None:
            cards = cat
        else:
            ctype = (st.catalogue.name if st.catalogue.name in ctx.mode.pieces
                     else ctx.mode.catalogues[st.catalogue.name].card_type.name)
            cards = f"[{var} for {var} in {cat} if {self.value(st.where, ctx.with_card(var, ctype))}]"
        w.line(f"R.put(s, g, {cards}, {literal(st.dest.zone.name)}, {owner(st.dest, ctx, self.res)})")

    def _choose_cards(self, st: ast.ChooseCards, ctx: Ctx, w: Writer) -> None:
        res = self.res
        per_player = ctx.mode.zones[st.source.zone.name].per_player
        chooser = owner(st.source, ctx, res) if per_player else ctx.me
        then = self._then(st, ctx) if st.then else ""
        count = self.value(st.count, ctx)
        w.line(f"R.choose_cards(s, g, {chooser}, {count}, {literal(st.source.zone.name)}, "
               f"{owner(st.source, ctx, res)}, {literal(st.dest.zone.name)}, {owner(st.dest, ctx, res)}"
               f"{_bottom(st.bottom)}{then})")

    def _each_player(self, st: ast.EachPlayer, ctx: Ctx, w: Writer) -> None:
        var = ctx.fresh("p")
        if st.selects:  # the players selected, worked out once before the first runs the body
            w.line(f"for {var} in {_players(st.where, st.measures, st.then_where, ctx, self.res)}:")
        else:
            w.line(f"for {var} in R.turn_order(s):")
        w.level += 1
        self.block(st.body, ctx.with_me(var), w)
        w.level -= 1

    def _for_each(self, st: ast.ForEach, ctx: Ctx, w: Writer) -> None:
        enum = _loop_enum(st.zone, ctx)
        if enum is not None:  # for each k in ENUM: each member, in declaration order
            inner = ctx.local(st.var.name, N.Type.enum(enum.name))
            w.line(f"for v_{st.var.name} in {literal(tuple(m.name for m in enum.members))}:")
            w.level += 1
            if st.where is not None:
                w.line(f"if not {self.value(st.where, inner)}:")
                w.line("    continue")
            self.block(st.body, inner, w)
            w.level -= 1
            return
        ctype = _zone_card(st.zone, ctx)
        inner = ctx.local(st.var.name, N.Type.card(ctype))
        w.line(f"for v_{st.var.name} in list({zone(st.zone, ctx, self.res)}):")
        w.level += 1
        if st.where is not None:
            w.line(f"if not {self.value(st.where, inner.with_card(f'v_{st.var.name}', ctype))}:")
            w.line("    continue")
        self.block(st.body, inner, w)
        w.level -= 1

    def _if(self, st: ast.If, ctx: Ctx, w: Writer) -> None:
        w.line(f"if {self.value(st.condition, ctx)}:")
        w.level += 1
        self.block(st.then, ctx, w)
        w.level -= 1
        if st.otherwise:
            w.line("else:")
            w.level += 1
            self.block(st.otherwise, ctx, w)
            w.level -= 1

    def _look_at(self, st: ast.LookAt, ctx: Ctx, w: Writer) -> None:
        """``look at Z { ... }``: nothing of its own at run time; the choices inside show the
        chooser the zone while they are open (``State.observation``)."""
        self.block(st.body, ctx, w)

    def _first_player_most(self, st: ast.FirstPlayerMost, ctx: Ctx, w: Writer) -> None:
        var = ctx.fresh("q")
        w.line(f"s.first = max(range(s.n), key=lambda {var}: {self.value(st.expr, ctx.with_me(var))})")

    def _do_procedure(self, st: ast.DoProcedure, ctx: Ctx, w: Writer) -> None:
        args = "".join(f", {self.value(a, ctx)}" for a in st.args)
        w.line(f"g.PR[{literal(st.procedure.name)}](g, s, {ctx.me}{args})")

    def _ask(self, st: ast.Ask, ctx: Ctx, w: Writer) -> None:
        fn = self.name_function("ask", self.owner)
        self.ask_names.append(fn)
        env = self._env(ctx)
        labels = tuple(o.label for o in st.options)
        w.line(f"R.ask(s, {expr(st.who, ctx, self.res)}, {literal(labels)}, {literal(fn)}, {env}, {ctx.me})")
        body = Writer()
        body.line(f"def {fn}(g, s, p, env, label):")
        body.level += 1
        body.docstring(f"Options of the question at spec line {st.span.line}.")
        for n in sorted(ctx.scope.locals):
            body.line(f"v_{n} = env[{literal(n)}]")
        inner = ctx.with_me("p")
        for i, option in enumerate(st.options):
            self.cite(option.span.line, body)
            body.line(f"{'if' if i == 0 else 'elif'} label == {literal(option.label)}:")
            body.level += 1
            self.block(option.body, inner, body)
            body.level -= 1
        self.extra.append(body.source())

    @staticmethod
    def _env(ctx: Ctx) -> str:
        """Python source of a dict of the locals in scope (kept while a decision waits)."""
        return "{" + ", ".join(f"{literal(n)}: v_{n}" for n in sorted(ctx.scope.locals)) + "}"

    def _continuation(self, kind: str, doc: str, ctx: Ctx) -> tuple[str, Writer]:
        """A new module-level function ``kind_<owner>(g, s, p, env, card)`` that runs
        the rest of an effect once a decision is made: its name (registered in
        ``ASKS``) and its writer, with the waiting locals restored from ``env``."""
        fn = self.name_function(kind, self.owner)
        self.ask_names.append(fn)
        body = Writer()
        body.line(f"def {fn}(g, s, p, env, card):")
        body.level += 1
        body.docstring(doc)
        for n in sorted(ctx.scope.locals):
            body.line(f"v_{n} = env[{literal(n)}]")
        return fn, body

    def _then(self, st: ast.ChooseCards, ctx: Ctx) -> str:
        """``choose N cards ... then { body }``: ``body`` becomes a function run once the
        cards are chosen; returns the extra arguments of ``R.choose_cards``."""
        fn, body = self._continuation(
            "then", f"The rest of the effect once the cards of spec line {st.span.line} are chosen.", ctx)
        self.block(st.then, ctx.with_me("p"), body)
        self.extra.append(body.source())
        return f", then={literal(fn)}, env={self._env(ctx)}, me={ctx.me}"

    def _choose_card(self, st: ast.ChooseCard, ctx: Ctx, w: Writer) -> None:
        """``choose c: card in ZONE where ... { body }``: the cards to choose from are
        listed now; ``body`` becomes a function run with the card chosen."""
        ctype = _zone_card(st.zone, ctx)
        var = f"v_{st.var.name}"
        inner = ctx.local(st.var.name, N.Type.card(ctype))
        cards = zone(st.zone, ctx, self.res)
        if st.where is not None:
            cond = expr(st.where, inner.with_card(var, ctype), self.res)
            cards = f"[{var} for {var} in {cards} if {cond}]"
        fn, body = self._continuation(
            "pick", f"The rest of the effect once a card is chosen at spec line {st.span.line}.", ctx)
        w.line(f"R.choose_card(s, {ctx.me}, {cards}, {literal(st.zone.zone.name)}, "
               f"{owner(st.zone, ctx, self.res)}, {literal(fn)}, {self._env(ctx)})")
        body.line(f"{var} = card")
        self.block(st.body, inner.with_me("p"), body)
        self.extra.append(body.source())


def _one_item(st: ast.Gain | ast.Pay, ctx: Ctx, res: Resources, w: Writer) -> bool:
    """``gain disc[k] n``, ``pay water morale``: a bag of one item whose amount or key is
    worked out in play changes one resource in place, with no bag built; True when
    written so (a constant bag goes through ``R.gain``/``R.pay`` as before)."""
    bag = st.bag
    if type(bag) is not ast.BagLiteral or len(bag.items) != 1 or bag.constant() is not None:
        return False
    item = bag.items[0]
    index, n = slot(item.resource.name, item.key, ctx, res), amount(item.amount, ctx, res)
    if type(st) is ast.Gain:
        w.line(f"s.res[{ctx.me}][{index}] += {n}")
    else:
        w.line(f"R.pay_one(s, {ctx.me}, {index}, {n})")
    return True


#: The lowering of every statement class (``dsl.ast.Stmt``): ``lower(lowering, st, ctx,
#: w)`` writes the Python of ``st`` to ``w`` and returns the context of the statements
#: after it when ``st`` binds a name, else None.  A new kind of statement adds its rule here.
STATEMENTS: dict[type, Callable[[StmtLowering, Any, Ctx, Writer], Ctx | None]] = {
    ast.Let: StmtLowering._let,
    ast.Gain: StmtLowering._gain,
    ast.Pay: StmtLowering._pay,
    ast.Release: lambda low, st, ctx, w: w.line(f"R.release(s, g, {ctx.me}, {low.value(st.bag, ctx)})"),
    ast.Transfer: StmtLowering._transfer,
    ast.Score: lambda low, st, ctx, w: w.line(
        f"s.tr[{literal(low.score_track)}][{ctx.me}] += {low.value(st.amount, ctx)}"),
    ast.Advance: StmtLowering._advance,
    ast.Draw: StmtLowering._draw,
    ast.Reveal: StmtLowering._draw,
    ast.MoveCard: StmtLowering._move_card,
    ast.MoveAll: StmtLowering._move_all,
    ast.Roll: StmtLowering._roll,
    ast.PutCatalogue: StmtLowering._put_catalogue,
    ast.Shuffle: lambda low, st, ctx, w: w.line(
        f"R.shuffle(s, {literal(st.zone.zone.name)}, {owner(st.zone, ctx, low.res)})"),
    ast.ChooseCards: StmtLowering._choose_cards,
    ast.EachPlayer: StmtLowering._each_player,
    ast.ForEach: StmtLowering._for_each,
    ast.If: StmtLowering._if,
    ast.LookAt: StmtLowering._look_at,
    ast.SetState: StmtLowering._set_state,
    ast.SetTrack: StmtLowering._set_track,
    ast.TransferAll: StmtLowering._transfer_all,
    ast.GainInto: StmtLowering._gain_into,
    ast.Clear: StmtLowering._clear,
    ast.FirstPlayerTo: lambda low, st, ctx, w: w.line(f"s.first = {low.value(st.player, ctx)}"),
    ast.Done: lambda low, st, ctx, w: w.line(f"s.done[{ctx.me}] = True"),
    ast.Again: lambda low, st, ctx, w: w.line("s.again = True"),
    ast.PassFirstPlayer: lambda low, st, ctx, w: w.line("s.first = (s.first + 1) % s.n"),
    ast.FirstPlayerRandom: lambda low, st, ctx, w: w.line("s.first = R.randrange(s, s.n)"),
    ast.FirstPlayerMost: StmtLowering._first_player_most,
    ast.DoProcedure: StmtLowering._do_procedure,
    ast.Ask: StmtLowering._ask,
    ast.ChooseCard: StmtLowering._choose_card,
}
