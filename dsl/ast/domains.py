"""Choice domains: what an action parameter or a choice ranges over (``card in my hand``,
``player``, ``2 of electricity, water``, ``1 to 3``, ``some worker``, an enum's members)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from dsl.ast.base import Ident, _span
from dsl.ast.expressions import Expr, ZoneRef
from dsl.spans import Span


@dataclass(frozen=True, slots=True)
class CardDomain:
    zone: ZoneRef
    where: Expr | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class PlayerDomain:
    others_only: bool = False
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class BagDomain:
    """``2 of electricity, water``: every bag of that size over those resources;
    ``0 to 2 of electricity, water`` (``low`` 0, ``size`` 2): every bag of 0 to 2
    items, the empty bag first, then by size."""

    size: int
    kinds: tuple[Ident, ...]
    low: int | None = None
    span: Span = _span()

    @property
    def smallest(self) -> int:
        """The fewest items a chosen bag holds (``size`` unless a range is given)."""
        return self.size if self.low is None else self.low


@dataclass(frozen=True, slots=True)
class RangeDomain:
    low: int
    high: int
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class SubsetDomain:
    """``some worker where COND``: every non-empty set of cards of a type meeting COND."""

    card_type: Ident
    where: Expr | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class EnumDomain:
    """``knowledge where disc[k] >= 1``: one member of an enum (those meeting ``where``,
    in which the choice's name is the member considered), in declaration order."""

    enum: Ident
    where: Expr | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class GivenDomain:
    """``given w: worker = genius`` (construct 3): an input of an action that its player
    does not choose: ``default`` when a phase offers the action, the value of ``with w =
    E`` when an effect takes it (``take action A with w = E``)."""

    type: Ident
    default: Expr
    span: Span = _span()


Domain = Union[CardDomain, PlayerDomain, BagDomain, RangeDomain, SubsetDomain, EnumDomain, GivenDomain]
