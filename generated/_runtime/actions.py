"""Actions: the decisions players take, as plain comparable data."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .values import _seat, _to_json

if TYPE_CHECKING:
    from .game import GameBase


class Action:
    """A decision: ``player`` takes action ``name`` with ``args``.

    Arguments are plain data (card ids, seats, resource bags as tuples, labels),
    so actions compare by value, hash, and round-trip through JSON.
    """

    __slots__ = ("player", "name", "args", "_game")

    def __init__(self, player: int, name: str, args: tuple = (), game: GameBase | None = None) -> None:
        self.player, self.name, self.args, self._game = player, name, args, game

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Action) and self.player == other.player
                and self.name == other.name and self.args == other.args)

    def __hash__(self) -> int:
        return hash((self.player, self.name, self.args))

    def __repr__(self) -> str:
        return f"Action({self.player}, {self.name!r}, {self.args!r})"

    def __str__(self) -> str:
        if self._game is None:
            return f"{_seat(self.player)}: {self.name} {self.args!r}"
        return self._game.describe(self)

    def to_json(self) -> dict:
        """``{"player", "name", "args"}`` with tuples as lists (see ``GameBase.action_from_json``)."""
        return {"player": self.player, "name": self.name, "args": _to_json(self.args)}
