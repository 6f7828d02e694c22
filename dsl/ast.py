"""AST node types of the rulebook language.

Every node is a frozen, slotted dataclass whose last field is ``span``; spans
are excluded from equality so tests compare trees with ``==`` regardless of
layout (``parse(fmt(x)) == parse(x)``).  Nodes fall into three groups:
expressions (``Expr``), statements (``Stmt``) and declarations (``Decl``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

from dsl.spans import NO_SPAN, Span


def _span() -> Span:
    return field(default=NO_SPAN, compare=False, repr=False)


# ----------------------------------------------------------------- names and provenance
@dataclass(frozen=True, slots=True)
class Ident:
    """A name used as a reference (``build`` in ``actions build``)."""

    name: str
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Meta:
    """A provenance clause: ``kind`` is ``source``, ``ruling`` or ``provisional``."""

    kind: str
    text: str
    span: Span = _span()


# ----------------------------------------------------------------- expressions
@dataclass(frozen=True, slots=True)
class Number:
    value: int
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Bool:
    value: bool
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Text:
    value: str
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class EmptyBag:
    """``none``: the empty bag of resources."""

    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Name:
    """A bare name: a local, a card field, a player's track/resource, a param..."""

    name: str
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Attribute:
    """``b.value``: a field or state of the card bound to ``b``, or a counter of player ``p``."""

    obj: str
    attr: str
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class PlayerCount:
    """``players``: the number of players in the game."""

    span: Span = _span()


@dataclass(frozen=True, slots=True)
class It:
    """``it``: the card in context (inside ``count``, ``sum``, ``where``...)."""

    span: Span = _span()


@dataclass(frozen=True, slots=True)
class InZone:
    """``x in ZONE``: card ``x`` lies in that zone; a zone of each player or card
    named without an owner means any of them."""

    card: Expr
    zone: ZoneRef
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class RollValue:
    """``roll``: a fresh roll of the die in context (inside ``sum``...), by chance."""

    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Me:
    """``me``: the player the rule is applied to."""

    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Not:
    operand: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class And:
    operands: tuple[Expr, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Or:
    operands: tuple[Expr, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Compare:
    op: str
    left: Expr
    right: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Arith:
    """Left-associative chain: ``operands[0] ops[0] operands[1] ...`` (+ - * //)."""

    ops: tuple[str, ...]
    operands: tuple[Expr, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Neg:
    operand: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class BagLiteral:
    """``electricity 1, water 1``: resource names with amounts."""

    items: tuple[tuple[Ident, int], ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Has:
    """``has BAG`` (the acting player) or ``p has BAG``: holds at least that bag."""

    bag: Expr
    who: Expr | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class ZoneRef:
    """A zone: ``my hand`` (owner ``my``), ``p.hand`` (owner ``p``), ``offer`` (global),
    or ``workers_here of sp`` (``owner_expr``: the player or card it belongs to)."""

    owner: str | None
    zone: Ident
    owner_expr: Expr | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Count:
    """``count ZONE [where COND]``: cards in a zone; bare field names refer to each card."""

    zone: ZoneRef
    where: Expr | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Sum:
    """``sum VALUE over ZONE [where COND]``: a card expression summed over a zone."""

    value: Expr
    zone: ZoneRef
    where: Expr | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class AnyPlayer:
    """``any player COND``: true when COND holds with ``me`` bound to some player."""

    condition: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Best:
    """``best ZONE by KEY``: the card of a zone with the highest key (the first one
    on ties, none when the zone is empty); bare field names refer to each card."""

    zone: ZoneRef
    key: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Index:
    """``loyalty[f]``: the position of a track kept for each member of an enum."""

    track: Ident
    key: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Call:
    """A built-in function: ``max``, ``min``."""

    func: Ident
    args: tuple[Expr, ...]
    span: Span = _span()


Expr = Union[Number, Bool, Text, EmptyBag, Name, Attribute, PlayerCount, Me, It, InZone, RollValue,
             Not, And, Or,
             Compare, Arith, Neg, BagLiteral, Has, Count, Sum, AnyPlayer, Best, Index, Call]


# ----------------------------------------------------------------- statements
@dataclass(frozen=True, slots=True)
class Gain:
    """The acting player takes a bag from the supply."""

    bag: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Pay:
    """The acting player returns a bag to the supply."""

    bag: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Release:
    """Inputs placed on a building come back: renewable ones to the player,
    non-renewable ones to the supply."""

    bag: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Transfer:
    """A bag moves from one player (default: the acting one) to another."""

    bag: Expr
    source: Expr | None
    dest: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Score:
    """The acting player advances on the score track."""

    amount: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Advance:
    """A named track advances (the acting player's if per player; the one of ``key``
    for a track kept per member of an enum)."""

    track: Ident
    amount: Expr
    key: Expr | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Draw:
    """Top cards of one zone go to another, one at a time (refill and limits apply)."""

    count: Expr
    source: ZoneRef
    dest: ZoneRef
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Reveal:
    """Like :class:`Draw`, into a public zone."""

    count: Expr
    source: ZoneRef
    dest: ZoneRef
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class MoveCard:
    card: Ident
    dest: ZoneRef
    bottom: bool = False
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class MoveAll:
    source: ZoneRef
    dest: ZoneRef
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class PutCatalogue:
    """Every copy of a catalogue's cards (optionally filtered) goes into a zone."""

    catalogue: Ident
    dest: ZoneRef
    where: Expr | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Shuffle:
    zone: ZoneRef
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class ChooseCards:
    """The owner of ``source`` picks ``count`` cards of it, moved to ``dest``: a decision.
    ``then`` runs once they are chosen (``choose ... into ... then { ... }``)."""

    count: Expr
    source: ZoneRef
    dest: ZoneRef
    bottom: bool = False
    span: Span = _span()
    then: tuple[Stmt, ...] = ()


@dataclass(frozen=True, slots=True)
class ChooseCard:
    """``choose r: card in ZONE where EXPR { ... }``: you choose one card of the zone
    (among those meeting ``where`` when the statement runs), and ``body`` runs with
    it named ``var``: a decision, so the rest of the effect waits for it."""

    var: Ident
    zone: ZoneRef
    where: Expr | None
    body: tuple[Stmt, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class EachPlayer:
    """The body runs once per player, in turn order from the first player."""

    body: tuple[Stmt, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class ForEach:
    var: Ident
    zone: ZoneRef
    where: Expr | None
    body: tuple[Stmt, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class If:
    condition: Expr
    then: tuple[Stmt, ...]
    otherwise: tuple[Stmt, ...] = ()
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class SetState:
    """``set b.active = true``: a card's state in its zone."""

    var: Ident
    state: Ident
    value: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Done:
    """The acting player is finished with the current phase (passes)."""

    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Again:
    """The acting player takes another action in this turn (``turns`` phases)."""

    span: Span = _span()


@dataclass(frozen=True, slots=True)
class PassFirstPlayer:
    """The first player marker passes to the left (next seat)."""

    span: Span = _span()


@dataclass(frozen=True, slots=True)
class FirstPlayerRandom:
    """Chance picks the first player."""

    span: Span = _span()


@dataclass(frozen=True, slots=True)
class FirstPlayerMost:
    """The player with the most of ``expr`` (``me`` is each player) takes the first
    player marker; ties go to the earliest seat."""

    expr: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class DoProcedure:
    """``do knowledge_check(p)``: run a named procedure with these arguments."""

    procedure: Ident
    args: tuple[Expr, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class AskOption:
    label: str
    body: tuple[Stmt, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Ask:
    """Player ``who`` chooses one of the labelled options: a decision."""

    who: Expr
    options: tuple[AskOption, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Let:
    """``let x = EXPR``: names a value for the rest of the block."""

    var: Ident
    value: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Roll:
    """``roll d``: the die ``d`` gets a new value, chosen by chance."""

    die: Ident
    span: Span = _span()


Stmt = Union[Gain, Pay, Release, Transfer, Score, Advance, Draw, Reveal, MoveCard, MoveAll,
             PutCatalogue, Shuffle, ChooseCards, ChooseCard, EachPlayer, ForEach, If, SetState, Done,
             PassFirstPlayer, FirstPlayerRandom, FirstPlayerMost, DoProcedure, Ask, Let, Roll, Again]


# ----------------------------------------------------------------- declarations
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


@dataclass(frozen=True, slots=True)
class Resource:
    name: str
    title: str
    non_renewable: bool = False
    supply: int | None = None
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
class Field:
    name: str
    type: Ident
    default: Expr | None
    description: str
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class CardType:
    name: str
    title: str
    fields: tuple[Field, ...]
    meta: tuple[Meta, ...] = ()
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
    per player, each a card whose ``owner`` field is its player; with ``sides``
    each is a die whose ``value`` (1 to sides, starting at 1) is set by ``roll``."""

    name: str
    title: str
    count: int
    sides: int | None = None
    meta: tuple[Meta, ...] = ()
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class CardState:
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
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Param:
    name: str
    title: str
    value: Expr
    meta: tuple[Meta, ...] = ()
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Derived:
    """A per-player value computed from the state (``me`` is the player)."""

    name: str
    title: str
    expr: Expr
    meta: tuple[Meta, ...] = ()
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
    body: tuple[Stmt, ...]
    meta: tuple[Meta, ...] = ()
    span: Span = _span()


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
class CardDomain:
    zone: ZoneRef
    where: Expr | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class PlayerDomain:
    others_only: bool = False
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class BagDomain:
    """``2 of electricity, water``: every bag of that size over those resources;
    ``0 to 2 of electricity, water`` (``low`` 0, ``size`` 2): every bag of 0 to 2
    items, the empty bag first, then by size."""

    size: int
    kinds: tuple[Ident, ...]
    low: int | None = None
    span: Span = _span()

    @property
    def smallest(self) -> int:
        """The fewest items a chosen bag holds (``size`` unless a range is given)."""
        return self.size if self.low is None else self.low


@dataclass(frozen=True, slots=True)
class RangeDomain:
    low: int
    high: int
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class SubsetDomain:
    """``some worker where COND``: every non-empty set of cards of a type meeting COND."""

    card_type: Ident
    where: Expr | None = None
    span: Span = _span()


Domain = Union[CardDomain, PlayerDomain, BagDomain, RangeDomain, SubsetDomain]


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
    """Effects that run before the own effect of each action in ``before``, with its
    parameters in scope (the actions must choose the names the trigger uses)."""

    name: str
    title: str
    before: tuple[Ident, ...]
    effect: tuple[Stmt, ...]
    meta: tuple[Meta, ...] = ()
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class ProcParam:
    name: str
    type: Ident
    span: Span = _span()


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
class TieBreaker:
    label: str
    direction: str
    expr: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class RollOff:
    """``tie_breaker "label" roll_off fewest sides 6``: each player still tied rolls one
    die of ``sides`` sides; the lowest (``fewest``) or highest (``most``) roll wins, and
    the players tied for it roll again."""

    label: str
    direction: str
    sides: int
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class End:
    """When the game ends and who wins."""

    name: str
    when: Expr | None
    finish_round: bool = False
    immediately: bool = False
    winner_most: Expr | None = None
    win_when: Expr | None = None
    tie_breakers: tuple[TieBreaker | RollOff, ...] = ()
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


ModeOp = Union[ModePlayers, UseModule, SetParam, Add, Replace, Remove]


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
             Setup, Flow, Phase, Action, Trigger, Procedure, End, Mode, Module, Amend]


@dataclass(frozen=True, slots=True)
class Spec:
    """A parsed spec file: its declarations in source order."""

    path: str
    items: tuple[Decl, ...]
    span: Span = _span()


#: Declaration kinds that a mode can add, replace or remove, keyed by the keyword.
DECL_KINDS: dict[str, type] = {
    "action": Action, "phase": Phase, "tally": Tally, "trigger": Trigger, "param": Param,
    "track": Track, "derived": Derived, "resource": Resource, "zone": Zone, "deck": Zone,
    "end": End, "pieces": Pieces, "procedure": Procedure,
}


def decl_kind(decl: object) -> str:
    """The keyword that declares ``decl`` (``action``, ``phase``...)."""
    if isinstance(decl, Zone):
        return decl.kind
    return {v: k for k, v in DECL_KINDS.items() if k != "deck"}.get(type(decl), type(decl).__name__.lower())


def walk(node):
    """Every AST node in ``node`` (a node, or a tuple or list of them), the node itself
    first, then its children in field order, depth first; spans are not visited.
    Plain values (names, numbers, texts) are not yielded.  Iterative: a deeply nested
    tree does not recurse."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, (tuple, list)):
            stack.extend(reversed(item))
            continue
        fields = getattr(item, "__dataclass_fields__", None)
        if fields is None:
            continue
        yield item
        stack.extend(getattr(item, name) for name in reversed(fields) if name != "span")
