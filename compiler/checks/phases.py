"""Phases: their conditions and effects, the actions they offer (E0205, E0501), turns
only in a `turns` phase, no actions in an automatic one (E0408), and a way for each
player to finish a phase that waits for every player (E0407)."""

from __future__ import annotations

from dsl import ast, codes
from dsl.diagnostics import did_you_mean
from compiler.analysis import names as N
from compiler.analysis.types import TypeRecord
from compiler.checks.statement_effects import bodies
from compiler.checks.statements import BlockChecker


def check_mode(mode, report, types: TypeRecord | None = None) -> None:
    """Report the problems above in ``mode``; ``report`` (a
    :class:`dsl.diagnostics.Report`) receives each, ``types`` the types found."""
    _Checks(mode, report, types).run()


class _Checks(BlockChecker):
    def run(self) -> None:
        m = self.mode
        for ph in m.phases.values():
            if ph.only_when is not None:
                self.expect(ph.only_when, N.BOOL, N.Scope(), "`only when`")
            self.block(ph.on_enter, N.Scope())
            self.block(ph.on_exit, N.Scope())
            self.block(ph.on_turn, N.Scope())
            if ph.on_turn and ph.kind != "turns":
                self.report.error(codes.PHASE_KIND_FORBIDS,
                                  f"only a `turns` phase has turns; `{ph.name}` is {ph.kind}",
                                  ph.span, hint="move these effects to `on enter`")
            self.once(ph.actions, lambda i: i.name, codes.NAME_DECLARED_TWICE,
                      lambda i, ph=ph: f"phase `{ph.name}` offers `{i.name}` twice",
                      "list each action once", "first listed here")
            for ident in ph.actions:
                if ident.name not in m.actions:
                    self.report.error(codes.UNKNOWN_NAME,
                                      f"phase `{ph.name}` offers unknown action `{ident.name}`",
                                      ident.span, hint=did_you_mean(ident.name, m.actions)
                                      or f"declare it: `action {ident.name} \"...\" {{ ... }}`")
            if ph.kind in ("simultaneous", "turns") and ph.actions \
                    and all(i.name in m.actions for i in ph.actions):  # else E0501 said it
                finishing = [i.name for i in ph.actions if i.name in m.actions
                             and _finishes(m.actions[i.name].effect)]
                sudden = any(e.immediately for e in m.ends.values())
                if not finishing and (ph.kind == "simultaneous" or not sudden):
                    self.report.error(codes.PHASE_NEVER_FINISHES, f"phase `{ph.name}` waits for every "
                                      "player, but none of its actions lets a player finish", ph.span,
                                      hint="offer an action whose effect says `done`"
                                      + ("" if ph.kind == "simultaneous" else
                                         ", or end the game `immediately` when it is won"))
            elif ph.kind in ("automatic",) and ph.actions:
                self.report.error(codes.PHASE_KIND_FORBIDS, f"automatic phase `{ph.name}` cannot offer "
                                  "actions", ph.span,
                                  hint="make it `simultaneous`, `turns` or `draft`, or remove its `actions`")


def _finishes(stmts) -> bool:
    """Whether a ``done`` is in ``stmts`` or a block nested in them: an ``if``'s
    branches, an ``ask``'s options, and the rest of the block after a ``choose`` written
    without a block (a value or a card: the parser nests it in the choice)."""
    return any(isinstance(st, ast.Done) or any(_finishes(b) for b in bodies(st)) for st in stmts)
