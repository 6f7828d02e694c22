"""A value chosen in the middle of an effect (``choose k: knowledge where ...``,
``choose n: 1 to 3``, ``choose q: other player``, ``choose x: 2 of water, gold``), lowered
onto the agenda as a ``value`` question (issue 11 design, 1.1 and construct 2 (d)).

The options are listed when the statement runs, by the same loop an action's choice of
that domain uses in its legal-actions function (:data:`compiler.engine.choices.DOMAINS`),
inside a small function of "you" (so ``other player`` and ``where`` read the player who
chooses, whoever acts); the rest of the effect is a continuation run with the value
(:mod:`compiler.engine.continuations`), as for ``choose c: card in Z``.  A member's
``where`` is tested again once it is chosen (another question answered in between may
have changed what it reads; then the rest of the block is skipped, as with no option),
so the statements after it may rely on it (``pay disc[k] 1`` after ``where disc[k] >= 1``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dsl import ast
from compiler.analysis import names as N
from compiler.engine.legal import LegalActions
from compiler.engine.pyexpr import Ctx, expr
from compiler.engine.pyquote import Writer, literal

if TYPE_CHECKING:
    from compiler.engine.statements import StmtLowering

#: The action answering a value question, by the domain's class (the engine runtime's
#: ``VALUE_ANSWERS``), with its words and the kind of its argument (``Game.describe``).
ANSWERS = {ast.EnumDomain: "choose_member", ast.RangeDomain: "choose_number",
           ast.PlayerDomain: "choose_player", ast.BagDomain: "choose_bag"}
ANSWER_TITLES = {"choose_member": "choose", "choose_number": "choose a number",
                 "choose_player": "choose a player", "choose_bag": "choose"}
ANSWER_ARGS = {"choose_member": ("member",), "choose_number": ("int",), "choose_player": ("player",),
               "choose_bag": ("bag",)}


def value_type(d) -> N.Type:
    """The type of the value a domain offers (as the checker's domain rules type it)."""
    if isinstance(d, ast.EnumDomain):
        return N.Type.enum(d.enum.name)
    if isinstance(d, ast.RangeDomain):
        return N.INT
    if isinstance(d, ast.PlayerDomain):
        return N.PLAYER
    return N.BAG


class _Generator:
    """What a domain's loop (:data:`compiler.engine.choices.DOMAINS`) reads of the engine
    generator: the resources, the citations, a bag choice's bundles.  No requirement
    narrows a choice made in an effect, so nothing is hoisted or filtered before it."""

    _bundles = LegalActions._bundles
    _kinds = LegalActions._kinds

    def __init__(self, lower: StmtLowering) -> None:
        self.res = lower.res
        self.lower = lower


def question(lower: StmtLowering, st: ast.ChooseValue, ctx: Ctx, after: str | None, w: Writer) -> str:
    """Python (an expression, True when the question is asked) asking ``st``; the lines
    listing its options go to ``w`` first.  ``st``'s body, then ``after``, becomes the
    continuation run with the value (skipped when there is no option, or it is declined)."""
    from compiler.engine.choices import DOMAINS  # it imports the lowering of statements

    c, d = st.choice, st.choice.domain
    type_ = value_type(d)
    options, listing = ctx.fresh("options"), ctx.fresh("list_options")
    w.line(f"def {listing}(p):  # the options of spec line {st.span.line}, for the player choosing")
    w.level += 1
    w.line("out = []")
    DOMAINS[type(d)](_Generator(lower), c, type_, ctx.with_me("p"), w)
    w.line(f"    out.append(v_{c.name})")
    w.line("return out")
    w.level -= 1
    w.line(f"{options} = {listing}({ctx.me})")
    fn, body, cont = lower.function(
        "chosen", f"The rest of the effect once a value is chosen at spec line {st.span.line}.", ctx)
    body.line(f"v_{c.name} = value")
    inner = cont.local(c.name, type_)
    if isinstance(d, ast.EnumDomain) and d.where is not None:
        # the member must still meet `where` (an earlier answer may have changed what it
        # reads): else, as with no option, the rest of the block is skipped
        body.line(f"if not {expr(d.where, inner, lower.res)}:")
        body.line(f"    return {lower.call(after, cont)}")
    lower.seq(st.body, inner, body, after)
    lower.extra.append(body.source())
    optional = ", optional=True" if st.optional else ""
    lower.value_answers.add(ANSWERS[type(d)])
    return (f"R.choose_value(s, {ctx.me}, {options}, {literal(ANSWERS[type(d)])}, {literal(fn)}, "
            f"{lower.env(ctx)}{optional})")


def lower_statement(lower: StmtLowering, st: ast.ChooseValue, ctx: Ctx, w: Writer) -> None:
    """``choose k: DOMAIN { ... }`` as the last thing its block does: the question is
    queued, and its body runs once it is answered."""
    w.line(question(lower, st, ctx, None, w))
