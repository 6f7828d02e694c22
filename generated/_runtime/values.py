"""Plain values of the runtime: constants, the names of its types, and the checks
and conversions of values that saves and actions carry (JSON has lists, not tuples)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeGuard

if TYPE_CHECKING:
    from .rules import Rules  # noqa: F401  (named in the aliases below)
    from .state import State  # noqa: F401

#: What ``current_player()`` returns once the game is over (OpenSpiel's value).
TERMINAL = -4

Bag = tuple[int, ...]
#: A zone's owner: a seat, a card id (zones of each card), or None (a shared zone).
Owner = int | None
#: A decision waiting in ``State.pending``: plain data, saved as it is by ``to_json``.
Decision = dict[str, Any]

# The functions a generated engine defines; each takes the mode's rules and the state.
#: ``only when`` of a phase, a transition's condition, ``end when``: (g, s) → bool
Predicate = Callable[["Rules", "State"], bool]
#: an effect run for player p (``setup``, ``on enter``...): (g, s, p) → None
Effect = Callable[["Rules", "State", int], None]
#: the choices an action offers player p: (g, s, p, out) → None, appending each legal
#: :class:`Action` to the list ``out``, in order
Legal = Callable[["Rules", "State", int, list], None]
#: an action's (or a trigger's) effect: (g, s, p, args) → None
Apply = Callable[["Rules", "State", int, tuple], None]
#: the rest of an effect once a question is answered: (g, s, p, env, answer) → None
Continuation = Callable[["Rules", "State", int, dict, Any], None]


def _is_int(value: object) -> TypeGuard[int]:
    """A true integer: ``bool`` is an ``int`` to Python but never an id or a count here."""
    return isinstance(value, int) and not isinstance(value, bool)


def _same(a: object, b: object) -> bool:
    """Equal values of the same types (``1 == 1.0 == True`` to Python, not here)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple) and isinstance(b, tuple):  # the same type: both or neither
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b


def _seat(player: object) -> str:
    """``player 1`` for seat 0; anything that is not a seat as its repr."""
    return f"player {player + 1}" if _is_int(player) and player >= 0 else f"player {player!r}"


def _to_json(value: Any) -> Any:
    """Tuples (at any depth) as lists, for JSON."""
    if isinstance(value, tuple):
        return [_to_json(v) for v in value]
    return value


def _from_json(value: Any) -> Any:
    """Lists (at any depth, dict values too) back to tuples."""
    if isinstance(value, list):
        return tuple(_from_json(v) for v in value)
    if isinstance(value, dict):
        return {k: _from_json(v) for k, v in value.items()}
    return value
