"""Seats played by rules (construct 20): the ``controlled by`` line of an automaton."""

from __future__ import annotations

from dataclasses import dataclass

from dsl.ast.base import _span
from dsl.ast.expressions import Expr
from dsl.spans import Span


@dataclass(frozen=True, slots=True)
class AutomatonController:
    """``controlled by EXPR`` in an automaton: the human seat that answers the questions
    its rules ask, worked out when one is asked with "you" the automaton's seat (a player
    value: ``first player``, ``the player with most vp``...).  Without it, automaton seat
    number *i* is controlled by human *i mod players*, and so it is when EXPR names no
    human seat.  Rulebook: Utopia › 2 Player Co-op › Co-op Setup (each human controls a
    villain)."""

    expr: Expr
    span: Span = _span()
