"""English for a value chosen in the middle of an effect (``choose k: knowledge where
...``, ``choose n: 1 to 3``, ``choose q: other player``, ``choose x: 2 of water, gold``):
"Choose *k*, a knowledge type such that ...".  The domain is worded as an action's
choice of that domain is (:data:`DOMAIN_RENDERERS`).  Design: ``design/language/README.md``
› Construct 2 (e).  The renderer joins :data:`STMT_RENDERERS`."""

from __future__ import annotations

from dsl import ast
from compiler.docs.english.expressions import Voice, _domain
from compiler.docs.english.glossary import plain
from compiler.docs.english.statements import STMT_RENDERERS, chosen


def _choose_value(node: ast.ChooseValue, v: Voice) -> list[str]:
    c = node.choice
    verb = "You may choose" if node.optional else "Choose"
    return chosen(f"{verb} {plain(c.name)}, {_domain(c.domain, v, c.name)}", node, v)


STMT_RENDERERS[ast.ChooseValue] = _choose_value
