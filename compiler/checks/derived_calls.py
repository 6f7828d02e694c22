"""The type rules of derived values with parameters (issue 11, construct 14):
``presence(t)`` reads the derived value ``presence`` declared ``(t: tile)``; E0332 when
the values given do not match its parameters, or when it is read by its name alone.

:class:`~compiler.checks.typecheck.Checker` takes these methods from
:class:`DerivedCallRules`.
"""

from __future__ import annotations

from dsl import ast, codes
from dsl.diagnostics import Note
from compiler.analysis import names as N
from compiler.analysis.types import Type


class DerivedCallRules:
    """The rules of :class:`~compiler.checks.typecheck.Checker` (which gives them
    ``mode``, ``report``, ``expect``, ``infer``, ``param_type``) for derived values
    with parameters."""

    def derived_call(self, e: ast.Call, scope: N.Scope) -> Type:
        """``d(a, b)``: a derived value with parameters (construct 14), one value of each
        parameter's type (E0332)."""
        decl = self.mode.derived[e.func.name]
        if len(e.args) != len(decl.params):
            wanted = ", ".join(f"{p.name}: {p.type.name}" for p in decl.params)
            self.report.error(codes.DERIVED_ARGUMENTS, f"derived value `{decl.name}` takes "
                              f"{len(decl.params)} value(s), and {len(e.args)} are given", e.span,
                              hint=f"write `{decl.name}(" + ", ".join(p.name for p in decl.params) + ")`"
                              f" ({wanted})" if decl.params else f"read it as `{decl.name}`, without `()`",
                              notes=[Note("declared here", decl.span)])
            for a in e.args:
                self.infer(a, scope)
            return N.INT
        for arg, param in zip(e.args, decl.params):
            self.expect(arg, self.param_type(param), scope, f"the `{param.name}` of `{decl.name}`")
        return N.derived_type(self.mode, decl)

    def derived_needs_values(self, decl, written: str, span) -> None:
        """E0332: a derived value with parameters read without its values."""
        self.report.error(codes.DERIVED_ARGUMENTS, f"derived value `{decl.name}` takes "
                          f"{len(decl.params)} value(s): say which", span,
                          hint=f"write `{decl.name}(" + ", ".join(p.name for p in decl.params) + ")`",
                          notes=[Note("declared here", decl.span)])

