"""How the game ends, and when the flow moves on: the types of transition conditions,
end conditions, `win when`, `winner most` and tie-breakers (E0503), a spec with no
end (E0530), an `end` block after the first, which the engine would never play (E0570),
roll-offs (E0506, E0560).  End conditions that can never hold are
:mod:`compiler.checks.impossible_ends`."""

from __future__ import annotations

from dsl import ast, codes
from dsl.diagnostics import Note
from compiler.analysis import names as N
from compiler.analysis.types import TypeRecord
from compiler.checks.typecheck import Checker


def check_mode(mode, report, types: TypeRecord | None = None) -> None:
    """Report the problems above in ``mode``; ``report`` (a
    :class:`dsl.diagnostics.Report`) receives each, ``types`` the types found."""
    _Checks(mode, report, types).run()


class _Checks(Checker):
    def run(self) -> None:
        m = self.mode
        if m.flow is not None:
            for e in m.flow.edges:
                if e.condition is not None:
                    self.expect(e.condition, N.BOOL, N.Scope(), "a transition condition")
        if not m.ends:
            self.report.error(codes.NO_END, "the spec never says how the game ends", m.game.span,
                              hint="add `end game_over { when ... winner most ... }`")
        self.second_ends(list(m.ends.values()))
        for end in m.ends.values():
            if end.when is not None:
                self.expect(end.when, N.BOOL, N.Scope(), "the end condition")
            if end.win_when is not None:
                self.expect(end.win_when, N.BOOL, N.Scope(), "`win when`")
            if end.winner_most is not None:
                self.expect(end.winner_most, N.INT, N.Scope(), "`winner most`")
            for i, tb in enumerate(end.tie_breakers):
                if isinstance(tb, ast.RollOff):
                    self.roll_off(tb, end.tie_breakers[i + 1:])
                else:
                    self.expect(tb.expr, N.INT, N.Scope(), "a tie-breaker")

    def second_ends(self, ends: list[ast.End]) -> None:
        """The engine plays the mode's first `end` block only (its condition, its timing,
        its winners), so every later one would be documented and never played."""
        for extra in ends[1:]:
            self.report.error(codes.SECOND_END, f"a second `end` block: the engine plays only the first, "
                              f"`{ends[0].name}`, so `{extra.name}` would never end the game", extra.span,
                              hint="join the conditions in one block (`when A or B`); several endings, "
                              "each with its own winners, come with the language's issue 11",
                              notes=[Note("the `end` block the engine plays", ends[0].span)])

    def roll_off(self, tb: ast.RollOff, after) -> None:
        """A roll-off rolls dice of at least 2 sides, and it breaks every tie it is given
        (players tied roll again), so no tie-breaker can follow it."""
        if tb.sides < 2:
            self.report.error(codes.OUT_OF_RANGE, "a roll-off needs a die of at least 2 sides", tb.span,
                              hint="write `sides 6` (any number from 2)")
        if after:
            self.report.error(codes.TIE_BREAKER_AFTER_ROLL_OFF, f"tie-breaker \"{after[0].label}\" comes "
                              "after a roll-off, which always breaks the tie, so it never applies",
                              after[0].span,
                              hint="make the roll-off the last tie-breaker",
                              notes=[Note("the roll-off", tb.span)])
