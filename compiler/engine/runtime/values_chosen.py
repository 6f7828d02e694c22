"""Values chosen in the middle of an effect (``choose k: knowledge``, ``choose n: 1 to
3``, ``choose q: other player``, ``choose x: 2 of water, gold``): the ``value`` question
of the agenda (:mod:`.agenda`, issue 11 design, 1.1.2).

A ``value`` record holds its ``options``, worked out when the statement ran (JSON: enum
members as strings, numbers, seats, bags as lists), and ``arg``, the name of the actions
that answer it, one per kind of value so that ``Game.describe`` reads each argument
right: ``choose_member``, ``choose_number``, ``choose_player``, ``choose_bag``.  Once
answered, its ``fn`` runs the rest of the effect with the value (as a ``card`` record's
does); ``optional`` (``may choose``) adds ``decline``, which skips it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, made
from .seats import decider
from .values import _from_json, _to_json

if TYPE_CHECKING:
    from .state import State

#: The actions answering a ``value`` question, by the kind of value chosen.
VALUE_ANSWERS = ("choose_member", "choose_number", "choose_player", "choose_bag")


def choose_value(s: State, chooser: int, options: list, arg: str, fn: str, env: dict,
                 optional: bool = False) -> bool:
    """Ask ``chooser`` (its controller, for an automaton: construct 20) to choose one of
    ``options`` (answered by actions ``arg``, one of :data:`VALUE_ANSWERS`); ``fn`` then
    runs the rest of the effect with it, with the locals ``env``, for ``chooser``.
    ``optional``: the player may decline, skipping ``fn``.  Nothing is asked when there
    is no option; True when the question is asked (the effect waits for it)."""
    if not options:
        return False
    record = {"kind": "value", "player": decider(s, chooser), "options": _to_json(list(options)),
              "arg": arg, "fn": fn, "env": env, "me": chooser}
    if optional:
        record["optional"] = True
    s.pending.append(record)
    return True


def legal_value(s: State, p: int, ask_: dict) -> list[Action]:
    """The answers of player ``p`` to the ``value`` question ``ask_``: one action per
    option, in order, then ``decline`` when it is optional."""
    game, arg = s.game, ask_["arg"]
    out = [made(game, p, arg, (_from_json(v),)) for v in ask_["options"]]
    if ask_.get("optional"):
        out.append(made(game, p, "decline", ()))
    return out


def settle_value(s: State, it: dict) -> bool:
    """A ``value`` question always waits: its options were fixed when it was asked."""
    return True
