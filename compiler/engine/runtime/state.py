"""The game state: the OpenSpiel-style API, the turn structure, and saving to JSON."""

from __future__ import annotations

import itertools
import json
import operator
from typing import TYPE_CHECKING, Any

from .actions import Action, unknown_name
from .errors import IllegalActionError, RulesError
from .values import TERMINAL, Decision, Owner, _is_int, _same, _to_json
from .agenda import answer
from .turns import Turns
from .zones import _copy_zones
from .seats import check_observer

if TYPE_CHECKING:
    from .game import GameBase
    from .rules import Rules


_is, _repeat = operator.is_, itertools.repeat


class State(Turns):
    """A game state: plain data, cheap to clone, JSON round-trip via ``to_json``."""

    __slots__ = ("game", "g", "n", "phase", "stage", "round", "first", "turn", "done", "res",
                 "tr", "gtr", "z", "loc", "cst", "ta", "pending", "rng", "ended", "terminal",
                 "winners", "ended_by", "_past", "_moves", "_known", "again", "turn_open", "_legal",
                 "_cse", "dice", "lead", "stk", "h")

    game: GameBase
    g: Rules
    #: the number of seats: the human players, then the automata (construct 20)
    n: int
    #: the number of human players (seats ``0 .. h-1``); ``h == n`` without automata
    h: int
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
    #: the ends whose ``end when`` has held (latched), in the order they triggered
    ended: list[str]
    terminal: bool
    winners: list[int]
    #: the end that decided the winners once the game is over, else None
    ended_by: str | None
    #: the actions applied, newest first, as a chain shared with the state's clones:
    #: None, or (the chain before it, (player, name, args)); see ``history``
    _past: tuple | None
    #: how many actions were applied since the game began
    _moves: int
    #: from which action on ``_past`` holds the actions: 0, or the number of actions
    #: applied before the state was saved without its history and loaded
    _known: int
    #: ``again``: the player takes another turn
    again: bool
    turn_open: bool
    _legal: list[Action] | None
    #: lists worked out once per decision and shared by the legal-action functions that
    #: need the same one (by the number the compiler gave its code); emptied before
    #: each decision's legal actions are worked out
    _cse: dict[int, Any]
    #: dice of the game (construct 16): name → the face each die shows
    dice: dict[str, list[Any]]
    #: the seat that led when the phase in progress began: draft and turns phases go
    #: round from it, whoever takes the first player marker meanwhile (construct 17)
    lead: int
    #: stocks (construct 18): name → the amounts of each resource (one for the game), or
    #: per card id those amounts (None for a card of another type)
    stk: dict[str, list[Any]]

    def __init__(self, game: GameBase) -> None:
        """An empty state of ``game`` (filled by ``new_initial_state`` or :func:`.saves.restore_state`)."""
        self.game = game
        self.g = game.rules
        self.n, self.h = game.num_seats, game.num_players
        self._legal = None
        self._cse = {}

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
        legal = self._legal
        if legal is None or self.terminal:
            legal = self.legal_actions()
        # An action taken from legal_actions() is found by identity, in C, without
        # calling Action.__eq__ on the actions listed before it; any other is compared by value.
        if not any(map(_is, legal, _repeat(action))):
            self._check_legal(action, legal)
        self._legal = None
        self._past = (self._past, action)  # the action itself: history() reads it
        self._moves += 1
        g = self.g
        if self.pending:
            answer(self, action)
            if g.end_after_answer:
                self._check_end()
        else:  # the triggers before it, its effect, the triggers after it, until one waits
            p, args = action.player, action.args
            for effect in g.effects_of[action.name]:
                if effect(g, self, p, args):  # it waits for an answer: the rest comes after it
                    self._wait(action, effect)
                    break
            else:
                self._turn_over(action.name)
        self._advance()

    def _check_legal(self, action: Action, legal: list[Action]) -> None:
        """Raise :class:`IllegalActionError` unless ``action`` equals (same values of the
        same types) one of ``legal``, the legal actions."""
        match = None
        if isinstance(action, Action):
            try:
                match = legal[legal.index(action)]
            except ValueError:
                pass
        if match is None or not _same((action.player, action.name, action.args),
                                      (match.player, match.name, match.args)):
            if not isinstance(action, Action):
                raise IllegalActionError(f"not an action: {action!r}")
            who = self.current_player()
            text = f"{action} [{action!r}]"
            if self.terminal:
                raise IllegalActionError(f"{text} refused: the game is over")
            unknown = unknown_name(action.name, self.g.actions, legal)
            if unknown is not None:
                raise IllegalActionError(f"{text} refused: {unknown}; the state is unchanged")
            if action.player != who:
                raise IllegalActionError(f"{text} refused: it is player {who + 1}'s decision")
            raise IllegalActionError(f"{text} refused: not legal now (phase {self.phase!r}); "
                                     "the state is unchanged")

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.terminal

    def returns(self) -> list[float]:
        """+1 for each winner, -1 for everyone else; zeros while the game is running."""
        if not self.terminal:
            return [0.0] * self.n
        return [1.0 if q in self.winners else -1.0 for q in range(self.n)]

    def outcome(self) -> dict[str, Any] | None:
        """How the game ended: ``{"end": name, "winners": [seats]}``, the end that decided
        (the spec's name of its ``end`` block) and the winning seats (none when nobody
        wins); None while the game is not over."""
        if not self.terminal:
            return None
        return {"end": self.ended_by, "winners": list(self.winners)}

    def winners_list(self) -> list[int]:
        """The winning seats once the game is over (several for a shared victory), else []."""
        return list(self.winners) if self.terminal else []

    def clone(self) -> State:
        """An independent copy (same game, nothing shared that either may change).

        Costs the same at any point of a game: the history is a chain of immutable
        links, shared by the state and its clones, each of which extends it with its
        own actions (see ``history``); the rest is copied, in time that grows with
        the state (players, cards, zones), not with the number of actions played."""
        c = State.__new__(State)
        c.game, c.g, c.n, c.h = self.game, self.g, self.n, self.h
        c.phase, c.stage, c.round, c.first, c.turn = self.phase, self.stage, self.round, self.first, self.turn
        c.done = self.done[:]
        c.res = [r[:] for r in self.res]
        c.tr = {k: v[:] for k, v in self.tr.items()}
        c.gtr = {k: (dict(v) if isinstance(v, dict) else v) for k, v in self.gtr.items()}
        c.again, c.turn_open = self.again, self.turn_open
        c.z = _copy_zones(self.z, self.game)
        c.loc = self.loc[:]
        c.cst = {k: v[:] for k, v in self.cst.items()}
        c.ta = {k: v[:] for k, v in self.ta.items()}
        c.pending = self.pending[:]  # records are never changed once on the agenda
        c.rng, c.ended, c.terminal, c.ended_by = self.rng, self.ended[:], self.terminal, self.ended_by
        c.winners = list(self.winners)
        c._past, c._moves, c._known = self._past, self._moves, self._known
        c._legal = self._legal
        c._cse = {}
        c.dice = {k: v[:] for k, v in self.dice.items()}
        c.lead = self.lead
        c.stk = {k: [x[:] if type(x) is list else x for x in v] for k, v in self.stk.items()}
        return c

    @property
    def history(self) -> list[tuple[int, str, tuple]]:
        """Every action applied since the game began, oldest first, as (player, name,
        args): a new list each time, built from the chain the state shares with its
        clones (time grows with the number of actions; ``move_number()`` is the count).

        Raises :class:`RulesError` for a state loaded from a save made without its
        history (``to_json()``, the default), whose actions before the save are not
        known: save with ``to_json(history=True)`` to keep them."""
        if self._known:
            raise RulesError(f"the actions before this state are not known: it was loaded from a "
                             f"save made after {self._known} actions without its history "
                             "(State.to_json(history=True) keeps it)")
        out = []
        link = self._past
        while link is not None:
            link, action = link
            out.append((action.player, action.name, action.args))
        out.reverse()
        return out

    def move_number(self) -> int:
        """How many actions were applied since the game began (OpenSpiel's name)."""
        return self._moves

    def applied_actions(self) -> list[Action]:
        """The actions applied so far, in order (see ``history``, whose errors it raises)."""
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
            if self.n != self.h:  # seats played by the rules too (construct 20)
                raise RulesError(f"no seat {player!r} in a game of {self.n} seats ({self.h} players "
                                 f"and {self.n - self.h} automata; seats are 0 to {self.n - 1})")
            raise RulesError(f"no player {player!r} in a {self.n}-player game "
                             f"(players are 0 to {self.n - 1})")
        if player >= self.h:  # hook: an automaton's seat has no observation (construct 20)
            check_observer(self, player)
        zones: dict[str, Any] = {}
        visible: set[int] = set()
        looking = self._looking(player)
        for name, cards in self.z.items():
            vis = self.game.visibility[name]
            if vis == "top":  # public top: the top card and the count; the whole stack looked at
                zones[name] = _top_view(name, cards, self.game, looking, visible)
            elif self.game.per_player_zone[name]:
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
            "pending": [dict(x) for x in self.pending if x.get("player") == player],
            "dice": {k: v[:] for k, v in self.dice.items()},
            "stocks": {k: [x[:] if type(x) is list else x for x in v] for k, v in self.stk.items()},
        }

    def _looking(self, player: int) -> set[tuple[str, Any]]:
        """The ``(zone, owner)`` stacks that ``player`` looks through now: those of the
        card choices they must answer (construct 11: a choice from a ``public top`` zone
        is only made inside ``look at`` it, and shows the chooser every card of it)."""
        return {(x["src"], x["src_owner"]) for x in self.pending
                if x.get("player") == player and x["kind"] in ("card", "cards")}

    # -- persistence
    def to_json(self, history: bool = False) -> str:
        """The state as compact JSON (sorted keys), with a ``game`` header that
        ``GameBase.state_from_json`` checks: the name, mode, player count and seed.

        The save holds the state itself and the number of actions played (``moves``),
        so its size and the time it takes grow with the state, not with the length of
        the game; loading it checks every field (see ``state_from_json``).  With
        ``history`` it also holds every action applied (``history``: [player, name,
        args] lists, oldest first), and loading it replays them: the save is then
        proven to be the state its actions lead to, and the loaded state knows its
        ``history``.  Raises :class:`RulesError` for ``history`` on a state loaded
        from a save without one (see ``history``)."""
        data = {k: getattr(self, k) for k in ("phase", "stage", "round", "first", "turn", "done",
                                               "res", "tr", "gtr", "z", "cst", "ta", "pending",
                                               "rng", "ended", "terminal", "winners", "again",
                                               "turn_open", "ended_by", "dice", "lead", "stk")}
        data["loc"] = [list(x) if x else None for x in self.loc]
        data["moves"] = self._moves
        if history:
            data["history"] = [[p, n, _to_json(a)] for p, n, a in self.history]
        data["game"] = {"name": self.game.NAME, "mode": self.game.mode,
                        "num_players": self.h, "seed": self.game.seed, **self.game.chosen()}
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    def __str__(self) -> str:
        return self.game.describe_state(self)


def _top_view(name: str, cards, game, looking: set, visible: set[int]):
    """What a ``public top`` zone shows: ``{"top": card or None, "count": n}`` for each
    stack (per player: a list; per card: a dict by card id), or the stack's cards in order
    when the observer looks through it; the cards shown join ``visible``."""
    def one(stack, owner):
        if (name, owner) in looking:
            visible.update(stack)
            return list(stack)
        if stack:
            visible.add(stack[-1])
        return {"top": stack[-1] if stack else None, "count": len(stack)}
    if game.per_player_zone[name]:
        return [one(c, q) for q, c in enumerate(cards)]
    if game.per_card_zone[name]:
        return {i: one(c, i) for i, c in enumerate(cards) if c}
    return one(cards, None)
