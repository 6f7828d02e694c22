"""Modules that extend (issue 11, construct 14), checked in each composed mode: setup
steps named twice (E0326), modules that conflict (E0328), ``needs`` and ``excludes``
(E0329, E0330); and in the whole spec: ``needs``, ``excludes`` and ``combine`` naming no
module (E0331), or the module itself (E0596), a module's own ``players`` line that
allows no count (E0521: a module narrows the count, so it would hide it otherwise), a
``combine`` block no mode plays (W0150), ``needs``/``excludes`` outside a module (E0333), a
module ``use``d twice in one block (W0151).

A module is applied at most once in a composition (:mod:`compiler.analysis.compose`),
so what these checks read is the mode's history: each change names the module that
made it (``module NAME``).  Design: ``design/language/README.md`` › Construct 14 (c).
"""

from __future__ import annotations

from itertools import combinations

from dsl import ast, codes
from dsl.diagnostics import DiagnosticBag, Note, did_you_mean
from compiler.analysis import limits

#: The operations of two modules on one rule that conflict: the rule then depends on the
#: order the modules are applied in (``set`` conflicts only for different values).
_CONFLICTING = {frozenset({"replace"}), frozenset({"remove"}), frozenset({"replace", "remove"}),
                frozenset({"replace", "extend"}), frozenset({"remove", "extend"})}


def check_mode(mode, report) -> None:
    """Report the problems of ``mode`` listed above to ``report``."""
    _steps_named_twice(mode, report)
    _conflicts(mode, report)
    _needs_and_excludes(mode, report)


def _steps_named_twice(mode, report) -> None:
    seen: dict[str, ast.SetupStep] = {}
    for step in mode.setup.steps if mode.setup is not None else ():
        if step.name in seen:
            report.error(codes.STEP_DUPLICATE, f"the setup has two steps named `{step.name}`", step.span,
                         hint="give each step of the setup its own name",
                         notes=[Note("the first one", seen[step.name].span)])
        seen.setdefault(step.name, step)


def _combined(mode) -> set[frozenset[str]]:
    """The pairs of modules some ``combine`` block names together."""
    return {frozenset(pair) for block in mode.combine_decls
            for pair in combinations([m.name for m in block.modules], 2)}


def _conflicts(mode, report) -> None:
    """E0328 for each pair of changes by two modules to one rule that conflict."""
    combined = _combined(mode)
    by_rule: dict[tuple[str, str], list] = {}
    for change in mode.history:
        if change.by.startswith("module "):
            by_rule.setdefault((change.kind, change.name), []).append(change)
    for (kind, name), changes in by_rule.items():
        for pair in combinations(changes, 2):
            # in the order they are written, not applied: a conflict found in several modes,
            # which apply the modules in different orders, is one diagnostic naming them all
            first, second = sorted(pair, key=lambda c: (c.span.line, c.span.column))
            one, two = first.by.removeprefix("module "), second.by.removeprefix("module ")
            if one == two or frozenset({one, two}) in combined:
                continue
            if first.op == second.op == "set":
                clash = first.new != second.new
            else:
                clash = frozenset({first.op, second.op}) in _CONFLICTING
            if clash:
                report.error(codes.MODULE_CONFLICT, f"modules `{one}` and `{two}` both change {kind} "
                             f"`{name}` ({first.op} and {second.op}): the result depends on their order",
                             second.span, hint=f"write `combine {one}, {two} {{ ... }}` to say what "
                             "happens when both are played",
                             notes=[Note(f"module `{one}` changes it here", first.span)])


def _needs_and_excludes(mode, report) -> None:
    applied = set(mode.modules_applied)
    for name in mode.modules_applied:
        module = mode.module_decls.get(name)
        for op in module.ops if module is not None else ():
            if isinstance(op, ast.ModuleNeeds):
                for needed in op.modules:
                    if needed.name in mode.module_decls and needed.name not in applied \
                            and needed.name != name:  # E0596, once for the spec
                        report.error(codes.MODULE_NEEDS, f"module `{name}` needs module `{needed.name}`, "
                                     "which this mode does not apply", needed.span,
                                     hint=f"`use {needed.name}` in the mode, or in module `{name}`")
            elif isinstance(op, ast.ModuleExcludes):
                for other in op.modules:
                    if other.name == name:
                        continue  # E0596, once for the spec (check_composition)
                    if other.name in applied:
                        report.error(codes.MODULE_EXCLUDES, f"module `{name}` excludes module "
                                     f"`{other.name}`, and this mode applies both", other.span,
                                     hint="drop one of the two `use` lines")


def check_composition(comp, cards, bag: DiagnosticBag) -> None:
    """E0331 and W0150 for the whole spec ``comp`` (a Composition)."""
    for module in comp.modules.values():
        for op in module.ops:
            if isinstance(op, (ast.ModuleNeeds, ast.ModuleExcludes)):
                word = "needs" if isinstance(op, ast.ModuleNeeds) else "excludes"
                _known(comp, op.modules, f"`{word}`", bag)
                for itself in (m for m in op.modules if m.name == module.name):
                    others = [n for n in comp.modules if n != module.name]
                    bag.error(codes.MODULE_NAMES_ITSELF, f"module `{module.name}` {word} itself", itself.span,
                              hint=(did_you_mean(module.name, others) or "name another module") + (
                                  "; or remove the line: a module is always played with itself"
                                  if word == "needs" else "; or remove the line: no mode could apply it"))
    for holder, ops in _blocks(comp):
        _repeated_uses(holder, ops, bag)
        if not isinstance(holder, ast.Module):
            _needs_outside_a_module(ops, bag)
        else:
            _module_players(ops, bag)
    for block in comp.combines:
        if _known(comp, block.modules, "`combine`", bag) and comp.modes and not any(
                all(m.name in mode.modules_applied for m in block.modules)
                for mode in comp.every().values()):
            listed = block.name.replace("+", ", ")
            bag.warning(codes.COMBINE_NEVER_APPLIED, f"no mode applies all of {listed}: this `combine` "
                        "block is never played", block.span,
                        hint="`use` the modules together in a mode, or remove the block")


def _known(comp, names, what: str, bag: DiagnosticBag) -> bool:
    """Whether every one of ``names`` is a module (E0331 for each that is not)."""
    ok = True
    for name in names:
        if name.name not in comp.modules:
            ok = False
            bag.error(codes.UNKNOWN_MODULE_NAMED, f"{what} names unknown module `{name.name}`", name.span,
                      hint=did_you_mean(name.name, comp.modules, "modules") or "declare it with "
                      f"`module {name.name} \"Title\" {{ ... }}`")
    return ok


def _blocks(comp) -> list[tuple[object, tuple]]:
    """Every block of mode operations in the spec, with the declaration holding it."""
    holders = [*comp.mode_decls.values(), *comp.modules.values(), *comp.amendments, *comp.combines]
    return [(holder, holder.ops) for holder in holders]


def _repeated_uses(holder, ops, bag: DiagnosticBag) -> None:
    """W0151 for a second ``use`` of one module in one block: it is applied once."""
    first: dict[str, ast.UseModule] = {}
    for op in ops:
        if isinstance(op, ast.UseModule):
            if op.module.name in first:
                bag.warning(codes.USED_TWICE, f"module `{op.module.name}` is `use`d twice here: it is "
                            "applied once", op.module.span, hint="remove the repeated `use` line",
                            notes=[Note("first `use`", first[op.module.name].span)])
            first.setdefault(op.module.name, op)


def _module_players(ops, bag: DiagnosticBag) -> None:
    """E0521 for a module's ``players`` line that allows no count on its own (below 1, or
    past :data:`~compiler.analysis.limits.MAX_PLAYERS`; an empty range is E0337): a selected module
    narrows the mode's count, so the composed mode would silently keep a valid one."""
    for op in ops:
        if isinstance(op, ast.ModePlayers):
            lo, hi = op.low, op.high
            problem = (f"at least 1 player, not {lo}" if lo < 1 else f"at most {limits.MAX_PLAYERS} "
                       f"players, not {hi}" if hi > limits.MAX_PLAYERS else None)  # empty: E0337
            if problem:
                bag.error(codes.PLAYER_COUNT, f"a module's `players` line needs {problem}", op.span,
                          hint="write the counts the module is played with, within the game's own")


def _needs_outside_a_module(ops, bag: DiagnosticBag) -> None:
    """E0333 for ``needs``/``excludes`` in a mode, amendment or ``combine`` block."""
    for op in ops:
        if isinstance(op, (ast.ModuleNeeds, ast.ModuleExcludes)):
            word = "needs" if isinstance(op, ast.ModuleNeeds) else "excludes"
            listed = ", ".join(m.name for m in op.modules)
            hint = (f"write `use {listed}` to play it here, or move the line into a module"
                    if word == "needs" else "move the line into the module that cannot be played with it")
            bag.error(codes.NEEDS_OUTSIDE_MODULE, f"`{word}` belongs in a module: here it would be "
                      "ignored", op.span, hint=hint)
