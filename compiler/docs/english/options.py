"""English for options chosen when a game is created (construct 15)."""

from __future__ import annotations

from collections.abc import Mapping

from dsl import ast
from compiler.docs.markdown import Markdown, code, inline


def option(decl: ast.Option, names: Mapping[str, str] | None = None) -> list[str]:
    """``**Title** (`name`): one of the Path (Path of Harmony, ...); random: drawn at the
    start.`` and its provenance."""
    from compiler.docs.english.declarations import paragraphs, provenance

    if decl.kind == "bool":
        values = Markdown("yes or no")
    elif decl.kind == "range":
        values = Markdown("a number from {} to {}").format(str(decl.low), str(decl.high))
    else:
        values = _one_of(decl, names)
    if decl.random:
        default = Markdown("if not chosen, drawn at random at the start")
    elif isinstance(decl.default, ast.Bool):
        default = Markdown("if not chosen, {}").format("yes" if decl.default.value else "no")
    elif decl.default is not None:
        default = Markdown("if not chosen, {}").format(
            str(getattr(decl.default, "value", getattr(decl.default, "name", ""))))
    else:
        default = Markdown("to be chosen")
    return paragraphs([Markdown("**{}** ({}), chosen when the game is created: {}; {}.").format(
        decl.title, code(decl.name), values, default)], provenance(decl.meta))


def _one_of(decl: ast.Option, names) -> Markdown:
    """``one of the Path (Path of Harmony, Path of Dominance)``: the enum's title and its
    members' titles, escaped; a catalogue (or a name the page does not know) as code."""
    enum = getattr(names, "decls", {}).get(decl.of.name) if decl.of is not None else None
    if not isinstance(enum, ast.Enum):
        return Markdown("one of {}").format(code(decl.of.name if decl.of else "?"))
    members = Markdown(", ").join(inline(m.title) for m in enum.members)
    return Markdown("one of the {} ({})").format(inline(enum.title), members)
