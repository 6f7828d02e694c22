"""AST nodes of statements (``Stmt``), the effects of rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Union

from dsl.ast.base import Ident, KeywordOnly, _span
from dsl.ast.expressions import Expr, TakeWith, ZoneRef
from dsl.spans import Span

if TYPE_CHECKING:
    from dsl.ast.declarations import Choice


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
    """A bag moves from one player (default: the acting one) to another; either side may
    be a stock (``transfer disc[k] 2 to left_here of loc``, construct 18)."""

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
    """``move CARD into ZONE [bottom]``: any card expression (a name, ``top of ...``);
    a card that is ``nothing`` moves nothing."""

    card: Expr
    dest: ZoneRef
    bottom: bool = False
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class MoveAll:
    """``move all ZONE into ZONE [bottom]``: every card, bottom first; with ``bottom``
    they go under the destination's cards, keeping their order."""

    source: ZoneRef
    dest: ZoneRef
    span: Span = _span()
    bottom: bool = False


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
    ``then`` runs once they are chosen (``choose ... into ... then { ... }``).  ``up_to``
    (``choose up to N cards``): the chooser may stop after any card, or before the first."""

    count: Expr
    source: ZoneRef
    dest: ZoneRef
    bottom: bool = False
    span: Span = _span()
    then: tuple[Stmt, ...] = ()
    up_to: bool = False


@dataclass(frozen=True, slots=True)
class ChooseCard:
    """``choose r: card in ZONE where EXPR { ... }``: you choose one card of the zone
    (among those meeting ``where`` when the statement runs), and ``body`` runs with
    it named ``var``: a decision, so the rest of the effect waits for it.

    ``rest``: the statement form ``choose r: card in ZONE [where EXPR]`` (construct 2),
    written without a block: the parser makes the statements after it in its block its
    ``body``, so they wait for the card and may name it; with nothing to choose they are
    skipped.  ``optional``: ``may choose ...``, which the player may decline (then the
    body is skipped too)."""

    var: Ident
    zone: ZoneRef
    where: Expr | None
    body: tuple[Stmt, ...]
    span: Span = _span()
    rest: bool = False
    optional: bool = False


@dataclass(frozen=True, slots=True)
class EachPlayer:
    """The body runs once per player, in turn order from the first player; with
    ``each player [where C] [with most|fewest E [then ...]] [where C2] { }`` only for the
    players those clauses select (as in :class:`~dsl.ast.expressions.ThePlayer`, but all
    of those tied), worked out once before the body runs."""

    body: tuple[Stmt, ...]
    span: Span = _span()
    where: Expr | None = None
    measures: tuple[tuple[str, Expr], ...] = ()
    then_where: Expr | None = None

    @property
    def selects(self) -> bool:
        """Whether clauses select the players (else every player)."""
        return self.where is not None or bool(self.measures) or self.then_where is not None


@dataclass(frozen=True, slots=True)
class ForEach:
    """``for each c in ZONE where C { }``: the body runs for each card of the zone
    (those meeting C); ``for each k in ENUM where C { }`` (``zone`` names an enum):
    for each member, in declaration order."""

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
    """``set b.active = true``: a card's state in its zone; ``set p.morale = 3`` (``var``
    a player): player ``p``'s track (construct 12)."""

    var: Ident
    state: Ident
    value: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class SetTrack:
    """``set pot = 0``, ``set loyalty[f] = 1``: a track's marker is put at ``value`` (the
    acting player's track if kept per player; the one of ``key`` for a track kept per
    enum member), kept between the ends of the track's ``range`` (construct 12).  Another
    player's track, ``set p.morale = 3``, is a :class:`SetState` on a player."""

    track: Ident
    value: Expr
    key: Expr | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class FirstPlayerTo:
    """``first player EXPR``: the seat EXPR takes the first player marker at once; the
    phase in progress keeps its order, the next one starts from it (construct 17)."""

    player: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class TransferAll:
    """``transfer all left_here of loc to me``: everything a stock (or a player) holds goes
    to a player or a stock (construct 18)."""

    source: Expr
    dest: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class GainInto:
    """``gain titanium 1 into cubes of sp``: a bag comes from the supply into a stock
    (construct 18)."""

    bag: Expr
    dest: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Clear:
    """``clear cubes of sp``: a stock's resources go back to the supply (construct 18)."""

    stock: Expr
    span: Span = _span()


class Done(KeywordOnly):
    """The acting player is finished with the current phase (passes)."""

    __slots__ = ()


class Again(KeywordOnly):
    """The acting player takes another action in this turn (``turns`` phases)."""

    __slots__ = ()


class PassFirstPlayer(KeywordOnly):
    """The first player marker passes to the left (next seat)."""

    __slots__ = ()


class FirstPlayerRandom(KeywordOnly):
    """Chance picks the first player."""

    __slots__ = ()


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
class DoCardRule:
    """``do c.secondary(c)``: run the procedure that card ``c``'s rule field ``secondary``
    names in its catalogue entry (construct 1), with these arguments; "you" is the
    acting player, as in ``do``."""

    card: Ident
    field: Ident
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
    """``roll d``: the die ``d`` gets a new value, chosen by chance: a piece with
    ``sides``, or every die of a ``dice`` declaration (``roll d[i]``: one of them)."""

    die: Ident
    #: ``roll d[i]``: the i-th (from 1) of a set of dice (construct 16); None: every die
    index: Expr | None = None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class LookAt:
    """``look at ZONE { ... }`` (construct 11): the acting player looks through every card
    of ``zone`` while ``body`` runs, so a choice from it there is allowed even when the
    zone shows only its top card (``public top``) or hides its cards."""

    zone: ZoneRef
    body: tuple[Stmt, ...]
    span: Span = _span()



@dataclass(frozen=True, slots=True)
class TakeAction:
    """``[may] take action A [with x = E, ...]``, ``take one of A, B [with ...]`` or
    ``take action c.f`` (construct 3): the acting player takes one legal instance of
    the actions named (or of the action card ``card``'s field ``field`` names, construct
    1), its choices in ``bound`` fixed; its triggers and effect run, then the effect that
    took it goes on.  ``optional``: the player may decline."""

    actions: tuple[Ident, ...]
    bound: tuple[TakeWith, ...]
    span: Span = _span()
    optional: bool = False
    card: Ident | None = None
    field: Ident | None = None

@dataclass(frozen=True, slots=True)
class Repeat:
    """``repeat N { ... }`` (construct 13): ``body`` runs ``count`` times, the count worked
    out once when the statement starts (0 or less: never), each round with its own
    decisions; ``repeat up to N { ... }`` (``up_to``) asks the acting player before each
    round whether to go on or stop."""

    count: Expr
    body: tuple[Stmt, ...]
    up_to: bool = False
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class AsPlayer:
    """``as PLAYER { ... }`` (construct 21): inside ``body``, "you" (``me``, ``my``, bare
    resources and tracks, whoever decides) is the seat ``player``, worked out once when
    the block starts; after it, "you" is the acting player again."""

    player: Expr
    body: tuple[Stmt, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class EachSeat:
    """``each seat { }`` or ``each KIND { }`` (construct 20): the body runs once per seat
    (human or automaton), or per seat of the automaton kind ``kind``, in seat order."""

    kind: Ident | None
    body: tuple[Stmt, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class ChooseValue:
    """``choose k: knowledge where disc[k] >= 1 { ... }``, ``choose n: 1 to 3``,
    ``choose q: other player``, ``choose x: 2 of water, gold``, ``choose w: some worker``:
    a value chosen in the middle of an effect, from any domain an action's choice may
    have but a card's (``choice``: its name and domain, as an action's :class:`Choice`);
    ``body`` runs with it.  The options are worked out when the statement runs.

    ``rest``: written without a block, the statements after it in its block are its
    ``body`` (as :class:`ChooseCard`'s); with no option, or declined, they are skipped.
    ``optional``: ``may choose ...``."""

    choice: Choice
    body: tuple[Stmt, ...]
    span: Span = _span()
    rest: bool = False
    optional: bool = False


Stmt = Union[Gain, Pay, Release, Transfer, Score, Advance, Draw, Reveal, MoveCard, MoveAll,
             PutCatalogue, Shuffle, ChooseCards, ChooseCard, EachPlayer, ForEach, If, SetState, Done,
             PassFirstPlayer, FirstPlayerRandom, FirstPlayerMost, DoProcedure, Ask, Let, Roll, Again,
             LookAt, SetTrack, FirstPlayerTo, TransferAll, GainInto, Clear, DoCardRule, TakeAction,
             Repeat, AsPlayer, EachSeat, ChooseValue]
