"""Engine backend: composed modes → one Python module per game (plus the shared runtime).

Each distinct declaration (an action, a phase, a trigger...) becomes named
functions once, even when several modes use it (names: :mod:`compiler.engine.naming`);
each mode then gets a ``Rules`` table that points at the functions it uses, written
as what the mode changes (:mod:`compiler.engine.mode_tables`).  Output goes through
the Jinja templates in ``compiler/engine/templates/``.  The runtime every engine
imports is a real package, :mod:`compiler.engine.runtime`, copied as it is.
"""

from __future__ import annotations

import re
from importlib import resources

import jinja2

from compiler.analysis import card_rules
from compiler.analysis import names as N
from compiler.analysis import tables as table_data
from compiler.analysis import waits
from compiler.analysis.compose import Composition
from compiler.analysis.floors import track_floors
from compiler.analysis.types import Types
from compiler.engine.end_checks import _end_after, _end_after_answer, _end_named
from compiler.engine.card_tables import CardTables
from compiler.engine.legal import LegalActions, _quoted
from compiler.engine.phase_legal import phase_functions
from compiler.engine.mode_tables import PyCall, PyTuple, names_tuple, rules_tables, table
from compiler.engine import pieces, taking, value_choices
from compiler.engine.automata import seat_fields
from compiler.engine.selection import selection_tables
from compiler.engine.naming import Namer
from compiler.engine.pyexpr import Ctx, Resources, _players, expr
from compiler.engine.statements import StmtLowering, Writer
from compiler.engine.pyquote import Code, engine_environment, identifier, literal, reference
from dsl import ast
from dsl.spans import source_lines

#: Spec text reaches the engine only through the quoting filters of
#: :mod:`compiler.pyquote`: any other text a template outputs fails the build.
_ENV = engine_environment(jinja2.PrefixLoader({"engine": jinja2.PackageLoader("compiler.engine",
                                                                                  "templates")}))


def render_runtime() -> dict[str, str]:
    """Source of the package ``generated/_runtime/``: file name → text of each module of
    the package :mod:`compiler.engine.runtime`, byte for byte, in name order (the engines
    import it as ``generated._runtime``)."""
    package = resources.files("compiler.engine.runtime")
    return {f.name: f.read_bytes().decode("utf-8")
            for f in sorted(package.iterdir(), key=lambda f: f.name)
            if f.is_file() and f.name.endswith(".py")}


def _meta_line(meta) -> str:
    sources = "; ".join(m.text for m in meta if m.kind == "source")
    return f" Source: {sources}." if sources else ""


#: The table of the rules a card's rule field names, by the field's kind (construct 1;
#: actions: construct 3); a ``value`` or ``condition`` field names a derived value (``D``).
_RULE_TABLES = {"procedure": "PR", "action": "A"}


class EngineGenerator(LegalActions, CardTables):
    """Generates the engine module of one game from its composition and card data; the
    types of its expressions and the scopes of its actions and procedures are read from
    ``types``, what the checks recorded (:func:`compiler.checks.check`).  The functions of
    the legal actions come from :class:`~compiler.engine.legal.LegalActions`."""

    def __init__(self, comp: Composition, cards: list[dict], spec_path: str, source: str = "", *,
                 types: Types):
        self.comp = comp
        self.cards = cards
        self.types = types
        self.spec_path = spec_path
        self.res = _resources(comp)
        self.score_track = next((t.name for m in comp.every().values() for t in m.tracks.values()
                                 if t.is_score), "score")
        # the base's catalogues, the pieces, then the catalogues only a mode or module adds:
        # a mode that brings cards of its own leaves the numbers of the others' as they were
        base_cats = set(comp.base.catalogues)
        self.entries = ([c for c in cards if c["_catalogue"] in base_cats] + pieces.piece_entries(comp)
                        + [c for c in cards if c["_catalogue"] not in base_cats])
        self.namer = Namer()
        self.functions: list[str] = []
        #: the code of each list of options shared between actions -> its number in s._cse
        self._shared: dict[str, int] = {}
        #: the legal-action functions of a phase's actions -> the phase's function, the
        #: phase, and the titles of its actions (see :mod:`compiler.engine.phase_legal`)
        self._phases: dict[tuple[str, ...], tuple[str, ast.Phase, tuple[str, ...]]] = {}
        self.lower = StmtLowering(self.res, self.score_track, source_lines=source_lines(source),
                                  name_function=self.namer.fresh)
        self.lower.waiting = waits.procedures_that_wait(
            (m.procedures for m in comp.every().values()),
            card_rules.procedure_rules(comp.every().values(), cards))
        #: the actions some trigger runs ``after`` (in any mode): their effects say whether
        #: they wait, so the triggers after them run once the answer is in (``act`` steps)
        self.followed = frozenset(named.name for m in comp.every().values()
                                  for t in m.triggers.values() for named in t.after)
        #: procedure name → its effect in each mode (construct 3: effects that take an action)
        self.effects: dict[str, list] = {}
        for m in comp.every().values():
            for name, proc in m.procedures.items():
                self.effects.setdefault(name, []).append(proc.effect)

    # ---------------------------------------------------------- helpers
    def _emit(self, w: Writer) -> None:
        self.functions.append(w.source())

    def _fn(self, header: str, doc: str) -> Writer:
        """A function's first lines: ``header`` (code) and its docstring ``doc`` (text)."""
        w = Writer()
        w.line(header)
        w.level += 1
        w.docstring(doc)
        return w

    def _ctx(self, mode, scope: N.Scope | None = None, me: str = "p") -> Ctx:
        return Ctx(mode, scope or N.Scope(), me, types=self.types.mode(mode.name))

    # ---------------------------------------------------------- declarations
    def derived(self, mode, d: ast.Derived) -> str:
        fn = self.namer.known("derived", id(d))
        if fn is not None:
            return fn
        fn = self.namer("derived", id(d), d.name)
        params = "".join(f", v_{prm.name}" for prm in d.params)  # construct 14: `presence(t)`
        w = self._fn(f"def {fn}(g, s, p{params}):",
                     f"{d.title} (spec line {d.span.line}).{_meta_line(d.meta)}")
        scope = self.types.mode(mode.name).procedure(d) if d.params else None
        w.line(f"return {expr(d.expr, self._ctx(mode, scope), self.res)}")
        self._emit(w)
        return fn

    def action(self, mode, a: ast.Action) -> tuple[str, str]:
        if self.namer.known("apply", id(a)) is not None:
            return self.namer("legal", id(a), a.name), self.namer("apply", id(a), a.name)
        legal = self.namer("legal", id(a), a.name)
        apply = self.namer("apply", id(a), a.name)
        self.lower.owner = apply.removeprefix("apply_")
        self._legal(mode, a, legal)
        w = self._fn(f"def {apply}(g, s, p, args):",
                     f"{a.title} (spec line {a.span.line}).{_meta_line(a.meta)}")
        ctx = self._ctx(mode, self.types.mode(mode.name).action(a))  # the choices, typed
        if a.choices:
            names = ", ".join(f"v_{c.name}" for c in a.choices)
            w.line(f"{names}{',' if len(a.choices) == 1 else ''} = args")
        for use in a.uses:
            self.lower.cite(use.span.line, w)
            w.line(f"s.ta[{literal(use.tally.name)}][p] += {use.amount}")
        if a.effect or not a.uses:
            self.lower.body(a.effect, ctx, w, returns=a.name in self.followed
                            or taking.takes(a.effect, self.effects))
        self._emit(w)
        return legal, apply

    def procedure(self, mode, proc: ast.Procedure) -> str:
        fn = self.namer.known("procedure", id(proc))
        if fn is not None:
            return fn
        fn = self.lower.owner = self.namer("procedure", id(proc), proc.name)
        params = "".join(f", v_{prm.name}" for prm in proc.params)
        w = self._fn(f"def {fn}(g, s, p{params}):",
                     f"{proc.title} (spec line {proc.span.line}).{_meta_line(proc.meta)}")
        self.lower.body(proc.effect, self._ctx(mode, self.types.mode(mode.name).procedure(proc)), w,
                        returns=proc.name in self.lower.waiting)
        self._emit(w)
        return fn

    def trigger(self, mode, t: ast.Trigger, a: ast.Action, when: str = "before") -> str:
        """The function running trigger ``t`` ``when`` (before or after) action ``a``."""
        key = (id(t), id(a)) if when == "before" else (id(t), id(a), when)
        fn = self.namer.known("trigger", key)
        if fn is not None:
            return fn
        fn = self.lower.owner = self.namer("trigger", key, f"{t.name}_{when}_{a.name}")
        w = self._fn(f"def {fn}(g, s, p, args):",
                     f"{t.title}, {when} {_quoted(a.title)} (spec line {t.span.line}).{_meta_line(t.meta)}")
        if a.choices:
            names = ", ".join(f"v_{c.name}" for c in a.choices)
            w.line(f"{names}{',' if len(a.choices) == 1 else ''} = args")
        # a trigger after an action is an `act` step of its own: it says whether it waits
        self.lower.body(t.effect, self._ctx(mode, self.types.mode(mode.name).action(a)), w,
                        returns=when == "after" or taking.takes(t.effect, self.effects))
        self._emit(w)
        return fn

    def effect_fn(self, mode, kind: str, owner, base: str, stmts, title: str) -> str | None:
        """The function ``kind_base(g, s, p)`` running ``stmts`` (None when there are none):
        a phase's ``on enter``... or the setup."""
        if not stmts:
            return None
        fn = self.namer.known(kind, id(owner))
        if fn is not None:
            return fn
        fn = self.lower.owner = self.namer(kind, id(owner), base)
        doc = f"{title} (spec line {owner.span.line}).{_meta_line(getattr(owner, 'meta', ()))}"
        w = self._fn(f"def {fn}(g, s, p):", doc)
        self.lower.body(stmts, self._ctx(mode), w)
        self._emit(w)
        return fn

    def predicate(self, mode, kind: str, owner, base: str, e, title: str, me: str = "s.first") -> str:
        """The function ``kind_base(g, s)`` returning the truth of ``e``: a phase's
        ``only when``, a transition's condition, ``end when``."""
        fn = self.namer.known(kind, id(owner))
        if fn is not None:
            return fn
        fn = self.namer(kind, id(owner), base)
        w = self._fn(f"def {fn}(g, s):", f"{title} (spec line {e.span.line}).")
        ctx = self._ctx(mode, me=me)
        if type(e) in (ast.AnyPlayer, ast.EveryPlayer):
            # a loop over the seats that stops at the first answer, without the
            # generator of any() or all()
            self.lower.cite(e.span.line, w)
            var, found = ctx.fresh("q"), type(e) is ast.AnyPlayer
            w.line(f"for {var} in range(s.h):")
            test = expr(e.condition, ctx.with_me(var), self.res)
            w.line(f"    if {test if found else f'not {test}'}:")
            w.line(f"        return {found}")
            w.line(f"return {not found}")
        else:
            w.line(f"return {expr(e, ctx, self.res)}")
        self._emit(w)
        return fn

    def limit(self, mode, z: ast.Zone) -> str:
        fn = self.namer.known("limit", id(z))
        if fn is not None:
            return fn
        fn = self.namer("limit", id(z), z.name)
        doc = f"At most this many cards in {z.title} (spec line {z.limit.span.line})."
        w = self._fn(f"def {fn}(g, s, p):", doc)
        ctx = self._ctx(mode)
        if z.per_card is not None:  # p is the card the zone belongs to
            ctx = Ctx(mode, N.Scope(card=z.per_card.name), "None", "p", types=self.types.mode(mode.name))
        w.line(f"return {expr(z.limit, ctx, self.res)}")
        self._emit(w)
        return fn

    def outcome(self, mode, end: ast.End) -> str:
        fn = self.namer.known("winners", id(end))
        if fn is not None:
            return fn
        fn = self.namer("winners", id(end), end.name)
        doc = f"Winners when the game ends (spec line {end.span.line}).{_meta_line(end.meta)}"
        w = self._fn(f"def {fn}(g, s):", doc)
        ctx = self._ctx(mode, me="q")
        if end.nobody_wins:
            w.line("return []")
        elif end.winner_side is not None:  # construct 20
            w.line(f"return R.side_seats(s, {literal(end.winner_side.name)})")
        elif end.winners is not None:
            won = end.winners
            chosen = _players(won.where, won.measures, won.then_where, ctx, self.res, won.seats)
            w.line(f"return sorted({chosen})")
        elif end.win_when is not None:
            w.line(f"return [q for q in range(s.h) if {expr(end.win_when, ctx, self.res)}]")
        else:
            score = end.winner_most or ast.Name(self.score_track)
            keys = [expr(score, ctx, self.res)]
            for tb in end.tie_breakers:
                sign = "" if tb.direction == "most" else "-"
                if isinstance(tb, ast.RollOff):  # one die each
                    keys.append(f"{sign}(R.randrange(s, {tb.sides}) + 1)")
                else:
                    keys.append(f"{sign}{expr(tb.expr, ctx, self.res)}")
            if any(_by_chance(tb) for tb in end.tie_breakers):
                # players still tied are compared again, with new rolls, until one is left
                w.line("tied = list(range(s.h))")
                w.line("for _ in range(100):")
                w.line(f"    keys = {{q: ({', '.join(keys)},) for q in tied}}")
                w.line("    best = max(keys.values())")
                w.line("    tied = [q for q in tied if keys[q] == best]")
                w.line("    if len(tied) == 1:")
                w.line("        break")
                w.line("return tied")
            else:
                w.line(f"keys = [({', '.join(keys)},) for q in range(s.h)]")
                w.line("best = max(keys)")
                w.line("return [q for q in range(s.h) if keys[q] == best]")
        self._emit(w)
        return fn

    def track_start(self, mode, t: ast.Track) -> str:
        fn = self.namer.known("start", id(t))
        if fn is not None:
            return fn
        fn = self.namer("start", id(t), t.name)
        w = self._fn(f"def {fn}(g, s):", f"Where {t.title} starts (spec line {t.span.line}).")
        start = expr(t.start, self._ctx(mode), self.res) if t.start else "0"
        if t.per_enum is not None:
            members = [m.name for m in mode.enums[t.per_enum.name].members]
            w.line(f"return {{member: {start} for member in {literal(tuple(members))}}}")
        else:
            w.line(f"return {start}")
        self._emit(w)
        return fn

    # ---------------------------------------------------------- modes
    def mode_rules(self, mode) -> dict[str, object]:
        """The fields of ``mode``'s ``R.Rules`` table: field name → its value as source
        (:class:`Code`, or the shapes of :mod:`compiler.engine.mode_tables`); the functions
        it names are generated on the way, named for this mode when they are new."""
        self.namer.mode = mode.name
        P = {}
        for p in mode.params.values():
            v = p.value
            P[p.name] = literal(v.value if isinstance(v, (ast.Number, ast.Bool, ast.Text)) else v.name)
        D = {d: self.derived(mode, decl) for d, decl in mode.derived.items()}
        PR = {name: self.procedure(mode, proc) for name, proc in mode.procedures.items()}
        actions = {n: PyTuple(self.action(mode, a)) for n, a in mode.actions.items()}
        for ph in mode.phases.values():
            fns = tuple(actions[i.name].items[0] for i in ph.actions)
            if len(fns) > 1 and fns not in self._phases:
                self._phases[fns] = (self.namer("legal_phase", fns, ph.name), ph,
                                     tuple(mode.actions[i.name].title for i in ph.actions))
        triggers: dict[str, list[Code]] = {}
        after: dict[str, list[Code]] = {}
        for t in mode.triggers.values():
            for when, table_of in (("before", triggers), ("after", after)):
                for named in getattr(t, when):
                    target = mode.actions.get(named.name)
                    if target is not None:
                        table_of.setdefault(target.name, []).append(self.trigger(mode, t, target, when))
        phases = {}
        for ph in mode.phases.values():
            only = self.predicate(mode, "only_when", ph, ph.name, ph.only_when,
                                  f"Whether {ph.title} is played") if ph.only_when is not None else None
            hooks = (("only_when", only),
                     ("on_enter", self.effect_fn(mode, "on_enter", ph, ph.name, ph.on_enter,
                                                 f"Start of {ph.title}")),
                     ("on_exit", self.effect_fn(mode, "on_exit", ph, ph.name, ph.on_exit,
                                                f"End of {ph.title}")),
                     ("on_turn", self.effect_fn(mode, "on_turn", ph, ph.name, ph.on_turn,
                                                f"Start of each turn in {ph.title}")))
            actions_offered = (names_tuple(i.name for i in ph.actions),) if ph.actions else ()
            phases[ph.name] = PyCall(Code("R.Phase"), (literal(ph.name), literal(ph.title), literal(ph.kind),
                                                        *actions_offered),
                                     tuple((k, fn) for k, fn in hooks if fn is not None))
        edges: dict[str, list] = {}
        flow = mode.flow
        for e in flow.edges if flow else ():
            cond = self.predicate(mode, "transition", e, f"{e.source.name}_to_{e.dest.name}", e.condition,
                                  f"Transition {e.source.name} -> {e.dest.name}") \
                if e.condition is not None else None
            named = _end_named(mode, e) if e.dest.name == "end" else None
            edges.setdefault(e.source.name, []).append((e.dest.name, cond, *((named,) if named else ())))
        for src in edges:  # conditional transitions are tried first
            edges[src].sort(key=lambda x: x[1] is None)
        zones = mode.zones.values()
        return dict(
            title=literal(mode.title), players=literal(mode.players), P=table(P),
            E=table({n: literal(tuple(m.name for m in e.members)) for n, e in mode.enums.items()
                     if n in self.res.varying_enums}),
            T=table({name: literal((table_data.entries(t), table_data.other_value(t, mode)))
                     for name, t in mode.tables.items()}),
            D=table(D),
            PR=table(PR), actions=table(actions),
            triggers=table({k: PyTuple(tuple(v)) for k, v in triggers.items()}),
            after=table({k: PyTuple(tuple(v)) for k, v in after.items()}),
            phases=table(phases),
            edges=table({k: PyTuple(tuple(PyTuple((literal(dest), reference(cond), *map(literal, named)))
                                          for dest, cond, *named in v))
                          for k, v in edges.items()}),
            round_start=literal(flow.round_start.name if flow and flow.round_start else None),
            round_tallies=names_tuple(t.name for t in mode.tallies.values() if "round" in t.scopes),
            turn_tallies=names_tuple(t.name for t in mode.tallies.values() if "turn" in t.scopes),
            tallies=names_tuple(mode.tallies),
            zones=names_tuple(mode.zones),
            zone_limits=table({z.name: self.limit(mode, z) for z in zones if z.limit is not None}),
            refills=table({z.name: literal(z.refill.name) for z in zones if z.refill is not None}),
            overflow=table({z.name: literal(_overflow(mode, z)) for z in zones if z.overflow}),
            card_states=table({z.name: literal(tuple((st.name, pieces.default_value(st.default))
                                                     for st in z.states))
                                for z in zones if z.states}),
            piece_states=literal(pieces.kept_states(mode)),
            nonrenewable=literal(tuple(bool(mode.resources.get(_family(r)) and
                                            mode.resources[_family(r)].non_renewable)
                                       for r in self.res.names)),
            player_tracks=names_tuple(t.name for t in mode.tracks.values() if t.per_player),
            global_tracks=names_tuple(t.name for t in mode.tracks.values() if not t.per_player),
            track_start=table({t.name: self.track_start(mode, t) for t in mode.tracks.values()}),
            track_low=table({k: literal(v) for k, v in track_floors(mode, self.cards).items()}),
            dice=table({d.name: literal((d.count, N.die_faces(d))) for d in mode.dice.values()}),
            stocks=table({st.name: literal(None if st.per_card is None else tuple(
                i for i, c in enumerate(self._instances()) if c["_card_type"] == st.per_card.name))
                for st in mode.stocks.values()}),
            setup=reference(self.effect_fn(mode, "setup", mode.setup, "", mode.setup.body, "Setup")),
            ends=PyTuple(tuple(PyTuple((
                literal(end.name),
                reference(self.predicate(mode, "end_when", end, end.name, end.when,
                                         f"Whether the end `{end.name}` is triggered", me="0")
                          if end.when is not None else None),
                literal(end.immediately), reference(self.outcome(mode, end))))
                for end in mode.ends.values())),
            end_after=_end_after(mode),
            end_after_answer=literal(_end_after_answer(mode)),
            asks=Code("ASKS"),
            card_rules=table({f.name: PyTuple((literal(_RULE_TABLES.get(N.rule_kind(f), "D")),
                                               identifier(f"F_{f.name}")))
                              for ct in mode.card_types.values() for f in ct.fields if N.rule_kind(f)}),
            envs=Code("ENVS"),
            phase_legal=Code("LEGAL_PHASES"),
            **seat_fields(self, mode),  # construct 20
        )

    def render(self) -> str:
        comp = self.comp
        modes = {name: self.mode_rules(m) for name, m in comp.every().items()}
        self.functions = _unshare(self.functions)
        self.functions.extend(self.lower.extra)
        self.functions.extend(phase_functions(self._phases, self.functions))
        if self.res.families:  # each family's members -> their indices in bags
            self.functions.insert(0, Code("\n".join(
                f"#: {name}[member] -> its index in bags\nIDX_{name} = {literal(members)}"
                for name, members in self.res.families.items())))
        decls = {**comp.mode_decls, **{n: m.decl for n, m in comp.combinations.items()}}
        tables, consts = rules_tables(modes, decls, self.namer.constant)
        field_names, card_rows = self._card_table()
        per_player = {}
        visibility = {}
        titles = {"choose_card": "choose a card", "answer": "answer",
                  "make_room": "make room: discard a card", "decline_card": "leave the card",
                  "decline": "decline the choice"}
        args = {"choose_card": ("card",), "answer": ("label",), "make_room": ("card",),
                "decline_card": (), "decline": ()}
        # a value chosen in the middle of an effect (compiler/engine/value_choices.py)
        for name in sorted(self.lower.value_answers):
            titles[name], args[name] = value_choices.ANSWER_TITLES[name], value_choices.ANSWER_ARGS[name]
        per_card: dict[str, tuple[int, ...]] = {}
        instances = self._instances()
        for m in comp.every().values():
            for z in m.zones.values():
                per_player[z.name] = z.per_player
                visibility[z.name] = z.visibility
                per_card[z.name] = tuple(i for i, c in enumerate(instances)
                                         if z.per_card and c["_card_type"] == z.per_card.name)
            for a in m.actions.values():
                titles.setdefault(a.name, a.title)
                chosen = self.types.mode(m.name).action(a).locals  # as the checker typed them
                args.setdefault(a.name, tuple(chosen[c.name].kind for c in a.choices))
        game = comp.game
        return _ENV.get_template("engine/game.py.j2").render(
            game=game, spec_path=self.spec_path, functions=self.functions, rules_tables=tables,
            rules_consts=consts, players=self._example_players(), mode_names=tuple(comp.modes),
            default_mode=(game.default_mode.name if game.default_mode else next(iter(comp.modes))),
            resources=list(self.res.names), field_names=field_names, card_rows=card_rows,
            catalogues=self._catalogue_ranges(), catalogue_files=self._catalogue_files(),
            per_player=per_player, per_card=per_card, visibility=visibility, titles=titles,
            args=args, cards_of=self._cards_of(), bag_fields=self._bag_fields(field_names),
            kinds=self._card_kinds() if pieces.uses_kinds(comp) else None,
            score_track=self.score_track, asks=sorted(self.lower.ask_names),
            selection=selection_tables(comp, self.entries, self._catalogue_ranges()),
            envs={name: self.lower.env_schemas[name] for name in sorted(self.lower.ask_names)},
            phase_legal=[name for name, _, _ in self._phases.values()])

    def _example_players(self) -> int:
        """The player count of the example in the engine's docstring: the default mode's
        fewest, unless that is one (a solo mode), then its most."""
        game = self.comp.game
        mode = self.comp.modes[game.default_mode.name if game.default_mode else next(iter(self.comp.modes))]
        low, high = mode.players
        return low if low > 1 else high


def _resources(comp: Composition) -> Resources:
    """The resources of every mode, the base's first, in declaration order; a family
    (``per ENUM``) is one resource per member, at consecutive indices."""
    res = Resources([])
    for mode in (comp.base, *comp.every().values()):
        for r in N.resource_slots(mode):
            if r not in res.index:
                res.names.append(r)
                res.index[r] = len(res.names) - 1
        for decl in mode.resources.values():
            if decl.per_enum is not None:
                members = res.families.setdefault(decl.name, {})
                for m in N.family_members(mode, decl):
                    members.setdefault(m, res.index[N.slot_name(decl.name, m)])
    res.varying_tables = table_data.varying(list(comp.every().values()))
    res.varying_enums = pieces.varying_enums(comp)
    return res


_SHARED = re.compile(r"^( *)(_options\d+) = s\._cse\.get\((\d+)\)\n\1if \2 is None:[^\n]*\n"
                     r"((?:\1    _t\d+ = [^\n]*\n)*)"  # the tables it reads (see hoisting)
                     r"\1    \2 = s\._cse\[\3\] = (.*)$", re.MULTILINE)


def _unshare(functions: list[str]) -> list[Code]:
    """``functions`` with the lists of options that only one function makes (see
    :func:`compiler.engine.choices.card_options`) made plainly, not kept in ``s._cse``."""
    uses: dict[str, int] = {}
    for source in functions:
        for m in _SHARED.finditer(source):
            uses[m.group(3)] = uses.get(m.group(3), 0) + 1

    def plain(m: re.Match) -> str:
        if uses[m.group(3)] > 1:
            return m.group(0)
        indent = m.group(1)
        tables = "".join(f"{indent}{line.strip()}\n" for line in m.group(4).splitlines())
        return f"{tables}{indent}{m.group(2)} = {m.group(5)}"

    return [Code(_SHARED.sub(plain, source)) for source in functions]


def _family(slot: str) -> str:
    """The resource a slot of the engine's bags belongs to: ``disc`` for ``disc[science]``."""
    return slot.split("[", 1)[0]


def _by_chance(tb) -> bool:
    """Whether a tie-breaker involves chance: a roll-off, or an expression with ``roll``."""
    return isinstance(tb, ast.RollOff) or any(isinstance(node, ast.RollValue)
                                               for node in ast.walk(tb.expr))


def _overflow(mode, z: ast.Zone) -> tuple[str, bool, bool]:
    """The runtime's overflow rule of a zone: (discard zone, whether the discard zone is
    kept per player, whether the card may be declined)."""
    discard = z.overflow.discard.zone.name
    return (discard, mode.zones[discard].per_player, z.overflow.decline)
