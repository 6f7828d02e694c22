"""Payments the player may not afford (E0594).

An action offered by ``legal_actions()`` must apply.  A ``pay`` (or a ``transfer`` out
of a player or a stock) takes resources that must be there: when they are not, the
engine could only refuse the action half-way through its effect.  So each payment
must be *covered*: proven held where it runs by what is known there, or it is E0594,
whose hint names the ``require has`` that makes the engine offer the action only when
it can be paid.

What is known is a set of facts ``(holder, bag)`` ("the holder has at least this"),
learnt from:

- an action's ``require`` (``require has b.input``, ``require p has coin 1``, a
  comparison ``require disc[k] >= n``, ``coin > 1``), and the ``where`` of an enum
  choice (``choose k: knowledge where disc[k] >= 1``);
- the condition of an ``if`` in its body (its negation in ``else``), and the ``where``
  of a ``for each`` in its body;
- a ``gain`` (``gain coin 2`` then ``pay coin 2``), and the bag a ``transfer`` brings in.

A payment of what is held, ``pay tired[w] tired[w]``, is always covered, and so is a
bag less something (``pay b.cost - titanium 1`` after ``require has b.cost``).  Facts
are forgotten where they may stop holding: any payment out of a player forgets what is
known of every player (a name may be the payer), one out of a stock what is known of
stocks; a statement that changes what a fact reads (``advance``, ``set``, a card moved,
a die rolled, a procedure doing so) forgets the facts that read it.  A ``for each``
body is checked as it runs the second time, an ``each player`` body knows nothing of
the player it is run for, and a procedure knows only its own tests: it may be run from
anywhere, so its payments are guarded inside it (``if has BAG { pay BAG }``).
Triggers run before the action, in the action's scope: the action's requirements cover
the trigger's payments (Euphoria's ``placing`` pays ``sp.cost`` that each of its actions
requires); a trigger run after the action knows what is known at the end of its effect.
An automaton's turn is checked like a phase's block: no ``require`` guards it.

The facts and how they are learnt, used and forgotten are in
:mod:`compiler.checks.held_facts`; what statements change, in
:mod:`compiler.checks.statement_effects`; this module walks the rules.
"""

from __future__ import annotations

import dataclasses

from dsl import ast, codes
from compiler.analysis.types import UNKNOWN
from compiler.checks.held_facts import HeldFacts
from compiler.checks.information import rule_blocks
from compiler.checks.statement_effects import Effects, StatementEffects, bodies


class PaymentCheck(HeldFacts, StatementEffects):
    """The check of one composed mode; :meth:`run` reports each uncovered payment once.

    A fact is ``("item", holder, resource, key, amount)`` (the holder has at least that
    amount of one resource: ``key`` for a member of a family), ``("bag", holder, bag)``
    (at least that bag, an expression) or ``("cond", expr, low, high)`` (a number read in
    play lies between ``low`` and ``high``, None for no bound: a branch whose test
    contradicts it never runs)."""

    def __init__(self, mode, report) -> None:
        self.mode, self.report = mode, report
        self.score_tracks = {n for n, t in mode.tracks.items() if t.is_score}
        self.resources = set(mode.resources)
        self.reported: set = set()
        self.context = ""
        self.others: set[str] = set()  # the action's `other player` choices: never `me`
        self._effects: dict[str, Effects] = {}
        self._reads: dict[int, tuple] = {}
        self.untyped: set[int] = set()  # ids of the expressions the checker could not type
        self.running: list[str] = []  # the procedures being checked at a `do`, innermost last
        #: where the payment runs: "action" (an action or its triggers), "procedure" or "game"
        #: (the setup, a phase's blocks: no `require` can guard them)
        self.place = "action"
        self.choices: set[str] = set()  # the action's choices: the locals its `require` sees
        self.acting = True  # False where no player acts (E0595 reports a payment by "you" there)
        self.called = {n.procedure.name for n in ast.walk(list(rule_blocks(mode)))
                       if isinstance(n, ast.DoProcedure)}
        self.globals = (set(mode.params) | set(mode.tracks) | set(mode.derived) | self.resources
                        | set(mode.tallies) | set(mode.tables) | set(mode.ends) | set(mode.dice)
                        | {m.name for e in mode.enums.values() for m in e.members})

    # ------------------------------------------------------------------ blocks of a mode

    def run(self) -> None:
        for action in self.mode.actions.values():
            facts: frozenset = frozenset()
            names = {c.name for c in action.choices}
            self.place, self.choices = "action", names
            self.others = {c.name for c in action.choices
                           if isinstance(c.domain, ast.PlayerDomain) and c.domain.others_only}
            for choice in action.choices:
                where = getattr(choice.domain, "where", None)
                if isinstance(choice.domain, ast.EnumDomain) and where is not None:
                    facts |= self.known(where)
                elif isinstance(choice.domain, ast.CardDomain) and where is not None:
                    # only the tests that name no field of the candidate card (bare names)
                    facts |= frozenset(f for f in self.known(where) if f[0] == "cond" and all(
                        n.name in names for n in ast.walk(f[1]) if isinstance(n, ast.Name)))
            for req in action.requires:
                facts |= self.known(req)
            for trigger in self.mode.triggers.values():
                if any(b.name == action.name for b in trigger.before):
                    self.context = f" (trigger `{trigger.name}`, run before action `{action.name}`)"
                    facts = self.block(trigger.effect, facts)
            self.context = ""
            facts = self.block(action.effect, facts)
            for trigger in self.mode.triggers.values():
                if any(a.name == action.name for a in trigger.after):
                    self.context = f" (trigger `{trigger.name}`, run after action `{action.name}`)"
                    facts = self.block(trigger.effect, facts)
            self.context = ""
        self.others = set()
        self.place, self.choices = "procedure", set()
        for proc in self.mode.procedures.values():
            if proc.name not in self.called:  # run by no `do`: from anywhere (a card's rule)
                self.context = f" (procedure `{proc.name}`, run by no `do` here)"
                self.block(proc.effect, frozenset())
        self.context, self.place = "", "game"
        if self.mode.setup is not None:
            self.acting = False  # nobody acts in the setup but inside `each player`
            self.block(self.mode.setup.body, frozenset())
        for ph in self.mode.phases.values():
            for body, acting in ((ph.on_enter, False), (ph.on_exit, False), (ph.on_turn, True)):
                self.acting = acting
                self.block(body, frozenset())
        self.acting = True
        for bot in self.mode.automata.values():  # "you" is the automaton's seat: no `require`
            for turn in bot.turns:
                self.context = f" (automaton `{bot.name}`, its turn in `{turn.phase.name}`)"
                self.block(turn.body, frozenset())
        self.context = ""

    # ------------------------------------------------------------------ statements

    def block(self, stmts, facts: frozenset) -> frozenset:
        """Check the payments of ``stmts`` run with ``facts`` known; the facts after it."""
        for st in stmts:
            facts = self.statement(st, facts)
        return facts

    def branch(self, stmts, facts: frozenset, test: frozenset) -> frozenset | None:
        """A branch run when ``test`` holds: the facts after it, None if it never runs."""
        if self.contradicts(facts, test):
            return None
        return self.block(stmts, facts | test)

    def statement(self, st, facts: frozenset) -> frozenset:
        if isinstance(st, ast.Pay):
            self.need(facts, ast.Me(), st.bag, st)
        elif isinstance(st, ast.Transfer):
            self.need(facts, st.source or ast.Me(), st.bag, st)
        if isinstance(st, ast.If):
            ends = [self.branch(st.then, facts, self.known(st.condition)),
                    self.branch(st.otherwise, facts, self.known(st.condition, negated=True))]
            ends = [e for e in ends if e is not None]
            return frozenset.intersection(*ends) if ends else facts
        if isinstance(st, ast.Ask):
            ends = [self.block(o.body, facts) for o in st.options]
            return frozenset.intersection(*ends) if ends else facts
        if isinstance(st, ast.ForEach):
            again = self.forget(facts, self.effects(st.body))
            self.branch(st.body, again, self.known(st.where) if st.where is not None else frozenset())
            return self.forget(again, Effects(writes={st.var.name}))
        if isinstance(st, ast.EachPlayer):
            acting, self.acting = self.acting, True
            self.block(st.body, frozenset())
            self.acting = acting
            return self.forget(facts, self.effects(st.body).elsewhere())
        if isinstance(st, ast.ChooseCard):
            return facts & self.block(st.body, self.forget(facts, Effects(writes={st.var.name})))
        if isinstance(st, ast.ChooseValue):  # a member's `where` holds once chosen (tested again then)
            d = st.choice.domain
            enum_where = isinstance(d, ast.EnumDomain) and d.where is not None
            test = self.known(d.where) if enum_where else frozenset()
            ends = self.branch(st.body, self.forget(facts, Effects(writes={st.choice.name})), test)
            return facts if ends is None else facts & ends
        if isinstance(st, ast.ChooseCards):
            moved = self.forget(facts, Effects(zones={st.source.zone.name, st.dest.zone.name}))
            return moved & self.block(st.then, moved)
        if isinstance(st, ast.LookAt):
            return self.block(st.body, facts)
        if isinstance(st, ast.DoProcedure):
            self.run_procedure(st, facts)
        if not self.simple(st):
            for body in bodies(st):  # a statement this check does not know: its payments still count
                self.block(body, frozenset())
            return frozenset()
        facts = self.forget(facts, self.effects([st]))
        if isinstance(st, ast.Gain):
            facts |= self.holding(ast.Me(), st.bag)
        elif isinstance(st, ast.GainInto):
            facts |= self.holding(st.dest, st.bag)
        elif isinstance(st, ast.Transfer):
            facts |= self.holding(st.dest, st.bag)
        return facts

    def run_procedure(self, st, facts: frozenset) -> None:
        """Check the payments of the procedure ``st`` runs, knowing what is known at the
        ``do``: the facts about its arguments, renamed to its parameters (``do
        build(b)`` after ``require has b.cost`` covers its ``pay b.cost``)."""
        proc = self.mode.procedures.get(st.procedure.name)
        if proc is None or proc.name in self.running:
            return
        renamed = {a.name: p.name for p, a in zip(proc.params, st.args) if isinstance(a, ast.Name)}
        inside = set(renamed.values()) | self.globals
        passed = frozenset(f for f in (_rename(f, renamed) for f in facts) if _names(f) <= inside)
        context, others, place = self.context, self.others, self.place
        self.context = f" (procedure `{proc.name}`, run by the `do` at line {st.span.line}{context})"
        self.others, self.place = set(), "procedure"
        self.running.append(proc.name)
        self.block(proc.effect, passed)
        self.running.pop()
        self.context, self.others, self.place = context, others, place

    def need(self, facts: frozenset, holder, bag, st) -> None:
        """Report E0594 at ``st`` unless ``facts`` cover ``bag`` for ``holder``."""
        if self.covered(facts, holder, bag) or st.span in self.reported \
                or any(id(node) in self.untyped or isinstance(node, ast.Call) and node.func.name
                       in self.resources for node in ast.walk(bag)):  # E0503, E0504 said it
            return
        if isinstance(holder, ast.Me) and not self.acting:
            return  # no player acts here: E0595 said it
        self.reported.add(st.span)
        what = "pay" if isinstance(st, ast.Pay) else "transfer"
        spelt = _spell(bag)
        who = "" if isinstance(holder, ast.Me) else f"{_spell(holder) or 'the payer'} "
        self.report.error(
            codes.PAY_MAY_EXCEED,
            f"this {what} may exceed what is held there: nothing before it shows "
            f"{'the payer' if who else 'the player'} has it{self.context}",
            st.span, hint=self.guard_hint(who, spelt, _names(("bag", holder, bag))))

    def guard_hint(self, who: str, spelt: str | None, names: set[str]) -> str:
        """Where the test that covers a payment goes, in words: on the action (its
        `require`) when the action's choices and the game's names say what is paid; in
        the effect (`if has`) when it names something chosen or worked out there; in the
        procedure, or at each `do` of it, for a procedure; in the block itself for the
        setup and a phase's blocks, which no `require` guards."""
        test = f"`require {who}has {spelt}`" if spelt else f"a `require {who}has` of this bag"
        guard = f"`if {who}has {spelt} {{ ... }}`" if spelt else "an `if ... has` around it"
        if self.place == "procedure":
            return (f"guard it in the procedure: {guard} around it; or make each `do` of it run "
                    "only when it can be paid (a `require has` on each action that does it)")
        if self.place == "game":
            return f"test it first: {guard}"
        unseen = sorted(names - self.choices - self.globals)
        if unseen:
            named = ", ".join(f"`{n}`" for n in unseen)
            return (f"test it inside the effect, where {named} is known: {guard} "
                    f"(a `require` of the action cannot see {named}, named in the effect)")
        return f"add {test} to the action, so that it is offered only when it can be paid, " \
               f"or test it first: {guard}"


def _rename(node, names: dict[str, str]):
    """``node`` (a fact, or any part of one) with the locals ``names`` renamed."""
    if isinstance(node, tuple):
        return tuple(_rename(part, names) for part in node)
    fields = getattr(node, "__dataclass_fields__", None)
    if not fields:
        return node
    changes = {}
    for name in fields:
        value = getattr(node, name)
        if name in ("obj", "owner") and isinstance(value, str) and value in names \
                or name == "name" and isinstance(node, ast.Name) and value in names:
            changes[name] = names[value]
        elif name != "span" and not isinstance(value, (str, int, bool, type(None))):
            new = _rename(value, names)
            if new is not value:
                changes[name] = new
    return dataclasses.replace(node, **changes) if changes else node


def _names(fact) -> set[str]:
    """The local-looking names a fact reads: names, the cards and players of
    ``b.cost``, ``p.disc[k]`` and ``built_structure of sp``."""
    found: set[str] = set()
    for node in ast.walk([part for part in fact[1:] if not isinstance(part, (str, int, type(None)))]):
        if isinstance(node, ast.Name):
            found.add(node.name)
        elif isinstance(node, ast.Attribute):
            found.add(node.obj)
        elif isinstance(node, (ast.Index, ast.ZoneRef)) and node.owner not in (None, "my"):
            found.add(node.owner)
    return found


def _spell(e) -> str | None:
    """``e`` written as spec text, for the simple bags a hint quotes; None otherwise."""
    if isinstance(e, ast.Number):
        return str(e.value)
    if isinstance(e, ast.Name):
        return e.name
    if isinstance(e, ast.Me):
        return "me"
    if isinstance(e, ast.Attribute):
        return f"{e.obj}.{e.attr}"
    if isinstance(e, ast.Index):
        key = _spell(e.key)
        return None if key is None else f"{e.owner + '.' if e.owner else ''}{e.track.name}[{key}]"
    if isinstance(e, ast.StockOf):
        return f"{e.stock.name} of {e.owner.name}"
    if isinstance(e, ast.BagItem):
        amount = _spell(e.amount)
        name = e.resource.name if e.key is None else f"{e.resource.name}[{_spell(e.key)}]"
        if amount is None or e.key is not None and _spell(e.key) is None:
            return None
        return f"{name} {amount}" if isinstance(e.amount, (ast.Number, ast.Name)) else f"{name} ({amount})"
    if isinstance(e, ast.BagLiteral):
        items = [_spell(i) for i in e.items]
        return None if None in items else ", ".join(items)
    if isinstance(e, ast.Arith):  # in parentheses, as `has` takes it
        parts = [_spell(o) for o in e.operands]
        if None in parts:
            return None
        return "(" + " ".join([parts[0], *(f"{op} {x}" for op, x in zip(e.ops, parts[1:]))]) + ")"
    return None


def check_mode(mode, report, record) -> None:
    """Report E0594 for each payment of ``mode`` that may exceed what is held (see the
    module's docstring); ``report`` is a :class:`dsl.diagnostics.Report`, ``record`` the
    mode's :class:`~compiler.analysis.types.TypeRecord`: a payment of a bag the checker
    could not type was reported already, and is left alone."""
    check = PaymentCheck(mode, report)
    check.untyped = {key[0] for key, t in record.expressions.items() if t == UNKNOWN}
    check.run()
