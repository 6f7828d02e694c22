"""Checks of ``repeat`` (construct 13) and ``as`` (construct 21), the rules of the
statement checker's table (:data:`compiler.checks.statements.STATEMENTS`).

* ``repeat N``: N is a number (E0503); a constant N above
  :data:`~compiler.analysis.limits.MAX_REPEAT_COUNT` is E0800, one of 0 or less W0133,
  ``repeat 1`` W0131;
* ``as PLAYER``: a player (E0503), present (E0580 for a player or nobody not tested);
  ``as me`` is W0132.  ``done``/``again`` inside (E0801) are found with the other checks
  of decisions (:mod:`compiler.checks.decisions`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dsl import ast, codes
from compiler.analysis import constfold, limits
from compiler.analysis import names as N

if TYPE_CHECKING:
    from compiler.checks.statements import BlockChecker


def check_repeat(checker: BlockChecker, st: ast.Repeat, scope: N.Scope) -> None:
    """``repeat [up to] N { ... }``: the count, then the block (each round starts with the
    guards its block may break forgotten, as after the block)."""
    from compiler.checks.statements import _forget_guards  # the table's module imports this one

    checker.expect(st.count, N.INT, scope, "how many times to repeat")
    n = constfold.fold(st.count, constfold.mode_env(checker.mode))
    words = "repeat up to" if st.up_to else "repeat"
    if constfold._number(n):
        if n > limits.MAX_REPEAT_COUNT:
            checker.report.error(codes.REPEAT_TOO_MANY, f"`{words} {n:,}` runs its block more than "
                                 f"{limits.MAX_REPEAT_COUNT:,} times", st.count.span,
                                 hint="lower the count, or ask before each round with `repeat up to`")
        elif n <= 0:
            checker.report.warning(codes.REPEAT_NEVER, f"the count of this `{words}` is {n}, so its "
                                   "block never runs", st.count.span,
                                   hint="give the count the rule says, or remove the block")
        elif n == 1 and not st.up_to:
            checker.report.warning(codes.REPEAT_ONCE, "`repeat 1` runs its block once, as its "
                                   "statements would without it", st.span,
                                   hint="write the statements without `repeat`")
    checker.block(st.body, _forget_guards(st.body, scope) if scope.guards else scope)


def check_as(checker: BlockChecker, st: ast.AsPlayer, scope: N.Scope) -> None:
    """``as PLAYER { ... }``: a present player, then the block."""
    checker.expect(st.player, N.PLAYER, scope, "the player `as` acts for")
    if isinstance(st.player, ast.Me):
        checker.report.warning(codes.AS_ME, "`as me` makes \"you\" the player who already is \"you\"",
                               st.player.span, hint="name the player the rule means (`as d.owner`), "
                               "or drop the `as`")
    checker.block(st.body, scope)
