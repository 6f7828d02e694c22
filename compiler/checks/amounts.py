"""The type rules of amounts: bags and their items (a resource, a member of a family:
``disc[k] 2``), arithmetic on numbers and on bags (construct 7: ``b.cost - coin 1``,
never below zero) and divisors that are always zero (E0507, E0584).

:class:`~compiler.checks.typecheck.Checker` takes these methods from
:class:`AmountRules`.
"""

from __future__ import annotations

from dsl import ast, codes
from dsl.diagnostics import Note, did_you_mean
from compiler.analysis import names as N
from compiler.analysis.constfold import always_zero, mode_env
from compiler.analysis.types import Type


class AmountRules:
    """The rules of :class:`~compiler.checks.typecheck.Checker` (which gives them
    ``mode``, ``report``, ``expect``, ``infer``, ``mismatch``, ``known_enum``) for bags
    and arithmetic."""

    def _bag(self, e: ast.BagLiteral, scope: N.Scope) -> Type:
        for item in e.items:
            self.bag_item(item, scope)
        return N.BAG

    def bag_item(self, item: ast.BagItem, scope: N.Scope) -> None:
        """One item of a bag: a resource (a member of a family: ``disc[k]``) and a number."""
        ident = item.resource
        decl = self.mode.resources.get(ident.name)
        if decl is None:
            self.report.error(codes.UNKNOWN_NAME, f"`{ident.name}` is not a resource", ident.span,
                              hint=did_you_mean(ident.name, self.mode.resources, "resources"))
        elif decl.per_enum is not None and item.key is None and self.known_enum(decl):
            self.report.error(codes.FAMILY_NEEDS_KEY, f"resource `{ident.name}` is kept per "
                              f"{decl.per_enum.name}: say which", ident.span,
                              hint=f"write `{ident.name}[...]` and the amount, e.g. "
                              f"`{ident.name}[{first_member(self.mode, decl)}] 1`")
        elif item.key is not None:
            self.family_key(decl, item.key, scope)
        got = self.infer(item.amount, scope)
        if type(item.amount) is ast.Number and item.amount.value == 0 \
                and id(item) not in getattr(self, "_continued", ()):  # E0527 says it
            self.report.warning(codes.NO_AMOUNT, f"`{ident.name} 0` is no `{ident.name}` at all",
                                item.amount.span,
                                hint="write the amount the rulebook gives, or remove the item")
        if not got.unknown and got != N.INT:
            self.report.error(codes.AMOUNT_TYPE, f"the amount of `{ident.name}` must be a number, but "
                              f"this is {got.words()}", item.amount.span,
                              hint="write a number, e.g. `water morale` or `coin (n + 1)`; add bags with `+`")
        elif type(item.amount) is ast.Neg and type(item.amount.operand) is ast.Number \
                and item.amount.operand.value > 0:
            self.report.error(codes.AMOUNT_NEGATIVE, f"an amount below zero counts as none: `{ident.name}` "
                              f"is never moved here", item.amount.span,
                              hint="to take resources away, `pay` them or subtract a bag: `b.cost - coin 1`")

    def family_key(self, decl, key, scope: N.Scope) -> None:
        """The key of ``decl[key]``: a member of the enum the family is kept per (E0523)."""
        got = self.infer(key, scope)
        if decl.per_enum is None:
            self.report.error(codes.FAMILY_KEY_TYPE, f"resource `{decl.name}` is not kept per anything, "
                              "so it takes no `[...]`", key.span, hint=f"write just `{decl.name}`",
                              notes=[Note("declared here", decl.span)])
            return
        want = Type.enum(decl.per_enum.name)
        if not got.unknown and got != want and self.known_enum(decl):
            self.report.error(codes.FAMILY_KEY_TYPE, f"`{decl.name}` is kept per {decl.per_enum.name}, so "
                              f"its key must be {want.words()}, but this is {got.words()}", key.span,
                              hint=f"name a {decl.per_enum.name} (`{decl.name}"
                              f"[{first_member(self.mode, decl)}]`), or one chosen or looped over",
                              notes=[Note("declared here", decl.span)])

    def _arith(self, e: ast.Arith, scope: N.Scope) -> Type:
        rest = [self.infer(x, scope) for x in e.operands[1:]]
        item = _continued_amount(e, rest)
        if item is not None:  # `coin 0 - 3`: the amount goes on past the item (E0527 only)
            self.__dict__.setdefault("_continued", set()).add(id(item))
        types = [self.infer(e.operands[0], scope), *rest]
        if N.BAG in types:
            return self._bag_arith(e, types, item)
        for x, got in zip(e.operands, types):
            self.mismatch(x, got, N.INT, "arithmetic")
        for op, x in zip(e.ops, e.operands[1:]):
            if op in ("//", "%") and always_zero(x, mode_env(self.mode)):
                why = "" if isinstance(x, ast.Number) else (
                    ": this divisor is always 0 (x // 0 and x % 0 are 0, so the rule does nothing)")
                if op == "//":
                    self.report.error(codes.DIVISION_BY_ZERO, "division by zero" + why, x.span,
                                      hint="divide by a number other than 0")
                else:
                    self.report.error(codes.REMAINDER_BY_ZERO, "remainder of a division by zero" + why,
                                      x.span, hint="take the remainder by the size of the ring, e.g. `% 8`")
        return N.INT

    def _bag_arith(self, e: ast.Arith, types: list[Type], continued: ast.BagItem | None = None) -> Type:
        """Bag arithmetic (construct 7): bag + bag, bag - bag (never below zero), bag * number
        and number * bag make a bag; anything else is E0527 (whose hint, when an item's
        amount goes on past it, ``coin 0 - 3``, shows the brackets that make it one)."""
        acc = types[0]
        for op, got in zip(e.ops, types[1:]):
            if acc.unknown or got.unknown:
                acc = N.BAG
                continue
            if acc == got == N.INT or (op in "+-" and acc == got == N.BAG) or (
                    op == "*" and {acc, got} == {N.BAG, N.INT}):
                acc = N.BAG if N.BAG in (acc, got) else N.INT
                continue
            verb = {"+": "add", "-": "subtract", "*": "multiply", "//": "divide"}[op]
            hint = "bags add (`a + b`), subtract (`a - b`, never below zero) and scale by " \
                   "a number (`a * 2`, `2 * a`)"
            if continued is not None:
                name, amount = continued.resource.name, continued.amount.value
                then = e.operands[1]
                then = str(then.value) if isinstance(then, ast.Number) else "..."
                hint = (f"`{name} {amount} {op} {then}` reads as `({name} {amount}) {op} {then}`, a bag "
                        f"and then a number: for an amount worked out, put it in brackets: "
                        f"`{name} ({amount} {op} {then})`")
            self.report.error(codes.BAG_ARITHMETIC, f"cannot {verb} {acc.words()} and {got.words()} "
                              f"with `{op}`", e.span, hint=hint)
            acc = N.BAG
        return N.BAG

    def _neg(self, e: ast.Neg, scope: N.Scope) -> Type:
        self.expect(e.operand, N.INT, scope, "the operand of `-`")
        return N.INT


def first_member(mode, decl) -> str:
    """The first member of the enum a family is kept per (for hints), or ``...``."""
    members = N.family_members(mode, decl)
    return members[0] if members else "..."


def _continued_amount(e: ast.Arith, rest: list[Type]) -> ast.BagItem | None:
    """The bag item whose number the arithmetic ``e`` goes on from (``coin 0 - 3``: the
    item ``coin 0``, then ``- 3``), when a number follows it; else None."""
    first = e.operands[0]
    if not isinstance(first, ast.BagLiteral) or not first.items or not rest or rest[0] != N.INT:
        return None
    item = first.items[-1]
    return item if isinstance(item.amount, ast.Number) and e.ops[0] != "*" else None
