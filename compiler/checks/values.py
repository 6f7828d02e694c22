"""Tracks, derived values and tallies: derived values defined through themselves
(E0206), where a track starts, what it is kept per (E0501, E0505), what a derived
value computes, a tally's scopes and maximum (E0503, E0506, W0103)."""

from __future__ import annotations

from dsl import ast, codes
from dsl.diagnostics import did_you_mean
from compiler.analysis import names as N
from compiler.analysis.types import TypeRecord
from compiler.checks.cycles import CycleChecker


def check_mode(mode, report, types: TypeRecord | None = None) -> None:
    """Report the problems above in ``mode``; ``report`` (a
    :class:`dsl.diagnostics.Report`) receives each, ``types`` the types found."""
    _Checks(mode, report, types).run()


class _Checks(CycleChecker):
    def run(self) -> None:
        m = self.mode
        self.derived_cycles()
        for t in m.tracks.values():
            if t.start is not None:
                self.expect(t.start, N.INT, N.Scope(), "where a track starts")
            if t.per_enum is not None:
                if t.per_enum.name not in m.enums:
                    self.report.error(codes.UNKNOWN_NAME, f"unknown enum `{t.per_enum.name}`",
                                      t.per_enum.span, hint=did_you_mean(t.per_enum.name, m.enums, "enums"))
                if t.per_player or t.is_score:
                    self.report.error(codes.WHOSE, f"track `{t.name}` is kept per {t.per_enum.name}; it "
                                      "cannot also be per player or the score", t.span,
                                      hint=f"keep either `per {t.per_enum.name}` or `per player`/`score`")
        for r in m.resources.values():  # a resource family: one resource per member of an enum
            if r.per_enum is not None and r.per_enum.name not in m.enums:
                self.report.error(codes.UNKNOWN_NAME, f"unknown enum `{r.per_enum.name}`", r.per_enum.span,
                                  hint="every player holds their own resources already: remove `per player`"
                                  if r.per_enum.name == "player" else
                                  did_you_mean(r.per_enum.name, m.enums, "enums")
                                  or "a resource is kept per the members of an enum")
        for d in m.derived.values():
            self.expect(d.expr, N.INT, N.Scope(), f"derived value `{d.name}`")
        for t in m.tallies.values():
            for sc in t.scopes:
                if sc not in ("player", "round", "game", "turn"):
                    self.report.error(codes.OUT_OF_RANGE, f"unknown tally scope `{sc}`", t.span,
                                      hint="a tally counts per player, round, game or turn")
            self._resets(t)
            if t.maximum is not None:
                self.expect(t.maximum, N.INT, N.Scope(), "a tally's maximum")
                if isinstance(t.maximum, ast.Number) and t.maximum.value == 0:
                    self.report.warning(codes.COUNTS_NOTHING, f"tally `{t.name}` allows nothing (max 0)",
                                        t.maximum.span, hint="remove the actions that use it instead")

    def _resets(self, t: ast.Tally) -> None:
        """W0120: a `per round` tally in a mode whose flow opens no round, or a `per turn`
        tally in a mode with no `turns` phase, never goes back to 0."""
        m = self.mode
        if "round" in t.scopes and (m.flow is None or m.flow.round_start is None):
            self.report.warning(codes.NEVER_RESETS, f"tally `{t.name}` counts per round, but the flow "
                                "names no phase that opens a round: it never goes back to 0", t.span,
                                hint="add `round starts at PHASE` to the flow, or count `per game`")
        if "turn" in t.scopes and not any(p.kind == "turns" for p in m.phases.values()):
            self.report.warning(codes.NEVER_RESETS, f"tally `{t.name}` counts per turn, but no phase "
                                "is played in `turns`: it never goes back to 0", t.span,
                                hint="make the phase `turns`, or count `per round` or `per game`")
