"""Shared runtime of every rulebook engine: state, turn structure, zones, chance.

This module is ``compiler/engine/runtime.py``; `rulebook build` copies it byte for
byte into ``generated/_runtime.py``, which every generated engine imports as ``R``.
It knows no game: each engine passes its rules in as data (a :class:`Rules` table
per mode, and the class attributes of its ``Game``, a :class:`GameBase`).
Standard library only.

Names used throughout: ``s`` is a :class:`State`, ``g`` the :class:`Rules` of its
mode, ``p`` and ``q`` are seats (0-based), a *bag* is a tuple of amounts, one per
resource in the game's order, and a zone is addressed by its name and its owner
(a seat, a card id for the zones each card has, or ``None`` for a shared zone).

The API follows OpenSpiel's names: ``Game.new_initial_state()``, and on a
state ``current_player()``, ``legal_actions()``, ``apply_action(action)``,
``is_terminal()``, ``returns()``, ``clone()``, ``observation(player)``.
Chance is sampled inside the engine from the game's seed, so the same seed
and the same actions always replay the same game.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import operator
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeGuard

#: What ``current_player()`` returns once the game is over (OpenSpiel's value).
TERMINAL = -4
MASK64 = (1 << 64) - 1

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


class RulesError(ValueError):
    """An unknown mode, a player count the mode doesn't allow, or a bad saved state."""


class IllegalActionError(ValueError):
    """An action that is not legal in this state; the state is left unchanged."""


class _BadState(Exception):
    """A saved state that doesn't hold together (becomes a RulesError)."""


# ---------------------------------------------------------------- chance
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


# ---------------------------------------------------------------- actions
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
    """The action ``player: name args``, made once and kept in ``game``'s memo, so that
    the lists of actions remembered there share it."""
    key = (None, name, player, args)  # None: never the key of a list of actions
    found = game.memo.get(key)
    if found is None:
        if len(game.memo) >= MEMO_LIMIT:
            game.memo.clear()
        found = game.memo[key] = Action(player, name, args, game)
    return found


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


# ---------------------------------------------------------------- resources
def has(s: State, p: int, bag: Bag) -> bool:
    """Player ``p`` holds at least ``bag`` (a tuple of amounts per resource)."""
    held = s.res[p]
    for i, n in enumerate(bag):
        if n and held[i] < n:
            return False
    return True


def holds(held: list[int], items: tuple[tuple[int, int], ...]) -> bool:
    """``held`` (a player's amounts) has at least ``amount`` of each ``(resource index,
    amount)`` of ``items``: :func:`has` for a bag given by the resources it names (an
    engine's table of a card field's bags lists each card's)."""
    for i, n in items:
        if held[i] < n:
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


# ---------------------------------------------------------------- zones
def zone(s: State, name: str, owner: Owner) -> list[int]:
    """The card ids in zone ``name`` of ``owner``, bottom first (the list itself)."""
    return s.z[name] if owner is None else s.z[name][owner]


def in_zone(s: State, card: int, name: str, owner: Any = ...) -> bool:
    """Card ``card`` lies in zone ``name`` (of ``owner``; ``...`` means any owner)."""
    where = s.loc[card]
    if where is None or where[0] != name:
        return False
    return owner is ... or where[1] == owner


def best(cards: Sequence[int], key: Callable[[int], Any], line: int) -> int:
    """``best ZONE by KEY`` (spec line ``line``): the card of ``cards`` with the highest
    ``key(card)``, the first of those tied.  Raises RuntimeError when ``cards`` is empty:
    an empty zone has no best card, and a spec checks the zone first (`if count ... >= 1`);
    no card is ever made up (reading "card -1" would read the catalogue's last card)."""
    if not cards:
        raise RuntimeError(f"`best` of an empty zone at spec line {line}: it has no best card; "
                           "the spec must check that the zone has a card first "
                           "(`if count ZONE >= 1 { ... }`)")
    return max(cards, key=key)


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
    to make room for it (see :func:`overflow`), and the card moves if they do."""
    if not room(s, g, name, owner):
        where = s.loc[card]
        if name in g.overflow and where is not None:
            overflow(s, name, owner, src=where[0], src_owner=where[1], card=card, bottom=bottom)
        return False
    _leave(s, g, card)
    _enter(s, card, name, owner, bottom)
    return True


def move_all(s: State, g: Rules, src: str, src_owner: Owner, dst: str, dst_owner: Owner) -> None:
    """Move every card of a zone, bottom first, until the destination is full (unless
    it has an ``overflow`` rule: then each card that does not fit waits for room)."""
    for card in list(zone(s, src, src_owner)):
        if not move(s, g, card, dst, dst_owner) and dst not in g.overflow:
            break


def overflow(s: State, name: str, owner: Owner, src: str, src_owner: Owner, card: int | None = None,
             count: int = 1, bottom: bool = False) -> None:
    """A card would enter ``owner``'s full zone ``name``, whose rules let its owner make
    room: ask them (``make_room`` a card of the zone, or ``decline_card`` where the rules
    allow).  ``card`` is the card that waits where it is (in ``src``); without it, the
    next ``count`` cards drawn from the top of ``src``."""
    s.pending.append({"kind": "overflow", "player": owner, "zone": name, "owner": owner,
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
        card = cards[-1]
        _leave(s, g, card)
        _enter(s, card, dst, dst_owner)
        moved += 1
        if not cards:  # the deck ran out: refilled now, not at the next draw
            _refill(s, g, src, src_owner)
    return moved


# ---------------------------------------------------------------- decisions inside effects
def choose_cards(s: State, g: Rules, chooser: int, count: int, src: str, src_owner: Owner, dst: str,
                 dst_owner: Owner, bottom: bool = False, then: str | None = None,
                 env: dict | None = None, me: int | None = None) -> None:
    """Ask ``chooser`` to pick ``count`` cards of a zone, one at a time, among the cards
    the zone holds now (a card that enters it before the question is asked is not one
    of them: decisions queued one after another each see the zone as it was).  ``then``
    (with the locals ``env``, for player ``me``) runs the rest of the effect once they
    are chosen, or at once when there is nothing to choose."""
    cards = tuple(zone(s, src, src_owner))
    count = min(count, len(cards))
    if count > 0:
        s.pending.append({"kind": "cards", "player": chooser, "count": count, "src": src,
                          "src_owner": src_owner, "dst": dst, "dst_owner": dst_owner,
                          "bottom": bottom, "cards": cards, "then": then, "env": env, "me": me})
    elif then is not None:
        g.asks[then](g, s, me, env, None)  # type: ignore[arg-type]  # me and env come with then


def choose_card(s: State, chooser: int, cards: list[int], src: str, src_owner: Owner, fn: str,
                env: dict) -> None:
    """Ask ``chooser`` to choose one of ``cards`` (of zone ``src``); ``fn`` then runs the
    rest of the effect with it.  Nothing is asked when there is nothing to choose."""
    if cards:
        s.pending.append({"kind": "card", "player": chooser, "cards": list(cards), "src": src,
                          "src_owner": src_owner, "fn": fn, "env": env, "me": chooser})


def ask(s: State, who: int, labels: tuple[str, ...], fn: str, env: dict, me: int) -> None:
    """Ask ``who`` to choose one of ``labels``; ``fn`` runs the chosen option."""
    s.pending.append({"kind": "ask", "player": who, "labels": list(labels), "fn": fn,
                      "env": env, "me": me})


def turn_order(s: State) -> list[int]:
    """Seats in turn order starting from the first player."""
    return [(s.first + i) % s.n for i in range(s.n)]


# ---------------------------------------------------------------- rules of one mode
@dataclasses.dataclass(eq=False, slots=True)
class Phase:
    """A phase of one mode: its kind, guards, effects and the actions it offers.

    ``kind`` is ``"simultaneous"`` (each player acts until done), ``"turns"`` (one
    action a turn, in turn order), ``"draft"`` (one action each, in turn order) or
    ``"automatic"`` (no actions: its effects run and the flow moves on)."""

    name: str
    title: str
    kind: str
    #: the actions offered, in the order their legal actions are listed
    actions: tuple[str, ...] = ()
    #: ``only when``: the phase is skipped when this is false on entering it
    only_when: Predicate | None = None
    on_enter: Effect | None = None
    on_exit: Effect | None = None
    #: ``on turn``: run at the start of each player's turn (``turns`` phases)
    on_turn: Effect | None = None


@dataclasses.dataclass(eq=False, slots=True)
class Rules:
    """Everything the runtime needs about one mode, built once by the generated module
    when it is imported: ``g`` in every function of the engine.

    Tables map the spec's names to data or to the engine's functions.  A mode that
    changes another is written as that mode's table ``.changed(...)``."""

    title: str
    #: the fewest and the most players the mode allows
    players: tuple[int, int]
    #: param name → value
    P: dict[str, Any] = dataclasses.field(default_factory=dict)
    #: derived value name → its function (g, s, p) → value
    D: dict[str, Callable[[Rules, State, int], Any]] = dataclasses.field(default_factory=dict)
    #: procedure name → its function (g, s, p, *arguments)
    PR: dict[str, Callable[..., None]] = dataclasses.field(default_factory=dict)
    #: action name → (its legal choices, its effect)
    actions: dict[str, tuple[Legal, Apply]] = dataclasses.field(default_factory=dict)
    #: action name → the triggers that run before it, in order
    triggers: dict[str, tuple[Apply, ...]] = dataclasses.field(default_factory=dict)
    phases: dict[str, Phase] = dataclasses.field(default_factory=dict)
    #: phase name → its transitions (next phase, condition or None), tried in order
    edges: dict[str, tuple[tuple[str, Predicate | None], ...]] = dataclasses.field(default_factory=dict)
    #: the phase whose entry starts a new round
    round_start: str | None = None
    #: tallies reset each round, each turn; every tally of the mode
    round_tallies: tuple[str, ...] = ()
    turn_tallies: tuple[str, ...] = ()
    tallies: tuple[str, ...] = ()
    zones: tuple[str, ...] = ()
    #: zone name → its limit (g, s, owner) → the most cards it holds
    zone_limits: dict[str, Callable[[Rules, State, Owner], int]] = dataclasses.field(default_factory=dict)
    #: deck name → the zone that refills it when it runs out
    refills: dict[str, str] = dataclasses.field(default_factory=dict)
    #: zone name → (discard zone, whether that zone is per player, whether a card may be
    #: declined) for a full zone whose owner may make room
    overflow: dict[str, tuple[str, bool, bool]] = dataclasses.field(default_factory=dict)
    #: zone name → the (state, default) of the cards in it
    card_states: dict[str, tuple[tuple[str, Any], ...]] = dataclasses.field(default_factory=dict)
    #: the (state, default) of every piece (a die's ``value``)
    piece_states: tuple[tuple[str, Any], ...] = ()
    #: per resource, in the game's order: whether it goes back to the supply when released
    nonrenewable: tuple[bool, ...] = ()
    player_tracks: tuple[str, ...] = ()
    global_tracks: tuple[str, ...] = ()
    #: track name → (g, s) → where it starts
    track_start: dict[str, Callable[[Rules, State], Any]] = dataclasses.field(default_factory=dict)
    setup: Effect | None = None
    #: ``end when``: checked after every action and effect
    end_when: Predicate | None = None
    #: the game ends as soon as ``end_when`` holds (else at the end of the round)
    end_immediately: bool = False
    #: (g, s) → the winners
    outcome: Callable[[Rules, State], Iterable[int]] | None = None
    #: function name → the rest of an effect that waits for an answer (``ask``, ``choose``)
    asks: dict[str, Continuation] = dataclasses.field(default_factory=dict)

    def changed(self, **fields: Any) -> Rules:
        """A copy of these rules with ``fields`` replaced: a mode built on another.
        Raises ``TypeError`` for a field that :class:`Rules` does not have."""
        return dataclasses.replace(self, **fields)


def without(table: dict, *names: str) -> dict:
    """A copy of ``table`` without ``names``, the rest in order: the rules of a mode
    that removes some of its parent's."""
    return {name: value for name, value in table.items() if name not in names}


# ---------------------------------------------------------------- state
class State:
    """A game state: plain data, cheap to clone, JSON round-trip via ``to_json``."""

    __slots__ = ("game", "g", "n", "phase", "stage", "round", "first", "turn", "done", "res",
                 "tr", "gtr", "z", "loc", "cst", "ta", "pending", "rng", "ended", "terminal",
                 "winners", "history", "again", "turn_open", "_legal")

    game: GameBase
    g: Rules
    #: the number of players
    n: int
    phase: str
    #: where the phase is: "enter", "act" or "exit"
    stage: str
    round: int
    #: the first player's seat
    first: int
    #: turns taken in the phase (draft and turns phases)
    turn: int
    #: per seat: done for this phase
    done: list[bool]
    #: per seat: the amount held of each resource
    res: list[list[int]]
    #: per-player tracks: name → value per seat; global tracks: name → value (or dict)
    tr: dict[str, list[int]]
    gtr: dict[str, Any]
    #: zone name → its cards (a list), or per seat or per card a list of lists
    z: dict[str, Any]
    #: per card: (zone name, owner), or None for a card in no zone
    loc: list[tuple[str, Owner] | None]
    #: card state name → value per card
    cst: dict[str, list[Any]]
    #: tally name → count per seat
    ta: dict[str, list[int]]
    #: the decisions waiting inside effects, the first one to be answered first
    pending: list[Decision]
    rng: int
    #: ``end when`` has held
    ended: bool
    terminal: bool
    winners: list[int]
    #: every action applied: (player, name, args)
    history: list[tuple[int, str, tuple]]
    #: ``again``: the player takes another turn
    again: bool
    turn_open: bool
    _legal: list[Action] | None

    def __init__(self, game: GameBase) -> None:
        """An empty state of ``game`` (filled by ``new_initial_state`` or ``_restore``)."""
        self.game = game
        self.g = game.rules
        self.n = game.num_players
        self._legal = None

    # -- OpenSpiel-style API
    def current_player(self) -> int:
        """The seat to act, or ``TERMINAL`` (-4) once the game is over."""
        if self.terminal:
            return TERMINAL
        if self.pending:
            return self.pending[0]["player"]
        return self._actor()

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Legal actions of the player to act (empty for anyone else or when over)."""
        if self.terminal:
            return []
        legal = self._legal
        if legal is None or player is not None:
            actor = self.current_player()
            if player is not None and player != actor:
                return []
            if legal is None:
                legal = self._legal = self._compute_legal(actor)
        return list(legal)

    def apply_action(self, action: Action) -> None:
        """Apply a legal action; raises :class:`IllegalActionError` and changes
        nothing when it is not legal here."""
        if not isinstance(action, Action):
            raise IllegalActionError(f"not an action: {action!r}")
        # the list itself when it is known (legal_actions() gives a copy)
        legal = self._legal if self._legal is not None and not self.terminal else self.legal_actions()
        # An action taken from legal_actions() is found by identity, in C, without
        # calling Action.__eq__ on the actions listed before it; any other is compared by value.
        if any(map(operator.is_, legal, itertools.repeat(action))):
            match = action
        else:
            try:
                match = legal[legal.index(action)]
            except ValueError:
                match = None
        if match is None or match is not action and not _same(
                (action.player, action.name, action.args), (match.player, match.name, match.args)):
            who = self.current_player()
            text = f"{action} [{action!r}]"
            if self.terminal:
                raise IllegalActionError(f"{text} refused: the game is over")
            if action.player != who:
                raise IllegalActionError(f"{text} refused: it is player {who + 1}'s decision")
            raise IllegalActionError(f"{text} refused: not legal now (phase {self.phase!r}); "
                                     "the state is unchanged")
        self._legal = None
        self.history.append((action.player, action.name, action.args))
        g, p = self.g, action.player
        if self.pending:
            self._answer(action)
        else:
            phase = g.phases[self.phase]
            for trigger in g.triggers.get(action.name, ()):
                trigger(g, self, p, action.args)
            g.actions[action.name][1](g, self, p, action.args)
            if phase.kind == "draft" or (phase.kind == "turns" and not self.again):
                self.turn += 1
                self.turn_open = False
            self.again = False
        self._check_end()
        self._advance()

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.terminal

    def returns(self) -> list[float]:
        """+1 for each winner, -1 for everyone else; zeros while the game is running."""
        if not self.terminal:
            return [0.0] * self.n
        return [1.0 if q in self.winners else -1.0 for q in range(self.n)]

    def winners_list(self) -> list[int]:
        """The winning seats once the game is over (several for a shared victory), else []."""
        return list(self.winners) if self.terminal else []

    def clone(self) -> State:
        """An independent copy (same game, nothing shared that either may change)."""
        c = State.__new__(State)
        c.game, c.g, c.n = self.game, self.g, self.n
        c.phase, c.stage, c.round, c.first, c.turn = self.phase, self.stage, self.round, self.first, self.turn
        c.done = self.done[:]
        c.res = [r[:] for r in self.res]
        c.tr = {k: v[:] for k, v in self.tr.items()}
        c.gtr = {k: (dict(v) if isinstance(v, dict) else v) for k, v in self.gtr.items()}
        c.again, c.turn_open = self.again, self.turn_open
        c.z = {k: _copy_zone(v, self.game, k) for k, v in self.z.items()}
        c.loc = self.loc[:]
        c.cst = {k: v[:] for k, v in self.cst.items()}
        c.ta = {k: v[:] for k, v in self.ta.items()}
        c.pending = [dict(x) for x in self.pending]
        c.rng, c.ended, c.terminal = self.rng, self.ended, self.terminal
        c.winners = list(self.winners)
        c.history = self.history[:]
        c._legal = self._legal
        return c

    def applied_actions(self) -> list[Action]:
        """The actions applied so far, in order."""
        return [Action(p, name, args, self.game) for p, name, args in self.history]

    def scores(self) -> list[int]:
        """Each player's position on the score track."""
        return list(self.tr[self.game.score_track])

    # -- hidden information
    def observation(self, player: int) -> dict:
        """What ``player`` may see: public zones, their own hidden zones, sizes of
        the others' hidden zones and of secret zones (never the deck order).
        ``card_states`` covers the cards of the zones shown, and no others."""
        if not _is_int(player) or not 0 <= player < self.n:
            raise RulesError(f"no player {player!r} in a {self.n}-player game "
                             f"(players are 0 to {self.n - 1})")
        zones: dict[str, Any] = {}
        visible: set[int] = set()
        for name, cards in self.z.items():
            vis = self.game.visibility[name]
            if self.game.per_player_zone[name]:
                shown = [vis == "public" or (vis == "hidden" and q == player)
                         for q in range(len(cards))]
                zones[name] = [list(c) if show else len(c) for c, show in zip(cards, shown)]
                visible.update(c for cs, show in zip(cards, shown) if show for c in cs)
            elif self.game.per_card_zone[name]:
                zones[name] = {i: (list(c) if vis == "public" else len(c))
                               for i, c in enumerate(cards) if c}
                if vis == "public":
                    visible.update(c for cs in cards if cs for c in cs)
            else:
                zones[name] = list(cards) if vis == "public" else len(cards)
                if vis == "public":
                    visible.update(cards)
        return {
            "player": player, "phase": self.phase, "round": self.round, "first_player": self.first,
            "current_player": self.current_player(), "resources": [r[:] for r in self.res],
            "tracks": {k: v[:] for k, v in self.tr.items()}, "global_tracks": dict(self.gtr),
            "zones": zones, "tallies": {k: v[:] for k, v in self.ta.items()},
            "card_states": {k: {c: v[c] for c in sorted(visible)} for k, v in self.cst.items()},
            "done": self.done[:], "terminal": self.terminal,
            "pending": [dict(x) for x in self.pending if x["player"] == player],
        }

    # -- persistence
    def to_json(self) -> str:
        """The state as compact JSON (sorted keys), with a ``game`` header that
        ``GameBase.state_from_json`` checks: the name, mode, player count and seed."""
        data = {k: getattr(self, k) for k in ("phase", "stage", "round", "first", "turn", "done",
                                               "res", "tr", "gtr", "z", "cst", "ta", "pending",
                                               "rng", "ended", "terminal", "winners", "again",
                                               "turn_open")}
        data["loc"] = [list(x) if x else None for x in self.loc]
        data["history"] = [[p, n, _to_json(a)] for p, n, a in self.history]
        data["game"] = {"name": self.game.NAME, "mode": self.game.mode,
                        "num_players": self.n, "seed": self.game.seed}
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    def __str__(self) -> str:
        return self.game.describe_state(self)

    # -- internals
    def _actor(self) -> int:
        phase = self.g.phases[self.phase]
        if phase.kind == "draft":
            return (self.first + self.turn) % self.n
        if phase.kind == "turns":
            return (self.first + self.turn) % self.n
        for q in range(self.n):
            if not self.done[q]:
                return q
        return 0

    def _compute_legal(self, p: int) -> list[Action]:
        game = self.game
        if self.pending:
            ask_ = self.pending[0]
            if ask_["kind"] == "cards":
                cards = zone(self, ask_["src"], ask_["src_owner"])
                allowed = ask_["cards"]
                return [made(game, p, "choose_card", (c,)) for c in cards if c in allowed]
            if ask_["kind"] == "card":
                return [made(game, p, "choose_card", (c,)) for c in ask_["cards"]
                        if in_zone(self, c, ask_["src"], ask_["src_owner"])]
            if ask_["kind"] == "overflow":
                out = [made(game, p, "make_room", (c,))
                       for c in zone(self, ask_["zone"], ask_["owner"])]
                if self.g.overflow[ask_["zone"]][2]:
                    out.append(made(game, p, "decline_card", ()))
                return out
            return [made(game, p, "answer", (label,)) for label in ask_["labels"]]
        out = []
        g = self.g
        for name in g.phases[self.phase].actions:
            g.actions[name][0](g, self, p, out)
        return out

    def _answer(self, action: Action) -> None:
        ask_ = self.pending[0]
        if ask_["kind"] == "cards":
            card = action.args[0]
            waiting = len(self.pending)
            moved = move(self, self.g, card, ask_["dst"], ask_["dst_owner"], ask_["bottom"])
            ask_["cards"] = tuple(c for c in ask_["cards"] if c != card)
            if len(self.pending) > waiting:  # the owner of a full zone is asked first
                self.pending.insert(0, self.pending.pop())
            elif not moved:  # destination full: the card stays, and the choice ends
                ask_["count"] = 1
            ask_["count"] -= 1  # a choice that is complete is closed by _settle
        elif ask_["kind"] == "overflow":
            if action.name == "decline_card":
                self.pending.pop(0)
            else:  # make room: the card chosen is discarded
                discard, per_player, _ = self.g.overflow[ask_["zone"]]
                _leave(self, self.g, action.args[0])
                _enter(self, action.args[0], discard, ask_["owner"] if per_player else None)
        else:  # an option of `ask`, or the card of `choose c: card in ...`: the rest follows
            self.pending.pop(0)
            self.g.asks[ask_["fn"]](self.g, self, ask_["me"], ask_["env"], action.args[0])

    def _settle(self) -> None:
        """Settle the questions at the front of the queue that need no answer any more:
        a choice of cards none of which is left, a card waiting for room that has moved
        elsewhere, or one whose zone has room now (it enters)."""
        g = self.g
        while self.pending:
            it = self.pending[0]
            if it["kind"] == "cards":
                allowed = it["cards"]
                if it["count"] > 0 and any(c in allowed for c in zone(self, it["src"], it["src_owner"])):
                    return
                self._close(self.pending.pop(0))
                self._check_end()
            elif it["kind"] == "card":
                if any(in_zone(self, c, it["src"], it["src_owner"]) for c in it["cards"]):
                    return
                self.pending.pop(0)  # every card it offered has moved away: nothing to choose
            elif it["kind"] == "overflow":
                card = it["card"]
                if card is not None and self.loc[card] != (it["src"], it["src_owner"]):
                    self.pending.pop(0)
                    continue
                if not room(self, g, it["zone"], it["owner"]):
                    if zone(self, it["zone"], it["owner"]):
                        return
                    self.pending.pop(0)  # a limit of 0: no card can make room
                    continue
                if card is not None:
                    _leave(self, g, card)
                    _enter(self, card, it["zone"], it["owner"], it["bottom"])
                    self.pending.pop(0)
                    continue
                moved = draw(self, g, 1, it["src"], it["src_owner"], it["zone"], it["owner"])
                it["count"] -= 1
                if not moved or it["count"] <= 0:
                    self.pending.pop(0)
            else:
                return

    def _close(self, decision: dict) -> None:
        """Cards were chosen (or there were none left to choose): the rest of the effect
        (``choose ... cards ... then { }``), if any, runs now."""
        if decision.get("then"):
            self.g.asks[decision["then"]](self.g, self, decision["me"], decision["env"], None)

    def _check_end(self) -> None:
        g = self.g
        if not self.ended and g.end_when is not None and g.end_when(g, self):
            self.ended = True
            if g.end_immediately:
                self._finish()

    def _finish(self) -> None:
        self.terminal = True
        self.pending = []
        self.winners = list(self.g.outcome(self.g, self))  # type: ignore[misc]  # a mode that ends has one

    def _advance(self) -> None:
        """Run automatic steps until a player must decide or the game is over.

        Raises RuntimeError if the rules go round their phases 10,000 times with
        no decision to make (a loop in the spec's flow that nobody can play)."""
        g = self.g
        steps = 0
        self._settle()
        while not self.terminal and not self.pending:
            steps += 1
            if steps > 10_000:
                raise RuntimeError(f"the rules loop through phase {self.phase!r} with no decision "
                                   "for any player; check the spec's flow")
            phase = g.phases[self.phase]
            if self.stage == "enter":
                if phase.only_when is not None and not phase.only_when(g, self):
                    self._next_phase()
                    continue
                if self.phase == g.round_start:
                    self.round += 1
                    for name in g.round_tallies:
                        self.ta[name] = [0] * self.n
                self.done = [False] * self.n
                self.turn = 0
                self.turn_open = False
                self.stage = "act"
                if phase.on_enter is not None:
                    phase.on_enter(g, self, self.first)
                    self._check_end()
                    self._settle()
                continue
            if self.stage == "act":
                if self._phase_over(phase):
                    self.stage = "exit"
                    continue
                return
            if self.stage == "exit":
                # "leave" before `on exit` runs: a decision it asks is answered, then the
                # phase is left, and `on exit` is not run (and asked) again
                self.stage = "leave"
                if phase.on_exit is not None:
                    phase.on_exit(g, self, self.first)
                    self._check_end()
                    self._settle()
            if not self.terminal and not self.pending:
                self._next_phase()

    def _phase_over(self, phase: Phase) -> bool:
        kind = phase.kind
        if kind == "automatic" or not phase.actions:
            return True
        if kind == "draft":
            while self.turn < self.n:
                if self._legal_of_actor(self._actor()):
                    return False
                self.turn += 1
            return True
        if kind == "turns":
            for _ in range(self.n):
                q = (self.first + self.turn) % self.n
                if not self.done[q]:
                    if not self.turn_open:
                        self._open_turn(phase, q)
                        if self.terminal:
                            return False
                    if self._legal_of_actor(q):
                        return False
                    self.done[q] = True
                self.turn += 1
                self.turn_open = False
            return all(self.done)
        for q in range(self.n):
            if not self.done[q]:
                if self._legal_of_actor(q):
                    return False
                self.done[q] = True
        return True

    def _legal_of_actor(self, q: int) -> list[Action]:
        """The legal actions of ``q``, who acts next if they have any: kept as the
        state's legal actions, so they are not worked out twice."""
        legal = self._compute_legal(q)
        if legal and not self.pending:
            self._legal = legal
        return legal

    def _open_turn(self, phase: Phase, q: int) -> None:
        """Start player ``q``'s turn: reset the per-turn tallies, run ``on turn``."""
        self.turn_open = True
        for name in self.g.turn_tallies:
            self.ta[name] = [0] * self.n
        if phase.on_turn is not None:
            phase.on_turn(self.g, self, q)
            self._check_end()

    def _next_phase(self) -> None:
        g = self.g
        for dest, cond in g.edges[self.phase]:
            if cond is None or cond(g, self):
                if dest == "end":
                    self._finish()
                else:
                    self.phase, self.stage = dest, "enter"
                return
        raise RuntimeError(f"no transition out of phase {self.phase!r}")


def _copy_zone(cards: list, game: GameBase, name: str) -> list:
    """A copy of zone ``name``'s cards (one list, or a list per seat or per card)."""
    if game.per_player_zone[name]:
        return [x[:] for x in cards]
    if game.per_card_zone[name]:
        return [x[:] if x is not None else None for x in cards]
    return cards[:]


# ---------------------------------------------------------------- game
class GameBase:
    """Base of each generated ``Game``: a mode, a player count and a seed.

    A generated ``Game`` sets the class attributes below from its spec."""

    NAME = ""
    TITLE = ""
    MODES: tuple[str, ...] = ()
    DEFAULT_MODE = ""
    #: mode name → its rules
    _RULES: dict[str, Rules] = {}
    #: resource names, in the order of every bag
    resources: Sequence[str] = ()
    #: per card id: its title and its catalogue name
    card_titles: tuple[str, ...] = ()
    card_names: tuple[str, ...] = ()
    #: the track ``scores()`` reads
    score_track = ""
    #: zone name → whether each player has one
    per_player_zone: dict[str, bool] = {}
    #: zone name → the ids of the cards that each have one (empty for other zones)
    per_card_zone: dict[str, tuple[int, ...]] = {}
    #: zone name → "public", "hidden" (its owner sees it) or "secret"
    visibility: dict[str, str] = {}
    #: action name → its title, and the kind of each of its arguments
    action_titles: dict[str, str] = {}
    action_args: dict[str, tuple[str, ...]] = {}

    mode: str
    num_players: int
    seed: int
    rules: Rules

    def __init__(self, num_players: int, mode: str | None = None, seed: int = 0) -> None:
        """Raises :class:`RulesError` for an unknown mode, a player count the mode
        doesn't allow, or a seed that is not an integer."""
        mode = self._mode(mode)
        lo, hi = self._RULES[mode].players
        if not _is_int(num_players) or not lo <= num_players <= hi:
            seats = f"{lo} player only" if lo == hi == 1 else f"{lo} players only" if lo == hi \
                else f"{lo} to {hi} players"
            raise RulesError(f"mode {mode!r} is for {seats}, not {num_players!r}")
        try:
            if isinstance(seed, bool):
                raise TypeError
            seed = operator.index(seed)
        except TypeError:
            raise RulesError(f"the seed must be an integer, not {seed!r}") from None
        self.mode, self.num_players, self.seed = mode, num_players, seed
        self.rules = self._RULES[mode]
        #: what an engine's legal-action functions worked out once, by the values it
        #: depends on: their actions, shared by every state of every game of this class,
        #: mode and player count (an action describes itself the same in all of them)
        memos = type(self).__dict__.get("_memos")
        if memos is None:  # one table per generated Game class, which goes with it
            memos = type(self)._memos = {}
        self.memo: dict[tuple, Any] = memos.setdefault((mode, num_players), {})

    @classmethod
    def _mode(cls, mode: object) -> str:
        """``mode``, or the default mode for None; RulesError for an unknown one."""
        mode = cls.DEFAULT_MODE if mode is None else mode
        if not isinstance(mode, str) or mode not in cls._RULES:
            raise RulesError(f"unknown mode {mode!r}; modes: {', '.join(cls.MODES)}")
        return mode

    @classmethod
    def player_counts(cls, mode: str | None = None) -> list[int]:
        """The player counts ``mode`` allows (default mode when omitted)."""
        lo, hi = cls._RULES[cls._mode(mode)].players
        return list(range(lo, hi + 1))

    def new_initial_state(self) -> State:
        """Set the game up (chance from the seed) and run to the first decision."""
        g, n = self.rules, self.num_players
        s = State(self)
        s.phase, s.stage, s.round, s.first, s.turn = "start", "enter", 0, 0, 0
        s.done = [False] * n
        s.res = [[0] * len(self.resources) for _ in range(n)]
        s.tr = {t: [g.track_start[t](g, s)] * n for t in g.player_tracks}
        s.gtr = {}
        s.z = {}
        for z in g.zones:
            if self.per_player_zone[z]:
                s.z[z] = [[] for _ in range(n)]
            elif self.per_card_zone[z]:
                owners = set(self.per_card_zone[z])
                s.z[z] = [[] if i in owners else None for i in range(len(self.card_titles))]
            else:
                s.z[z] = []
        s.loc = [None] * len(self.card_titles)
        s.cst = {name: [default] * len(self.card_titles)
                 for states in (*g.card_states.values(), g.piece_states) for name, default in states}
        s.ta = {t: [0] * n for t in g.tallies}
        s.pending, s.ended, s.terminal, s.winners, s.history = [], False, False, [], []
        s.again, s.turn_open = False, False
        s.rng = (self.seed * 0x2545F4914F6CDD1D + 0x5851F42D4C957F2D) & MASK64
        s.gtr = {t: g.track_start[t](g, s) for t in g.global_tracks}
        if g.setup is not None:  # an empty `setup` block lays nothing out
            g.setup(g, s, 0)
        dest = next(d for d, c in g.edges["start"] if c is None or c(g, s))
        s.phase = dest
        s._advance()
        return s

    def state_from_json(self, text: str) -> State:
        """Rebuild a state saved with ``State.to_json``; raises RulesError if the
        text is not a saved state of this game, mode, player count and seed."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError, RecursionError) as err:
            raise RulesError(f"not a saved state of this game: {err}") from None
        if not isinstance(data, dict) or not isinstance(data.get("game"), dict):
            raise RulesError("not a saved state of this game: expected a JSON object with a "
                             "'game' header")
        meta = data["game"]
        want = {"name": self.NAME, "mode": self.mode, "num_players": self.num_players,
                "seed": self.seed}
        got = {k: meta.get(k) for k in want}
        if not all(_same(got[k], v) for k, v in want.items()):
            raise RulesError(f"not a saved state of this game: it is for {got}, not {want}")
        try:
            return self._restore(data)
        except _BadState as err:
            raise RulesError(f"not a saved state of this game: {err}") from None
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as err:
            raise RulesError(f"not a saved state of this game: {type(err).__name__}: {err}") from None

    def _restore(self, data: dict) -> State:
        g, n, ncards = self.rules, self.num_players, len(self.card_titles)

        def check(ok: object, what: str) -> None:
            if not ok:
                raise _BadState(what)

        def ints(value: object, length: int | None = None) -> bool:
            return (isinstance(value, list) and all(_is_int(x) for x in value)
                    and (length is None or len(value) == length))

        def bools(value: object, length: int) -> bool:
            return isinstance(value, list) and len(value) == length and all(
                isinstance(x, bool) for x in value)

        fields = ("phase", "stage", "round", "first", "turn", "done", "res", "tr", "gtr", "z",
                  "loc", "cst", "ta", "pending", "rng", "ended", "terminal", "winners", "again",
                  "turn_open", "history")
        missing = [k for k in fields if k not in data]
        check(not missing, f"missing field(s) {', '.join(missing)}")
        d = data
        check(isinstance(d["phase"], str) and d["phase"] in g.phases, f"unknown phase {d['phase']!r}")
        check(d["stage"] in ("enter", "act", "exit", "leave"), f"bad stage {d['stage']!r}")
        for key in ("round", "turn", "rng"):
            check(_is_int(d[key]) and d[key] >= 0, f"bad {key} {d[key]!r}")
        check(_is_int(d["first"]) and 0 <= d["first"] < n, f"bad first player {d['first']!r}")
        for key in ("ended", "terminal", "again", "turn_open"):
            check(isinstance(d[key], bool), f"bad {key} {d[key]!r}")
        check(bools(d["done"], n), "bad done flags")
        check(isinstance(d["res"], list) and len(d["res"]) == n
              and all(ints(r, len(self.resources)) for r in d["res"]), "bad resources")
        check(isinstance(d["tr"], dict) and set(d["tr"]) == set(g.player_tracks)
              and all(ints(v, n) for v in d["tr"].values()), "bad player tracks")
        check(isinstance(d["gtr"], dict) and set(d["gtr"]) == set(g.global_tracks),
              "bad global tracks")
        check(isinstance(d["ta"], dict) and set(d["ta"]) == set(g.tallies)
              and all(ints(v, n) for v in d["ta"].values()), "bad tallies")
        check(isinstance(d["cst"], dict) and set(d["cst"]) == {
            name for states in (*g.card_states.values(), g.piece_states) for name, _ in states}
              and all(isinstance(v, list) and len(v) == ncards for v in d["cst"].values()),
              "bad card states")
        check(ints(d["winners"]) and all(0 <= q < n for q in d["winners"]), "bad winners")
        # zones and card locations, which must agree
        z = d["z"]
        check(isinstance(z, dict) and set(z) == set(g.zones), "bad zones")
        check(isinstance(d["loc"], list) and len(d["loc"]) == ncards, "bad card locations")
        loc: list[tuple[str, Owner] | None] = [None] * ncards
        owned: Iterable[tuple[Any, Any]]
        for name, cards in z.items():
            if self.per_player_zone[name]:
                check(isinstance(cards, list) and len(cards) == n, f"bad zone {name!r}")
                owned = enumerate(cards)
            elif self.per_card_zone[name]:
                owners = set(self.per_card_zone[name])
                check(isinstance(cards, list) and len(cards) == ncards
                      and all((c is not None) == (i in owners) for i, c in enumerate(cards)),
                      f"bad zone {name!r}")
                owned = ((i, c) for i, c in enumerate(cards) if c is not None)
            else:
                owned = [(None, cards)]
            for owner, held in owned:
                check(ints(held), f"bad zone {name!r}")
                for c in held:
                    check(0 <= c < ncards and loc[c] is None, f"card {c!r} misplaced in {name!r}")
                    loc[c] = (name, owner)
        for c, where in enumerate(d["loc"]):
            check(where is None and loc[c] is None or isinstance(where, list)
                  and tuple(where) == loc[c], f"card {c} is not where its location says")
        pending = d["pending"]
        check(isinstance(pending, list) and all(
            isinstance(x, dict) and x.get("kind") in ("cards", "card", "ask", "overflow")
            and _is_int(x.get("player"))
            and 0 <= x["player"] < n for x in pending), "bad pending decisions")
        history = d["history"]
        check(isinstance(history, list) and all(
            isinstance(h, list) and len(h) == 3 and _is_int(h[0]) and isinstance(h[1], str)
            and isinstance(h[2], list) for h in history), "bad history")

        s = State(self)
        for key in ("phase", "stage", "round", "first", "turn", "done", "res", "tr", "gtr", "cst",
                    "ta", "rng", "ended", "terminal", "winners", "again", "turn_open"):
            setattr(s, key, d[key])
        s.z = z
        s.loc = loc
        s.pending = [_from_json(x) for x in pending]
        for x in s.pending:
            if "labels" in x:
                x["labels"] = list(x["labels"])
        s.history = [(p, name, _from_json(a)) for p, name, a in history]
        return s

    def card_ids(self, name: str) -> list[int]:
        """Ids of every copy of the catalogue card called ``name``."""
        return [i for i, n in enumerate(self.card_names) if n == name]

    def action(self, player: int, name: str, *args: Any) -> Action:
        """Build an action by name (for tests and tools)."""
        return Action(player, name, tuple(args), self)

    def action_from_json(self, data: dict) -> Action:
        """The action saved by ``Action.to_json``; raises RulesError if ``data``
        is not one (a legal action or not: ``apply_action`` decides that)."""
        if not isinstance(data, dict):
            raise RulesError(f"not an action: {data!r}")
        missing = [k for k in ("player", "name", "args") if k not in data]
        if missing:
            raise RulesError(f"not an action: no {', '.join(map(repr, missing))}")
        if not _is_int(data["player"]):
            raise RulesError(f"not an action: player {data['player']!r} is not a seat number")
        if not isinstance(data["name"], str):
            raise RulesError(f"not an action: name {data['name']!r} is not a string")
        if not isinstance(data["args"], list):
            raise RulesError(f"not an action: args {data['args']!r} is not a list")
        return Action(data["player"], data["name"], _from_json(data["args"]), self)

    # -- text
    def describe(self, action: Action) -> str:
        """A readable line for any action, legal or not (never raises)."""
        try:
            name = action.name
            named = isinstance(name, str)
            kinds = self.action_args.get(name, ()) if named else ()
            args = action.args if isinstance(action.args, tuple) else (action.args,)
            parts = [self._describe_arg(kinds[i] if i < len(kinds) else None, a)
                     for i, a in enumerate(args)]
            title = self.action_titles.get(name, name) if named else repr(name)
            return f"{_seat(action.player)}: {title}" + (f" ({', '.join(parts)})" if parts else "")
        except Exception:  # noqa: BLE001 - a description must not hide the real error
            return repr(action)

    def _card(self, value: object) -> str:
        if _is_int(value) and 0 <= value < len(self.card_titles):
            return f"{self.card_titles[value]} #{value}"
        return repr(value)

    def _describe_arg(self, kind: str | None, value: object) -> str:
        """One argument as text; anything that is not what ``kind`` expects is shown as its repr."""
        if kind == "card":
            return self._card(value)
        if kind == "player":
            if _is_int(value) and 0 <= value < self.num_players:
                return f"player {value + 1}"
            return repr(value)
        if kind == "bag":
            if (isinstance(value, tuple) and len(value) <= len(self.resources)
                    and all(_is_int(n) for n in value)):
                items = [f"{self.resources[i]} {n}" for i, n in enumerate(value) if n]
                return " + ".join(items) or "nothing"
            return repr(value)
        if kind == "cards":
            if isinstance(value, tuple):
                return " + ".join(self._card(c) for c in value)
            return repr(value)
        if kind is not None and isinstance(value, (str, int)) and not isinstance(value, bool):
            return str(value)
        return repr(value)

    def describe_state(self, s: State) -> str:
        """A few lines: the mode, round, phase and first player, then each player's
        score and resources."""
        lines = [f"{self.TITLE} ({self.mode}), round {s.round}, phase {s.phase}, "
                 f"first player {s.first + 1}" + (", over" if s.terminal else "")]
        for q in range(s.n):
            res = ", ".join(f"{r} {n}" for r, n in zip(self.resources, s.res[q]) if n)
            lines.append(f"  player {q + 1}: {self.score_track} {s.tr[self.score_track][q]}"
                         + (f"; {res}" if res else ""))
        return "\n".join(lines)
