"""Checks of a value chosen in the middle of an effect (``choose k: knowledge where ...``,
``choose n: 1 to 3``, ``choose q: other player``, ``choose x: 2 of water, gold``), the rule
of :class:`ast.ChooseValue` in the statement checker's table
(:data:`compiler.checks.statements.STATEMENTS`).

The domain is checked and typed by the rule an action's choice of that domain has
(:data:`compiler.checks.statements.DOMAINS`); besides:

* E0205: the name is already a name here;
* E0860: options known to be none (``1 to 0``, ``3 to 2 of ...``): never asked, the
  statements waiting for it never run;
* E0861: a set of cards (``some KIND``), an action's choice only;
* W0156: options known to be none in a mode, whatever the state (a ``where`` that folds
  to false, ``other player`` in a mode of one player).

W0155 (the value is never used) is with the other checks of decisions
(:mod:`compiler.checks.decisions`); E0595 (no player acts) with
:mod:`compiler.checks.acting_player`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dsl import ast, codes
from compiler.analysis import constfold
from compiler.analysis import names as N

if TYPE_CHECKING:
    from compiler.checks.statements import BlockChecker


def check_choose_value(checker: BlockChecker, st: ast.ChooseValue, scope: N.Scope) -> None:
    """``[may] choose k: DOMAIN [{ ... }]``: the name, the domain, then the body with the
    value named."""
    from compiler.checks.statements import DOMAINS  # the table's module imports this one

    c, d = st.choice, st.choice.domain
    if c.name in scope.locals:
        checker.report.error(codes.NAME_DECLARED_TWICE, f"`{c.name}` is already a name here", c.span,
                             hint="pick another name")
    empty = _empty(d)
    if isinstance(d, ast.SubsetDomain):
        checker.report.error(codes.VALUE_CHOICE_DOMAIN, "a set of cards cannot be chosen in the middle "
                             "of an effect", d.span, hint="choose the cards one at a time: `choose up "
                             "to N cards from ZONE into ZONE`")
        inner = scope.with_local(c.name, N.UNKNOWN)
    elif empty is not None:
        checker.report.error(codes.VALUE_CHOICE_EMPTY, f"this choice has no option: {empty}", d.span,
                             hint="write the smaller number first, or the numbers the rule says")
        inner = scope.with_local(c.name, N.INT if isinstance(d, ast.RangeDomain) else N.BAG)
    else:
        inner = DOMAINS[type(d)](checker, c, d, scope)
        never = _never(checker.mode, d, checker.seat_rules)
        if never is not None:
            checker.report.warning(codes.VALUE_CHOICE_NEVER, f"this choice never has an option: {never}",
                                   d.span, hint="fix the condition, or leave the choice out of this mode")
    checker.block(st.body, inner)


def _never(mode, d, seat_rules: bool = False) -> str | None:
    """Why a domain offers nothing in ``mode`` whatever the state (its ``where`` folds to
    false; another player in a mode of one player, unless ``seat_rules``: in an
    automaton's rules it is another seat than the automaton's, a human one), else None."""
    if isinstance(d, ast.EnumDomain) and d.where is not None \
            and constfold.fold(d.where, constfold.mode_env(mode)) is False:
        return "its `where` is always false"
    if isinstance(d, ast.PlayerDomain) and d.others_only and mode.players[1] <= 1 \
            and not seat_rules:
        return "this mode has one player, and no other"
    return None


def _empty(d) -> str | None:
    """Why a range or bag domain offers nothing (its numbers say so), else None."""
    if isinstance(d, ast.RangeDomain) and d.low > d.high:
        return f"the range {d.low} to {d.high} is empty"
    if isinstance(d, ast.BagDomain) and (d.size < 1 or d.smallest > d.size):
        return f"no bag holds from {d.smallest} to {d.size} items"
    return None
