"""The plain-Python graph helpers the checks use to tell a sound spec fast
(:mod:`compiler.checks.graphs`) agree with networkx on random graphs."""

from __future__ import annotations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from compiler.checks import graphs

NODES = [f"n{i}" for i in range(8)]
edge_lists = st.lists(st.tuples(st.sampled_from(NODES), st.sampled_from(NODES)), max_size=20)


def _both(edges):
    graph = {n: [] for n in NODES}
    g = nx.DiGraph()
    g.add_nodes_from(NODES)
    for a, b in edges:
        graph[a].append(b)
        g.add_edge(a, b)
    return graph, g


@settings(max_examples=300, deadline=None)
@given(edge_lists, st.sets(st.sampled_from(NODES)))
def test_reach_and_loops_agree_with_networkx(edges, within):
    graph, g = _both(edges)
    assert graphs.reach(graph, ["n0"]) == nx.descendants(g, "n0") | {"n0"}
    assert graphs.reach(graphs.reverse(graph), ["n0"]) == nx.ancestors(g, "n0") | {"n0"}
    sub = g.subgraph(within)
    expected = {frozenset(c) for c in nx.strongly_connected_components(sub)
                if len(c) > 1 or any(sub.has_edge(n, n) for n in c)}
    found = graphs.loops(graph, within)
    assert len(found) == len(set(found)) and set(found) == expected
    assert set(graphs.loops(graph)) == {frozenset(c) for c in nx.strongly_connected_components(g)
                                        if len(c) > 1 or any(g.has_edge(n, n) for n in c)}


@settings(max_examples=300, deadline=None)
@given(edge_lists)
def test_the_longest_path_of_a_graph_without_loops_agrees_with_networkx(edges):
    graph, g = _both((a, b) for a, b in edges if a < b)  # every edge forward: no loop
    assert graphs.longest_path(graph) == len(nx.dag_longest_path(g))


def test_a_long_chain_needs_no_recursion():
    chain = {f"n{i}": [f"n{i + 1}"] for i in range(5000)} | {"n5000": []}
    assert graphs.longest_path(chain) == 5001 and graphs.loops(chain) == []
    chain["n5000"] = ["n0"]
    assert [len(part) for part in graphs.loops(chain)] == [5001]
