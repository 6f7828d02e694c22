"""Effects that wait in the middle (issue 11 design, 1.1.3): a block is split at each
statement that may wait for an answer, and the statements after it become a
continuation, a module-level function ``rest_<owner>(g, s, p, env, value)`` named on the
agenda with the locals it needs (``env``, JSON values; their types are its *env schema*,
which a save's records are checked against).

:class:`ContinuationLowering` is mixed into :class:`~compiler.engine.statements.StmtLowering`.
Its :meth:`~ContinuationLowering.seq` lowers a block so that the function it is in returns
True when the effect waits (a question was asked: the rest runs later, from the agenda)
and False when it ran to its end, which is what callers (``do P()``, an ``if`` with
statements after it, an action's effects) test.  A block in which every decision is the
last thing it does is lowered as before construct 2 (:meth:`StmtLowering.block`): its
questions are queued in order, nothing after them waits.

Rules (``after`` names the continuation of the enclosing block, or None):

* decisions written one after another form a *group* (1.1.4): all are asked at once; the
  rest waits for the whole group (a ``resume`` record behind them);
* a statement-form ``choose r: card in Z`` (or ``choose k: DOMAIN``, a value:
  :mod:`compiler.engine.value_choices`) ends its group and carries the rest of its
  block as its own continuation; with nothing to choose (or declined, ``may``) the rest
  of its block is skipped and ``after`` runs;
* ``if``, ``look at``: the branches are lowered in place, each ending with ``after``;
* ``do P()`` for a procedure that may wait, and ``do c.f(...)`` when a procedure the
  cards' field ``f`` names may: when it waits, the rest is a ``resume`` record behind
  the procedure's own records (nested first);
* ``as PLAYER { }`` (construct 21) that may wait: its block is a function run with that
  seat as "you" (``p``); when it waits, the rest is a ``resume`` record for the acting
  player, behind the block's own records;
* a loop whose rounds wait (:func:`compiler.analysis.waits.rounds_wait`: a round may
  wait in its middle, or a ``repeat`` that may wait) runs round by round: a function
  ``loop_<owner>`` keeps in its ``env`` the loop's snapshot (``_items``: the cards,
  seats or members taken when the loop began, ``each seat`` too: construct 20, where an
  automaton seat's question goes to its controller; ``repeat``: the count ``_n``) and its
  place ``_i``; a round is a function ``one_round_<owner>``, and when one waits, the loop
  puts itself back on the agenda behind the round's records (``resume`` with the next
  ``_i``).  ``repeat up to N`` asks "go on" or "stop" before each round (an ``ask``
  record whose function is the loop itself);
* any other loop that may wait runs as before construct 2: every round runs and queues
  its questions (each a decision at the end of its round), and the statements after the
  loop wait for all of them (1.1.4).
"""

from __future__ import annotations

from typing import Any

from dsl import ast
from compiler.analysis import names as N
from compiler.analysis import waits
from compiler.engine.pyexpr import Ctx, _loop_enum, _players, _zone_card, expr, owner, zone
from compiler.engine.pyquote import Writer, literal
from compiler.engine import taking


class ContinuationLowering:
    """The continuation-passing lowering of blocks that wait (see the module)."""

    #: the procedures that may wait, in any mode (:func:`compiler.analysis.waits.procedures_that_wait`)
    waiting: frozenset[str] = frozenset()

    # provided by StmtLowering
    res: Any
    extra: list
    owner: str
    ask_names: list[str]
    name_function: Any
    env_schemas: dict[str, dict[str, str]]
    stmt: Any
    block: Any
    cite: Any
    value: Any

    def body(self, stmts, ctx: Ctx, w: Writer, returns: bool = False) -> None:
        """Lower a function's statements: into continuations when a statement may wait
        with something after it (or ``returns``: the function must say whether it waits,
        as a procedure that may wait does), else as one block (before construct 2)."""
        if returns or waits.needs_rest(stmts, self.waiting):
            self.seq(stmts, ctx, w, None)
        else:
            self.block(stmts, ctx, w)

    def function(self, kind: str, doc: str, ctx: Ctx, arg: str = "value") -> tuple[str, Writer, Ctx]:
        """A new continuation ``kind_<owner>(g, s, p, env, arg)``: its name (in ``ASKS``, its
        env schema recorded), a writer with the locals restored from ``env``, and the
        context inside it (``me`` is ``p``)."""
        fn = self.name_function(kind, self.owner)
        self.ask_names.append(fn)
        self.env_schemas[fn] = {n: str(t) for n, t in sorted(ctx.scope.locals.items())}
        body = Writer()
        body.line(f"def {fn}(g, s, p, env, {arg}):")
        body.level += 1
        body.docstring(doc)
        for n in sorted(ctx.scope.locals):
            body.line(f"v_{n} = env[{literal(n)}]")
        return fn, body, Ctx(ctx.mode, ctx.scope, "p", None, ctx.unique, {}, ctx.types)

    @staticmethod
    def env(ctx: Ctx) -> str:
        """Python source of a dict of the locals in scope (kept while a decision waits)."""
        return "{" + ", ".join(f"{literal(n)}: v_{n}" for n in sorted(ctx.scope.locals)) + "}"

    def call(self, fn: str | None, ctx: Ctx) -> str:
        """Python that runs continuation ``fn`` now and is whether it waits."""
        if fn is None:
            return "False"
        return f"{fn}(g, s, {ctx.me}, {self.env(ctx)}, None)"

    def resume(self, fn: str | None, ctx: Ctx) -> str:
        """Python that puts ``fn`` on the agenda (a ``resume`` record) and is True."""
        if fn is None:
            return "True"
        return f"R.resume(s, {literal(fn)}, {self.env(ctx)}, {ctx.me})"

    def rest_of(self, stmts, ctx: Ctx, after: str | None, line: int) -> str | None:
        """The continuation running ``stmts`` then ``after`` (``after`` itself when there
        are no statements)."""
        if not stmts:
            return after
        fn, body, inner = self.function("rest", f"The rest of the effect after spec line {line}.", ctx)
        self.seq(stmts, inner, body, after)
        self.extra.append(body.source())
        return fn

    def seq(self, stmts, ctx: Ctx, w: Writer, after: str | None) -> None:
        """Lower ``stmts`` then ``after``; the code returns whether the effect waits."""
        stmts = list(stmts)
        for i, st in enumerate(stmts):
            if not waits.may_wait(st, self.waiting):
                ctx = self.stmt(st, ctx, w) or ctx
                continue
            if isinstance(st, waits.DECISIONS):
                self._group(stmts[i:], ctx, w, after)
                return
            k = self.rest_of(stmts[i + 1:], ctx, after, st.span.line)
            self.cite(st.span.line, w)
            if isinstance(st, ast.If):
                w.line(f"if {self.value(st.condition, ctx)}:")
                self._indented(st.then, ctx, w, k)
                w.line("else:")
                self._indented(st.otherwise, ctx, w, k)
            elif isinstance(st, ast.LookAt):
                self.seq(st.body, ctx, w, k)
            elif isinstance(st, (ast.DoProcedure, ast.DoCardRule)):
                args = "".join(f", {self.value(a, ctx)}" for a in st.args)
                w.line(f"if {_callee(st)}(g, s, {ctx.me}{args}):")
                w.line(f"    return {self.resume(k, ctx)}")
                w.line(f"return {self.call(k, ctx)}")
            elif isinstance(st, ast.AsPlayer):
                self._as_player(st, ctx, w, k)
            elif waits.rounds_wait(st, self.waiting):
                self._loop(st, ctx, w, k)
            else:  # a loop that may wait: every round's questions queued (E0513), the rest after them
                w.line("_waiting = len(s.pending)")
                self.stmt(st, ctx, w)
                w.line("if len(s.pending) > _waiting:")
                w.line(f"    return {self.resume(k, ctx)}")
                w.line(f"return {self.call(k, ctx)}")
            return
        w.line(f"return {self.call(after, ctx)}")

    def _as_player(self, st: ast.AsPlayer, ctx: Ctx, w: Writer, after: str | None) -> None:
        """``as PLAYER { }`` that may wait: the block is a function run for that seat; the
        rest (``after``) runs for the acting player, behind the block's records."""
        seat = ctx.fresh("a")
        w.line(f"{seat} = {self.value(st.player, ctx)}")
        fn, body, inner = self.function(
            "as_seat", f"The block of spec line {st.span.line}, run as another player.", ctx)
        self.seq(st.body, inner, body, None)
        self.extra.append(body.source())
        w.line(f"if {fn}(g, s, {seat}, {self.env(ctx)}, None):")
        w.line(f"    return {self.resume(after, ctx)}")
        w.line(f"return {self.call(after, ctx)}")

    def _loop(self, st, ctx: Ctx, w: Writer, after: str | None) -> None:
        """A loop whose rounds wait (``for each``, ``each player``, ``repeat``): a loop
        function keeping its snapshot and place in ``env``, a round function run for
        each round; the loop then runs ``after`` (see the module)."""
        line = st.span.line
        rnd, inner_ctx, me, item = self._round(st, ctx)
        fn, body, inner = self.function("loop", f"The loop of spec line {line}, from round `_i` on.", ctx)
        schema = self.env_schemas[fn]
        if isinstance(st, ast.Repeat):
            schema.update({"_i": "count", "_n": "count"})
            start = f"max(0, {self.value(st.count, ctx)})"
            body.line("_i, _n = env['_i'], env['_n']")
            keep = "'_i': _i, '_n': _n"
        else:
            schema.update({"_i": "count", "_items": self._items_kind(st, ctx)})
            start = self._items(st, ctx)
            body.line("_i, _items = env['_i'], env['_items']")
            keep = "'_i': _i, '_items': _items"
        saved = self.env(inner)[:-1] + (", " if inner.scope.locals else "") + keep + "}"
        round_env = self.env(inner_ctx.with_me("p")) if item is None else self.env(inner_ctx)
        if isinstance(st, ast.Repeat) and st.up_to:  # asked before each round: go on, or stop
            body.line("if value == 'go on':")
            body.line("    _i += 1")
            body.line(f"    if {rnd}(g, s, p, {round_env}, None):")
            body.line(f"        return R.resume(s, {literal(fn)}, {saved}, p)")
            body.line("elif value == 'stop':")
            body.line(f"    return {self.call(after, inner)}")
            body.line("if _i < _n:")
            body.line(f"    return R.ask(s, p, ('go on', 'stop'), {literal(fn)}, {saved}, p)")
        elif isinstance(st, ast.Repeat):
            body.line("while _i < _n:")
            body.line("    _i += 1")
            body.line(f"    if {rnd}(g, s, p, {round_env}, None):")
            body.line(f"        return R.resume(s, {literal(fn)}, {saved}, p)")
        else:
            body.line("while _i < len(_items):")
            body.line(f"    {item or '_v'} = _items[_i]")
            body.line("    _i += 1")
            body.line(f"    if {rnd}(g, s, {me}, {round_env}, None):")
            body.line(f"        return R.resume(s, {literal(fn)}, {saved}, p)")
        body.line(f"return {self.call(after, inner)}")
        self.extra.append(body.source())
        first = self.env(ctx)[:-1] + (", " if ctx.scope.locals else "")
        first += f"'_i': 0, '{'_n' if isinstance(st, ast.Repeat) else '_items'}': {start}}}"
        w.line(f"return {fn}(g, s, {ctx.me}, {first}, None)")

    def _round(self, st, ctx: Ctx) -> tuple[str, Ctx, str, str | None]:
        """The function running one round of loop ``st``: its name, the context of its
        body (the loop's name bound), the Python of the seat it runs for, in the loop
        function (``p``, or the player of an ``each player`` round), and the Python
        local the loop function puts the round's card or member in (None: no name)."""
        doc = f"One round of the loop of spec line {st.span.line}."
        if isinstance(st, ast.ForEach):
            enum = _loop_enum(st.zone, ctx)
            if enum is not None:
                inner, ctype = ctx.local(st.var.name, N.Type.enum(enum.name)), None
            else:
                ctype = _zone_card(st.zone, ctx)
                inner = ctx.local(st.var.name, N.Type.card(ctype))
            fn, body, cont = self.function("one_round", doc, inner)
            if st.where is not None:
                test = cont if ctype is None else cont.with_card(f"v_{st.var.name}", ctype)
                body.line(f"if not {self.value(st.where, test)}:")
                body.line("    return False")
            self.seq(st.body, cont, body, None)
            self.extra.append(body.source())
            return fn, inner, "p", f"v_{st.var.name}"
        fn, body, cont = self.function("one_round", doc, ctx)
        self.seq(st.body, cont, body, None)
        self.extra.append(body.source())
        return fn, ctx, ("_v" if isinstance(st, (ast.EachPlayer, ast.EachSeat)) else "p"), None

    def _items(self, st, ctx: Ctx) -> str:
        """Python of the snapshot a ``for each``, ``each player`` or ``each seat`` loop runs
        over, taken when it begins: the zone's cards, the enum's members, the players in turn
        order (those its clauses select), or the seats in seat order (those of a kind)."""
        if isinstance(st, ast.EachSeat):  # construct 20: an automaton's question goes to its controller
            return "list(range(s.n))" if st.kind is None else f"R.kind_seats(s, {literal(st.kind.name)})"
        if isinstance(st, ast.EachPlayer):
            if st.selects:
                return _players(st.where, st.measures, st.then_where, ctx, self.res)
            return "R.turn_order(s)"
        enum = _loop_enum(st.zone, ctx)
        if enum is not None:
            return literal([m.name for m in enum.members])
        return f"list({zone(st.zone, ctx, self.res)})"

    @staticmethod
    def _items_kind(st, ctx: Ctx) -> str:
        """The env-schema type of a loop's snapshot: ``players`` (seats), ``members:ENUM`` or ``cards``."""
        if isinstance(st, (ast.EachPlayer, ast.EachSeat)):
            return "players"
        enum = _loop_enum(st.zone, ctx)
        return f"members:{enum.name}" if enum is not None else "cards"

    def _repeat(self, st: ast.Repeat, ctx: Ctx, w: Writer) -> None:
        """``repeat N { }`` whose rounds never wait: a Python loop, the count worked out once
        (0 or less: never).  One that may wait is lowered by :meth:`seq` (:meth:`_loop`)."""
        if st.up_to:  # asks before each round, so it always waits
            raise TypeError("`repeat up to` is lowered through its loop function")
        w.line(f"for {ctx.fresh('r')} in range({self.value(st.count, ctx)}):")
        w.level += 1
        self.block(st.body, ctx, w)
        w.level -= 1

    def _as_inline(self, st: ast.AsPlayer, ctx: Ctx, w: Writer) -> None:
        """``as PLAYER { }`` whose block never waits: the block with "you" the seat worked
        out once, in a local; the acting player is "you" again after it."""
        seat = ctx.fresh("a")
        w.line(f"{seat} = {self.value(st.player, ctx)}")
        self.block(st.body, ctx.with_me(seat), w)

    def _indented(self, stmts, ctx: Ctx, w: Writer, after: str | None) -> None:
        w.level += 1
        self.seq(stmts, ctx, w, after)
        w.level -= 1

    def _group(self, stmts, ctx: Ctx, w: Writer, after: str | None) -> None:
        """Decisions written one after another, asked at once (1.1.4), maybe ended by a
        statement-form ``choose r: card``, which carries the rest of the block; then the
        statements after the group, then ``after``."""
        j = 0
        while j < len(stmts) and isinstance(stmts[j], waits.DECISIONS) and not _binding(stmts[j]):
            j += 1
        group, binding = stmts[:j], (stmts[j] if j < len(stmts) and _binding(stmts[j]) else None)
        k = None if binding is not None else self.rest_of(stmts[j:], ctx, after, group[-1].span.line)
        if group:
            w.line("_waits = False")
        for st in group:
            self.cite(st.span.line, w)
            w.line(f"_waits = {self._question(st, ctx, None, w)} or _waits")
        if binding is None:
            w.line("if _waits:")
            w.line(f"    return {self.resume(k, ctx)}")
            w.line(f"return {self.call(k, ctx)}")
            return
        self.cite(binding.span.line, w)
        w.line(f"if {self._question(binding, ctx, after, w)}:")
        w.line("    return True")
        if group:  # nothing to choose: the rest of the block is skipped; `after` waits for the group
            w.line("if _waits:")
            w.line(f"    return {self.resume(after, ctx)}")
        w.line(f"return {self.call(after, ctx)}")

    def _question(self, st, ctx: Ctx, after: str | None, w: Writer) -> str:
        """Python (an expression, True when the question is asked) asking decision ``st``;
        what runs with the answer (an option, a choice's body, ``then``) is a continuation
        ending with ``after``.  Lines it needs first (a value choice's options) go to ``w``."""
        if isinstance(st, ast.ChooseValue):
            from compiler.engine import value_choices  # it reads the domains' loops, which import this

            return value_choices.question(self, st, ctx, after, w)  # type: ignore[arg-type]
        if isinstance(st, ast.ChooseCard):
            ctype = _zone_card(st.zone, ctx)
            var = f"v_{st.var.name}"
            cards = zone(st.zone, ctx, self.res)
            if st.where is not None:
                inner = ctx.local(st.var.name, N.Type.card(ctype)).with_card(var, ctype)
                cards = f"[{var} for {var} in {cards} if {expr(st.where, inner, self.res)}]"
            fn, body, cont = self.function(
                "pick", f"The rest of the effect once a card is chosen at spec line {st.span.line}.", ctx,
                arg="card")
            body.line(f"{var} = card")
            self.seq(st.body, cont.local(st.var.name, N.Type.card(ctype)), body, after)
            self.extra.append(body.source())
            optional = ", optional=True" if st.optional else ""
            return (f"R.choose_card(s, {ctx.me}, {cards}, {literal(st.zone.zone.name)}, "
                    f"{owner(st.zone, ctx, self.res)}, {literal(fn)}, {self.env(ctx)}{optional})")
        if isinstance(st, ast.TakeAction):  # construct 3: the rest waits behind the action taken
            return taking.take_question(st, ctx, self.res)
        if isinstance(st, ast.Ask):
            fn, body, cont = self.function(
                "ask", f"Options of the question at spec line {st.span.line}.", ctx, arg="label")
            for i, option in enumerate(st.options):
                self.cite(option.span.line, body)
                body.line(f"{'if' if i == 0 else 'elif'} label == {literal(option.label)}:")
                body.level += 1
                self.seq(option.body, cont, body, after)
                body.level -= 1
            body.line("return False")
            self.extra.append(body.source())
            labels = tuple(o.label for o in st.options)
            return (f"R.ask(s, {expr(st.who, ctx, self.res)}, {literal(labels)}, {literal(fn)}, "
                    f"{self.env(ctx)}, {ctx.me})")
        per_player = ctx.mode.zones[st.source.zone.name].per_player
        chooser = owner(st.source, ctx, self.res) if per_player else ctx.me
        then = ""
        if st.then or after is not None:
            fn, body, cont = self.function(
                "then", f"The rest of the effect once the cards of spec line {st.span.line} are chosen.", ctx)
            self.seq(st.then, cont, body, after)
            self.extra.append(body.source())
            then = f", then={literal(fn)}, env={self.env(ctx)}, me={ctx.me}"
        bottom = (", bottom=True" if st.bottom else "") + (", up_to=True" if st.up_to else "")
        return (f"R.choose_cards(s, g, {chooser}, {self.value(st.count, ctx)}, "
                f"{literal(st.source.zone.name)}, {owner(st.source, ctx, self.res)}, "
                f"{literal(st.dest.zone.name)}, {owner(st.dest, ctx, self.res)}{bottom}{then})")


def _callee(st: ast.DoProcedure | ast.DoCardRule) -> str:
    """Python naming the procedure ``do P(...)`` or ``do c.f(...)`` runs (card ``c``'s rule
    in this mode's table ``CR``, construct 1)."""
    if isinstance(st, ast.DoProcedure):
        return f"g.PR[{literal(st.procedure.name)}]"
    return f"g.CR[{literal(st.field.name)}][v_{st.card.name}]"


def _binding(st) -> bool:
    """A statement-form ``choose r: card in Z`` or ``choose k: DOMAIN`` (its body is the
    rest of its block)."""
    return isinstance(st, (ast.ChooseCard, ast.ChooseValue)) and st.rest
