"""Checks of decisions in the middle of effects (construct 2; issue 11 design, 1.1).

A decision may stand anywhere in a block and the statements after it wait for the
answer (E0510, "a decision must be last", is retired), in a round of a loop too (E0513,
"a round cannot wait in its middle", is retired).  What is left to check:

* E0801: ``done`` or ``again`` inside ``as PLAYER { }`` (construct 21), written there or
  run by a rule it runs (a procedure, an action taken, a card's rule): they would finish
  or extend another player's turn;
* W0130: a statement-form ``choose r: card in Z`` whose card no statement after it names
  (it skips them all when there is no card: ``choose 1 cards`` goes on instead);
* W0155: a value chosen (``choose k: knowledge``, ``choose n: 1 to 3``...) that no
  statement waiting for it reads.

Which statements may wait, and which loops run round by round, is
:mod:`compiler.analysis.waits`, which the engine's lowering reads.
"""

from __future__ import annotations

from dsl import ast, codes
from compiler.analysis import card_rules


def check_mode(mode, cards, report) -> None:
    """Report the problems above in ``mode``'s rules (setup, phases' hooks, actions,
    triggers, procedures); ``cards`` are the catalogues' entries (the rules a card field
    names); ``report`` (a :class:`dsl.diagnostics.Report`) receives each."""
    reported: set[int] = set()
    for stmts in _blocks(mode):
        for node in ast.walk(stmts):
            if isinstance(node, ast.AsPlayer):
                _as_ends_turn(mode, cards, node, reported, report)
            if isinstance(node, ast.ChooseCard) and node.rest and not _named(node.var.name, node.body):
                report.warning(codes.CHOICE_UNUSED, _unused_message(node), node.var.span,
                               hint="write `choose 1 cards from ... into ...`, which "
                               "goes on when there is none, or use the card")
            if isinstance(node, ast.ChooseValue) and not _named(node.choice.name, node.body):
                report.warning(codes.VALUE_CHOICE_UNUSED, f"no statement waiting for this choice reads "
                               f"`{node.choice.name}`", node.choice.span,
                               hint="use the value chosen, or remove the choice")


def _as_ends_turn(mode, cards, node: ast.AsPlayer, reported: set[int], report) -> None:
    """E0801 for each ``done``/``again`` inside ``as``, written in its block or run by a
    rule it runs (``do P()``, ``take action A``, ``take action c.f``, ``do c.f(...)``,
    at any depth), reported once, at the statement of the block (the rule may run
    elsewhere too, where it is right)."""
    for inner in ast.walk(node.body):
        if id(inner) in reported:
            continue
        if isinstance(inner, (ast.Done, ast.Again)):
            word, via = ("done" if isinstance(inner, ast.Done) else "again"), ""
        else:
            found = next(((kind, name, w) for kind, name in _rules_run(mode, cards, inner)
                          if (w := _ends_turn(mode, cards, kind, name, set())) is not None), None)
            if found is None:
                continue
            kind, name, word = found
            via = f" ({kind} `{name}` runs `{word}`)"
        reported.add(id(inner))
        verb = "finish" if word == "done" else "extend"
        report.error(codes.AS_ENDS_TURN, f"`{word}` inside `as` would {verb} the turn of the player "
                     f"`as` acts for{via}", inner.span,
                     hint="move it after the block, where \"you\" is the acting player again")


def _rules_run(mode, cards, node) -> list[tuple[str, str]]:
    """The rules one statement runs itself, as (``"procedure"`` or ``"action"``, name):
    ``do P()``, ``take action A`` / ``take one of ...``, and the rules a card field names
    (``do c.f(...)``, ``take action c.f``: every one its catalogue entries may name)."""
    if isinstance(node, ast.DoProcedure):
        return [("procedure", node.procedure.name)]
    if isinstance(node, ast.DoCardRule):
        return [("procedure", n) for n in _field_rules(mode, cards, node.field.name)]
    if isinstance(node, ast.TakeAction):
        named = [("action", i.name) for i in node.actions]
        if node.field is not None:
            named += [("action", n) for n in _field_rules(mode, cards, node.field.name)]
        return named
    return []


def _field_rules(mode, cards, field: str) -> list[str]:
    f = card_rules.rule_fields(mode).get(field)
    return [] if f is None else card_rules.rule_names(mode, f, cards)


def _ends_turn(mode, cards, kind: str, name: str, seen: set[tuple[str, str]]) -> str | None:
    """``done`` or ``again`` when the procedure or action ``name`` (or a rule it runs)
    says it, else None."""
    rule = (mode.procedures if kind == "procedure" else mode.actions).get(name)
    if rule is None or (kind, name) in seen:
        return None
    seen.add((kind, name))
    for node in ast.walk(rule.effect):
        if isinstance(node, (ast.Done, ast.Again)):
            return "done" if isinstance(node, ast.Done) else "again"
        for k, n in _rules_run(mode, cards, node):
            found = _ends_turn(mode, cards, k, n, seen)
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
