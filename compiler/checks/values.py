"""Tracks, derived values and tallies: derived values defined through themselves
(E0206), where a track starts and its range (E0532, E0533), what it is kept per
(E0501, E0505), what a derived value computes, a tally's scopes and maximum (E0503,
E0506, W0103)."""

from __future__ import annotations

from dsl import ast, codes
from dsl.diagnostics import Note, did_you_mean
from compiler.analysis import constfold
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
            if t.low is not None:
                self.track_range(t)
        for d in m.dice.values():
            self.dice(d)
        for st in m.stocks.values():  # construct 18
            per = st.per_card
            if per is not None and per.name not in m.card_types and per.name not in m.pieces:
                self.report.error(codes.STOCK_PER_UNKNOWN, f"stock `{st.name}` is kept per `{per.name}`, "
                                  "which is not a card type", per.span,
                                  hint=did_you_mean(per.name, [*m.card_types, *m.pieces], "card types")
                                  or "name a card type, or leave out `per` for one stock for the game")
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
        for d in m.derived.values():  # with parameters (construct 14), they are its locals
            scope = self.procedure_scope(d) if d.params else N.Scope()
            # a number, or true/false when it is written as a condition (construct 1)
            self.expect(d.expr, N.derived_type(m, d), scope, f"derived value `{d.name}`")
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

    def track_range(self, t: ast.Track) -> None:
        """``range LOW to HIGH`` (construct 12): numbers (E0503), not empty (E0533), and
        the start inside it (E0532), when they fold before the game."""
        self.expect(t.low, N.INT, N.Scope(), "the low end of a track's range")
        self.expect(t.high, N.INT, N.Scope(), "the high end of a track's range")
        bounds = constfold.track_bounds(self.mode, t)
        if bounds is None:
            return
        low, high = bounds
        if low > high:
            self.report.error(codes.RANGE_EMPTY, f"track `{t.name}` runs from {low} to {high}: no value "
                              "is in that range", t.low.span,
                              hint=f"write the low end first: `range {high} to {low}`")
            return
        start = constfold.fold(t.start, constfold.mode_env(self.mode)) if t.start is not None else 0
        if isinstance(start, int) and not isinstance(start, bool) and not low <= start <= high:
            where = t.start.span if t.start is not None else t.span
            self.report.error(codes.START_OUTSIDE_RANGE, f"track `{t.name}` starts at {start}, outside its "
                              f"range {low} to {high}", where,
                              hint=f"start it inside the range (`start {low}`)" if t.start is not None
                              else f"a track starts at 0 unless told: add `start {low}`",
                              notes=[Note("the range", t.low.span)])

    def dice(self, d: ast.Dice) -> None:
        """A ``dice`` declaration (construct 16): ``sides`` or ``faces`` (E0537), at least
        one die of at least one side (E0506), faces all numbers or all members of one enum
        (E0501 for a name that is no member, E0534 for a mix)."""
        if (d.sides is None) == (not d.faces):
            self.report.error(codes.DICE_SIDES_AND_FACES, f"dice `{d.name}` need `sides` or `faces`, "
                              "not " + ("both" if d.faces else "neither"), d.span,
                              hint="`sides 6` for faces 1 to 6, or `faces 0, 1, 1, 2` to list them")
        if d.count < 1 or (d.sides is not None and d.sides < 1):
            self.report.error(codes.OUT_OF_RANGE, f"dice `{d.name}` need at least one die of at least one "
                              "side", d.count_span or d.span,
                              hint="write `count 1` or more, `sides 2` or more")
        members = N.enum_members(self.mode)
        enums = set()
        for f in d.faces:
            if isinstance(f, ast.Name):
                if f.name not in members:
                    self.report.error(codes.UNKNOWN_NAME, f"`{f.name}` is not a member of an enum", f.span,
                                      hint=did_you_mean(f.name, members, "members")
                                      or "declare an enum whose members are the faces")
                    return
                enums.add(members[f.name])
            else:
                enums.add(None)
        if len(enums) > 1:
            self.report.error(codes.DIE_FACES_MIXED, f"the faces of `{d.name}` mix "
                              + ("numbers and enum members" if None in enums else
                                 "members of " + " and ".join(f"`{e}`" for e in sorted(enums))),
                              d.faces[0].span, hint="list numbers only, or members of one enum only")

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
