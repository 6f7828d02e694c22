"""Parse-tree → AST rules of modules that extend (construct 14): setup steps,
``extend``, ``add/replace/remove step``, ``needs``, ``excludes``, ``combine`` and the
``after`` of a trigger."""

from __future__ import annotations

from lark import Token, v_args

from dsl import ast
from dsl.parser.base import TreeToAst

_FIRST = ("first", True)


class ExtensionRules(TreeToAst):
    """The transformer's rules for the extension operations of modes and modules."""

    def at_start(self, c):
        return _FIRST

    def after(self, c):
        return ("after", tuple(self._ident(t) for t in c))

    @v_args(meta=True)
    def setup_step(self, meta, c):
        name, title, body = c
        return ast.SetupStep(str(name), title, body, self._span(meta))

    def _statements(self, hook: str, meta, c) -> ast.Statements:
        return ast.Statements(hook, _FIRST in c, c[-1], self._span(meta))

    @v_args(meta=True)
    def extend_on_enter(self, meta, c):
        return ("statements", self._statements("on enter", meta, c))

    @v_args(meta=True)
    def extend_on_exit(self, meta, c):
        return ("statements", self._statements("on exit", meta, c))

    @v_args(meta=True)
    def extend_on_turn(self, meta, c):
        return ("statements", self._statements("on turn", meta, c))

    @v_args(meta=True)
    def extend_effect(self, meta, c):
        return ("statements", self._statements("effect", meta, c))

    @v_args(meta=True)
    def extend_phase(self, meta, c):
        name, *items = c
        return ast.Extend("phase", self._ident(name), actions=sum(self._tagged(items, "actions"), ()),
                          statements=tuple(self._tagged(items, "statements")), span=self._span(meta))

    @v_args(meta=True)
    def extend_procedure(self, meta, c):
        return ast.Extend("procedure", self._ident(c[0]),
                          statements=(self._statements("body", meta, c[1:]),), span=self._span(meta))

    @v_args(meta=True)
    def extend_step(self, meta, c):
        return ast.Extend("step", self._ident(c[0]),
                          statements=(self._statements("body", meta, c[1:]),), span=self._span(meta))

    @v_args(meta=True)
    def extend_action(self, meta, c):
        name, *items = c
        return ast.Extend("action", self._ident(name), requires=tuple(self._tagged(items, "require")),
                          statements=tuple(self._tagged(items, "statements")), span=self._span(meta))

    @v_args(meta=True)
    def extend_flow(self, meta, c):
        edges = tuple(e for group, _ in self._tagged(c, "edges") for e in group)
        return ast.Extend("flow", None, edges=edges, span=self._span(meta))

    @v_args(meta=True)
    def extend_enum(self, meta, c):
        name, *members = c
        return ast.Extend("enum", self._ident(name), members=tuple(members), span=self._span(meta))

    def place_before(self, c):
        return "before"

    def place_after(self, c):
        return "after"

    @v_args(meta=True)
    def add_step(self, meta, c):
        name, title, place, anchor, body = c
        step = ast.SetupStep(str(name), title, body, self._span(meta))
        return ast.AddStep(step, place, self._ident(anchor), self._span(meta))

    @v_args(meta=True)
    def replace_step(self, meta, c):
        name, title, body = c
        return ast.ReplaceStep(ast.SetupStep(str(name), title, body, self._span(meta)), self._span(meta))

    @v_args(meta=True)
    def remove_step(self, meta, c):
        return ast.RemoveStep(self._ident(c[0]), self._span(meta))

    @v_args(meta=True)
    def needs(self, meta, c):
        return ast.ModuleNeeds(tuple(self._ident(t) for t in c), self._span(meta))

    @v_args(meta=True)
    def excludes(self, meta, c):
        return ast.ModuleExcludes(tuple(self._ident(t) for t in c), self._span(meta))

    @v_args(meta=True)
    def combine(self, meta, c):
        names = [i for i in c if isinstance(i, Token)]
        rest = c[len(names):]
        return ast.Combine(tuple(self._ident(t) for t in names), self._ops(rest), self._metas(rest),
                           self._span(meta))
