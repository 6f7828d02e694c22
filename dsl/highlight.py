"""Syntax highlighting of specs: a Pygments lexer for the rulebook language.

Registered as the Pygments lexer ``rulebook`` (aliases ``rules``; files
``*.rules``) through the ``pygments.lexers`` entry point in ``pyproject.toml``,
so Markdown fences ```` ```rulebook ```` are highlighted on the docs site.
The keyword list is read from the grammar (:mod:`dsl.keywords`), so a new
keyword is highlighted as soon as the grammar has it.

Tokens: keywords (``Keyword``; ``Keyword.Declaration`` for those that open a
declaration, ``Keyword.Constant`` for ``true``/``false``/``none``), the name a
declaration introduces (``Name.Class`` for components and modes,
``Name.Function`` for phases, actions, triggers, procedures and ends), the
rulebook citations and notes after ``source``/``ruling``/``provisional``/
``rulebook`` (``String.Doc``), other texts (``String``), numbers, comments,
operators and punctuation.
"""

from __future__ import annotations

import re

from pygments.lexer import RegexLexer, bygroups
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Whitespace

from dsl.keywords import declaration_keywords, keywords

NAME = r"[A-Za-z_][A-Za-z0-9_]*"
STRING = r'"(?:[^"\\\n]|\\.)*"'

#: Declarations whose name is a rule (rendered as a function) rather than a component.
RULE_DECLARATIONS = frozenset({"phase", "action", "trigger", "procedure", "end"})
METADATA = ("source", "ruling", "provisional", "rulebook")
CONSTANTS = ("true", "false", "none")


def _alt(options) -> str:
    """A regex group matching any of ``options`` as a whole word."""
    return r"\b(" + "|".join(re.escape(w) for w in sorted(options, key=lambda w: (-len(w), w))) + r")\b"


def _declaration(kinds, token):
    """``kind NAME`` followed by its title (or, for ``end``, its block)."""
    return _alt(kinds) + rf"(\s+)({NAME})(?=\s*[\"{{(])", bygroups(Keyword.Declaration, Whitespace, token)


class RulebookLexer(RegexLexer):
    """Pygments lexer for rulebook specs (``*.rules``)."""

    name = "rulebook"
    aliases = ["rulebook", "rules"]
    filenames = ["*.rules"]
    mimetypes = ["text/x-rulebook"]

    _declarations = declaration_keywords()
    _keywords = keywords()

    tokens = {
        "root": [
            (r"\s+", Whitespace),
            (r"#[^\n]*", Comment.Single),
            (_alt(METADATA) + rf"(\s+)({STRING})",
             bygroups(Keyword, Whitespace, String.Doc)),
            _declaration(_declarations - RULE_DECLARATIONS, Name.Class),
            _declaration(_declarations & RULE_DECLARATIONS, Name.Function),
            (r"\b(remove)(\s+)" + _alt(_declarations) + rf"(\s+)({NAME})",
             bygroups(Keyword, Whitespace, Keyword.Declaration, Whitespace, Name)),
            (rf"\b(field|state)(\s+)({NAME})(?=\s*:)", bygroups(Keyword, Whitespace, Name.Attribute)),
            (rf"\b(choose|let)(\s+)({NAME})(?=\s*[:=])", bygroups(Keyword, Whitespace, Name.Variable)),
            (rf"\b(each)(\s+)({NAME})(?=\s+in\b)", bygroups(Keyword, Whitespace, Name.Variable)),
            (rf"\b(do)(\s+)({NAME})", bygroups(Keyword, Whitespace, Name.Function)),
            (rf"(\.)({NAME})", bygroups(Punctuation, Name.Attribute)),
            (rf"(->)(\s*)({NAME})", bygroups(Operator, Whitespace, Name)),
            (rf"{NAME}(?=\s*->)", Name),
            (STRING, String),
            (_alt(CONSTANTS), Keyword.Constant),
            (_alt(_keywords), Keyword),
            (rf"{NAME}(?=\()", Name.Function),
            (NAME, Name),
            (r"[0-9]+", Number.Integer),
            (r"->|==|!=|<=|>=|//|[<>=+\-*%]", Operator),
            (r"[{}()\[\],:.?]", Punctuation),
        ],
    }
