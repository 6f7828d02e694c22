"""Which statements may wait for a player's answer (issue 11 design, 1.1.3).

A decision statement (``choose``, ``ask``, ``repeat up to``, which asks before each
round) may wait; so does a statement holding one (``if``, a loop, ``repeat``, ``as``,
``look at``), and ``do P(...)`` when procedure ``P`` may wait in any mode
(the calling code is shared by every mode that uses it, so the union is taken), and
``do c.f(...)`` when any procedure the field ``f`` may run (a catalogue entry's or its
default, in any mode: the union again) may wait.  An
``overflow`` draw or move does not wait: its question is deferred (1.1.4).

The engine backend lowers a block that may wait into continuations
(:mod:`compiler.engine.statements`); the checks (:mod:`compiler.checks.decisions`) use
the same answer, so the two cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from dsl import ast

#: The statements that ask a player something.
DECISIONS = (ast.ChooseCards, ast.ChooseCard, ast.Ask, ast.TakeAction,  # take: construct 3
             ast.ChooseValue)
#: The decisions that choose one thing and run a body with it (the rest of their block,
#: written without one).
CHOOSE_ONE = (ast.ChooseCard, ast.ChooseValue)
#: The statements that run a block of their own (their bodies, by :func:`bodies`).
COMPOUND = (ast.If, ast.EachPlayer, ast.ForEach, ast.LookAt, ast.Repeat, ast.AsPlayer, ast.EachSeat)
#: The compound statements that run their body several times (``each seat``: construct 20).
LOOPS = (ast.EachPlayer, ast.ForEach, ast.Repeat, ast.EachSeat)


def bodies(st) -> tuple[tuple, ...]:
    """The statement lists ``st`` runs: an ``if``'s two branches, a loop's body; the
    body of a block-form ``choose c: card in Z { }``, the options of ``ask`` and the
    ``then`` of ``choose N cards``; none for other statements."""
    if isinstance(st, ast.If):
        return (st.then, st.otherwise)
    if isinstance(st, (ast.EachPlayer, ast.ForEach, ast.LookAt, *CHOOSE_ONE, ast.Repeat, ast.AsPlayer,
                       ast.EachSeat)):
        return (st.body,)
    if isinstance(st, ast.Ask):
        return tuple(o.body for o in st.options)
    if isinstance(st, ast.ChooseCards):
        return (st.then,)
    return ()


def rule_field(name: str) -> str:
    """The member of a ``waiting`` set saying that ``do c.name(...)`` may wait (a dot
    first, so no procedure's name can be it)."""
    return "." + name


def procedures_that_wait(procedure_sets: Iterable[dict[str, ast.Procedure]],
                         fields: Mapping[str, Iterable[str]] | None = None) -> frozenset[str]:
    """The names of the procedures that may wait in any of the modes, whose procedures
    (name → declaration) are ``procedure_sets``: a decision in the body, or a call of a
    procedure that may wait (worked out to a fixed point, so recursion ends); with
    ``fields`` (procedure field → the procedures its cards name,
    :func:`compiler.analysis.card_rules.procedure_rules`), also :func:`rule_field` of
    each field one of whose procedures may wait, and a ``do c.f(...)`` calls them all."""
    calls: dict[str, set[str]] = {rule_field(f): set(names) for f, names in (fields or {}).items()}
    waiting: set[str] = set()
    for procs in procedure_sets:
        for name, proc in procs.items():
            callees = calls.setdefault(name, set())
            for node in ast.walk(proc.effect):
                if isinstance(node, DECISIONS) or isinstance(node, ast.Repeat) and node.up_to:
                    waiting.add(name)
                elif isinstance(node, ast.DoProcedure):
                    callees.add(node.procedure.name)
                elif isinstance(node, ast.DoCardRule):
                    callees.add(rule_field(node.field.name))
    changed = True
    while changed:
        changed = False
        for name, callees in calls.items():
            if name not in waiting and callees & waiting:
                waiting.add(name)
                changed = True
    return frozenset(waiting)


def may_wait(st, waiting: frozenset[str]) -> bool:
    """Whether statement ``st`` may wait for an answer, ``waiting`` naming the procedures
    (and cards' procedure fields) that may (:func:`procedures_that_wait`)."""
    if isinstance(st, DECISIONS) or isinstance(st, ast.Repeat) and st.up_to:
        return True
    if isinstance(st, ast.DoProcedure):
        return st.procedure.name in waiting
    if isinstance(st, ast.DoCardRule):
        return rule_field(st.field.name) in waiting
    if isinstance(st, COMPOUND):
        return any(block_may_wait(b, waiting) for b in bodies(st))
    return False


def block_may_wait(stmts, waiting: frozenset[str]) -> bool:
    """Whether any statement of ``stmts`` may wait."""
    return any(may_wait(st, waiting) for st in stmts)


def needs_rest(stmts, waiting: frozenset[str]) -> bool:
    """Whether a statement of ``stmts`` (at any depth) may wait with something to run
    after it in the same effect: then the effect is lowered into continuations;
    otherwise every decision is the last thing it does, and the effect is lowered as one
    function, its questions queued in order (as before construct 2).  A ``repeat`` or an
    ``as`` that may wait always needs it (their rounds, and "you" after an ``as``, go on
    after the answers)."""
    for i, st in enumerate(stmts):
        if not may_wait(st, waiting):
            continue
        if isinstance(st, (ast.Repeat, ast.AsPlayer)):
            return True
        if i + 1 < len(stmts) and not all(only_decides(x) for x in stmts[i + 1:]):
            return True
        if isinstance(st, (ast.If, ast.LookAt, ast.EachPlayer, ast.ForEach, ast.EachSeat)) \
                and any(needs_rest(b, waiting) for b in bodies(st)):
            return True
        if isinstance(st, CHOOSE_ONE) and (st.rest and st.body or needs_rest(st.body, waiting)):
            return True
        if isinstance(st, ast.ChooseCards) and needs_rest(st.then, waiting):
            return True
        if isinstance(st, ast.Ask) and any(needs_rest(b, waiting) for b in bodies(st)):
            return True
    return False


def rounds_wait(st, waiting: frozenset[str]) -> bool:
    """Whether loop ``st`` (``for each``, ``each player``, ``each seat``, ``repeat``) runs round by round:
    a round may wait with something after its decision (or it is a ``repeat`` that may
    wait), so each round's rest runs before the next round starts, the loop's place kept
    on the agenda (design 1.1.3).  A ``for each``, ``each player`` or ``each seat`` whose rounds only end
    with decisions is not: all its rounds run, their questions queued in order (1.1.4),
    as before construct 2, so the shipped games play the same."""
    if isinstance(st, ast.Repeat):
        return may_wait(st, waiting)
    return needs_rest(st.body, waiting)


def only_decides(st) -> bool:
    """A decision, or a block statement made of decisions only (no other statement of its
    own): decisions written one after another form a group, asked together (1.1.4)."""
    if isinstance(st, DECISIONS):
        return not (isinstance(st, CHOOSE_ONE) and st.rest and st.body)
    if isinstance(st, (ast.Repeat, ast.AsPlayer)):
        return False
    if isinstance(st, COMPOUND):
        return all(only_decides(x) for b in bodies(st) for x in b)
    return False
