"""The rules of one mode, as data: its phases and the tables of the engine's functions."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from .values import Apply, Continuation, Effect, Legal, Owner, Predicate

if TYPE_CHECKING:
    from .state import State


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
    #: enum name → its members, for an enum an ``extend enum`` gives more in some compositions
    E: dict[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    #: table name → (its entries, the value of every other key) (construct 10)
    T: dict[str, tuple[dict, Any]] = dataclasses.field(default_factory=dict)
    #: derived value name → its function (g, s, p) → value
    D: dict[str, Callable[[Rules, State, int], Any]] = dataclasses.field(default_factory=dict)
    #: procedure name → its function (g, s, p, *arguments)
    PR: dict[str, Callable[..., None]] = dataclasses.field(default_factory=dict)
    #: action name → (its legal choices, its effect)
    actions: dict[str, tuple[Legal, Apply]] = dataclasses.field(default_factory=dict)
    #: action name → the triggers that run before it, in order
    triggers: dict[str, tuple[Apply, ...]] = dataclasses.field(default_factory=dict)
    #: action name → the triggers that run after its effect, in order (construct 14)
    after: dict[str, tuple[Apply, ...]] = dataclasses.field(default_factory=dict)
    phases: dict[str, Phase] = dataclasses.field(default_factory=dict)
    #: phase name → its transitions (next phase, condition or None), tried in order; a
    #: transition into ``"end"`` whose condition names an end has that end's name third
    edges: dict[str, tuple[tuple[Any, ...], ...]] = dataclasses.field(default_factory=dict)
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
    #: track name → the lowest value it can take (its range's low end, or 0 for a track
    #: that starts at 0 or more and that nothing lowers); a track not named has no floor
    track_low: dict[str, int] = dataclasses.field(default_factory=dict)
    #: dice of the game (construct 16): name → (how many dice, their faces in order)
    dice: dict[str, tuple[int, tuple[Any, ...]]] = dataclasses.field(default_factory=dict)
    #: stocks (construct 18): name → the ids of the cards that each hold one, or None
    #: for one stock for the game
    stocks: dict[str, tuple[int, ...] | None] = dataclasses.field(default_factory=dict)
    #: seats played by rules (construct 20): the automaton kind of each automaton seat,
    #: in seat order after the humans; `seating alternate`; the sides (``"players"`` or
    #: an automaton kind), or None when each seat plays for itself; automaton kind →
    #: phase → its turn there (an :data:`Effect` run with "you" its seat)
    seats: tuple[str, ...] = ()
    alternate: bool = False
    sides: tuple[str, ...] | None = None
    automata: dict[str, dict[str, Effect]] = dataclasses.field(default_factory=dict)
    #: automaton kind → its ``controlled by`` (g, s, seat) → the human seat that answers for
    #: that seat (a kind not named: the default, :func:`~.seats.controller`); automaton
    #: kind → its title, for the seat's name (``Game.seat_name``)
    controllers: dict[str, Callable[[Rules, State, int], Any]] = dataclasses.field(default_factory=dict)
    kind_titles: dict[str, str] = dataclasses.field(default_factory=dict)
    setup: Effect | None = None
    #: the ways the game ends, tried in the order written, after every action and effect:
    #: (name, ``end when`` or None, whether it ends the game at once (else it is latched
    #: and the flow ends the game), (g, s) → the winners when it decides)
    ends: tuple[tuple[str, Predicate | None, bool, Callable[[Rules, State], Iterable[int]]], ...] = ()
    #: the actions after which the ends' conditions are checked (the others change
    #: nothing they read, so none can have become true); None: after every action
    end_after: tuple[str, ...] | None = None
    #: whether the ends' conditions are checked after a question inside an effect is
    #: answered (False: nothing that runs then changes what they read)
    end_after_answer: bool = True
    #: function name → the rest of an effect that waits for an answer (``ask``, ``choose``)
    asks: dict[str, Continuation] = dataclasses.field(default_factory=dict)
    #: rules attached to cards (construct 1): field name → (``"PR"`` for a procedure field,
    #: ``"D"`` for a derived value's, ``"A"`` for an action's (construct 3),
    #: and the name of the rule each card's entry gives, by
    #: card id; None for cards without the field)
    card_rules: dict[str, tuple[str, tuple[str | None, ...]]] = dataclasses.field(default_factory=dict)
    #: field name → each card's own rule in this mode, by card id (worked out from
    #: ``card_rules`` and ``PR``/``D``, so a mode that replaces a procedure gives every
    #: card naming it the new one): ``g.CR["secondary"][c](g, s, p, c)``
    CR: dict[str, tuple[Callable[..., Any] | None, ...]] = dataclasses.field(init=False, repr=False)
    #: the engine's functions that each list the legal actions of several actions (made
    #: by :func:`combines`): a phase offering exactly those actions, in that order, calls
    #: it instead of each of theirs (see ``legal_of``)
    phase_legal: tuple[Legal, ...] = ()
    #: function name of ``asks`` → the locals its ``env`` holds: name → type
    #: (``card:building``, ``player``, ``int``, ``enum:faction``...; design 1.1.5), which a
    #: save's waiting records are checked against
    envs: dict[str, dict[str, str]] = dataclasses.field(default_factory=dict)
    #: phase name → the legal-action functions of the actions it offers, in order
    #: (worked out from ``phases`` and ``actions``, for the turn loop)
    legal_of: dict[str, tuple[Legal, ...]] = dataclasses.field(init=False, repr=False)
    #: action name → what applying it runs: the triggers before it, its effect, then
    #: the triggers after it
    effects_of: dict[str, tuple[Apply, ...]] = dataclasses.field(init=False, repr=False)
    #: phase name → what an action's end does to the turn: 1 in a draft phase (the next
    #: player's turn), 2 in a turns phase (the same, unless ``again``), else 0
    turn_step: dict[str, int] = dataclasses.field(init=False, repr=False)
    #: ``end_after`` as a set (None: after every action), for the turn loop
    end_after_set: frozenset[str] | None = dataclasses.field(init=False, repr=False)

    def __post_init__(self) -> None:
        by_parts = {fn.parts: fn for fn in self.phase_legal}  # type: ignore[attr-defined]
        self.legal_of = {}
        for name, phase in self.phases.items():
            parts = tuple(self.actions[a][0] for a in phase.actions)
            self.legal_of[name] = (by_parts[parts],) if parts in by_parts else parts
        self.effects_of = {name: (*self.triggers.get(name, ()), fns[1], *self.after.get(name, ()))
                           for name, fns in self.actions.items()}
        self.turn_step = {name: {"draft": 1, "turns": 2}.get(phase.kind, 0)
                          for name, phase in self.phases.items()}
        self.end_after_set = None if self.end_after is None else frozenset(self.end_after)
        self.CR = {name: tuple((self.PR if table == "PR" else self.D).get(rule) if rule else None
                               for rule in rules)
                   for name, (table, rules) in self.card_rules.items() if table != "A"}

    def changed(self, **fields: Any) -> Rules:
        """A copy of these rules with ``fields`` replaced: a mode built on another.
        Raises ``TypeError`` for a field that :class:`Rules` does not have."""
        return dataclasses.replace(self, **fields)


def combines(*parts: Legal) -> Callable[[Legal], Legal]:
    """Decorator of a generated legal-action function that lists, in one call, the legal
    actions ``parts`` (the legal-action functions of several actions) list one after the
    other: ``parts`` is kept on it, for :class:`Rules` to find it by."""
    def mark(fn: Legal) -> Legal:
        fn.parts = parts  # type: ignore[attr-defined]
        return fn
    return mark


def without(table: dict, *names: str) -> dict:
    """A copy of ``table`` without ``names``, the rest in order: the rules of a mode
    that removes some of its parent's."""
    return {name: value for name, value in table.items() if name not in names}
