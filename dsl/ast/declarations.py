"""AST nodes of declarations (``Decl``): the game, its components, setup, flow,
phases, actions, triggers, procedures, ends and modes; and the whole ``Spec``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

from dsl.ast.base import Ident, Meta, _span
from dsl.ast.domains import Domain
from dsl.ast.endings import End
from dsl.ast.expressions import Expr, ZoneRef
from dsl.ast.extensions import (AddStep, Combine, Extend, ModuleExcludes, ModuleNeeds, RemoveStep,
                                ReplaceStep, SetupStep)
from dsl.ast.options import Option, SelectModules, SelectOptions
from dsl.ast.seats import AutomatonController
from dsl.ast.statements import Stmt
from dsl.ast.tables import Table
from dsl.spans import Span


@dataclass(frozen=True, slots=True)
class Game:
    name: str
    title: str
    rulebook: str
    players: tuple[int, int]
    players_provisional: str | None
    default_mode: Ident | None
    meta: tuple[Meta, ...] = ()
    span: Span = _span()
    #: where ``players`` is written (None when the game block does not say)
    players_span: Span | None = field(default=None, compare=False, repr=False)
    #: the modules selectable when a game is created, and its options (construct 15)
    modules: tuple[Ident, ...] = ()
    options: tuple[Ident, ...] = ()


@dataclass(frozen=True, slots=True)
class Resource:
    """A resource; with ``per_enum`` a family of resources, one per member of that enum
    (``disc[culture]``, ``disc[science]``...), each kept and spent as a resource."""

    name: str
    title: str
    non_renewable: bool = False
    supply: int | None = None
    per_enum: Ident | None = None
    meta: tuple[Meta, ...] = ()
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Track:
    name: str
    title: str
    per_player: bool = False
    is_score: bool = False
    start: Expr | None = None
    per_enum: Ident | None = None
    meta: tuple[Meta, ...] = ()
    #: ``range LOW to HIGH``: the marker never goes below LOW nor above HIGH (construct 12)
    low: Expr | None = None
    high: Expr | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class EnumMember:
    name: str
    title: str
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Enum:
    name: str
    title: str
    members: tuple[EnumMember, ...]
    meta: tuple[Meta, ...] = ()
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class ListType:
    """``list of T``: the type of a card field holding a list of ``element`` values
    (numbers, enum members...) in the catalogue, read by position, 1 first (construct 10)."""

    element: Ident
    span: Span = _span()

    @property
    def name(self) -> str:
        """``list of T``, as a type is named in messages and on the page."""
        return f"list of {self.element.name}"


@dataclass(frozen=True, slots=True)
class ProcedureType:
    """``procedure (c: crew)``: the type of a card field that holds a rule (construct 1):
    each catalogue entry names a procedure whose parameters have the types of
    ``params`` (their names may differ), run by ``do c.field(...)``.  (``value`` and
    ``condition``, the fields naming derived values, are plain type names.)"""

    params: tuple[ProcParam, ...]
    span: Span = _span()

    @property
    def name(self) -> str:
        """``procedure (c: crew)``, as a type is named in messages and on the page."""
        return "procedure (" + ", ".join(f"{p.name}: {p.type.name}{'?' if p.maybe else ''}"
                                         for p in self.params) + ")"


@dataclass(frozen=True, slots=True)
class Field:
    """``field NAME: TYPE (= DEFAULT)? "description"?`` of a card type; ``type`` is a
    type name, ``list of T`` or ``procedure (...)`` (a rule, construct 1)."""

    name: str
    type: Ident | ListType | ProcedureType
    default: Expr | None
    description: str
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class CardType:
    """``card NAME "Title" { field ...  state ... }``: a card type; its ``states``
    (construct 8) are kept by each card wherever it goes, from their default."""

    name: str
    title: str
    fields: tuple[Field, ...]
    meta: tuple[Meta, ...] = ()
    states: tuple[CardState, ...] = ()
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Catalogue:
    name: str
    card_type: Ident
    path: str
    meta: tuple[Meta, ...] = ()
    span: Span = _span()
    #: where the path is written (its quoted text); None for a catalogue made in code
    path_span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Pieces:
    """Pieces in each player's colour (worker dice, authority tokens...): ``count``
    per player (times the members of ``each``), each a card whose ``owner`` field is its
    player, or ``count`` pieces of nobody (``nobody``); with ``sides`` (or ``faces``)
    each is a die whose ``value`` (1 to sides, or a face, starting at the first) is set
    by ``roll``.  ``fields`` and ``states`` as on a card type (construct 8)."""

    name: str
    title: str
    count: int
    sides: int | None = None
    meta: tuple[Meta, ...] = ()
    #: ``per player N of each ENUM`` (construct 8): N pieces per member, whose field
    #: named after the enum holds the member; None without ``of each``
    each: Ident | None = None
    #: ``count N``: N pieces of the game, belonging to nobody (``owner`` is ``nobody``)
    nobody: bool = False
    #: ``faces F, ...``: each piece is a die with these faces (numbers or enum members)
    faces: tuple[Expr, ...] = ()
    #: ``field`` lines: the same value on every piece of the kind
    fields: tuple[Field, ...] = ()
    #: ``state`` lines: kept by each piece wherever it goes, from their default
    states: tuple[CardState, ...] = ()
    #: where ``count`` (or ``per player``) and ``of each`` are written, for diagnostics
    count_span: Span | None = field(default=None, compare=False, repr=False)
    #: where a second way of counting them is written (``count`` and ``per player``
    #: both given, an error), or None
    clash_span: Span | None = field(default=None, compare=False, repr=False)
    span: Span = _span()

    @property
    def is_die(self) -> bool:
        """Whether a piece of the kind is a die (``sides`` or ``faces``): it has a ``value``."""
        return bool(self.sides or self.faces)


@dataclass(frozen=True, slots=True)
class Dice:
    """``dice NAME "Title" { count N  faces F, ...  |  sides N }`` (construct 16): ``count``
    identical dice of the game, owned by nobody, whose faces are numbers or members of
    one enum (``sides N``: the faces 1 to N); each starts showing its first face.  Read
    as ``NAME`` (one die) or ``NAME[i]``, rolled with ``roll``, turned with ``set``."""

    name: str
    title: str
    count: int = 1
    #: the faces as written: :class:`Number` or :class:`Name` (an enum member) nodes
    faces: tuple[Expr, ...] = ()
    sides: int | None = None
    meta: tuple[Meta, ...] = ()
    #: where ``count`` is written, for its diagnostics (None when not written)
    count_span: Span | None = field(default=None, compare=False, repr=False)
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Stock:
    """``stock NAME "Title" { per CARD }`` (construct 18): a bag of resources held by each
    card of type CARD (``NAME of c``), or one for the game without ``per``; it starts
    empty and reads as a bag."""

    name: str
    title: str
    per_card: Ident | None = None
    meta: tuple[Meta, ...] = ()
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class CardState:
    """``state NAME: TYPE = DEFAULT``: a value each card holds.  In a zone, the cards of
    the zone hold it and lose it when they leave; on a ``card`` or ``pieces``
    declaration (construct 8), each card keeps it wherever it goes.  A card-typed
    state (``state commander: crew = nothing``) holds a card or ``nothing``."""

    name: str
    type: Ident
    default: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Overflow:
    """``overflow discard into trash or decline``: when a card would enter the zone
    while it is full, its owner may discard cards of their choice from it into
    ``discard`` to make room and take the card, or (with ``decline``) leave the card
    where it is.  Without it, a full zone refuses the card.  Source of the idea:
    Utópolis' rules-update leaflet, "Cards in hand"."""

    discard: ZoneRef
    decline: bool = False
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Zone:
    """A deck or zone of cards; ``visibility`` is public, hidden (owner sees) or secret
    (the default of a ``deck``; a ``zone`` is public unless it says otherwise);
    ``overflow`` says what happens when a card would enter it while it is at its
    ``limit`` (None: the card is refused)."""

    kind: str
    name: str
    title: str
    card_type: Ident
    per_player: bool = False
    visibility: str = "public"
    limit: Expr | None = None
    refill: Ident | None = None
    states: tuple[CardState, ...] = ()
    per_card: Ident | None = None
    overflow: Overflow | None = None
    meta: tuple[Meta, ...] = ()
    #: the kinds after the first of a zone of several kinds (construct 9): ``of a, b``
    also: tuple[Ident, ...] = ()
    span: Span = _span()

    @property
    def kinds(self) -> tuple[Ident, ...]:
        """Every card type and pieces the zone holds, as written (``card_type`` first)."""
        return (self.card_type, *self.also)


@dataclass(frozen=True, slots=True)
class Param:
    name: str
    title: str
    value: Expr
    meta: tuple[Meta, ...] = ()
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Derived:
    """A per-player value computed from the state (``me`` is the player); with
    ``params`` (construct 14) it is read as ``NAME(a, b)``, its parameters named in it."""

    name: str
    title: str
    expr: Expr
    meta: tuple[Meta, ...] = ()
    params: tuple[ProcParam, ...] = ()
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Tally:
    """A counter that limits actions: ``scopes`` from player/round/game/turn."""

    name: str
    title: str
    scopes: tuple[str, ...]
    maximum: Expr | None
    meta: tuple[Meta, ...] = ()
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Setup:
    """``setup { ... }``: ``items`` are statements and named steps (``step NAME "T" {}``,
    construct 14) in the order written; ``body`` is every statement, steps opened."""

    items: tuple[Stmt | SetupStep, ...]
    meta: tuple[Meta, ...] = ()
    span: Span = _span()

    @property
    def body(self) -> tuple[Stmt, ...]:
        """The statements of the setup in order, each step's in its place."""
        if not any(type(i) is SetupStep for i in self.items):
            return self.items
        return tuple(s for i in self.items for s in (i.body if type(i) is SetupStep else (i,)))

    @property
    def steps(self) -> tuple[SetupStep, ...]:
        """The named steps, in order."""
        return tuple(i for i in self.items if type(i) is SetupStep)


@dataclass(frozen=True, slots=True)
class Edge:
    """A phase transition; ``start`` and ``end`` are the graph's entry and exit."""

    source: Ident
    dest: Ident
    condition: Expr | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Flow:
    edges: tuple[Edge, ...]
    round_start: Ident | None
    meta: tuple[Meta, ...] = ()
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Phase:
    """A phase; ``kind`` is simultaneous, turns, draft or automatic."""

    name: str
    title: str
    kind: str
    only_when: Expr | None = None
    on_enter: tuple[Stmt, ...] = ()
    on_exit: tuple[Stmt, ...] = ()
    actions: tuple[Ident, ...] = ()
    on_turn: tuple[Stmt, ...] = ()
    meta: tuple[Meta, ...] = ()
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Choice:
    """An action parameter: ``choose b: card in my hand``."""

    name: str
    domain: Domain
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Uses:
    """``uses TALLY N``: the action counts N against a tally and needs room for it."""

    tally: Ident
    amount: int
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Action:
    name: str
    title: str
    choices: tuple[Choice, ...] = ()
    requires: tuple[Expr, ...] = ()
    uses: tuple[Uses, ...] = ()
    effect: tuple[Stmt, ...] = ()
    meta: tuple[Meta, ...] = ()
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Trigger:
    """Effects that run before the own effect of each action in ``before``, or after it
    for each action in ``after`` (construct 14), with its parameters in scope (the
    actions must choose the names the trigger uses)."""

    name: str
    title: str
    before: tuple[Ident, ...]
    effect: tuple[Stmt, ...]
    meta: tuple[Meta, ...] = ()
    after: tuple[Ident, ...] = ()
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class ProcParam:
    """``name: type``; ``name: type?`` takes a card or a player that may be absent
    (``nothing``, ``nobody``; issue 11, design 1.2), which the body tests before use."""

    name: str
    type: Ident
    span: Span = _span()
    maybe: bool = False


@dataclass(frozen=True, slots=True)
class Procedure:
    """A named sequence of effects that other rules run with ``do`` (a rulebook's
    "see Knowledge Check"); ``me`` inside it is the player who runs it."""

    name: str
    title: str
    params: tuple[ProcParam, ...]
    effect: tuple[Stmt, ...]
    meta: tuple[Meta, ...] = ()
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class ModePlayers:
    low: int
    high: int
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class UseModule:
    module: Ident
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class SetParam:
    param: Ident
    value: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Add:
    decl: Decl
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Replace:
    decl: Decl
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Remove:
    kind: str
    name: Ident
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class ModeSeats:
    """``seats KIND N`` in a mode (construct 20): N seats played by the automaton KIND,
    after the human seats (and after the automata of the lines before)."""

    kind: Ident
    count: int
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class ModeSeating:
    """``seating alternate`` in a mode (construct 20): the turn order takes one human
    seat, then one automaton seat, and so on (the rest in seat order)."""

    span: Span = _span()


@dataclass(frozen=True, slots=True)
class ModeSides:
    """``sides players, KIND...`` in a mode (construct 20): the seats play in sides (the
    human players; the seats of each automaton kind named), and a side wins or loses as
    one.  ``players`` is written as an :class:`Ident` named ``players``."""

    sides: tuple[Ident, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class AutomatonTurn:
    """``turn in PHASE { ... }`` in an automaton: what one of its seats does when its turn
    comes in the ``turns`` or ``draft`` phase PHASE ("you" is that seat)."""

    phase: Ident
    body: tuple[Stmt, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Automaton:
    """``automaton NAME "Title" { turn in PHASE { ... } ... }`` (construct 20): a kind of
    seat whose turns are rules, played by the engine; a mode seats some with ``seats NAME
    N``.  A decision in its rules is asked of the human seat that controls it (its
    ``controlled by`` line, :class:`~dsl.ast.seats.AutomatonController`, says which)."""

    name: str
    title: str
    turns: tuple[AutomatonTurn, ...] = ()
    meta: tuple[Meta, ...] = ()
    span: Span = _span()
    controllers: tuple[AutomatonController, ...] = ()


ModeOp = Union[ModePlayers, UseModule, SetParam, Add, Replace, Remove, Extend, AddStep, ReplaceStep,
               RemoveStep, ModuleNeeds, ModuleExcludes, ModeSeats, ModeSeating, ModeSides,
               SelectModules, SelectOptions]


@dataclass(frozen=True, slots=True)
class Mode:
    name: str
    title: str
    extends: Ident | None
    ops: tuple[ModeOp, ...]
    meta: tuple[Meta, ...] = ()
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Module:
    """A named bundle of mode operations that modes ``use`` (expansion modules too)."""

    name: str
    title: str
    ops: tuple[ModeOp, ...]
    meta: tuple[Meta, ...] = ()
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Amend:
    """An amendment (rules update) applied to a mode; ``citation`` names its source."""

    mode: Ident
    citation: str
    ops: tuple[ModeOp, ...]
    meta: tuple[Meta, ...] = ()
    span: Span = _span()


Decl = Union[Game, Resource, Track, Enum, CardType, Catalogue, Pieces, Zone, Param, Derived, Tally,
             Setup, Flow, Phase, Action, Trigger, Procedure, End, Mode, Module, Amend, Table, Dice,
             Stock, Combine, Automaton, Option]


@dataclass(frozen=True, slots=True)
class Spec:
    """A parsed spec file: its declarations in source order."""

    path: str
    items: tuple[Decl, ...]
    span: Span = _span()
