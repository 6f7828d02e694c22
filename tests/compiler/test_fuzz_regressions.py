"""Inputs that `rulebook fuzz` found raising instead of reporting diagnostics, one test each:
the compiler must answer every one with diagnostics."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler import pipeline

ROOT = Path(__file__).resolve().parents[2]
UTOPOLIS = ROOT / "specs" / "utopolis.rules"


def analyse_edited(path: Path, old: str, new: str) -> pipeline.CompileResult:
    text = path.read_text(encoding="utf-8")
    assert old in text
    return pipeline.analyse(path, text=text.replace(old, new, 1))


@pytest.mark.parametrize("field", ["input", "output"])
def test_a_catalogue_bag_read_as_an_enum_is_a_diagnostic(field: str):
    # A card field retyped from bag to an enum: the catalogue's values are dicts
    # ({electricity: 1}), which are not members (they used to raise TypeError: unhashable).
    result = analyse_edited(UTOPOLIS, f"field {field}: bag", f"field {field}: colour")
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert any(d.code == "E0308" and f"field `{field}`" in d.message and "is not a colour" in d.message
               for d in errors)
