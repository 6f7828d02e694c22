"""Each rule on a generated reference page is followed by its spec text, cut by
its span, in a collapsed ```rulebook block."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from compiler.analysis.compose import compose
from compiler.docs.codegen import render_game_page
from dsl import ast
from dsl.diagnostics import DiagnosticBag
from dsl.parser import parse_spec
from dsl.spans import Span, span_text

ROOT = Path(__file__).resolve().parents[2]
SPECS = sorted((ROOT / "specs").glob("*.rules"))
EXCERPT_RE = re.compile(r'^\?\?\? example "Spec source: (?P<path>[^":]+):(?P<line>\d+)"\n\n'
                        r"    ```rulebook\n(?P<body>.*?)\n    ```$", re.M | re.S)


def excerpts(page: str) -> dict[tuple[str, int], str]:
    """(path, line) → the excerpt's text, unindented."""
    return {(m["path"], int(m["line"])): "\n".join(line[4:] for line in m["body"].split("\n"))
            for m in EXCERPT_RE.finditer(page)}


def cut(source: str, span: Span) -> str:
    """A top-level declaration's text: whole lines, the last one cut at the span's end."""
    lines = source.splitlines()[span.line - 1:span.end_line]
    lines[-1] = lines[-1][:span.end_column - 1]
    return "\n".join(lines)


@pytest.mark.parametrize("spec_path", SPECS, ids=[p.stem for p in SPECS])
def test_the_committed_page_shows_each_action_and_phase_as_written(spec_path: Path):
    source = spec_path.read_text(encoding="utf-8")
    spec, diagnostics = parse_spec(source, f"specs/{spec_path.name}")
    assert spec is not None, diagnostics
    page = (ROOT / "docs" / "games" / f"{spec.items[0].name}.md").read_text(encoding="utf-8")
    shown = excerpts(page)
    rules = [d for d in spec.items if isinstance(d, (ast.Action, ast.Phase, ast.Procedure, ast.End))]
    assert len(rules) >= 10
    for decl in rules:
        key = (f"specs/{spec_path.name}", decl.span.line)
        assert key in shown, f"no excerpt for {type(decl).__name__} {decl.name}"
        assert shown[key] == cut(source, decl.span)
        assert shown[key].startswith(("action ", "phase ", "procedure ", "end ")) and shown[key].endswith("}")


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
    source = spec_path.read_text(encoding="utf-8")
    spec, _ = parse_spec(source, f"specs/{spec_path.name}")
    page = (ROOT / "docs" / "games" / f"{spec.items[0].name}.md").read_text(encoding="utf-8")
    resources = [d for d in spec.items if isinstance(d, ast.Resource)]
    lines = ", ".join(str(r.span.line) for r in resources)
    title = f'??? example "Spec source: specs/{spec_path.name}:{lines}"\n\n    ```rulebook\n'
    section = page[page.index(title) + len(title):]
    block = section[:section.index("\n    ```\n")]
    assert [chunk.replace("\n    ", "\n") for chunk in block[4:].split("\n\n    ")] == \
        [cut(source, r.span) for r in resources]
