"""Whatever the text, ``pipeline.analyse`` returns diagnostics (or success) and never
raises; every diagnostic it returns renders.  About 200 Hypothesis examples in all."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler import pipeline
from dsl.diagnostics import Diagnostic

REPO_ROOT = Path(__file__).resolve().parents[2]
SPEC_PATH = Path("specs/utopolis.rules")  # relative: the catalogue is found beside it
REAL = (REPO_ROOT / SPEC_PATH).read_text(encoding="utf-8")
LINES = REAL.splitlines(keepends=True)
WORD_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
WORDS = sorted(set(WORD_RE.findall(REAL)))
WORD_SPANS = [m.span() for m in WORD_RE.finditer(REAL)]

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                      HealthCheck.function_scoped_fixture])


@pytest.fixture(autouse=True)
def at_repo_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO_ROOT)


def assert_analyses(text: str) -> None:
    result = pipeline.analyse(SPEC_PATH, text=text)  # must not raise
    assert isinstance(result.diagnostics, list)
    for d in result.diagnostics:
        assert isinstance(d, Diagnostic)
        assert d.severity in ("error", "warning")
        assert d.render({str(SPEC_PATH): text})  # must not raise either
        d.to_json()
    if not result.ok:
        assert any(d.severity == "error" for d in result.diagnostics)


# ------------------------------------------------------------------ mutations of the real spec
@st.composite
def delete_line(draw) -> str:
    i = draw(st.integers(0, len(LINES) - 1))
    return "".join(LINES[:i] + LINES[i + 1:])


@st.composite
def duplicate_line(draw) -> str:
    i = draw(st.integers(0, len(LINES) - 1))
    return "".join(LINES[:i + 1] + LINES[i:])


@st.composite
def swap_lines(draw) -> str:
    i = draw(st.integers(0, len(LINES) - 1))
    j = draw(st.integers(0, len(LINES) - 1))
    lines = list(LINES)
    lines[i], lines[j] = lines[j], lines[i]
    return "".join(lines)


@st.composite
def delete_character(draw) -> str:
    i = draw(st.integers(0, len(REAL) - 1))
    return REAL[:i] + REAL[i + 1:]


@st.composite
def replace_word(draw) -> str:
    start, end = draw(st.sampled_from(WORD_SPANS))
    return REAL[:start] + draw(st.sampled_from(WORDS)) + REAL[end:]


MUTATIONS = st.one_of(delete_line(), duplicate_line(), swap_lines(), delete_character(),
                      replace_word())


@settings(max_examples=130, **SETTINGS)
@given(MUTATIONS)
def test_a_mutated_spec_never_raises(text: str):
    assert_analyses(text)


@settings(max_examples=30, **SETTINGS)
@given(st.lists(MUTATIONS, min_size=2, max_size=3))
def test_several_mutations_never_raise(texts: list[str]):
    # Apply a word replacement on top of another mutation's text.
    text = texts[0]
    for other in texts[1:]:
        spans = [m.span() for m in WORD_RE.finditer(text)]
        if spans:
            start, end = spans[len(other) % len(spans)]
            text = text[:start] + WORDS[len(other) % len(WORDS)] + text[end:]
    assert_analyses(text)


# ------------------------------------------------------------------ random text
@settings(max_examples=40, **SETTINGS)
@given(st.text(alphabet=st.characters(min_codepoint=9, max_codepoint=0x2FFF,
                                      blacklist_categories=("Cs",)), max_size=300))
def test_random_text_never_raises(text: str):
    assert_analyses(text)


@settings(max_examples=20, **SETTINGS)
@given(st.lists(st.sampled_from(WORDS + ["{", "}", "->", "=", ":", ",", ".", "(", ")", "1", "0",
                                          '"t"', "\n", "#"]), max_size=60))
def test_random_spec_words_never_raise(tokens: list[str]):
    assert_analyses(" ".join(tokens))


# ------------------------------------------------------------------ fixed edge cases
EDGE_CASES = [
    "", "\n", "\ufeff", "\x00", "}" * 50, "{" * 50, "game", 'game g "G" {', 'game g "G" {}',
    'game g "G" {}\nsetup {}\nflow {}',
    REAL + "\n" + REAL,              # everything declared twice
    REAL.replace("\n", "\r\n"),      # Windows line endings
    REAL.replace("  ", "\t"),        # tabs
    "\n".join(line for line in REAL.splitlines() if not line.lstrip().startswith(("source", "ruling"))),
    "(" * 200 + "1" + ")" * 200,
    "derived d \"D\" = " + "(" * 40 + "1" + ")" * 40 + " {\n}\n",
    "derived d \"D\" = " + "not " * 40 + "true {\n}\n",
]


@pytest.mark.parametrize("text", EDGE_CASES, ids=[f"case{i}" for i in range(len(EDGE_CASES))])
def test_edge_cases_never_raise(text: str):
    assert_analyses(text)


@pytest.mark.parametrize("expr", ["(" * 300 + "1" + ")" * 300, "not " * 1500 + "true"],
                         ids=["300 parentheses", "1500 nots"])
def test_deeply_nested_expression_never_raises(expr: str):
    assert_analyses(REAL + f'\nderived deep "Deep" = {expr} {{\n}}\n')
