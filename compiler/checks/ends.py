"""How the game ends, and when the flow moves on: the types of transition conditions,
end conditions, `win when`, `winner most`, `winners players ...` and tie-breakers
(E0503), a spec with no end (E0530), an end with two winners rules (E0411; the same one
written twice is found by the parser, which keeps the first), tie-breakers of an end that
does not decide by `winner most` (E0414), a `finish
round` end no transition into `end` acts on (E0412), an end that an earlier `immediately`
end with the same condition shadows (W0125), roll-offs (E0506, E0560).  End conditions
that can never hold are :mod:`compiler.checks.impossible_ends`.  (E0570, a second `end`
block, is retired: a mode may have several.)"""

from __future__ import annotations

from dsl import ast, codes
from dsl.diagnostics import Note
from compiler.analysis import names as N
from compiler.analysis.constfold import fold, mode_env
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
        self.same_conditions(list(m.ends.values()))
        for end in m.ends.values():
            self.one_winners_rule(end)
            self.acted_on(end)
            if end.winners is not None:
                w = end.winners
                self.player_select(w.where, w.measures, w.then_where, N.Scope())
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

    def one_winners_rule(self, end: ast.End) -> None:
        """An end says who wins in one way; a second winners rule would be ignored."""
        rules = end.winners_rules()
        if not rules:
            score = next((t.name for t in self.mode.tracks.values() if t.is_score), None)
            self.report.error(codes.NO_WINNERS_RULE, f"the end `{end.name}` does not say who wins: the "
                              "game would end with no winner", end.span,
                              hint=f"add the rulebook's rule, e.g. `winner most {score or 'vp'}`, or "
                              "`nobody wins` if nobody does")
        if end.tie_breakers and rules and end.winner_most is None:
            tb = end.tie_breakers[0]
            self.report.error(codes.TIE_BREAKER_UNUSED, f"tie-breaker \"{tb.label}\" breaks ties of "
                              f"`winner most`, but the end `{end.name}` decides by `{rules[0]}`, so "
                              "it would be ignored", tb.span,
                              hint="remove the tie-breakers, or write `winner most E` if the "
                              "rulebook says so")
        if len(rules) > 1:
            self.report.error(codes.TWO_WINNERS_RULES, f"the end `{end.name}` has two winners rules, "
                              f"`{rules[0]}` and `{rules[1]}`: only one would decide", end.span,
                              hint="keep the one the rulebook states; for several ways to win, write "
                              "several `end` blocks, each with its own winners")

    def acted_on(self, end: ast.End) -> None:
        """A `finish round` end only latches; a transition into `end` that is
        unconditional, or reads its name (directly or through a derived value), stops
        the game.  Without one the game would go on after it triggered."""
        m = self.mode
        if not end.finish_round or end.when is None or m.flow is None:
            return
        into_end = [e for e in m.flow.edges if e.dest.name == "end"
                    and (e.condition is None or fold(e.condition, mode_env(m)) is not False)]
        if not into_end:  # no transition into `end` that can be taken: E0403
            return
        if any(e.condition is None or end.name in _reads(m, e.condition) for e in into_end):
            return
        self.report.error(codes.FINISH_ROUND_NEVER_ENDS, f"the end `{end.name}` waits for the round to "
                          "finish, but no transition into `end` reads it, so the game would go on "
                          "after it triggered", end.span,
                          hint=f"add `PHASE -> end when {end.name}` to the flow where the round is "
                          "over, or make the end `immediately`",
                          notes=[Note("a transition into `end`", e.span) for e in into_end][:2])

    def same_conditions(self, ends: list[ast.End]) -> None:
        """An end whose condition an earlier `immediately` end already has never triggers."""
        seen: dict[object, ast.End] = {}
        for end in ends:
            if end.when is None:
                continue
            shape = _shape(end.when)
            first = seen.get(shape)
            if first is not None:
                self.report.warning(codes.END_SAME_CONDITION, f"the end `{end.name}` has the same "
                                    f"condition as `{first.name}`, which ends the game at once, so "
                                    f"`{end.name}` never triggers", end.span,
                                    hint="give it the condition the rulebook states for it, or remove it",
                                    notes=[Note(f"`{first.name}` comes first", first.when.span)])
            elif end.immediately:
                seen[shape] = end

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


def _shape(node) -> object:
    """An expression as nested tuples without its spans: equal for the same condition
    written in two places."""
    fields = getattr(node, "__dataclass_fields__", None)
    if fields is not None:
        return (type(node).__name__, *(_shape(getattr(node, f)) for f in fields if f != "span"))
    if isinstance(node, (tuple, list)):
        return tuple(_shape(x) for x in node)
    return node


def _reads(mode, e, depth: int = 0) -> set[str]:
    """The names an expression reads, with those of the derived values it reads (a
    few levels deep)."""
    names = {n.name for n in ast.walk(e) if isinstance(n, ast.Name)}
    if depth < 8:
        for name in list(names):
            d = mode.derived.get(name)
            if d is not None:
                names |= _reads(mode, d.expr, depth + 1)
    return names
