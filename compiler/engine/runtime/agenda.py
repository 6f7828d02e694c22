"""The agenda: the decisions waiting inside effects (``State.pending``), their legal
actions, their answers, and the records settled without one.

Split from :mod:`.state` (the module size rule) before the agenda of the issue-11 design
(1.1) changed how it works."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, made
from .zones import _enter, _leave, draw, in_zone, move, room, zone

if TYPE_CHECKING:
    from .state import State


def question_legal(s: State, p: int) -> list[Action]:
    """The legal actions of player ``p`` on the question at the front of the agenda."""
    game = s.game
    ask_ = s.pending[0]
    if ask_["kind"] == "cards":
        cards = zone(s, ask_["src"], ask_["src_owner"])
        allowed = ask_["cards"]
        return [made(game, p, "choose_card", (c,)) for c in cards if c in allowed]
    if ask_["kind"] == "card":
        return [made(game, p, "choose_card", (c,)) for c in ask_["cards"]
                if in_zone(s, c, ask_["src"], ask_["src_owner"])]
    if ask_["kind"] == "overflow":
        out = [made(game, p, "make_room", (c,))
               for c in zone(s, ask_["zone"], ask_["owner"])]
        if s.g.overflow[ask_["zone"]][2]:
            out.append(made(game, p, "decline_card", ()))
        return out
    return [made(game, p, "answer", (label,)) for label in ask_["labels"]]


def answer(s: State, action: Action) -> None:
    """Apply the answer ``action`` to the question at the front of the agenda."""
    ask_ = s.pending[0]
    if ask_["kind"] == "cards":
        card = action.args[0]
        waiting = len(s.pending)
        moved = move(s, s.g, card, ask_["dst"], ask_["dst_owner"], ask_["bottom"])
        ask_["cards"] = tuple(c for c in ask_["cards"] if c != card)
        if len(s.pending) > waiting:  # the owner of a full zone is asked first
            s.pending.insert(0, s.pending.pop())
        elif not moved:  # destination full: the card stays, and the choice ends
            ask_["count"] = 1
        ask_["count"] -= 1  # a choice that is complete is closed by _settle
    elif ask_["kind"] == "overflow":
        if action.name == "decline_card":
            s.pending.pop(0)
        else:  # make room: the card chosen is discarded
            discard, per_player, _ = s.g.overflow[ask_["zone"]]
            _leave(s, s.g, action.args[0])
            _enter(s, action.args[0], discard, ask_["owner"] if per_player else None)
    else:  # an option of `ask`, or the card of `choose c: card in ...`: the rest follows
        s.pending.pop(0)
        s.g.asks[ask_["fn"]](s.g, s, ask_["me"], ask_["env"], action.args[0])


def settle(s: State) -> None:
    """Settle the questions at the front of the queue that need no answer any more:
    a choice of cards none of which is left, a card waiting for room that has moved
    elsewhere, or one whose zone has room now (it enters)."""
    g = s.g
    while s.pending:
        it = s.pending[0]
        if it["kind"] == "cards":
            allowed = it["cards"]
            if it["count"] > 0 and any(c in allowed for c in zone(s, it["src"], it["src_owner"])):
                return
            _close(s, s.pending.pop(0))
            s._check_end()
        elif it["kind"] == "card":
            if any(in_zone(s, c, it["src"], it["src_owner"]) for c in it["cards"]):
                return
            s.pending.pop(0)  # every card it offered has moved away: nothing to choose
        elif it["kind"] == "overflow":
            card = it["card"]
            if card is not None and s.loc[card] != (it["src"], it["src_owner"]):
                s.pending.pop(0)
                continue
            if not room(s, g, it["zone"], it["owner"]):
                if zone(s, it["zone"], it["owner"]):
                    return
                s.pending.pop(0)  # a limit of 0: no card can make room
                continue
            if card is not None:
                _leave(s, g, card)
                _enter(s, card, it["zone"], it["owner"], it["bottom"])
                s.pending.pop(0)
                continue
            moved = draw(s, g, 1, it["src"], it["src_owner"], it["zone"], it["owner"])
            it["count"] -= 1
            if not moved or it["count"] <= 0:
                s.pending.pop(0)
        else:
            return


def _close(s: State, decision: dict) -> None:
    """Cards were chosen (or there were none left to choose): the rest of the effect
    (``choose ... cards ... then { }``), if any, runs now."""
    if decision.get("then"):
        s.g.asks[decision["then"]](s.g, s, decision["me"], decision["env"], None)
