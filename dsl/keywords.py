"""The keywords of the language, read from ``grammar.lark`` so they cannot drift.

A keyword is any lower-case word the grammar quotes, in a rule (``"phase"``) or
in a named terminal (``ZONE_KIND: "deck" | "zone"``).  Tools that need the word
list (the Pygments lexer, the fuzzer) import it from here.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

GRAMMAR = Path(__file__).with_name("grammar.lark")

_QUOTED_WORD = re.compile(r'"([a-z_]+)"')
_DECLARATION = re.compile(r'^\w+:\s*"([a-z_]+)"\s+NAME\b', re.M)


def _grammar_code() -> str:
    """The grammar without its ``//`` comments (they may quote words too)."""
    return "\n".join(line.split("//", 1)[0] for line in GRAMMAR.read_text(encoding="utf-8").splitlines())


@lru_cache(maxsize=1)
def keywords() -> frozenset[str]:
    """Every keyword of the grammar: ``{"action", "actions", "add", ...}``."""
    return frozenset(_QUOTED_WORD.findall(_grammar_code()))


@lru_cache(maxsize=1)
def declaration_keywords() -> frozenset[str]:
    """Keywords that open a named declaration (``phase NAME ...``, ``end NAME {``), plus
    the zone kinds ``deck`` and ``zone``, whose rule starts with a terminal."""
    return frozenset(_DECLARATION.findall(_grammar_code())) | {"deck", "zone"}
