"""What the suite asserts of every spec of a project, as functions of one spec, so that
the shipped specs (``tests/docs/test_spec_excerpts.py``, ``tests/compiler/test_mutate.py``)
and a project with one more game (``tests/test_adding_a_game.py``) are held to the same
checks.  None assumes a large spec: a small complete game such as Pig
(``docs/examples/pig.rules``: no resources, no cards, a dozen declarations) passes them;
the floors that only make sense for a large spec apply to large specs only.
"""

from __future__ import annotations

import re
from pathlib import Path

from compiler.tools import mutate
from dsl import ast
from dsl.spans import Span

#: A spec with at least this many top-level declarations is large (Utópolis has 54,
#: Euphoria 98, Pig 12): its mutations must number at least :data:`LARGE_MUTATIONS`.
LARGE_SPEC = 30
LARGE_MUTATIONS = 50
#: A spec with at least this many mutations has its fixed quarter of them (one in four)
#: checked, and the quarter is then at least 12.
SAMPLED_FLOOR = 48

EXCERPT_RE = re.compile(r'^\?\?\? example "Spec source: (?P<path>[^":]+):(?P<line>\d+)"\n\n'
                        r"    ```rulebook\n(?P<body>.*?)\n    ```$", re.M | re.S)


def excerpts(page: str) -> dict[tuple[str, int], str]:
    """(path, line) → the excerpt's text, unindented."""
    return {(m["path"], int(m["line"])): "\n".join(line[4:] for line in m["body"].split("\n"))
            for m in EXCERPT_RE.finditer(page)}


def cut(source: str, span: Span) -> str:
    """A top-level declaration's text: whole lines, the last one cut at the span's end."""
    lines = source.splitlines()[span.line - 1:span.end_line]
    lines[-1] = lines[-1][:span.end_column - 1]
    return "\n".join(lines)


def shown_rules(spec: ast.Spec) -> list:
    """The declarations a page follows with their spec text: actions, phases, procedures, ends."""
    return [d for d in spec.items if isinstance(d, (ast.Action, ast.Phase, ast.Procedure, ast.End))]


def assert_rules_shown(spec: ast.Spec, source: str, label: str, page: str) -> None:
    """Every action, phase, procedure and end of ``spec`` (read from ``source``, named
    ``label`` as in ``specs/pig.rules``) is followed on ``page`` by its text as written."""
    shown = excerpts(page)
    for decl in shown_rules(spec):
        key = (label, decl.span.line)
        assert key in shown, f"no excerpt for {type(decl).__name__} {decl.name}"
        assert shown[key] == cut(source, decl.span)
        assert shown[key].startswith(("action ", "phase ", "procedure ", "end ")) and shown[key].endswith("}")


def assert_component_tables_show_spec_text(spec: ast.Spec, source: str, label: str, page: str) -> None:
    """The table of resources, and that of tracks, is followed by the spec text of each
    row, one block per table; a spec without resources (or tracks) has no table and no
    block for them."""
    for kind, heading in ((ast.Resource, "### Resources"), (ast.Track, "### Tracks")):
        decls = [d for d in spec.items if isinstance(d, kind)]
        if not decls:
            assert heading + "\n" not in page, f"{heading} shown for a spec that has none"
            continue
        lines = ", ".join(str(d.span.line) for d in decls)
        title = f'??? example "Spec source: {label}:{lines}"\n\n    ```rulebook\n'
        assert title in page, f"no spec text after the table under {heading}"
        section = page[page.index(title) + len(title):]
        block = section[:section.index("\n    ```\n")]
        assert [chunk.replace("\n    ", "\n") for chunk in block[4:].split("\n\n    ")] == \
            [cut(source, d.span) for d in decls]


def assert_mutations_are_sound(spec: ast.Spec, muts: list[mutate.Mutation]) -> None:
    """Each category is one of :data:`mutate.CATEGORIES`, at most
    :data:`mutate.PER_CATEGORY` times; a large spec has at least :data:`LARGE_MUTATIONS`.
    (That every category applies is asserted over all the specs together: a small game
    has no hidden zone to expose, or no bag to mistype.)"""
    found = {m.category for m in muts}
    assert found <= set(mutate.CATEGORIES), found - set(mutate.CATEGORIES)
    assert all(sum(m.category == c for m in muts) <= mutate.PER_CATEGORY for c in found)
    assert muts, "no mutation applies"
    if len(spec.items) >= LARGE_SPEC:
        assert len(muts) >= LARGE_MUTATIONS


def stratified(muts: list[mutate.Mutation], per_category: int = 1) -> list[mutate.Mutation]:
    """A bounded sample of ``muts`` that hits every category they have: at most
    ``per_category`` mutants of each, spread evenly over that category's mutants (the
    first of each with 1), in the order of ``muts``."""
    groups: dict[str, list[mutate.Mutation]] = {}
    for m in muts:
        groups.setdefault(m.category, []).append(m)
    chosen = {id(m) for group in groups.values()
              for m in group[::max(1, -(-len(group) // per_category))][:per_category]}
    return [m for m in muts if id(m) in chosen]


def estimated_share_caught(report: mutate.Report, muts: list[mutate.Mutation]) -> float:
    """The share (percent) of all of ``muts`` that the checks catch, estimated from
    ``report`` (a run of a :func:`stratified` sample): each category's share caught in
    the sample, weighted by its number of mutants in ``muts``."""
    total = {c: sum(m.category == c for m in muts) for c in mutate.CATEGORIES}
    share = 0.0
    for category, n in total.items():
        tried = [o for o in report.outcomes if o.mutation.category == category]
        if n:
            assert tried, f"no mutant of {category} in the sample"
            share += n * sum(o.caught for o in tried) / len(tried)
    return 100.0 * share / len(muts)


def assert_checks_catch_mutations(path: Path, muts: list[mutate.Mutation],
                                  every: bool = False, sample: str = "quarter") -> mutate.Report:
    """The checks catch at least 95 % of ``muts`` and put the first diagnostic of at
    least half of those tried on the edited line; returns the report.  Which mutants are
    tried: ``sample="quarter"``, a fixed quarter (one in four; all of them when there are
    fewer than :data:`SAMPLED_FLOOR`), the share caught measured on them;
    ``sample="stratified"``, the quick suite's :func:`stratified` sample (one mutant of
    each category), the share caught estimated per category
    (:func:`estimated_share_caught`); ``every``, all of them."""
    if every:
        chosen = muts
    elif sample == "stratified":
        chosen = stratified(muts)
    else:
        chosen = muts[::4] if len(muts) >= SAMPLED_FLOOR else muts
    report = mutate.run(path, chosen)
    assert report.tried == len(chosen)
    misses = [f"{o.mutation.category}: {o.mutation.description}" for o in report.misses]
    if chosen is muts or sample != "stratified":
        if len(muts) >= SAMPLED_FLOOR:
            assert report.tried >= 12
        assert report.share("caught") >= 95, misses
    else:
        assert {o.mutation.category for o in report.outcomes} == {m.category for m in muts}
        assert estimated_share_caught(report, muts) >= 95, misses
    assert report.count("right_line") >= report.tried // 2
    return report
