"""The game state: the OpenSpiel-style API, the turn structure, and saving to JSON."""

from __future__ import annotations

import itertools
import json
import operator
from typing import TYPE_CHECKING, Any

from .actions import Action, unknown_name
from .errors import IllegalActionError, RulesError
from .values import TERMINAL, Decision, Owner, _is_int, _same, _to_json
from .agenda import QUESTIONS, answer, question_legal, settle
from .zones import _copy_zones

if TYPE_CHECKING:
    from .game import GameBase
    from .rules import Phase, Rules


_is, _repeat = operator.is_, itertools.repeat


class State:
    """A game state: plain data, cheap to clone, JSON round-trip via ``to_json``."""

    __slots__ = ("game", "g", "n", "phase", "stage", "round", "first", "turn", "done", "res",
                 "tr", "gtr", "z", "loc", "cst", "ta", "pending", "rng", "ended", "terminal",
                 "winners", "ended_by", "_past", "_moves", "_known", "again", "turn_open", "_legal",
                 "_cse", "dice", "lead", "stk")

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
        self.n = game.num_players
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
        if not isinstance(action, Action):
            raise IllegalActionError(f"not an action: {action!r}")
        # the list itself when it is known (legal_actions() gives a copy)
        legal = self._legal if self._legal is not None and not self.terminal else self.legal_actions()
        # An action taken from legal_actions() is found by identity, in C, without
        # calling Action.__eq__ on the actions listed before it; any other is compared by value.
        if any(map(_is, legal, _repeat(action))):
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
            unknown = unknown_name(action.name, self.g.actions, legal)
            if unknown is not None:
                raise IllegalActionError(f"{text} refused: {unknown}; the state is unchanged")
            if action.player != who:
                raise IllegalActionError(f"{text} refused: it is player {who + 1}'s decision")
            raise IllegalActionError(f"{text} refused: not legal now (phase {self.phase!r}); "
                                     "the state is unchanged")
        self._legal = None
        self._past = (self._past, (action.player, action.name, action.args))
        self._moves += 1
        g, p = self.g, action.player
        if self.pending:
            self._answer(action)
            if g.end_after_answer:
                self._check_end()
        else:
            kind = g.phases[self.phase].kind
            args = action.args
            for effect in g.effects_of[action.name]:  # the triggers before it, then its effect
                if effect(g, self, p, args):  # it waits for an answer: the rest comes after it
                    self._wait(action, effect)
                    break
            else:
                if kind == "draft" or (kind == "turns" and not self.again):
                    self.turn += 1
                    self.turn_open = False
                self.again = False
                if g.end_after is None or action.name in g.end_after:
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
        c.game, c.g, c.n = self.game, self.g, self.n
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
            link, entry = link
            out.append(entry)
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
            raise RulesError(f"no player {player!r} in a {self.n}-player game "
                             f"(players are 0 to {self.n - 1})")
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
                        "num_players": self.n, "seed": self.game.seed}
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    def __str__(self) -> str:
        return self.game.describe_state(self)

    # -- internals
    def _actor(self) -> int:
        phase = self.g.phases[self.phase]
        if phase.kind == "draft":
            return (self.lead + self.turn) % self.n
        if phase.kind == "turns":
            return (self.lead + self.turn) % self.n
        for q in range(self.n):
            if not self.done[q]:
                return q
        return 0

    def _compute_legal(self, p: int) -> list[Action]:
        if self.pending:
            return question_legal(self, p)
        out: list[Action] = []
        g = self.g
        self._cse = {}
        for legal in g.legal_of[self.phase]:
            legal(g, self, p, out)
        return out

    def _wait(self, action: Action, effect: Any) -> None:
        """``effect``, one of the effects of ``action`` (its triggers, then its own), waits
        for an answer: the effects after it (an ``act`` record) and the turn's bookkeeping
        (``done``) go on the agenda behind the records it made (design 1.1.3)."""
        effects = self.g.effects_of[action.name]
        step = effects.index(effect) + 1
        if step < len(effects):
            self.pending.append({"kind": "act", "name": action.name, "me": action.player,
                                 "args": action.args, "step": step})
        self.pending.append({"kind": "done", "name": action.name})
        if self.g.end_after is None or action.name in self.g.end_after:
            self._check_end()

    def _effects(self, name: str, p: int, args: tuple, step: int) -> None:
        """Run the effects of action ``name`` from ``step`` on (an ``act`` record), until
        one waits: then the rest goes on the agenda behind what it made."""
        g = self.g
        effects = g.effects_of[name]
        for i in range(step, len(effects)):
            if effects[i](g, self, p, args):
                if i + 1 < len(effects):
                    self.pending.append({"kind": "act", "name": name, "me": p, "args": args,
                                         "step": i + 1})
                return

    def _turn_over(self, name: str) -> None:
        """Action ``name``'s effect is over (a ``done`` record): the turn's bookkeeping
        (``again`` read now, so an ``again`` after a decision counts), then the ends."""
        g = self.g
        kind = g.phases[self.phase].kind
        if kind == "draft" or (kind == "turns" and not self.again):
            self.turn += 1
            self.turn_open = False
        self.again = False
        if g.end_after is None or name in g.end_after:
            self._check_end()

    def _answer(self, action: Action) -> None:
        answer(self, action)

    def _settle(self) -> None:
        settle(self)

    def _check_end(self) -> None:
        """Try the ends in the order written: each whose ``end when`` holds is latched;
        the first of those that ends the game ``immediately`` ends it now and decides."""
        g = self.g
        for name, when, immediately, _ in g.ends:
            if when is not None and name not in self.ended and when(g, self):
                self.ended.append(name)
                if immediately:
                    self._finish(name)
                    return

    def _finish(self, by: str | None = None) -> None:
        """The game is over, and the end ``by`` decides who wins.  Without ``by`` (the
        flow reached ``end`` by a transition naming no end): the first end latched, in
        the order written; else the first end without ``end when``; else the first."""
        ends = self.g.ends
        if by is None:
            by = next((e[0] for e in ends if e[0] in self.ended), None) \
                or next((e[0] for e in ends if e[1] is None), ends[0][0])
        self.terminal = True
        self.pending = []
        self.ended_by = by
        self.winners = list(next(e[3] for e in ends if e[0] == by)(self.g, self))

    def _advance(self) -> None:
        """Run automatic steps until a player must decide or the game is over.

        Raises RuntimeError if the rules go round their phases 10,000 times with
        no decision to make (a loop in the spec's flow that nobody can play)."""
        g = self.g
        steps = 0
        if self.pending:
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
                self.lead = self.first  # the phase goes round from the marker's holder now
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
                q = (self.lead + self.turn) % self.n
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
        done = self.done
        for q in range(self.n):
            if not done[q]:
                legal = self._compute_legal(q)  # as in _legal_of_actor, without the call
                if legal:
                    if not self.pending:
                        self._legal = legal
                    return False
                done[q] = True
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
            if self.pending and self.pending[0]["kind"] not in QUESTIONS:
                self._settle()

    def _next_phase(self) -> None:
        g = self.g
        for dest, cond, *named in g.edges[self.phase]:
            if cond is None or cond(g, self):
                if dest == "end":
                    self._finish(*named)
                else:
                    self.phase, self.stage = dest, "enter"
                return
        raise RuntimeError(f"no transition out of phase {self.phase!r}")


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
