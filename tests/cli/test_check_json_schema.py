"""`rulebook check --format json` output validates against the shipped JSON Schema
(``compiler/schemas/diagnostics.schema.json``, draft 2020-12), for clean specs, every
golden case and an example of every registered code."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import jsonschema
import pytest

from compiler import build, pipeline
from tests.golden import cases
from tests.helpers.commands import rulebook_in_process

REPO_ROOT = Path(__file__).resolve().parents[2]
SCHEMA_PATH = REPO_ROOT / "compiler" / "schemas" / "diagnostics.schema.json"


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())


def _check_json(*args: str, cwd: Path = REPO_ROOT) -> list:
    proc = rulebook_in_process("check", "--format", "json", *args, cwd=cwd)
    assert proc.returncode in (0, 1), proc.stderr
    return json.loads(proc.stdout)


def test_the_schema_ships_with_the_package():
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "schemas/*.json" in project["tool"]["setuptools"]["package-data"]["compiler"]


def test_real_specs_and_every_golden_case_validate(validator, golden_cases_on_disk: Path):
    golden = [str(cases.CASES_FROM_ROOT / name) for name in cases.names()]
    specs = [str(p.relative_to(REPO_ROOT)) for p in build.spec_paths(REPO_ROOT)]
    # one run (starting Python is most of the time), where the cases are written out
    report = _check_json(*(str(REPO_ROOT / s) for s in specs), *golden, cwd=golden_cases_on_disk)
    validator.validate(report)
    real, broken = report[:len(specs)], report[len(specs):]
    assert [r["spec"] for r in real] == specs
    assert [r["spec"] for r in broken] == golden
    assert all(d["severity"] == "warning" for r in real for d in r["diagnostics"])
    codes = {d["code"] for r in broken for d in r["diagnostics"]}
    assert {"E0001", "E0308", "E0404", "E0501", "W0101", "W0104", "W0105"} <= codes
    for report in broken:
        for d in report["diagnostics"]:
            text = (golden_cases_on_disk / d["file"]).read_text(encoding="utf-8").splitlines()
            assert 1 <= d["line"] <= max(len(text), 1) and d["end_line"] >= d["line"]
            if d["end_line"] == d["line"]:
                assert d["end_column"] > d["column"], d  # the end is exclusive: never empty


def test_a_diagnostic_without_a_position_validates(validator, tmp_path: Path):
    """E0005 (the spec cannot be read) concerns the whole file: its place is null.  (The
    examples of every registered code are validated in tests/dsl/test_codes.py.)"""
    missing = pipeline.analyse(tmp_path / "missing.rules").diagnostics
    [d] = [x.to_json() for x in missing]
    assert (d["code"], d["line"], d["column"]) == ("E0005", None, None)
    validator.validate([{"spec": "missing.rules", "seconds": 0.0, "diagnostics": [d]}])


def test_the_schema_refuses_what_editors_could_not_read(validator):
    good = {"code": "E0501", "severity": "error", "message": "unknown zone", "file": "a.rules",
            "line": 3, "column": 5, "end_line": 3, "end_column": 9, "hint": None, "notes": []}
    validator.validate([{"spec": "a.rules", "seconds": 0.1, "diagnostics": [good]}])
    for bad in ({**good, "severity": "info"}, {**good, "code": "X1"}, {**good, "line": 0},
                {k: v for k, v in good.items() if k != "hint"}, {**good, "extra": 1}):
        with pytest.raises(jsonschema.ValidationError):
            validator.validate([{"spec": "a.rules", "seconds": 0.1, "diagnostics": [bad]}])
