"""The game block in force in a mode: one score track kept per player (E0520), a
player count from 1 to MAX_PLAYERS (E0521), one default mode (E0202)."""

from __future__ import annotations

from dsl import codes
from dsl.diagnostics import Note
from compiler.analysis import limits
from compiler.checks.typecheck import Checker


def players_span(mode):
    """The span of the ``players`` line in force in ``mode`` (a mode's own, its
    parents', their modules' or the game's block)."""
    return mode.players_span or mode.game.players_span or mode.game.span


def check_mode(mode, report) -> None:
    """Report the problems above in ``mode``; ``report`` (a
    :class:`dsl.diagnostics.Report`) receives each."""
    _Checks(mode, report).run()


class _Checks(Checker):
    def run(self) -> None:
        m = self.mode
        where = players_span(m)  # the `players` line in force (a mode's or the game's)
        scores = [t for t in m.tracks.values() if t.is_score]
        if not scores:
            self.report.error(codes.SCORE_TRACK, "no track is marked `score`", m.game.span,
                              hint="mark the victory-point track with `score`")
        for t in scores:
            if not t.per_player:
                self.report.error(codes.SCORE_TRACK, f"the score track `{t.name}` must be `per player`",
                                  t.span, hint="add `per player` to it: each player scores their own points")
        for extra in scores[1:]:
            self.report.error(codes.SCORE_TRACK, "only one track can be the score track", extra.span,
                              hint=f"remove `score` from `{extra.name}`",
                              notes=[Note("the score track", scores[0].span)])
        lo, hi = m.players
        if (lo, hi) == (0, 0) and m.game.players_span is None:
            self.report.error(codes.PLAYER_COUNT, "the game does not say how many players it is for",
                              m.game.span, hint="add `players 2 to 4` to the `game` block")
        elif lo < 1:
            self.report.error(codes.PLAYER_COUNT, f"a game needs at least 1 player, not {lo}", where,
                              hint="write `players 1 to ...` or more")
        elif lo > hi:
            self.report.error(codes.PLAYER_COUNT, f"player count {lo} to {hi} is empty", where,
                              hint=f"write `players {hi} to {lo}`")
        elif hi > limits.MAX_PLAYERS:
            self.report.error(codes.PLAYER_COUNT, f"a game can be for at most {limits.MAX_PLAYERS} players, "
                              f"not {hi}", where, hint=f"write `players {min(lo, limits.MAX_PLAYERS)} to "
                              f"{limits.MAX_PLAYERS}` or fewer")
        if m.game.default_mode is not None and m.game.default_mode.name == "":
            self.report.error(codes.DECLARED_TWICE, "the game names its default mode twice",
                              m.game.default_mode.span, hint="keep one `default mode` line")
