"""Resources: bags of amounts (one per resource) held, paid and gained by players."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .errors import IllegalActionError
from .values import Bag

if TYPE_CHECKING:
    from .rules import Rules
    from .state import State


def has(s: State, p: int, bag: Bag) -> bool:
    """Player ``p`` holds at least ``bag`` (a tuple of amounts per resource)."""
    held = s.res[p]
    for i, n in enumerate(bag):
        if n and held[i] < n:
            return False
    return True


def holds(held: list[int], items: tuple[tuple[int, int], ...]) -> bool:
    """``held`` (a player's amounts) has at least ``amount`` of each ``(resource index,
    amount)`` of ``items``: :func:`has` for a bag given by the resources it names (an
    engine's table of a card field's bags lists each card's)."""
    for i, n in items:
        if held[i] < n:
            return False
    return True


def gain(s: State, p: int, bag: Bag) -> None:
    """Player ``p`` receives ``bag``."""
    held = s.res[p]
    for i, n in enumerate(bag):
        if n:
            held[i] += n


def pay(s: State, p: int, bag: Bag) -> None:
    """Player ``p`` gives up ``bag``; raises :class:`IllegalActionError` at the first
    resource they lack (the amounts before it are already paid: the rules check
    ``has`` before they pay)."""
    held = s.res[p]
    for i, n in enumerate(bag):
        if n:
            if held[i] < n:
                raise IllegalActionError("cannot pay: not enough resources")
            held[i] -= n


def release(s: State, g: Rules, p: int, bag: Bag) -> None:
    """Renewable inputs come back to ``p``; non-renewable ones go to the supply."""
    held = s.res[p]
    for i, n in enumerate(bag):
        if n and not g.nonrenewable[i]:
            held[i] += n


def transfer(s: State, src: int, dst: int, bag: Bag) -> None:
    """Player ``src`` pays ``bag`` to player ``dst`` (see :func:`pay`)."""
    pay(s, src, bag)
    gain(s, dst, bag)


def pay_one(s: State, p: int, i: int, n: int) -> None:
    """Player ``p`` gives up ``n`` of resource ``i`` (nothing when ``n`` <= 0); raises
    :class:`IllegalActionError` when they hold fewer."""
    if n > 0:
        held = s.res[p]
        if held[i] < n:
            raise IllegalActionError("cannot pay: not enough resources")
        held[i] -= n


def bag_of(size: int, items: Iterable[tuple[int, int]]) -> Bag:
    """The bag of ``size`` resources holding each ``(index, amount)`` of ``items``
    (amounts below zero count as zero)."""
    bag = [0] * size
    for i, n in items:
        if n > 0:
            bag[i] += n
    return tuple(bag)


def bag_plus(a: Bag, b: Bag) -> Bag:
    """``a + b``: both bags together."""
    return tuple(x + y for x, y in zip(a, b))


def bag_minus(a: Bag, b: Bag) -> Bag:
    """``a - b``: ``a`` less ``b``, never below zero in any resource."""
    return tuple(x - y if x > y else 0 for x, y in zip(a, b))


def bag_times(a: Bag, n: int) -> Bag:
    """``a * n``: ``n`` times each amount (none when ``n`` <= 0)."""
    return tuple(x * n for x in a) if n > 0 else tuple(0 for _ in a)


def move_bag(src: list[int] | None, dst: list[int] | None, bag: Bag) -> None:
    """``bag`` leaves the amounts ``src`` (a player's ``s.res[p]`` or a stock's list;
    None: the supply) for ``dst`` (likewise; None: back to the supply): the transfers,
    ``gain ... into`` and ``clear`` of stocks (construct 18).  Raises
    :class:`IllegalActionError`, before anything moves, when ``src`` holds less."""
    if src is not None:
        for i, n in enumerate(bag):
            if n > 0 and src[i] < n:
                raise IllegalActionError("cannot pay: not enough resources")
        for i, n in enumerate(bag):
            if n > 0:
                src[i] -= n
    if dst is not None:
        for i, n in enumerate(bag):
            if n > 0:
                dst[i] += n


def stock_holds(held: list[int], bag: Bag) -> bool:
    """The amounts ``held`` (a stock's list) are at least ``bag`` (construct 18)."""
    return all(h >= n for h, n in zip(held, bag))
