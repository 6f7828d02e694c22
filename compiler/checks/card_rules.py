"""Rules attached to cards, checked against the catalogues (construct 1): the rule each
card names, in each mode where its catalogue is used (E0620-E0623, at the YAML value);
cards' procedures that run themselves through ``do c.f(...)``, and derived values that
read themselves through cards' ``value`` fields (E0625).  A ``do c.f(...)`` whose rules
decide may be followed by more statements, which wait for the answer (construct 2: E0626
is retired; :mod:`compiler.analysis.waits`).

``check_mode(mode, cards, report)`` reads the loaded catalogue entries
(:func:`compiler.analysis.catalogue.load_catalogues`); the types and the spec's defaults
are checked by :class:`~compiler.checks.rule_fields.RuleFieldRules`.
"""

from __future__ import annotations

from dsl import ast, codes
from dsl.diagnostics import Note
from compiler.analysis import card_rules
from compiler.analysis import names as N
from compiler.analysis.card_rules import rule_names


def check_mode(mode, cards: list[dict], report) -> None:
    """Report the problems above in ``mode`` to ``report``."""
    if not card_rules.rule_fields(mode):
        return
    _named(mode, cards, report)
    runs = _runs(mode, cards)
    _cycles(mode, runs, report)
    _derived_cycles(mode, cards, report)


def _named(mode, cards: list[dict], report) -> None:
    """E0620-E0623 for each rule a card of ``mode``'s catalogues names, at its YAML value."""
    used = {c.name for c in mode.catalogues.values()}
    for card in cards:
        ctype = mode.card_types.get(card.get("_card_type"))
        if card.get("_catalogue") not in used or ctype is None:
            continue
        fields = {f.name: f for f in ctype.fields}
        for name, span in card.get("_rule_spans", {}).items():
            problem = card_rules.rule_problem(mode, fields[name], card.get(name))
            if problem is not None:
                report.error(problem.code, f"card `{card['name']}`: {problem.message}", span,
                             hint=problem.hint, notes=list(problem.notes))


def _card_rule_calls(stmts):
    """Every ``do c.f(...)`` and ``do p(...)`` in ``stmts``, nested blocks included."""
    for node in ast.walk(stmts):
        if isinstance(node, (ast.DoCardRule, ast.DoProcedure)):
            yield node


def _runs(mode, cards: list[dict]) -> dict[str, list[tuple[str, object]]]:
    """Procedure → the procedures it may run, each with the statement that runs it: a
    ``do p(...)`` runs ``p``; a ``do c.f(...)`` runs every procedure field ``f`` names
    (its default and every card's), as design construct 1 counts it."""
    by_field: dict[str, list[str]] = {}
    for ct in mode.card_types.values():
        for f in ct.fields:
            if N.rule_kind(f) == "procedure":
                by_field.setdefault(f.name, []).extend(rule_names(mode, f, cards))
    out: dict[str, list[tuple[str, object]]] = {}
    for proc in mode.procedures.values():
        out[proc.name] = []
        for call in _card_rule_calls(proc.effect):
            names = [call.procedure.name] if isinstance(call, ast.DoProcedure) \
                else by_field.get(call.field.name, [])
            out[proc.name] += [(n, call) for n in names if n in mode.procedures]
    return out


def _cycles(mode, runs, report) -> None:
    """E0625: procedures that run one another in a loop through a card's rule (loops of
    plain ``do p(...)`` alone are E0206's, reported by the cycle check)."""
    import networkx as nx

    graph = nx.DiGraph()
    for proc, calls in runs.items():
        graph.add_node(proc)
        for callee, call in calls:
            card_edge = isinstance(call, ast.DoCardRule)
            if not graph.has_edge(proc, callee) or card_edge:
                graph.add_edge(proc, callee, call=call, card=card_edge)
    order = list(mode.procedures)
    for part in sorted(nx.strongly_connected_components(graph), key=lambda p: min(order.index(n) for n in p)):
        sub = graph.subgraph(part)
        if not any(d["card"] for _, _, d in sub.edges(data=True)):
            continue
        plain = nx.DiGraph([(a, b) for a, b, d in sub.edges(data=True) if not d["card"]])
        if plain.number_of_edges() and not nx.is_directed_acyclic_graph(plain):
            continue  # E0206 reports that loop
        first = min(part, key=order.index)
        cycle = [a for a, _ in nx.find_cycle(sub, source=first)]
        report.error(codes.CARD_RULE_CYCLE, "procedures run one another in a loop through cards' rules: "
                     + " → ".join(cycle + cycle[:1]), mode.procedures[first].span,
                     hint="a card's rule cannot run the same field again; run the other cards' rules from "
                     "outside them",
                     notes=[Note(f"`{a}` runs `{b}` here", graph.edges[a, b]["call"].span)
                            for a, b in zip(cycle, cycle[1:] + cycle[:1])])


def _derived_cycles(mode, cards: list[dict], report) -> None:
    """E0625: a derived value that reads a card's ``value`` or ``condition`` field (``e.f``,
    ``(...).f``, or ``f`` of the card in context) whose cards name that derived value
    again, directly or through others: the engine would work it out for ever."""
    import networkx as nx

    fields = {f.name: f for ct in mode.card_types.values() for f in ct.fields
              if N.rule_kind(f) in ("value", "condition")}
    if not fields:
        return
    graph = nx.DiGraph()
    for d in mode.derived.values():
        graph.add_node(d.name)
        for node in ast.walk(d.expr):
            read = node.attr if isinstance(node, (ast.Attribute, ast.FieldOf)) else \
                node.name if isinstance(node, ast.Name) else None
            if read in fields:
                for name in rule_names(mode, fields[read], cards):
                    if name in mode.derived:
                        graph.add_edge(d.name, name, span=node.span)
            elif read in mode.derived:
                graph.add_edge(d.name, read, span=node.span, plain=True)
    order = list(mode.derived)
    for part in sorted(nx.strongly_connected_components(graph), key=lambda p: min(order.index(n) for n in p)):
        sub = graph.subgraph(part)
        if sub.number_of_edges() == 0 or all(d.get("plain") for _, _, d in sub.edges(data=True)):
            continue  # no loop, or one E0206 reports
        first = min(part, key=order.index)
        cycle = [a for a, _ in nx.find_cycle(sub, source=first)]
        report.error(codes.CARD_RULE_CYCLE, "derived values read one another in a loop through cards' rules: "
                     + " → ".join(cycle + cycle[:1]), mode.derived[first].span,
                     hint="a card's value cannot read the same field of the cards again",
                     notes=[Note(f"`{a}` reads `{b}` here", graph.edges[a, b]["span"])
                            for a, b in zip(cycle, cycle[1:] + cycle[:1])])
