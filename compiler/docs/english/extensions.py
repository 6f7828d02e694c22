"""English of modules that extend (issue 11, construct 14): what an ``extend`` adds to a
rule, a named setup step, and the ``after`` of a trigger.

``extension(op, names)`` is the Markdown of an :class:`ast.Extend` as the page lists it
under the module's change ("you may also take *Hypersync Future Action*", "Also, when
it begins, first: ..."); ``setup_step(step, number, v)`` a numbered step of the setup.
"""

from __future__ import annotations

from collections.abc import Mapping

from dsl import ast
from compiler.docs.english.expressions import Voice, join, phrase
from compiler.docs.english.glossary import as_names
from compiler.docs.english.statements import INDENT, lines
from compiler.docs.markdown import Markdown

#: How each hook an ``extend`` adds statements to is named on the page.
_HOOKS = {"on enter": "when it begins", "on exit": "when it ends", "on turn": "at each turn",
          "effect": "in its effect", "body": ""}


def statements_words(part: ast.Statements, v: Voice) -> list[Markdown]:
    """``Also, when it begins, first:`` and the statements as a nested list."""
    where = _HOOKS[part.hook]
    when = "first, before its own rules" if part.first else "after its own rules"
    intro = Markdown("Also, {}, {}:").format(where, when) if where else Markdown("Also, {}:").format(when)
    items = [line for node in part.body for line in lines(node, v)]
    return [intro, Markdown("")] + items


def extension(op: ast.Extend, names: Mapping[str, str] | None = None) -> list[Markdown]:
    """What ``op`` adds to its rule, as paragraphs of Markdown lines."""
    v = Voice(as_names(names))
    out: list[list[Markdown]] = []
    if op.actions:
        taken = join([Markdown("*{}*").format(v.names.title(a.name)) for a in op.actions], "or")
        out.append([Markdown("You may also take {}.").format(taken)])
    for req in op.requires:
        out.append([Markdown("It also requires that {}.").format(phrase(req, v))])
    for part in op.statements:
        out.append(statements_words(part, v))
    if op.edges:
        def node(name: str) -> Markdown:
            return Markdown("the end of the game") if name == "end" else \
                Markdown("*{}*").format(v.names.title(name))
        out.append([Markdown("Also:"), Markdown("")] + [
            Markdown("- From {} to {}").format(node(e.source.name), node(e.dest.name))
            + (Markdown(" when {}").format(phrase(e.condition, v)) if e.condition is not None else "")
            + Markdown(".") for e in op.edges])
    if op.members:
        out.append([Markdown("Also: {}.").format(join([Markdown("*{}*").format(m.title)
                                                       for m in op.members]))])
    joined: list[Markdown] = []
    for block in out:
        joined += ([Markdown("")] if joined else []) + block
    return joined


def setup_step(step: ast.SetupStep, number: int, v: Voice) -> list[Markdown]:
    """``- **Step 2, Timeline:**`` and the step's statements nested under it."""
    inner = [line for node in step.body for line in lines(node, v)]
    head = Markdown("- **Step {}, {}:**").format(number, step.title)
    return [head] + [INDENT + line for line in inner] if inner else [head + Markdown(" nothing.")]


def trigger_timing(decl: ast.Trigger, v: Voice) -> Markdown:
    """``Whenever a player takes the action *Pass*, after its effect`` (or before)."""
    parts = []
    for when, named in (("before", decl.before), ("after", decl.after)):
        if named:
            actions = join([Markdown("*{}*").format(v.names.title(b.name)) for b in named], "or")
            noun = "action" if len(named) == 1 else "actions"
            parts.append(Markdown("Whenever a player takes the {} {}, {} its effect").format(
                noun, actions, when))
    return Markdown("; and ").join(parts) if parts else Markdown("Never")
