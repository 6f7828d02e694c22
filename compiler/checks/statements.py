"""Checks of statements and of the choices of actions (codes E0205, E0501-E0506).

:class:`BlockChecker` adds to :class:`~compiler.checks.typecheck.Checker` what the
checks of rules (setup, actions, procedures, triggers, phases) share: a block of
statements in a scope, and the scope an action's choices make.
"""

from __future__ import annotations

from collections.abc import Callable
from math import prod
from typing import Any

from dsl import ast, codes
from dsl.diagnostics import Note, did_you_mean
from compiler.analysis import constfold, limits
from compiler.analysis import names as N
from compiler.checks import actions_taken
from compiler.checks.kinds import fits, kind_words
from compiler.checks.repetition import check_as, check_repeat
from compiler.checks.value_choices import check_choose_value
from compiler.checks.typecheck import Checker

#: Statements that take cards out of a zone named in the statement (its ``source``).
_EMPTIES_SOURCE = (ast.MoveAll, ast.Draw, ast.ChooseCards)
#: Statements that may take a card out of any zone (the card moved, or a procedure's body).
_EMPTIES_ANY = (ast.MoveCard, ast.DoProcedure, ast.ChooseCard, ast.DoCardRule)


def _forget_guards(st, scope: N.Scope) -> N.Scope:
    """The scope after ``st``, without the guards (``count Z >= 1``) it may have made
    false: a statement that takes cards out of ``Z`` (``move all Z ...``, ``draw ... from
    Z``) forgets the guards on ``Z``; one that may take a card out of any zone (``move
    c ...``, a procedure) forgets them all.  Nested blocks count (design 1.2: a guard
    holds only while nothing has emptied its zone)."""
    emptied: set[str] = set()
    for node in ast.walk(st):
        if isinstance(node, _EMPTIES_ANY):
            return scope.forget()
        if isinstance(node, _EMPTIES_SOURCE):
            emptied.add(node.source.zone.name)
    return scope.forget(frozenset(emptied)) if emptied else scope


class BlockChecker(Checker):
    """A :class:`~compiler.checks.typecheck.Checker` that also checks statements."""

    #: True in rules whose "you" may be an automaton's seat (its turns, `each KIND`): there
    #: `other player` is another seat than it, a human one in a solo mode (W0156 is wrong)
    seat_rules = False

    def block(self, stmts, scope: N.Scope) -> None:
        for st in stmts:
            scope = self.stmt(st, scope) or scope
            if scope.guards:
                scope = _forget_guards(st, scope)

    def stmt(self, st, scope: N.Scope) -> N.Scope | None:
        """Check one statement (by its class's rule in :data:`STATEMENTS`); returns the
        scope for the statements after it when the statement binds a name (``let``)."""
        rule = STATEMENTS.get(type(st))
        return rule(self, st, scope) if rule is not None else None

    def _let(self, st: ast.Let, scope: N.Scope) -> N.Scope:
        if st.var.name in scope.locals:
            self.report.error(codes.NAME_DECLARED_TWICE, f"`{st.var.name}` is already a name here",
                              st.var.span, hint="pick another name")
        kind = self.infer(st.value, scope)
        if kind == N.BOOL:
            self.report.error(codes.WRONG_TYPE, "`let` names a number, a card, a player or a bag, not a "
                              "condition", st.value.span,
                              hint="write the condition where it is used, in `if` or `require`")
        return scope.with_local(st.var.name, kind)

    def _bag_move(self, st: ast.Gain | ast.Pay | ast.Release, scope: N.Scope) -> None:
        self.expect(st.bag, N.BAG, scope, f"what `{type(st).__name__.lower()}` moves")

    def _transfer(self, st: ast.Transfer, scope: N.Scope) -> None:
        self.expect(st.bag, N.BAG, scope, "what `transfer` moves")
        if st.source is not None:
            self.holder(st.source, scope, "`from`")
        self.holder(st.dest, scope, "`to`")

    def _transfer_all(self, st: ast.TransferAll, scope: N.Scope) -> None:
        self.holder(st.source, scope, "what `transfer all` empties")
        self.holder(st.dest, scope, "`to`")

    def _gain_into(self, st: ast.GainInto, scope: N.Scope) -> None:
        self.expect(st.bag, N.BAG, scope, "what `gain` takes from the supply")
        self._a_stock(st.dest, scope, "`gain ... into`")

    def _clear(self, st: ast.Clear, scope: N.Scope) -> None:
        self._a_stock(st.stock, scope, "`clear`")

    def _a_stock(self, e, scope: N.Scope, what: str) -> None:
        if self.stock_ref(e, scope):
            self.infer(e, scope)
            return
        self.infer(e, scope)
        self.report.error(codes.TRANSFER_ENDPOINTS, f"{what} takes a stock, and this is not one", e.span,
                          hint="name a stock: `cubes of sp`, or a stock of the game")

    def _score(self, st: ast.Score, scope: N.Scope) -> None:
        self.expect(st.amount, N.INT, scope, "the points scored")

    def _advance(self, st: ast.Advance, scope: N.Scope) -> None:
        track = self.mode.tracks.get(st.track.name)
        if track is None:
            self.report.error(codes.UNKNOWN_NAME, f"unknown track `{st.track.name}`", st.track.span,
                              hint=did_you_mean(st.track.name, self.mode.tracks, "tracks"))
        else:
            self.track_key(track, st.key, scope, st.span)
        self.expect(st.amount, N.INT, scope, "how far a track advances")

    def _first_player_most(self, st: ast.FirstPlayerMost, scope: N.Scope) -> None:
        self.expect(st.expr, N.INT, scope, "what decides the first player")

    def _do_procedure(self, st: ast.DoProcedure, scope: N.Scope) -> None:
        proc = self.mode.procedures.get(st.procedure.name)
        if proc is None:
            self.report.error(codes.UNKNOWN_NAME, f"unknown procedure `{st.procedure.name}`",
                              st.procedure.span,
                              hint=did_you_mean(st.procedure.name, self.mode.procedures, "procedures"))
            return
        if len(st.args) != len(proc.params):
            self.report.error(codes.WRONG_CALL, f"`{proc.name}` takes {len(proc.params)} value(s), "
                              f"not {len(st.args)}", st.span,
                              hint=f"write `do {proc.name}(" + ", ".join(p.name for p in proc.params) + ")`",
                              notes=[Note("declared here", proc.span)])
        for arg, param in zip(st.args, proc.params):
            self.expect(arg, self.param_type(param), scope, f"`{param.name}`")

    def _draw(self, st: ast.Draw | ast.Reveal, scope: N.Scope) -> None:
        self.expect(st.count, N.INT, scope, "how many cards")
        self.same_cards(st.source, st.dest, scope)

    def _move_card(self, st: ast.MoveCard, scope: N.Scope) -> None:
        card = self.infer(st.card, scope)  # a card that may be nothing moves nothing: no test needed
        if not card.unknown and not card.is_card:
            self.report.error(codes.MOVE_NOT_CARD, f"`move` moves a card, and this is {card.words()}",
                              st.card.span, hint="move a chosen card, a `let` naming one or `top of ...`; "
                              "`move all ZONE into ...` moves a whole zone")
        self.into(card, st.dest, self.zone_ref(st.dest, scope), st.card.span)  # E0615 (construct 9)

    def _move_all(self, st: ast.MoveAll, scope: N.Scope) -> None:
        self.same_cards(st.source, st.dest, scope)

    def _put_catalogue(self, st: ast.PutCatalogue, scope: N.Scope) -> None:
        cat = self.mode.catalogues.get(st.catalogue.name)
        pieces = self.mode.pieces.get(st.catalogue.name)
        held = self.zone_ref(st.dest, scope)  # what the zone holds: E0615 for cards of another kind
        kind = pieces.name if pieces is not None else cat.card_type.name if cat is not None else None
        if kind is None:
            self.report.error(codes.UNKNOWN_NAME, f"unknown catalogue `{st.catalogue.name}`",
                              st.catalogue.span,
                              hint=did_you_mean(st.catalogue.name, self.mode.catalogues, "catalogues"))
            return
        if kind in self.mode.card_types or kind in self.mode.pieces:
            self.into(N.Type.card(kind), st.dest, held, st.catalogue.span)
        if st.where is not None:
            self.expect(st.where, N.BOOL, scope.with_card(kind), "a `where` condition")

    def _shuffle(self, st: ast.Shuffle, scope: N.Scope) -> None:
        self.zone_ref(st.zone, scope)

    def _choose_cards(self, st: ast.ChooseCards, scope: N.Scope) -> None:
        self.expect(st.count, N.INT, scope, "how many cards")
        self.same_cards(st.source, st.dest, scope)
        self.block(st.then, scope)

    def _choose_card(self, st: ast.ChooseCard, scope: N.Scope) -> None:
        if st.var.name in scope.locals:
            self.report.error(codes.NAME_DECLARED_TWICE, f"`{st.var.name}` is already a name here",
                              st.var.span, hint="pick another name")
        card = self.zone_ref(st.zone, scope)
        inner = scope.with_local(st.var.name, N.Type.card(card or "?"))
        if st.where is not None:  # bare field names read the card considered
            self.expect(st.where, N.BOOL, inner.with_card(card) if card else inner, "a `where` condition")
        self.block(st.body, inner)

    def _each_player(self, st: ast.EachPlayer, scope: N.Scope) -> None:
        self.player_select(st.where, st.measures, st.then_where, scope)
        self.block(st.body, scope)

    def _for_each(self, st: ast.ForEach, scope: N.Scope) -> None:
        z = st.zone
        if z.owner is None and z.owner_expr is None and z.zone.name not in self.mode.zones \
                and z.zone.name not in scope.locals:
            enum = self.mode.enums.get(z.zone.name)
            if enum is None:  # neither a zone nor an enum
                self.report.error(codes.ENUM_LOOP_NOT_ZONE, f"`{z.zone.name}` is neither a zone nor an enum",
                                  z.zone.span, hint=did_you_mean(z.zone.name, [*self.mode.zones,
                                                                               *self.mode.enums],
                                                                 "zones and enums")
                                  or "loop over the cards of a zone or the members of an enum")
                inner = scope.with_local(st.var.name, N.UNKNOWN)
            else:  # for each k in ENUM: once per member, in declaration order
                inner = scope.with_local(st.var.name, N.Type.enum(enum.name))
                if st.where is not None:
                    self.expect(st.where, N.BOOL, inner, "a `where` condition")
                    self.member_filter(st.var.name, st.where)
            self.block(st.body, inner)
            return
        card = self.zone_ref(st.zone, scope)
        inner = scope.with_local(st.var.name, N.Type.card(card or "?"))
        if st.where is not None:  # bare field names read the card in hand
            self.expect(st.where, N.BOOL, inner.with_card(card) if card else inner, "a `where` condition")
        self.block(st.body, self.filtered(inner, st.where))  # `where v is drone`: a drone inside

    def _if(self, st: ast.If, scope: N.Scope) -> None:
        self.expect(st.condition, N.BOOL, scope, "an `if` condition")
        self.block(st.then, scope.narrow(*N.narrowing(st.condition)))  # design 1.2
        self.block(st.otherwise, scope.narrow(*N.narrowing(st.condition, negated=True)))

    def _look_at(self, st: ast.LookAt, scope: N.Scope) -> None:
        """``look at ZONE { ... }`` (construct 11): a zone, and a block; what the player may
        choose inside is checked with the hidden information (E0604, W0113)."""
        self.zone_ref(st.zone, scope)
        self.block(st.body, scope)

    def _set_state(self, st: ast.SetState, scope: N.Scope) -> None:
        owner = scope.type_of(st.var.name)
        if owner is not None and owner.definite() == N.PLAYER:  # `set p.morale = 3`: p's track
            if owner.maybe:
                self.maybe_used(ast.Name(st.var.name, st.var.span), owner, f"`{st.var.name}` here")
            self.set_track(st.state, None, st.value, scope, player=st.var.name)
            return
        card = self.card_local(st.var, scope)
        if card:
            b = N.card_member(self.mode, card, st.state.name)
            if b is None or b.kind != "card_state":
                self.report.error(codes.UNKNOWN_FIELD, f"cards of type `{card}` have no state "
                                  f"`{st.state.name}`", st.state.span,
                                  hint="declare it in the zone: `state name: bool = false`")
            else:
                self.expect(st.value, b.type, scope, f"the value of `{st.state.name}`")

    def _set_track(self, st: ast.SetTrack, scope: N.Scope) -> None:
        dice = self.mode.dice.get(st.track.name)
        if dice is not None and st.track.name not in self.mode.tracks:  # turn a die (construct 16)
            if st.key is not None:
                self.die_index(dice, st.key, scope)
            elif dice.count > 1:
                self.report.error(codes.DIE_NEEDS_INDEX, f"`{dice.name}` is {dice.count} dice: say which "
                                  "one to turn", st.track.span, hint=f"write `set {dice.name}[1] = ...`",
                                  notes=[Note("declared here", dice.span)])
            self.die_face(dice, st.value, scope)
            return
        self.set_track(st.track, st.key, st.value, scope)

    def set_track(self, name: ast.Ident, key, value, scope: N.Scope, player: str | None = None) -> None:
        """``set TRACK = E``, ``set TRACK[k] = E`` and (``player`` given) ``set p.TRACK = E``
        (construct 12): E0501 for an unknown name, E0531 when it names something else than a
        track (the hint names the statement that changes it), E0505 for ``p.TRACK`` of a
        track not kept per player, W0128 when a number known before the game lies outside
        the track's range."""
        track = self.mode.tracks.get(name.name)
        self.expect(value, N.INT, scope, "the value a track is set to")
        if track is None:
            self._not_a_track(name, scope, player)
            return
        if player is not None and not track.per_player:
            self.report.error(codes.WHOSE, f"track `{track.name}` is not kept per player: there is no "
                              f"`{player}.{track.name}`", name.span, hint=f"write `set {track.name} = ...`",
                              notes=[Note("declared here", track.span)])
            return
        self.track_key(track, key, scope, name.span)
        bounds = constfold.track_bounds(self.mode, track)
        v = constfold.fold(value, constfold.mode_env(self.mode))
        if bounds and isinstance(v, int) and not isinstance(v, bool) and not bounds[0] <= v <= bounds[1]:
            self.report.warning(codes.SET_OUTSIDE_RANGE, f"`{track.name}` runs from {bounds[0]} to "
                                f"{bounds[1]}, so setting it to {v} puts it at "
                                f"{min(max(v, bounds[0]), bounds[1])}", value.span,
                                hint="set it to a value inside the range, or widen the range",
                                notes=[Note("the range", track.low.span)])

    def _not_a_track(self, name: ast.Ident, scope: N.Scope, player: str | None) -> None:
        n, m = name.name, self.mode
        verbs = {"param": ("a param, fixed for a game", "declare a track to change it during play, "
                           "or change the param in a mode with `set`"),
                 "derived": ("a derived value, worked out from others", "change what it is worked out from"),
                 "tally": ("a tally, counted by the actions it limits", "take the actions it counts"),
                 "resource": ("a resource", f"`gain {n} 1` or `pay {n} 1` change what a player holds"),
                 "local": ("a name chosen in this rule",
                           "choose another value, or name a new one with `let`")}
        kind = ("local" if n in scope.locals and player is None else "param" if n in m.params
                else "derived" if n in m.derived else "tally" if n in m.tallies
                else "resource" if n in m.resources else None)
        if kind is None:
            self.report.error(codes.UNKNOWN_NAME, f"unknown track `{n}`", name.span,
                              hint=did_you_mean(n, m.tracks, "tracks") or "`set` puts a track's marker "
                              "at a value: declare the track")
            return
        what, fix = verbs[kind]
        self.report.error(codes.SET_NOT_TRACK, f"`set` changes a track, and `{n}` is {what}", name.span,
                          hint=fix)

    def _roll(self, st: ast.Roll, scope: N.Scope) -> None:
        dice = self.mode.dice.get(st.die.name)
        if dice is not None and st.die.name not in scope.locals:  # dice of the game (construct 16)
            if st.index is not None:
                self.die_index(dice, st.index, scope)
            return
        if st.index is not None:
            self.report.error(codes.WRONG_TYPE, f"`{st.die.name}` is not a set of dice: `[...]` names one "
                              "die of a `dice` declaration", st.index.span,
                              hint=f"write `roll {st.die.name}`")
        card = self.card_local(st.die, scope)
        pieces = self.mode.pieces.get(card) if card else None
        if card and (pieces is None or not pieces.is_die):
            self.report.error(codes.WRONG_TYPE,
                              f"`{st.die.name}` is not a die: only pieces with `sides` roll", st.die.span,
                              hint="declare the pieces with `sides 6`")

    def _ask(self, st: ast.Ask, scope: N.Scope) -> None:
        self.expect(st.who, N.PLAYER, scope, "who is asked")
        self.once(st.options, lambda o: o.label, codes.ASK_LABEL_TWICE,
                  lambda o: f"two options of `ask` have the label \"{o.label}\"",
                  "give each option its own label: players pick options by it", "the other option")
        for o in st.options:
            self.block(o.body, scope)

    def _nothing_to_check(self, st, scope: N.Scope) -> None:
        """``done``, ``again`` and the first-player statements name nothing to check."""

    def card_local(self, ident: ast.Ident, scope: N.Scope) -> str | None:
        owner = scope.type_of(ident.name)
        if owner is not None and owner.maybe and owner.is_card:
            self.maybe_used(ast.Name(ident.name, ident.span), owner, f"`{ident.name}` here")
            return owner.of
        if owner is None or not owner.is_card:
            self.report.error(codes.UNKNOWN_NAME, f"`{ident.name}` is not a chosen card here", ident.span,
                              hint=did_you_mean(ident.name, scope.locals)
                              or f"choose it first: `choose {ident.name}: card in ...`")
            return None
        return owner.of

    def same_cards(self, src: ast.ZoneRef, dst: ast.ZoneRef, scope: N.Scope) -> None:
        a, b = self.zone_ref(src, scope), self.zone_ref(dst, scope)
        if a and b and not fits(a, b):  # a zone of several kinds into one that holds them all
            a, b = kind_words(a), kind_words(b)
            self.report.error(codes.WRONG_TYPE, f"`{src.zone.name}` holds {a} cards but `{dst.zone.name}` "
                              f"holds {b} cards", dst.span, hint=f"move {a} cards into a zone of {a} cards",
                              notes=[Note(f"`{z.zone.name}` is declared here",
                                          self.mode.zones[z.zone.name].span)
                                     for z in (src, dst) if z.zone.name in self.mode.zones])

    def action_scope(self, a: ast.Action) -> N.Scope:
        """The scope ``a``'s choices make, each choice checked (by its domain's rule in
        :data:`DOMAINS`) and typed; recorded."""
        self.choice_count(a)
        scope = N.Scope()
        for c in a.choices:
            if c.name in scope.locals:
                self.report.error(codes.NAME_DECLARED_TWICE, f"`{c.name}` is chosen twice", c.span,
                                  hint="give each choice its own name",
                                  notes=[Note("first chosen here", prev.span) for prev in a.choices
                                         if prev.name == c.name][:1])
            rule = DOMAINS.get(type(c.domain))
            scope = rule(self, c, c.domain, scope) if rule is not None else scope
        self.types.record_action(a, scope)
        return scope

    def _card_domain(self, c: ast.Choice, d: ast.CardDomain, scope: N.Scope) -> N.Scope:
        card = self.zone_ref(d.zone, scope)
        inner = scope.with_local(c.name, N.Type.card(card or "?"))
        if d.where is not None:  # bare field names read the card being chosen
            self.expect(d.where, N.BOOL, inner.with_card(card) if card else inner, "a `where` condition")
        return inner

    def _enum_domain(self, c: ast.Choice, d: ast.EnumDomain, scope: N.Scope) -> N.Scope:
        enum = self.mode.enums.get(d.enum.name)
        if enum is None:
            self.report.error(codes.UNKNOWN_NAME, f"`{d.enum.name}` is not an enum, nor a kind of choice",
                              d.enum.span, hint=did_you_mean(d.enum.name, self.mode.enums, "enums")
                              or "choose a member of an enum (`choose k: knowledge`), a card (`card in "
                              "my hand`), a player, a number (`1 to 3`) or a bag (`2 of coin`)")
            return scope.with_local(c.name, N.UNKNOWN)
        inner = scope.with_local(c.name, N.Type.enum(enum.name))
        if d.where is not None:  # the choice's name is the member considered
            self.expect(d.where, N.BOOL, inner, "a `where` condition")
            self.member_filter(c.name, d.where)
        return inner

    def member_filter(self, name: str, where) -> None:
        """W0116: a filter of enum members that never reads the member ``name``."""
        if not any(type(node) is ast.Name and node.name == name for node in ast.walk(where)):
            self.report.warning(codes.FILTER_IGNORES_MEMBER, f"this condition never reads `{name}`, so it "
                                "keeps every member or none", where.span,
                                hint=f"name the member in it (`... [{name}] >= 1`), or remove `where`")

    def _bag_domain(self, c: ast.Choice, d: ast.BagDomain, scope: N.Scope) -> N.Scope:
        for k in d.kinds:
            if k.name not in self.mode.resources:
                self.report.error(codes.UNKNOWN_NAME, f"`{k.name}` is not a resource", k.span,
                                  hint=did_you_mean(k.name, self.mode.resources, "resources"))
        if d.size < 1:
            self.report.error(codes.OUT_OF_RANGE, "a bag choice needs at least 1 item", d.span,
                              hint="choose 1 or more, e.g. `choose x: 1 of coin, gem`")
        elif d.smallest > d.size:
            self.report.error(codes.OUT_OF_RANGE, f"the range {d.smallest} to {d.size} is empty", d.span,
                              hint=f"write the smaller number first: `{d.size} to {d.smallest} of ...`")
        elif limits.bag_choices(self.bag_kinds(d), d.size, d.smallest) > limits.MAX_CHOICES:
            self.report.error(codes.OUT_OF_RANGE, f"a choice of {d.size} from {len(d.kinds)} resources "
                              f"offers more than {limits.MAX_CHOICES:,} bags", d.span,
                              hint="choose fewer items, or fewer kinds")
        return scope.with_local(c.name, N.BAG)

    def _subset_domain(self, c: ast.Choice, d: ast.SubsetDomain, scope: N.Scope) -> N.Scope:
        kind = d.card_type.name
        if kind not in self.mode.card_types and kind not in self.mode.pieces:
            self.report.error(codes.UNKNOWN_NAME, f"unknown card type or pieces `{kind}`", d.card_type.span,
                              hint=did_you_mean(kind, [*self.mode.card_types, *self.mode.pieces],
                                                "card types and pieces"))
        elif d.where is not None:
            self.expect(d.where, N.BOOL, scope.with_card(kind), "a `where` condition")
        return scope.with_local(c.name, N.Type.cards(kind))

    def _range_domain(self, c: ast.Choice, d: ast.RangeDomain, scope: N.Scope) -> N.Scope:
        if d.low > d.high:
            self.report.error(codes.OUT_OF_RANGE, f"the range {d.low} to {d.high} is empty", d.span,
                              hint=f"write the smaller number first: `{d.high} to {d.low}`")
        elif d.high - d.low + 1 > limits.MAX_CHOICES:
            self.report.error(codes.OUT_OF_RANGE, f"the range {d.low} to {d.high} offers more than "
                              f"{limits.MAX_CHOICES:,} numbers", d.span, hint="choose from a smaller range")
        return scope.with_local(c.name, N.INT)

    def bag_kinds(self, d: ast.BagDomain) -> int:
        """How many resources a bag choice draws from: a family counts each member."""
        return sum(len(N.family_members(self.mode, self.mode.resources[k.name]))
                   if N.family_of(self.mode, k.name) else 1 for k in d.kinds)

    def choice_count(self, a: ast.Action) -> None:
        """E0506 when the choices of an action whose options are known before the game
        (ranges, bags, players) offer more than MAX_CHOICES combinations: the engine lists
        every combination as an action.  (More than MAX_ACTION_CHOICES choices is refused
        before, by :mod:`compiler.analysis.bounds`.)"""
        sizes = []
        for c in a.choices:
            d = c.domain
            if isinstance(d, ast.RangeDomain):
                sizes.append(d.high - d.low + 1)
            elif isinstance(d, ast.BagDomain):
                sizes.append(limits.bag_choices(self.bag_kinds(d), d.size))
            elif isinstance(d, ast.EnumDomain) and d.enum.name in self.mode.enums:
                sizes.append(len(self.mode.enums[d.enum.name].members))
            elif isinstance(d, ast.PlayerDomain):
                sizes.append(min(self.mode.players[1], limits.MAX_PLAYERS))
        if any(n > limits.MAX_CHOICES for n in sizes):
            return  # that choice has its own error
        combinations = prod(max(n, 1) for n in sizes)
        if combinations > limits.MAX_CHOICES:
            self.report.error(codes.OUT_OF_RANGE, f"the choices of this action offer {combinations:,} "
                              f"combinations, more than {limits.MAX_CHOICES:,}", a.choices[0].span,
                              hint="choose from smaller ranges, or choose inside the effect")


#: The rule of every statement class (``dsl.ast.Stmt``): ``rule(checker, st, scope)``
#: checks ``st``, reporting what is wrong; it returns the scope of the statements after
#: it when ``st`` binds a name, else None.  A new kind of statement adds its rule here.
STATEMENTS: dict[type, Callable[[BlockChecker, Any, N.Scope], N.Scope | None]] = {
    ast.Let: BlockChecker._let,
    ast.Gain: BlockChecker._bag_move,
    ast.Pay: BlockChecker._bag_move,
    ast.Release: BlockChecker._bag_move,
    ast.Transfer: BlockChecker._transfer,
    ast.Score: BlockChecker._score,
    ast.Advance: BlockChecker._advance,
    ast.Draw: BlockChecker._draw,
    ast.Reveal: BlockChecker._draw,
    ast.MoveCard: BlockChecker._move_card,
    ast.MoveAll: BlockChecker._move_all,
    ast.PutCatalogue: BlockChecker._put_catalogue,
    ast.Shuffle: BlockChecker._shuffle,
    ast.ChooseCards: BlockChecker._choose_cards,
    ast.ChooseCard: BlockChecker._choose_card,
    ast.EachPlayer: BlockChecker._each_player,
    ast.EachSeat: lambda c, st, scope: c.each_seat(st, scope),  # construct 20
    ast.ForEach: BlockChecker._for_each,
    ast.If: BlockChecker._if,
    ast.LookAt: BlockChecker._look_at,
    ast.SetState: BlockChecker._set_state,
    ast.SetTrack: BlockChecker._set_track,
    ast.TransferAll: BlockChecker._transfer_all,
    ast.GainInto: BlockChecker._gain_into,
    ast.Clear: BlockChecker._clear,
    ast.FirstPlayerTo: lambda checker, st, scope: checker.expect(st.player, N.PLAYER, scope,
                                                                 "who takes the first player marker"),
    ast.Done: BlockChecker._nothing_to_check,
    ast.Again: BlockChecker._nothing_to_check,
    ast.PassFirstPlayer: BlockChecker._nothing_to_check,
    ast.FirstPlayerRandom: BlockChecker._nothing_to_check,
    ast.FirstPlayerMost: BlockChecker._first_player_most,
    ast.DoProcedure: BlockChecker._do_procedure,
    ast.DoCardRule: BlockChecker._do_card_rule,
    ast.Ask: BlockChecker._ask,
    ast.Roll: BlockChecker._roll,
    ast.TakeAction: actions_taken.take,
    ast.Repeat: check_repeat,
    ast.AsPlayer: check_as,
    ast.ChooseValue: check_choose_value,
}

#: The rule of every choice domain (``dsl.ast.Domain``): ``rule(checker, choice, domain,
#: scope)`` checks the choice and returns ``scope`` with the choice's name, typed.
DOMAINS: dict[type, Callable[[BlockChecker, ast.Choice, Any, N.Scope], N.Scope]] = {
    ast.CardDomain: BlockChecker._card_domain,
    ast.PlayerDomain: lambda checker, c, d, scope: scope.with_local(c.name, N.PLAYER),
    ast.BagDomain: BlockChecker._bag_domain,
    ast.SubsetDomain: BlockChecker._subset_domain,
    ast.RangeDomain: BlockChecker._range_domain,
    ast.EnumDomain: BlockChecker._enum_domain,
    ast.GivenDomain: actions_taken.given_domain,
}

