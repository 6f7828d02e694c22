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
    """Left-associative chain: ``operands[0] ops[0] operands[1] ...`` (+ - * //)."""

    ops: tuple[str, ...]
    operands: tuple[Expr, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Neg:
    operand: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class BagLiteral:
    """``electricity 1, water 1``: resource names with amounts."""

    items: tuple[tuple[Ident, int], ...]
    span: Span = _span()


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
    """``count ZONE [where COND]``: cards in a zone; bare field names refer to each card."""

    zone: ZoneRef
    where: Expr | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Sum:
    """``sum VALUE over ZONE [where COND]``: a card expression summed over a zone."""

    value: Expr
    zone: ZoneRef
    where: Expr | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class AnyPlayer:
    """``any player COND``: true when COND holds with ``me`` bound to some player."""

    condition: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Best:
    """``best ZONE by KEY``: the card of a zone with the highest key (the first one
    on ties, none when the zone is empty); bare field names refer to each card."""

    zone: ZoneRef
    key: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Index:
    """``loyalty[f]``: the position of a track kept for each member of an enum."""

    track: Ident
    key: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Call:
    """A built-in function: ``max``, ``min``."""

    func: Ident
    args: tuple[Expr, ...]
    span: Span = _span()


Expr = Union[Number, Bool, Text, EmptyBag, Name, Attribute, PlayerCount, Me, It, InZone, RollValue,
             Not, And, Or,
             Compare, Arith, Neg, BagLiteral, Has, Count, Sum, AnyPlayer, Best, Index, Call]
