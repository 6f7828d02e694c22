"""Types of expressions, and the shared machinery of the checks that judge rules
(codes E0501-E0507).

:class:`Checker` holds one composed mode, the :class:`~dsl.diagnostics.Report` of the
run and the :class:`~compiler.analysis.types.TypeRecord` of the mode; ``infer`` gives
the :class:`~compiler.analysis.types.Type` of an expression in a scope (unknown when an
error already reported leaves it so), records it, and reports unknown names and
mistyped operands on the way; ``expect`` reports an expression of the wrong type.  The
checks of :mod:`compiler.checks` subclass it.  The backends read the record (the
pipeline passes it to them); they never call the checker.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dsl import ast, codes
from dsl.diagnostics import Note, Report, did_you_mean
from compiler.analysis import names as N
from compiler.analysis.types import Type, TypeRecord
from compiler.checks import actions_taken
from compiler.checks.amounts import AmountRules, first_member
from compiler.checks.derived_calls import DerivedCallRules
from compiler.checks.kinds import KindRules
from compiler.checks.lookups import LookupRules
from compiler.checks.questions import QuestionRules
from compiler.checks.rule_fields import RuleFieldRules
from compiler.checks.seat_types import SeatRules


class Checker(QuestionRules, LookupRules, RuleFieldRules, DerivedCallRules, KindRules, AmountRules,
              SeatRules):
    """Checks the rules of one composed ``mode``; ``report`` (a
    :class:`dsl.diagnostics.Report`) receives each problem, ``types`` the type of each
    expression checked and the scope of each action and procedure (a record of its
    own when not given).  The rules of the questions (best, top, next card, the players
    questions) and of the lookups (tables, lists, dice, stocks) are those of
    :class:`~compiler.checks.questions.QuestionRules` and
    :class:`~compiler.checks.lookups.LookupRules`; those of rules attached to cards of
    :class:`~compiler.checks.rule_fields.RuleFieldRules`."""

    def __init__(self, mode, report: Report, types: TypeRecord | None = None):
        self.mode = mode
        self.report = report
        self.types = types if types is not None else TypeRecord()

    def once(self, items, key, code: str, message, hint: str, note: str) -> list:
        """Report each of ``items`` whose ``key`` an earlier one has (``message(item)``,
        at the item, with ``note`` at the earlier one); returns the first of each key."""
        first: dict = {}
        for item in items:
            k = key(item)
            if k in first:
                self.report.error(code, message(item), item.span, hint=hint,
                                  notes=[Note(note, first[k].span)])
            else:
                first[k] = item
        return list(first.values())

    # ------------------------------------------------------------ expressions
    def expect(self, e, want: Type, scope: N.Scope, what: str) -> None:
        self.mismatch(e, self.infer(e, scope), want, what)

    def mismatch(self, e, got: Type, want: Type, what: str) -> None:
        """E0580 when ``e``, of type ``got`` (already inferred), may be absent where a
        present ``want`` is needed; E0503 when it is not of type ``want``."""
        if want.maybe and (got.definite() == want.definite() or got == N.NOTHING and want.is_card):
            return  # a card (or nothing) where a card or nothing is wanted: `set s.commander = c`
        if got.maybe and not want.maybe and got.definite() == want:
            self.maybe_used(e, got, what)
        elif not got.unknown and not want.unknown and got != want:
            self.report.error(codes.WRONG_TYPE,
                              f"{what} must be {want.words()}, but this is {got.words()}",
                              e.span, hint=self._counted_condition(e, want, got) or _type_hint(want, got))

    def _counted_condition(self, e, want: Type, got: Type) -> str | None:
        """The hint for a derived value read as a condition whose expression is a count
        with a ``where`` that took the comparison meant for the count: ``count X where
        c >= 1`` counts the cards for which ``c >= 1``."""
        name = e.name if isinstance(e, ast.Name) else e.func.name if isinstance(e, ast.Call) else None
        decl = self.mode.derived.get(name) if want == N.BOOL and got == N.INT else None
        if decl is None or not isinstance(decl.expr, (ast.Count, ast.Sum)) \
                or not isinstance(decl.expr.where, (ast.Compare, ast.And)):
            return None
        return (f"`{name}` is a number: `where` takes the rest of its line, so the comparison at its "
                "end filters what is counted; to compare the count, write `(count ... where ...) >= 1`")

    def infer(self, e, scope: N.Scope) -> Type:
        """The type of ``e`` in ``scope`` (by its class's rule in :data:`EXPRESSIONS`),
        recorded; problems on the way are reported."""
        rule = EXPRESSIONS.get(type(e))
        type_ = rule(self, e, scope) if rule is not None else N.UNKNOWN
        self.types.record_expression(e, scope, type_)
        return type_

    def maybe_used(self, e, got: Type, what: str) -> None:
        """E0580: ``e``, of the maybe type ``got`` (a card or nothing, a player or nobody),
        is used as ``what``, which needs one present (design 1.2)."""
        name = e.name if isinstance(e, ast.Name) else None
        word = got.absent_word()
        shown = f"`{name}`" if name else "this"
        fix = (f"test it first: `if {name} != {word} {{ ... }}`" if name else
               f"name it and test it first: `let x = ...` then `if x != {word} {{ ... }}`")
        self.report.error(codes.MAYBE_USED, f"{shown} may be {word}: {what} needs "
                          f"{got.definite().words()}", e.span, hint=fix)

    def _roll(self, e: ast.RollValue, scope: N.Scope) -> Type:
        pieces = self.mode.pieces.get(scope.card) if scope.card else None
        if pieces is None or not pieces.is_die:
            self.report.error(codes.WRONG_TYPE, "`roll` is a fresh roll of the die in context, and there "
                              "is no die here", e.span, hint="use it in `sum roll over my dice`")
        return N.INT

    def _it(self, e: ast.It, scope: N.Scope) -> Type:
        if scope.card is None:
            self.report.error(codes.UNKNOWN_NAME, "`it` means the card in context, and there is none here",
                              e.span, hint="use `it` inside `count`, `sum`, `best` or `where`")
            return N.UNKNOWN
        return Type.card(scope.card_kind)

    def _in_zone(self, e: ast.InZone, scope: N.Scope) -> Type:
        kind = self.infer(e.card, scope).definite()  # a card that may be nothing is in no zone
        card = self.zone_ref(e.zone, scope, any_owner=True)
        if card and kind != N.UNKNOWN and not (kind.is_card and set(N.kinds(kind.of)) & set(N.kinds(card))):
            self.report.error(codes.WRONG_TYPE, f"only {card} cards can be in `{e.zone.zone.name}`, and "
                              f"this is {kind.words()}", e.card.span,
                              hint=f"test a {card} card, or a zone that holds {kind.words()}s")
        return N.BOOL

    def _name(self, e: ast.Name, scope: N.Scope) -> Type:
        b = N.resolve(self.mode, scope, e.name)
        if b is not None and b.kind == "stock" and b.decl.per_card is not None:
            self.report.error(codes.WHOSE, f"stock `{e.name}` is held by each {b.decl.per_card.name}: say "
                              "which", e.span, hint=f"write `{e.name} of some_{b.decl.per_card.name}`")
            return N.BAG
        if b is not None and b.kind == "family":
            if self.known_enum(b.decl):
                self.family_needs_key(b.decl, e.name, e.span)
            return N.INT
        if self.procedure_read(b, e.name, e.span):
            return N.UNKNOWN
        if b is not None and b.kind == "derived" and b.decl.params:
            self.derived_needs_values(b.decl, e.name, e.span)
            return N.INT
        if b is not None and b.kind == "global_track" and self.known_enum(b.decl):
            self.report.error(codes.WHOSE, f"track `{e.name}` is kept per {b.decl.per_enum.name}: say "
                              "which", e.span, hint=f"write `{e.name}[...]`")
            return N.INT
        if b is not None and b.kind == "dice" and b.decl.count > 1:
            self.report.error(codes.DIE_NEEDS_INDEX, f"`{e.name}` is {b.decl.count} dice: say which one",
                              e.span, hint=f"write `{e.name}[1]`, or `count {e.name} showing ...`",
                              notes=[Note("declared here", b.decl.span)])
            return b.type
        if b is not None and b.kind in ("card_field", "card_state") and e.name not in scope.locals:
            self.not_common(scope.card_kind, e.name, e.span, "it")  # a zone of several kinds
        if b is None:
            self.report.error(codes.UNKNOWN_NAME, f"unknown name `{e.name}`", e.span,
                              hint=did_you_mean(e.name, N.all_names(self.mode, scope))
                              or f"declare `{e.name}` (a param, resource, track, derived value, tally or "
                              "end), or choose it in the action (`choose x: ...`)")
            return N.UNKNOWN
        return b.type

    def _attribute(self, e: ast.Attribute, scope: N.Scope) -> Type:
        owner = scope.type_of(e.obj)
        if owner is not None and owner.maybe:
            self.maybe_used(ast.Name(e.obj, e.span), owner, f"reading `{e.obj}.{e.attr}`")
            owner = owner.definite()
        if owner is None:
            self.report.error(codes.UNKNOWN_NAME, f"`{e.obj}` is not a chosen card or player here", e.span,
                              hint=did_you_mean(e.obj, scope.locals) or "choose it first: `choose x: ...`")
            return N.UNKNOWN
        if owner == Type.card("?"):
            return N.UNKNOWN  # chosen from a zone already reported unknown: no cascade
        b = N.resolve_attribute(self.mode, scope, e.obj, e.attr)
        if b is not None and owner.is_card and self.not_common(owner.of, e.attr, e.span, e.obj):
            return b.type
        if b is None:
            if owner.is_card:
                ctype = self.mode.card_types.get(owner.of)
                options = [f.name for f in ctype.fields] if ctype else []
            else:
                options = list(self.mode.resources) + list(self.mode.tracks) + list(self.mode.derived)
            what = f"a {owner.of} card" if owner.is_card else "a player"
            self.report.error(codes.UNKNOWN_FIELD, f"`{e.obj}` has no `{e.attr}`", e.span,
                              hint=did_you_mean(e.attr, options) or (
                                  f"{what} has " + ", ".join(f"`{o}`" for o in options[:8])
                                  + (" ..." if len(options) > 8 else "") if options else
                                  f"{what} has nothing to read here"))
            return N.UNKNOWN
        if b.kind == "family" and self.known_enum(b.decl):
            self.family_needs_key(b.decl, f"{e.obj}.{e.attr}", e.span)
        self.procedure_read(b, f"{e.obj}.{e.attr}", e.span)
        if b.kind == "derived" and b.decl.params:
            self.derived_needs_values(b.decl, f"{e.obj}.{e.attr}", e.span)
        return b.type

    def family_needs_key(self, decl, written: str, span) -> None:
        """E0522: a family named where the amount of one member is meant."""
        self.report.error(codes.FAMILY_NEEDS_KEY, f"resource `{decl.name}` is kept per {decl.per_enum.name}: "
                          "say which", span, hint=f"write `{written}[...]`, e.g. "
                          f"`{written}[{first_member(self.mode, decl)}]`")

    def _not(self, e: ast.Not, scope: N.Scope) -> Type:
        self.expect(e.operand, N.BOOL, scope, "the operand of `not`")
        return N.BOOL

    def _logic(self, e: ast.And | ast.Or, scope: N.Scope) -> Type:
        for x in e.operands:
            self.expect(x, N.BOOL, scope, f"each side of `{'and' if type(e) is ast.And else 'or'}`")
            # what the left of `and` shows present is present on its right (`or`: its failure)
            scope = scope.narrow(*N.narrowing(x, negated=type(e) is ast.Or))
        return N.BOOL

    def _compare(self, e: ast.Compare, scope: N.Scope) -> Type:
        left, right = self.infer(e.left, scope), self.infer(e.right, scope)
        if N.UNKNOWN not in (left, right):
            if e.op in ("==", "!="):
                self._never_absent(e, left, right)
                if not _comparable(left, right):
                    self.report.error(codes.WRONG_TYPE, f"cannot compare {left.words()} with "
                                      f"{right.words()}", e.span,
                                      hint="compare two things of one type, e.g. two numbers or two "
                                      "members of one enum")
            elif left != N.INT or right != N.INT:
                self.report.error(codes.WRONG_TYPE, f"`{e.op}` compares numbers, not {left.words()} "
                                  f"and {right.words()}", e.span,
                                  hint="compare numbers, e.g. `count my hand >= 2`; test a bag with "
                                  "`has`, equality with `==`")
        return N.BOOL

    def _never_absent(self, e: ast.Compare, left: Type, right: Type) -> None:
        """W0111: ``x != nothing`` (``nobody``) where ``x`` is always present (a choice, a
        parameter, a value already tested): the test always gives the same answer."""
        absent = (ast.Nothing, ast.Nobody)
        for side, other, type_ in ((e.left, e.right, left), (e.right, e.left, right)):
            if isinstance(other, absent) and not isinstance(side, absent) \
                    and (type_.is_card or type_.kind == "player") and not type_.maybe and not type_.unknown:
                always = "true" if e.op == "!=" else "false"
                self.report.warning(codes.NEVER_ABSENT, f"this test is always {always}: "
                                    f"{type_.words()} is never {type_.absent_word()} here", e.span,
                                    hint="remove the test, or test the value that may be absent "
                                    "(`top of`, `best`, `the player with`...)")
                return

    def _has(self, e: ast.Has, scope: N.Scope) -> Type:
        self.expect(e.bag, N.BAG, scope, "what `has` tests")
        if e.who is not None and self.stock_ref(e.who, scope):  # `left_here of loc has ...`
            self.infer(e.who, scope)
        elif e.who is not None:
            self.expect(e.who, N.PLAYER, scope, "the player before `has`")
        return N.BOOL

    def on_card(self, scope: N.Scope, card: str, name: ast.Ident | None) -> N.Scope:
        """The scope inside ``count``/``sum``/``best``/``where`` over cards of ``card``:
        bare field names read the card, and so does ``name`` (``as NAME``), which must be
        new here (E0583)."""
        inner = scope.with_card(card)
        if name is None:
            return inner
        if name.name in scope.locals:
            self.report.error(codes.AS_NAME_TAKEN, f"`{name.name}` is already a name here", name.span,
                              hint="name the card with a new name, e.g. `as other`")
        return inner.with_local(name.name, Type.card(card))

    def _count(self, e: ast.Count, scope: N.Scope) -> Type:
        card = self.zone_ref(e.zone, scope)
        if card:
            inner = self.on_card(scope, card, e.name)
            if e.where is not None:
                self.expect(e.where, N.BOOL, inner, "a `where` condition")
        return N.INT

    def _sum(self, e: ast.Sum, scope: N.Scope) -> Type:
        card = self.zone_ref(e.zone, scope)
        if card:
            inner = self.on_card(scope, card, e.name)
            if e.where is not None:
                self.expect(e.where, N.BOOL, inner, "a `where` condition")
            # the filter narrows what is added up: `sum points over Z as b where b is building`
            self.expect(e.value, N.INT, self.filtered(inner, e.where, e.name), "what `sum` adds up")
        return N.INT

    @staticmethod
    def filtered(scope: N.Scope, where, name: ast.Ident | None = None) -> N.Scope:
        """``scope`` where the filter ``where`` holds (design 1.2; construct 9): the card
        named ``name`` (``as NAME``) is the card in context, so a kind shown for it is
        shown for ``it``."""
        if where is None:
            return scope
        names, guards = N.narrowing(where)
        if name is not None:
            names |= {(n[0], "it", n[2]) for n in names if isinstance(n, tuple) and n[1] == name.name}
        return scope.narrow(names, guards)

    def _any_player(self, e: ast.AnyPlayer, scope: N.Scope) -> Type:
        self.expect(e.condition, N.BOOL, scope, "the condition of `any player`")
        return N.BOOL

    def _call(self, e: ast.Call, scope: N.Scope) -> Type:
        if e.func.name in self.mode.derived and e.func.name not in N.BUILTIN_FUNCS:
            return self.derived_call(e, scope)
        arity = N.BUILTIN_FUNCS.get(e.func.name)
        if arity is None and e.func.name in self.mode.resources and len(e.args) == 1:
            # `b.cost - titanium (n)`: inside arithmetic an item's amount is a number written out
            name = e.func.name
            self.report.error(codes.WRONG_CALL, f"`{name} (...)` here reads as a call of a function "
                              f"`{name}`: inside `+`, `-` or `*`, a bag item's amount is a number "
                              "written out", e.span,
                              hint=f"scale an item of one: `{name} 1 * (...)`; after `gain`, `pay` or "
                              f"`has`, `{name} (...)` alone is fine")
            self.infer(e.args[0], scope)
            return N.BAG  # what was meant: no second error about it
        if arity is None:
            self.report.error(codes.WRONG_CALL, f"unknown function `{e.func.name}`", e.func.span,
                              hint=did_you_mean(e.func.name, N.BUILTIN_FUNCS, "functions"))
        elif e.func.name in ("max", "min") and len(e.args) < 2:
            self.report.error(codes.WRONG_CALL, f"`{e.func.name}` compares at least 2 values", e.span,
                              hint=f"e.g. `{e.func.name}(a, 0)`")
        elif e.func.name not in ("max", "min") and len(e.args) != arity:
            self.report.error(codes.WRONG_CALL, f"`{e.func.name}` takes {arity} value(s)", e.span,
                              hint=f"write `{e.func.name}(" + ", ".join("xyz"[:arity]) + ")`")
        if e.func.name == "size" and len(e.args) == 1:  # size(v.track): the length of a list
            got = self.infer(e.args[0], scope)
            if not got.unknown and got.kind != "list":
                self.report.error(codes.LIST_INDEX, f"`size` counts the values of a list, and this is "
                                  f"{got.words()}", e.args[0].span,
                                  hint="give a card's `list of` field: `size(v.track)`; count a zone "
                                  "with `count`")
            return N.INT
        want = N.BAG if e.func.name == "total" else N.INT
        if e.func.name == "total" and len(e.args) == 1 and self.family_total(e.args[0], scope):
            return N.INT  # total(disc): how many of all its members you hold
        for a in e.args:
            self.expect(a, want, scope, f"each value given to `{e.func.name}`")
        return N.INT

    def family_total(self, arg, scope: N.Scope) -> bool:
        """Whether ``total(arg)`` counts a resource family, every member (``total(disc)``,
        ``total(p.disc)``); the argument is recorded as a number."""
        if type(arg) is ast.Name:
            b = N.resolve(self.mode, scope, arg.name)
        elif type(arg) is ast.Attribute and scope.locals.get(arg.obj) == N.PLAYER:
            b = N.resolve_attribute(self.mode, scope, arg.obj, arg.attr)
        else:
            return False
        if b is None or b.kind != "family":
            return False
        self.types.record_expression(arg, scope, N.INT)
        return True

    def zone_ref(self, z: ast.ZoneRef, scope: N.Scope, any_owner: bool = False) -> str | None:
        """Check a zone reference; return its card type name.  ``any_owner`` allows a
        zone of each player or card without an owner (``x in workers_here``)."""
        local = scope.locals.get(z.zone.name)
        if local is not None and local.is_cards and z.owner is None and z.owner_expr is None:
            return local.of  # a set of cards chosen with `some`
        zone = self.mode.zones.get(z.zone.name)
        if zone is None:
            self.report.error(codes.UNKNOWN_NAME, f"unknown zone `{z.zone.name}`", z.zone.span,
                              hint=did_you_mean(z.zone.name, self.mode.zones, "zones and decks"))
            return None
        if z.owner_expr is not None:
            if zone.per_player:
                self.expect(z.owner_expr, N.PLAYER, scope, f"the owner of `{zone.name}`")
            elif zone.per_card is not None:
                self.expect(z.owner_expr, Type.card(zone.per_card.name), scope,
                            f"the card `{zone.name}` belongs to")
            else:
                self.report.error(codes.WHOSE, f"`{zone.name}` is shared: it belongs to no one", z.span,
                                  hint=f"write just `{zone.name}`")
            return self.zone_card(zone)
        if zone.per_card is not None:
            if z.owner is not None:
                self.report.error(codes.WHOSE, f"`{zone.name}` belongs to each {zone.per_card.name}, "
                                  "not to a player", z.span, hint=f"write `{zone.name} of x`")
            elif scope.card != zone.per_card.name and not any_owner:
                self.report.error(codes.WHOSE, f"`{zone.name}` belongs to each {zone.per_card.name}: "
                                  "say whose", z.span, hint=f"write `{zone.name} of x`")
            return self.zone_card(zone)
        if zone.per_player and z.owner is None and not any_owner:
            self.report.error(codes.WHOSE, f"`{zone.name}` belongs to each player: say whose", z.span,
                              hint=f"write `my {zone.name}` or `p.{zone.name}`")
        if not zone.per_player and z.owner is not None:
            self.report.error(codes.WHOSE, f"`{zone.name}` is shared, not a player's", z.span,
                              hint=f"write just `{zone.name}`")
        owner_type = scope.type_of(z.owner) if z.owner not in (None, "my") else None
        if owner_type is not None and owner_type.maybe and owner_type.kind == "player":
            self.maybe_used(ast.Name(z.owner, z.span), owner_type, f"the owner of `{zone.name}`")
        elif z.owner not in (None, "my") and owner_type != N.PLAYER:
            self.report.error(codes.UNKNOWN_NAME, f"`{z.owner}` is not a chosen player here", z.span,
                              hint=f"choose the player first (`choose {z.owner}: player`), or write "
                              f"`my {z.zone.name}`")
        return self.zone_card(zone)

    def zone_card(self, zone: ast.Zone) -> str | None:
        """What a card of ``zone`` is (:func:`compiler.analysis.names.zone_kind`), or None
        when its kinds were reported (an unknown one, E0501; one named twice, E0611): the
        kinds meant are not known, so its cards feed no check of their kind (E0615, W0141)."""
        names = [k.name for k in zone.kinds]
        if len(set(names)) < len(names) or any(
                n not in self.mode.card_types and n not in self.mode.pieces for n in names):
            return None
        return N.zone_kind(zone)

    def track_key(self, track: ast.Track, key, scope: N.Scope, span) -> None:
        """A track kept per enum member needs ``[member]``; other tracks take none."""
        if track.per_enum is None:
            if key is not None:
                self.report.error(codes.WRONG_TYPE, f"track `{track.name}` is not kept per anything, so it "
                                  "takes no `[...]`", key.span, hint=f"write just `{track.name}`",
                                  notes=[Note("declared here", track.span)])
            return
        if not self.known_enum(track):  # E0501 said its enum is unknown: nothing more to say
            if key is not None:
                self.infer(key, scope)
            return
        if key is None:
            self.report.error(codes.WHOSE, f"track `{track.name}` is kept per {track.per_enum.name}: say "
                              "which", span, hint=f"write `{track.name}[some_{track.per_enum.name}]`")
            return
        self.expect(key, Type.enum(track.per_enum.name), scope, f"the key of `{track.name}`")

    def known_enum(self, decl) -> bool:
        """Whether the enum ``decl`` (a resource family, a track) is kept per exists: when it
        does not, E0501 says so once, at the declaration, and its uses report nothing more."""
        return decl.per_enum is not None and decl.per_enum.name in self.mode.enums

    def param_type(self, param: ast.ProcParam) -> Type:
        """The type of a procedure's parameter (``t: tile?``: a tile card or nothing)."""
        base = self._param_type(param)
        if not param.maybe or base.unknown:
            return base
        if base.is_card or base == N.PLAYER:
            return Type(base.kind, base.of, maybe=True)
        self.report.error(codes.MAYBE_PARAM_TYPE, f"only a card or a player may be absent, and "
                          f"`{param.name}` is {base.words()}", param.span,
                          hint=f"write `{param.name}: {param.type.name}` without `?`")
        return base

    def _param_type(self, param: ast.ProcParam) -> Type:
        kind = param.type.name
        for simple in (N.INT, N.BAG, N.PLAYER):
            if kind == simple.kind:
                return simple
        if kind in self.mode.card_types or kind in self.mode.pieces:
            return Type.card(kind)
        if kind in self.mode.enums:
            return Type.enum(kind)
        self.report.error(codes.UNKNOWN_NAME, f"unknown type `{kind}`", param.type.span,
                          hint=did_you_mean(kind, ["int", "bag", "player", *self.mode.card_types,
                                                   *self.mode.pieces, *self.mode.enums], "types"))
        return N.UNKNOWN

    def procedure_scope(self, proc: ast.Procedure) -> N.Scope:
        """The scope of ``proc``'s body: its parameters, typed (and recorded)."""
        scope = N.Scope()
        for param in proc.params:
            scope = scope.with_local(param.name, self.param_type(param))
        self.types.record_procedure(proc, scope)
        return scope


#: The type rule of every expression class (``dsl.ast.Expr``): ``rule(checker, e, scope)``
#: checks ``e`` in ``scope``, reporting what is wrong, and returns its type.  A new kind
#: of expression adds its rule here (tests/test_handlers.py holds every pass to that).
EXPRESSIONS: dict[type, Callable[[Checker, Any, N.Scope], Type]] = {
    ast.Number: lambda c, e, scope: N.INT,
    ast.Bool: lambda c, e, scope: N.BOOL,
    ast.Text: lambda c, e, scope: N.TEXT,
    ast.EmptyBag: lambda c, e, scope: N.BAG,
    ast.BagLiteral: Checker._bag,
    ast.PlayerCount: lambda c, e, scope: N.INT,
    ast.Me: lambda c, e, scope: N.PLAYER,
    ast.RollValue: Checker._roll,
    ast.It: Checker._it,
    ast.InZone: Checker._in_zone,
    ast.Name: Checker._name,
    ast.Attribute: Checker._attribute,
    ast.Not: Checker._not,
    ast.And: Checker._logic,
    ast.Or: Checker._logic,
    ast.Compare: Checker._compare,
    ast.Arith: Checker._arith,
    ast.Neg: Checker._neg,
    ast.Has: Checker._has,
    ast.Count: Checker._count,
    ast.Sum: Checker._sum,
    ast.AnyPlayer: Checker._any_player,
    ast.Best: Checker._best,
    ast.Index: Checker._index,
    ast.TableRead: Checker._table_read,
    ast.Call: Checker._call,
    ast.Nothing: lambda c, e, scope: N.NOTHING,
    ast.Nobody: lambda c, e, scope: N.MAYBE_PLAYER,
    ast.TopOf: Checker._top_of,
    ast.NextIn: Checker._next_in,
    ast.FieldOf: Checker._field_of,
    ast.ThePlayer: Checker._the_player,
    ast.CountPlayers: Checker._count_players,
    ast.EveryPlayer: Checker._every_player,
    ast.RoundNumber: lambda c, e, scope: N.INT,
    ast.CountShowing: Checker._count_showing,
    ast.FirstPlayer: lambda c, e, scope: N.PLAYER,
    ast.SeatCount: lambda c, e, scope: N.INT,  # construct 20
    ast.SeatTest: Checker._seat_test,
    ast.StockOf: Checker._stock_of,
    ast.IsKind: Checker._is_kind,
    ast.CanTake: actions_taken.can_take,
}


def _comparable(left: Type, right: Type) -> bool:
    """Whether ``==``/``!=`` may compare ``left`` with ``right``: one type, maybe or not
    (``payee != me``), or ``nothing`` with any card."""
    if left.definite() == right.definite():
        return True
    return (left == N.NOTHING and right.is_card) or (right == N.NOTHING and left.is_card)


def _type_hint(want: Type, got: Type) -> str:
    """How to turn ``got`` into ``want``, in the usual cases; else what ``want`` looks like."""
    if want == N.INT and got == N.BAG:
        return "a bag is not a number; count one resource, e.g. `me.worker`"
    if want == N.BOOL and got == N.INT:
        return "compare it, e.g. `... >= 1`"
    if want == N.BOOL and got == N.BAG:
        return "test a bag with `has`, e.g. `has coin 1`"
    if want == N.INT and got.is_card:
        return "read a number from the card, e.g. `b.value`"
    if want == N.PLAYER:
        return "name a player: `me`, a chosen player (`choose p: player`) or a card's `owner`"
    if want == N.BAG and got == N.INT:
        return "a bag names its resources and amounts, e.g. `coin 2`"
    return f"write {want.words()} here"
