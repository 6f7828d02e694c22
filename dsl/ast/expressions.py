"""AST nodes of expressions (``Expr``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from dsl.ast.base import Ident, KeywordOnly, _span
from dsl.spans import Span


@dataclass(frozen=True, slots=True)
class Number:
    value: int
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Bool:
    value: bool
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Text:
    value: str
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class EmptyBag:
    """``none``: the empty bag of resources."""

    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Name:
    """A bare name: a local, a card field, a player's track/resource, a param..."""

    name: str
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Attribute:
    """``b.value``: a field or state of the card bound to ``b``, or a counter of player ``p``."""

    obj: str
    attr: str
    span: Span = _span()


class PlayerCount(KeywordOnly):
    """``players``: the number of players in the game."""

    __slots__ = ()


class It(KeywordOnly):
    """``it``: the card in context (inside ``count``, ``sum``, ``where``...)."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class InZone:
    """``x in ZONE``: card ``x`` lies in that zone; a zone of each player or card
    named without an owner means any of them."""

    card: Expr
    zone: ZoneRef
    span: Span = _span()


class RollValue(KeywordOnly):
    """``roll``: a fresh roll of the die in context (inside ``sum``...), by chance."""

    __slots__ = ()


class Me(KeywordOnly):
    """``me``: the player the rule is applied to."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Not:
    operand: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class And:
    operands: tuple[Expr, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Or:
    operands: tuple[Expr, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Compare:
    op: str
    left: Expr
    right: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Arith:
    """Left-associative chain: ``operands[0] ops[0] operands[1] ...`` (+ - * // %)."""

    ops: tuple[str, ...]
    operands: tuple[Expr, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Neg:
    operand: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class BagItem:
    """One item of a bag: ``water 2``, ``water morale`` (an amount is any number
    expression, worked out when the rule runs; below zero it counts as zero), or
    ``disc[k] 2`` (one member ``key`` of a resource family)."""

    resource: Ident
    amount: Expr
    key: Expr | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class BagLiteral:
    """``electricity 1, water 1``: resources (or members of resource families) with amounts."""

    items: tuple[BagItem, ...]
    span: Span = _span()

    def constant(self) -> dict[str, int] | None:
        """``{resource: amount}`` when every amount is a number written out and no item
        is a family member; None otherwise (the amounts are worked out in play)."""
        out: dict[str, int] = {}
        for item in self.items:
            if item.key is not None or type(item.amount) is not Number:
                return None
            out[item.resource.name] = out.get(item.resource.name, 0) + item.amount.value
        return out


@dataclass(frozen=True, slots=True)
class Has:
    """``has BAG`` (the acting player) or ``p has BAG``: holds at least that bag."""

    bag: Expr
    who: Expr | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class ZoneRef:
    """A zone: ``my hand`` (owner ``my``), ``p.hand`` (owner ``p``), ``offer`` (global),
    or ``workers_here of sp`` (``owner_expr``: the player or card it belongs to)."""

    owner: str | None
    zone: Ident
    owner_expr: Expr | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Count:
    """``count ZONE [as NAME] [where COND]``: cards in a zone; bare field names refer to
    each card, and so does ``NAME`` (so a nested ``count`` can name the outer card)."""

    zone: ZoneRef
    where: Expr | None = None
    span: Span = _span()
    name: Ident | None = None


@dataclass(frozen=True, slots=True)
class Sum:
    """``sum VALUE over ZONE [as NAME] [where COND]``: a card expression summed over a zone."""

    value: Expr
    zone: ZoneRef
    where: Expr | None = None
    span: Span = _span()
    name: Ident | None = None


@dataclass(frozen=True, slots=True)
class AnyPlayer:
    """``any player COND``: true when COND holds with ``me`` bound to some player."""

    condition: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Best:
    """``best ZONE [as NAME] by KEY``: the card of a zone with the highest key (the first
    one on ties; ``nothing`` when the zone is empty, so a maybe value unless a guard
    ``count ZONE >= 1`` holds); bare field names refer to each card."""

    zone: ZoneRef
    key: Expr
    span: Span = _span()
    name: Ident | None = None


@dataclass(frozen=True, slots=True)
class Nothing:
    """``nothing``: no card (a maybe card value, design 1.2)."""

    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Nobody:
    """``nobody``: no player (a maybe player value, design 1.2)."""

    span: Span = _span()


@dataclass(frozen=True, slots=True)
class TopOf:
    """``top of ZONE [where COND]`` (``side`` "top") or ``bottom of ZONE [where COND]``
    (``side`` "bottom"): the topmost (bottommost) card of a zone meeting COND; a zone is
    listed from the bottom.  A maybe value: ``nothing`` when no card qualifies."""

    side: str
    zone: ZoneRef
    where: Expr | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class NextIn:
    """``next in ZONE from|after START by KEY [where COND]``: going round the cards of a
    zone ordered by the number KEY (read from each card), the first whose KEY is at least
    (``from``, ``inclusive``) or more than (``after``) START, wrapping from the highest KEY
    to the lowest, that meets COND; ties on KEY keep zone order.  A maybe value."""

    zone: ZoneRef
    inclusive: bool
    start: Expr
    key: Expr
    where: Expr | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class FieldOf:
    """``(EXPR).NAME``: a field or state of the card any expression gives (it must be a
    definite card: a maybe value is tested first, design 1.2)."""

    obj: Expr
    attr: str
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class ThePlayer:
    """``the player [where C] with most|fewest E [then most|fewest E2]... [where C2]``: the
    one player the clauses select, in the order written (``where`` filters, ``with``
    keeps those tied for the most/fewest, ``then`` breaks their tie); ``nobody`` when
    none or several remain.  ``measures`` holds ``("most"|"fewest", E)`` pairs; in each
    expression "you" is the player measured."""

    where: Expr | None
    measures: tuple[tuple[str, Expr], ...]
    then_where: Expr | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class CountPlayers:
    """``count players where COND``: how many players meet COND ("you" is each player)."""

    condition: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class EveryPlayer:
    """``every player COND``: COND holds for every player ("you" is each player)."""

    condition: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Index:
    """``loyalty[f]``: the position of a track kept for each member of an enum; or
    ``disc[k]`` (``p.disc[k]`` with ``owner`` ``p``): the amount of one member of a
    resource family that you (or ``p``) hold."""

    track: Ident
    key: Expr
    owner: str | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Call:
    """A built-in function: ``max``, ``min``."""

    func: Ident
    args: tuple[Expr, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class TableRead:
    """``slot_cost[power_plant, 2]``: the value a table gives for its keys (construct 10).
    A read with one key is written the same way as a track's (``recruit_cost[k]``) and
    parses as :class:`Index`; the passes treat an ``Index`` naming a table as this."""

    table: Ident
    keys: tuple[Expr, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class RoundNumber:
    """``round``: the number of the round in progress (1 in the first round, 0 before the
    phase that starts a round is first entered; construct 12)."""

    span: Span = _span()


@dataclass(frozen=True, slots=True)
class CountShowing:
    """``count trajectory showing plus``: how many dice of a ``dice`` declaration show a
    face (construct 16)."""

    dice: Ident
    face: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class FirstPlayer:
    """``first player``: the seat holding the first player marker (construct 17)."""

    span: Span = _span()


@dataclass(frozen=True, slots=True)
class StockOf:
    """``left_here of loc``: the stock ``stock`` that card ``owner`` holds, a bag
    (construct 18)."""

    stock: Ident
    owner: Ident
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class IsKind:
    """``x is KIND`` (construct 9): whether card ``x`` is a card of type (or a piece of
    the pieces) ``kind``; false for ``nothing``.  Where it holds, ``x`` reads as a card
    of that kind (the right of ``and``, an ``if``'s body, what a ``where`` filters)."""

    card: Expr
    kind: Ident
    span: Span = _span()



@dataclass(frozen=True, slots=True)
class TakeWith:
    """``with w = EXPR`` of ``take action`` / ``can take`` (construct 3): the choice ``w``
    of the action taken is fixed to the value of ``EXPR``."""

    name: Ident
    value: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class CanTake:
    """``can take action A [with ...]`` / ``can take one of A, B [with ...]`` (construct
    3): whether the acting player has at least one legal instance of the actions named,
    with the choices of ``bound`` fixed."""

    actions: tuple[Ident, ...]
    bound: tuple[TakeWith, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class SeatCount:
    """``seats`` (construct 20): the number of seats at the table, the human players'
    and the automata's; ``players`` counts the human seats only."""

    span: Span = _span()


@dataclass(frozen=True, slots=True)
class SeatTest:
    """``any seat COND``, ``every seat COND``, ``every KIND COND`` (construct 20): COND
    holds for some (``every`` False) or for every seat, or every seat of the automaton
    kind ``kind`` ("you" is each seat in turn)."""

    every: bool
    kind: Ident | None
    condition: Expr
    span: Span = _span()


Expr = Union[Number, Bool, Text, EmptyBag, Name, Attribute, PlayerCount, Me, It, InZone, RollValue,
             Not, And, Or,
             Compare, Arith, Neg, BagLiteral, Has, Count, Sum, AnyPlayer, Best, Index, Call,
             Nothing, Nobody, TopOf, NextIn, FieldOf, ThePlayer, CountPlayers, EveryPlayer, TableRead,
             RoundNumber, CountShowing, FirstPlayer, StockOf, IsKind, CanTake,
             SeatCount, SeatTest]
