"""Small directed-graph helpers in plain Python, for the checks that must answer fast
on a spec without problems (``rulebook check`` after an edit): importing networkx
costs more than checking a whole spec.  They only decide whether a graph has a
problem; a check that finds one builds the networkx graph and reports from it, so
the wording (which cycle is named, from where) stays networkx's.

A graph is a dict: node → its successors (every node a key, successors in any order).
"""

from __future__ import annotations

from collections.abc import Iterable


def reach(graph: dict[str, list[str]], starts: Iterable[str]) -> set[str]:
    """The nodes reachable from ``starts`` (themselves included)."""
    seen = set(starts)
    stack = list(seen)
    while stack:
        for nxt in graph.get(stack.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return seen


def reverse(graph: dict[str, list[str]]) -> dict[str, list[str]]:
    """The graph with every edge turned round."""
    out: dict[str, list[str]] = {node: [] for node in graph}
    for node, succs in graph.items():
        for nxt in succs:
            out.setdefault(nxt, []).append(node)
    return out


def loops(graph: dict[str, list[str]], within: set[str] | None = None) -> list[frozenset[str]]:
    """The loops of ``graph`` (of its part on the nodes ``within``): its strongly
    connected parts that hold a cycle (two nodes or more, or one with an edge to
    itself), found with Tarjan's algorithm without recursion."""
    nodes = [n for n in graph if within is None or n in within]
    keep = set(nodes)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[frozenset[str]] = []
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter([n for n in graph.get(root, ()) if n in keep]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, succs = work[-1]
            for nxt in succs:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter([n for n in graph.get(nxt, ()) if n in keep])))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    part = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        part.add(member)
                        if member == node:
                            break
                    if len(part) > 1 or node in graph.get(node, ()):
                        out.append(frozenset(part))
    return out


def longest_path(graph: dict[str, list[str]]) -> int:
    """The number of nodes on the longest path of ``graph``, which has no loop."""
    depth: dict[str, int] = {}
    for root in graph:
        if root in depth:
            continue
        work = [(root, iter(graph.get(root, ())))]
        while work:
            node, succs = work[-1]
            for nxt in succs:
                if nxt not in depth:
                    work.append((nxt, iter(graph.get(nxt, ()))))
                    break
            else:
                work.pop()
                depth[node] = 1 + max((depth[n] for n in graph.get(node, ())), default=0)
    return max(depth.values(), default=0)
