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
* a statement-form ``choose r: card in Z`` ends its group and carries the rest of its
  block as its own continuation; with nothing to choose (or declined, ``may``) the rest
  of its block is skipped and ``after`` runs;
* ``if``, ``look at``: the branches are lowered in place, each ending with ``after``;
* ``do P()`` for a procedure that may wait, and ``do c.f(...)`` when a procedure the
  cards' field ``f`` names may: when it waits, the rest is a ``resume`` record behind
  the procedure's own records (nested first);
* a loop that may wait runs as before construct 2: every round runs and queues its
  questions, and the statements after the loop wait for all of them; inside a round a
  decision must be the last thing it does (E0513).
"""

from __future__ import annotations

from typing import Any

from dsl import ast
from compiler.analysis import names as N
from compiler.analysis import waits
from compiler.engine.pyexpr import Ctx, _zone_card, expr, owner, zone
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
            else:  # a loop that may wait: every round's questions queued (E0513), the rest after them
                w.line("_waiting = len(s.pending)")
                self.stmt(st, ctx, w)
                w.line("if len(s.pending) > _waiting:")
                w.line(f"    return {self.resume(k, ctx)}")
                w.line(f"return {self.call(k, ctx)}")
            return
        w.line(f"return {self.call(after, ctx)}")

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
            w.line(f"_waits = {self._question(st, ctx, None)} or _waits")
        if binding is None:
            w.line("if _waits:")
            w.line(f"    return {self.resume(k, ctx)}")
            w.line(f"return {self.call(k, ctx)}")
            return
        self.cite(binding.span.line, w)
        w.line(f"if {self._question(binding, ctx, after)}:")
        w.line("    return True")
        if group:  # nothing to choose: the rest of the block is skipped; `after` waits for the group
            w.line("if _waits:")
            w.line(f"    return {self.resume(after, ctx)}")
        w.line(f"return {self.call(after, ctx)}")

    def _question(self, st, ctx: Ctx, after: str | None) -> str:
        """Python (an expression, True when the question is asked) asking decision ``st``;
        what runs with the answer (an option, a choice's body, ``then``) is a continuation
        ending with ``after``."""
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
        bottom = ", bottom=True" if st.bottom else ""
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
    """A statement-form ``choose r: card in Z`` (its body is the rest of its block)."""
    return isinstance(st, ast.ChooseCard) and st.rest
