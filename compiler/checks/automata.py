"""Automata, seats and sides (construct 20): an automaton's turns (in a phase that exists,
E0830, and has turns, E0831; their statements checked like any effect, "you" being the
automaton's seat), the `seats` lines of a mode (a declared automaton, E0832; at least one
seat, E0837; at most MAX_SEATS in all, E0839), its `sides` (the players or a kind it
seats, E0834; each once, E0835),
`winner side` (a side of the mode, E0833, E0836), its `controlled by` line (a player,
E0841; once, E0842; not itself, E0843; not a seat of an automaton, W0158); warnings for an
automaton with no turn (W0129), `seating alternate` with no automaton seated (W0127), an
automaton no mode seats (W0126) and an `again` that runs at every turn (W0161: the
runtime's MAX_AGAIN cap then plays 100 turns without a word).

Rulebook: Utopia › Dystopia: The Solo Game › Solo Gameplay; Utopia › 2 Player Co-op ›
Co-op Gameplay.
"""

from __future__ import annotations

from dsl import ast, codes
from dsl.diagnostics import DiagnosticBag, Note, did_you_mean
from compiler.analysis import names as N
from compiler.analysis.limits import MAX_SEATS
from compiler.analysis.types import TypeRecord
from compiler.checks.statement_effects import bodies
from compiler.checks.statements import BlockChecker

#: The phase kinds in which a seat has turns.
TURN_KINDS = ("turns", "draft")


def check_mode(mode, report, types: TypeRecord | None = None) -> None:
    """Report the problems above in ``mode``; ``report`` (a
    :class:`dsl.diagnostics.Report`) receives each, ``types`` the types found."""
    _Automata(mode, report, types).run()


def seated(mode) -> dict[str, int]:
    """The automaton kinds ``mode`` seats, each with its number of seats (known kinds only)."""
    out: dict[str, int] = {}
    for op in mode.seats:
        if op.kind.name in mode.automata:
            out[op.kind.name] = out.get(op.kind.name, 0) + op.count
    return out


class _Automata(BlockChecker):
    def run(self) -> None:
        m = self.mode
        for bot in m.automata.values():
            self.automaton(bot)
        for op in m.seats:
            if op.kind.name not in m.automata:
                self.report.error(codes.SEATS_UNKNOWN_AUTOMATON, f"`{op.kind.name}` is not an automaton",
                                  op.kind.span, hint=did_you_mean(op.kind.name, m.automata, "automata")
                                  or f"declare it: `automaton {op.kind.name} \"...\" {{ turn in PHASE "
                                  "{ ... } }`")
            elif op.count < 1:
                self.report.error(codes.SEATS_COUNT, f"`seats {op.kind.name} {op.count}` seats no "
                                  "automaton", op.span, hint="seat one or more, or remove the line")
        total = 0
        for op in m.seats:
            total += max(op.count, 0)
            if total > MAX_SEATS:
                self.report.error(codes.SEATS_TOO_MANY, f"`seats {op.kind.name} {op.count}` makes "
                                  f"{total} seats played by the rules; the limit is {MAX_SEATS}",
                                  op.span, hint=f"seat at most {MAX_SEATS} automata in a mode, "
                                  "as a game has at most that many players")
                break
        if m.seating is not None and not seated(m):
            self.report.warning(codes.SEATING_WITHOUT_AUTOMATA, "`seating alternate` in a mode that seats "
                                "no automaton does nothing", m.seating.span,
                                hint="seat an automaton (`seats KIND N`), or remove the line")
        self.sides()
        for end in m.ends.values():
            if end.winner_side is not None:
                self.winner_side(end)

    def automaton(self, bot: ast.Automaton) -> None:
        """One automaton: its turns, each in a phase with turns, each block checked."""
        if not bot.turns:
            self.report.warning(codes.AUTOMATON_NEVER_ACTS, f"automaton `{bot.name}` has no turn: its "
                                "seats never act", bot.span,
                                hint="give it `turn in PHASE { ... }` for the phases it plays")
        for turn in bot.turns:
            phase = self.mode.phases.get(turn.phase.name)
            if phase is None:
                self.report.error(codes.AUTOMATON_PHASE_UNKNOWN, f"unknown phase `{turn.phase.name}`",
                                  turn.phase.span, hint=did_you_mean(turn.phase.name, self.mode.phases,
                                                                     "phases")
                                  or "name a `turns` or `draft` phase of the flow")
            elif phase.kind not in TURN_KINDS:
                self.report.error(codes.AUTOMATON_PHASE_KIND, f"phase `{phase.name}` is {phase.kind}: "
                                  "nobody takes turns in it", turn.phase.span,
                                  hint="make the phase `turns` or `draft`, or run the statements in its "
                                  f"`on enter` with `each {bot.name} {{ ... }}`",
                                  notes=[Note("the phase is declared here", phase.span)])
            seat_rules, self.seat_rules = self.seat_rules, True
            self.block(turn.body, N.Scope())
            self.seat_rules = seat_rules
            for again in _unguarded_again(turn.body):
                self.report.warning(codes.AGAIN_ALWAYS, f"automaton `{bot.name}` plays again after "
                                    "every turn: the engine stops it after 100 turns in a row",
                                    again.span, hint="put it under the rulebook's condition "
                                    "(`if ... { again }`), or remove it")
        for i, line in enumerate(bot.controllers):
            if i:
                self.report.error(codes.CONTROLLED_TWICE, f"automaton `{bot.name}` is already "
                                  "`controlled by` a player", line.span, hint="keep one `controlled by` line",
                                  notes=[Note("first said here", bot.controllers[0].span)])
            self.controller(bot, line.expr)

    def controller(self, bot: ast.Automaton, e) -> None:
        """``controlled by E``: a player ("you" is the automaton's seat), not ``me``; a seat
        of an automaton kind is never a human (W0158)."""
        got = self.infer(e, N.Scope())
        if isinstance(e, ast.Me):
            self.report.error(codes.CONTROLLED_BY_ITSELF, f"automaton `{bot.name}` cannot control itself: "
                              "`me` here is its own seat, played by the rules", e.span,
                              hint="name the human who decides for it, or leave the line out (automaton "
                              "number i is then controlled by player i mod the number of players)")
        elif not got.unknown and got.definite() != N.PLAYER:
            self.report.error(codes.CONTROLLER_NOT_PLAYER, f"`controlled by` needs a player, but this is "
                              f"{got.words()}", e.span,
                              hint="name a human seat: `first player`, `the player with most vp`...")
        elif isinstance(e, ast.Index) and e.owner is None and e.track.name in self.mode.automata:
            self.report.warning(codes.CONTROLLER_NEVER_HUMAN, f"`{e.track.name}[...]` is a seat played by "
                                "the rules: the default controller answers instead", e.span,
                                hint="name a human seat, or remove the line")

    def sides(self) -> None:
        m = self.mode
        if m.sides is None:
            return
        kinds = seated(m)
        named: dict[str, ast.Ident] = {}
        for side in m.sides.sides:
            if side.name in named:
                self.report.error(codes.SIDES_OVERLAP, f"side `{side.name}` is named twice", side.span,
                                  hint="name each side once", notes=[Note("first named here",
                                                                          named[side.name].span)])
                continue
            named[side.name] = side
            if side.name != "players" and side.name not in kinds:
                self.report.error(codes.SIDES_UNKNOWN, f"`{side.name}` is not a side here: this mode "
                                  "seats no automaton of that name", side.span,
                                  hint=f"seat it (`seats {side.name} N`), or leave it out of `sides`"
                                  if side.name in m.automata else
                                  did_you_mean(side.name, ["players", *kinds], "sides")
                                  or "a side is `players` or an automaton this mode seats")

    def winner_side(self, end: ast.End) -> None:
        side = end.winner_side
        if side.name != "players" and side.name not in self.mode.automata:
            self.report.error(codes.SEAT_KIND_UNKNOWN, f"`{side.name}` is not a side: neither `players` "
                              "nor an automaton", side.span,
                              hint=did_you_mean(side.name, ["players", *self.mode.automata], "sides")
                              or "write `winner side players` or `winner side KIND`")
        elif self.mode.sides is None:
            self.report.error(codes.SIDE_NEEDS_SIDES, f"`winner side {side.name}` in a mode that plays "
                              "without sides", side.span,
                              hint="add `sides players, KIND` to the mode, or name the winners another way")


def check_composition(comp, cards, bag: DiagnosticBag) -> None:
    """W0126: an automaton that no mode seats."""
    declared: dict[str, ast.Automaton] = {}
    used: set[str] = set()
    for mode in comp.modes.values():
        declared.update(mode.automata)
        used.update(op.kind.name for op in mode.seats)
    for name, bot in declared.items():
        if name not in used:
            bag.warning(codes.AUTOMATON_UNUSED, f"no mode seats automaton `{name}`: it never plays", bot.span,
                        hint=f"add `seats {name} N` to the modes it plays in, or remove it")


#: The statements whose blocks may not run, or run as a player decides: an `again` in them
#: is guarded (by a condition, a question, a choice that may have no option, a loop).
_GUARDS = (ast.If, ast.Ask, ast.ChooseValue, ast.ChooseCard, ast.ChooseCards, ast.ForEach)


def _unguarded_again(stmts):
    """The ``again`` statements of an automaton's turn that run at every turn (W0161):
    those of the block itself and of blocks that always run (``look at``...)."""
    for st in stmts:
        if isinstance(st, ast.Again):
            yield st
        elif not isinstance(st, _GUARDS):
            for body in bodies(st):
                yield from _unguarded_again(body)
