"""AST node types of the rulebook language.

Every node is a frozen, slotted dataclass whose last field is ``span``; spans
are excluded from equality so tests compare trees with ``==`` regardless of
layout (``parse(fmt(x)) == parse(x)``).  Nodes fall into three groups:
expressions (``Expr``), statements (``Stmt``) and declarations (``Decl``).

The nodes live in :mod:`dsl.ast.expressions`, :mod:`dsl.ast.statements` and
:mod:`dsl.ast.declarations`, with choice domains, endings, tables and module extensions
in :mod:`dsl.ast.domains`, :mod:`dsl.ast.endings`, :mod:`dsl.ast.tables` and
:mod:`dsl.ast.extensions`, and options chosen at creation in :mod:`dsl.ast.options`
(:mod:`dsl.ast.base` holds what they share); this module gathers them, so
``from dsl import ast`` and ``ast.Action`` name every node.
"""

from __future__ import annotations

from dsl.ast.base import Ident, Meta
from dsl.ast.declarations import (Action, Add, Amend, CardState, CardType, Catalogue, Choice, Decl, Derived,
                                  Dice, Edge, Enum, EnumMember, Field, Flow, Game, ListType, Mode, ModeOp,
                                  ModePlayers, Module, Overflow, Param, Phase, Pieces, ProcParam, Procedure,
                                  Remove, Replace, Resource, SetParam, Setup, Spec, Stock, Tally, Track,
                                  Trigger, UseModule, Uses, Zone, ProcedureType)
from dsl.ast.endings import End, RollOff, TieBreaker, Winners
from dsl.ast.tables import KeyRange, Table, TableRow
from dsl.ast.extensions import (EXTENDABLE, AddStep, Combine, Extend, ModuleExcludes, ModuleNeeds, RemoveStep,
                                ReplaceStep, SetupStep, Statements)
from dsl.ast.domains import (BagDomain, CardDomain, Domain, EnumDomain, PlayerDomain, RangeDomain,
                             SubsetDomain)
from dsl.ast.expressions import (And, AnyPlayer, Arith, Attribute, BagItem, BagLiteral, Best, Bool, Call,
                                 Compare, Count, CountPlayers, CountShowing, EmptyBag, EveryPlayer, Expr,
                                 FieldOf, FirstPlayer, Has, InZone, Index, It, Me, Name, Neg, NextIn, Nobody,
                                 Not, Nothing, Number, Or, PlayerCount, RollValue, RoundNumber, StockOf, Sum,
                                 TableRead, Text, ThePlayer, TopOf, ZoneRef, IsKind)
from dsl.ast.statements import (Advance, Again, Ask, AskOption, ChooseCard, ChooseCards, Clear, DoProcedure,
                                Done, Draw, EachPlayer, FirstPlayerMost, FirstPlayerRandom, FirstPlayerTo,
                                ForEach, Gain, GainInto, If, Let, LookAt, MoveAll, MoveCard, PassFirstPlayer,
                                Pay, PutCatalogue, Release, Reveal, Roll, Score, SetState, SetTrack, Shuffle,
                                Stmt, Transfer, TransferAll)
from dsl.ast.statements import DoCardRule
from dsl.ast.expressions import CanTake, TakeWith
from dsl.ast.statements import TakeAction
from dsl.ast.statements import AsPlayer, Repeat
# slice A5 (issue 11): automata, seats and sides (construct 20)
from dsl.ast.declarations import Automaton, AutomatonTurn, ModeSeating, ModeSeats, ModeSides
from dsl.ast.expressions import SeatCount, SeatTest
from dsl.ast.statements import EachSeat
from dsl.ast.options import Option, SelectModules, SelectOptions
from dsl.ast.domains import GivenDomain
from dsl.ast.statements import ChooseValue
from dsl.ast.seats import AutomatonController


#: Declaration kinds that a mode can add, replace or remove, keyed by the keyword.
DECL_KINDS: dict[str, type] = {
    "action": Action, "phase": Phase, "tally": Tally, "trigger": Trigger, "param": Param,
    "track": Track, "derived": Derived, "resource": Resource, "zone": Zone, "deck": Zone,
    "end": End, "pieces": Pieces, "procedure": Procedure, "table": Table,
    "automaton": Automaton,
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


#: Every node type (in source order: expressions, statements, declarations) and helper.
__all__ = ["Ident", "Meta", "Number", "Bool", "Text", "EmptyBag", "Name", "Attribute", "PlayerCount", "It",
           "InZone", "RollValue", "Me", "Not", "And", "Or", "Compare", "Arith", "Neg", "BagItem",
           "BagLiteral", "Has", "ZoneRef", "Count", "Sum", "AnyPlayer", "Best", "Index", "Call", "Nothing",
           "Nobody", "TopOf", "NextIn", "FieldOf", "ThePlayer", "CountPlayers", "EveryPlayer", "TableRead",
           "Expr", "Gain", "Pay", "Release", "Transfer", "Score", "Advance", "Draw", "Reveal", "MoveCard",
           "MoveAll", "PutCatalogue", "Shuffle", "ChooseCards", "ChooseCard", "EachPlayer", "ForEach", "If",
           "SetState", "Done", "Again", "PassFirstPlayer", "FirstPlayerRandom", "FirstPlayerMost",
           "DoProcedure", "AskOption", "Ask", "Let", "Roll", "LookAt", "Stmt", "Game", "Resource", "Track",
           "EnumMember", "Enum", "Field", "CardType", "Catalogue", "Pieces", "CardState", "Overflow", "Zone",
           "Param", "Derived", "Tally", "Setup", "Edge", "Flow", "Phase", "CardDomain", "PlayerDomain",
           "BagDomain", "RangeDomain", "SubsetDomain", "EnumDomain", "Choice", "Uses", "Action", "Trigger",
           "ProcParam", "Procedure", "TieBreaker", "RollOff", "End", "Winners", "ModePlayers", "UseModule",
           "SetParam", "Add", "Replace", "Remove", "Mode", "Module", "Amend", "RoundNumber", "SetTrack",
           "CountShowing", "Dice", "FirstPlayer", "FirstPlayerTo", "Stock", "StockOf", "TransferAll",
           "GainInto", "Clear", "ListType", "KeyRange", "TableRow", "Table", "Spec", "Domain", "ModeOp",
           "Decl", "DECL_KINDS", "decl_kind", "walk",
           "SetupStep", "Statements", "Extend", "AddStep", "ReplaceStep", "RemoveStep", "ModuleNeeds",
           "ModuleExcludes", "Combine", "EXTENDABLE", "ProcedureType", "DoCardRule", "IsKind",
           "CanTake", "TakeWith", "TakeAction",
           "Repeat", "AsPlayer"]
__all__ += ["Automaton", "AutomatonTurn", "ModeSeats", "ModeSeating", "ModeSides", "SeatCount",
            "SeatTest", "EachSeat"]  # slice A5
__all__ += ["Option", "SelectModules", "SelectOptions"]  # construct 15
__all__ += ["GivenDomain"]  # construct 3
__all__ += ["ChooseValue"]  # a value chosen in the middle of an effect
__all__ += ["AutomatonController"]  # construct 20: `controlled by`
