"""Phase graphs: each mode's flow as a networkx DiGraph, and the checks that
catch what rule edits break (codes E04xx).

Nodes are phase names plus ``start`` (setup) and ``end`` (the game is over);
edges are the flow's transitions, each carrying its spec span and condition.
"""

from __future__ import annotations

import networkx as nx

from dsl import ast
from dsl.diagnostics import DiagnosticBag, Note, did_you_mean

START, END = "start", "end"


def build_graph(mode) -> nx.DiGraph:
    """The phase graph of a composed mode.  Edges whose condition is the literal
    ``false`` are kept with ``dead=True`` and ignored by the checks."""
    g = nx.DiGraph()
    g.add_node(START)
    g.add_node(END)
    for name in mode.phases:
        g.add_node(name)
    if mode.flow is None:
        return g
    for edge in mode.flow.edges:
        dead = isinstance(edge.condition, ast.Bool) and not edge.condition.value
        g.add_edge(edge.source.name, edge.dest.name, edge=edge, dead=dead)
    return g


def live(g: nx.DiGraph) -> nx.DiGraph:
    return nx.subgraph_view(g, filter_edge=lambda a, b: not g.edges[a, b]["dead"])


def check_mode(mode, bag: DiagnosticBag, seen: set) -> nx.DiGraph:
    """Check one mode's phase graph; ``seen`` de-duplicates diagnostics shared by modes."""
    g = build_graph(mode)
    flow = mode.flow
    if flow is None:
        return g

    def report(code, message, span, hint=None, notes=()):
        key = (code, message, span)
        if key not in seen:
            seen.add(key)
            bag.error(code, message + (f" (mode {mode.name})" if mode.name != "base" else ""),
                      span, hint=hint, notes=notes)

    known = set(mode.phases) | {START, END}
    for edge in flow.edges:
        for end_ in (edge.source, edge.dest):
            if end_.name not in known:
                report("E0401", f"flow names unknown phase `{end_.name}`", end_.span,
                       hint=did_you_mean(end_.name, mode.phases))
        if edge.dest.name == START:
            report("E0401", "no transition may lead back to `start`", edge.dest.span)
        if edge.source.name == END:
            report("E0401", "no transition may leave `end`", edge.source.span)
    unknown = [n for n in g.nodes if n not in known]
    g.remove_nodes_from(unknown)
    if flow.round_start is not None and flow.round_start.name not in mode.phases:
        report("E0401", f"round starts at unknown phase `{flow.round_start.name}`",
               flow.round_start.span, hint=did_you_mean(flow.round_start.name, mode.phases))
    lv = live(g)
    reachable = nx.descendants(lv, START) | {START}
    for name, phase in mode.phases.items():
        if name not in reachable:
            report("E0402", f"phase `{name}` can never be reached from setup", phase.span,
                   hint=f"add a transition into it, e.g. `some_phase -> {name}` in `flow`",
                   notes=[Note("the flow is declared here", flow.span)])
    if END not in reachable:
        report("E0403", "the end of the game can never be reached", flow.span,
               hint="add a transition to `end`, e.g. `last_phase -> end when game_over`")
    finishing = nx.ancestors(lv, END) | {END}
    for name in sorted(reachable - finishing - {START}):
        phase = mode.phases.get(name)
        loop = _loop_of(lv, name)
        if loop and len(loop) > 1 or (loop and lv.has_edge(name, name)):
            report("E0404", f"the loop {' → '.join(_cycle_order(lv, loop))} has no exit",
                   phase.span if phase else flow.span,
                   hint="add a transition out of the loop, e.g. `... -> end when game_over`",
                   notes=[Note(f"transition {a} → {b}", lv.edges[a, b]["edge"].span)
                          for a, b in lv.edges if a in loop and b in loop][:4])
        else:
            report("E0403", f"no way to the end of the game from phase `{name}`",
                   phase.span if phase else flow.span,
                   hint=f"add a transition out of `{name}`")
    for name in g.nodes:
        unconditional = [g.edges[name, d]["edge"] for d in g.successors(name)
                         if g.edges[name, d]["edge"].condition is None]
        for extra in unconditional[1:]:
            report("E0405", f"phase `{name}` has two transitions without a condition",
                   extra.span, hint="add `when ...` to all but one",
                   notes=[Note("the other one", unconditional[0].span)])
        if name not in (END,) and name in reachable and g.out_degree(name) and not unconditional:
            edges = [g.edges[name, d]["edge"] for d in g.successors(name)]
            report("E0406", f"every transition out of `{name}` has a condition, so the game can "
                   "get stuck when none holds", edges[0].span,
                   hint="make one transition unconditional (the default)")
    return g


def _loop_of(g: nx.DiGraph, node: str) -> set[str] | None:
    for comp in nx.strongly_connected_components(g):
        if node in comp and (len(comp) > 1 or g.has_edge(node, node)):
            return comp
    return None


def _cycle_order(g: nx.DiGraph, nodes: set[str]) -> list[str]:
    sub = g.subgraph(nodes)
    try:
        cycle = nx.find_cycle(sub)
        return [a for a, _ in cycle] + [cycle[0][0]]
    except nx.NetworkXNoCycle:
        return sorted(nodes)


def mermaid(mode) -> str:
    """A mermaid flowchart of the mode's phase graph (``end`` is a mermaid keyword,
    so the nodes are ``game_start`` and ``game_end``)."""
    def node_id(name: str) -> str:
        return {"start": "game_start", "end": "game_end"}.get(name, name)

    lines = ["flowchart TD", '  game_start(["Setup"])', '  game_end(["End of the game"])']
    for name, phase in mode.phases.items():
        label = phase.title.replace('"', "'")
        extra = " (if " + _short(phase.only_when) + ")" if phase.only_when is not None else ""
        lines.append(f'  {name}["{label}{extra}"]')
    if mode.flow is not None:
        for edge in mode.flow.edges:
            a, b = node_id(edge.source.name), node_id(edge.dest.name)
            if edge.condition is None:
                lines.append(f"  {a} --> {b}")
            else:
                lines.append(f'  {a} -->|"{_short(edge.condition)}"| {b}')
    return "\n".join(lines)


def _short(e) -> str:
    if isinstance(e, ast.Name):
        return e.name.replace("_", " ")
    if isinstance(e, ast.Bool):
        return "true" if e.value else "false"
    return "condition"
