"""Engine backend of construct 3, taking another action from inside an effect: the
Python of ``take action`` (a question on the agenda, :func:`compiler.engine.runtime.take`)
and of ``can take`` (:func:`compiler.engine.runtime.can_take`).

A ``with x = E`` becomes ``(value, {action: index of its choice x})``: the runtime keeps
the legal instances of each action whose argument at that index is the value; for a
``given x`` input, ``{action: "x"}``: its legal actions are worked out with that value.  An
action card's own action (``take action c.f``, construct 1) is read from the rule names
of the field, by card id (``g.card_rules``); its ``with`` indexes cover every action
the field's cards name.
"""

from __future__ import annotations

from dsl import ast
from compiler.engine.pyexpr import Ctx, expr
from compiler.engine.pyquote import literal


def _candidates(st: ast.TakeAction | ast.CanTake, ctx: Ctx) -> list[str]:
    """The actions ``st`` may take: those it names, or every action of the mode for a
    card's action field (its ``with`` must fit each one the field names: E0816)."""
    if getattr(st, "card", None) is not None:
        return list(ctx.mode.actions)
    return [ident.name for ident in st.actions]


def _bound(st: ast.TakeAction | ast.CanTake, ctx: Ctx, res) -> str:
    """Python of the ``with`` values of ``st``: a tuple of ``(value, {action: index})``."""
    items = []
    for given in st.bound:
        idx = {}
        for name in _candidates(st, ctx):
            choices = ctx.mode.actions[name].choices
            names = [c.name for c in choices]
            if given.name.name in names:
                i = names.index(given.name.name)
                # a `given` input takes the value (its name); a choice keeps those instances (its index)
                idx[name] = given.name.name if isinstance(choices[i].domain, ast.GivenDomain) else i
        items.append(f"({expr(given.value, ctx, res)}, {literal(idx)})")
    return "(" + "".join(f"{item}, " for item in items) + ")"


def _actions(st: ast.TakeAction | ast.CanTake, ctx: Ctx) -> str:
    if getattr(st, "card", None) is not None:
        return f"(g.card_rules[{literal(st.field.name)}][1][v_{st.card.name}],)"
    return literal(tuple(ident.name for ident in st.actions))


def take_question(st: ast.TakeAction, ctx: Ctx, res) -> str:
    """Python (an expression, True when the question is asked) for ``take ...``."""
    optional = ", optional=True" if st.optional else ""
    return f"R.take(s, {ctx.me}, {_actions(st, ctx)}, {_bound(st, ctx, res)}{optional})"


def can_take(e: ast.CanTake, ctx: Ctx, res) -> str:
    """Python of ``can take ...``: whether a legal instance exists."""
    return f"R.can_take(s, {ctx.me}, {_actions(e, ctx)}, {_bound(e, ctx, res)})"


def takes(stmts, procedures: dict[str, list]) -> bool:
    """Whether ``stmts`` may take an action, itself or through the procedures it runs
    (``procedures``: name → the effects of that procedure in every mode).  Such an effect
    says whether it waits even when the take is the last thing it does, so the turn's
    bookkeeping (``again``, the next player) waits for the action taken."""
    seen: set[str] = set()
    todo = [stmts]
    while todo:
        for node in ast.walk(todo.pop()):
            if isinstance(node, ast.TakeAction):
                return True
            if isinstance(node, ast.DoProcedure) and node.procedure.name not in seen:
                seen.add(node.procedure.name)
                todo.extend(procedures.get(node.procedure.name, ()))
    return False
