"""Types of expressions, the scopes rules are checked in, and the record of both.

A :class:`Type` is a small value: ``Type("int")``, ``Type("card", of="building")``.
The checker (:mod:`compiler.checks.typecheck`) finds the type of every expression of
a composed mode and records it, with the scope of each action and procedure, in a
:class:`TypeRecord`; :class:`Types` holds the record of every mode.  The pipeline
passes :class:`Types` to the engine backend, which reads it instead of inferring again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

#: What :class:`Type` ``kind`` may be, in words (``of`` completes card, cards and enum).
KINDS = {"int": "a number", "bool": "true or false", "bag": "a bag of resources",
         "player": "a player", "text": "a text", "card": "a card of the card type or pieces `of`",
         "cards": "a set of cards of `of`, chosen with `some`", "enum": "a member of the enum `of`",
         "nothing": "`nothing`, no card: equal to no card",
         "list": "a card field's list of values (construct 10): `of` is the values' type",
         "?": "unknown: an error already reported leaves it so"}


@dataclass(frozen=True, slots=True)
class Type:
    """The type of an expression: ``kind`` (a key of :data:`KINDS`) and, for a card, a
    set of cards or an enum member, the card type, pieces or enum it is ``of``.
    ``maybe``: a card or player that may be absent (``nothing``, ``nobody``; design 1.2),
    which must be tested before most uses."""

    kind: str
    of: str | None = None
    maybe: bool = False

    @staticmethod
    def card(name: str, maybe: bool = False) -> Type:
        """One card (or piece) of the card type (or pieces) ``name`` (``maybe``: or nothing)."""
        return Type("card", name, maybe)

    def definite(self) -> Type:
        """This type without ``maybe``: what a test ``x != nothing`` narrows ``x`` to."""
        return Type(self.kind, self.of) if self.maybe else self

    def absent_word(self) -> str:
        """``nothing`` for a card, ``nobody`` for a player: what a maybe value is compared with."""
        return "nobody" if self.kind == "player" else "nothing"

    @staticmethod
    def cards(name: str) -> Type:
        """A set of cards of ``name``, chosen with ``some``."""
        return Type("cards", name)

    @staticmethod
    def enum(name: str) -> Type:
        """A member of the enum ``name``."""
        return Type("enum", name)

    @staticmethod
    def list_of(element: Type) -> Type:
        """A list of values of type ``element`` (a card field declared ``list of T``)."""
        return Type("list", str(element))

    def element(self) -> Type:
        """The type of the values of a list (``int``, ``enum:bonus``...)."""
        kind, _, of = (self.of or "?").partition(":")
        return Type(kind, of or None)

    @property
    def is_card(self) -> bool:
        return self.kind == "card"

    @property
    def is_cards(self) -> bool:
        return self.kind == "cards"

    @property
    def unknown(self) -> bool:
        """Left unknown by an error already reported (``?``, or a card of ``?``)."""
        return self.kind == "?" or self.of == "?"

    def words(self) -> str:
        """The type in words, for messages: ``a building card``, ``a number``,
        ``a building card or nothing``."""
        if self.maybe:
            return f"{self.definite().words()} or {self.absent_word()}"
        if self.kind == "card":
            return f"a {' or '.join((self.of or '?').split('|'))} card"
        if self.kind == "enum":
            return f"a {self.of}"
        if self.kind == "list":
            return f"a list, each entry {self.element().words()}"  # no plurals to guess
        return {"int": "a number", "bool": "true or false", "bag": "a bag of resources",
                "player": "a player", "text": "a text", "nothing": "`nothing`"}.get(self.kind, str(self))

    def __str__(self) -> str:
        """``int``, ``card:building``, ``cards:building``, ``enum:faction``, ``?``; a maybe
        value ends with ``?`` (``card:building?``, ``player?``)."""
        text = self.kind if self.of is None else f"{self.kind}:{self.of}"
        return text + "?" if self.maybe else text


INT, BOOL, BAG, PLAYER, TEXT = Type("int"), Type("bool"), Type("bag"), Type("player"), Type("text")
UNKNOWN = Type("?")
#: ``nothing`` (no card: equal to no card of any type) and ``nobody`` (a player or nobody).
NOTHING, MAYBE_PLAYER = Type("nothing"), Type("player", maybe=True)


@dataclass(frozen=True)
class Scope:
    """The locals in force (name → :class:`Type`: an action's choices, a procedure's
    parameters, ``let`` and loop variables) and the card type in context, if any
    (inside ``count``, ``sum``, ``best`` and ``where``, bare field names read it).

    Narrowing (design 1.2): ``narrowed`` holds the maybe locals a test in force has
    shown present (``if t != nothing``) and, as ``("is", name, kind)``, the cards a
    test ``x is KIND`` has shown of that kind (construct 9), ``guards`` the ``(zone, where)`` pairs a test
    ``count ZONE [where C] >= 1`` in force has shown non-empty (so ``best ZONE``,
    ``top of ZONE [where C]`` give a card).  Neither is part of :attr:`key`: a narrowed
    local keeps its declared type, the checker reads it as definite."""

    locals: dict[str, Type] = field(default_factory=dict)
    card: str | None = None
    narrowed: frozenset = frozenset()
    guards: frozenset = frozenset()

    def with_local(self, name: str, type_: Type) -> Scope:
        narrowed = frozenset(n for n in self.narrowed
                             if n != name and not (isinstance(n, tuple) and n[1] == name))
        return Scope({**self.locals, name: type_}, self.card, narrowed, self.guards)

    def kind_of(self, name: str) -> str | None:
        """The kind a test ``name is KIND`` in force shows the card ``name`` (``it``: the
        card in context) to be, or None (construct 9)."""
        return next((n[2] for n in self.narrowed if isinstance(n, tuple) and n[0] == "is"
                     and n[1] == name), None)

    def kinds_left(self, name: str, kinds: str | None) -> str | None:
        """``kinds`` (a card type, or several joined by ``|``) of the card ``name``, less
        those a failed test ``name is KIND`` in force rules out (``not (x is drone)``, the
        ``else`` of ``if x is drone``), joined again; None when that rules none out, or
        all (construct 9)."""
        out = {n[2] for n in self.narrowed if isinstance(n, tuple) and n[0] == "not" and n[1] == name}
        left = [k for k in (kinds or "").split("|") if k not in out]
        return "|".join(left) if out and left and len(left) < len((kinds or "").split("|")) else None

    @property
    def card_kind(self) -> str | None:
        """The card type of the card in context, narrowed by ``it is KIND`` (construct 9)
        or by a failed one."""
        return self.kind_of("it") or self.kinds_left("it", self.card) or self.card

    def with_card(self, card: str) -> Scope:
        return Scope(dict(self.locals), card, self.narrowed, self.guards)

    def narrow(self, names=(), guards=()) -> Scope:
        """This scope where the maybe locals ``names`` are present and the zones of
        ``guards`` (``(ZoneRef, where)`` pairs) hold a card."""
        if not names and not guards:
            return self
        return Scope(dict(self.locals), self.card, self.narrowed | frozenset(names),
                     self.guards | frozenset(guards))

    def forget(self, zones: frozenset[str] | None = None) -> Scope:
        """This scope without the guards on the zones named ``zones`` (all guards when
        None): a statement may have emptied those zones."""
        kept = frozenset() if zones is None else frozenset(
            g for g in self.guards if g[0].zone.name not in zones)
        if kept == self.guards:
            return self
        return Scope(dict(self.locals), self.card, self.narrowed, kept)

    def type_of(self, name: str) -> Type | None:
        """The type of local ``name`` here, narrowed (None when it is not a local)."""
        t = self.locals.get(name)
        kind = self.kind_of(name) if t is not None and t.is_card else None
        if kind is not None and kind in (t.of or "").split("|"):
            return Type.card(kind)  # `x is drone` in force: a drone, present (construct 9)
        left = self.kinds_left(name, t.of) if t is not None and t.is_card else None
        if left is not None:  # `not (x is drone)` in force: one of its other kinds
            t = Type.card(left, t.maybe)
        return t.definite() if t is not None and name in self.narrowed else t

    @cached_property
    def key(self) -> tuple:
        """What tells two scopes apart, as a value (the record keys types by it)."""
        return tuple(sorted(self.locals.items(), key=lambda item: item[0])), self.card


@dataclass
class TypeRecord:
    """The types the checker found in one composed mode: of each expression in each
    scope it was checked in (a trigger's effect is checked once for each action it runs
    before, in that action's scope), the scope an action's choices make and the scope a
    procedure's parameters make.  Keyed by node identity: the nodes are those of the
    composition, kept alive here so that no identity is reused."""

    expressions: dict[tuple[int, tuple], Type] = field(default_factory=dict)
    actions: dict[int, Scope] = field(default_factory=dict)
    procedures: dict[int, Scope] = field(default_factory=dict)
    nodes: dict[int, object] = field(default_factory=dict, repr=False)

    def record_expression(self, e, scope: Scope, type_: Type) -> None:
        self.nodes[id(e)] = e
        self.expressions[id(e), scope.key] = type_

    def record_action(self, action, scope: Scope) -> None:
        self.nodes[id(action)] = action
        self.actions[id(action)] = scope

    def record_procedure(self, procedure, scope: Scope) -> None:
        self.nodes[id(procedure)] = procedure
        self.procedures[id(procedure)] = scope

    def expression(self, e, scope: Scope) -> Type:
        """The type of ``e`` checked in ``scope`` (``KeyError`` if it was not checked there)."""
        return self.expressions[id(e), scope.key]

    def action(self, action) -> Scope:
        """The scope of ``action``'s choices: each choice's name and type, in order."""
        return self.actions[id(action)]

    def procedure(self, procedure) -> Scope:
        """The scope of ``procedure``'s body: its parameters, typed."""
        return self.procedures[id(procedure)]


@dataclass
class Types:
    """The :class:`TypeRecord` of each composed mode of a spec, by mode name: what the
    checks found, for the backends to read."""

    modes: dict[str, TypeRecord] = field(default_factory=dict)

    def mode(self, name: str) -> TypeRecord:
        """The record of the mode ``name`` (made empty on first use, while checking)."""
        return self.modes.setdefault(name, TypeRecord())
