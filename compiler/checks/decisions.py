"""Checks of decisions in the middle of effects (construct 2; issue 11 design, 1.1).

A decision may stand anywhere in a block and the statements after it wait for the
answer (E0510, "a decision must be last", is retired).  What is left to check:

* E0513: inside a loop (``for each``, ``each player``), a decision must be the last thing
  a round does: rounds that wait in their middle are not part of the language yet;
* W0130: a statement-form ``choose r: card in Z`` whose card no statement after it names
  (it skips them all when there is no card: ``choose 1 cards`` goes on instead).

Which statements may wait is :mod:`compiler.analysis.waits`, which the engine's lowering
reads too.
"""

from __future__ import annotations

from dsl import ast, codes
from compiler.analysis import card_rules, waits


def check_mode(mode, cards: list[dict], report) -> None:
    """Report the problems above in ``mode``'s rules (setup, phases' hooks, actions,
    triggers, procedures); ``cards`` are the catalogue entries (a ``do c.f(...)`` may wait
    when a procedure they name may); ``report`` (a :class:`dsl.diagnostics.Report`)
    receives each."""
    waiting = waits.procedures_that_wait([mode.procedures], card_rules.procedure_rules([mode], cards))
    for stmts in _blocks(mode):
        for node in ast.walk(stmts):
            late = _late(node.body, waiting) if isinstance(node, waits.LOOPS) else None
            if late is not None:
                report.error(codes.LOOP_ROUND_WAITS, "this statement comes after a decision in the "
                             "same round of a loop: a round cannot wait in its middle yet",
                             late.span, hint="move it before the decision, or after the loop (it "
                             "then waits for every round's answer)")
            if isinstance(node, ast.ChooseCard) and node.rest and not _named(node.var.name, node.body):
                report.warning(codes.CHOICE_UNUSED, _unused_message(node), node.var.span,
                               hint="write `choose 1 cards from ... into ...`, which "
                               "goes on when there is none, or use the card")


def _unused_message(node: ast.ChooseCard) -> str:
    """The warning's words: with statements after the choice, they are skipped for nothing."""
    if not node.body:
        return f"nothing comes after this choice, so the card `{node.var.name}` is never used"
    return (f"no statement after this choice names `{node.var.name}`, and they are all skipped "
            "when there is no card")


def _late(stmts, waiting: frozenset[str]):
    """The first statement of ``stmts`` (or of a block inside them) that comes after a
    statement that may wait and is not itself a decision (E0513), or None."""
    for i, st in enumerate(stmts):
        if isinstance(st, ast.ChooseCard) and st.rest and st.body:  # its body is the rest of its block
            return st.body[0]
        if waits.may_wait(st, waiting):
            after = [x for x in stmts[i + 1:] if not waits.only_decides(x)]
            if after:
                return after[0]
            for body in waits.bodies(st):
                found = _late(body, waiting)
                if found is not None:
                    return found
    return None


def _blocks(mode):
    """Every block of statements of ``mode`` a rule runs."""
    if mode.setup is not None:
        yield mode.setup.body
    for phase in mode.phases.values():
        yield from (phase.on_enter, phase.on_exit, phase.on_turn)
    for rule in (*mode.actions.values(), *mode.triggers.values(), *mode.procedures.values()):
        yield rule.effect


def _named(name: str, stmts) -> bool:
    """Whether any statement of ``stmts`` reads the local ``name``: as a name or reference
    (``t``, ``do t.f(...)``, ``hand of t``), as the card or player of a field
    (``t.needed``, ``t.hand``, ``t.disc[k]``).  A bound name that is rebound inside
    counts: this check only needs to be conservative."""
    return any(name in _names_read(node) for node in ast.walk(stmts))


def _names_read(node) -> tuple[str | None, ...]:
    """The local names one node reads itself (not through its children)."""
    if isinstance(node, (ast.Ident, ast.Name)):
        return (node.name,)
    if isinstance(node, ast.Attribute):
        return (node.obj,)
    if isinstance(node, (ast.ZoneRef, ast.Index)):
        return (node.owner,)
    return ()
