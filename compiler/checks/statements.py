"""Checks of statements and of the choices of actions (codes E0205, E0501-E0506, E0510).

:class:`BlockChecker` adds to :class:`~compiler.checks.typecheck.Checker` what the
checks of rules (setup, actions, procedures, triggers, phases) share: a block of
statements in a scope, and the scope an action's choices make.
"""

from __future__ import annotations

from math import prod

from dsl import ast, codes
from dsl.diagnostics import Note, did_you_mean
from compiler.analysis import limits
from compiler.analysis import names as N
from compiler.checks.typecheck import Checker

DECISIONS = (ast.ChooseCards, ast.ChooseCard, ast.Ask)


class BlockChecker(Checker):
    """A :class:`~compiler.checks.typecheck.Checker` that also checks statements."""

    def block(self, stmts, scope: N.Scope) -> None:
        for i, st in enumerate(stmts):
            if _decides(st) and not all(_only_decides(x) for x in stmts[i + 1:]):
                self.report.error(codes.DECISION_NOT_LAST, "a decision must be the last thing its block "
                                  "does, or be followed only by other decisions", st.span,
                                  hint="move the statements after it before it")
            scope = self.stmt(st, scope) or scope

    def stmt(self, st, scope: N.Scope) -> N.Scope | None:
        """Check one statement; returns the scope for the statements after it
        when the statement binds a name (``let``)."""
        t = type(st)
        if t is ast.Let:
            if st.var.name in scope.locals:
                self.report.error(codes.NAME_DECLARED_TWICE, f"`{st.var.name}` is already a name here",
                                  st.var.span, hint="pick another name")
            kind = self.infer(st.value, scope)
            if kind == N.BOOL:
                self.report.error(codes.WRONG_TYPE, "`let` names a number, a card, a player or a bag, not a "
                                  "condition", st.value.span,
                                  hint="write the condition where it is used, in `if` or `require`")
            return scope.with_local(st.var.name, kind)
        if t in (ast.Gain, ast.Pay, ast.Release):
            self.expect(st.bag, N.BAG, scope, f"what `{t.__name__.lower()}` moves")
        elif t is ast.Transfer:
            self.expect(st.bag, N.BAG, scope, "what `transfer` moves")
            if st.source is not None:
                self.expect(st.source, N.PLAYER, scope, "`from`")
            self.expect(st.dest, N.PLAYER, scope, "`to`")
        elif t is ast.Score:
            self.expect(st.amount, N.INT, scope, "the points scored")
        elif t is ast.Advance:
            track = self.mode.tracks.get(st.track.name)
            if track is None:
                self.report.error(codes.UNKNOWN_NAME, f"unknown track `{st.track.name}`", st.track.span,
                                  hint=did_you_mean(st.track.name, self.mode.tracks, "tracks"))
            else:
                self.track_key(track, st.key, scope, st.span)
            self.expect(st.amount, N.INT, scope, "how far a track advances")
        elif t is ast.Again:
            pass
        elif t is ast.FirstPlayerMost:
            self.expect(st.expr, N.INT, scope, "what decides the first player")
        elif t is ast.DoProcedure:
            proc = self.mode.procedures.get(st.procedure.name)
            if proc is None:
                self.report.error(codes.UNKNOWN_NAME, f"unknown procedure `{st.procedure.name}`",
                                  st.procedure.span,
                                  hint=did_you_mean(st.procedure.name, self.mode.procedures, "procedures"))
            else:
                if len(st.args) != len(proc.params):
                    self.report.error(codes.WRONG_CALL, f"`{proc.name}` takes {len(proc.params)} value(s), "
                                      f"not {len(st.args)}", st.span,
                                      hint=f"write `do {proc.name}(" + ", ".join(p.name for p in proc.params)
                                      + ")`",
                                      notes=[Note("declared here", proc.span)])
                for arg, param in zip(st.args, proc.params):
                    self.expect(arg, self.param_type(param), scope, f"`{param.name}`")
        elif t in (ast.Draw, ast.Reveal):
            self.expect(st.count, N.INT, scope, "how many cards")
            self.same_cards(st.source, st.dest, scope)
        elif t is ast.MoveCard:
            self.card_local(st.card, scope)
            self.zone_ref(st.dest, scope)
        elif t is ast.MoveAll:
            self.same_cards(st.source, st.dest, scope)
        elif t is ast.PutCatalogue:
            cat = self.mode.catalogues.get(st.catalogue.name)
            pieces = self.mode.pieces.get(st.catalogue.name)
            if pieces is not None:
                self.zone_ref(st.dest, scope)
                if st.where is not None:
                    self.expect(st.where, N.BOOL, scope.with_card(pieces.name), "a `where` condition")
            elif cat is None:
                self.report.error(codes.UNKNOWN_NAME, f"unknown catalogue `{st.catalogue.name}`",
                                  st.catalogue.span,
                                  hint=did_you_mean(st.catalogue.name, self.mode.catalogues, "catalogues"))
            self.zone_ref(st.dest, scope)
            if cat is not None and st.where is not None:
                self.expect(st.where, N.BOOL, scope.with_card(cat.card_type.name), "a `where` condition")
        elif t is ast.Shuffle:
            self.zone_ref(st.zone, scope)
        elif t is ast.ChooseCards:
            self.expect(st.count, N.INT, scope, "how many cards")
            self.same_cards(st.source, st.dest, scope)
            self.block(st.then, scope)
        elif t is ast.ChooseCard:
            if st.var.name in scope.locals:
                self.report.error(codes.NAME_DECLARED_TWICE, f"`{st.var.name}` is already a name here",
                                  st.var.span, hint="pick another name")
            card = self.zone_ref(st.zone, scope)
            inner = scope.with_local(st.var.name, N.Type.card(card or "?"))
            if st.where is not None:  # bare field names read the card considered
                self.expect(st.where, N.BOOL, inner.with_card(card) if card else inner,
                            "a `where` condition")
            self.block(st.body, inner)
        elif t is ast.EachPlayer:
            self.block(st.body, scope)
        elif t is ast.ForEach:
            card = self.zone_ref(st.zone, scope)
            inner = scope.with_local(st.var.name, N.Type.card(card or "?"))
            if st.where is not None:  # bare field names read the card in hand
                self.expect(st.where, N.BOOL, inner.with_card(card) if card else inner,
                            "a `where` condition")
            self.block(st.body, inner)
        elif t is ast.If:
            self.expect(st.condition, N.BOOL, scope, "an `if` condition")
            self.block(st.then, scope)
            self.block(st.otherwise, scope)
        elif t is ast.SetState:
            card = self.card_local(st.var, scope)
            if card:
                b = N.card_member(self.mode, card, st.state.name)
                if b is None or b.kind != "card_state":
                    self.report.error(codes.UNKNOWN_FIELD, f"cards of type `{card}` have no state "
                                      f"`{st.state.name}`", st.state.span,
                                      hint="declare it in the zone: `state name: bool = false`")
                else:
                    self.expect(st.value, b.type, scope, f"the value of `{st.state.name}`")
        elif t is ast.Roll:
            card = self.card_local(st.die, scope)
            pieces = self.mode.pieces.get(card) if card else None
            if card and (pieces is None or not pieces.sides):
                self.report.error(codes.WRONG_TYPE,
                                  f"`{st.die.name}` is not a die: only pieces with `sides` roll",
                                  st.die.span, hint="declare the pieces with `sides 6`")
        elif t is ast.Ask:
            self.expect(st.who, N.PLAYER, scope, "who is asked")
            self.once(st.options, lambda o: o.label, codes.ASK_LABEL_TWICE,
                      lambda o: f"two options of `ask` have the label \"{o.label}\"",
                      "give each option its own label: players pick options by it", "the other option")
            for o in st.options:
                self.block(o.body, scope)

    def card_local(self, ident: ast.Ident, scope: N.Scope) -> str | None:
        owner = scope.locals.get(ident.name)
        if owner is None or not owner.is_card:
            self.report.error(codes.UNKNOWN_NAME, f"`{ident.name}` is not a chosen card here", ident.span,
                              hint=did_you_mean(ident.name, scope.locals)
                              or f"choose it first: `choose {ident.name}: card in ...`")
            return None
        return owner.of

    def same_cards(self, src: ast.ZoneRef, dst: ast.ZoneRef, scope: N.Scope) -> None:
        a, b = self.zone_ref(src, scope), self.zone_ref(dst, scope)
        if a and b and a != b:
            self.report.error(codes.WRONG_TYPE, f"`{src.zone.name}` holds {a} cards but `{dst.zone.name}` "
                              f"holds {b} cards", dst.span, hint=f"move {a} cards into a zone of {a} cards",
                              notes=[Note(f"`{z.zone.name}` is declared here",
                                          self.mode.zones[z.zone.name].span)
                                     for z in (src, dst) if z.zone.name in self.mode.zones])

    def action_scope(self, a: ast.Action) -> N.Scope:
        """The scope ``a``'s choices make, each choice checked and typed (and recorded)."""
        self.choice_count(a)
        scope = N.Scope()
        for c in a.choices:
            d = c.domain
            if c.name in scope.locals:
                self.report.error(codes.NAME_DECLARED_TWICE, f"`{c.name}` is chosen twice", c.span,
                                  hint="give each choice its own name",
                                  notes=[Note("first chosen here", prev.span) for prev in a.choices
                                         if prev.name == c.name][:1])
            if isinstance(d, ast.CardDomain):
                card = self.zone_ref(d.zone, scope)
                inner = scope.with_local(c.name, N.Type.card(card or "?"))
                if d.where is not None:  # bare field names read the card being chosen
                    self.expect(d.where, N.BOOL, inner.with_card(card) if card else inner,
                                "a `where` condition")
                scope = inner
            elif isinstance(d, ast.PlayerDomain):
                scope = scope.with_local(c.name, N.PLAYER)
            elif isinstance(d, ast.BagDomain):
                for k in d.kinds:
                    if k.name not in self.mode.resources:
                        self.report.error(codes.UNKNOWN_NAME, f"`{k.name}` is not a resource", k.span,
                                          hint=did_you_mean(k.name, self.mode.resources, "resources"))
                if d.size < 1:
                    self.report.error(codes.OUT_OF_RANGE, "a bag choice needs at least 1 item", d.span,
                                      hint="choose 1 or more, e.g. `choose x: 1 of coin, gem`")
                elif d.smallest > d.size:
                    self.report.error(codes.OUT_OF_RANGE, f"the range {d.smallest} to {d.size} is empty",
                                      d.span, hint="write the smaller number first: "
                                      f"`{d.size} to {d.smallest} of ...`")
                elif limits.bag_choices(len(d.kinds), d.size, d.smallest) > limits.MAX_CHOICES:
                    self.report.error(codes.OUT_OF_RANGE, f"a choice of {d.size} from {len(d.kinds)} "
                                      f"resources offers more than {limits.MAX_CHOICES:,} bags", d.span,
                                      hint="choose fewer items, or fewer kinds")
                scope = scope.with_local(c.name, N.BAG)
            elif isinstance(d, ast.SubsetDomain):
                kind = d.card_type.name
                if kind not in self.mode.card_types and kind not in self.mode.pieces:
                    self.report.error(codes.UNKNOWN_NAME, f"unknown card type or pieces `{kind}`",
                                      d.card_type.span,
                                      hint=did_you_mean(kind, [*self.mode.card_types, *self.mode.pieces],
                                                        "card types and pieces"))
                elif d.where is not None:
                    self.expect(d.where, N.BOOL, scope.with_card(kind), "a `where` condition")
                scope = scope.with_local(c.name, N.Type.cards(kind))
            else:
                if d.low > d.high:
                    self.report.error(codes.OUT_OF_RANGE, f"the range {d.low} to {d.high} is empty", d.span,
                                      hint=f"write the smaller number first: `{d.high} to {d.low}`")
                elif d.high - d.low + 1 > limits.MAX_CHOICES:
                    self.report.error(codes.OUT_OF_RANGE, f"the range {d.low} to {d.high} offers more than "
                                      f"{limits.MAX_CHOICES:,} numbers", d.span,
                                      hint="choose from a smaller range")
                scope = scope.with_local(c.name, N.INT)
        self.types.record_action(a, scope)
        return scope

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
                sizes.append(limits.bag_choices(len(d.kinds), d.size))
            elif isinstance(d, ast.PlayerDomain):
                sizes.append(min(self.mode.players[1], limits.MAX_PLAYERS))
        if any(n > limits.MAX_CHOICES for n in sizes):
            return  # that choice has its own error
        combinations = prod(max(n, 1) for n in sizes)
        if combinations > limits.MAX_CHOICES:
            self.report.error(codes.OUT_OF_RANGE, f"the choices of this action offer {combinations:,} "
                              f"combinations, more than {limits.MAX_CHOICES:,}", a.choices[0].span,
                              hint="choose from smaller ranges, or choose inside the effect")


def _decides(st) -> bool:
    if isinstance(st, DECISIONS):
        return True
    if isinstance(st, ast.If):
        return any(_decides(x) for x in st.then + st.otherwise)
    if isinstance(st, (ast.EachPlayer, ast.ForEach)):
        return any(_decides(x) for x in st.body)
    return False


def _only_decides(st) -> bool:
    """A decision, or a block statement made of decisions only: it may follow a decision,
    since decisions are asked one after another."""
    if isinstance(st, DECISIONS):
        return True
    if isinstance(st, ast.If):
        return all(_only_decides(x) for x in st.then + st.otherwise)
    if isinstance(st, (ast.EachPlayer, ast.ForEach)):
        return all(_only_decides(x) for x in st.body)
    return False
