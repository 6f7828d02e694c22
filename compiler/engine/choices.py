"""An action's choices in its engine: the loop over each choice's options in the
legal-actions function, and what decides where the requirements are tested.

Each choice domain has one rule in :data:`DOMAINS` (the lowering's table of domains).
A requirement is tested as soon as the choices it reads are made
(:func:`choices_read`); a ``who has C`` requirement on a bag choice ``C`` filters the
bundles once (:func:`bag_fits`); one bounding a number choice narrows its range
(:func:`range_bound`).
"""

from __future__ import annotations

from collections.abc import Callable
import re
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from compiler.analysis import names as N
from compiler.engine.hoisting import hoist_reads, share_lines
from compiler.engine.pyexpr import Ctx, enum_members, expr, zone
from compiler.engine.statements import Writer
from compiler.engine.pyquote import literal
from dsl import ast

if TYPE_CHECKING:
    from compiler.engine.codegen import EngineGenerator


def bag_fits(a: ast.Action) -> dict[int, int]:
    """The requirements of ``a`` of the form ``[who] has C`` where ``C`` is one of its bag
    choices and ``who`` (a name) is known before ``C`` is made: requirement index ->
    choice index (the first such requirement of each choice)."""
    fits: dict[int, int] = {}
    for i, req in enumerate(a.requires):
        if type(req) is not ast.Has or type(req.bag) is not ast.Name:
            continue
        if req.who is not None and type(req.who) is not ast.Name:
            continue
        for j, c in enumerate(a.choices):
            if c.name == req.bag.name and isinstance(c.domain, ast.BagDomain):
                if j not in fits.values() and (
                        req.who is None or choices_read(req.who, a.choices) <= j):
                    fits[i] = j
                break
    return fits


def _tightest(bounds: list[str], op: str, name: str, w: Writer) -> str:
    """Emit ``name`` = the largest (``op`` ``>``) or smallest (``<``) of ``bounds`` (the
    first is the declared constant); returns the Python source of the bound."""
    if len(bounds) == 1:
        return bounds[0]
    w.line(f"{name} = {bounds[1]}")
    for src in bounds[2:]:
        w.line(f"if {src} {op} {name}:")
        w.line(f"    {name} = {src}")
    w.line(f"if {bounds[0]} {op} {name}:")
    w.line(f"    {name} = {bounds[0]}")
    return name


_FLIP = {">=": "<=", "<=": ">=", ">": "<", "<": ">"}


def range_bound(req, name: str):
    """``req`` as a bound on the number choice ``name``, when it is ``TERMS op X`` (either
    way round) with ``name`` one of the added TERMS and nowhere else: ``(kind, X, other
    terms, delta)``, meaning ``name >= X - terms + delta`` (kind ``low``) or ``<=``
    (``high``).  None for any other requirement (and for one that rolls dice or
    divides, which must keep being worked out value by value)."""
    if type(req) is not ast.Compare or req.op not in _FLIP:
        return None
    for side, other, op in ((req.left, req.right, req.op), (req.right, req.left, _FLIP[req.op])):
        terms = side.operands if type(side) is ast.Arith and set(side.ops) == {"+"} else (side,)
        mine = [t for t in terms if type(t) is ast.Name and t.name == name]
        rest = [t for t in terms if not (type(t) is ast.Name and t.name == name)]
        if len(mine) != 1:
            continue
        if any(_reads(t, name) or _unsafe(t) for t in (*rest, other)):
            return None
        kind = "low" if op in (">=", ">") else "high"
        delta = {">": 1, "<": -1}.get(op, 0)
        return kind, other, rest, delta
    return None


def caps_total(req, name: str) -> bool:
    """Whether ``req`` is ``TERMS <= X`` (or ``<``, either way round) with ``total(name)``
    one of the added TERMS and ``name`` read nowhere else: it caps the total of the bag
    choice ``name``.  A bag choice lists its bundles smallest first, so once one bundle
    fails such a requirement every later one does too, and the loop can stop there."""
    if type(req) is not ast.Compare or req.op not in _FLIP:
        return False
    for side, other, op in ((req.left, req.right, req.op), (req.right, req.left, _FLIP[req.op])):
        if op not in ("<=", "<"):
            continue
        terms = side.operands if type(side) is ast.Arith and set(side.ops) == {"+"} else (side,)
        mine = [t for t in terms if _is_total_of(t, name)]
        rest = [t for t in terms if not _is_total_of(t, name)]
        if len(mine) == 1 and not any(_reads(t, name) or _unsafe(t) for t in (*rest, other)):
            return True
    return False


def _is_total_of(e, name: str) -> bool:
    return (type(e) is ast.Call and e.func.name == "total" and len(e.args) == 1
            and type(e.args[0]) is ast.Name and e.args[0].name == name)


def steady_side(req, choices: tuple[ast.Choice, ...], level: int) -> str | None:
    """``"left"`` or ``"right"``: the side of the comparison ``req`` (tested once choice
    ``level - 1`` is made) that reads none of the choices from that one on and is worth
    working out once before its loop (not a plain number, name or ``me``); None when
    ``req`` is no comparison or neither side is such."""
    if type(req) is not ast.Compare:
        return None
    for side in ("left", "right"):
        e = getattr(req, side)
        chosen = type(e) is ast.Name and any(c.name == e.name for c in choices)
        if (type(e) not in _PLAIN and not chosen and choices_read(e, choices) < level
                and hoistable(e) and choices_read(req, choices) == level):
            return side
    return None


_PLAIN = (ast.Number, ast.Bool, ast.Text, ast.Me, ast.PlayerCount, ast.Nothing, ast.Nobody)


def hoistable(e) -> bool:
    """Whether ``e`` may be worked out before the loop it was written in: no dice, no
    division and no ``best`` (which fails on an empty zone the loop might never reach)."""
    return not _unsafe(e) and not any(isinstance(n, ast.Best) for n in ast.walk(e))


def _reads(e, name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.name == name for n in ast.walk(e))


def _unsafe(e) -> bool:
    """Dice or a division (an error or a draw that must happen value by value)."""
    return any(isinstance(n, ast.RollValue) or (isinstance(n, ast.Arith) and "//" in n.ops)
               for n in ast.walk(e))


def choices_read(e, choices: tuple[ast.Choice, ...]) -> int:
    """How many of an action's choices must be made before ``e`` can be worked out:
    1 + the position of the last choice it names (0 when it names none)."""
    read = set()
    for node in ast.walk(e):
        if isinstance(node, ast.Name):
            read.add(node.name)
        elif isinstance(node, ast.Attribute):
            read.add(node.obj)
        elif isinstance(node, ast.Index) and node.owner is not None:  # p.disc[k]
            read.add(node.owner)
        elif isinstance(node, ast.ZoneRef):
            read.update((node.owner, node.zone.name))
    return max((i + 1 for i, c in enumerate(choices) if c.name in read), default=0)


def _card_domain(gen: EngineGenerator, c: ast.Choice, type_: N.Type, ctx: Ctx, w: Writer) -> Ctx:
    d, var, inner = c.domain, f"v_{c.name}", ctx.local(c.name, type_)
    listed = getattr(gen, "_options", {}).get(id(c))
    if listed is not None:  # filtered before the outer loops (see card_options)
        w.line(f"for {var} in {listed}:")
        return inner
    w.line(f"for {var} in {zone(d.zone, ctx, gen.res)}:")
    if d.where is not None:  # bare field names read the card being chosen
        w.line(f"    if not {expr(d.where, inner.with_card(var, type_.of), gen.res)}:")
        w.line("        continue")
    return inner


def invariant_card_choice(a: ast.Action, j: int) -> bool:
    """Whether choice ``j`` of ``a`` picks cards of a zone (or sets of cards), with its
    ``where``, that reads none of the choices before it (so its options can be listed once,
    before the loops over those choices); or is the first choice, of cards with a ``where``
    (listed before its loop, that list is shared with the other actions that make it)."""
    c = a.choices[j]
    if j == 0:  # the first choice: listed first only to be shared (see card_options)
        return type(c.domain) is ast.CardDomain and c.domain.where is not None \
            and hoistable(c.domain.where)
    return (type(c.domain) in (ast.CardDomain, ast.SubsetDomain)
            and choices_read(c.domain, a.choices[:j]) == 0
            and (c.domain.where is None or hoistable(c.domain.where)))


def card_options(gen: EngineGenerator, c: ast.Choice, type_: N.Type, reqs: list, ctx: Ctx,
                 w: Writer) -> None:
    """Emit the list of the options of the card choice ``c`` that its ``where`` and the
    requirements ``reqs`` (which read no other choice) allow, in the zone's order, for
    the loop over ``c`` inside the loops of the choices before it."""
    d, var, inner = c.domain, f"v_{c.name}", ctx.local(c.name, type_)
    on_card = inner.with_card(var, type_.of)
    source = zone(d.zone, ctx, gen.res)
    grouped = _field_equals(d.where, on_card, gen) if _self_contained(source, var) else None
    if grouped is not None:  # `where FIELD == VALUE and ...`: the zone's cards of that value
        field, value, rest = grouped
        groups = ctx.fresh("groups")
        shared = gen._shared.setdefault(f"R.group_by({source}, {field})", len(gen._shared))
        gen.lower.cite(c.span.line, w)
        w.line(f"{groups} = s._cse.get({shared})")
        w.line(f"if {groups} is None:  # the zone's cards by {field[2:]} (grouped once for these cards)")
        w.line(f"    {groups} = s._cse[{shared}] = R.grouped(s.game, {source}, {field})")
        source = f"{groups}.get({value}, ())"
        tests = [expr(x, on_card, gen.res) for x in rest]
    else:
        tests = [] if d.where is None else [expr(d.where, on_card, gen.res)]
    for req in reqs:
        gen.lower.cite(req.span.line, w)
        tests.append(expr(req, inner, gen.res))
    gen.lower.cite(c.span.line, w)
    listed = ctx.fresh("options")
    cond = f" if {' and '.join(tests)}" if tests else ""
    options = f"[{var} for {var} in {source}{cond}]"
    # the tables the condition reads are looked up once, not for every card (see hoisting)
    if grouped is None and _self_contained(options, var):
        # The same list in other actions of the phase is made once per decision: the
        # state's table of shared lists (s._cse, emptied before each decision) under the
        # number of this list's code.
        shared = gen._shared.setdefault(options, len(gen._shared))
        w.line(f"{listed} = s._cse.get({shared})")
        w.line(f"if {listed} is None:  # not made yet for this decision by another action")
        w.level += 1
        w.line(f"{listed} = s._cse[{shared}] = {hoist_reads(options, ctx.fresh, w)}")
        w.level -= 1
    else:
        w.line(f"{listed} = {hoist_reads(options, ctx.fresh, w)}")
    gen._options[id(c)] = listed


def _field_equals(where, on_card: Ctx, gen: EngineGenerator, constant: bool = True):
    """When ``where`` is ``FIELD == VALUE`` (or that first of conditions joined by
    ``and``), FIELD a field of the card being chosen (the same for a card all game)
    and VALUE a constant (or, not ``constant``, any value that reads neither the card
    nor dice): (the Python table of FIELD, VALUE's source, the other conditions).
    Else None."""
    if where is None or _unsafe(where):
        return None
    parts = list(where.operands) if type(where) is ast.And else [where]
    first = parts[0]
    if type(first) is not ast.Compare or first.op != "==":
        return None
    for field, value in ((first.left, first.right), (first.right, first.left)):
        if type(field) is not ast.Name:
            continue
        b = N.resolve(on_card.mode, on_card.scope, field.name)
        if b is None or b.kind != "card_field":
            continue
        if type(value) in (ast.Number, ast.Text, ast.Bool):
            pass
        elif not constant and type(value) in (ast.Me, ast.PlayerCount):
            pass
        elif type(value) is ast.Name:
            vb = N.resolve(on_card.mode, on_card.scope, value.name)
            if vb is None or vb.kind != "enum_member":
                continue
        else:
            continue
        return f"F_{field.name}", expr(value, on_card, gen.res), parts[1:]
    return None


_LOCAL = re.compile(r"\b(_[a-z]+\d+|v_\w+)\b")


def _self_contained(code: str, var: str) -> bool:
    """Whether the Python expression ``code`` names no local variable of the function
    but ``var`` and those it binds itself (``for NAME in``): its value depends only on
    the state, ``p`` and ``g``."""
    bound = set(re.findall(r"for (\w+) in", code)) | {var}
    return all(name in bound for name in _LOCAL.findall(code))


def _player_domain(gen: EngineGenerator, c: ast.Choice, type_: N.Type, ctx: Ctx, w: Writer) -> Ctx:
    var = f"v_{c.name}"
    w.line(f"for {var} in range(s.h):")  # the human players (construct 20)
    if c.domain.others_only:
        w.line(f"    if {var} == p:")
        w.line("        continue")
    return ctx.local(c.name, type_)


def _bag_domain(gen: EngineGenerator, c: ast.Choice, type_: N.Type, ctx: Ctx, w: Writer) -> Ctx:
    # each bundle with its total, worked out here rather than in the loop
    total = f"t_{c.name}"
    fit = getattr(gen, "_fit_vars", {}).get(id(c))
    w.line(f"for v_{c.name}, {total} in {fit or literal(gen._bundles(c.domain))}:")
    return ctx.local(c.name, type_, total)


def _enum_domain(gen: EngineGenerator, c: ast.Choice, type_: N.Type, ctx: Ctx, w: Writer) -> Ctx:
    """``choose k: knowledge where C``: each member, in declaration order."""
    d, var, inner = c.domain, f"v_{c.name}", ctx.local(c.name, type_)
    w.line(f"for {var} in {enum_members(ctx.mode.enums[d.enum.name], gen.res)}:")
    if d.where is not None:
        w.line(f"    if not {expr(d.where, inner, gen.res)}:")
        w.line("        continue")
    return inner


def _subset_domain(gen: EngineGenerator, c: ast.Choice, type_: N.Type, ctx: Ctx, w: Writer) -> Ctx:
    listed = getattr(gen, "_options", {}).get(id(c))
    if listed is not None:  # the sets were made before the outer loops (see subset_options)
        w.line(f"for v_{c.name} in {listed}:")
        return ctx.local(c.name, type_)
    sets = _subsets(gen, c, ctx, w)
    w.line(f"for v_{c.name} in {sets}[1:]:  # the non-empty ones")
    return ctx.local(c.name, type_)


def _subsets(gen: EngineGenerator, c: ast.Choice, ctx: Ctx, w: Writer, size: int | None = None) -> str:
    """Emit the list of every set of cards the subset choice ``c`` may pick, the empty
    one first (or, given ``size``, of the sets of that many cards only, in the same
    order); returns its variable."""
    d = c.domain
    items, sets, part, card = ctx.fresh("items"), ctx.fresh("sets"), ctx.fresh("set"), ctx.fresh("c")
    inner = ctx.with_card(card, d.card_type.name)
    start = len(w.lines)
    walked = _zone_walked(gen, d, inner)
    if walked is not None:
        # `it in ZONE`: the cards of that zone, in the order of their ids (the order of the
        # catalogue, as below), without testing every card of the type
        src, rest = walked
        cond = f" if {' and '.join(expr(x, inner, gen.res) for x in rest)}" if rest else ""
        w.line(f"{items} = [{card} for {card} in sorted({src}){cond}]" if cond
               else f"{items} = sorted({src})")
    elif (grouped := _field_equals(d.where, inner, gen, constant=False)) is not None:
        # `where FIELD == X and ...`: the cards of the type with that X, from a table of
        # the type's cards by FIELD made once per game (kept in the game's memo)
        field, value, rest = grouped
        groups = ctx.fresh("groups")
        key = literal(("cards by", d.card_type.name, field))
        w.line(f"{groups} = s.game.memo.get({key})")
        w.line(f"if {groups} is None:")
        w.line(f"    {groups} = s.game.memo[{key}] = "
               f"R.group_by(CARDS_OF[{literal(d.card_type.name)}], {field})")
        cond = "".join(f" and {expr(x, inner, gen.res)}" for x in rest)
        w.line(f"{items} = [{card} for {card} in {groups}.get({value}, ()) "
               f"if s.loc[{card}] is not None{cond}]")
    else:
        cond = ""
        if d.where is not None:
            cond = f" and {expr(d.where, inner, gen.res)}"
        w.line(f"{items} = [{card} for {card} in CARDS_OF[{literal(d.card_type.name)}] "
               f"if s.loc[{card}] is not None{cond}]")
    if size is not None:
        w.line(f"{sets} = R.sets_of_size({items}, {size})")
        return sets
    # every set, in the order of the binary numbers whose bits pick the items: each item
    # adds, after the sets before it, each of those sets with the item (one tuple each)
    w.line(f"{sets} = [()]")
    w.line(f"for {card} in {items}:")
    w.line(f"    {sets} += [{part} + ({card},) for {part} in {sets}]")
    share_lines(gen._shared, sets, start, w)  # the same sets in another action: made once
    return sets


def _zone_walked(gen: EngineGenerator, d: ast.SubsetDomain, inner: Ctx):
    """When the ``where`` of a subset choice is ``it in ZONE`` (or that and more, joined
    by ``and``), ZONE of one owner holding cards of the choice's type, and nothing in
    it rolls dice: (the Python source of ZONE's list, the other conditions).  Else None."""
    if d.where is None or _unsafe(d.where):
        return None
    parts = list(d.where.operands) if type(d.where) is ast.And else [d.where]
    for i, part in enumerate(parts):
        if type(part) is not ast.InZone or type(part.card) is not ast.It:
            continue
        z = part.zone
        decl = inner.mode.zones.get(z.zone.name)
        card_type = getattr(getattr(decl, "card_type", None), "name", None)
        if decl is None or decl.per_card is not None or card_type != d.card_type.name:
            continue
        if decl.per_player and z.owner is None and z.owner_expr is None:
            continue  # that zone of any player
        return zone(z, inner, gen.res), parts[:i] + parts[i + 1:]
    return None


def subset_options(gen: EngineGenerator, c: ast.Choice, type_: N.Type, reqs: list, ctx: Ctx,
                   w: Writer) -> None:
    """Emit the list of the sets the subset choice ``c`` offers that the requirements
    ``reqs`` (which read no other choice) allow, in the choice's order, for the loop over
    ``c`` inside the loops of the choices before it (made once, not in each of them)."""
    gen.lower.cite(c.span.line, w)
    sized = next(((req, n) for req in reqs if (n := _set_size(req, c.name)) is not None), None)
    if sized is not None and sized[1] > 0:
        reqs = [req for req in reqs if req is not sized[0]]
        gen.lower.cite(sized[0].span.line, w)
        sets = _subsets(gen, c, ctx, w, size=sized[1])
    else:
        sets = _subsets(gen, c, ctx, w)
    inner = ctx.local(c.name, type_)
    tests = []
    for req in reqs:
        gen.lower.cite(req.span.line, w)
        tests.append(expr(req, inner, gen.res))
    listed = ctx.fresh("options")
    cond = f" if {' and '.join(tests)}" if tests else ""
    if sized is not None and sized[1] <= 0:
        w.line(f"{listed} = []  # no set of {sized[1]} cards is offered (the empty one never is)")
    elif sized is not None:
        if not cond:
            gen._options[id(c)] = sets
            return
        w.line(f"{listed} = [v_{c.name} for v_{c.name} in {sets}{cond}]")
    else:
        w.line(f"{listed} = [v_{c.name} for v_{c.name} in {sets}[1:]{cond}]  # the non-empty ones")
    gen._options[id(c)] = listed


def _set_size(req, name: str) -> int | None:
    """N when ``req`` is ``count NAME == N`` (either way round, N a number): the subset
    choice ``NAME`` offers only its sets of N cards."""
    if type(req) is not ast.Compare or req.op != "==":
        return None
    for side, other in ((req.left, req.right), (req.right, req.left)):
        if (type(side) is ast.Count and side.where is None and side.zone.zone.name == name
                and side.zone.owner is None and side.zone.owner_expr is None
                and type(other) is ast.Number):
            return other.value
    return None


def _range_domain(gen: EngineGenerator, c: ast.Choice, type_: N.Type, ctx: Ctx, w: Writer) -> Ctx:
    hoisted = getattr(gen, "_hoisted", {})  # limits worked out before an outer loop
    low = hoisted.get((id(c), "low")) or range_limit(gen, c, "low", ctx, w)
    high = hoisted.get((id(c), "high")) or range_limit(gen, c, "high", ctx, w)
    w.line(f"for v_{c.name} in range({low}, {high} + 1):")
    return ctx.local(c.name, type_)


def range_limit(gen: EngineGenerator, c: ast.Choice, kind: str, ctx: Ctx, w: Writer) -> str:
    """Emit the lowest (``kind`` ``"low"``) or highest (``"high"``) value of the number
    choice ``c`` that its requirements allow (see :func:`range_bound`); returns the
    Python source of it (a variable, or the declared constant when nothing bounds it)."""
    d = c.domain
    hoisted = getattr(gen, "_hoisted", {})
    limits = [str(d.low if kind == "low" else d.high)]
    for bound in getattr(gen, "_bounds", {}).get(id(c), ()):
        if bound[1] == kind:
            gen.lower.cite(bound[0].span.line, w)
            limits.append(hoisted.get(id(bound)) or _bound_source(gen, bound, ctx))
    # the bounds as plain comparisons (cheaper than calls of max and min)
    return _tightest(limits, ">" if kind == "low" else "<", ctx.fresh(kind), w)


def bound_limit(gen: EngineGenerator, c: ast.Choice, bound: tuple, ctx: Ctx, w: Writer) -> str:
    """Emit one bound of the number choice ``c`` (see :func:`range_bound`), kept within
    the choice's declared range (which changes nothing: the range's own limit is applied
    too); returns the variable holding it."""
    req, kind, *_ = bound
    gen.lower.cite(req.span.line, w)
    d = c.domain
    limits = [str(d.low if kind == "low" else d.high), _bound_source(gen, bound, ctx)]
    return _tightest(limits, ">" if kind == "low" else "<", ctx.fresh("bound"), w)


def _bound_source(gen: EngineGenerator, bound: tuple, ctx: Ctx) -> str:
    _, _, x, rest, delta = bound
    src = expr(x, ctx, gen.res) + "".join(f" - {expr(r, ctx, gen.res)}" for r in rest)
    return src + (f" + {delta}" if delta > 0 else f" - {-delta}" if delta < 0 else "")


_PURE = (ast.Number, ast.Bool, ast.Arith, ast.Compare, ast.Not, ast.And, ast.Or, ast.Neg,
         ast.Me, ast.PlayerCount, ast.Ident)


def state_free(e, choices: tuple[ast.Choice, ...], params) -> bool:
    """Whether ``e`` reads nothing of the state that changes during a game: only the
    action's choices (and the totals of its bags), the mode's ``params``, the player
    acting and the number of players."""
    names = {c.name for c in choices}
    for node in ast.walk(e):
        if type(node) is ast.Name:
            if node.name not in names and node.name not in params:
                return False
        elif type(node) is ast.Call:
            if node.func.name not in ("total", "max", "min"):
                return False
        elif not isinstance(node, _PURE):
            return False
    return True


def memo_depth(a: ast.Action, params, levels: list, fits: dict[int, int], bounds: dict,
               hoists: dict[int, list[tuple]]) -> int:
    """How many choices of ``a`` are made before the rest of its legal-action loops reads
    no state at all, but only values worked out before them (the bundles a player's
    resources allow, the limits of number choices) and ``state_free`` expressions: the
    actions below that point depend only on those values, so an engine works them out
    once per game for each (at worst, with every choice made, each action alone).
    The fewest such choices.

    ``levels`` places each requirement (see ``EngineGenerator._legal``), ``fits`` are
    the bundle filters (:func:`bag_fits`), ``bounds`` the bounds of number choices by
    choice id, ``hoists`` the limits worked out early, by depth."""
    placed = {}  # id(bound), or (id(choice), kind), -> depth where it is worked out
    for depth, items in hoists.items():
        for c, kind, bound in items:
            placed[(id(c), kind) if bound is None else id(bound)] = depth
    n = len(a.choices)
    for k in range(n):
        below = a.choices[k:]
        if not all(type(c.domain) in (ast.BagDomain, ast.RangeDomain, ast.PlayerDomain)
                   for c in below):
            continue
        ok = True
        for i, req in enumerate(a.requires):
            if i in fits:
                ok = ok and -1 - levels[i] <= k
            elif levels[i] is not None and levels[i] > k:
                ok = ok and state_free(req, a.choices, params)
        for c in below:
            for bound in bounds.get(id(c), ()):
                early = placed.get((id(c), bound[1]), placed.get(id(bound), n + 1))
                if early > k:
                    ok = ok and all(state_free(t, a.choices, params) for t in (bound[2], *bound[3]))
        if ok:
            return k
    return n


#: The loop of every choice domain (``dsl.ast.Domain``): ``rule(generator, choice, type_,
#: ctx, w)`` writes the ``for`` line over the options of the choice (of ``type_``, as the
#: checker typed it) and the filter of its ``where``, and returns the context inside the
#: loop.  A new kind of domain adds its rule here.
def _given_domain(gen: EngineGenerator, c: ast.Choice, type_: N.Type, ctx: Ctx, w: Writer) -> Ctx:
    """``given w: T = D`` (construct 3): the value ``take ... with w = E`` gives, else D."""
    w.line(f"for v_{c.name} in R.given(s, {literal(c.name)}, {expr(c.domain.default, ctx, gen.res)}):")
    return ctx.local(c.name, type_)


DOMAINS: dict[type, Callable[[EngineGenerator, ast.Choice, N.Type, Ctx, Writer], Ctx]] = {
    ast.CardDomain: _card_domain,
    ast.PlayerDomain: _player_domain,
    ast.BagDomain: _bag_domain,
    ast.SubsetDomain: _subset_domain,
    ast.RangeDomain: _range_domain,
    ast.EnumDomain: _enum_domain,
    ast.GivenDomain: _given_domain,
}


def bag_items(kinds: list[str], size: int):
    """Every bag of ``size`` items of ``kinds`` (with repetition), as ``{kind: count}``, in
    the order of ``combinations_with_replacement``.  A combination holds ``size`` items, so
    a large bag of few kinds (``1000000000 of coin``) is counted out kind by kind instead:
    the checker bounds the number of bags (E0506), not their size."""
    if size <= len(kinds):
        for combo in combinations_with_replacement(kinds, size):
            items: dict[str, int] = {}
            for k in combo:
                items[k] = items.get(k, 0) + 1
            yield items
        return
    if not kinds:
        return
    counts = [size] + [0] * (len(kinds) - 1)  # descending, as combinations list them
    while True:
        items = {}
        for k, n in zip(kinds, counts):
            if n:
                items[k] = items.get(k, 0) + n
        yield items
        i = next((i for i in range(len(counts) - 2, -1, -1) if counts[i]), None)
        if i is None:
            return
        rest = counts[-1]  # everything right of i is in the last kind
        counts[i] -= 1
        counts[i + 1:] = [rest + 1] + [0] * (len(counts) - i - 2)
