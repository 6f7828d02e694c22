"""Parse-tree → AST rules of modules and options chosen when a game is created
(construct 15): the ``modules`` and ``options`` lines and ``option`` declarations."""

from __future__ import annotations

from lark import v_args

from dsl import ast
from dsl.parser.base import TreeToAst


class OptionRules(TreeToAst):
    """The transformer's rules for ``modules``/``options`` lines and ``option``."""

    @v_args(meta=True)
    def select_modules(self, meta, c):
        return ast.SelectModules(tuple(self._ident(t) for t in c), self._span(meta))

    @v_args(meta=True)
    def select_options(self, meta, c):
        return ast.SelectOptions(tuple(self._ident(t) for t in c), self._span(meta))

    @v_args(meta=True)
    def option(self, meta, c):
        name, title, *items = c
        fields: dict = {}
        for item in items:
            if isinstance(item, tuple):
                key, value, where = item
                if key == "values":
                    kind, of, low, high = value
                    fields.setdefault("kind", kind)  # a second values line: the first counts (E0852)
                    fields.setdefault("of", of)
                    fields.setdefault("low", low)
                    fields.setdefault("high", high)
                    fields.setdefault("values_span", where)
                elif key == "default":
                    fields.setdefault("default", value)
                elif key == "random":
                    fields.setdefault("random", True)
        fields.setdefault("kind", "")
        return ast.Option(str(name), title, meta=self._metas(items), span=self._span(meta), **fields)

    @v_args(meta=True)
    def option_one_of(self, meta, c):
        return ("values", ("one_of", self._ident(c[0]), 0, 0), self._span(meta))

    @v_args(meta=True)
    def option_range(self, meta, c):
        return ("values", ("range", None, self._int(c[0]), self._int(c[1])), self._span(meta))

    @v_args(meta=True)
    def option_bool(self, meta, c):
        return ("values", ("bool", None, 0, 0), self._span(meta))

    @v_args(meta=True)
    def option_default(self, meta, c):
        return ("default", c[0], self._span(meta))

    @v_args(meta=True)
    def option_default_random(self, meta, c):
        return ("random", True, self._span(meta))
