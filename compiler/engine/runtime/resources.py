"""Resources: bags of amounts (one per resource) held, paid and gained by players."""

from __future__ import annotations

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
