"""Warnings are printed by `check` and `build` and fail them only with `--strict`."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler import cli
from dsl.codes import MINIMAL_SPEC
from tests.helpers.projects import write_specs

UNUSED_PARAM = 'param bonus "Bonus points" = 3 {\n  source "Scoring"\n}\n'


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project holding one small spec with one unused param (a W0104 warning)."""
    write_specs(tmp_path, {"tiny.rules": MINIMAL_SPEC + "\n" + UNUSED_PARAM})
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_build_prints_warnings_and_succeeds(project: Path, capsys):
    assert cli.main(["build", "--no-site"]) == 0
    out = capsys.readouterr()
    assert "warning[W0104]: param `bonus` is declared but no rule uses it" in out.err
    assert (project / "generated" / "tiny.py").exists()
    assert (project / "docs" / "errors.md").read_text(encoding="utf-8").startswith("<!-- Generated")


def test_build_strict_fails_on_a_warning_and_writes_no_engine(project: Path, capsys):
    assert cli.main(["build", "--no-site", "--strict"]) == 1
    out = capsys.readouterr()
    assert "tiny         FAILED: 1 warning(s) with --strict" in out.out
    assert not (project / "generated" / "tiny.py").exists()


def test_check_strict_fails_on_a_warning(project: Path, capsys):
    assert cli.main(["check", "specs/tiny.rules"]) == 0
    assert cli.main(["check", "--strict", "specs/tiny.rules"]) == 1
    assert "0 error(s), 1 warning(s)" in capsys.readouterr().out
