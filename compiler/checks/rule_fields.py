"""The type rules of rules attached to cards (construct 1): a rule field's declaration
(its parameters' types, its default), ``do c.f(...)`` and reading a rule field.

:class:`~compiler.checks.typecheck.Checker` takes these methods from
:class:`RuleFieldRules`; the statement rule is named in
:data:`compiler.checks.statements.STATEMENTS`.  Codes E0620-E0624 (with E0501, E0504,
E0503 for unknown names, calls with the wrong number of values and mistyped ones).
Which rule each card names is checked against its catalogue by
:mod:`compiler.checks.card_rules`.
"""

from __future__ import annotations

from dsl import ast, codes
from dsl.diagnostics import Note, did_you_mean
from compiler.analysis import card_rules
from compiler.analysis import names as N


class RuleFieldRules:
    """The rule-field rules of :class:`~compiler.checks.typecheck.Checker` (which gives
    them ``mode``, ``report``, ``expect``, ``param_type``, ``maybe_used``)."""

    def rule_field(self, f: ast.Field) -> None:
        """A rule field's declaration: the types of a ``procedure (...)`` field's
        parameters are known, and its default names a rule of the right kind and
        signature in this mode (E0620-E0623, at the default)."""
        if isinstance(f.type, ast.ProcedureType):
            for param in f.type.params:
                self.param_type(param)
        if f.default is None:
            return
        name = f.default.name if isinstance(f.default, ast.Name) else None
        problem = card_rules.rule_problem(self.mode, f, name)
        if problem is not None:
            self.report.error(problem.code, f"the default of `{f.name}`: {problem.message}", f.default.span,
                              hint=problem.hint, notes=list(problem.notes))

    def procedure_read(self, b: N.Binding | None, written: str, span) -> bool:
        """E0624 when ``b`` is a card's ``procedure`` field read as a value (``written``);
        True when it reported."""
        if b is None or b.kind not in ("card_procedure", "card_action"):
            return False
        if b.kind == "card_action":  # construct 3
            self.report.error(codes.NOT_A_RULE_FIELD, f"`{written}` is an action of the card, not a value: "
                              "take it with `take action`", span, hint=f"write `take action {written}`",
                              notes=[Note("declared here", b.decl.span)])
            return True
        self.report.error(codes.NOT_A_RULE_FIELD, f"`{written}` is a procedure of the card, not a value: "
                          "run it with `do`", span, hint=f"write `do {written}(...)` as a statement",
                          notes=[Note("declared here", b.decl.span)])
        return True

    def rule_owner(self, card: ast.Ident, scope: N.Scope, doing: str) -> N.Type | None:
        """The type of ``card``, whose rule runs (``doing`` it, in words, for E0580 when it
        may be absent), made definite; None once reported unknown (E0501) or unknown."""
        owner = scope.type_of(card.name)
        if owner is None:
            self.report.error(codes.UNKNOWN_NAME, f"`{card.name}` is not a chosen card here", card.span,
                              hint=did_you_mean(card.name, scope.locals) or "choose it first: "
                              "`choose c: card in ...` or `for each c in ...`")
            return None
        if owner.maybe:
            self.maybe_used(ast.Name(card.name, card.span), owner, doing)
            owner = owner.definite()
        return None if owner.unknown else owner

    def _do_card_rule(self, st: ast.DoCardRule, scope: N.Scope) -> None:
        """``do c.f(args)``: ``c`` a card (present), ``f`` its ``procedure (...)`` field
        (E0624), the arguments of the field's types (E0504, E0503)."""
        owner = self.rule_owner(st.card, scope, f"running `{st.card.name}`'s rule")
        if owner is None:
            return
        if not owner.is_card:
            self.report.error(codes.NOT_A_RULE_FIELD, f"`do {st.card.name}.{st.field.name}(...)` runs a "
                              f"card's rule, and `{st.card.name}` is {owner.words()}", st.card.span,
                              hint="name a card whose type has a `procedure (...)` field")
            return
        member = N.card_member(self.mode, owner.of, st.field.name)
        if member is None:
            ctype = self.mode.card_types.get(owner.of)
            rules = [f.name for f in (ctype.fields if ctype else ()) if N.rule_kind(f) == "procedure"]
            self.report.error(codes.UNKNOWN_FIELD, f"a {owner.of} card has no `{st.field.name}`",
                              st.field.span, hint=did_you_mean(st.field.name, rules, "procedure fields"))
            return
        if member.kind != "card_procedure":
            f = member.decl
            what = f"a {f.type.name}" if isinstance(f, ast.Field) else "a state"
            self.report.error(codes.NOT_A_RULE_FIELD, f"`{st.field.name}` of a {owner.of} card is {what}, "
                              "not a procedure: `do` runs a field declared `procedure (...)`", st.field.span,
                              hint=f"read it as a value (`{st.card.name}.{st.field.name}`), or declare it "
                              f"`field {st.field.name}: procedure ({owner.of[0]}: {owner.of})`",
                              notes=[Note("declared here", f.span)])
            return
        params = member.decl.type.params
        if len(st.args) != len(params):
            shown = ", ".join(p.name for p in params)
            self.report.error(codes.WRONG_CALL, f"`{st.field.name}` runs a procedure taking {len(params)} "
                              f"value(s), not {len(st.args)}", st.span,
                              hint=f"write `do {st.card.name}.{st.field.name}({shown})`",
                              notes=[Note("declared here", member.decl.span)])
        for arg, param in zip(st.args, params):
            self.expect(arg, self.param_type(param), scope, f"`{param.name}`")
