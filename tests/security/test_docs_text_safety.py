"""Spec text never becomes live Markdown, HTML or mermaid on a reference page: the
focused regressions of the docs side, and a real ``mkdocs build --strict``.

Each regression puts one payload in one place of the builder's spec
(:func:`tests.security.adversarial.spec_with_text_at`; plain texts elsewhere) or in
the spec's path, renders the page and converts it to HTML with Python-Markdown and
the extensions of ``mkdocs.yml``, then reads it with ``html.parser``
(:func:`~tests.security.adversarial.check_page`): the page must hold only the
elements and attributes the same page holds with plain texts, no script, no event
attribute, no link or image leaving the page, a phase graph made of our own mermaid
lines, and every text shown as written.  The property test that puts hostile texts
in every place at once is ``tests/security/test_text_is_data.py``.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from compiler.docs import flowchart
from compiler.analysis.compose import compose
from dsl.diagnostics import DiagnosticBag
from dsl.parser import parse_spec
from tests.security.adversarial import (MARKUP_PAYLOADS, MERMAID_LINE, PageHtml,
                                        check_page, fold, plain_texts, render_page, spec_with_text_at,
                                        spec_with_texts, text_places)

PATH = "specs/hostile.rules"


# ----------------------------------------------------------------- regressions, place by place
REGRESSIONS = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "[x](javascript:alert(1))",
    "![x](javascript:alert(1))",
    '<a href="javascript:alert(1)">x</a>',
    'Title {: onclick="alert(1)" }',
    "a ``` b",
    "a | b",
    'a"] --> B[click',
]
#: Places of the spec, by what the page makes of them (and the builder's name of each).
PLACES = {
    "game title": "game title",
    "rulebook": "rulebook name",
    "resource title (table)": "resource title",
    "resource source (table)": "resource source",
    "resource ruling": "resource ruling",
    "enum label": "enum member label",
    "field description (table)": "field description",
    "text literal (param value)": "text param value",
    "phase title (heading, mermaid)": "phase title",
    "phase provisional": "phase provisional",
    "action title": "action title",
    "action source": "action source",
    "action ruling": "action ruling",
    "ask option label": "ask option label",
    "tie-breaker label": "tie-breaker label",
    "mode title": "second mode title",
    "amendment citation": "amendment citation",
    "replaced rule title (superseded block)": "replaced action title",
}
CARD_PLACES = {"card title": "card title (YAML)", "card enum field": "card enum field (YAML)",
               "card bag key": "card bag key (YAML)", "card text field": "card text field (YAML)",
               "card source": "card source (YAML)", "card provisional field": "card provisional field (YAML)"}


def _place_and_payload() -> list:
    """Every payload in every place.  The default run keeps one payload per place, each
    payload in turn (so each is tried in two places or more, and every place once); the
    rest of the grid is marked slow (CI runs it).  ``test_every_payload_everywhere_at_once``
    puts the markup payloads of ``adversarial.py`` in every place at once, always."""
    cases = []
    for i, place in enumerate([*PLACES, *CARD_PLACES, "spec path"]):
        for j, payload in enumerate(REGRESSIONS):
            slow = () if j == i % len(REGRESSIONS) else pytest.mark.slow
            cases.append(pytest.param(place, payload, marks=slow, id=f"{place}-{payload}"))
    return cases


@pytest.mark.parametrize("place, payload", _place_and_payload())
def test_a_payload_in_one_place_stays_text(place, payload):
    if place == "spec path":
        spec, cards, places = spec_with_texts(plain_texts(len(text_places())))
    else:
        spec, cards, places = spec_with_text_at({**PLACES, **CARD_PLACES}[place], payload)
    path = payload if place == "spec path" else PATH
    check_page(render_page(spec, cards, path), places, path)


def _every_payload() -> list:
    """Each markup payload of ``adversarial.py``; the default run keeps one in four (the
    first, the fifth...), the rest are marked slow (CI runs them)."""
    return [pytest.param(payload, marks=() if i % 4 == 0 else pytest.mark.slow, id=f"payload{i}")
            for i, payload in enumerate(MARKUP_PAYLOADS)]


@pytest.mark.parametrize("payload", _every_payload())
def test_every_payload_everywhere_at_once(payload):
    one_line = payload.replace("\n", " ")
    spec, cards, places = spec_with_texts([one_line], names=[one_line])
    check_page(render_page(spec, cards, one_line), places, one_line)


def test_a_phase_title_cannot_add_mermaid_syntax():
    spec, cards, _ = spec_with_text_at("phase title", 'a"] --> B[click')
    page = render_page(spec, cards)
    graph = page.split("```mermaid\n")[1].split("\n```")[0]
    assert '  work["a#quot;] --#gt; B[click (if condition)"]' in graph.splitlines()
    assert graph.count("click") == 1 and graph.count('"') % 2 == 0


# ----------------------------------------------------------------- the real site
def test_mkdocs_builds_a_hostile_page_strictly_without_live_markup(tmp_path: Path):
    """``mkdocs build --strict`` with the repository's mkdocs.yml of a project holding a
    page of hostile texts and the same page with plain texts: the hostile page in the
    site holds no element or attribute the plain one lacks, no more scripts, no event
    attribute, no ``javascript:`` and a title that is not the spec's."""
    root = Path(__file__).resolve().parents[2]
    payloads = MARKUP_PAYLOADS[:9]
    docs = tmp_path / "docs" / "games"
    docs.mkdir(parents=True)
    (tmp_path / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    spec, cards, _ = spec_with_texts(payloads, names=payloads)
    (docs / "hostile.md").write_text(render_page(spec, cards, "<script>alert(1)</script>.rules"),
                                     encoding="utf-8")
    spec, cards, _ = spec_with_texts(plain_texts(len(text_places())))
    (docs / "plain.md").write_text(render_page(spec, cards), encoding="utf-8")
    config = (root / "mkdocs.yml").read_text(encoding="utf-8")
    config = config[:config.index("nav:")] + "nav:\n  - Home: index.md\n  - games/hostile.md\n" \
        "  - games/plain.md\n\n" + config[config.index("markdown_extensions:"):]
    (tmp_path / "mkdocs.yml").write_text(config, encoding="utf-8")

    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f",
                          str(tmp_path / "mkdocs.yml"), "-d", str(tmp_path / "site")],
                         capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert run.returncode == 0, run.stderr

    built = (tmp_path / "site" / "games" / "hostile" / "index.html").read_text(encoding="utf-8")
    hostile = PageHtml(built)
    reference = PageHtml((tmp_path / "site" / "games" / "plain" / "index.html").read_text(encoding="utf-8"))
    assert hostile.elements() <= reference.elements(), sorted(hostile.elements() - reference.elements())
    counted = ("script", "img", "iframe")
    assert Counter(t for t, _ in hostile.tags if t in counted) == \
        Counter(t for t, _ in reference.tags if t in counted)
    for tag, attrs in hostile.tags:
        for name, value in attrs.items():
            assert not name.lower().startswith("on"), (tag, attrs)
            assert "javascript:" not in (value or "").lower() and "alert(" not in (value or ""), (tag, attrs)
    assert "<script>alert(1)" not in built
    assert fold("<script>alert(1)</script>") in hostile.text()
    # mkdocs takes a page's title from its first element when that is the H1, and
    # mkdocs-material writes the title into <title> through `striptags`, which turns
    # &lt;script&gt; back into <script>: the page's first element is a comment, so the
    # title comes from nav (or the file's name), never from the spec.
    assert (docs / "hostile.md").read_text(encoding="utf-8").startswith("<!--")
    assert built.count("<title>") == 1 and "alert" not in built.split("<title>")[1].split("</title>")[0]


def test_a_phase_named_like_a_mermaid_word_gets_an_id_of_its_own():
    source, _, _ = spec_with_texts(plain_texts(len(text_places())))
    source = re.sub(r"\bwork\b", "click", source).replace("wrap_up", "style")
    spec, diagnostics = parse_spec(source, PATH)
    assert spec is not None, [d.message for d in diagnostics]
    graph = flowchart.mermaid(compose(spec, DiagnosticBag()).modes["standard"])
    assert "  phase_click --> phase_style" in graph
    assert '  phase_style -->|"condition"| phase_click' in graph
    for line in graph.split("\n"):
        assert MERMAID_LINE.fullmatch(line), line
