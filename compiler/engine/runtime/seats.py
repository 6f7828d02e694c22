"""Seats played by rules, and sides (construct 20; issue 11 design 1.3).

A *seat* is a place at the table: the human players first (``0 .. num_players-1``), then
the automaton seats, in the order of the mode's ``seats`` lines (``Rules.seats`` gives
the kind of each).  On a state, ``s.n`` is the number of seats and ``s.h`` the number of
human players; without automata they are equal and nothing here changes a game.

The engine plays an automaton's turn itself when the turn reaches its seat
(:func:`automaton_turn`, called from the turn loop of :class:`~.state.State`), from the
state and the seeded chance only.  A decision in an automaton's rules is asked of its
*controller* (:func:`decider`): automaton seat number *i* (counting the automata from 0)
is controlled by human seat *i mod num_players*, so ``current_player()`` never names an
automaton.  With ``sides``, a seat that wins makes its whole side win (:func:`with_sides`).

Rulebook: Utopia › Dystopia: The Solo Game › Solo Gameplay (the villain's turns);
Utopia › 2 Player Co-op › Co-op Setup and Co-op Gameplay (each human controls a villain;
both humans, or both villains, win together).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import RulesError

if TYPE_CHECKING:
    from .game import GameBase
    from .rules import Phase, Rules
    from .state import State

#: The kind of a human seat in ``GameBase.kinds`` and ``seat_kinds``.
PLAYER = "player"
#: How many turns in a row an automaton takes at most when its rules say ``again``
#: (Utopia's villain takes an additional turn after an assassination).
MAX_AGAIN = 100


def seat_kinds_of(rules: Rules, num_players: int) -> list[str]:
    """The kind of each seat of a game of ``rules`` with ``num_players`` humans: ``"player"``
    for each human seat, then the automaton kind of each automaton seat."""
    return [PLAYER] * num_players + list(rules.seats)


def seat_game(game: GameBase) -> None:
    """Set ``game.num_seats``, ``game.kinds`` (the kind of each seat) and ``game.order``
    (the turn order as a tuple of seats with ``seating alternate``, else None: seat order)."""
    kinds = seat_kinds_of(game.rules, game.num_players)
    game.num_seats, game.kinds = len(kinds), tuple(kinds)
    h = game.num_players
    bots = list(range(h, len(kinds)))
    if game.rules.alternate and bots:
        order: list[int] = []
        for i in range(max(h, len(bots))):
            order += [q for q in (i if i < h else None, bots[i] if i < len(bots) else None) if q is not None]
        game.order = tuple(order)
    else:
        game.order = None


def seat_at(s: State, k: int) -> int:
    """The seat whose turn is ``k`` turns after the leader's, in the ``seating alternate``
    order (``s.game.order``)."""
    order = s.game.order
    return order[(order.index(s.lead) + k) % len(order)]


def controller(q: int, humans: int) -> int:
    """The human seat that answers for seat ``q`` in a game of ``humans`` human players:
    ``q`` itself for a human; for automaton seat number *i* (from 0), human *i mod humans*."""
    return q if q < humans else (q - humans) % humans


def decider(s: State, q: int) -> int:
    """The human seat that answers a question asked of seat ``q`` in state ``s``: ``q`` for a
    human; for an automaton, the seat its ``controlled by`` names now ("you" being ``q``),
    or, without the line or when it names no human seat, :func:`controller`'s."""
    h = s.h
    if q < h:
        return q
    fn = s.g.controllers.get(s.game.kinds[q]) if s.g.controllers else None
    if fn is not None:
        chosen = fn(s.g, s, q)
        if type(chosen) is int and 0 <= chosen < h:
            return chosen
    return (q - h) % h


def may_answer(game: GameBase, q: int, player: int) -> bool:
    """Whether ``player`` may be the one asked for seat ``q`` (a saved question): a human
    seat when the kind of ``q`` has a ``controlled by`` (worked out when asked), else
    :func:`controller`'s answer."""
    if q >= game.num_players and game.kinds[q] in game.rules.controllers:
        return type(player) is int and 0 <= player < game.num_players
    return player == controller(q, game.num_players)


def pass_first(s: State) -> int:
    """``pass first player`` in a mode with automata: the seat after the marker's holder
    in turn order (with ``seating alternate``, :attr:`GameBase.order`), automata included:
    a villain holds the marker like any seat (Utopia › Dystopia: The Solo Game › Solo
    Setup, step 8)."""
    order = s.game.order
    if order is None:
        return (s.first + 1) % s.n
    return order[(order.index(s.first) + 1) % len(order)]


def kind_seats(s: State, kind: str) -> list[int]:
    """The seats of the automaton kind ``kind``, in seat order (empty when not seated)."""
    return [q for q in range(s.h, s.n) if s.game.kinds[q] == kind]


def kind_seat(s: State, kind: str, i: int) -> int:
    """``KIND[i]``: the ``i``-th seat of the automaton kind ``kind`` (1 is the first), or -1
    (``nobody``) when it has fewer seats."""
    seats = kind_seats(s, kind)
    return seats[i - 1] if 1 <= i <= len(seats) else -1


def side_seats(s: State, side: str) -> list[int]:
    """The seats of a side: ``"players"`` (every human seat) or an automaton kind."""
    return list(range(s.h)) if side == "players" else kind_seats(s, side)


def with_sides(s: State, winners: list[int]) -> list[int]:
    """``winners`` with every seat of each side one of them is on (``Rules.sides``: a side
    wins or loses as one); seats of no side stay as they are.  Sorted."""
    won = set(winners)
    for side in s.g.sides or ():
        seats = side_seats(s, side)
        if won.intersection(seats):
            won.update(seats)
    return sorted(won)


def check_observer(s: State, q: int) -> None:
    """Raise :class:`RulesError` when seat ``q`` is an automaton's: its information is
    nobody's to observe (the engine plays it from the state)."""
    if q >= s.h and q < s.n:
        raise RulesError(f"seat {q} is played by the rules (a {s.game.kinds[q]}): "
                         f"observations are for the human seats 0 to {s.h - 1}")


def automaton_turn(s: State, phase: Phase, q: int) -> bool:
    """The turn of automaton seat ``q`` in ``phase`` (a ``turns`` or ``draft`` phase) has
    come: run its ``turn in`` statements ("you" is ``q``), then the turn passes (``again``
    in them: it takes another turn at once, at most :data:`MAX_AGAIN` in a row).  An
    automaton with no turn in the phase is finished in it at once, and so is one whose
    human opponents are all finished (a ``turns`` phase).  True when the game waits (a
    question of its controller, or the game is over): the turn loop stops there.

    A turn that waits keeps ``s.turn_open`` set and the turn where it is: once the
    answers are given and the rest of the turn has run, the loop comes back to ``q`` and
    this call ends the turn, or, when the rest said ``again``, runs another at once
    (Utopia › Dystopia › Villain's Action Deck Table, Assassination step 5: the villain
    takes an additional turn after the player chose which ship it assassinates)."""
    g = s.g
    turn = g.automata.get(s.game.kinds[q], {}).get(s.phase)
    if s.turn_open:  # its turn waited for an answer, given now: the turn has run
        s.turn_open = False
        if turn is None or not s.again or s.done[q]:
            return _turn_passes(s)
    elif phase.kind != "draft" and (turn is None or all(s.done[:s.h])):
        s.done[q] = True
        return False
    if turn is None:
        return _turn_passes(s)
    for _ in range(MAX_AGAIN):
        s.again = False
        s.turn_open = True  # its turn is running: an answer it waits for comes back here
        turn(g, s, q)
        s._check_end()
        if s.pending and not s.terminal:
            s._settle()
        if s.pending or s.terminal:
            return True
        s.turn_open = False
        if not s.again or s.done[q]:
            break  # `again` (an additional turn) runs the turn once more, at once
    return _turn_passes(s)


def _turn_passes(s: State) -> bool:
    """An automaton's turn is over: the next seat's comes (False: the loop goes on)."""
    s.again = False
    s.turn_open = False
    s.turn += 1
    return False
