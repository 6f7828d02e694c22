"""Docs backend for the error index: ``docs/errors.md`` from the code registry.

``render_errors_page()`` fills ``templates/docs/errors.md.j2`` with every entry
of :data:`dsl.codes.REGISTRY`, grouped by family, in code order.
"""

from __future__ import annotations

import os
import tempfile
from itertools import groupby
from pathlib import Path

from dsl.codes import MINIMAL_SPEC, REGISTRY, Code, group_of

from compiler.docs import markdown as md


def example_output(code: Code) -> str:
    """The diagnostics of ``code`` that ``rulebook check`` prints for its example, rendered,
    with the example's files named ``example.rules`` and ``example.cards.yaml``; "" when
    the example is not spec text."""
    if not code.runnable:
        return ""
    from compiler import pipeline

    with tempfile.TemporaryDirectory() as folder:
        spec = Path(folder) / "example.rules"
        spec.write_text(code.example_spec(), encoding="utf-8")
        if code.cards is not None:
            (Path(folder) / "example.cards.yaml").write_text(code.cards, encoding="utf-8")
        result = pipeline.analyse(spec)
        text = "\n\n".join(d.render({d.span.path: result.source} if d.span.path.endswith(".rules")
                                    else None) for d in result.diagnostics if d.code == code.code)
        prefix = str(spec.parent) + os.sep
        return text.replace(prefix, "").replace(str(spec.parent.resolve()) + os.sep, "")


def render_errors_page() -> str:
    """The Markdown of ``docs/errors.md``: one section per code (title, severity, when it
    fires and how to fix it, an example and what `rulebook check` says about it), grouped
    by family (E00xx, E02xx...).  The registry's titles, explanations and prose examples
    are Markdown of ours; spec examples, card files and `rulebook check` output go in
    fences longer than any backtick run in them."""
    env = md.environment()
    groups = [(title, list(codes)) for title, codes in
              groupby(sorted(REGISTRY, key=lambda c: c.code), key=lambda c: group_of(c.code))]
    outputs = {c.code: example_output(c) for c in REGISTRY}
    return env.get_template("errors.md.j2").render(groups=groups, minimal=MINIMAL_SPEC.rstrip(),
                                                       count=len(REGISTRY), outputs=outputs)
