"""Lowering of statements to Python source for the engines: :class:`StmtLowering` writes
a statement list through a :class:`Writer` (indented lines), by each statement class's
rule in :data:`STATEMENTS`; ``ask`` option bodies and the like become extra functions.

Split from :mod:`compiler.engine.pyexpr` (issue 9's size rule; slice A1 of the issue-11
design), whose :func:`~compiler.engine.pyexpr.expr` lowers the expressions in them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from dsl import ast
from compiler.analysis import constfold
from compiler.analysis import names as N
from compiler.engine.bags import amount
from compiler.engine import taking
from compiler.engine.continuations import ContinuationLowering
from compiler.engine.pyexpr import (_IDENT, Ctx, Resources, _loop_enum, _maybe, _players, _zone_card, expr,
                                    enum_members, roll_piece,
                                    holder_place, owner, slot, stock_place, zone)
from compiler.engine.pyquote import Code, Writer, literal


def _bottom(bottom: bool) -> str:
    """The last argument of a move: ``, bottom=True`` to the bottom of the zone, else none."""
    return ", bottom=True" if bottom else ""


@dataclass
class StmtLowering(ContinuationLowering):
    """Lowers statement lists; option bodies of ``ask`` become extra functions."""

    res: Resources
    score_track: str
    extra: list[Code] = field(default_factory=list)
    #: what the functions of the effect being lowered are named after: the action
    #: (``offer_trade``), or the function it lowers into (``on_enter_place``)
    owner: str = ""
    source_lines: list[str] = field(default_factory=list)
    #: makes a module-level function name no other has, from a kind and a base
    #: (``("ask", "offer_trade")`` → ``ask_offer_trade``, then ``ask_offer_trade_2``)
    name_function: Callable[[str, str], str] = lambda kind, base: f"{kind}_{base}"
    #: the names of the ``ask`` functions made so far
    ask_names: list[str] = field(default_factory=list)
    #: continuation function name → the types of the locals its ``env`` holds (design 1.1.5)
    env_schemas: dict[str, dict[str, str]] = field(default_factory=dict)
    #: the actions answering the values chosen in the effects lowered so far
    #: (``choose_member``...: :mod:`compiler.engine.value_choices`)
    value_answers: set[str] = field(default_factory=set)

    def block(self, stmts, ctx: Ctx, w: Writer) -> None:
        if not stmts:
            w.line("pass")
        for st in stmts:
            ctx = self.stmt(st, ctx, w) or ctx

    def cite(self, line: int, w: Writer) -> None:
        """The comment that cites spec line ``line`` (and its text) above the code lowered from it."""
        text = self.source_lines[line - 1].strip() if 0 < line <= len(self.source_lines) else ""
        w.comment(f"spec line {line}: {text}" if text else f"spec line {line}")

    def stmt(self, st, ctx: Ctx, w: Writer) -> Ctx | None:
        """Lower one statement (by its class's rule in :data:`STATEMENTS`), after the
        comment citing its spec line; returns the context for the statements after it
        when the statement binds a name (``let``)."""
        self.cite(st.span.line, w)
        try:
            lower = STATEMENTS[type(st)]
        except KeyError:
            raise TypeError(f"no lowering for {type(st).__name__}") from None
        return lower(self, st, ctx, w)

    def value(self, e, ctx: Ctx) -> str:
        """Python source for expression ``e`` in ``ctx``."""
        return expr(e, ctx, self.res)

    def _let(self, st: ast.Let, ctx: Ctx, w: Writer) -> Ctx:
        w.line(f"v_{st.var.name} = {self.value(st.value, ctx)}")
        return ctx.local(st.var.name, ctx.types.expression(st.value, ctx.scope))  # as the checker typed it

    def _constant_bag(self, bag, ctx: Ctx) -> list[tuple[int, int]] | None:
        """The (resource index, amount) pairs a constant bag names, when the player is
        a plain name (so the amounts can be changed inline); else None."""
        const = bag.constant() if type(bag) is ast.BagLiteral and _IDENT.match(ctx.me) else None
        if const is None:
            return None
        return [(i, n) for i, n in enumerate(self.res.bag(const)) if n]

    def _gain(self, st: ast.Gain, ctx: Ctx, w: Writer) -> None:
        if _one_item(st, ctx, self.res, w):
            return
        items = self._constant_bag(st.bag, ctx)
        if items is None:
            w.line(f"R.gain(s, {ctx.me}, {self.value(st.bag, ctx)})")
            return
        for i, n in items:  # a constant bag: each resource it names, inline
            w.line(f"s.res[{ctx.me}][{i}] += {n}")

    def _pay(self, st: ast.Pay, ctx: Ctx, w: Writer) -> None:
        if _one_item(st, ctx, self.res, w):
            return
        items = self._constant_bag(st.bag, ctx)
        if items is None:
            w.line(f"R.pay(s, {ctx.me}, {self.value(st.bag, ctx)})")
            return
        for i, n in items:  # a constant bag, inline, as R.pay: resource by resource
            w.line(f"if s.res[{ctx.me}][{i}] < {n}:")
            w.line('    raise R.IllegalActionError("cannot pay: not enough resources")')
            w.line(f"s.res[{ctx.me}][{i}] -= {n}")

    def _transfer(self, st: ast.Transfer, ctx: Ctx, w: Writer) -> None:
        if stock_place(st.dest, ctx) or (st.source is not None and stock_place(st.source, ctx)):
            src = f"s.res[{ctx.me}]" if st.source is None else holder_place(st.source, ctx, self.res)
            w.line(f"R.move_bag({src}, {holder_place(st.dest, ctx, self.res)}, {self.value(st.bag, ctx)})")
            return
        src = ctx.me if st.source is None else self.value(st.source, ctx)
        w.line(f"R.transfer(s, {src}, {self.value(st.dest, ctx)}, {self.value(st.bag, ctx)})")

    def _advance(self, st: ast.Advance, ctx: Ctx, w: Writer) -> None:
        track = ctx.mode.tracks[st.track.name]
        target = self._track_target(track, st.key, ctx.me, ctx)
        if track.low is not None:  # a ranged track stops at its ends (construct 12)
            w.line(f"{target} = {self._clamp(track, f'{target} + {self.value(st.amount, ctx)}', ctx)}")
            return
        w.line(f"{target} += {self.value(st.amount, ctx)}")

    def _track_target(self, track: ast.Track, key, who: str, ctx: Ctx) -> str:
        """The Python place of ``track``'s marker: ``who``'s, or the one of ``key``."""
        if key is not None:
            return f"s.gtr[{literal(track.name)}][{self.value(key, ctx)}]"
        if track.per_player:
            return f"s.tr[{literal(track.name)}][{who}]"
        return f"s.gtr[{literal(track.name)}]"

    def _clamp(self, track: ast.Track, value: str, ctx: Ctx) -> str:
        """``value`` kept inside ``track``'s range (ends folded when they are constants)."""
        if track.low is None or track.high is None:
            return value
        bounds = constfold.track_bounds(ctx.mode, track)
        if bounds and re.fullmatch(r"-?[0-9]+", value):  # a number written out: clamped here
            return str(min(max(int(value), bounds[0]), bounds[1]))
        low, high = (str(b) for b in bounds) if bounds else (self.value(track.low, ctx),
                                                              self.value(track.high, ctx))
        return f"min(max({value}, {low}), {high})"

    def _transfer_all(self, st: ast.TransferAll, ctx: Ctx, w: Writer) -> None:
        var = ctx.fresh("h")
        w.line(f"{var} = {holder_place(st.source, ctx, self.res)}")
        w.line(f"R.move_bag({var}, {holder_place(st.dest, ctx, self.res)}, tuple({var}))")

    def _gain_into(self, st: ast.GainInto, ctx: Ctx, w: Writer) -> None:
        w.line(f"R.move_bag(None, {stock_place(st.dest, ctx)}, {self.value(st.bag, ctx)})")

    def _clear(self, st: ast.Clear, ctx: Ctx, w: Writer) -> None:
        var = ctx.fresh("h")
        w.line(f"{var} = {stock_place(st.stock, ctx)}")
        w.line(f"{var}[:] = [0] * len({var})")

    def _set_track(self, st: ast.SetTrack, ctx: Ctx, w: Writer) -> None:
        if st.track.name in ctx.mode.dice and st.track.name not in ctx.mode.tracks:  # turn a die
            index = "1" if st.key is None else self.value(st.key, ctx)
            w.line(f"R.set_die(s, g, {literal(st.track.name)}, {index}, {self.value(st.value, ctx)})")
            return
        track = ctx.mode.tracks[st.track.name]
        target = self._track_target(track, st.key, ctx.me, ctx)
        w.line(f"{target} = {self._clamp(track, self.value(st.value, ctx), ctx)}")

    def _set_state(self, st: ast.SetState, ctx: Ctx, w: Writer) -> None:
        owner = ctx.scope.locals.get(st.var.name)
        if owner is not None and owner.definite() == N.PLAYER:  # `set p.morale = 3`: p's track
            track = ctx.mode.tracks[st.state.name]
            target = self._track_target(track, None, f"v_{st.var.name}", ctx)
            w.line(f"{target} = {self._clamp(track, self.value(st.value, ctx), ctx)}")
            return
        w.line(f"s.cst[{literal(st.state.name)}][v_{st.var.name}] = {self.value(st.value, ctx)}")

    def _draw(self, st: ast.Draw | ast.Reveal, ctx: Ctx, w: Writer) -> None:
        res = self.res
        w.line(f"R.draw(s, g, {self.value(st.count, ctx)}, {literal(st.source.zone.name)}, "
               f"{owner(st.source, ctx, res)}, {literal(st.dest.zone.name)}, {owner(st.dest, ctx, res)})")

    def _move_card(self, st: ast.MoveCard, ctx: Ctx, w: Writer) -> None:
        card = self.value(st.card, ctx)
        maybe = _maybe(st.card, ctx)
        if maybe:  # a card that is nothing (-1) moves nothing
            var = ctx.fresh("m")
            w.line(f"{var} = {card}")
            w.line(f"if {var} >= 0:")
            w.level += 1
            card = var
        w.line(f"R.move(s, g, {card}, {literal(st.dest.zone.name)}, "
               f"{owner(st.dest, ctx, self.res)}{_bottom(st.bottom)})")
        if maybe:
            w.level -= 1

    def _move_all(self, st: ast.MoveAll, ctx: Ctx, w: Writer) -> None:
        if st.bottom:  # under the destination's cards, in their order: the top one goes first
            var = ctx.fresh("c")
            w.line(f"for {var} in reversed(list({zone(st.source, ctx, self.res)})):")
            w.line(f"    R.move(s, g, {var}, {literal(st.dest.zone.name)}, {owner(st.dest, ctx, self.res)}, "
                   "bottom=True)")
            return
        w.line(f"R.move_all(s, g, {literal(st.source.zone.name)}, {owner(st.source, ctx, self.res)}, "
               f"{literal(st.dest.zone.name)}, {owner(st.dest, ctx, self.res)})")

    def _roll(self, st: ast.Roll, ctx: Ctx, w: Writer) -> None:
        if st.die.name in ctx.mode.dice and st.die.name not in ctx.scope.locals:  # construct 16
            index = "" if st.index is None else f", {self.value(st.index, ctx)}"
            w.line(f"R.roll_dice(s, g, {literal(st.die.name)}{index})")
            return
        pieces = ctx.mode.pieces[ctx.scope.locals[st.die.name].of]
        w.line(f"s.cst['value'][v_{st.die.name}] = {roll_piece(pieces, bare=True)}")

    def _put_catalogue(self, st: ast.PutCatalogue, ctx: Ctx, w: Writer) -> None:
        var = ctx.fresh("c")
        cat = f"CATALOGUE_{st.catalogue.name.upper()}"
        pc = ctx.mode.pieces.get(st.catalogue.name)
        if pc is not None and pc.each is not None and pc.each.name in self.res.varying_enums:
            # pieces of members an `extend enum` adds in other compositions stay out of play
            cat = f"[{var} for {var} in {cat} if F_{pc.each.name}[{var}] in g.E[{literal(pc.each.name)}]]"
        if st.where is None:
            cards = cat
        else:
            ctype = (st.catalogue.name if st.catalogue.name in ctx.mode.pieces
                     else ctx.mode.catalogues[st.catalogue.name].card_type.name)
            cards = f"[{var} for {var} in {cat} if {self.value(st.where, ctx.with_card(var, ctype))}]"
        w.line(f"R.put(s, g, {cards}, {literal(st.dest.zone.name)}, {owner(st.dest, ctx, self.res)})")

    def _choose_cards(self, st: ast.ChooseCards, ctx: Ctx, w: Writer) -> None:
        res = self.res
        per_player = ctx.mode.zones[st.source.zone.name].per_player
        chooser = owner(st.source, ctx, res) if per_player else ctx.me
        then = self._then(st, ctx) if st.then else ""
        count = self.value(st.count, ctx)
        w.line(f"R.choose_cards(s, g, {chooser}, {count}, {literal(st.source.zone.name)}, "
               f"{owner(st.source, ctx, res)}, {literal(st.dest.zone.name)}, {owner(st.dest, ctx, res)}"
               f"{_bottom(st.bottom)}{', up_to=True' if st.up_to else ''}{then})")

    def _each_player(self, st: ast.EachPlayer, ctx: Ctx, w: Writer) -> None:
        var = ctx.fresh("p")
        if st.selects:  # the players selected, worked out once before the first runs the body
            w.line(f"for {var} in {_players(st.where, st.measures, st.then_where, ctx, self.res)}:")
        else:
            w.line(f"for {var} in R.turn_order(s):")
        w.level += 1
        self.block(st.body, ctx.with_me(var), w)
        w.level -= 1

    def _each_seat(self, st: ast.EachSeat, ctx: Ctx, w: Writer) -> None:
        """``each seat { }`` (every seat, in seat order) or ``each KIND { }`` (construct 20)."""
        var = ctx.fresh("p")
        seats = "range(s.n)" if st.kind is None else f"R.kind_seats(s, {literal(st.kind.name)})"
        w.line(f"for {var} in {seats}:")
        w.level += 1
        self.block(st.body, ctx.with_me(var), w)
        w.level -= 1

    def _for_each(self, st: ast.ForEach, ctx: Ctx, w: Writer) -> None:
        enum = _loop_enum(st.zone, ctx)
        if enum is not None:  # for each k in ENUM: each member, in declaration order
            inner = ctx.local(st.var.name, N.Type.enum(enum.name))
            w.line(f"for v_{st.var.name} in {enum_members(enum, self.res)}:")
            w.level += 1
            if st.where is not None:
                w.line(f"if not {self.value(st.where, inner)}:")
                w.line("    continue")
            self.block(st.body, inner, w)
            w.level -= 1
            return
        ctype = _zone_card(st.zone, ctx)
        inner = ctx.local(st.var.name, N.Type.card(ctype))
        w.line(f"for v_{st.var.name} in list({zone(st.zone, ctx, self.res)}):")
        w.level += 1
        if st.where is not None:
            w.line(f"if not {self.value(st.where, inner.with_card(f'v_{st.var.name}', ctype))}:")
            w.line("    continue")
        self.block(st.body, inner, w)
        w.level -= 1

    def _if(self, st: ast.If, ctx: Ctx, w: Writer) -> None:
        w.line(f"if {self.value(st.condition, ctx)}:")
        w.level += 1
        self.block(st.then, ctx, w)
        w.level -= 1
        if st.otherwise:
            w.line("else:")
            w.level += 1
            self.block(st.otherwise, ctx, w)
            w.level -= 1

    def _look_at(self, st: ast.LookAt, ctx: Ctx, w: Writer) -> None:
        """``look at Z { ... }``: nothing of its own at run time; the choices inside show the
        chooser the zone while they are open (``State.observation``)."""
        self.block(st.body, ctx, w)

    def _first_player_most(self, st: ast.FirstPlayerMost, ctx: Ctx, w: Writer) -> None:
        """``first player most E``: the player (a human seat, design 1.3) with most E."""
        var = ctx.fresh("q")
        seats = "s.h" if ctx.mode.seats else "s.n"  # with automata: the human seats only
        w.line(f"s.first = max(range({seats}), key=lambda {var}: {self.value(st.expr, ctx.with_me(var))})")

    def _do_procedure(self, st: ast.DoProcedure, ctx: Ctx, w: Writer) -> None:
        args = "".join(f", {self.value(a, ctx)}" for a in st.args)
        w.line(f"g.PR[{literal(st.procedure.name)}](g, s, {ctx.me}{args})")

    def _do_card_rule(self, st: ast.DoCardRule, ctx: Ctx, w: Writer) -> None:
        """``do c.f(...)``: the procedure card ``c``'s field names, in this mode (construct 1)."""
        args = "".join(f", {self.value(a, ctx)}" for a in st.args)
        w.line(f"g.CR[{literal(st.field.name)}][v_{st.card.name}](g, s, {ctx.me}{args})")

    def _ask(self, st: ast.Ask, ctx: Ctx, w: Writer) -> None:
        fn = self.name_function("ask", self.owner)
        self.ask_names.append(fn)
        self.env_schemas[fn] = {n: str(t) for n, t in sorted(ctx.scope.locals.items())}
        env = self._env(ctx)
        labels = tuple(o.label for o in st.options)
        w.line(f"R.ask(s, {expr(st.who, ctx, self.res)}, {literal(labels)}, {literal(fn)}, {env}, {ctx.me})")
        body = Writer()
        body.line(f"def {fn}(g, s, p, env, label):")
        body.level += 1
        body.docstring(f"Options of the question at spec line {st.span.line}.")
        for n in sorted(ctx.scope.locals):
            body.line(f"v_{n} = env[{literal(n)}]")
        inner = ctx.with_me("p")
        for i, option in enumerate(st.options):
            self.cite(option.span.line, body)
            body.line(f"{'if' if i == 0 else 'elif'} label == {literal(option.label)}:")
            body.level += 1
            self.block(option.body, inner, body)
            body.level -= 1
        self.extra.append(body.source())

    def _env(self, ctx: Ctx) -> str:
        """Python source of a dict of the locals in scope (kept while a decision waits)."""
        return self.env(ctx)

    def _continuation(self, kind: str, doc: str, ctx: Ctx) -> tuple[str, Writer]:
        """A new module-level function ``kind_<owner>(g, s, p, env, card)`` that runs
        the rest of an effect once a decision is made: its name (registered in
        ``ASKS``) and its writer, with the waiting locals restored from ``env``."""
        fn, body, _ = self.function(kind, doc, ctx, arg="card")
        return fn, body

    def _then(self, st: ast.ChooseCards, ctx: Ctx) -> str:
        """``choose N cards ... then { body }``: ``body`` becomes a function run once the
        cards are chosen; returns the extra arguments of ``R.choose_cards``."""
        fn, body = self._continuation(
            "then", f"The rest of the effect once the cards of spec line {st.span.line} are chosen.", ctx)
        self.block(st.then, ctx.with_me("p"), body)
        self.extra.append(body.source())
        return f", then={literal(fn)}, env={self._env(ctx)}, me={ctx.me}"

    def _choose_card(self, st: ast.ChooseCard, ctx: Ctx, w: Writer) -> None:
        """``choose c: card in ZONE where ... { body }``: the cards to choose from are
        listed now; ``body`` becomes a function run with the card chosen."""
        ctype = _zone_card(st.zone, ctx)
        var = f"v_{st.var.name}"
        inner = ctx.local(st.var.name, N.Type.card(ctype))
        cards = zone(st.zone, ctx, self.res)
        if st.where is not None:
            cond = expr(st.where, inner.with_card(var, ctype), self.res)
            cards = f"[{var} for {var} in {cards} if {cond}]"
        fn, body = self._continuation(
            "pick", f"The rest of the effect once a card is chosen at spec line {st.span.line}.", ctx)
        w.line(f"R.choose_card(s, {ctx.me}, {cards}, {literal(st.zone.zone.name)}, "
               f"{owner(st.zone, ctx, self.res)}, {literal(fn)}, {self._env(ctx)}"
               f"{', optional=True' if st.optional else ''})")
        body.line(f"{var} = card")
        self.block(st.body, inner.with_me("p"), body)
        self.extra.append(body.source())


def _one_item(st: ast.Gain | ast.Pay, ctx: Ctx, res: Resources, w: Writer) -> bool:
    """``gain disc[k] n``, ``pay water morale``: a bag of one item whose amount or key is
    worked out in play changes one resource in place, with no bag built; True when
    written so (a constant bag goes through ``R.gain``/``R.pay`` as before)."""
    bag = st.bag
    if type(bag) is not ast.BagLiteral or len(bag.items) != 1 or bag.constant() is not None:
        return False
    item = bag.items[0]
    index, n = slot(item.resource.name, item.key, ctx, res), amount(item.amount, ctx, res)
    if type(st) is ast.Gain:
        w.line(f"s.res[{ctx.me}][{index}] += {n}")
    else:
        w.line(f"R.pay_one(s, {ctx.me}, {index}, {n})")
    return True


#: The lowering of every statement class (``dsl.ast.Stmt``): ``lower(lowering, st, ctx,
#: w)`` writes the Python of ``st`` to ``w`` and returns the context of the statements
#: after it when ``st`` binds a name, else None.  A new kind of statement adds its rule here.
STATEMENTS: dict[type, Callable[[StmtLowering, Any, Ctx, Writer], Ctx | None]] = {
    ast.Let: StmtLowering._let,
    ast.Gain: StmtLowering._gain,
    ast.Pay: StmtLowering._pay,
    ast.Release: lambda low, st, ctx, w: w.line(f"R.release(s, g, {ctx.me}, {low.value(st.bag, ctx)})"),
    ast.Transfer: StmtLowering._transfer,
    ast.Score: lambda low, st, ctx, w: w.line(
        f"s.tr[{literal(low.score_track)}][{ctx.me}] += {low.value(st.amount, ctx)}"),
    ast.Advance: StmtLowering._advance,
    ast.Draw: StmtLowering._draw,
    ast.Reveal: StmtLowering._draw,
    ast.MoveCard: StmtLowering._move_card,
    ast.MoveAll: StmtLowering._move_all,
    ast.Roll: StmtLowering._roll,
    ast.PutCatalogue: StmtLowering._put_catalogue,
    ast.Shuffle: lambda low, st, ctx, w: w.line(
        f"R.shuffle(s, {literal(st.zone.zone.name)}, {owner(st.zone, ctx, low.res)})"),
    ast.ChooseCards: StmtLowering._choose_cards,
    ast.EachPlayer: StmtLowering._each_player,
    ast.ForEach: StmtLowering._for_each,
    ast.If: StmtLowering._if,
    ast.LookAt: StmtLowering._look_at,
    ast.SetState: StmtLowering._set_state,
    ast.SetTrack: StmtLowering._set_track,
    ast.TransferAll: StmtLowering._transfer_all,
    ast.GainInto: StmtLowering._gain_into,
    ast.Clear: StmtLowering._clear,
    ast.FirstPlayerTo: lambda low, st, ctx, w: w.line(f"s.first = {low.value(st.player, ctx)}"),
    ast.Done: lambda low, st, ctx, w: w.line(f"s.done[{ctx.me}] = True"),
    ast.EachSeat: StmtLowering._each_seat,
    ast.Again: lambda low, st, ctx, w: w.line("s.again = True"),
    # with automata (construct 20): the marker passes in turn order, automata included;
    # `first player random` draws a player, a human seat (design 1.3)
    ast.PassFirstPlayer: lambda low, st, ctx, w: w.line("s.first = R.pass_first(s)" if ctx.mode.seats
                                                        else "s.first = (s.first + 1) % s.n"),
    ast.FirstPlayerRandom: lambda low, st, ctx, w: w.line("s.first = R.randrange(s, s.h)" if ctx.mode.seats
                                                          else "s.first = R.randrange(s, s.n)"),
    ast.FirstPlayerMost: StmtLowering._first_player_most,
    ast.DoProcedure: StmtLowering._do_procedure,
    ast.DoCardRule: StmtLowering._do_card_rule,
    ast.Ask: StmtLowering._ask,
    # construct 3: the question of the action to take (its effect runs once answered)
    ast.TakeAction: lambda lower, st, ctx, w: w.line(taking.take_question(st, ctx, lower.res)),
    ast.ChooseCard: StmtLowering._choose_card,
    ast.Repeat: StmtLowering._repeat,
    ast.AsPlayer: StmtLowering._as_inline,
    ast.ChooseValue: lambda lower, st, ctx, w: _value_choice(lower, st, ctx, w),
}


def _value_choice(lower: StmtLowering, st: ast.ChooseValue, ctx: Ctx, w: Writer) -> None:
    """A value chosen in an effect (:mod:`compiler.engine.value_choices`, imported here:
    it reads the domains' loops, whose module imports this one)."""
    from compiler.engine import value_choices

    value_choices.lower_statement(lower, st, ctx, w)
