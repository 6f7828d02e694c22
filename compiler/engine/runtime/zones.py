"""Zones and cards: where each card lies, and how cards move, are drawn and shuffled."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any

from . import actions
from .chance import shuffle_list
from .values import Owner
from .seats import decider

if TYPE_CHECKING:
    from .game import GameBase
    from .rules import Rules
    from .state import State


def zone(s: State, name: str, owner: Owner) -> list[int]:
    """The card ids in zone ``name`` of ``owner``, bottom first (the list itself)."""
    return s.z[name] if owner is None else s.z[name][owner]


def in_zone(s: State, card: int, name: str, owner: Any = ...) -> bool:
    """Card ``card`` lies in zone ``name`` (of ``owner``; ``...`` means any owner); no card
    (-1, ``nothing``) lies nowhere."""
    where = s.loc[card] if card >= 0 else None
    if where is None or where[0] != name:
        return False
    return owner is ... or where[1] == owner


def group_by(cards: Iterable[int], field: Sequence[Any]) -> dict[Any, list[int]]:
    """The ``cards`` by the value of a card field (``field[card]``, a table of the
    engine's catalogue): value → those cards, in the order of ``cards``."""
    groups: dict[Any, list[int]] = {}
    for card in cards:
        value = field[card]
        found = groups.get(value)
        if found is None:
            groups[value] = [card]
        else:
            found.append(card)
    return groups


def grouped(game: GameBase, cards: Sequence[int], field: Sequence[Any]) -> dict[Any, list[int]]:
    """:func:`group_by` of ``cards`` by ``field`` (a table of the engine's catalogue, the
    same all game), kept in ``game``'s memo under the ids of the cards: a zone whose
    cards are the same as at some earlier decision, of this game or another of its
    mode, is grouped once.  The lists handed back are shared: read them, never change
    them."""
    key = ("grouped", id(field), tuple(cards))
    memo = game.memo
    found = memo.get(key)
    if found is None:
        if len(memo) >= actions.MEMO_LIMIT:
            memo.clear()
        found = memo[key] = group_by(cards, field)
    return found


def sets_of_size(items: Sequence[int], size: int) -> list[tuple[int, ...]]:
    """The sets of ``size`` of ``items`` (``size`` >= 1), each a tuple in the order of
    ``items``, in the order a subset choice lists its sets: that of the binary numbers
    whose bits pick the items (item i is bit i), so the sets whose last item comes
    earliest come first.  The same sets, in the same order, as listing every set and
    keeping those of ``size``, without making the others."""
    return [t[::-1] for t in reversed(list(combinations(items[::-1], size)))]


def best(cards: Sequence[int], key: Callable[[int], Any], line: int) -> int:
    """``best ZONE by KEY`` (spec line ``line``): the card of ``cards`` with the highest
    ``key(card)``, the first of those tied; -1 (``nothing``) when ``cards`` is empty.  The
    checker makes a spec test for that before it reads the card (`if count ZONE >= 1`,
    or `if b != nothing`), so -1 is never read as a card (card -1 would be the
    catalogue's last card)."""
    return max(cards, key=key) if cards else -1


def room(s: State, g: Rules, name: str, owner: Owner) -> bool:
    """Whether zone ``name`` of ``owner`` can take one more card (its ``limit``, if any)."""
    limit = g.zone_limits.get(name)
    return limit is None or len(zone(s, name, owner)) < limit(g, s, owner)


def _leave(s: State, g: Rules, card: int) -> None:
    """Take ``card`` out of its zone; its card states go back to their defaults."""
    name, owner = s.loc[card]  # type: ignore[misc]  # a card that leaves is in a zone
    zone(s, name, owner).remove(card)
    for state, default in g.card_states.get(name, ()):
        s.cst[state][card] = default


def _enter(s: State, card: int, name: str, owner: Owner, bottom: bool = False) -> None:
    """Put ``card`` (in no zone) on top of zone ``name`` of ``owner``, or at the bottom."""
    cards = zone(s, name, owner)
    if bottom:
        cards.insert(0, card)
    else:
        cards.append(card)
    s.loc[card] = (name, owner)


def move(s: State, g: Rules, card: int, name: str, owner: Owner, bottom: bool = False) -> bool:
    """Move one card; returns False when the destination is full.  A full zone
    refuses the card, unless it has an ``overflow`` rule: then its owner is asked
    to make room for it (see :func:`overflow`), and the card moves if they do.
    (:func:`room`, :func:`_leave` and :func:`_enter`, written out: engines move a card
    at almost every action.)"""
    cards = s.z[name] if owner is None else s.z[name][owner]
    limit = g.zone_limits.get(name)
    if limit is not None and len(cards) >= limit(g, s, owner):
        where = s.loc[card]
        if name in g.overflow and where is not None:
            overflow(s, name, owner, src=where[0], src_owner=where[1], card=card, bottom=bottom)
        return False
    was, was_owner = s.loc[card]  # type: ignore[misc]  # a card that moves is in a zone
    (s.z[was] if was_owner is None else s.z[was][was_owner]).remove(card)
    for state, default in g.card_states.get(was, ()):
        s.cst[state][card] = default
    if bottom:
        cards.insert(0, card)
    else:
        cards.append(card)
    s.loc[card] = (name, owner)
    return True


def move_all(s: State, g: Rules, src: str, src_owner: Owner, dst: str, dst_owner: Owner) -> None:
    """Move every card of a zone, bottom first, until the destination is full (unless
    it has an ``overflow`` rule: then each card that does not fit waits for room).  Into
    a zone without a limit, the cards move all at once (as one by one, in that order)."""
    cards = zone(s, src, src_owner)
    into = zone(s, dst, dst_owner)
    if dst not in g.zone_limits and cards is not into:
        moving = cards[:]
        cards.clear()
        for state, default in g.card_states.get(src, ()):
            values = s.cst[state]
            for card in moving:
                values[card] = default
        into += moving
        where, loc = (dst, dst_owner), s.loc
        for card in moving:
            loc[card] = where
        return
    for card in list(cards):
        if not move(s, g, card, dst, dst_owner) and dst not in g.overflow:
            break


def overflow(s: State, name: str, owner: Owner, src: str, src_owner: Owner, card: int | None = None,
             count: int = 1, bottom: bool = False) -> None:
    """A card would enter ``owner``'s full zone ``name``, whose rules let its owner make
    room: ask them (``make_room`` a card of the zone, or ``decline_card`` where the rules
    allow); the zone of an automaton's seat is tidied by its controller (construct 20).
    ``card`` is the card that waits where it is (in ``src``); without it, the
    next ``count`` cards drawn from the top of ``src``."""
    who = owner if type(owner) is not int or owner < s.h else decider(s, owner)  # an automaton's controller
    s.pending.append({"kind": "overflow", "player": who, "zone": name, "owner": owner,
                      "card": card, "src": src, "src_owner": src_owner, "count": count,
                      "bottom": bottom})


def put(s: State, g: Rules, cards: Iterable[int], name: str, owner: Owner) -> None:
    """Put ``cards`` into a zone: cards in no zone yet (setup) enter it, others move."""
    for card in cards:
        if s.loc[card] is None:
            _enter(s, card, name, owner)
        else:
            move(s, g, card, name, owner)


def shuffle(s: State, name: str, owner: Owner) -> None:
    """Shuffle a zone in place (see :func:`shuffle_list`)."""
    shuffle_list(s, zone(s, name, owner))


def _refill(s: State, g: Rules, src: str, src_owner: Owner) -> None:
    """An empty deck with a refill zone takes that zone's cards, shuffled."""
    refill = g.refills.get(src)
    if refill is not None and not zone(s, src, src_owner):
        move_all(s, g, refill, None, src, src_owner)
        shuffle(s, src, src_owner)


def draw(s: State, g: Rules, count: int, src: str, src_owner: Owner, dst: str, dst_owner: Owner) -> int:
    """Move up to ``count`` top cards.  A deck that runs out is refilled from its refill
    zone (shuffled) at once, and again when a card is needed from it while empty.
    Stops when the destination is full; if its rules let the owner make room, they are
    asked about the cards left to draw (see :func:`overflow`).  Returns cards moved.
    Moves at most as many cards as the game has: a deck that refills from the zone it
    is drawn into would otherwise go round ``count`` times."""
    moved = 0
    count = min(count, len(s.loc))
    for i in range(count):
        if not room(s, g, dst, dst_owner):
            if dst in g.overflow:
                overflow(s, dst, dst_owner, src=src, src_owner=src_owner, count=count - i)
            break
        cards = zone(s, src, src_owner)
        if not cards:
            _refill(s, g, src, src_owner)
            if not cards:
                break
        card = cards.pop()  # the top card leaves (as _leave, without looking for it)
        for state, default in g.card_states.get(src, ()):
            s.cst[state][card] = default
        _enter(s, card, dst, dst_owner)
        moved += 1
        if not cards:  # the deck ran out: refilled now, not at the next draw
            _refill(s, g, src, src_owner)
    return moved


def _copy_zones(zones: dict[str, Any], game: GameBase) -> dict[str, Any]:
    """A copy of every zone of a state (what :func:`_copy_zone` does for one), read from
    ``game._zone_copy``: None for a shared zone (one list), True for a zone of each
    player, the ids of the cards that have one for a zone of each card."""
    how = game._zone_copy
    out = {}
    for name, cards in zones.items():
        kind = how[name]
        if kind is None:
            out[name] = cards[:]
        elif kind is True:
            out[name] = [x[:] for x in cards]
        else:
            copied = cards[:]
            for card in kind:
                copied[card] = copied[card][:]
            out[name] = copied
    return out


def _copy_zone(cards: list, game: GameBase, name: str) -> list:
    """A copy of zone ``name``'s cards (one list, or a list per seat or per card)."""
    if game.per_player_zone[name]:
        return [x[:] for x in cards]
    owners = game.per_card_zone[name]
    if owners:  # a list per card, None for the cards without the zone: copy only the lists
        copied = cards[:]
        for card in owners:
            copied[card] = copied[card][:]
        return copied
    return cards[:]
