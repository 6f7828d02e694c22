"""Costs nobody can ever pay: a resource paid or required that no rule gives (E0702).

A resource comes into the game only through ``gain`` (in the setup, a phase, an
action, a trigger or a procedure).  ``transfer`` and ``release`` only move what
players already hold.  What a ``gain`` gives is read from its bag: a literal
names its resources, a bag choice (``choose x: 2 of electricity, water``) its
kinds, a card's bag field (``gain b.output``) the resources that field holds in
the card catalogues; any other bag may give anything.  A cost is a ``pay`` or a
``has`` whose literal names the resource, or a card's bag field whose
catalogue entries hold it.
"""

from __future__ import annotations

from dsl import ast, codes
from dsl.diagnostics import Note
from compiler.checks.information import statements

ANY = None  # a bag that may hold any resource


def check_mode(mode, cards: list[dict], report) -> None:
    """Report E0702 for ``mode``; ``report`` (a :class:`dsl.diagnostics.Report`) receives it."""
    gained: set[str] = set()
    for locals_, stmts in _blocks(mode):
        for st in statements(stmts):
            if isinstance(st, ast.Gain):
                kinds = _bag_kinds(mode, cards, st.bag, locals_)
                if kinds is ANY:
                    return  # something may give any resource: nothing to report
                gained |= kinds
    first: dict[str, object] = {}  # the first cost of each resource nobody gains, in text order
    for locals_, exprs in _costs(mode):
        for bag, span in exprs:
            kinds = _bag_kinds(mode, cards, bag, locals_)
            for name in (kinds or set()) - gained:
                if name in mode.resources and (name not in first or (span.line, span.column) < (
                        first[name].line, first[name].column)):
                    first[name] = span
    for name, span in sorted(first.items()):
        report.error(codes.COST_NEVER_PAYABLE, f"this costs `{name}`, which no rule ever gives", span,
                     hint=f"add a way to gain it (`gain {name} 1` in the setup or an action), or remove "
                     "the cost", notes=(Note(f"`{name}` is declared here", mode.resources[name].span),))


def _blocks(mode):
    """(bag choices in force, statements) for every block of the mode."""
    for action in mode.actions.values():
        yield _bag_choices(action), action.effect
    for trigger in mode.triggers.values():
        choices: dict = {}
        for before in trigger.before:
            if before.name in mode.actions:
                choices.update(_bag_choices(mode.actions[before.name]))
        yield choices, trigger.effect
    for proc in mode.procedures.values():
        yield {}, proc.effect
    if mode.setup is not None:
        yield {}, mode.setup.body
    for ph in mode.phases.values():
        for block in (ph.on_enter, ph.on_exit, ph.on_turn):
            yield {}, block


def _costs(mode):
    """(bag choices in force, [(bag, span)]) for every ``pay`` and ``has``."""
    for locals_, stmts in _blocks(mode):
        found = []
        for st in statements(stmts):
            if isinstance(st, ast.Pay):
                found.append((st.bag, st.span))
            if isinstance(st, ast.If):
                found += [(h.bag, h.span) for h in _has_in(st.condition)]
        yield locals_, found
    for action in mode.actions.values():
        yield _bag_choices(action), [(h.bag, h.span) for req in action.requires for h in _has_in(req)]


def _has_in(e):
    """Every `has` test in an expression tree."""
    return (node for node in ast.walk(e) if isinstance(node, ast.Has))

def _bag_choices(action: ast.Action) -> dict[str, set[str]]:
    return {c.name: {k.name for k in c.domain.kinds} for c in action.choices
            if isinstance(c.domain, ast.BagDomain)}


def _bag_kinds(mode, cards, bag, locals_) -> set[str] | None:
    """The resources ``bag`` may hold, or ANY."""
    if isinstance(bag, ast.EmptyBag):
        return set()
    if isinstance(bag, ast.BagLiteral):
        return {item.resource.name for item in bag.items}
    if isinstance(bag, ast.Name) and bag.name in locals_:
        return set(locals_[bag.name])
    if isinstance(bag, ast.Attribute):
        holders = [ct for ct in mode.card_types.values()
                   if any(f.name == bag.attr and f.type.name == "bag" for f in ct.fields)]
        if len(holders) != 1:
            return ANY
        kinds: set[str] = set()
        for entry in cards:
            if entry.get("_card_type") == holders[0].name:
                value = entry.get(bag.attr)
                if isinstance(value, dict):
                    kinds |= {str(k) for k in value}
        field = next(f for f in holders[0].fields if f.name == bag.attr)
        if isinstance(field.default, ast.BagLiteral):
            kinds |= {item.resource.name for item in field.default.items}
        return kinds
    return ANY
