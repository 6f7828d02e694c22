"""Lowering of bag expressions to Python source (constructs 6 and 7): bags written out
(``water 2 + disc[k] n``), arithmetic on bags, ``has``, and the amounts of bag items.

Split from :mod:`compiler.engine.pyexpr` (issue 9's size rule): its rules for
``BagLiteral``, ``Arith`` (numbers or bags) and ``Has`` are registered in
:data:`compiler.engine.pyexpr.EXPRESSIONS` when this module is imported, which
:mod:`compiler.engine.pyexpr` does.
"""

from __future__ import annotations

from dsl import ast
from compiler.analysis import names as N
from compiler.engine.pyexpr import EXPRESSIONS, _IDENT, Ctx, Resources, _chain, expr, slot, stock_place
from compiler.engine.pyquote import literal


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


EXPRESSIONS.update({
    ast.Arith: _arith,
    ast.BagLiteral: _bag_literal,
    ast.Has: _has,
})
