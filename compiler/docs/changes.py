"""Modes, modules and amendments on a game page: what each changes, in full.

A mode's own changes are the tail of its ``ComposedMode.history`` past its
parent's (a child inherits its parent's history).  Each change reads as a
paragraph ("**Replaces** phase *5 Score*."), followed by the new rule and, for
replacements and removals, the rule it supersedes in a collapsed
``??? note "Superseded rule: ..."`` block.  Every function returns Markdown
lines (``list[Markdown]``, spec text in them escaped); the page template adds
the headings.
"""

from __future__ import annotations

from dsl import ast
from dsl.ast import DECL_KINDS

from compiler.docs import english
from compiler.docs.english import extensions
from compiler.analysis.compose import Change, ComposedMode, Composition
from compiler.docs.markdown import Markdown
from compiler.docs.markdown import title as quoted_title

_OPS = {"add": "Adds", "replace": "Replaces", "remove": "Removes", "set": "Sets", "extend": "Extends"}


def own_changes(composition: Composition, name: str) -> list[Change]:
    """The changes mode ``name`` makes itself (with its modules and amendments)."""
    mode = composition.modes[name]
    parent = composition.mode_decls[name].extends
    skip = len(composition.modes[parent.name].history) if parent and parent.name in \
        composition.modes else 0
    return mode.history[skip:]


def names_in(composition: Composition, mode: ComposedMode | None) -> english.Names:
    """The naming context of ``mode``, falling back on every other mode's names.

    The fallback (every mode's names and the rules of every change) is built once per
    composition: a page names each of its modes, and a spec may have thousands."""
    cached = _FALLBACK.get(id(composition))
    if cached is None or cached[0] is not composition:
        others = [composition.base, *composition.modes.values()]
        history = [d for c in _every_change(composition) for d in (c.new, c.old)
                   if isinstance(d, tuple(DECL_KINDS.values()))]
        cached = (composition, english.names_for(*others, extra=history))
        _FALLBACK.clear()  # one composition at a time: the page being rendered
        _FALLBACK[id(composition)] = cached
    fallback = cached[1]
    if mode is None:
        return fallback
    return english.names_for(mode, fallback=fallback)


def _every_change(composition: Composition):
    """Every change of every mode once, in the order the modes' histories first list them
    (a mode's history starts with its parent's: a chain of modes would repeat it)."""
    done: set[str] = set()
    for name in composition.modes:
        chain = []
        while name in composition.modes and name not in done:
            chain.append(name)
            done.add(name)
            parent = composition.mode_decls[name].extends
            name = parent.name if parent is not None else None
        for mode in reversed(chain):
            yield from own_changes(composition, mode)


#: id(composition) → (composition, its fallback names), for the page being rendered.
_FALLBACK: dict[int, tuple[Composition, english.Names]] = {}


def change_line(change: Change, names: english.Names) -> Markdown:
    """One change in a sentence, with its citation."""
    source = Markdown(" (*{}*)").format(change.citation) if change.citation else Markdown("")
    if change.op == "set":
        title = names.title(change.name)
        old, new = english.expr(change.old, names), english.expr(change.new, names)
        return Markdown("**Sets** *{}* to {} (was {}){}.").format(title, new, old, source)
    rule = change.new if change.new is not None else change.old
    return Markdown("**{}** {}{}.").format(_OPS[change.op], _named(change.kind, change.name, rule), source)


def change_blocks(changes: list[Change], names: english.Names,
                  later: dict[tuple[str, str], Markdown] | None = None) -> list[Markdown]:
    """Each change as a paragraph, the new rule in full and the superseded one collapsed.

    ``later`` maps ``(kind, name)`` to the amendment that supersedes the rule
    again in the same mode; such rules say so under their heading line.
    """
    out: list[Markdown] = []
    for change in changes:
        block = [change_line(change, names)]
        by = (later or {}).get((change.kind, change.name))
        if by and change.op in ("add", "replace"):
            block += ["", Markdown("**Superseded** in this mode by the amendment {} "
                                   "(see [Amendments](#amendments)).").format(by)]
        if change.op == "extend" and change.part is not None:
            block += [""] + extensions.extension(change.part, names)
        elif change.op in ("add", "replace") and isinstance(change.new, ast.SetupStep):
            block += [""] + english.stmts(change.new.body, names)
        elif change.op in ("add", "replace") and change.new is not None:
            block += [""] + english.decl(change.new, names)
        if change.op in ("replace", "remove") and change.old is not None \
                and not isinstance(change.old, ast.SetupStep):
            block += [""] + superseded(change.old, names)
        out = english.paragraphs(out, block)
    return out


def superseded(old, names: english.Names) -> list[Markdown]:
    """A collapsed block holding the rule a change superseded."""
    label = quoted_title(_named(ast.decl_kind(old), getattr(old, "name", ""), old, emphasis=False))
    body = english.decl(old, names)
    return [Markdown('??? note "Superseded rule: {}"').format(label)] + [
        (english.INDENT + line if line else Markdown("")) for line in body]


def mode_body(composition: Composition, name: str) -> list[Markdown]:
    """A mode's section: what it builds on, players, provenance and its changes."""
    decl = composition.mode_decls[name]
    mode = composition.modes[name]
    names = names_in(composition, mode)
    parent = decl.extends.name if decl.extends else None
    if parent in composition.modes:
        intro = Markdown("Builds on *{}*: its rules apply, with the changes below.").format(
            composition.modes[parent].title)
    else:
        intro = Markdown("Builds on the rules described above, with the changes below.")
    low, high = mode.players
    intro += Markdown(f" Players: {low}." if low == high else f" Players: {low} to {high}.")
    modules = list(dict.fromkeys(op.module.name for op in decl.ops if isinstance(op, ast.UseModule)))
    direct, lines_by_source = [], []
    for change in own_changes(composition, name):
        if change.by == name:
            direct.append(change)
        else:
            lines_by_source.append((change.by, change))
    body = english.paragraphs([intro], english.provenance(decl.meta))
    if not direct and not lines_by_source:
        return english.paragraphs(body, [Markdown("No changes: this mode plays by the rules above.")])
    for module in modules:
        title = composition.modules[module].title if module in composition.modules else module
        items = [Markdown("- ") + change_line(c, names) for by, c in lines_by_source
                 if by == f"module {module}"]
        body = english.paragraphs(body, [Markdown("Uses the module *{}* (see [Modules](#modules)):")
                                         .format(title), ""] + items)
    sets = [Markdown("- ") + change_line(c, names) for c in direct if c.op == "set"]
    later = {(c.kind, c.name): Markdown("*{}*").format(by.removeprefix("amendment "))
             for by, c in lines_by_source
             if by.startswith("amendment ") and c.op in ("replace", "remove")}
    rest = [c for c in direct if c.op != "set"]
    body = english.paragraphs(body, sets, change_blocks(rest, names, later))
    amended = dict.fromkeys(by for by, _ in lines_by_source if by.startswith("amendment "))
    for by in amended:
        items = [Markdown("- ") + change_line(c, names) for b, c in lines_by_source if b == by]
        body = english.paragraphs(body, [Markdown("Then amended by *{}* (see [Amendments](#amendments)):")
                                         .format(by.removeprefix("amendment ")), ""] + items)
    for block in composition.combines:
        by = f"combine {block.name}"
        changes = [c for b, c in lines_by_source if b == by]
        if changes:
            body = english.paragraphs(body, combine_body(composition, block, changes, names))
    return body


def combine_body(composition: Composition, block: ast.Combine, changes: list[Change],
                 names: english.Names) -> list[Markdown]:
    """A ``combine`` block in a mode that applies all its modules (construct 14): "When
    played with *A* and *B* together:", its changes in full, then its provenance."""
    titles = english.join([Markdown("*{}*").format(composition.modules[m.name].title
                                                  if m.name in composition.modules else m.name)
                           for m in block.modules])
    intro = [Markdown("When played with {} together:").format(titles)]
    return english.paragraphs(intro, change_blocks(changes, names), english.provenance(block.meta))


def module_body(composition: Composition, module: ast.Module) -> list[Markdown]:
    """A module's section: who uses it and its changes (from the first mode applying it,
    itself or through another module)."""
    users = [m for m, d in composition.mode_decls.items()
             if any(isinstance(op, ast.UseModule) and op.module.name == module.name
                    for op in d.ops)]
    every = composition.every()  # with the module sets chosen at creation (construct 15)
    applying = [m for m, mode in every.items() if module.name in mode.modules_applied]
    titles = english.join([Markdown("*{}*").format(composition.modes[m].title) for m in users])
    offering = [m for m, mode in composition.modes.items() if any(module.name in s for s in mode.module_sets)]
    chosen = english.join([Markdown("*{}*").format(composition.modes[m].title) for m in offering])
    intro = (Markdown("Used by {}.").format(titles) if users else
             Markdown("Chosen when the game is created, in {}.").format(chosen) if offering else
             Markdown("No mode uses this module."))
    by = f"module {module.name}"
    if applying:
        mode = every[applying[0]]
        changes = [c for c in mode.history if c.by == by]
    else:
        mode, changes = None, _changes_from_ops(module.ops, by)
    names = names_in(composition, mode)
    return english.paragraphs([intro], english.provenance(module.meta), change_blocks(changes, names))


def amendment_body(composition: Composition, amend: ast.Amend) -> list[Markdown]:
    """An amendment's section: the modes it applies to and each rule it supersedes."""
    target = amend.mode.name
    users = [n for n, m in composition.modes.items() if target in m.lineage]
    titles = english.join([Markdown("*{}*").format(composition.modes[n].title) for n in users])
    intro = Markdown("Amends {}, citing *{}*.").format(titles or target, amend.citation)
    by = f"amendment {amend.citation}"
    if target in composition.modes:
        mode = composition.modes[target]
        changes = [c for c in own_changes(composition, target) if c.by == by]
    else:
        mode, changes = None, _changes_from_ops(amend.ops, by)
    names = names_in(composition, mode)
    meta = amend.meta
    if not any(m.kind == "source" for m in meta):
        meta = (ast.Meta("source", amend.citation), *meta)
    return english.paragraphs([intro], english.provenance(meta), change_blocks(changes, names))


def _changes_from_ops(ops, by: str) -> list[Change]:
    """Changes of ops that no mode applied (an unused module): nothing is superseded."""
    out = []
    for op in ops:
        if isinstance(op, (ast.Add, ast.Replace)):
            kind = ast.decl_kind(op.decl)  # a flow or setup is named by its kind, as compose names it
            out.append(Change("add" if isinstance(op, ast.Add) else "replace", kind,
                              getattr(op.decl, "name", kind), by, None, None, op.decl, op.span))
        elif isinstance(op, ast.Remove):
            out.append(Change("remove", op.kind, op.name.name, by, None, None, None, op.span))
        elif isinstance(op, ast.Extend):
            name = op.target.name if op.target is not None else "flow"
            out.append(Change("extend", op.kind, name, by, None, None, None, op.span, op))
        elif isinstance(op, (ast.AddStep, ast.ReplaceStep)):
            word = "add" if isinstance(op, ast.AddStep) else "replace"
            out.append(Change(word, "step", op.step.name, by, None, None, op.step, op.span))
        elif isinstance(op, ast.RemoveStep):
            out.append(Change("remove", "step", op.name.name, by, None, None, None, op.span))
    return out


def _named(kind: str, name: str, rule, emphasis: bool = True) -> Markdown:
    """A changed rule as a change names it: ``phase *5 Score*``, ``end condition *Game
    over*`` (the title plain without ``emphasis``), or ``the flow`` for a rule a mode
    holds one of (flow, setup)."""
    if rule is not None and not hasattr(rule, "name"):
        return Markdown("the {}").format(kind)
    kind = "setup step" if kind == "step" else kind
    kind = "end condition" if isinstance(rule, ast.End) else kind
    return Markdown("{} *{}*" if emphasis else "{} {}").format(
        kind, english.title(rule) if rule is not None else name)
