"""Compose each mode of a spec: the base rules, then the parent mode, the
modules it uses, its own operations, the amendments that target it and the
``combine`` blocks of the modules it applies.

A module is applied at most once in a composition (a second ``use`` of it does
nothing), so two modules may both ``use`` a helper module.  Extensions (``extend``,
setup steps: :mod:`compiler.analysis.extend`) add to rules and stack in a fixed order.

The result per mode is a :class:`ComposedMode`: one table per declaration kind
plus the history of every change, so the docs can show superseded rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace as dc_replace

from dsl import ast, codes
from dsl.spans import Span
from dsl.diagnostics import DiagnosticBag, Note, did_you_mean
from compiler.analysis import extend, selection
from compiler.analysis.limits import MAX_MODE_OPS

#: ComposedMode attribute holding each declaration class.
TABLES: dict[type, str] = {
    ast.Resource: "resources", ast.Track: "tracks", ast.Enum: "enums", ast.CardType: "card_types",
    ast.Catalogue: "catalogues", ast.Pieces: "pieces", ast.Zone: "zones", ast.Param: "params",
    ast.Derived: "derived",
    ast.Tally: "tallies", ast.Phase: "phases", ast.Action: "actions", ast.Trigger: "triggers",
    ast.Procedure: "procedures",
    ast.End: "ends", ast.Table: "tables",
    ast.Dice: "dice",
    ast.Stock: "stocks",
    ast.Automaton: "automata",
    ast.Option: "options",
}
#: The rules a mode holds one of, by the attribute holding it: a mode may `replace` them
#: but not `add` or `remove` them.  With TABLES, every kind of rule a mode can change.
SINGLE_RULES: dict[type, str] = {ast.Flow: "flow", ast.Setup: "setup"}


@dataclass(frozen=True)
class Change:
    """One change a mode, module or amendment made to the rules it started from.

    ``op`` is add, replace, remove, set or extend; ``old``/``new`` are declarations
    (or param values for ``set``; for ``extend``, the rule before and after it);
    ``by`` names the mode, module (``module NAME``), amendment (``amendment
    CITATION``) or ``combine a+b`` block; ``part`` is the :class:`ast.Extend` of an
    ``extend``.  A setup step is kind ``step``.
    """

    op: str
    kind: str
    name: str
    by: str
    citation: str | None
    old: object
    new: object
    span: object
    part: object = None


#: What a mode built on a missing parent still reports: problems of its own text.
_NOT_CASCADES = frozenset({codes.UNKNOWN_MODE, codes.DEFINED_THROUGH_ITSELF, codes.MODE_CANNOT_CHANGE,
                           codes.TOO_MANY_MODES})


@dataclass
class ComposedMode:
    """The rules in force in one mode; tables map names to declarations."""

    name: str
    title: str
    decl: ast.Mode
    game: ast.Game
    players: tuple[int, int]
    setup: ast.Setup | None
    flow: ast.Flow | None
    resources: dict[str, ast.Resource] = field(default_factory=dict)
    tracks: dict[str, ast.Track] = field(default_factory=dict)
    enums: dict[str, ast.Enum] = field(default_factory=dict)
    card_types: dict[str, ast.CardType] = field(default_factory=dict)
    catalogues: dict[str, ast.Catalogue] = field(default_factory=dict)
    pieces: dict[str, ast.Pieces] = field(default_factory=dict)
    zones: dict[str, ast.Zone] = field(default_factory=dict)
    params: dict[str, ast.Param] = field(default_factory=dict)
    derived: dict[str, ast.Derived] = field(default_factory=dict)
    tallies: dict[str, ast.Tally] = field(default_factory=dict)
    phases: dict[str, ast.Phase] = field(default_factory=dict)
    actions: dict[str, ast.Action] = field(default_factory=dict)
    triggers: dict[str, ast.Trigger] = field(default_factory=dict)
    procedures: dict[str, ast.Procedure] = field(default_factory=dict)
    ends: dict[str, ast.End] = field(default_factory=dict)
    tables: dict[str, ast.Table] = field(default_factory=dict)
    #: dice that belong to nobody (construct 16)
    dice: dict[str, ast.Dice] = field(default_factory=dict)
    #: numbers held by places (construct 18)
    stocks: dict[str, ast.Stock] = field(default_factory=dict)
    #: automata, seats and sides (construct 20): the kinds of seat played by rules; the
    #: mode's `seats KIND N` lines in order; `seating alternate`; its `sides` line or None
    automata: dict[str, ast.Automaton] = field(default_factory=dict)
    seats: tuple[ast.ModeSeats, ...] = ()
    seating: ast.ModeSeating | None = None
    sides: ast.ModeSides | None = None
    #: the options a game of this mode is created with (construct 15): the ones its
    #: `options` line (or the game's) offers
    options: dict[str, ast.Option] = field(default_factory=dict)
    history: list[Change] = field(default_factory=list)
    lineage: tuple[str, ...] = ()
    #: the `players` line in force, when a mode, module or amendment changed the count
    players_span: Span | None = None
    #: a mode, module or parent it builds on could not be found (E0204, E0206): its
    #: rules are missing parts, so the checks skip it rather than report cascades
    incomplete: bool = False
    #: (kind, name) → (the rule before any extension, its extensions as sorted
    #: ((order key), ast.Extend) pairs): see :mod:`compiler.analysis.extend`
    extensions: dict[tuple[str, str], tuple] = field(default_factory=dict)
    #: the modules applied, in the order they were (each once)
    modules_applied: tuple[str, ...] = ()
    #: the ``combine`` blocks applied (their places in ``combine_decls``)
    combines_applied: tuple[int, ...] = ()
    #: the spec's modules and ``combine`` blocks, for the checks (shared by every mode)
    module_decls: dict[str, ast.Module] = field(default_factory=dict)
    combine_decls: tuple[ast.Combine, ...] = ()
    #: rules rebuilt by extensions, each once for all modes (shared by every mode)
    interned: dict = field(default_factory=dict)
    #: construct 15: the `modules` and `options` lines in force (the game's, or the
    #: nearest mode's), the module sets a game of this mode may select (the empty set
    #: first) and, for the composition of a set, the modules selected and its mode
    selectable: ast.SelectModules | None = None
    offered: ast.SelectOptions | None = None
    module_sets: tuple[tuple[str, ...], ...] = ((),)
    selected: tuple[str, ...] = ()
    of_mode: str = ""

    def table(self, decl) -> dict:
        return getattr(self, TABLES[type(decl)])

    def copy(self) -> ComposedMode:
        new = dc_replace(self)
        for attr in set(TABLES.values()):
            setattr(new, attr, dict(getattr(self, attr)))
        new.history = list(self.history)
        new.extensions = dict(self.extensions)
        return new


@dataclass
class Composition:
    """All modes of a spec, in declaration order, and the spec's parts."""

    game: ast.Game | None
    modes: dict[str, ComposedMode]
    base: ComposedMode | None
    mode_decls: dict[str, ast.Mode]
    modules: dict[str, ast.Module]
    amendments: list[ast.Amend]
    combines: list[ast.Combine] = field(default_factory=list)
    #: construct 15: every mode played with a non-empty set of selectable modules, by
    #: its canonical name (``"standard+hypersync"``), in the order of ``modes`` then sets
    combinations: dict[str, ComposedMode] = field(default_factory=dict)

    def every(self) -> dict[str, ComposedMode]:
        """The modes, then the combinations of modules they allow: every composition
        the checks check and the engine plays."""
        return {**self.modes, **self.combinations}


def compose(spec: ast.Spec, bag: DiagnosticBag) -> Composition:
    """Compose every mode of ``spec``; problems go to ``bag`` (codes E02xx)."""
    games = [i for i in spec.items if isinstance(i, ast.Game)]
    if not games:
        where = spec.span if spec.span.line else Span(spec.span.path, 1, 1, 1, 1)  # an empty spec
        bag.error(codes.NO_GAME_BLOCK, "the spec has no `game` block", where,
                  hint='start the spec with `game name "Title" { players 2 to 4 }`')
        return Composition(None, {}, None, {}, {}, [])
    game = games[0]
    for extra in games[1:]:
        bag.error(codes.DECLARED_TWICE, "a spec declares one game", extra.span,
                  hint="keep one `game` block; modes change the player count with `players`",
                  notes=[Note("the game is declared here", game.span)])
    base = ComposedMode("base", game.title, ast.Mode("base", game.title, None, (), (), game.span),
                        game, game.players, None, None)
    modes_decl: dict[str, ast.Mode] = {}
    modules: dict[str, ast.Module] = {}
    amendments: list[ast.Amend] = []
    combines: list[ast.Combine] = []
    seen: dict[str, object] = {}
    for item in spec.items:
        if type(item) in SINGLE_RULES:
            attr = SINGLE_RULES[type(item)]
            first = getattr(base, attr)
            if first is not None:
                bag.error(codes.DECLARED_TWICE, f"`{attr}` is declared twice", item.span,
                          hint=f"merge the two into one `{attr}`; a mode changes it with `replace {attr}`",
                          notes=[Note("first declared here", first.span)])
            setattr(base, attr, item)
        elif isinstance(item, ast.Mode):
            if _unique(item.name, item, seen, bag):
                modes_decl[item.name] = item
        elif isinstance(item, ast.Module):
            if _unique(item.name, item, seen, bag):
                modules[item.name] = item
        elif isinstance(item, ast.Amend):
            amendments.append(item)
        elif isinstance(item, ast.Combine):
            combines.append(item)
        elif type(item) in TABLES:
            if _unique(item.name, item, seen, bag):
                base.table(item)[item.name] = item
    if base.setup is None:
        bag.error(codes.NO_SETUP_OR_FLOW, "the spec has no `setup` block", game.span,
                  hint="add `setup { ... }` saying how the game is laid out")
    if base.flow is None:
        bag.error(codes.NO_SETUP_OR_FLOW, "the spec has no `flow` block", game.span,
                  hint="add `flow { start -> first_phase ... }`")
    for amendment in amendments:
        if amendment.mode.name not in modes_decl:
            bag.error(codes.UNKNOWN_MODE, f"amendment targets unknown mode `{amendment.mode.name}`",
                      amendment.mode.span, hint=did_you_mean(amendment.mode.name, modes_decl, "modes"))
    if not modes_decl:
        modes_decl["standard"] = ast.Mode("standard", game.title, None, (), (), game.span)
    base.module_decls, base.combine_decls = modules, tuple(combines)
    base.selectable = ast.SelectModules(game.modules, game.span) if game.modules else None
    base.offered = ast.SelectOptions(game.options, game.span) if game.options else None
    composer = _Composer(base, modes_decl, modules, amendments, bag)
    modes = {name: composer.mode(name) for name in modes_decl}
    combos = selection.compose_sets(composer, modes, bag)
    if game.default_mode and game.default_mode.name not in modes:
        bag.error(codes.UNKNOWN_MODE, f"default mode `{game.default_mode.name}` is not declared",
                  game.default_mode.span, hint=did_you_mean(game.default_mode.name, modes, "modes"))
    return Composition(game, modes, base, modes_decl, modules, amendments, combines, combos)


def _unique(name: str, item, seen: dict, bag: DiagnosticBag) -> bool:
    """Record a declaration; a second one of the same name is an error and is ignored."""
    if name in seen:
        bag.error(codes.NAME_DECLARED_TWICE, f"`{name}` is declared twice", item.span,
                  hint="give each rule its own name",
                  notes=[Note(f"`{name}` was first declared here", seen[name].span)])
        return False
    seen[name] = item
    return True


class _Composer:
    def __init__(self, base, modes_decl, modules, amendments, bag):
        self.base = base
        self.modes_decl = modes_decl
        self.modules = modules
        self.amendments = amendments
        self.bag = bag
        self.done: dict[str, ComposedMode] = {}
        self.using: list[str] = []
        self._amendments_of: dict[str, list[ast.Amend]] = {}
        for amendment in amendments:
            self._amendments_of.setdefault(amendment.mode.name, []).append(amendment)
        self._adders: dict[str, str] | None = None
        self.narrowing = False  # composing a set of selected modules: `players` narrows
        self.applied = 0  # mode operations the mode being composed has applied so far

    def mode(self, name: str) -> ComposedMode:
        """The composed mode ``name``: its parent chain is walked up iteratively (a chain
        of thousands of `extends` neither recurses nor composes a parent twice), then
        each mode of the chain is composed on its parent, oldest first."""
        chain: list[str] = []  # the modes still to compose, child first
        on_chain: set[str] = set()
        current = name
        while True:
            if current in self.done:
                parent = self.done[current]
                break
            if current in on_chain:
                parent = self._cycle(chain[chain.index(current):])
                break
            chain.append(current)
            on_chain.add(current)
            decl = self.modes_decl[current]
            if decl.extends is None:
                parent = self.base
                break
            if decl.extends.name not in self.modes_decl:
                self.bag.error(codes.UNKNOWN_MODE,
                               f"mode `{current}` extends unknown mode `{decl.extends.name}`",
                               decl.extends.span,
                               hint=did_you_mean(decl.extends.name, self.modes_decl, "modes")
                               if len(self.modes_decl) > 1 else "declare the mode it extends, or "
                               "remove `extends` to build on the base rules")
                parent = self.base.copy()
                parent.incomplete = True
                break
            current = decl.extends.name
        for mode_name in reversed(chain):
            parent = self._compose_on(mode_name, parent)
            self.done[mode_name] = parent
        return self.done[name]

    def _cycle(self, chain: list[str]) -> ComposedMode:
        """Report E0206 for modes that extend themselves through ``chain`` (its first mode
        extends the last); the base, marked incomplete, stands in for the missing parent."""
        name = chain[0]
        self.bag.error(codes.DEFINED_THROUGH_ITSELF, f"mode `{name}` extends itself through "
                       + " → ".join(chain + [name]), self.modes_decl[name].span,
                       hint=f"remove `extends` from one of {', '.join(f'`{m}`' for m in chain)}",
                       notes=[Note(f"`{other}` extends `{self.modes_decl[other].extends.name}` here",
                                   self.modes_decl[other].extends.span)
                              for other in chain[1:] if self.modes_decl[other].extends is not None])
        broken = self.base.copy()
        broken.incomplete = True
        return broken

    def _compose_on(self, name: str, parent: ComposedMode) -> ComposedMode:
        """Mode ``name``: a copy of ``parent`` with the mode's own operations and the
        amendments that target it applied."""
        decl = self.modes_decl[name]
        result = parent.copy()
        result.name, result.title, result.decl = name, decl.title, decl
        result.lineage = parent.lineage + (name,)
        real, self.bag = self.bag, DiagnosticBag() if result.incomplete else self.bag
        self.applied = 0
        try:
            self._apply(result, decl.ops, by=name, citation=_first_source(decl.meta))
            for amendment in self._amendments_of.get(name, ()):
                self._apply(result, amendment.ops, by=f"amendment {amendment.citation}",
                            citation=amendment.citation, stage=1)
            self._combine(result)
        finally:
            if self.bag is not real:  # built on missing parts: keep only what is not a cascade
                real.items += [d for d in self.bag.items if d.code in _NOT_CASCADES]
            self.bag = real
        return result

    def _combine(self, result: ComposedMode) -> None:
        """Apply the ``combine`` blocks whose modules ``result`` has all applied, in
        declaration order, each once."""
        for number, block in enumerate(result.combine_decls):
            if number not in result.combines_applied and all(
                    m.name in result.modules_applied for m in block.modules):
                result.combines_applied += (number,)
                self._apply(result, block.ops, by=f"combine {block.name}",
                            citation=_first_source(block.meta), stage=2)

    def select(self, mode: ComposedMode, chosen: tuple[str, ...]) -> ComposedMode:
        """``mode`` played with the selectable modules ``chosen`` (construct 15): each
        applied after the mode's own operations and amendments (a module's `players` line
        narrows the counts), then the ``combine`` blocks they complete."""
        result = mode.copy()
        result.name = selection.combination_name(mode.name, chosen)
        result.decl = ast.Mode(result.name, mode.title, ast.Ident(mode.name, mode.decl.span), (), (),
                               mode.decl.span)
        result.selected, result.of_mode, result.module_sets = chosen, mode.name, ((),)
        where = mode.selectable.span if mode.selectable is not None else mode.decl.span
        self.applied, self.narrowing = 0, True
        try:
            self._apply(result, tuple(ast.UseModule(ast.Ident(n, where), where) for n in chosen),
                        by=result.name, citation=None, stage=1)
            self._combine(result)
        finally:
            self.narrowing = False
        return result

    def _declared_elsewhere(self, name: str) -> str | None:
        """Which module or mode adds ``name``, for a mode that has no such rule."""
        if self._adders is None:  # once per spec: a spec may `set` thousands of names
            self._adders = {}
            for kind, table in (("module", self.modules), ("mode", self.modes_decl)):
                for other in table.values():
                    for op in other.ops:
                        added = getattr(op.decl, "name", None) if isinstance(op, ast.Add) else None
                        if added is not None and added not in self._adders:
                            self._adders[added] = (
                                f"is added by {kind} `{other.name}`, which this mode does not "
                                + ("use" if kind == "module" else "extend"))
        found = self._adders.get(name)
        return f"`{name}` {found}" if found else None

    def _apply(self, mode: ComposedMode, ops, by: str, citation: str | None, stage: int = 0) -> None:
        """Apply ``ops`` to ``mode``; a `use` applies the module's ops in its place, unless
        the mode has applied that module already.  Modules are entered with an explicit
        stack, so a long chain of modules using modules does not recurse.  ``stage``
        orders extensions (see :func:`compiler.analysis.extend.order_key`)."""
        if self.applied > MAX_MODE_OPS:  # E0545 already: the mode is given up
            return
        stack = [(iter(ops), by, citation, None)]  # (ops left, by, citation, module entered)
        while stack:
            op = next(stack[-1][0], None)
            if op is None:
                if stack.pop()[3] is not None:
                    self.using.pop()
                continue
            _, by, citation, _ = stack[-1]
            if len(stack) == 1:
                outer = op  # the mode's (or amendment's) own operation this one comes from
            self.applied += 1
            if self.applied > MAX_MODE_OPS:
                self.bag.error(codes.TOO_MANY_MODES, f"mode `{mode.name}` applies more than {MAX_MODE_OPS:,} "
                               "changes, counting each module as often as it is used (through "
                               "other modules)", outer.span, hint="a mode applies each module once; "
                               "split the changes between modes, or write fewer of them",
                               notes=[Note(f"change {MAX_MODE_OPS + 1:,} is this one", op.span)])
                mode.incomplete = True
                self.using.clear()
                return
            if not isinstance(op, ast.UseModule):
                self._apply_op(mode, op, by, citation, stage)
                continue
            module = self.modules.get(op.module.name)
            if module is None:
                self.bag.error(codes.UNKNOWN_MODE, f"unknown module `{op.module.name}`", op.module.span,
                               hint=did_you_mean(op.module.name, self.modules, "modules"))
                mode.incomplete = True
            elif module.name in self.using:
                chain = self.using[self.using.index(module.name):] + [module.name]
                self.bag.error(codes.DEFINED_THROUGH_ITSELF,
                               "module uses itself through " + " → ".join(chain),
                               op.module.span, hint="remove one of the `use` lines")
                mode.incomplete = True
            elif module.name in mode.modules_applied:
                continue  # applied once: a second `use` (by another module) does nothing
            else:
                self.using.append(module.name)
                mode.modules_applied += (module.name,)
                stack.append((iter(module.ops), f"module {module.name}", _first_source(module.meta),
                              module.name))

    def _apply_op(self, mode: ComposedMode, op, by: str, citation: str | None, stage: int = 0) -> None:
        """Apply one operation other than `use` to ``mode``."""
        if isinstance(op, (ast.Extend, ast.AddStep, ast.ReplaceStep, ast.RemoveStep)):
            self._extend(mode, op, by, citation, stage)
        elif isinstance(op, (ast.ModuleNeeds, ast.ModuleExcludes)):
            return  # read by compiler.checks.modules
        elif isinstance(op, (ast.ModeSeats, ast.ModeSeating, ast.ModeSides)):
            _seat(mode, op)  # construct 20: checked by compiler.checks.automata
        elif isinstance(op, ast.ModePlayers):
            if self.narrowing:  # a selected module narrows the counts (construct 15)
                mode.players = (max(mode.players[0], op.low), min(mode.players[1], op.high))
            else:
                mode.players = (op.low, op.high)
            mode.players_span = op.span
        elif isinstance(op, (ast.SelectModules, ast.SelectOptions)):
            selection.select_line(mode, op, by, self.bag)
        elif isinstance(op, ast.SetParam):
            old = mode.params.get(op.param.name)
            if old is None:
                self.bag.error(codes.SET_UNKNOWN_PARAM, f"`set` names unknown param `{op.param.name}`",
                               op.param.span, hint=did_you_mean(op.param.name, mode.params)
                               or self._declared_elsewhere(op.param.name)
                               or f"declare it first: `param {op.param.name} \"...\" = ... {{ }}`")
            elif type(op.value) is not type(old.value) and not (
                    isinstance(op.value, ast.Name) and isinstance(old.value, ast.Name)):
                self.bag.error(codes.WRONG_TYPE, f"`{old.name}` is {_literal_words(old.value)}, so it "
                               f"cannot be set to {_literal_words(op.value)}", op.value.span,
                               hint=f"set it to {_literal_words(old.value)}, like its declared "
                               "value",
                               notes=[Note("declared here", old.span)])
            else:
                mode.params[old.name] = dc_replace(old, value=op.value)
                mode.history.append(Change("set", "param", old.name, by, citation, old.value,
                                           op.value, op.span))
        elif isinstance(op, (ast.Add, ast.Replace)) and type(op.decl) in SINGLE_RULES:
            attr = SINGLE_RULES[type(op.decl)]
            if isinstance(op, ast.Add):
                self.bag.error(codes.ADD_EXISTING_RULE, f"`add` of a second `{attr}`", op.decl.span,
                               hint=f"use `replace {attr} {{ ... }}` to change it")
                return
            mode.history.append(Change("replace", attr, attr, by, _first_source(op.decl.meta)
                                       or citation, getattr(mode, attr), op.decl, op.span))
            setattr(mode, attr, op.decl)
            extend.forget_steps(mode) if attr == "setup" else extend.forget(mode, "flow", "flow")
        elif isinstance(op, (ast.Add, ast.Replace)) and type(op.decl) not in TABLES:
            word = "add" if isinstance(op, ast.Add) else "replace"
            self.bag.error(codes.MODE_CANNOT_CHANGE, f"a mode cannot `{word}` a {ast.decl_kind(op.decl)}",
                           op.decl.span, hint="modes add, replace or remove rules: actions, "
                           "phases, tallies, triggers, params, tracks, zones, ends...")
        elif isinstance(op, ast.Add):
            table = mode.table(op.decl)
            name = op.decl.name
            if name in table:
                self.bag.error(codes.ADD_EXISTING_RULE, f"`add` names `{name}`, which already exists here",
                               op.decl.span, hint="use `replace` to change an existing rule",
                               notes=[Note("existing declaration", table[name].span)])
                return
            table[name] = op.decl
            extend.forget(mode, ast.decl_kind(op.decl), name)
            mode.history.append(Change("add", ast.decl_kind(op.decl), name, by,
                                       _first_source(op.decl.meta) or citation, None, op.decl,
                                       op.span))
        elif isinstance(op, ast.Replace):
            table = mode.table(op.decl)
            name = op.decl.name
            if name not in table:
                self.bag.error(codes.MISSING_RULE, f"`replace` names `{name}`, which is not a rule of "
                               "this mode", op.decl.span, hint=did_you_mean(name, table)
                               or "use `add` for a new rule", notes=_removed_notes(mode, name))
                return
            mode.history.append(Change("replace", ast.decl_kind(op.decl), name, by,
                                       _first_source(op.decl.meta) or citation,
                                       table.get(name), op.decl, op.span))
            table[name] = op.decl
            extend.forget(mode, ast.decl_kind(op.decl), name)
        elif isinstance(op, ast.Remove):
            kind_cls = ast.DECL_KINDS[op.kind]
            table = getattr(mode, TABLES[kind_cls])
            name = op.name.name
            if name not in table:
                self.bag.error(codes.MISSING_RULE, f"`remove` names {op.kind} `{name}`, which is not a "
                               "rule of this mode", op.name.span,
                               hint=did_you_mean(name, table) or f"the {op.kind} rules here are "
                               + (", ".join(f"`{n}`" for n in list(table)[:6]) or "none"),
                               notes=_removed_notes(mode, name))
                return
            mode.history.append(Change("remove", op.kind, name, by, citation, table.pop(name),
                                       None, op.span))
            extend.forget(mode, op.kind, name)

    def _extend(self, mode: ComposedMode, op, by: str, citation: str | None, stage: int) -> None:
        """Apply an ``extend`` or a setup-step operation (:mod:`compiler.analysis.extend`)."""
        if isinstance(op, ast.Extend):
            done = extend.extend(mode, op, extend.order_key(mode, stage, op), self.bag,
                                 self._declared_elsewhere)
            if done is not None:
                kind, name, old, new = done
                mode.history.append(Change("extend", kind, name, by, citation, old, new, op.span, op))
            return
        if mode.setup is None:
            return  # E0203 already
        done = extend.step_op(mode, op, self.bag)
        if done is not None:
            word, name, old, new = done
            mode.history.append(Change(word, "step", name, by, citation, old, new, op.span))


def _removed_notes(mode: ComposedMode, name: str) -> list[Note]:
    """Where an earlier `remove` took ``name`` out of ``mode``, if one did."""
    return [Note(f"`{name}` was removed here ({c.by})", c.span) for c in mode.history
            if c.op == "remove" and c.name == name][-1:]


def _literal_words(e) -> str:
    return {ast.Number: "a number", ast.Bool: "true or false", ast.Text: "a text",
            ast.Name: "an enum member"}.get(type(e), "a value")


def _first_source(meta: tuple[ast.Meta, ...]) -> str | None:
    return next((m.text for m in meta if m.kind == "source"), None)


def _seat(mode: ComposedMode, op) -> None:
    """A mode's `seats KIND N` (added after the seats before it), `seating alternate` or
    `sides ...` line (the last written holds) (construct 20)."""
    if isinstance(op, ast.ModeSeats):
        mode.seats += (op,)
    elif isinstance(op, ast.ModeSeating):
        mode.seating = op
    else:
        mode.sides = op
