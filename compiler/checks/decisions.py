"""Checks of decisions in the middle of effects (construct 2; issue 11 design, 1.1).

A decision may stand anywhere in a block and the statements after it wait for the
answer (E0510, "a decision must be last", is retired), in a round of a loop too (E0513,
"a round cannot wait in its middle", is retired).  What is left to check:

* E0801: ``done`` or ``again`` inside ``as PLAYER { }`` (construct 21), written there or
  run by a procedure it runs: they would finish or extend another player's turn;
* W0130: a statement-form ``choose r: card in Z`` whose card no statement after it names
  (it skips them all when there is no card: ``choose 1 cards`` goes on instead).

Which statements may wait, and which loops run round by round, is
:mod:`compiler.analysis.waits`, which the engine's lowering reads.
"""

from __future__ import annotations

from dsl import ast, codes


def check_mode(mode, report) -> None:
    """Report the problems above in ``mode``'s rules (setup, phases' hooks, actions,
    triggers, procedures); ``report`` (a :class:`dsl.diagnostics.Report`) receives each."""
    reported: set[int] = set()
    for stmts in _blocks(mode):
        for node in ast.walk(stmts):
            if isinstance(node, ast.AsPlayer):
                _as_ends_turn(mode, node, reported, report)
            if isinstance(node, ast.ChooseCard) and node.rest and not _named(node.var.name, node.body):
                report.warning(codes.CHOICE_UNUSED, _unused_message(node), node.var.span,
                               hint="write `choose 1 cards from ... into ...`, which "
                               "goes on when there is none, or use the card")


def _as_ends_turn(mode, node: ast.AsPlayer, reported: set[int], report) -> None:
    """E0801 for each ``done``/``again`` inside ``as``, written in its block or run by a
    procedure it runs (``do P()``, at any depth), reported once, at the statement of the
    block (the procedure may run elsewhere too, where it is right)."""
    for inner in ast.walk(node.body):
        if id(inner) in reported:
            continue
        if isinstance(inner, (ast.Done, ast.Again)):
            word, via = ("done" if isinstance(inner, ast.Done) else "again"), ""
        elif isinstance(inner, ast.DoProcedure):
            ends = _ends_turn(mode, inner.procedure.name, set())
            if ends is None:
                continue
            word, via = ends, f" (procedure `{inner.procedure.name}` runs `{ends}`)"
        else:
            continue
        reported.add(id(inner))
        verb = "finish" if word == "done" else "extend"
        report.error(codes.AS_ENDS_TURN, f"`{word}` inside `as` would {verb} the turn of the player "
                     f"`as` acts for{via}", inner.span,
                     hint="move it after the block, where \"you\" is the acting player again")


def _ends_turn(mode, name: str, seen: set[str]) -> str | None:
    """``done`` or ``again`` when procedure ``name`` (or one it runs) says it, else None."""
    proc = mode.procedures.get(name)
    if proc is None or name in seen:
        return None
    seen.add(name)
    for node in ast.walk(proc.effect):
        if isinstance(node, (ast.Done, ast.Again)):
            return "done" if isinstance(node, ast.Done) else "again"
        if isinstance(node, ast.DoProcedure):
            found = _ends_turn(mode, node.procedure.name, seen)
            if found is not None:
                return found
    return None


def _unused_message(node: ast.ChooseCard) -> str:
    """The warning's words: with statements after the choice, they are skipped for nothing."""
    if not node.body:
        return f"nothing comes after this choice, so the card `{node.var.name}` is never used"
    return (f"no statement after this choice names `{node.var.name}`, and they are all skipped "
            "when there is no card")


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
