"""Each rule on a generated reference page is followed by its spec text, cut by
its span, in a collapsed ```rulebook block (the checks of one spec are in
:mod:`tests.helpers.spec_checks`, shared with ``tests/test_adding_a_game.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.analysis.compose import compose
from compiler.docs.codegen import render_game_page
from dsl import ast
from dsl.diagnostics import DiagnosticBag
from dsl.parser import parse_spec
from dsl.spans import Span, span_text
from tests.helpers.spec_checks import (assert_component_tables_show_spec_text, assert_rules_shown,
                                       excerpts, shown_rules)

ROOT = Path(__file__).resolve().parents[2]
SPECS = sorted((ROOT / "specs").glob("*.rules"))


def _spec_and_page(spec_path: Path) -> tuple[ast.Spec, str, str]:
    source = spec_path.read_text(encoding="utf-8")
    spec, diagnostics = parse_spec(source, f"specs/{spec_path.name}")
    assert spec is not None, diagnostics
    page = (ROOT / "docs" / "games" / f"{spec.items[0].name}.md").read_text(encoding="utf-8")
    return spec, source, page


@pytest.mark.parametrize("spec_path", SPECS, ids=[p.stem for p in SPECS])
def test_the_committed_page_shows_each_action_and_phase_as_written(spec_path: Path):
    spec, source, page = _spec_and_page(spec_path)
    assert_rules_shown(spec, source, f"specs/{spec_path.name}", page)


def test_a_large_spec_has_many_rules_shown():
    """The check above means something: Utópolis' page follows at least ten rules with
    their text (a small game such as Pig has fewer, and passes it too)."""
    spec, _, page = _spec_and_page(ROOT / "specs" / "utopolis.rules")
    assert len(shown_rules(spec)) >= 10
    assert len([k for k in excerpts(page) if k[0] == "specs/utopolis.rules"]) >= 10


def test_pages_rendered_without_the_source_have_no_excerpts():
    source = SPECS[0].read_text(encoding="utf-8")
    spec, _ = parse_spec(source, "specs/x.rules")
    composition = compose(spec, DiagnosticBag())
    assert "```rulebook" not in render_game_page(composition, [], {})
    with_source = render_game_page(composition, [], {}, {"specs/x.rules": source})
    assert len(excerpts(with_source)) >= len(composition.base.actions) + len(composition.base.phases)


def test_a_declaration_nested_in_a_mode_is_dedented():
    source = 'mode m "M" {\n  add param p "P" = 1 {\n    source "S"\n  }\n}\n'
    assert span_text(source, Span("x", 2, 7, 4, 4)) == 'param p "P" = 1 {\n  source "S"\n}'
    assert span_text(source, Span("x", 0, 0, 0, 0)) == ""
    assert span_text(source, Span("x", 9, 1, 9, 2)) == ""


@pytest.mark.parametrize("spec_path", SPECS, ids=[p.stem for p in SPECS])
def test_a_table_of_components_is_followed_by_their_spec_text(spec_path: Path):
    spec, source, page = _spec_and_page(spec_path)
    assert_component_tables_show_spec_text(spec, source, f"specs/{spec_path.name}", page)
