"""Decisions inside effects (choose cards, choose a card, answer a question), queued
on the state until the player answers, and the order of play."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .values import Owner
from .seats import decider
from .zones import zone

if TYPE_CHECKING:
    from .rules import Rules
    from .state import State


def choose_cards(s: State, g: Rules, chooser: int, count: int, src: str, src_owner: Owner, dst: str,
                 dst_owner: Owner, bottom: bool = False, then: str | None = None,
                 env: dict | None = None, me: int | None = None, up_to: bool = False) -> bool:
    """Ask ``chooser`` to pick ``count`` cards of a zone, one at a time, among the cards
    the zone holds now (a card that enters it before the question is asked is not one
    of them: decisions queued one after another each see the zone as it was).  ``then``
    (with the locals ``env``, for player ``me``) runs the rest of the effect once they
    are chosen, or at once when there is nothing to choose.  ``up_to`` (``choose up to N
    cards``): the chooser may stop (``decline``) before any card.  True when the effect
    waits: the question was asked, or ``then`` ran at once and waits."""
    cards = tuple(zone(s, src, src_owner))
    count = min(count, len(cards))
    if count > 0:
        if chooser >= s.h:  # an automaton's decision: its controller answers (construct 20)
            chooser = decider(s, chooser)
        record = {"kind": "cards", "player": chooser, "count": count, "src": src,
                  "src_owner": src_owner, "dst": dst, "dst_owner": dst_owner,
                  "bottom": bottom, "cards": cards, "then": then, "env": env, "me": me}
        if up_to:
            record["up_to"] = True
        s.pending.append(record)
        return True
    if then is not None:
        return bool(g.asks[then](g, s, me, env, None))  # type: ignore[arg-type]  # me and env come with then
    return False


def choose_card(s: State, chooser: int, cards: list[int], src: str, src_owner: Owner, fn: str,
                env: dict, optional: bool = False) -> bool:
    """Ask ``chooser`` to choose one of ``cards`` (of zone ``src``); ``fn`` then runs the
    rest of the effect with it (``optional``: ``may choose``, which the player may
    decline, skipping ``fn``).  Nothing is asked when there is nothing to choose; True
    when the question is asked (the effect waits for it)."""
    if cards:
        record = {"kind": "card", "player": decider(s, chooser), "cards": list(cards), "src": src,
                  "src_owner": src_owner, "fn": fn, "env": env, "me": chooser}
        if optional:
            record["optional"] = True
        s.pending.append(record)
        return True
    return False


def ask(s: State, who: int, labels: tuple[str, ...], fn: str, env: dict, me: int) -> bool:
    """Ask ``who`` to choose one of ``labels``; ``fn`` runs the chosen option.  True (the
    effect waits for the answer)."""
    s.pending.append({"kind": "ask", "player": decider(s, who), "labels": list(labels), "fn": fn,
                      "env": env, "me": me})
    return True


def resume(s: State, fn: str, env: dict, me: int) -> bool:
    """The rest of an effect, ``fn`` with the locals ``env`` for player ``me``, runs once
    the records made before it are settled (a ``resume`` record: design 1.1.2).  True."""
    s.pending.append({"kind": "resume", "fn": fn, "env": env, "me": me})
    return True


def turn_order(s: State, seats: bool = False) -> list[int]:
    """The human seats (every seat with ``seats``: construct 20) in turn order, starting
    from the first player."""
    order = [(s.first + i) % s.n for i in range(s.n)]
    return order if seats or s.h == s.n else [q for q in order if q < s.h]


def select_players(s: State, where: Callable[[int], bool] | None,
                   ranks: tuple[tuple[bool, Callable[[int], int]], ...],
                   then_where: Callable[[int], bool] | None, seats: bool = False) -> list[int]:
    """The players of ``each player``/``the player`` clauses, in turn order from the
    first player: those meeting ``where``; then, for each ``(most, measure)`` of
    ``ranks``, those tied for the highest (``most``) or lowest ``measure``; then those
    meeting ``then_where``.  ``None`` keeps everyone.  ``seats``: every seat, automata too
    (``winners seats ...``: construct 20)."""
    chosen = [q for q in turn_order(s, seats) if where is None or where(q)]
    for most, measure in ranks:
        values = [measure(q) for q in chosen]
        if values:
            target = max(values) if most else min(values)
            chosen = [q for q, v in zip(chosen, values) if v == target]
    return [q for q in chosen if then_where is None or then_where(q)]


def only(players: list[int]) -> int:
    """``the player ...``: the one player of ``players``, or -1 (``nobody``) if none or several."""
    return players[0] if len(players) == 1 else -1
