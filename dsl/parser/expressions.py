"""Parse-tree → AST rules of expressions."""

from __future__ import annotations

from lark import v_args

from dsl import ast
from dsl.parser.base import TreeToAst, keyword_only


class ExpressionRules(TreeToAst):
    """The transformer's rules for expressions."""

    @v_args(meta=True)
    def or_(self, meta, c):
        if len(c) == 1:
            return c[0]
        return ast.Or(tuple(c), self._span(meta))

    @v_args(meta=True)
    def and_(self, meta, c):
        if len(c) == 1:
            return c[0]
        return ast.And(tuple(c), self._span(meta))

    @v_args(meta=True)
    def not_(self, meta, c):
        return ast.Not(c[0], self._span(meta))

    @v_args(meta=True)
    def compare(self, meta, c):
        if len(c) == 1:
            return c[0]
        return ast.Compare(str(c[1]), c[0], c[2], self._span(meta))

    @v_args(meta=True)
    def arith(self, meta, c):
        if len(c) == 1:
            return c[0]
        return ast.Arith(tuple(str(t) for t in c[1::2]), tuple(c[0::2]), self._span(meta))

    @v_args(meta=True)
    def neg(self, meta, c):
        return ast.Neg(c[0], self._span(meta))

    @v_args(meta=True)
    def player_has(self, meta, c):
        return ast.Has(c[1], c[0], self._span(meta))

    @v_args(meta=True)
    def has(self, meta, c):
        return ast.Has(c[0], None, self._span(meta))

    @v_args(meta=True)
    def number(self, meta, c):
        return ast.Number(self._int(c[0]), self._span(meta))

    @v_args(meta=True)
    def true(self, meta, c):
        return ast.Bool(True, self._span(meta))

    @v_args(meta=True)
    def false(self, meta, c):
        return ast.Bool(False, self._span(meta))

    @v_args(meta=True)
    def text(self, meta, c):
        return ast.Text(str(c[0]), self._span(meta))

    @v_args(meta=True)
    def empty_bag(self, meta, c):
        return ast.EmptyBag(self._span(meta))

    @v_args(meta=True)
    def name(self, meta, c):
        return ast.Name(str(c[0]), self._span(meta))

    @v_args(meta=True)
    def attribute(self, meta, c):
        return ast.Attribute(str(c[0]), str(c[1]), self._span(meta))

    player_count = keyword_only(ast.PlayerCount)

    roll_value = keyword_only(ast.RollValue)

    it = keyword_only(ast.It)

    @v_args(meta=True)
    def in_zone(self, meta, c):
        return ast.InZone(c[0], c[1], self._span(meta))

    @v_args(meta=True)
    def is_kind(self, meta, c):
        return ast.IsKind(c[0], self._ident(c[1]), self._span(meta))

    me = keyword_only(ast.Me)

    @v_args(meta=True)
    def count(self, meta, c):
        name, rest = _card_name(c[1:])
        return ast.Count(c[0], rest[0] if rest else None, self._span(meta), name)

    @v_args(meta=True)
    def sum(self, meta, c):
        name, rest = _card_name(c[2:])
        return ast.Sum(c[0], c[1], rest[0] if rest else None, self._span(meta), name)

    def card_name(self, c):
        return ("as", self._ident(c[0]))

    @v_args(meta=True)
    def nothing(self, meta, c):
        return ast.Nothing(self._span(meta))

    @v_args(meta=True)
    def nobody(self, meta, c):
        return ast.Nobody(self._span(meta))

    @v_args(meta=True)
    def top_of(self, meta, c):
        return ast.TopOf("top", c[0], c[1] if len(c) > 1 else None, self._span(meta))

    @v_args(meta=True)
    def bottom_of(self, meta, c):  # c[0] is the word `bottom`
        return ast.TopOf("bottom", c[1], c[2] if len(c) > 2 else None, self._span(meta))

    @v_args(meta=True)
    def next_in(self, meta, c):
        zone, inclusive, start, key, *where = c
        return ast.NextIn(zone, inclusive, start, key, where[0] if where else None, self._span(meta))

    def next_from(self, c):
        return True

    def next_after(self, c):
        return False

    @v_args(meta=True)
    def field_of(self, meta, c):
        return ast.FieldOf(c[0], str(c[1]), self._span(meta))

    @v_args(meta=True)
    def the_player(self, meta, c):
        return ast.ThePlayer(*c[0], span=self._span(meta))

    @v_args(meta=True)
    def count_players(self, meta, c):
        return ast.CountPlayers(c[0], self._span(meta))

    @v_args(meta=True)
    def every_player(self, meta, c):
        return ast.EveryPlayer(c[0], self._span(meta))

    # -- seats (construct 20)
    @v_args(meta=True)
    def seat_count(self, meta, c):
        return ast.SeatCount(self._span(meta))

    @v_args(meta=True)
    def any_seat(self, meta, c):
        return ast.SeatTest(False, None, c[0], self._span(meta))

    @v_args(meta=True)
    def every_seat(self, meta, c):
        return ast.SeatTest(True, None, c[0], self._span(meta))

    @v_args(meta=True)
    def every_kind(self, meta, c):
        return ast.SeatTest(True, self._ident(c[0]), c[1], self._span(meta))

    @v_args(meta=True)
    def any_kind(self, meta, c):
        return ast.SeatTest(False, self._ident(c[0]), c[1], self._span(meta))

    @v_args(meta=True)
    def count_showing(self, meta, c):
        return ast.CountShowing(self._ident(c[0]), c[1], self._span(meta))

    @v_args(meta=True)
    def stock_of(self, meta, c):
        return ast.StockOf(self._ident(c[0]), self._ident(c[1]), self._span(meta))

    @v_args(meta=True)
    def first_player(self, meta, c):
        return ast.FirstPlayer(self._span(meta))

    @v_args(meta=True)
    def round_number(self, meta, c):
        return ast.RoundNumber(self._span(meta))

    def player_where(self, c):
        return ("where", c[0])

    def player_most(self, c):
        return ("most", tuple((str(c[i]), c[i + 1]) for i in range(0, len(c), 2)))

    def player_select(self, c):
        """``(where, measures, then_where)`` of ``where C``, ``with most E then ...``, ``where C2``."""
        where = then_where = None
        measures: tuple = ()
        for kind, value in c:
            if kind == "most":
                measures = value
            elif measures:
                then_where = value
            else:
                where = value
        return where, measures, then_where

    @v_args(meta=True)
    def any_player(self, meta, c):
        return ast.AnyPlayer(c[0], self._span(meta))

    @v_args(meta=True)
    def best(self, meta, c):
        name, rest = _card_name(c[1:])
        return ast.Best(c[0], rest[0], self._span(meta), name)

    @v_args(meta=True)
    def index(self, meta, c):
        return ast.Index(self._ident(c[0]), c[1], span=self._span(meta))

    @v_args(meta=True)
    def table_read(self, meta, c):
        return ast.TableRead(self._ident(c[0]), tuple(c[1:]), self._span(meta))

    @v_args(meta=True)
    def player_index(self, meta, c):
        return ast.Index(self._ident(c[1]), c[2], str(c[0]), self._span(meta))

    @v_args(meta=True)
    def item_atom(self, meta, c):
        """``titanium 1`` or ``disc[k] 2`` inside an expression: a bag of one item."""
        amount = c[-1]
        amount = ast.Number(self._int(amount), self._tok_span(amount))
        item = ast.BagItem(self._ident(c[0]), amount, c[1] if len(c) == 3 else None, self._span(meta))
        return ast.BagLiteral((item,), self._span(meta))

    @v_args(meta=True)
    def call(self, meta, c):
        return ast.Call(self._ident(c[0]), tuple(c[1:]), self._span(meta))


def _card_name(items: list) -> tuple:
    """The ``as NAME`` of ``count``/``sum``/``best`` (an Ident or None) and the items after it."""
    if items and isinstance(items[0], tuple) and items[0][0] == "as":
        return items[0][1], items[1:]
    return None, items
