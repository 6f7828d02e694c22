"""`rulebook check`: exit codes, rendered diagnostics and the JSON report.
Cases come from ``tests/golden/diagnostics`` (written out whole by the
``golden_cases_on_disk`` fixture).  The first test runs the command in a
subprocess (``python -m compiler.cli``), as a user runs it; the others run it in this
process (``compiler.cli.main``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from compiler import pipeline
from tests.golden import cases
from tests.helpers.commands import rulebook, rulebook_in_process

REPO_ROOT = Path(__file__).resolve().parents[2]
CASES = cases.CASES_FROM_ROOT

pytestmark = pytest.mark.usefixtures("repo_root")


def test_check_real_spec_exits_0():
    proc = rulebook("check", "specs/utopolis.rules")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("utopolis.rules: 0 error(s)")


def test_check_broken_spec_exits_1_and_prints_the_golden_rendering(golden_cases_on_disk: Path):
    case = CASES / "unknown_zone.rules"
    proc = rulebook_in_process("check", "--verbose", str(case), cwd=golden_cases_on_disk)
    assert proc.returncode == 1
    expected = (REPO_ROOT / CASES / "unknown_zone.expected").read_text(encoding="utf-8")
    assert proc.stderr == expected + "\n"
    assert "1 error(s), 1 warning(s)" in proc.stdout  # the warning: W0105, provisional values


def test_the_provisional_values_warning_is_one_line_unless_verbose(golden_cases_on_disk: Path):
    """W0105 is a standing note about the spec: one line (its first) on a routine check,
    the whole block with --verbose; other diagnostics stay whole either way."""
    case = CASES / "unknown_zone.rules"
    full = (REPO_ROOT / CASES / "unknown_zone.expected").read_text(encoding="utf-8")
    error, warning = full.split("\n\n")
    proc = rulebook_in_process("check", str(case), cwd=golden_cases_on_disk)
    assert proc.returncode == 1
    assert proc.stderr == error + "\n\n" + warning.splitlines()[0] + "\n"
    assert "warning[W0105]: the spec holds 6 provisional value(s)" in proc.stderr


def test_warnings_fail_only_with_strict(golden_cases_on_disk: Path):
    case = str(CASES / "tiny_action_offered_nowhere.rules")
    assert rulebook_in_process("check", case, cwd=golden_cases_on_disk).returncode == 0
    assert rulebook_in_process("check", "--strict", case, cwd=golden_cases_on_disk).returncode == 1


def test_missing_spec_exits_2():
    proc = rulebook_in_process("check", "no/such.rules")
    assert proc.returncode == 2
    assert "no such spec" in proc.stderr


def test_json_report(golden_cases_on_disk: Path):
    case = CASES / "set_unknown_param.rules"
    proc = rulebook_in_process("check", "--format", "json", str(case), cwd=golden_cases_on_disk)
    assert proc.returncode == 1
    [report] = json.loads(proc.stdout)
    assert report["spec"] == str(case)
    [d] = [d for d in report["diagnostics"] if d["severity"] == "error"]
    lines = (golden_cases_on_disk / case).read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines, 1) if "set targt = 40" in text)
    assert (d["code"], d["severity"], d["file"], d["line"], d["column"]) == (
        "E0207", "error", str(case), line, 7)
    assert d["hint"] == "did you mean `target`?"


def test_json_report_of_a_syntax_error(golden_cases_on_disk: Path):
    case = CASES / "misspelled_keyword.rules"
    proc = rulebook_in_process("check", "--format", "json", str(case), cwd=golden_cases_on_disk)
    assert proc.returncode == 1
    [report] = json.loads(proc.stdout)
    assert [d["code"] for d in report["diagnostics"]] == ["E0001"]


def test_catalogue_paths_are_relative_like_the_spec_path():
    result = pipeline.analyse((REPO_ROOT / CASES / "catalogue_bad_enum.rules").resolve(),
                              cases.text("catalogue_bad_enum.rules"))
    [d] = [d for d in result.diagnostics if d.severity == "error"]
    assert d.span.path == str(CASES / "catalogue_bad_enum.cards.yaml")
    assert d.notes[0].span.path == str(CASES / "catalogue_bad_enum.rules")


def test_json_names_each_spec_as_its_diagnostics_do(capsys, monkeypatch):
    """The `spec` field is the project-relative path the diagnostics use, wherever the
    command runs (docs/diagnostics-json.md)."""
    from compiler import cli

    monkeypatch.chdir(REPO_ROOT / "tests")  # not the project folder: paths stay project-relative
    cli.main(["check", "--format", "json", str(REPO_ROOT / "specs" / "euphoria.rules"),
              str(REPO_ROOT / "specs" / "utopolis.rules")])
    report = json.loads(capsys.readouterr().out)
    assert sorted(r["spec"] for r in report) == ["specs/euphoria.rules", "specs/utopolis.rules"]


def test_a_byte_order_mark_is_not_an_error(tmp_path):
    text = (REPO_ROOT / "specs" / "euphoria.rules").read_text(encoding="utf-8")
    (tmp_path / "euphoria.rules").write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    (tmp_path / "euphoria.cards.yaml").write_text(
        (REPO_ROOT / "specs" / "euphoria.cards.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    assert [d.code for d in pipeline.analyse(tmp_path / "euphoria.rules").diagnostics] == ["W0105"]


def test_a_broken_catalogue_read_by_several_catalogues_is_reported_once(tmp_path):
    (tmp_path / "euphoria.rules").write_text(
        (REPO_ROOT / "specs" / "euphoria.rules").read_text(encoding="utf-8"), encoding="utf-8")
    cards = (REPO_ROOT / "specs" / "euphoria.cards.yaml").read_text(encoding="utf-8").split("\n")
    first = next(i for i, line in enumerate(cards) if line.startswith("  - "))
    cards[first] = "   " + cards[first][2:]  # one item indented differently
    (tmp_path / "euphoria.cards.yaml").write_text("\n".join(cards), encoding="utf-8")
    errors = [d for d in pipeline.analyse(tmp_path / "euphoria.rules").diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["E0303"]
    assert "\n" not in errors[0].message and "<block" not in errors[0].message
    assert errors[0].message.endswith("is indented differently from the lines above it")
    assert errors[0].hint.startswith("indent it like the lines above it")


def test_check_and_fmt_take_a_game_name_as_play_and_mutate_do(monkeypatch, capsys):
    from compiler import cli

    monkeypatch.chdir(REPO_ROOT)
    assert cli.main(["check", "--format", "json", "utopolis"]) == 0
    assert [r["spec"] for r in json.loads(capsys.readouterr().out)] == ["specs/utopolis.rules"]
    assert cli.main(["fmt", "--check", "euphoria"]) == 0
    assert "1 already formatted" in capsys.readouterr().err
    assert cli.main(["check", "no_such_game"]) == 2
    assert capsys.readouterr().err == "rulebook: no such spec: no_such_game\n"
