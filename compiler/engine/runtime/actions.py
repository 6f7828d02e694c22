"""Actions: the decisions players take, as plain comparable data."""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING

from .values import _seat, _to_json

if TYPE_CHECKING:
    from .game import GameBase


class Action:
    """A decision: ``player`` takes action ``name`` with ``args``.

    Arguments are plain data (card ids, seats, resource bags as tuples, labels),
    so actions compare by value, hash, and round-trip through JSON.  An action is
    immutable (setting an attribute raises ``AttributeError``): engines share one
    object between every state, and every game of a mode, that offers it.
    """

    __slots__ = ("player", "name", "args", "_game")

    def __init__(self, player: int, name: str, args: tuple = (), game: GameBase | None = None) -> None:
        init = object.__setattr__
        init(self, "player", player)
        init(self, "name", name)
        init(self, "args", args)
        init(self, "_game", game)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"an Action is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"an Action is immutable: cannot delete {name!r}")

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


#: The most entries a game's memo of actions keeps (see ``GameBase.memo``): past it,
#: it starts again empty, so a long run does not keep every state it met.
MEMO_LIMIT = 100_000


def remember(game: GameBase, key: tuple) -> list[Action]:
    """A new empty list kept in ``game``'s memo under ``key``, for a legal-action
    function to fill with the actions that depend on nothing but ``key``."""
    memo = game.memo
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    found: list[Action] = []
    memo[key] = found
    return found


def made(game: GameBase, player: int, name: str, args: tuple) -> Action:
    """The action ``player: name args``, made once and kept in ``game``'s memo (in the
    table :func:`made_row` gives), so that the lists of actions remembered there share it."""
    row = made_row(game, player, name)
    found = row.get(args)
    if found is None:
        found = row[args] = Action(player, name, args, game)
    return found


def made_row(game: GameBase, player: int, name: str) -> dict[tuple, Action]:
    """``player``'s actions ``name`` made so far, by their arguments, kept in ``game``'s
    memo: a legal-action function that makes many looks the table up once, then each
    action in it by its arguments (see :func:`made`)."""
    return memo_table(game, (None, "made", name, player))  # None first: never a list's key


def memo_table(game: GameBase, key: tuple) -> dict:
    """The table (a dict) kept in ``game``'s memo under ``key``, empty the first time."""
    memo = game.memo
    table = memo.get(key)
    if table is None:
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        table = memo[key] = {}
    return table


#: The names of the actions that answer a question asked in the middle of an effect
#: (see :mod:`.agenda`): a card chosen, a choice declined, room made, a labelled option, a
#: value chosen (:mod:`.values_chosen`).
ANSWER_NAMES = frozenset({"choose_card", "decline", "make_room", "decline_card", "answer",
                          "choose_member", "choose_number", "choose_player", "choose_bag"})


def unknown_name(name: object, actions, offered) -> str | None:
    """Why an action called ``name`` is refused when no action of the game has that
    name (``actions``: the names of the mode's actions; ``offered``: the legal actions
    now), naming the close ones; None when it is a name of the game."""
    if not isinstance(name, str):
        return f"{name!r} is not an action's name"
    known = set(actions) | ANSWER_NAMES | {a.name for a in offered}
    if name in known:
        return None
    close = difflib.get_close_matches(name, sorted(actions), n=3, cutoff=0.6)
    return (f"{name!r} is no action of this game"
            + (f" (did you mean {' or '.join(map(repr, close))}?)" if close else
               f" (its actions: {', '.join(sorted(actions))})"))
