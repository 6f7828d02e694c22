"""`rulebook check`: exit codes, rendered diagnostics and the JSON report.
Cases come from ``tests/golden/diagnostics``.  The command runs in a subprocess
(``python -m compiler.cli``), as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from compiler import pipeline

REPO_ROOT = Path(__file__).resolve().parents[2]
CASES = Path("tests/golden/diagnostics")


@pytest.fixture(autouse=True)
def at_repo_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO_ROOT)


def rulebook(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "compiler.cli", *args], capture_output=True,
                          text=True, cwd=REPO_ROOT, timeout=120)


def test_check_real_spec_exits_0():
    proc = rulebook("check", "specs/utopolis.rules")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("utopolis.rules: 0 error(s)")


def test_check_broken_spec_exits_1_and_prints_the_golden_rendering():
    case = CASES / "unknown_zone.rules"
    proc = rulebook("check", str(case))
    assert proc.returncode == 1
    expected = (REPO_ROOT / CASES / "unknown_zone.expected").read_text(encoding="utf-8")
    assert proc.stderr == expected + "\n"
    assert "1 error(s), 1 warning(s)" in proc.stdout  # the warning: W0105, provisional values


def test_warnings_fail_only_with_strict():
    case = str(CASES / "tiny_action_offered_nowhere.rules")
    assert rulebook("check", case).returncode == 0
    assert rulebook("check", "--strict", case).returncode == 1


def test_missing_spec_exits_2():
    proc = rulebook("check", "no/such.rules")
    assert proc.returncode == 2
    assert "no such spec" in proc.stderr


def test_json_report():
    case = CASES / "set_unknown_param.rules"
    proc = rulebook("check", "--format", "json", str(case))
    assert proc.returncode == 1
    [report] = json.loads(proc.stdout)
    assert report["spec"] == str(case)
    [d] = [d for d in report["diagnostics"] if d["severity"] == "error"]
    lines = (REPO_ROOT / case).read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines, 1) if "set targt = 40" in text)
    assert (d["code"], d["severity"], d["file"], d["line"], d["column"]) == (
        "E0207", "error", str(case), line, 7)
    assert d["hint"] == "did you mean `target`?"


def test_json_report_of_a_syntax_error():
    case = CASES / "misspelled_keyword.rules"
    proc = rulebook("check", "--format", "json", str(case))
    assert proc.returncode == 1
    [report] = json.loads(proc.stdout)
    assert [d["code"] for d in report["diagnostics"]] == ["E0001"]


def test_catalogue_paths_are_relative_like_the_spec_path():
    result = pipeline.analyse((REPO_ROOT / CASES / "catalogue_bad_enum.rules").resolve())
    [d] = [d for d in result.diagnostics if d.severity == "error"]
    assert d.span.path == str(CASES / "catalogue_bad_enum.cards.yaml")
    assert d.notes[0].span.path == str(CASES / "catalogue_bad_enum.rules")
