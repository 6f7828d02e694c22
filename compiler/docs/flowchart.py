"""The flow of play drawn for the reference page: each mode's phase graph as a mermaid
flowchart."""

from __future__ import annotations

from dsl import ast
from compiler.docs.markdown import mermaid_label


#: Words a mermaid flowchart reads as syntax, never used as a node's id.
MERMAID_KEYWORDS = frozenset({
    "end", "start", "graph", "flowchart", "subgraph", "direction", "style", "linkstyle", "classdef",
    "class", "click", "call", "href", "default", "interpolate", "accdescr", "acctitle"})


def mermaid(mode) -> str:
    """A mermaid flowchart of the mode's phase graph: mermaid source, one node per
    phase (``game_start``, ``game_end`` for the flow's ends; a phase whose name is a
    mermaid word, ``click`` say, gets ``phase_click``).  Every label is quoted and
    escaped by :func:`compiler.docs.markdown.mermaid_label`, so a title cannot end its
    label, add a node, a ``click`` or a directive, or make HTML."""
    def node_id(name: str) -> str:
        if name in ("start", "end"):
            return f"game_{name}"
        return f"phase_{name}" if name.lower() in MERMAID_KEYWORDS else name

    lines = ["flowchart TD", '  game_start(["Setup"])', '  game_end(["End of the game"])']
    for name, phase in mode.phases.items():
        label = phase.title
        extra = ""
        if phase.only_when is not None:
            param = mode.params.get(getattr(phase.only_when, "name", ""))
            if param is not None and isinstance(param.value, ast.Bool):
                extra = "" if param.value.value else " (skipped in this mode)"
            else:
                extra = " (if " + _short(phase.only_when, mode) + ")"
        lines.append(f'  {node_id(name)}["{mermaid_label(label + extra)}"]')
    if mode.flow is not None:
        for edge in mode.flow.edges:
            a, b = node_id(edge.source.name), node_id(edge.dest.name)
            if edge.condition is None:
                lines.append(f"  {a} --> {b}")
            else:
                lines.append(f'  {a} -->|"{mermaid_label(_short(edge.condition, mode))}"| {b}')
    return "\n".join(lines)


def _short(e, mode=None) -> str:
    if isinstance(e, ast.Name):
        decl = mode.params.get(e.name) if mode is not None else None
        return decl.title if decl is not None else e.name.replace("_", " ")
    if isinstance(e, ast.Bool):
        return "true" if e.value else "false"
    return "condition"
