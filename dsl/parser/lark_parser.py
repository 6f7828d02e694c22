"""The Lark parser of the grammar (``dsl/grammar.lark``), its parser-table cache, and
the post-lexer that keeps words whole."""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

from lark import Lark, Token

from dsl import syntax_words

GRAMMAR = Path(__file__).resolve().parent.parent / "grammar.lark"


def grammar_cache(kind: str) -> str | bool:
    """Where Lark keeps the built parser tables of ``kind`` between runs (so a
    ``rulebook check`` on every save does not rebuild them: about 0.4 s), as Lark's
    ``cache`` option: a file under ``$XDG_CACHE_HOME/rulebook`` (``~/.cache``),
    or ``False`` when that folder cannot be made.  Lark checks a hash of the
    grammar and its options stored in the file and rebuilds on a mismatch."""
    folder = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "rulebook"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return str(folder / f"{kind}.lark")


class GluedKeyword(Exception):
    """A word the lexer split into a keyword and the rest (``moveb``: ``move`` + ``b``)."""

    def __init__(self, keyword: Token, rest: Token):
        super().__init__(f"{keyword}{rest}")
        self.keyword, self.rest = keyword, rest


class WholeWords:
    """A Lark post-lexer that keeps words whole.

    Lark's contextual lexer only tries the terminals the parser accepts next, so
    where a keyword is expected and a name is not, ``moveb`` would lex as the
    keyword ``move`` and the name ``b``.  Two word tokens with no gap between them
    can only come from such a split: this raises :class:`GluedKeyword` there."""

    always_accept = ()

    def process(self, stream):
        prev = None
        for tok in stream:
            if (prev is not None and prev.end_pos == tok.start_pos and _WORD.fullmatch(prev)
                    and _WORD_CHAR.match(tok)):
                raise GluedKeyword(prev, tok)
            prev = tok
            yield tok


_WORD = re.compile(r"[a-z_][a-z0-9_]*")
_WORD_CHAR = re.compile(r"[a-z0-9_]")


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark(GRAMMAR.read_text(encoding="utf-8"), parser="lalr", propagate_positions=True,
                maybe_placeholders=False, cache=grammar_cache("parser"), postlex=WholeWords())


def expected_words(expected: set[str], context: tuple[str, ...] = ()) -> str:
    """``{'NAME', 'RBRACE'}`` → ``"`}` or a name"``; ``context`` is the tokens before
    the error (``("phase",)`` makes the name "a phase name").  See :mod:`dsl.syntax_words`."""
    return syntax_words.expected_words(_parser(), expected, context)
