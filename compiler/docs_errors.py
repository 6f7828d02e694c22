"""Docs backend for the error index: ``docs/errors.md`` from the code registry.

``render_errors_page()`` fills ``templates/docs/errors.md.j2`` with every entry
of :data:`dsl.codes.REGISTRY`, grouped by family, in code order.
"""

from __future__ import annotations

from itertools import groupby

from jinja2 import Environment, PackageLoader

from dsl.codes import MINIMAL_SPEC, REGISTRY, group_of


def render_errors_page() -> str:
    """The Markdown of ``docs/errors.md``: one section per code (title, severity, when it
    fires and how to fix it, an example), grouped by family (E00xx, E02xx...)."""
    env = Environment(loader=PackageLoader("compiler", "templates"), keep_trailing_newline=True,
                      trim_blocks=True, lstrip_blocks=True, autoescape=False)
    groups = [(title, list(codes)) for title, codes in
              groupby(sorted(REGISTRY, key=lambda c: c.code), key=lambda c: group_of(c.code))]
    return env.get_template("docs/errors.md.j2").render(groups=groups, minimal=MINIMAL_SPEC.rstrip(),
                                                       count=len(REGISTRY))
