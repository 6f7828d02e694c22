"""`rulebook fmt`: rewrite in place, --check, --diff, specs that do not parse, bad paths.

Run in-process through ``cli.main`` in a scratch project (one run is a subprocess,
as CI runs it), so the tests stay fast.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler import cli
from tests.helpers.commands import rulebook, rulebook_in_process
from tests.helpers.projects import write_specs
FORMATTED = 'setup {\n  shuffle d  # mixed\n}\n'
UNFORMATTED = 'setup{\n      shuffle d # mixed\n\n\n}'
BROKEN = 'setup {\n  shuffle\n}\n'


@pytest.fixture()
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A scratch project: one formatted spec, one not, as the working directory."""
    write_specs(tmp_path, {"good.rules": FORMATTED, "messy.rules": UNFORMATTED})
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(capsys: pytest.CaptureFixture, *args: str) -> tuple[int, str, str]:
    status = cli.main(["fmt", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_fmt_rewrites_the_specs_that_need_it_and_leaves_the_others_alone(project: Path, capsys):
    good = project / "specs" / "good.rules"
    stamp = good.stat().st_mtime_ns
    status, out, err = run(capsys)
    assert status == 0
    assert (project / "specs" / "messy.rules").read_text(encoding="utf-8") == FORMATTED
    assert good.stat().st_mtime_ns == stamp
    assert "reformatted specs/messy.rules" in err and "good.rules" not in err
    assert "1 spec reformatted, 1 already formatted" in err
    assert not list((project / "specs").glob(".*.tmp"))
    # A second run has nothing to do.
    assert run(capsys)[0] == 0
    assert (project / "specs" / "messy.rules").read_text(encoding="utf-8") == FORMATTED


def test_check_writes_nothing_and_exits_1_when_a_spec_would_change(project: Path, capsys):
    status, out, err = run(capsys, "--check")
    assert status == 1
    assert "would reformat specs/messy.rules" in err and "good.rules" not in err
    assert (project / "specs" / "messy.rules").read_text(encoding="utf-8") == UNFORMATTED
    assert out == ""


def test_check_exits_0_when_every_spec_is_formatted(project: Path, capsys):
    status, out, err = run(capsys, "--check", "specs/good.rules")
    assert status == 0
    assert "0 specs would be reformatted, 1 already formatted" in err


def test_diff_prints_a_unified_diff_and_writes_nothing(project: Path, capsys):
    status, out, err = run(capsys, "--diff", "specs/messy.rules")
    assert status == 0
    assert out.startswith("--- a/specs/messy.rules\n+++ b/specs/messy.rules\n@@ ")
    assert "-      shuffle d # mixed\n" in out and "+  shuffle d  # mixed\n" in out
    assert (project / "specs" / "messy.rules").read_text(encoding="utf-8") == UNFORMATTED
    assert run(capsys, "--diff", "--check", "specs/messy.rules")[0] == 1


def test_a_spec_that_does_not_parse_is_left_untouched_with_its_diagnostics(project: Path, capsys):
    broken = project / "specs" / "broken.rules"
    broken.write_text(BROKEN, encoding="utf-8")
    status, out, err = run(capsys)
    assert status == 1
    assert broken.read_text(encoding="utf-8") == BROKEN
    assert "specs/broken.rules:3:1: error[E0001]: unexpected `}`" in err
    assert "   3 | }\n     | ^" in err
    assert "1 not formatted (errors above)" in err and "Traceback" not in err
    # The other specs are still formatted.
    assert (project / "specs" / "messy.rules").read_text(encoding="utf-8") == FORMATTED


def test_folders_are_searched_for_rules_files(project: Path, capsys):
    (project / "more").mkdir()
    (project / "more" / "nested.rules").write_text(UNFORMATTED, encoding="utf-8")
    (project / "more" / "notes.txt").write_text(UNFORMATTED, encoding="utf-8")
    status, out, err = run(capsys, "more")
    assert status == 0 and "reformatted more/nested.rules" in err
    assert (project / "more" / "nested.rules").read_text(encoding="utf-8") == FORMATTED
    assert (project / "more" / "notes.txt").read_text(encoding="utf-8") == UNFORMATTED


def test_an_unknown_path_exits_2_before_formatting_anything(project: Path, capsys):
    status, out, err = run(capsys, "specs/messy.rules", "specs/nope.rules")
    assert status == 2
    assert err == "rulebook: no such spec or folder: specs/nope.rules\n"
    assert (project / "specs" / "messy.rules").read_text(encoding="utf-8") == UNFORMATTED


def test_a_spec_that_is_not_utf8_is_a_diagnostic(project: Path, capsys):
    (project / "specs" / "latin1.rules").write_bytes("# Utópolis\n".encode("latin-1"))
    status, out, err = run(capsys, "specs/latin1.rules")
    assert status == 1
    assert "error[E0004]: the spec is not UTF-8 text" in err and "Traceback" not in err


def test_a_spec_that_cannot_be_written_is_one_error_line(project: Path, capsys, monkeypatch):
    def refuse(path, text):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("compiler.build.write_if_changed", refuse)
    status, out, err = run(capsys, "specs/messy.rules")
    assert status == 2
    assert err == "rulebook: cannot write specs/messy.rules: Permission denied\n"


def test_the_repository_passes_fmt_check_as_ci_runs_it():
    result = rulebook("fmt", "--check")
    assert result.returncode == 0, result.stderr
    assert "0 specs would be reformatted" in result.stderr
    help_text = rulebook_in_process("--help").stdout
    assert "fmt" in help_text.split()  # .ci/run checks with fmt only when --help names it
