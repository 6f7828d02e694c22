"""The type rules of the questions about cards and players: the best card of a zone, the
top or the next card of a zone in order (zone order), a card's field, and the players
questions (``the player with most ...``, ``count players where ...``, ``every player``).

Split from :mod:`compiler.checks.typecheck` (issue 9's size rule):
:class:`~compiler.checks.typecheck.Checker` takes these methods from
:class:`QuestionRules`, and its ``EXPRESSIONS`` table names them.
"""

from __future__ import annotations

from dsl import ast, codes
from dsl.diagnostics import did_you_mean
from compiler.analysis import names as N
from compiler.analysis.types import Type


class QuestionRules:
    """The question rules of :class:`~compiler.checks.typecheck.Checker` (which gives them
    ``mode``, ``report``, ``expect``, ``infer``, ``zone_ref``, ``on_card``...)."""

    def _best(self, e: ast.Best, scope: N.Scope) -> Type:
        card = self.zone_ref(e.zone, scope)
        if card:
            self.expect(e.key, N.INT, self.on_card(scope, card, e.name), "what `best` compares")
        # an empty zone has no best card: present only under a guard `count ZONE >= 1`
        return Type.card(card, maybe=(e.zone, None) not in scope.guards) if card else N.UNKNOWN

    def _top_of(self, e: ast.TopOf, scope: N.Scope) -> Type:
        card = self.zone_ref(e.zone, scope)
        if not card:
            return N.UNKNOWN
        local = scope.locals.get(e.zone.zone.name)
        if local is not None and local.is_cards and e.zone.owner is None and e.zone.owner_expr is None:
            self.report.warning(codes.TOP_OF_SET, f"`{e.zone.zone.name}` is a set chosen with `some`: it "
                                f"has no {e.side} card", e.span,
                                hint=f"take the {e.side} of a zone, or say which card: `best "
                                f"{e.zone.zone.name} by ...`")
        if e.where is not None:
            self.expect(e.where, N.BOOL, scope.with_card(card), "a `where` condition")
        return Type.card(card, maybe=(e.zone, e.where) not in scope.guards)

    def _next_in(self, e: ast.NextIn, scope: N.Scope) -> Type:
        card = self.zone_ref(e.zone, scope)
        start = self.infer(e.start, scope)
        if not start.unknown and start != N.INT:
            self.report.error(codes.NEXT_KEY_TYPE, f"`next in` starts from a number, not {start.words()}",
                              e.start.span,
                              hint="start from a number on the scale of the key, e.g. `after tz`")
        if not card:
            return N.UNKNOWN
        inner = scope.with_card(card)
        key = self.infer(e.key, inner)
        if not key.unknown and key != N.INT:
            self.report.error(codes.NEXT_KEY_TYPE, f"`next in` goes round by a number read from each card, "
                              f"not {key.words()}", e.key.span, hint="give a number field of the cards, e.g. "
                              "`by tz`")
        if e.where is not None:
            self.expect(e.where, N.BOOL, inner, "a `where` condition")
        return Type.card(card, maybe=True)

    def _field_of(self, e: ast.FieldOf, scope: N.Scope) -> Type:
        obj = self.infer(e.obj, scope)
        if obj.unknown:
            return N.UNKNOWN
        if not obj.definite().is_card:  # one error: whether it may be absent is beside the point
            player = obj.kind == "player"
            self.report.error(codes.WRONG_TYPE, f"`(...).{e.attr}` reads a card's field, and this is "
                              f"{obj.definite().words()}", e.obj.span,
                              hint=f"name the player first and test it: `let p = ...`, then `if p != "
                              f"nobody {{ ... p.{e.attr} ... }}`" if player else
                              "read the field of a card, e.g. `(top of deck).value`")
            return N.UNKNOWN
        if obj.maybe:
            self.maybe_used(e.obj, obj, f"reading `.{e.attr}`")
            obj = obj.definite()
        member = N.card_member(self.mode, obj.of, e.attr)
        if member is None:
            ctype = self.mode.card_types.get(obj.of)
            options = [f.name for f in ctype.fields] if ctype else []
            self.report.error(codes.UNKNOWN_FIELD, f"{obj.words()} has no `{e.attr}`", e.span,
                              hint=did_you_mean(e.attr, options) or "name a field of the card type")
            return N.UNKNOWN
        self.procedure_read(member, f"(...).{e.attr}", e.span)
        return member.type

    def player_select(self, where, measures, then_where, scope: N.Scope) -> None:
        """The clauses of ``the player ...`` / ``each player ...``: conditions and numbers
        about each player ("you" is the player considered)."""
        if where is not None:
            self.expect(where, N.BOOL, scope, "a `where` condition")
        for direction, measure in measures:
            got = self.infer(measure, scope)
            if not got.unknown and got != N.INT:
                self.report.error(codes.PLAYER_MEASURE_TYPE, f"`{direction}` compares players by a number, "
                                  f"and this is {got.words()}", measure.span,
                                  hint="compare by a number (a track, a resource, a count); test a "
                                  "condition with `where`")
        if then_where is not None:
            self.expect(then_where, N.BOOL, scope, "a `where` condition")

    def _the_player(self, e: ast.ThePlayer, scope: N.Scope) -> Type:
        self.player_select(e.where, e.measures, e.then_where, scope)
        return N.MAYBE_PLAYER

    def _count_players(self, e: ast.CountPlayers, scope: N.Scope) -> Type:
        self.expect(e.condition, N.BOOL, scope, "the condition of `count players`")
        return N.INT

    def _every_player(self, e: ast.EveryPlayer, scope: N.Scope) -> Type:
        self.expect(e.condition, N.BOOL, scope, "the condition of `every player`")
        return N.BOOL
