"""The turn loop of a :class:`~.state.State`: actions applied, effects run and waited for,
phases entered, played and left, and the ends tried (:class:`Turns`, which ``State``
inherits).

Split from :mod:`.state` (issue 10): the loop runs once per action, so it reads the
tables :class:`~.rules.Rules` works out once per mode (``legal_of``, ``effects_of``,
``turn_step``, ``end_after_set``) instead of comparing names, and calls the agenda's
functions (:mod:`.agenda`) directly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Action
from .agenda import QUESTIONS, answer, question_legal, settle
from .seats import automaton_turn, seat_at, with_sides

if TYPE_CHECKING:
    from .rules import Phase


class Turns:
    """The turn loop, a base of :class:`~.state.State` (whose fields it reads)."""

    __slots__ = ()

    # it reads and sets the fields of State, declared there (g, n, phase, stage, turn...)

    def _actor(self) -> int:
        phase = self.g.phases[self.phase]
        if phase.kind == "draft" or phase.kind == "turns":
            return (self.lead + self.turn) % self.n if self.game.order is None else seat_at(self, self.turn)
        for q in range(self.h):
            if not self.done[q]:
                return q
        return 0

    def _compute_legal(self, p: int) -> list[Action]:
        if self.pending:
            return question_legal(self, p)  # type: ignore[arg-type]  # self is a State
        out: list[Action] = []
        g = self.g
        if self._cse:  # the lists shared by the last decision's legal-action functions
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
        ends = self.g.end_after_set
        if ends is None or action.name in ends:
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
        """Action ``name``'s effect is over (a ``done`` record, or no effect waited): the
        turn's bookkeeping (``again`` read now, so an ``again`` after a decision counts),
        then the ends."""
        g = self.g
        step = g.turn_step[self.phase]  # 1: a draft phase, 2: a turns phase
        if step == 1 or (step == 2 and not self.again):
            self.turn += 1
            self.turn_open = False
        self.again = False
        ends = g.end_after_set
        if ends is None or name in ends:
            self._check_end()

    def _answer(self, action: Action) -> None:
        answer(self, action)  # type: ignore[arg-type]  # self is a State

    def _settle(self) -> None:
        settle(self)  # type: ignore[arg-type]  # self is a State

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
        if self.g.sides is not None:  # hook: a side wins or loses as one (construct 20)
            self.winners = with_sides(self, self.winners)

    def _advance(self) -> None:
        """Run automatic steps until a player must decide or the game is over.

        Raises RuntimeError if the rules go round their phases 10,000 times with
        no decision to make (a loop in the spec's flow that nobody can play)."""
        if self.pending:
            settle(self)  # type: ignore[arg-type]  # self is a State
        g = self.g
        phases = g.phases
        steps = 0
        while not self.terminal and not self.pending:
            phase = phases[self.phase]
            stage = self.stage
            if stage == "act":  # first: the stage of nearly every call
                if self._phase_over(phase):
                    self.stage = "exit"
                    continue
                return
            steps += 1
            if steps > 10_000:
                raise RuntimeError(f"the rules loop through phase {self.phase!r} with no decision "
                                   "for any player; check the spec's flow")
            if stage == "enter":
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
                # entering a phase (a round starts) may make an end hold: try them now,
                # as after an action, so an `immediately` end lets no more action be played
                self._check_end()
                if self.terminal:
                    continue
                if phase.on_enter is not None:
                    phase.on_enter(g, self, self.first)
                    self._check_end()
                    settle(self)  # type: ignore[arg-type]  # self is a State
                continue
            if stage == "exit":
                # "leave" before `on exit` runs: a decision it asks is answered, then the
                # phase is left, and `on exit` is not run (and asked) again
                self.stage = "leave"
                if phase.on_exit is not None:
                    phase.on_exit(g, self, self.first)
                    self._check_end()
                    settle(self)  # type: ignore[arg-type]  # self is a State
            if not self.terminal and not self.pending:
                self._next_phase()

    def _phase_over(self, phase: Phase) -> bool:
        kind = phase.kind
        if kind == "simultaneous" and phase.actions:
            # _compute_legal without its call: no question waits here (see _advance)
            done, g, legal_of = self.done, self.g, self.g.legal_of[self.phase]
            for q in range(self.h):  # automata take no part in a simultaneous phase
                if not done[q]:
                    if self._cse:
                        self._cse = {}
                    legal: list[Action] = []
                    for fn in legal_of:
                        fn(g, self, q, legal)
                    if legal:
                        self._legal = legal
                        return False
                    done[q] = True
            return True
        if kind == "automatic" or not phase.actions:
            return True
        if kind == "draft":
            while self.turn < self.n:
                q = self._actor()
                if q >= self.h:  # hook: the engine plays an automaton's turn (construct 20)
                    if automaton_turn(self, phase, q):
                        return False
                    continue
                if self._legal_of_actor(q):
                    return False
                self.turn += 1
            return True
        # a turns phase: round the table until everyone is finished or someone acts (an
        # automaton's turn passes without a decision, so a fixed count of seats is too
        # few: a villain's turn then a finished human left the phase open, nobody to act)
        while not all(self.done):
            q = (self.lead + self.turn) % self.n if self.game.order is None else seat_at(self, self.turn)
            if not self.done[q]:
                if q >= self.h:  # hook: the engine plays an automaton's turn (construct 20)
                    if automaton_turn(self, phase, q):
                        return False
                    continue
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
                settle(self)  # type: ignore[arg-type]  # self is a State

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
