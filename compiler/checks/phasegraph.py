"""Phase graphs: each mode's flow as a networkx MultiDiGraph, and the checks that
catch what rule edits break (codes E04xx), for every player count a mode allows.

Nodes are phase names plus ``start`` (setup) and ``end`` (the game is over);
edges are the flow's transitions, each carrying its spec span and condition.
An edge whose condition folds to false for a player count (``when false``,
``when players >= 3`` with 2 players, a param that is false in the mode; see
:mod:`compiler.analysis.constfold`) is *dead* for that count: kept in the graph and
pointed at, but never taken by the checks.  E0410: a loop whose every phase is
skipped (``only when`` folds to false) would go round with nobody playing.

A flow without problems is told apart in plain Python (:mod:`compiler.checks.graphs`);
networkx, slower to import than a spec is to check, is loaded only to report one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dsl import ast, codes
from dsl.diagnostics import Diagnostic, DiagnosticBag, Note, Report, did_you_mean
from compiler.analysis.constfold import Env, fold, mode_env, player_counts, players_words
from compiler.checks import graphs

if TYPE_CHECKING:
    import networkx as nx

START, END = "start", "end"


def _dead(edge: ast.Edge) -> bool:
    return isinstance(edge.condition, ast.Bool) and not edge.condition.value


def build_graph(mode) -> nx.MultiDiGraph:
    """The phase graph of a composed mode (parallel transitions are kept)."""
    import networkx as nx

    g = nx.MultiDiGraph()
    g.add_nodes_from([START, END, *mode.phases])
    for edge in mode.flow.edges if mode.flow else ():
        g.add_edge(edge.source.name, edge.dest.name, edge=edge, dead=_dead(edge))
    return g


def check_mode(mode, report: Report) -> None:
    """Check one mode's phase graph; ``report`` (a :class:`dsl.diagnostics.Report`)
    receives each problem."""
    flow = mode.flow
    if flow is None:
        return
    known = set(mode.phases) | {START, END}
    unknown = False
    for edge in flow.edges:
        for node in (edge.source, edge.dest):
            if node.name not in known:
                unknown = True
                report.error(codes.UNKNOWN_PHASE, f"flow names unknown phase `{node.name}`", node.span,
                             hint=did_you_mean(node.name, mode.phases, "phases"))
        if edge.dest.name == START:
            unknown = True
            report.error(codes.UNKNOWN_PHASE, "no transition may lead back to `start`", edge.dest.span,
                         hint="`start` is the setup, played once; lead to the round's first phase instead")
        if edge.source.name == END:
            unknown = True
            report.error(codes.UNKNOWN_PHASE, "no transition may leave `end`", edge.source.span,
                         hint="the game is over at `end`; remove this transition")
    if flow.round_start is not None and flow.round_start.name not in mode.phases:
        report.error(codes.UNKNOWN_PHASE, f"round starts at unknown phase `{flow.round_start.name}`",
                     flow.round_start.span, hint=did_you_mean(flow.round_start.name, mode.phases, "phases"))
    _transitions(mode, report)
    if unknown:  # reachability would only repeat the unknown names as cascades
        return
    _each_player_count(mode, report)


def _each_player_count(mode, report: Report) -> None:
    """E0402-E0404 for every player count the mode allows: a transition whose
    condition folds to false for a count (``when players == 1``, ``when false``, a
    param that is false in this mode) is not taken with that many players.  A
    problem found for some counts only names them."""
    counts = player_counts(mode) or [None]
    found: dict[Diagnostic, list] = {}
    conditions = [e.condition for e in mode.flow.edges if e.condition is not None]
    conditions += [p.only_when for p in mode.phases.values() if p.only_when is not None]
    by_folding: dict[tuple, list[Diagnostic]] = {}  # counts that fold every condition alike agree
    g = None
    for n in counts:
        env = mode_env(mode, n, ends=False)
        folding = tuple(fold(c, env) is False for c in conditions)
        if folding not in by_folding:
            problems = DiagnosticBag()
            if not _sound(mode, env):
                g = build_graph(mode) if g is None else g
                _reachability(mode, g, n, problems)
            by_folding[folding] = problems.items
        for problem in by_folding[folding]:
            found.setdefault(problem, []).append(n)
    for problem, ns in found.items():
        message = problem.message
        if None not in ns and set(ns) != set(counts):
            message = f"{message} with {players_words(ns)}"
        report.error(problem.code, message, problem.span, hint=problem.hint, notes=problem.notes)


def _dead_for(edge: ast.Edge, env: Env) -> bool:
    return edge.condition is not None and fold(edge.condition, env) is False


def _sound(mode, env: Env) -> bool:
    """Whether :func:`_reachability` would find nothing to report in the flow with the
    values of ``env``: the same questions, asked in plain Python."""
    live: dict[str, list[str]] = {name: [] for name in (START, END, *mode.phases)}
    for edge in mode.flow.edges:
        if not _dead_for(edge, env):
            live[edge.source.name].append(edge.dest.name)
    if not live[START]:
        return False
    reachable = graphs.reach(live, [START])
    preds = graphs.reverse(live)
    if any(name not in reachable and all(p in reachable or p == name for p in preds[name])
           for name in mode.phases) or END not in reachable:
        return False
    for loop in graphs.loops(live, reachable):
        if all(n in mode.phases and mode.phases[n].only_when is not None
               and fold(mode.phases[n].only_when, env) is False for n in loop):
            return False
    return not reachable - graphs.reach(preds, [END]) - {START}


def _reachability(mode, g: nx.MultiDiGraph, players: int | None, report: Report) -> None:
    """Report the reachability problems of the phase graph with ``players`` players."""
    import networkx as nx

    flow = mode.flow
    env = mode_env(mode, players, ends=False)  # an end that can never hold is E0409, not a cascade

    dead = {key for key in g.edges(keys=True) if _dead_for(g.edges[key]["edge"], env)}
    lv = nx.DiGraph()
    lv.add_nodes_from(g.nodes)
    lv.add_edges_from((a, b) for a, b, k in g.edges(keys=True) if (a, b, k) not in dead)

    def dead_notes(nodes: set[str]) -> list[Note]:
        return [Note("this transition can never be taken (`when false`)"
                     if _dead(g.edges[key]["edge"]) else
                     "this transition can never be taken (its condition is always false here)",
                     g.edges[key]["edge"].span)
                for key in g.edges(keys=True) if key in dead and key[0] in nodes]

    if lv.out_degree(START) == 0:
        report.error(codes.NO_WAY_TO_END, "the flow never leaves `start`, so no phase is ever played",
                     flow.span, hint="add the first transition, e.g. `start -> first_phase`",
                     notes=dead_notes({START}))
        return
    reachable = nx.descendants(lv, START) | {START}
    for name, phase in mode.phases.items():
        # report the first phase of each cut-off region, not every phase after it
        if name not in reachable and all(pred in reachable or pred == name
                                         for pred in lv.predecessors(name)):
            report.error(codes.UNREACHABLE_PHASE, f"phase `{name}` can never be reached from setup",
                         phase.span, hint=f"add a transition into it, e.g. `some_phase -> {name}` in `flow`",
                         notes=[Note("the flow is declared here", flow.span)])
    if END not in reachable:
        report.error(codes.NO_WAY_TO_END, "the end of the game can never be reached", flow.span,
                     hint="add a transition to `end`, e.g. `last_phase -> end when game_over`",
                     notes=dead_notes(set(g.nodes)))
    for loop in _loops(lv, reachable):
        skipped = [n for n in loop if n in mode.phases and mode.phases[n].only_when is not None
                   and fold(mode.phases[n].only_when, env) is False]
        if len(skipped) == len(loop):
            first = next(n for n in mode.phases if n in loop)
            order = " → ".join(_cycle_order(lv, loop))
            report.error(codes.LOOP_ALL_SKIPPED, f"every phase of the loop {order} is skipped (`only when`), "
                         "so the game would go round it and nobody would play", mode.phases[first].span,
                         hint="let one phase of the loop be played, or give the loop an exit that is taken",
                         notes=[Note(f"`{n}` is played only when this holds", mode.phases[n].only_when.span)
                                for n in mode.phases if n in loop][:4])
    finishing = nx.ancestors(lv, END) | {END}
    stuck = reachable - finishing - {START}
    reported_loops: set[frozenset] = set()
    loop_of = _loops_by_node(lv) if stuck else {}
    for name in [n for n in mode.phases if n in stuck]:
        loop = loop_of.get(name)
        if loop is None:
            if any(nxt in stuck for nxt in lv.successors(name)):
                continue  # it only leads into a stuck phase or loop, reported there
            report.error(codes.NO_WAY_TO_END, f"no way to the end of the game from phase `{name}`",
                         mode.phases[name].span, hint=f"add a transition out of `{name}`",
                         notes=dead_notes({name}))
            continue
        if loop in reported_loops:
            continue
        reported_loops.add(loop)
        first = next(n for n in mode.phases if n in loop)
        order = " → ".join(_cycle_order(lv, loop))
        report.error(codes.LOOP_WITHOUT_EXIT, f"the loop {order} has no exit", mode.phases[first].span,
                     hint="add a transition out of the loop, e.g. `... -> end when game_over`",
                     notes=dead_notes(set(loop)) + [
                         Note(f"transition {a} → {b}", d["edge"].span)
                         for a, b, d in g.edges(data=True) if a in loop and b in loop][:4])


def _transitions(mode, report: Report) -> None:
    """E0405/E0406: a phase needs exactly one unconditional transition out (the default)."""
    by_source: dict[str, list[ast.Edge]] = {}
    for edge in mode.flow.edges:
        by_source.setdefault(edge.source.name, []).append(edge)
    for edges in by_source.values():
        default = [e for e in edges if e.condition is None]
        for extra in default[1:]:
            report.error(codes.TWO_DEFAULT_TRANSITIONS,
                         f"phase `{extra.source.name}` has two transitions without a condition", extra.span,
                         hint="add `when ...` to all but one",
                         notes=[Note("the other one", default[0].span)])
        if not default:
            report.error(codes.NO_DEFAULT_TRANSITION, f"every transition out of `{edges[0].source.name}` has "
                         "a condition, so the game can get stuck when none holds", edges[0].span,
                         hint=_no_default_hint(mode, edges[0].source.name, edges))


def _no_default_hint(mode, source: str, edges: list[ast.Edge]) -> str:
    """What to write when no transition out of ``source`` is unconditional.  The common
    case, a beginner's `play -> end when game_over` alone, gets the two fixes spelt out:
    go on to the phase that opens the next round (``round starts at``, else the phase
    after ``start``, else ``source`` itself), or end without `when` if the end is
    `immediately`."""
    if all(e.dest.name == END for e in edges):
        after_start = [e.dest.name for e in mode.flow.edges
                       if e.source.name == START and e.condition is None and e.dest.name in mode.phases]
        rs = mode.flow.round_start
        nxt = rs.name if rs is not None and rs.name in mode.phases else (after_start or [source])[0]
        again = "play it again" if nxt == source else "play another round"
        return (f"`{source}` needs somewhere to go while the game goes on: add `{source} -> {nxt}` "
                f"to {again} until the game ends, or, if the game ends `immediately` (that is "
                f"checked after every action), write `{source} -> end` without `when`")
    return ("make one transition unconditional (the default): drop its `when`, and it is taken "
            "when no other one applies")


def _loops_by_node(g: nx.DiGraph) -> dict[str, frozenset]:
    """Each node on a loop (a strongly connected part with a cycle) → that loop."""
    import networkx as nx

    out: dict[str, frozenset] = {}
    for comp in nx.strongly_connected_components(g):
        loop = frozenset(comp)
        if len(loop) > 1 or any(g.has_edge(n, n) for n in loop):
            out.update(dict.fromkeys(loop, loop))
    return out


def _loops(g: nx.DiGraph, within: set[str]) -> list[frozenset]:
    """The loops (strongly connected parts with a cycle) among the nodes ``within``."""
    import networkx as nx

    sub = g.subgraph(within)
    return [frozenset(c) for c in nx.strongly_connected_components(sub)
            if len(c) > 1 or any(sub.has_edge(n, n) for n in c)]


def _cycle_order(g: nx.DiGraph, nodes) -> list[str]:
    import networkx as nx

    try:
        cycle = nx.find_cycle(g.subgraph(nodes))
        return [a for a, _ in cycle] + [cycle[0][0]]
    except nx.NetworkXNoCycle:
        return sorted(nodes)
