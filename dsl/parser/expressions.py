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

    me = keyword_only(ast.Me)

    @v_args(meta=True)
    def count(self, meta, c):
        return ast.Count(c[0], c[1] if len(c) > 1 else None, self._span(meta))

    @v_args(meta=True)
    def sum(self, meta, c):
        return ast.Sum(c[0], c[1], c[2] if len(c) > 2 else None, self._span(meta))

    @v_args(meta=True)
    def any_player(self, meta, c):
        return ast.AnyPlayer(c[0], self._span(meta))

    @v_args(meta=True)
    def best(self, meta, c):
        return ast.Best(c[0], c[1], self._span(meta))

    @v_args(meta=True)
    def index(self, meta, c):
        return ast.Index(self._ident(c[0]), c[1], self._span(meta))

    @v_args(meta=True)
    def call(self, meta, c):
        return ast.Call(self._ident(c[0]), tuple(c[1:]), self._span(meta))
