"""The transformer methods of automata, seats and sides (construct 20): the `automaton`
declaration, its `turn in PHASE` blocks and `controlled by` line, a mode's `seats KIND N`, `seating alternate`
and `sides ...` lines, and the `winner side S` / `winners seats ...` lines of an end.

Split from :mod:`dsl.parser.declarations` (issue 9's size rule); :class:`SeatRules` is
one of the bases of the parser's transformer.
"""

from __future__ import annotations

from lark import v_args

from dsl import ast
from dsl.parser.base import TreeToAst


class SeatRules(TreeToAst):
    """Transformer methods for construct 20."""

    @v_args(meta=True)
    def winner_side(self, meta, c):
        return ("winner_side", c[0])

    @v_args(meta=True)
    def winners_seats(self, meta, c):
        where, measures, then_where = c[0]
        return ("winners", ast.Winners(where, measures, then_where, self._span(meta), seats=True))

    @v_args(meta=True)
    def side_players(self, meta, c):
        return ast.Ident("players", self._span(meta))

    def side_kind(self, c):
        return self._ident(c[0])

    @v_args(meta=True)
    def mode_seats(self, meta, c):
        return ast.ModeSeats(self._ident(c[0]), self._int(c[1]), self._span(meta))

    @v_args(meta=True)
    def seating_alternate(self, meta, c):
        return ast.ModeSeating(self._span(meta))

    @v_args(meta=True)
    def mode_sides(self, meta, c):
        return ast.ModeSides(tuple(c), self._span(meta))

    @v_args(meta=True)
    def automaton_turn(self, meta, c):
        return ast.AutomatonTurn(self._ident(c[0]), c[1], self._span(meta))

    @v_args(meta=True)
    def automaton_controller(self, meta, c):
        return ast.AutomatonController(c[0], self._span(meta))

    @v_args(meta=True)
    def automaton(self, meta, c):
        name, title, *items = c
        turns = tuple(i for i in items if isinstance(i, ast.AutomatonTurn))
        controllers = tuple(i for i in items if isinstance(i, ast.AutomatonController))
        return ast.Automaton(str(name), title, turns, self._metas(items), self._span(meta),
                             controllers=controllers)
