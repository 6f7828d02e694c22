"""The bodies of the rules: the setup, each action (its choices, requirements, uses
and effect), each procedure, and each trigger with the action it runs before; and
procedures that run themselves (E0206)."""

from __future__ import annotations

from dsl import ast, codes
from dsl.diagnostics import did_you_mean
from compiler.analysis import names as N
from compiler.analysis.types import TypeRecord
from compiler.checks.cycles import CycleChecker
from compiler.checks.statements import BlockChecker


def check_mode(mode, report, types: TypeRecord | None = None) -> None:
    """Report the problems above in ``mode``; ``report`` (a
    :class:`dsl.diagnostics.Report`) receives each, ``types`` the types found."""
    _Checks(mode, report, types).run()


class _Checks(BlockChecker):
    def run(self) -> None:
        m = self.mode
        if m.setup is not None:
            self.block(m.setup.body, N.Scope())
        for a in m.actions.values():
            self.action(a)
        for proc in m.procedures.values():
            self.procedure(proc)
        CycleChecker(m, self.report).procedure_cycles()
        for t in m.triggers.values():
            if not t.before and not t.after:
                self.report.error(codes.UNKNOWN_NAME, f"trigger `{t.name}` names no action to run before",
                                  t.span, hint="add `before some_action` (or `after some_action`)")
            for before in t.before + t.after:
                target = m.actions.get(before.name)
                if target is None:
                    when = "before" if before in t.before else "after"
                    self.report.error(codes.UNKNOWN_NAME,
                                      f"trigger runs {when} unknown action `{before.name}`", before.span,
                                      hint=did_you_mean(before.name, m.actions, "actions"))
                    continue
                self.block(t.effect, self.action_scope(target))

    def action(self, a: ast.Action) -> None:
        scope = self.action_scope(a)
        for req in a.requires:
            self.expect(req, N.BOOL, scope, "a requirement")
            scope = scope.narrow(*N.narrowing(req))  # what a requirement shows present (design 1.2)
        for use in a.uses:
            if use.amount == 0:
                self.report.warning(codes.COUNTS_NOTHING, "`uses ... 0` counts nothing", use.span,
                                    hint="remove the line or count at least 1")
            if use.tally.name not in self.mode.tallies:
                self.report.error(codes.UNKNOWN_NAME, f"unknown tally `{use.tally.name}`", use.tally.span,
                                  hint=did_you_mean(use.tally.name, self.mode.tallies, "tallies"))
        self.block(a.effect, scope)

    def procedure(self, proc: ast.Procedure) -> None:
        self.block(proc.effect, self.procedure_scope(proc))
