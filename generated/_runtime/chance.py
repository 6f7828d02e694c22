"""Chance: the state's single-integer generator (SplitMix64) and what it draws."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import State

MASK64 = (1 << 64) - 1


def _next(s: State) -> int:
    """SplitMix64 step on the state's single-integer generator."""
    s.rng = (s.rng + 0x9E3779B97F4A7C15) & MASK64
    z = s.rng
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def randrange(s: State, n: int) -> int:
    """A uniform integer in ``[0, n)`` drawn from the state's generator (``n`` >= 1;
    ``ZeroDivisionError`` for 0).  Advances ``s.rng``: every draw is part of the game."""
    return _next(s) % n


def shuffle_list(s: State, items: list) -> None:
    """Fisher-Yates shuffle in place, driven by the state's generator."""
    for i in range(len(items) - 1, 0, -1):
        j = randrange(s, i + 1)
        items[i], items[j] = items[j], items[i]


def roll_dice(s: State, g, name: str, index: int | None = None) -> None:
    """Roll the dice of the game called ``name`` (construct 16): every die, in order, or
    only die ``index`` (counted from 1; a number past the dice rolls nothing).  Each face
    is drawn uniformly from the state's generator, among ``g.dice[name]``'s faces."""
    faces = g.dice[name][1]
    shown = s.dice[name]
    if index is None:
        for i in range(len(shown)):
            shown[i] = faces[randrange(s, len(faces))]
    elif 1 <= index <= len(shown):
        shown[index - 1] = faces[randrange(s, len(faces))]


def set_die(s: State, g, name: str, index: int, face) -> None:
    """Turn die ``index`` (from 1) of the dice ``name`` to ``face`` (construct 16); a face
    the dice do not have, or a die they do not have, leaves them as they are."""
    shown = s.dice[name]
    if 1 <= index <= len(shown) and face in g.dice[name][1]:
        shown[index - 1] = face
