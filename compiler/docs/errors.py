"""Docs backend for the error index: ``docs/errors.md`` from the code registry.

``render_errors_page(outputs)`` fills ``templates/errors.md.j2`` with every entry
of :data:`dsl.codes.REGISTRY`, grouped by family, in code order; the build driver
(:mod:`compiler.build`) compiles the examples.
"""

from __future__ import annotations

from itertools import groupby

from dsl.codes import MINIMAL_SPEC, REGISTRY, group_of

from compiler.docs import markdown as md


def render_errors_page(outputs: dict[str, str]) -> str:
    """The Markdown of ``docs/errors.md``: one section per code (title, severity, when it
    fires and how to fix it, an example and what `rulebook check` says about it), grouped
    by family (E00xx, E02xx...).  The registry's titles, explanations and prose examples
    are Markdown of ours; spec examples, card files and `rulebook check` output go in
    fences longer than any backtick run in them.  ``outputs`` maps each code to what
    `rulebook check` says about its example ("" for none), as
    :func:`compiler.build.example_output` renders it."""
    env = md.environment()
    groups = [(title, list(codes)) for title, codes in
              groupby(sorted(REGISTRY, key=lambda c: c.code), key=lambda c: group_of(c.code))]
    return env.get_template("errors.md.j2").render(groups=groups, minimal=MINIMAL_SPEC.rstrip(),
                                                       count=len(REGISTRY), outputs=outputs)
