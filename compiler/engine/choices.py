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
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from compiler.analysis import names as N
from compiler.engine.pyexpr import Ctx, Writer, expr, zone
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
    w.line(f"for {var} in {zone(d.zone, ctx, gen.res)}:")
    if d.where is not None:  # bare field names read the card being chosen
        w.line(f"    if not {expr(d.where, inner.with_card(var, type_.of), gen.res)}:")
        w.line("        continue")
    return inner


def _player_domain(gen: EngineGenerator, c: ast.Choice, type_: N.Type, ctx: Ctx, w: Writer) -> Ctx:
    var = f"v_{c.name}"
    w.line(f"for {var} in range(s.n):")
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
    members = tuple(m.name for m in ctx.mode.enums[d.enum.name].members)
    w.line(f"for {var} in {literal(members)}:")
    if d.where is not None:
        w.line(f"    if not {expr(d.where, inner, gen.res)}:")
        w.line("        continue")
    return inner


def _subset_domain(gen: EngineGenerator, c: ast.Choice, type_: N.Type, ctx: Ctx, w: Writer) -> Ctx:
    d = c.domain
    items, mask, card = ctx.fresh("items"), ctx.fresh("mask"), ctx.fresh("c")
    cond = ""
    if d.where is not None:
        cond = f" and {expr(d.where, ctx.with_card(card, d.card_type.name), gen.res)}"
    w.line(f"{items} = [{card} for {card} in CARDS_OF[{literal(d.card_type.name)}] "
           f"if s.loc[{card}] is not None{cond}]")
    w.line(f"for {mask} in range(1, 1 << len({items})):")
    w.line(f"    v_{c.name} = tuple({card} for i, {card} in enumerate({items}) if {mask} >> i & 1)")
    return ctx.local(c.name, type_)


def _range_domain(gen: EngineGenerator, c: ast.Choice, type_: N.Type, ctx: Ctx, w: Writer) -> Ctx:
    d = c.domain
    lows, highs = [str(d.low)], [str(d.high)]
    for req, kind, x, rest, delta in getattr(gen, "_bounds", {}).get(id(c), ()):
        gen.lower.cite(req.span.line, w)
        src = expr(x, ctx, gen.res) + "".join(f" - {expr(r, ctx, gen.res)}" for r in rest)
        src += f" + {delta}" if delta > 0 else f" - {-delta}" if delta < 0 else ""
        (lows if kind == "low" else highs).append(src)
    # the bounds as plain comparisons (cheaper than calls of max and min)
    low = _tightest(lows, ">", ctx.fresh("low"), w)
    high = _tightest(highs, "<", ctx.fresh("high"), w)
    w.line(f"for v_{c.name} in range({low}, {high} + 1):")
    return ctx.local(c.name, type_)


#: The loop of every choice domain (``dsl.ast.Domain``): ``rule(generator, choice, type_,
#: ctx, w)`` writes the ``for`` line over the options of the choice (of ``type_``, as the
#: checker typed it) and the filter of its ``where``, and returns the context inside the
#: loop.  A new kind of domain adds its rule here.
DOMAINS: dict[type, Callable[[EngineGenerator, ast.Choice, N.Type, Ctx, Writer], Ctx]] = {
    ast.CardDomain: _card_domain,
    ast.PlayerDomain: _player_domain,
    ast.BagDomain: _bag_domain,
    ast.SubsetDomain: _subset_domain,
    ast.RangeDomain: _range_domain,
    ast.EnumDomain: _enum_domain,
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
