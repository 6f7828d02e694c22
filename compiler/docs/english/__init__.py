"""The English backend: every AST node as rulebook prose for the reference pages.

"One construct, two backends": the engine generator turns a node into Python,
this package turns the same node into English, so the reference cannot drift
from the engine.  Entry points, all taking an optional naming context
``names`` (a :class:`Names`, or any ``dict`` of name → title):

- ``expr(node, names) -> str``: an expression or zone as a phrase;
- ``stmt(node, names) -> list[str]``: a statement as Markdown bullet lines;
- ``domain(node, names, var) -> str``: what an action's choice ranges over;
- ``action``, ``phase``, ``trigger``, ``setup``, ``end``, ``tally``, ``decl``
  ``(decl, names) -> list[str]``: declarations as Markdown lines, provenance last.

``names_for(mode, ...)`` builds the naming context from composed modes.
``EXPR_RENDERERS``/``STMT_RENDERERS``/``DOMAIN_RENDERERS``/``DECL_RENDERERS`` map node
classes to their renderers (``tests/test_handlers.py`` checks every node class has one,
or a reason not to).
"""

from compiler.docs.english.declarations import (DECL_RENDERERS, PHASE_KINDS, VISIBILITY, action, admonition,
                                           decl, derived, end, enum, flow, overflow, param, paragraphs,
                                           phase, procedure, provenance, resource, scope_words, setup,
                                           several_ends,
                                           sources, tally, tally_limit, title, track, trigger, zone_decl)
from compiler.docs.english.expressions import (COMPARISONS, DOMAIN_RENDERERS, EXPR_RENDERERS, card_noun,
                                               domain, expr, join, type_noun, zone)
from compiler.docs.english.declarations import dice, dice_words, stock, stock_words
from compiler.docs.english.declarations import card_rules, kept_words, piece_count, piece_kind
from compiler.docs.english.glossary import Names, as_names, names_for, plain
from compiler.docs.english.statements import INDENT, STMT_RENDERERS, stmt, stmts
from compiler.docs.english import taking as _taking  # noqa: F401  (registers construct 3's renderers)
from compiler.docs.english import value_choices as _value_choices  # noqa: F401  (registers its renderer)

__all__ = [
    "COMPARISONS", "DECL_RENDERERS", "DOMAIN_RENDERERS", "EXPR_RENDERERS", "INDENT", "Names", "PHASE_KINDS",
    "STMT_RENDERERS", "VISIBILITY", "action", "admonition", "as_names", "card_noun", "decl", "derived",
    "domain", "end", "enum", "expr", "flow", "join", "names_for", "overflow", "param", "paragraphs",
    "phase", "procedure", "plain", "provenance", "resource", "scope_words", "setup", "several_ends",
    "sources", "stmt", "stmts",
    "tally", "tally_limit", "title", "track", "trigger", "type_noun", "zone", "zone_decl",
    "dice", "dice_words", "stock", "stock_words", "card_rules", "kept_words", "piece_count", "piece_kind",
]
