"""The type rules of seats (construct 20): ``seats`` (how many), ``any seat C``,
``every seat C``, ``every KIND C``, ``any KIND C``, ``KIND[i]`` (the i-th seat of an automaton kind, 1
first; a constant index below 1 is E0840) and ``each seat { }`` / ``each KIND { }``; an
unknown KIND is E0833.

:class:`~compiler.checks.typecheck.Checker` takes these methods from :class:`SeatRules`,
and the ``EXPRESSIONS`` / ``STATEMENTS`` tables name them.
"""

from __future__ import annotations

from dsl import ast, codes
from dsl.diagnostics import did_you_mean
from compiler.analysis import constfold
from compiler.analysis import names as N
from compiler.analysis.types import Type


class SeatRules:
    """The seat rules of :class:`~compiler.checks.typecheck.Checker` (which gives them
    ``mode``, ``report``, ``expect``)."""

    def seat_kind(self, kind: ast.Ident | None) -> None:
        """Report E0833 when ``kind`` (None: every seat) names no automaton of the mode."""
        if kind is not None and kind.name not in self.mode.automata:
            self.report.error(codes.SEAT_KIND_UNKNOWN, f"`{kind.name}` is not a kind of seat: no "
                              "automaton has that name", kind.span,
                              hint=did_you_mean(kind.name, self.mode.automata, "automata")
                              or f"declare it: `automaton {kind.name} \"...\" {{ turn in PHASE {{ ... }} }}`")

    def _seat_test(self, e: ast.SeatTest, scope: N.Scope) -> Type:
        self.seat_kind(e.kind)
        word = f"{'every' if e.every else 'any'} {e.kind.name if e.kind else 'seat'}"
        self.expect(e.condition, N.BOOL, scope, f"the condition of `{word}`")
        return N.BOOL

    def kind_seat(self, e: ast.Index, scope: N.Scope) -> Type | None:
        """``KIND[i]``: a seat, or ``nobody`` when the kind has fewer seats in this game (a
        player value that may be absent), when KIND is an automaton kind; else None."""
        if e.owner is not None or e.track.name not in self.mode.automata or e.track.name in scope.locals:
            return None
        self.expect(e.key, N.INT, scope, f"which `{e.track.name}` seat (1 is the first)")
        i = constfold.fold(e.key, constfold.mode_env(self.mode))
        if type(i) is int and i < 1:
            kind = e.track.name
            self.report.error(codes.SEAT_INDEX_BELOW_ONE, f"`{kind}[{i}]` is never a seat: the seats "
                              f"of a kind count from 1", e.key.span,
                              hint=f"the first `{kind}` seat is `{kind}[1]`")
        return N.MAYBE_PLAYER

    def each_seat(self, st: ast.EachSeat, scope: N.Scope) -> None:
        """``each seat { }``, ``each KIND { }``: the body, "you" being each seat in turn
        (called on a :class:`~compiler.checks.statements.BlockChecker`).  A decision in it
        is asked seat by seat, of an automaton seat's controller (E0838 is retired)."""
        self.seat_kind(st.kind)
        seat_rules, self.seat_rules = self.seat_rules, True  # type: ignore[has-type]
        self.block(st.body, scope)  # type: ignore[attr-defined]  # a BlockChecker's
        self.seat_rules = seat_rules
