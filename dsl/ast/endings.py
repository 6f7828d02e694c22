"""How the game ends: ``end`` blocks, their winners rules and tie-breakers (construct 19)."""

from __future__ import annotations

from dataclasses import dataclass

from dsl.ast.base import Ident, Meta, _span
from dsl.ast.expressions import Expr
from dsl.spans import Span


@dataclass(frozen=True, slots=True)
class TieBreaker:
    label: str
    direction: str
    expr: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class RollOff:
    """``tie_breaker "label" roll_off fewest sides 6``: each player still tied rolls one
    die of ``sides`` sides; the lowest (``fewest``) or highest (``most``) roll wins, and
    the players tied for it roll again."""

    label: str
    direction: str
    sides: int
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class End:
    """``end NAME ["Title"] { when C  immediately|finish round  WINNERS ... }``: one way
    the game ends and who wins then.  A mode may have several, tried in the order written.
    Its winners rule is one of ``winner most E`` (with ``tie_breakers``), ``win when C``,
    ``winners players [where C] [with most|fewest E [then ...]] [where C2]``
    (``winners``) or ``nobody wins`` (``nobody_wins``); ``title`` is None when the
    block has none (the page then shows the name)."""

    name: str
    when: Expr | None
    finish_round: bool = False
    immediately: bool = False
    winner_most: Expr | None = None
    win_when: Expr | None = None
    tie_breakers: tuple[TieBreaker | RollOff, ...] = ()
    meta: tuple[Meta, ...] = ()
    span: Span = _span()
    title: str | None = None
    winners: Winners | None = None
    nobody_wins: bool = False
    #: ``winner side S`` (construct 20): every seat of the side S wins (``players``, or an
    #: automaton kind)
    winner_side: Ident | None = None

    def winners_rules(self) -> list[str]:
        """The winners rules written in the block, in the words of the language
        (``winner most``, ``win when``, ``winners``, ``nobody wins``): one at most."""
        rules = [("winner most", self.winner_most is not None), ("win when", self.win_when is not None),
                 ("winners", self.winners is not None), ("nobody wins", self.nobody_wins),
                 ("winner side", self.winner_side is not None)]
        return [word for word, written in rules if written]


@dataclass(frozen=True, slots=True)
class Winners:
    """``winners players [where C] [with most|fewest E [then most|fewest E]...] [where C2]``
    in an ``end`` block: every player the clauses select wins (all of those tied), as
    :class:`~dsl.ast.statements.EachPlayer` selects them; nobody when none is left."""

    where: Expr | None
    measures: tuple[tuple[str, Expr], ...] = ()
    then_where: Expr | None = None
    span: Span = _span()
    #: ``winners seats ...`` (construct 20): the clauses range over every seat, automata too
    seats: bool = False
