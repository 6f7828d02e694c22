"""Name resolution and type checks over each composed mode (codes E05xx, W01xx).

Every declaration in force in a mode is checked in that mode, since a name can
mean something in one mode and nothing in another; diagnostics shared by
several modes are reported once.
"""

from __future__ import annotations

from collections import deque
from math import prod

from dsl import ast
from dsl.diagnostics import DiagnosticBag, Note, did_you_mean
from compiler.analysis import names as N
from compiler.analysis import limits
from compiler.checks import phasegraph, soundness
from compiler.checks.modes import ModeDiagnostics
from compiler.checks.setup import players_span
from compiler.checks.usage import check_usage

DECISIONS = (ast.ChooseCards, ast.ChooseCard, ast.Ask)


class _Checker:
    def __init__(self, mode, found: ModeDiagnostics, players_span=None):
        self.mode = mode
        self.found = found
        #: where the player count in force is written (a mode's `players` or the game block)
        self.players_span = players_span or mode.game.players_span or mode.game.span

    def error(self, code, message, span, hint=None, notes=()):
        self.found.add(self.mode.name, "error", code, message, span, hint, tuple(notes))

    def warning(self, code, message, span, hint=None):
        self.found.add(self.mode.name, "warning", code, message, span, hint)

    def once(self, items, key, code: str, message, hint: str, note: str) -> list:
        """Report each of ``items`` whose ``key`` an earlier one has (``message(item)``,
        at the item, with ``note`` at the earlier one); returns the first of each key."""
        first: dict = {}
        for item in items:
            k = key(item)
            if k in first:
                self.error(code, message(item), item.span, hint=hint, notes=[Note(note, first[k].span)])
            else:
                first[k] = item
        return list(first.values())

    # ------------------------------------------------------------ expressions
    def expect(self, e, want: str, scope: N.Scope, what: str) -> None:
        got = self.infer(e, scope)
        if not _unknown(got) and not _unknown(want) and got != want:
            self.error("E0503", f"{what} must be {_type_words(want)}, but this is {_type_words(got)}",
                       e.span, hint=_type_hint(want, got))

    def infer(self, e, scope: N.Scope) -> str:
        t = type(e)
        if t is ast.Number:
            return N.INT
        if t is ast.Bool:
            return N.BOOL
        if t is ast.Text:
            return N.TEXT
        if t in (ast.EmptyBag, ast.BagLiteral):
            if t is ast.BagLiteral:
                for ident, _ in e.items:
                    if ident.name not in self.mode.resources:
                        self.error("E0501", f"`{ident.name}` is not a resource", ident.span,
                                   hint=did_you_mean(ident.name, self.mode.resources, "resources"))
            return N.BAG
        if t is ast.PlayerCount:
            return N.INT
        if t is ast.Me:
            return N.PLAYER
        if t is ast.RollValue:
            pieces = self.mode.pieces.get(scope.card) if scope.card else None
            if pieces is None or not pieces.sides:
                self.error("E0503", "`roll` is a fresh roll of the die in context, and there is "
                           "no die here", e.span, hint="use it in `sum roll over my dice`")
            return N.INT
        if t is ast.It:
            if scope.card is None:
                self.error("E0501", "`it` means the card in context, and there is none here",
                           e.span, hint="use `it` inside `count`, `sum`, `best` or `where`")
                return "?"
            return N.card_type(scope.card)
        if t is ast.InZone:
            kind = self.infer(e.card, scope)
            card = self.zone_ref(e.zone, scope, any_owner=True)
            if card and kind not in ("?", N.card_type(card)):
                self.error("E0503", f"only {card} cards can be in `{e.zone.zone.name}`, and this "
                           f"is {_type_words(kind)}", e.card.span,
                           hint=f"test a {card} card, or a zone that holds {_type_words(kind)}s")
            return N.BOOL
        if t is ast.Name:
            b = N.resolve(self.mode, scope, e.name)
            if b is not None and b.kind == "global_track" and b.decl.per_enum is not None:
                self.error("E0505", f"track `{e.name}` is kept per {b.decl.per_enum.name}: say "
                           "which", e.span, hint=f"write `{e.name}[...]`")
                return N.INT
            if b is None:
                self.error("E0501", f"unknown name `{e.name}`", e.span,
                           hint=did_you_mean(e.name, N.all_names(self.mode, scope))
                           or f"declare `{e.name}` (a param, resource, track, derived value, tally or "
                           "end), or choose it in the action (`choose x: ...`)")
                return "?"
            return b.type
        if t is ast.Attribute:
            owner = scope.locals.get(e.obj)
            if owner is None:
                self.error("E0501", f"`{e.obj}` is not a chosen card or player here", e.span,
                           hint=did_you_mean(e.obj, scope.locals) or "choose it first: `choose x: ...`")
                return "?"
            if owner == N.card_type("?"):
                return "?"  # chosen from a zone already reported unknown: no cascade
            b = N.resolve_attribute(self.mode, scope, e.obj, e.attr)
            if b is None:
                if owner.startswith("card:"):
                    ctype = self.mode.card_types.get(owner[5:])
                    options = [f.name for f in ctype.fields] if ctype else []
                else:
                    options = list(self.mode.resources) + list(self.mode.tracks) + list(self.mode.derived)
                what = f"a {owner[5:]} card" if owner.startswith("card:") else "a player"
                self.error("E0502", f"`{e.obj}` has no `{e.attr}`", e.span,
                           hint=did_you_mean(e.attr, options) or (
                               f"{what} has " + ", ".join(f"`{o}`" for o in options[:8])
                               + (" ..." if len(options) > 8 else "") if options else
                               f"{what} has nothing to read here"))
                return "?"
            return b.type
        if t is ast.Not:
            self.expect(e.operand, N.BOOL, scope, "the operand of `not`")
            return N.BOOL
        if t in (ast.And, ast.Or):
            for x in e.operands:
                self.expect(x, N.BOOL, scope, f"each side of `{'and' if t is ast.And else 'or'}`")
            return N.BOOL
        if t is ast.Compare:
            left, right = self.infer(e.left, scope), self.infer(e.right, scope)
            if "?" not in (left, right):
                if e.op in ("==", "!="):
                    if left != right:
                        self.error("E0503", f"cannot compare {_type_words(left)} with "
                                   f"{_type_words(right)}", e.span,
                                   hint="compare two things of one type, e.g. two numbers or two "
                                   "members of one enum")
                elif left != N.INT or right != N.INT:
                    self.error("E0503", f"`{e.op}` compares numbers, not {_type_words(left)} and "
                               f"{_type_words(right)}", e.span,
                               hint="compare numbers, e.g. `count my hand >= 2`; test a bag with "
                               "`has`, equality with `==`")
            return N.BOOL
        if t is ast.Arith:
            for x in e.operands:
                self.expect(x, N.INT, scope, "arithmetic")
            for op, x in zip(e.ops, e.operands[1:]):
                if op == "//" and isinstance(x, ast.Number) and x.value == 0:
                    self.error("E0507", "division by zero", x.span, hint="divide by a number other than 0")
            return N.INT
        if t is ast.Neg:
            self.expect(e.operand, N.INT, scope, "the operand of `-`")
            return N.INT
        if t is ast.Has:
            self.expect(e.bag, N.BAG, scope, "what `has` tests")
            if e.who is not None:
                self.expect(e.who, N.PLAYER, scope, "the player before `has`")
            return N.BOOL
        if t is ast.Count:
            card = self.zone_ref(e.zone, scope)
            if e.where is not None and card:
                self.expect(e.where, N.BOOL, scope.with_card(card), "a `where` condition")
            return N.INT
        if t is ast.Sum:
            card = self.zone_ref(e.zone, scope)
            if card:
                inner = scope.with_card(card)
                self.expect(e.value, N.INT, inner, "what `sum` adds up")
                if e.where is not None:
                    self.expect(e.where, N.BOOL, inner, "a `where` condition")
            return N.INT
        if t is ast.AnyPlayer:
            self.expect(e.condition, N.BOOL, scope, "the condition of `any player`")
            return N.BOOL
        if t is ast.Best:
            card = self.zone_ref(e.zone, scope)
            if card:
                self.expect(e.key, N.INT, scope.with_card(card), "what `best` compares")
            return N.card_type(card) if card else "?"
        if t is ast.Index:
            track = self.mode.tracks.get(e.track.name)
            if track is None:
                self.error("E0501", f"unknown track `{e.track.name}`", e.track.span,
                           hint=did_you_mean(e.track.name, self.mode.tracks, "tracks"))
                return "?"
            self.track_key(track, e.key, scope, e.span)
            return N.INT
        if t is ast.Call:
            arity = N.BUILTIN_FUNCS.get(e.func.name)
            if arity is None:
                self.error("E0504", f"unknown function `{e.func.name}`", e.func.span,
                           hint=did_you_mean(e.func.name, N.BUILTIN_FUNCS, "functions"))
            elif e.func.name in ("max", "min") and len(e.args) < 2:
                self.error("E0504", f"`{e.func.name}` compares at least 2 values", e.span,
                           hint=f"e.g. `{e.func.name}(a, 0)`")
            elif e.func.name not in ("max", "min") and len(e.args) != arity:
                self.error("E0504", f"`{e.func.name}` takes {arity} value(s)", e.span,
                           hint=f"write `{e.func.name}(" + ", ".join("xyz"[:arity]) + ")`")
            want = N.BAG if e.func.name == "total" else N.INT
            for a in e.args:
                self.expect(a, want, scope, f"each value given to `{e.func.name}`")
            return N.INT
        return "?"

    def zone_ref(self, z: ast.ZoneRef, scope: N.Scope, any_owner: bool = False) -> str | None:
        """Check a zone reference; return its card type name.  ``any_owner`` allows a
        zone of each player or card without an owner (``x in workers_here``)."""
        local = scope.locals.get(z.zone.name)
        if local is not None and local.startswith("cards:") and z.owner is None \
                and z.owner_expr is None:
            return local[6:]  # a set of cards chosen with `some`
        zone = self.mode.zones.get(z.zone.name)
        if zone is None:
            self.error("E0501", f"unknown zone `{z.zone.name}`", z.zone.span,
                       hint=did_you_mean(z.zone.name, self.mode.zones, "zones and decks"))
            return None
        if z.owner_expr is not None:
            if zone.per_player:
                self.expect(z.owner_expr, N.PLAYER, scope, f"the owner of `{zone.name}`")
            elif zone.per_card is not None:
                self.expect(z.owner_expr, N.card_type(zone.per_card.name), scope,
                            f"the card `{zone.name}` belongs to")
            else:
                self.error("E0505", f"`{zone.name}` is shared: it belongs to no one", z.span,
                           hint=f"write just `{zone.name}`")
            return zone.card_type.name
        if zone.per_card is not None:
            if z.owner is not None:
                self.error("E0505", f"`{zone.name}` belongs to each {zone.per_card.name}, "
                           "not to a player", z.span, hint=f"write `{zone.name} of x`")
            elif scope.card != zone.per_card.name and not any_owner:
                self.error("E0505", f"`{zone.name}` belongs to each {zone.per_card.name}: "
                           "say whose", z.span, hint=f"write `{zone.name} of x`")
            return zone.card_type.name
        if zone.per_player and z.owner is None and not any_owner:
            self.error("E0505", f"`{zone.name}` belongs to each player: say whose", z.span,
                       hint=f"write `my {zone.name}` or `p.{zone.name}`")
        if not zone.per_player and z.owner is not None:
            self.error("E0505", f"`{zone.name}` is shared, not a player's", z.span,
                       hint=f"write just `{zone.name}`")
        if z.owner not in (None, "my") and scope.locals.get(z.owner) != N.PLAYER:
            self.error("E0501", f"`{z.owner}` is not a chosen player here", z.span,
                       hint=f"choose the player first (`choose {z.owner}: player`), or write "
                       f"`my {z.zone.name}`")
        return zone.card_type.name

    # ------------------------------------------------------------ statements
    def block(self, stmts, scope: N.Scope) -> None:
        for i, st in enumerate(stmts):
            if _decides(st) and not all(_only_decides(x) for x in stmts[i + 1:]):
                self.error("E0510", "a decision must be the last thing its block does, or be "
                           "followed only by other decisions", st.span,
                           hint="move the statements after it before it")
            scope = self.stmt(st, scope) or scope

    def stmt(self, st, scope: N.Scope) -> N.Scope | None:
        """Check one statement; returns the scope for the statements after it
        when the statement binds a name (``let``)."""
        t = type(st)
        if t is ast.Let:
            if st.var.name in scope.locals:
                self.error("E0205", f"`{st.var.name}` is already a name here", st.var.span,
                           hint="pick another name")
            kind = self.infer(st.value, scope)
            if kind == N.BOOL:
                self.error("E0503", "`let` names a number, a card, a player or a bag, not a "
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
                self.error("E0501", f"unknown track `{st.track.name}`", st.track.span,
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
                self.error("E0501", f"unknown procedure `{st.procedure.name}`", st.procedure.span,
                           hint=did_you_mean(st.procedure.name, self.mode.procedures, "procedures"))
            else:
                if len(st.args) != len(proc.params):
                    self.error("E0504", f"`{proc.name}` takes {len(proc.params)} value(s), "
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
                self.error("E0501", f"unknown catalogue `{st.catalogue.name}`", st.catalogue.span,
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
                self.error("E0205", f"`{st.var.name}` is already a name here", st.var.span,
                           hint="pick another name")
            card = self.zone_ref(st.zone, scope)
            inner = scope.with_local(st.var.name, N.card_type(card or "?"))
            if st.where is not None:  # bare field names read the card considered
                self.expect(st.where, N.BOOL, inner.with_card(card) if card else inner,
                            "a `where` condition")
            self.block(st.body, inner)
        elif t is ast.EachPlayer:
            self.block(st.body, scope)
        elif t is ast.ForEach:
            card = self.zone_ref(st.zone, scope)
            inner = scope.with_local(st.var.name, N.card_type(card or "?"))
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
                    self.error("E0502", f"cards of type `{card}` have no state `{st.state.name}`",
                               st.state.span, hint="declare it in the zone: `state name: bool = false`")
                else:
                    self.expect(st.value, b.type, scope, f"the value of `{st.state.name}`")
        elif t is ast.Roll:
            card = self.card_local(st.die, scope)
            pieces = self.mode.pieces.get(card) if card else None
            if card and (pieces is None or not pieces.sides):
                self.error("E0503", f"`{st.die.name}` is not a die: only pieces with `sides` roll",
                           st.die.span, hint="declare the pieces with `sides 6`")
        elif t is ast.Ask:
            self.expect(st.who, N.PLAYER, scope, "who is asked")
            self.once(st.options, lambda o: o.label, "E0511",
                      lambda o: f"two options of `ask` have the label \"{o.label}\"",
                      "give each option its own label: players pick options by it", "the other option")
            for o in st.options:
                self.block(o.body, scope)

    def names_unique(self) -> None:
        """Enum members share the game-wide namespace with tracks, params, resources..."""
        m = self.mode
        taken: dict[str, object] = {}
        for table in (m.resources, m.tracks, m.params, m.derived, m.tallies, m.ends, m.zones):
            for name, decl in table.items():
                taken.setdefault(name, decl)
        owner: dict[int, str] = {}  # the enum of each member seen, by id
        for enum in m.enums.values():
            members = self.once(enum.members, lambda e: e.name, "E0205",
                                lambda e, enum=enum: f"`{e.name}` is listed twice in `{enum.name}`",
                                "remove one of them", "first listed here")
            for member in members:
                if member.name in taken:
                    other = taken[member.name]
                    what = (f"a member of `{owner[id(other)]}`" if id(other) in owner
                            else f"a {ast.decl_kind(other)}")
                    self.error("E0205", f"`{member.name}` names both a member of `{enum.name}` and "
                               f"{what}", member.span, hint="rename one of them",
                               notes=[Note("the other declaration", other.span)])
                taken.setdefault(member.name, member)
                owner[id(member)] = enum.name

    def derived_cycles(self) -> None:
        """A derived value may not be defined in terms of itself."""
        import networkx as nx

        graph = nx.DiGraph()
        for d in self.mode.derived.values():
            graph.add_node(d.name)
            for name in _names_in(d.expr):
                if name in self.mode.derived:
                    graph.add_edge(d.name, name)
        cycles = _one_cycle_each(graph, list(self.mode.derived))
        for cycle in cycles:
            first = self.mode.derived[cycle[0]]
            self.error("E0206", "derived value is defined through itself: "
                       + " → ".join(cycle + cycle[:1]), first.span,
                       hint="define it from other values only",
                       notes=[Note(f"`{a}` reads `{b}` here", self.mode.derived[a].expr.span)
                              for a, b in zip(cycle[1:], cycle[2:] + cycle[:1])])
        if not cycles:
            self.chain_depth(graph, self.mode.derived, "derived value", "reads",
                             "compute some of them from the first values directly, not each "
                             "from the one before")

    def procedure_cycles(self) -> None:
        """A procedure may not run itself, directly or through others."""
        import networkx as nx

        graph = nx.DiGraph()
        for proc in self.mode.procedures.values():
            graph.add_node(proc.name)
            for call in _calls(proc.effect):
                graph.add_edge(proc.name, call.procedure.name, span=call.span)
        cycles = _one_cycle_each(graph, list(self.mode.procedures))
        for cycle in cycles:
            first = self.mode.procedures[cycle[0]]
            self.error("E0206", "procedure runs itself through " + " → ".join(cycle + cycle[:1]),
                       first.span, hint="a procedure cannot run itself; repeat work with `for each` "
                       "instead",
                       notes=[Note(f"`{a}` runs `{b}` here", graph.edges[a, b]["span"])
                              for a, b in zip(cycle, cycle[1:] + cycle[:1])])
        if not cycles:
            self.chain_depth(graph, self.mode.procedures, "procedure", "runs",
                             "run the later procedures one after another from the first, not "
                             "each from the one before")

    def chain_depth(self, graph, decls: dict, kind: str, verb: str, hint: str) -> None:
        """E0541 when the longest chain of ``decls`` (derived values reading one another,
        or procedures running one another: the edges of the acyclic ``graph``) is longer
        than MAX_REFERENCE_DEPTH: each link is a nested call in the engine."""
        import networkx as nx

        if graph.number_of_nodes() <= limits.MAX_REFERENCE_DEPTH:
            return
        chain = [n for n in nx.dag_longest_path(graph) if n in decls]
        if len(chain) > limits.MAX_REFERENCE_DEPTH:
            shown = " → ".join(f"`{n}`" for n in chain[:3]) + " → ... → " + f"`{chain[-1]}`"
            self.error("E0541", f"{kind} `{chain[0]}` {verb} a chain of {len(chain):,} {kind}s "
                       f"({shown}); at most {limits.MAX_REFERENCE_DEPTH} may depend on one another "
                       "in a row", decls[chain[0]].span, hint=hint,
                       notes=[Note(f"the chain ends at `{chain[-1]}`", decls[chain[-1]].span)])

    def param_type(self, param: ast.ProcParam) -> str:
        kind = param.type.name
        if kind in (N.INT, N.BAG, N.PLAYER):
            return kind
        if kind in self.mode.card_types or kind in self.mode.pieces:
            return N.card_type(kind)
        if kind in self.mode.enums:
            return N.enum_type(kind)
        self.error("E0501", f"unknown type `{kind}`", param.type.span,
                   hint=did_you_mean(kind, ["int", "bag", "player", *self.mode.card_types,
                                            *self.mode.pieces, *self.mode.enums], "types"))
        return "?"

    def procedure_scope(self, proc: ast.Procedure) -> N.Scope:
        scope = N.Scope()
        for param in proc.params:
            scope = scope.with_local(param.name, self.param_type(param))
        return scope

    def procedure(self, proc: ast.Procedure) -> None:
        self.block(proc.effect, self.procedure_scope(proc))

    def roll_off(self, tb: ast.RollOff, after) -> None:
        """A roll-off rolls dice of at least 2 sides, and it breaks every tie it is given
        (players tied roll again), so no tie-breaker can follow it."""
        if tb.sides < 2:
            self.error("E0506", "a roll-off needs a die of at least 2 sides", tb.span,
                       hint="write `sides 6` (any number from 2)")
        if after:
            self.error("E0560", f"tie-breaker \"{after[0].label}\" comes after a roll-off, which "
                       "always breaks the tie, so it never applies", after[0].span,
                       hint="make the roll-off the last tie-breaker",
                       notes=[Note("the roll-off", tb.span)])

    def track_key(self, track: ast.Track, key, scope: N.Scope, span) -> None:
        """A track kept per enum member needs ``[member]``; other tracks take none."""
        if track.per_enum is None:
            if key is not None:
                self.error("E0503", f"track `{track.name}` is not kept per anything, so it takes "
                           "no `[...]`", key.span, hint=f"write just `{track.name}`",
                           notes=[Note("declared here", track.span)])
            return
        if key is None:
            self.error("E0505", f"track `{track.name}` is kept per {track.per_enum.name}: say "
                       "which", span, hint=f"write `{track.name}[some_{track.per_enum.name}]`")
            return
        self.expect(key, N.enum_type(track.per_enum.name), scope, f"the key of `{track.name}`")

    def overflow(self, z: ast.Zone) -> None:
        """``overflow discard into ZONE``: the zone has a limit and an owner, and the
        discard zone holds the same cards (E0550-E0552)."""
        o = z.overflow
        if z.limit is None:
            self.error("E0550", f"`{z.name}` has no limit, so it never overflows", o.span,
                       hint="add `limit N` to the zone, or remove the `overflow` line")
        if not z.per_player:
            self.error("E0551", f"`{z.name}` belongs to no player, so nobody can make room in it",
                       o.span, hint="`overflow` is for a zone kept `per player`, such as a hand")
        card = self.zone_ref(o.discard, N.Scope())
        if o.discard.zone.name == z.name:
            self.error("E0552", f"cards discarded to make room in `{z.name}` cannot go back into "
                       "it", o.discard.span, hint="discard into another zone, such as a discard pile")
        elif card and card != z.card_type.name:
            self.error("E0552", f"`{z.name}` holds {z.card_type.name} cards but "
                       f"`{o.discard.zone.name}` holds {card} cards", o.discard.span,
                       hint=f"discard into a zone of {z.card_type.name} cards",
                       notes=[Note(f"`{o.discard.zone.name}` is declared here",
                                   self.mode.zones[o.discard.zone.name].span)])

    def card_local(self, ident: ast.Ident, scope: N.Scope) -> str | None:
        owner = scope.locals.get(ident.name)
        if owner is None or not owner.startswith("card:"):
            self.error("E0501", f"`{ident.name}` is not a chosen card here", ident.span,
                       hint=did_you_mean(ident.name, scope.locals)
                       or f"choose it first: `choose {ident.name}: card in ...`")
            return None
        return owner[5:]

    def same_cards(self, src: ast.ZoneRef, dst: ast.ZoneRef, scope: N.Scope) -> None:
        a, b = self.zone_ref(src, scope), self.zone_ref(dst, scope)
        if a and b and a != b:
            self.error("E0503", f"`{src.zone.name}` holds {a} cards but `{dst.zone.name}` holds {b} "
                       "cards", dst.span, hint=f"move {a} cards into a zone of {a} cards",
                       notes=[Note(f"`{z.zone.name}` is declared here", self.mode.zones[z.zone.name].span)
                              for z in (src, dst) if z.zone.name in self.mode.zones])

    # ------------------------------------------------------------ declarations
    def action_scope(self, a: ast.Action) -> N.Scope:
        self.choice_count(a)
        scope = N.Scope()
        for c in a.choices:
            d = c.domain
            if c.name in scope.locals:
                self.error("E0205", f"`{c.name}` is chosen twice", c.span,
                           hint="give each choice its own name",
                           notes=[Note("first chosen here", prev.span) for prev in a.choices
                                  if prev.name == c.name][:1])
            if isinstance(d, ast.CardDomain):
                card = self.zone_ref(d.zone, scope)
                inner = scope.with_local(c.name, N.card_type(card or "?"))
                if d.where is not None:  # bare field names read the card being chosen
                    self.expect(d.where, N.BOOL, inner.with_card(card) if card else inner,
                                "a `where` condition")
                scope = inner
            elif isinstance(d, ast.PlayerDomain):
                scope = scope.with_local(c.name, N.PLAYER)
            elif isinstance(d, ast.BagDomain):
                for k in d.kinds:
                    if k.name not in self.mode.resources:
                        self.error("E0501", f"`{k.name}` is not a resource", k.span,
                                   hint=did_you_mean(k.name, self.mode.resources, "resources"))
                if d.size < 1:
                    self.error("E0506", "a bag choice needs at least 1 item", d.span,
                               hint="choose 1 or more, e.g. `choose x: 1 of coin, gem`")
                elif d.smallest > d.size:
                    self.error("E0506", f"the range {d.smallest} to {d.size} is empty", d.span,
                               hint=f"write the smaller number first: `{d.size} to {d.smallest} of ...`")
                elif limits.bag_choices(len(d.kinds), d.size, d.smallest) > limits.MAX_CHOICES:
                    self.error("E0506", f"a choice of {d.size} from {len(d.kinds)} resources offers more "
                               f"than {limits.MAX_CHOICES:,} bags", d.span,
                               hint="choose fewer items, or fewer kinds")
                scope = scope.with_local(c.name, N.BAG)
            elif isinstance(d, ast.SubsetDomain):
                kind = d.card_type.name
                if kind not in self.mode.card_types and kind not in self.mode.pieces:
                    self.error("E0501", f"unknown card type or pieces `{kind}`", d.card_type.span,
                               hint=did_you_mean(kind, [*self.mode.card_types, *self.mode.pieces],
                                                 "card types and pieces"))
                elif d.where is not None:
                    self.expect(d.where, N.BOOL, scope.with_card(kind), "a `where` condition")
                scope = scope.with_local(c.name, f"cards:{kind}")
            else:
                if d.low > d.high:
                    self.error("E0506", f"the range {d.low} to {d.high} is empty", d.span,
                               hint=f"write the smaller number first: `{d.high} to {d.low}`")
                elif d.high - d.low + 1 > limits.MAX_CHOICES:
                    self.error("E0506", f"the range {d.low} to {d.high} offers more than "
                               f"{limits.MAX_CHOICES:,} numbers", d.span, hint="choose from a smaller range")
                scope = scope.with_local(c.name, N.INT)
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
            self.error("E0506", f"the choices of this action offer {combinations:,} combinations, "
                       f"more than {limits.MAX_CHOICES:,}", a.choices[0].span,
                       hint="choose from smaller ranges, or choose inside the effect")

    def action(self, a: ast.Action) -> None:
        scope = self.action_scope(a)
        for req in a.requires:
            self.expect(req, N.BOOL, scope, "a requirement")
        for use in a.uses:
            if use.amount == 0:
                self.warning("W0103", "`uses ... 0` counts nothing", use.span,
                             hint="remove the line or count at least 1")
            if use.tally.name not in self.mode.tallies:
                self.error("E0501", f"unknown tally `{use.tally.name}`", use.tally.span,
                           hint=did_you_mean(use.tally.name, self.mode.tallies, "tallies"))
        self.block(a.effect, scope)

    def run(self) -> None:
        m = self.mode
        scores = [t for t in m.tracks.values() if t.is_score]
        if not scores:
            self.error("E0520", "no track is marked `score`", m.game.span,
                       hint="mark the victory-point track with `score`")
        for t in scores:
            if not t.per_player:
                self.error("E0520", f"the score track `{t.name}` must be `per player`", t.span,
                           hint="add `per player` to it: each player scores their own points")
        for extra in scores[1:]:
            self.error("E0520", "only one track can be the score track", extra.span,
                       hint=f"remove `score` from `{extra.name}`",
                       notes=[Note("the score track", scores[0].span)])
        lo, hi = m.players
        if (lo, hi) == (0, 0) and m.game.players_span is None:
            self.error("E0521", "the game does not say how many players it is for", m.game.span,
                       hint="add `players 2 to 4` to the `game` block")
        elif lo < 1:
            self.error("E0521", f"a game needs at least 1 player, not {lo}", self.players_span,
                       hint="write `players 1 to ...` or more")
        elif lo > hi:
            self.error("E0521", f"player count {lo} to {hi} is empty", self.players_span,
                       hint=f"write `players {hi} to {lo}`")
        elif hi > limits.MAX_PLAYERS:
            self.error("E0521", f"a game can be for at most {limits.MAX_PLAYERS} players, not {hi}",
                       self.players_span,
                       hint=f"write `players {min(lo, limits.MAX_PLAYERS)} to {limits.MAX_PLAYERS}` or fewer")
        if m.game.default_mode is not None and m.game.default_mode.name == "":
            self.error("E0202", "the game names its default mode twice", m.game.default_mode.span,
                       hint="keep one `default mode` line")
        self.names_unique()
        self.derived_cycles()
        for t in m.tracks.values():
            if t.start is not None:
                self.expect(t.start, N.INT, N.Scope(), "where a track starts")
            if t.per_enum is not None:
                if t.per_enum.name not in m.enums:
                    self.error("E0501", f"unknown enum `{t.per_enum.name}`", t.per_enum.span,
                               hint=did_you_mean(t.per_enum.name, m.enums, "enums"))
                if t.per_player or t.is_score:
                    self.error("E0505", f"track `{t.name}` is kept per {t.per_enum.name}; it cannot "
                               "also be per player or the score", t.span,
                               hint=f"keep either `per {t.per_enum.name}` or `per player`/`score`")
        for d in m.derived.values():
            self.expect(d.expr, N.INT, N.Scope(), f"derived value `{d.name}`")
        for t in m.tallies.values():
            for sc in t.scopes:
                if sc not in ("player", "round", "game", "turn"):
                    self.error("E0506", f"unknown tally scope `{sc}`", t.span,
                               hint="a tally counts per player, round, game or turn")
            if t.maximum is not None:
                self.expect(t.maximum, N.INT, N.Scope(), "a tally's maximum")
                if isinstance(t.maximum, ast.Number) and t.maximum.value == 0:
                    self.warning("W0103", f"tally `{t.name}` allows nothing (max 0)", t.maximum.span,
                                 hint="remove the actions that use it instead")
        pieces = 0  # of every kind, for the most players: the engine lays each one out
        seats = min(max(hi, 1), limits.MAX_PLAYERS)
        for pc in m.pieces.values():
            if pc.count < 1:
                self.error("E0506", "each player needs at least 1 piece", pc.span,
                           hint="write `per player 1` or more")
            elif pc.count > limits.MAX_PIECES_PER_PLAYER:
                self.error("E0506", f"each player can have at most {limits.MAX_PIECES_PER_PLAYER} "
                           f"pieces of a kind, not {pc.count}", pc.span,
                           hint=f"write `per player {limits.MAX_PIECES_PER_PLAYER}` or fewer")
            elif pieces <= limits.MAX_PIECES < pieces + pc.count * seats:
                self.error("E0506", f"with {seats} players the pieces number more than "
                           f"{limits.MAX_PIECES:,} in all by these", pc.span,
                           hint="use fewer pieces per player, or fewer kinds of pieces")
            pieces += max(pc.count, 0) * seats
            if pc.sides is not None and pc.sides < 2:
                self.error("E0506", "a die needs at least 2 sides", pc.span,
                           hint="write `sides 6` (any number from 2), or leave `sides` out for pieces "
                           "that do not roll")
            if pc.name in m.card_types:
                self.error("E0205", f"`{pc.name}` is both a card type and pieces", pc.span,
                           hint="rename one of them",
                           notes=[Note("the card type", m.card_types[pc.name].span)])
        for z in m.zones.values():
            if z.card_type.name not in m.card_types and z.card_type.name not in m.pieces:
                self.error("E0501", f"unknown card type `{z.card_type.name}`", z.card_type.span,
                           hint=did_you_mean(z.card_type.name, [*m.card_types, *m.pieces],
                                             "card types and pieces"))
            if z.per_card is not None and z.per_card.name not in m.card_types \
                    and z.per_card.name not in m.pieces:
                self.error("E0501", f"unknown card type `{z.per_card.name}`", z.per_card.span,
                           hint=did_you_mean(z.per_card.name, [*m.card_types, *m.pieces],
                                             "card types and pieces"))
            if z.per_card is not None and z.per_player:
                self.error("E0505", f"`{z.name}` cannot belong both to each player and to each "
                           f"{z.per_card.name}", z.span,
                           hint=f"keep one of `per player` and `per {z.per_card.name}`")
            if z.limit is not None:
                owner_scope = N.Scope(card=z.per_card.name) if z.per_card else N.Scope()
                self.expect(z.limit, N.INT, owner_scope, "a zone limit")
            if z.overflow is not None:
                self.overflow(z)
            if z.refill is not None and z.refill.name not in m.zones:
                self.error("E0501", f"unknown zone `{z.refill.name}`", z.refill.span,
                           hint=did_you_mean(z.refill.name, m.zones, "zones and decks"))
            for st in z.states:
                want = N.field_type(st.type.name, m)
                if want == "?":
                    self.error("E0501", f"unknown type `{st.type.name}`", st.type.span,
                               hint=did_you_mean(st.type.name, ["int", "bool", "bag", "text", *m.enums],
                                                 "types"))
                else:
                    self.expect(st.default, want, N.Scope(), f"the default of `{st.name}`")
        for ct in m.card_types.values():
            self.once(ct.fields, lambda f: f.name, "E0205",
                      lambda f, ct=ct: f"card `{ct.name}` has two fields named `{f.name}`",
                      "give each field its own name, or remove one", "the other field")
            for f in ct.fields:
                want = N.field_type(f.type.name, m)
                if f.default is not None and want != "?":
                    got = N.literal_type(f.default, m)
                    if got != want and not (want == N.BAG and isinstance(f.default, ast.EmptyBag)):
                        this = (f"`{f.default.name}` names no value" if got == "?"
                                and isinstance(f.default, ast.Name) else f"this is {_type_words(got)}")
                        self.error("E0503", f"the default of `{f.name}` must be {_type_words(want)}, "
                                   f"but {this}", f.default.span,
                                   hint="a bag field has no default: give each card its value"
                                   if want == N.BAG else
                                   f"write {_type_words(want)}, or change the field's type")
                if N.field_type(f.type.name, m) == "?":
                    self.error("E0501", f"unknown type `{f.type.name}`", f.type.span,
                               hint=did_you_mean(f.type.name, ["int", "bool", "bag", "text", *m.enums],
                                                 "types"))
        if m.setup is not None:
            self.block(m.setup.body, N.Scope())
        for a in m.actions.values():
            self.action(a)
        for proc in m.procedures.values():
            self.procedure(proc)
        self.procedure_cycles()
        for t in m.triggers.values():
            if not t.before:
                self.error("E0501", f"trigger `{t.name}` names no action to run before", t.span,
                           hint="add `before some_action`")
            for before in t.before:
                target = m.actions.get(before.name)
                if target is None:
                    self.error("E0501", f"trigger runs before unknown action `{before.name}`",
                               before.span, hint=did_you_mean(before.name, m.actions, "actions"))
                    continue
                self.block(t.effect, self.action_scope(target))
        offered = set()
        for ph in m.phases.values():
            if ph.only_when is not None:
                self.expect(ph.only_when, N.BOOL, N.Scope(), "`only when`")
            self.block(ph.on_enter, N.Scope())
            self.block(ph.on_exit, N.Scope())
            self.block(ph.on_turn, N.Scope())
            if ph.on_turn and ph.kind != "turns":
                self.error("E0408", f"only a `turns` phase has turns; `{ph.name}` is {ph.kind}",
                           ph.span, hint="move these effects to `on enter`")
            self.once(ph.actions, lambda i: i.name, "E0205",
                      lambda i, ph=ph: f"phase `{ph.name}` offers `{i.name}` twice",
                      "list each action once", "first listed here")
            for ident in ph.actions:
                offered.add(ident.name)
                if ident.name not in m.actions:
                    self.error("E0501", f"phase `{ph.name}` offers unknown action `{ident.name}`",
                               ident.span, hint=did_you_mean(ident.name, m.actions)
                               or f"declare it: `action {ident.name} \"...\" {{ ... }}`")
            if ph.kind in ("simultaneous", "turns") and ph.actions:
                finishing = [i.name for i in ph.actions if i.name in m.actions
                             and _finishes(m.actions[i.name].effect)]
                sudden = any(e.immediately for e in m.ends.values())
                if not finishing and (ph.kind == "simultaneous" or not sudden):
                    self.error("E0407", f"phase `{ph.name}` waits for every player, but none of its "
                               "actions lets a player finish", ph.span,
                               hint="offer an action whose effect says `done`"
                               + ("" if ph.kind == "simultaneous" else
                                  ", or end the game `immediately` when it is won"))
            elif ph.kind in ("automatic",) and ph.actions:
                self.error("E0408", f"automatic phase `{ph.name}` cannot offer actions", ph.span,
                           hint="make it `simultaneous`, `turns` or `draft`, or remove its `actions`")
        for table in (m.resources, m.tracks, m.zones, m.params, m.derived, m.tallies, m.phases,
                      m.actions, m.triggers, m.procedures, m.ends):
            for decl in table.values():
                if not any(meta.kind == "source" for meta in decl.meta):
                    self.warning("W0102", f"`{decl.name}` cites no rulebook section", decl.span,
                                 hint='add `source "Section › Subsection"`')
        for name, a in m.actions.items():
            if name not in offered:
                self.warning("W0101", f"action `{name}` is offered in no phase", a.span,
                             hint="list it in a phase's `actions`, or remove it")
        if m.flow is not None:
            for e in m.flow.edges:
                if e.condition is not None:
                    self.expect(e.condition, N.BOOL, N.Scope(), "a transition condition")
        if not m.ends:
            self.error("E0530", "the spec never says how the game ends", m.game.span,
                       hint="add `end game_over { when ... winner most ... }`")
        for end in m.ends.values():
            if end.when is not None:
                self.expect(end.when, N.BOOL, N.Scope(), "the end condition")
            if end.win_when is not None:
                self.expect(end.win_when, N.BOOL, N.Scope(), "`win when`")
            if end.winner_most is not None:
                self.expect(end.winner_most, N.INT, N.Scope(), "`winner most`")
            for i, tb in enumerate(end.tie_breakers):
                if isinstance(tb, ast.RollOff):
                    self.roll_off(tb, end.tie_breakers[i + 1:])
                else:
                    self.expect(tb.expr, N.INT, N.Scope(), "a tie-breaker")
        for p in m.params.values():
            if N.literal_type(p.value, m) == "?":
                self.error("E0503", f"param `{p.name}` must be a number, true/false, a text or an "
                           "enum member", p.value.span,
                           hint=did_you_mean(getattr(p.value, "name", ""), N.enum_members(m))
                           or "write a number, true, false, a quoted text or a member of an enum")


def _one_cycle_each(graph, order: list[str]) -> list[list[str]]:
    """One cycle of each strongly connected part of ``graph`` that has one: the shortest
    through the part's member declared first (``order``), starting there.  Not every
    cycle: a few names that all refer to one another form more cycles than can be
    listed (networkx's ``simple_cycles`` would run for ever).  Sorted, so the report does
    not depend on string hashing."""
    import networkx as nx

    rank = {name: i for i, name in enumerate(order)}
    out = []
    for part in nx.strongly_connected_components(graph):
        first = min(part, key=lambda n: rank.get(n, len(rank)))
        if len(part) == 1 and not graph.has_edge(first, first):
            continue
        came_from: dict[str, str | None] = {first: None}
        queue, last = deque([first]), None
        while queue and last is None:
            node = queue.popleft()
            for succ in graph.successors(node):
                if succ == first:
                    last = node
                    break
                if succ in part and succ not in came_from:
                    came_from[succ] = node
                    queue.append(succ)
        cycle = []
        while last is not None:
            cycle.append(last)
            last = came_from[last]
        out.append(cycle[::-1])
    return sorted(out)


def _names_in(e):
    """Every bare name and attribute name used in an expression tree."""
    for node in ast.walk(e):
        if isinstance(node, ast.Name):
            yield node.name
        elif isinstance(node, ast.Attribute):
            yield node.attr

def _calls(stmts):
    for st in stmts:
        if isinstance(st, ast.DoProcedure):
            yield st
        for body in (getattr(st, "then", ()), getattr(st, "otherwise", ()), getattr(st, "body", ())):
            yield from _calls(body)
        for option in getattr(st, "options", ()):
            yield from _calls(option.body)


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


def _finishes(stmts) -> bool:
    for st in stmts:
        if isinstance(st, ast.Done):
            return True
        if isinstance(st, ast.If) and (_finishes(st.then) or _finishes(st.otherwise)):
            return True
    return False


def _type_words(t: str) -> str:
    if t.startswith("card:"):
        return f"a {t[5:]} card"
    if t.startswith("enum:"):
        return f"a {t[5:]}"
    return {"int": "a number", "bool": "true or false", "bag": "a bag of resources",
            "player": "a player", "text": "a text"}.get(t, t)


def _type_hint(want: str, got: str) -> str:
    """How to turn ``got`` into ``want``, in the usual cases; else what ``want`` looks like."""
    if want == N.INT and got == N.BAG:
        return "a bag is not a number; count one resource, e.g. `me.worker`"
    if want == N.BOOL and got == N.INT:
        return "compare it, e.g. `... >= 1`"
    if want == N.BOOL and got == N.BAG:
        return "test a bag with `has`, e.g. `has coin 1`"
    if want == N.INT and got.startswith("card:"):
        return "read a number from the card, e.g. `b.value`"
    if want == N.PLAYER:
        return "name a player: `me`, a chosen player (`choose p: player`) or a card's `owner`"
    if want == N.BAG and got == N.INT:
        return "a bag names its resources and amounts, e.g. `coin 2`"
    return f"write {_type_words(want)} here"


def check(comp, bag: DiagnosticBag, cards: list[dict] | None = None) -> None:
    """Check every composed mode of ``comp`` and its phase graph; diagnostics go to
    ``bag``, each once, naming the modes it concerns unless it concerns them all.
    ``cards`` (the catalogue entries, :func:`compiler.analysis.catalogue.load_catalogues`; None if
    they did not load cleanly) feed the setup and resource checks and the warnings about
    unused components (:mod:`compiler.checks.usage`)."""
    found = ModeDiagnostics(list(comp.modes))
    for mode in comp.modes.values():
        if mode.incomplete:  # E0204/E0206 said why; its rules would only report cascades
            continue
        _Checker(mode, found, players_span(comp, mode)).run()
        phasegraph.check_mode(mode, lambda *args, m=mode.name: found.add(m, *args))
        soundness.check_mode(comp, mode, cards, lambda *args, m=mode.name: found.add(m, *args))
    found.flush(bag)
    check_usage(comp, list(cards or ()), bag)


def _unknown(type_name: str) -> bool:
    """A type left unknown by an error already reported (``?``, a card of ``?``)."""
    return type_name == "?" or type_name == N.card_type("?")


def procedure_scope(mode, proc: ast.Procedure) -> N.Scope:
    """The names a procedure's body sees: its parameters, typed (for code generators)."""
    return _Checker(mode, ModeDiagnostics([mode.name])).procedure_scope(proc)


def infer_type(mode, scope: N.Scope, e) -> str:
    """The type of ``e`` in ``scope`` (for code generators; problems were reported
    by :func:`check` already)."""
    return _Checker(mode, ModeDiagnostics([mode.name])).infer(e, scope)
