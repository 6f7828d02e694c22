"""Derived values defined through themselves and procedures that run themselves
(code E0206), and chains of them too long for the engine (E0541)."""

from __future__ import annotations

from collections import deque

from dsl import ast, codes
from dsl.diagnostics import Note
from compiler.analysis import limits
from compiler.checks import graphs
from compiler.checks.typecheck import Checker


class CycleChecker(Checker):
    """The cycle checks of one mode (run by :mod:`compiler.checks.values` and
    :mod:`compiler.checks.rules`)."""

    def derived_cycles(self) -> None:
        """A derived value may not be defined in terms of itself."""
        reads = {d.name: [n for n in _names_in(d.expr) if n in self.mode.derived]
                 for d in self.mode.derived.values()}
        if _sound(reads):
            return
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
            self.report.error(codes.DEFINED_THROUGH_ITSELF, "derived value is defined through itself: "
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
        runs = {proc.name: [call.procedure.name for call in _calls(proc.effect)]
                for proc in self.mode.procedures.values()}
        if _sound(runs):
            return
        import networkx as nx

        graph = nx.DiGraph()
        for proc in self.mode.procedures.values():
            graph.add_node(proc.name)
            for call in _calls(proc.effect):
                graph.add_edge(proc.name, call.procedure.name, span=call.span)
        cycles = _one_cycle_each(graph, list(self.mode.procedures))
        for cycle in cycles:
            first = self.mode.procedures[cycle[0]]
            self.report.error(codes.DEFINED_THROUGH_ITSELF,
                              "procedure runs itself through " + " → ".join(cycle + cycle[:1]),
                              first.span,
                              hint="a procedure cannot run itself; repeat work with `for each` instead",
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
            self.report.error(codes.CHAIN_TOO_DEEP, f"{kind} `{chain[0]}` {verb} a chain of {len(chain):,} "
                              f"{kind}s ({shown}); at most {limits.MAX_REFERENCE_DEPTH} may depend on one "
                              "another in a row", decls[chain[0]].span, hint=hint,
                              notes=[Note(f"the chain ends at `{chain[-1]}`", decls[chain[-1]].span)])


def _sound(graph: dict[str, list[str]]) -> bool:
    """Whether the graph of what each declaration reads or runs has nothing to report:
    no loop, and no chain longer than MAX_REFERENCE_DEPTH (told in plain Python, so that
    networkx is loaded only to report a problem)."""
    for succs in list(graph.values()):
        for name in succs:
            graph.setdefault(name, [])
    return not graphs.loops(graph) and graphs.longest_path(graph) <= limits.MAX_REFERENCE_DEPTH


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
        elif isinstance(node, ast.Call):  # a derived value with parameters (construct 14)
            yield node.func.name

def _calls(stmts):
    for st in stmts:
        if isinstance(st, ast.DoProcedure):
            yield st
        for body in (getattr(st, "then", ()), getattr(st, "otherwise", ()), getattr(st, "body", ())):
            yield from _calls(body)
        for option in getattr(st, "options", ()):
            yield from _calls(option.body)
