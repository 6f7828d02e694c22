"""Titles joined with a sentence's determiner: no "the the", "their your", "a int".

Spec titles are data and some carry their own article ("the TZ card shown",
"your Warp tiles", "on the location"); the English renderer drops it where the
sentence supplies one (``compiler/docs/english/determiners.py``).  The page test
renders every shipped spec, so the next game is held to it too.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from compiler.docs.codegen import render_game_page
from compiler.docs.english.determiners import article, bare, determined, type_word
from compiler.docs.markdown import Markdown
from compiler.pipeline import analyse

ROOT = Path(__file__).resolve().parents[2]
SPECS = sorted((ROOT / "specs").glob("*.rules"))

#: Doubled determiners a page must never show outside its code blocks.
DOUBLED = re.compile(r"\b(?:the|your|their) (?:the|your|their) |\bin the (?:on|in|at) the |"
                     r"\ba (?:int|bool|str)\b|\(a [aeiou]\w*\)", re.I)


#: A name with underscores read raw in prose (a chosen value reads "kind wanted" where
#: it is chosen and where it is used, as every name without a title does).
RAW_NAME = re.compile(r"\b[a-z]+_[a-z_]+\b")


@pytest.mark.parametrize(("det", "title", "expected"), [
    ("the", "the TZ card shown", "the TZ card shown"),
    ("the", "on the location", "the location"),
    ("their", "your Path board", "their Path board"),
    ("your", "the Chronoship on the location", "your Chronoship on the location"),
    ("your", "your Warp tiles", "your Warp tiles"),
    ("the", "Timeline", "the Timeline"),
    ("a", "ability", "an ability"),
    ("a", "location", "a location"),
    ("an", "tile", "a tile"),
    ("", "your Warp tiles", "your Warp tiles"),
    ("the", "whether the Impact has occurred", "whether the Impact has occurred"),
])
def test_determined_joins_one_determiner(det, title, expected):
    assert determined(det, title) == expected


def test_bare_keeps_markdown_and_a_title_that_is_only_an_article():
    stripped = bare(Markdown("the Timeline"))
    assert stripped == "Timeline" and isinstance(stripped, Markdown)
    assert bare("the") == "the"
    assert bare("theatre") == "theatre"  # a word, not an article


def test_article_and_type_words():
    assert article("*orange*") == "an"
    assert article("number") == "a"
    assert type_word("int") == "number"
    assert type_word("location") == "location"


def _prose(page: str) -> str:
    """``page`` without its fenced code blocks and inline code spans."""
    page = re.sub(r"^(\s*)```.*?^\1```", "", page, flags=re.S | re.M)
    return re.sub(r"`[^`\n]*`", "", page)


@pytest.mark.parametrize("spec_path", SPECS, ids=[p.stem for p in SPECS])
def test_no_doubled_determiner_on_any_shipped_page(spec_path):
    result = analyse(spec_path)
    assert result.ok and result.composition is not None, result.diagnostics
    composition = result.composition
    page = render_game_page(composition, result.cards,
                            {name: "flowchart TD\n  a --> b" for name in composition.modes})
    prose = _prose(page)
    found = sorted({m.group(0).lower() for m in DOUBLED.finditer(prose)})
    assert found == [], found
    opening = ("- **", "- Choose", "- You may")
    choices = [line for line in prose.splitlines() if line.lstrip().startswith(opening)]
    raw = sorted({m.group(0) for line in choices for m in RAW_NAME.finditer(line)})
    assert raw == [], raw
