"""When the engines check the ends of a game, as fields of a mode's rules: after which
actions an end's condition can change (from :mod:`compiler.engine.touches`), whether
answering a question inside an effect can change one, and which end a transition into
``end`` names.

Split from :mod:`compiler.engine.codegen` (issue 9's size rule), which writes these
fields into each mode's ``Rules``.
"""

from __future__ import annotations

from compiler.engine.mode_tables import names_tuple
from compiler.engine.pyquote import literal
from compiler.engine.touches import end_after, end_after_answer
from dsl import ast


def _end_after(mode):
    """The ``end_after`` field of a mode's rules: the names of the actions after which
    the ends' conditions are checked (the union over the ends of
    :func:`compiler.engine.touches.end_after`), or None (after every action)."""
    union: set[str] = set()
    for end in mode.ends.values():
        if end.when is not None:
            after = end_after(mode, end.when)
            if after is None:
                return literal(None)
            union.update(after)
    return names_tuple(tuple(sorted(union))) if union else literal(None)


def _end_after_answer(mode) -> bool:
    """The ``end_after_answer`` field: whether some end's condition may change when a
    question inside an effect is answered (True when no end has a condition)."""
    conditions = [end.when for end in mode.ends.values() if end.when is not None]
    return not conditions or any(end_after_answer(mode, c) for c in conditions)


def _end_named(mode, edge: ast.Edge) -> str | None:
    """The end a transition into ``end`` names in its condition (the first of the mode's
    ends, in the order written, whose name the condition reads), which then decides who
    wins; None when it names none."""
    if edge.condition is None:
        return None
    read = {n.name for n in ast.walk(edge.condition) if isinstance(n, ast.Name)}
    return next((name for name in mode.ends if name in read), None)
