"""The base of every generated ``Game``: its mode, players and seed, the first state,
saved states read back, and actions described in words."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

from .actions import Action
from .chance import MASK64
from .errors import RulesError
from .rules import Rules
from .saves import load_state
from .seats import seat_game, seat_kinds_of
from .selection import chosen_modules, chosen_options
from .state import State
from .values import _from_json, _is_int, _seat


class GameBase:
    """Base of each generated ``Game``: a mode, a player count and a seed.

    A generated ``Game`` sets the class attributes below from its spec."""

    NAME = ""
    TITLE = ""
    MODES: tuple[str, ...] = ()
    DEFAULT_MODE = ""
    #: mode name (or ``mode+module+...``, construct 15) → its rules
    _RULES: dict[str, Rules] = {}
    #: construct 15: the modules a game may be created with (declaration order), their
    #: titles, per mode the module sets it allows and the options it offers (name →
    #: {"title", "values", "default"}; default "random" draws from the seed)
    MODULES: tuple[str, ...] = ()
    module_titles: dict[str, str] = {}
    _SETS: dict[str, list[list[str]]] = {}
    _OPTIONS: dict[str, dict[str, dict[str, Any]]] = {}
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
    #: seats at the table (construct 20): the human players, then the automata; the kind
    #: of each seat ("player" or an automaton kind); the turn order with `seating
    #: alternate` (None: seat order)
    num_seats: int
    kinds: tuple[str, ...]
    order: tuple[int, ...] | None
    seed: int
    #: the modules selected (declaration order) and every option's value (construct 15)
    selected: tuple[str, ...]
    opt: dict[str, Any]
    optc: dict[str, int]
    rules: Rules
    _zone_copy: dict[str, Any]

    def __init__(self, num_players: int, mode: str | None = None, seed: int = 0,
                 modules: Sequence[str] = (), options: dict[str, Any] | None = None) -> None:
        """A game of ``mode`` for ``num_players`` with the selectable ``modules`` (any order)
        and ``options`` (name → value; the others take their defaults).  Raises
        :class:`RulesError` for an unknown mode, module or option, a module set the mode
        does not allow (``needs``/``excludes``), an option value that is not one of its
        values, a player count the rules don't allow, or a seed that is not an integer."""
        mode, selected, key = self._chosen(mode, modules, num_players)
        try:
            if isinstance(seed, bool):
                raise TypeError
            seed = operator.index(seed)
        except TypeError:
            raise RulesError(f"the seed must be an integer, not {seed!r}") from None
        self.opt = chosen_options(type(self), mode, options, seed, selected)
        #: options naming a catalogue's entry → the id of its first copy, as rules read them
        self.optc = {n: self._OPTIONS[mode][n]["first"][v] for n, v in self.opt.items()
                     if "catalogue" in self._OPTIONS[mode][n]}
        self.mode, self.num_players, self.seed, self.selected = mode, num_players, seed, selected
        self.rules = self._RULES[key]
        seat_game(self)  # num_seats, kinds, order (construct 20)
        #: what an engine's legal-action functions worked out once, by the values it
        #: depends on: their actions, shared by every state of every game of this class,
        #: mode and player count (an action describes itself the same in all of them)
        memos = type(self).__dict__.get("_memos")
        if memos is None:  # one table per generated Game class, which goes with it
            memos = type(self)._memos = {}
        self.memo: dict[tuple, Any] = memos.setdefault((key, num_players, *sorted(self.opt.items())), {})
        #: zone name → how ``clone`` copies it (see :func:`.zones._copy_zones`)
        self._zone_copy = {z: True if self.per_player_zone[z] else self.per_card_zone[z] or None
                           for z in self.per_player_zone}

    @classmethod
    def _chosen(cls, mode: object, modules: Sequence[str],
                num_players: object) -> tuple[str, tuple[str, ...], str]:
        """``(mode, selected modules, key of their rules)`` for a game of ``mode`` (None: the
        default) with ``modules`` and ``num_players`` humans; RulesError for an unknown mode
        or module, a module set the mode does not allow, or a player count (not an ``int``,
        or out of range) the rules don't allow."""
        mode = cls._mode(mode)
        selected = chosen_modules(cls, mode, modules)
        key = "+".join((mode, *selected))
        lo, hi = cls._RULES[key].players
        if not _is_int(num_players) or not lo <= num_players <= hi:  # type: ignore[operator]
            seats = f"{lo} player only" if lo == hi == 1 else f"{lo} players only" if lo == hi \
                else f"{lo} to {hi} players"
            what = f"mode {mode!r}" + (f" with {' + '.join(selected)}" if selected else "")
            raise RulesError(f"{what} is for {seats}, not {num_players!r}")
        return mode, selected, key

    @classmethod
    def _mode(cls, mode: object) -> str:
        """``mode``, or the default mode for None; RulesError for an unknown one."""
        mode = cls.DEFAULT_MODE if mode is None else mode
        if not isinstance(mode, str) or mode not in cls._RULES:
            raise RulesError(f"unknown mode {mode!r}; modes: {', '.join(cls.MODES)}")
        return mode

    @classmethod
    def modules(cls, mode: str | None = None) -> tuple[str, ...]:
        """The modules ``mode`` (default mode when omitted) lets a game select."""
        offered = {n for s in cls._SETS.get(cls._mode(mode), ()) for n in s}
        return tuple(n for n in cls.MODULES if n in offered)

    @classmethod
    def options(cls, mode: str | None = None) -> dict[str, dict[str, Any]]:
        """The options ``mode`` offers: name → {"title", "values", "default"} (a copy)."""
        return {n: {**o, "values": list(o["values"])}
                for n, o in cls._OPTIONS.get(cls._mode(mode), {}).items()}

    @classmethod
    def combinations(cls, mode: str | None = None) -> list[tuple[str, ...]]:
        """Every module set ``mode`` allows, the empty set first, in canonical order."""
        return [tuple(s) for s in cls._SETS.get(cls._mode(mode), [[]])]

    @classmethod
    def player_counts(cls, mode: str | None = None, modules: Sequence[str] = ()) -> list[int]:
        """The player counts ``mode`` (default mode when omitted) allows with ``modules``."""
        mode = cls._mode(mode)
        lo, hi = cls._RULES["+".join((mode, *chosen_modules(cls, mode, modules)))].players
        return list(range(lo, hi + 1))

    @classmethod
    def seat_kinds(cls, mode: str | None = None, num_players: int | None = None,
                   modules: Sequence[str] = ()) -> list[str]:
        """The kind of each seat of a game of ``mode`` (default mode when omitted) with
        ``num_players`` human players (the fewest the mode allows when omitted) and the
        selectable ``modules``, as ``Game(num_players, mode, modules=modules)`` seats them:
        ``"player"`` for each human seat, then the automaton kind of each seat played by
        the rules (construct 20), so agents know who is who.  Raises :class:`RulesError`
        as ``Game(...)`` does: an unknown mode or module, a module set the mode does not
        allow, a player count that is not an ``int`` or that the rules don't allow."""
        if num_players is None:
            mode = cls._mode(mode)
            num_players = cls._RULES["+".join((mode, *chosen_modules(cls, mode, modules)))].players[0]
        _, _, key = cls._chosen(mode, modules, num_players)
        return seat_kinds_of(cls._RULES[key], num_players)

    def chosen(self) -> dict[str, Any]:
        """The save header's part for construct 15: ``{"modules": [...], "options": {...}}``
        for a game that offers modules or options, else empty (older saves stay as they were)."""
        if not self.MODULES and not self._OPTIONS.get(self.mode):
            return {}
        return {"modules": list(self.selected), "options": dict(self.opt)}

    def new_initial_state(self) -> State:
        """Set the game up (chance from the seed) and run to the first decision."""
        g, n = self.rules, self.num_seats
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
        s.dice = {name: [faces[0]] * count for name, (count, faces) in g.dice.items()}
        s.lead = 0
        size = len(self.resources)
        s.stk = {name: [0] * size if owners is None else
                 [[0] * size if i in owners else None for i in range(len(self.card_titles))]
                 for name, owners in g.stocks.items()}
        s.pending, s.ended, s.terminal, s.winners, s.ended_by = [], [], False, [], None
        s._past, s._moves, s._known = None, 0, 0
        s.again, s.turn_open = False, False
        s.rng = (self.seed * 0x2545F4914F6CDD1D + 0x5851F42D4C957F2D) & MASK64
        s.gtr = {t: g.track_start[t](g, s) for t in g.global_tracks}
        if g.setup is not None:  # an empty `setup` block lays nothing out
            g.setup(g, s, 0)
        dest = next(d for d, c, *_ in g.edges["start"] if c is None or c(g, s))
        s.phase = dest
        s._advance()
        return s

    def state_from_json(self, text: str) -> State:
        """Rebuild a state saved with ``State.to_json``; raises RulesError if the
        text is not a saved state of this game, mode, player count and seed, or does
        not hold together.  A save with its history is replayed; one without is
        checked field by field and played on, on copies (see :mod:`.saves`)."""
        return load_state(self, text)

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

    def seat_name(self, q: int) -> str:
        """Seat ``q`` in words: "player 1" for a human seat, else its automaton kind and its
        number among the seats of that kind ("Villain 1", from the automaton's title; construct 20)."""
        if not _is_int(q) or not 0 <= q < self.num_seats:
            return _seat(q)
        if q < self.num_players:
            return f"player {q + 1}"
        kind = self.kinds[q]
        title = self.rules.kind_titles.get(kind) or kind.replace('_', ' ').capitalize()
        return f"{title} {self.kinds[:q + 1].count(kind)}"

    def _card(self, value: object) -> str:
        if _is_int(value) and 0 <= value < len(self.card_titles):
            return f"{self.card_titles[value]} #{value}"
        return repr(value)

    def _describe_arg(self, kind: str | None, value: object) -> str:
        """One argument as text; anything that is not what ``kind`` expects is shown as its repr."""
        if kind == "card":
            return self._card(value)
        if kind == "player":
            if _is_int(value) and 0 <= value < self.num_seats:
                return self.seat_name(value)
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
                 f"first player {s.first + 1 if s.first < s.h else self.seat_name(s.first)}"
                 + (", over" if s.terminal else "")]
        for q in range(s.n):
            res = ", ".join(f"{r} {n}" for r, n in zip(self.resources, s.res[q]) if n)
            lines.append(f"  {self.seat_name(q)}: {self.score_track} {s.tr[self.score_track][q]}"
                         + (f"; {res}" if res else ""))
        return "\n".join(lines)
