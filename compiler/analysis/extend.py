"""Extensions (issue 11, construct 14): ``extend`` and the setup-step operations, applied
to a composed mode by :mod:`compiler.analysis.compose`.

An extension adds to a rule the mode already has (actions a phase offers, statements
of a hook, a procedure, a setup step or an action's effect, requirements of an action,
edges of the flow, members of an enum); the rule keeps its name, title and sources.

Several extensions of one rule **stack in a fixed order**, whatever order the modules
were applied in: the mode keeps each extended rule's *core* (the rule before any
extension) and its extensions sorted by :func:`order_key` (a parent mode's first, then
the order they are written in the spec; amendments after the mode's own, ``combine``
blocks last), and rebuilds the rule from them each time one is added.  So a mode that
uses modules ``a, b`` and one that uses ``b, a`` have equal rules.  A ``replace`` or
``remove`` of the rule forgets its extensions (the replacement is the new core).

A rebuilt rule equal to one built for another mode is that same object (:func:`intern`),
so the engine generator, which names a function per declaration object, emits the rule
once for all the modes that have it (16 combinations of 4 modules share their rules).

Problems are reported to the composer's bag: E0323 (extend an unknown rule), E0324 (an
action the phase already offers), E0325 (an unknown setup step), E0326 (a step added
twice), E0334 (``extend enum``, which the engine cannot play per mode yet).
"""

from __future__ import annotations

from dataclasses import replace as dc_replace

from dsl import ast, codes
from dsl.diagnostics import DiagnosticBag, Note, did_you_mean

#: The ComposedMode table of each kind ``extend`` names (the flow is a single rule).
_TABLE = {"phase": "phases", "procedure": "procedures", "action": "actions", "enum": "enums"}
#: The field of the rule each hook of :class:`ast.Statements` adds to.
_HOOK_FIELD = {"on enter": "on_enter", "on exit": "on_exit", "on turn": "on_turn", "effect": "effect",
               "body": "effect"}


def order_key(mode, stage: int, op) -> tuple:
    """Where an extension stacks among those of one rule: ``(depth of the mode in its
    chain, stage, line, column)``; ``stage`` is 0 for the mode's own operations and its
    modules, 1 for amendments, 2 for ``combine`` blocks."""
    return (len(mode.lineage), stage, op.span.path, op.span.line, op.span.column)


def intern(mode, rule):
    """``rule``, or the equal rule (spans aside) already built for another mode of the spec."""
    return mode.interned.setdefault(rule, rule)


def forget(mode, kind: str, name: str) -> None:
    """The rule ``kind name`` was replaced or removed: its extensions no longer apply."""
    mode.extensions.pop((kind, name), None)


def forget_steps(mode) -> None:
    """The whole setup was replaced: every step's extensions go with it."""
    for key in [k for k in mode.extensions if k[0] == "step"]:
        del mode.extensions[key]


def extend(mode, op: ast.Extend, key: tuple, bag: DiagnosticBag, elsewhere) -> tuple | None:
    """Apply ``op`` to ``mode``; return ``(kind, name, old, new)`` for its history, or
    None after reporting why it cannot apply.  ``elsewhere(name)`` says which module or
    mode adds a rule this mode lacks (or None)."""
    if op.kind == "flow":
        if mode.flow is None:
            return None
        current, name = mode.flow, "flow"
    elif op.kind == "step":
        name = op.target.name
        current = _step(mode, name)
        if current is None:
            _unknown_step(mode, op.target, bag)
            return None
    elif op.kind == "enum" and any(r.per_enum is not None and r.per_enum.name == op.target.name
                                   for r in mode.resources.values()):
        # a resource family lays out one slot of every bag per member, for the whole game
        family = next(r.name for r in mode.resources.values()
                      if r.per_enum is not None and r.per_enum.name == op.target.name)
        bag.error(codes.EXTEND_ENUM, f"`extend enum {op.target.name}` cannot add members: resource "
                  f"`{family}` is kept per member of it, in every bag of the game", op.span,
                  hint="declare every member in the `enum` itself, or `add` a separate enum")
        return None
    if op.kind not in ("flow", "step"):  # a phase, procedure, action or enum of the mode
        name = op.target.name
        table = getattr(mode, _TABLE[op.kind])
        current = table.get(name)
        if current is None:
            bag.error(codes.EXTEND_UNKNOWN, f"`extend` names {op.kind} `{name}`, which is not a rule of "
                      "this mode", op.target.span,
                      hint=did_you_mean(name, table) or elsewhere(name)
                      or f"`extend` adds to an existing {op.kind}; use `add {op.kind}` for a new one")
            return None
    core, parts = mode.extensions.get((op.kind, name), (current, ()))
    if not _fits(core, parts, op, bag):
        return None
    parts = tuple(sorted(parts + ((key, op),), key=lambda part: part[0]))
    mode.extensions[(op.kind, name)] = (core, parts)
    new = intern(mode, _rebuild(core, [p for _, p in parts]))
    if op.kind == "flow":
        mode.flow = new
    elif op.kind == "step":
        mode.setup = intern(mode, _with_step(mode.setup, name, new))
    else:
        table[name] = new
    return op.kind, name, current, new


def _fits(core, parts, op: ast.Extend, bag: DiagnosticBag) -> bool:
    """Whether ``op`` adds only what the rule lacks (E0324 for an action the phase
    already offers, E0208 for an enum member that exists)."""
    built = _rebuild(core, [p for _, p in parts])
    if op.kind == "phase":
        offered = {a.name: a for a in built.actions}
        for action in op.actions:
            if action.name in offered:
                bag.error(codes.EXTEND_OFFERS_TWICE, f"phase `{built.name}` already offers `{action.name}`",
                          action.span, hint="remove it from the `actions` line of the `extend`",
                          notes=[Note("offered here", offered[action.name].span)])
                return False
            offered[action.name] = action
    if op.kind == "enum":
        members = {m.name: m for m in built.members}
        for member in op.members:
            if member.name in members:
                bag.error(codes.ADD_EXISTING_RULE, f"enum `{built.name}` already has the member "
                          f"`{member.name}`", member.span, hint="give the new member another name",
                          notes=[Note("declared here", members[member.name].span)])
                return False
            members[member.name] = member
    return True


def _rebuild(core, extensions: list[ast.Extend]):
    """``core`` with every extension added, in the order given: statements written
    ``first`` before the rule's own (in that order), the others after them."""
    if not extensions:
        return core
    if isinstance(core, ast.Flow):
        return dc_replace(core, edges=core.edges + tuple(e for x in extensions for e in x.edges))
    if isinstance(core, ast.Enum):
        return dc_replace(core, members=core.members + tuple(m for x in extensions for m in x.members))
    changes: dict[str, object] = {}
    for hook in dict.fromkeys(s.hook for x in extensions for s in x.statements):
        attr = "body" if isinstance(core, ast.SetupStep) else _HOOK_FIELD[hook]
        added = [s for x in extensions for s in x.statements if s.hook == hook]
        changes[attr] = (tuple(st for s in added if s.first for st in s.body) + getattr(core, attr)
                         + tuple(st for s in added if not s.first for st in s.body))
    if isinstance(core, ast.Phase):
        changes["actions"] = core.actions + tuple(a for x in extensions for a in x.actions)
    if isinstance(core, ast.Action):
        changes["requires"] = core.requires + tuple(r for x in extensions for r in x.requires)
    return dc_replace(core, **changes)


# ------------------------------------------------------------------ setup steps
def _step(mode, name: str) -> ast.SetupStep | None:
    if mode.setup is None:
        return None
    return next((s for s in mode.setup.steps if s.name == name), None)


def _with_step(setup: ast.Setup, name: str, new: ast.SetupStep | None) -> ast.Setup:
    """``setup`` with step ``name`` replaced by ``new`` (removed when None)."""
    items = tuple(new if type(i) is ast.SetupStep and i.name == name else i for i in setup.items)
    return dc_replace(setup, items=tuple(i for i in items if i is not None))


def _unknown_step(mode, where: ast.Ident, bag: DiagnosticBag) -> None:
    steps = {s.name: s for s in mode.setup.steps} if mode.setup is not None else {}
    bag.error(codes.STEP_UNKNOWN, f"the setup has no step `{where.name}`", where.span,
              hint=did_you_mean(where.name, steps) or "its steps are "
              + (", ".join(f"`{n}`" for n in list(steps)[:6]) or "none: name one with "
                 "`step NAME \"Title\" { ... }` in the setup"))


def step_op(mode, op, bag: DiagnosticBag) -> tuple | None:
    """Apply ``add step``, ``replace step`` or ``remove step`` to ``mode``; return
    ``(op word, name, old, new)`` for its history, or None after reporting why not."""
    if isinstance(op, ast.AddStep):
        if _step(mode, op.step.name) is not None:
            bag.error(codes.STEP_DUPLICATE, f"the setup already has a step `{op.step.name}`", op.span,
                      hint="give the new step another name, or `extend step` / `replace step` it",
                      notes=[Note("that step", _step(mode, op.step.name).span)])
            return None
        anchor = _step(mode, op.anchor.name)
        if anchor is None:
            _unknown_step(mode, op.anchor, bag)
            return None
        items = []
        for item in mode.setup.items:
            if item is anchor and op.place == "after":
                items += [item, op.step]
            elif item is anchor:
                items += [op.step, item]
            else:
                items.append(item)
        mode.setup = intern(mode, dc_replace(mode.setup, items=tuple(items)))
        return "add", op.step.name, None, op.step
    name = op.step.name if isinstance(op, ast.ReplaceStep) else op.name.name
    old = _step(mode, name)
    if old is None:
        where = op.name if isinstance(op, ast.RemoveStep) else ast.Ident(name, op.span)
        _unknown_step(mode, where, bag)
        return None
    forget(mode, "step", name)
    if isinstance(op, ast.ReplaceStep):
        mode.setup = intern(mode, _with_step(mode.setup, name, op.step))
        return "replace", name, old, op.step
    mode.setup = intern(mode, _with_step(mode.setup, name, None))
    return "remove", name, old, None
