"""`rulebook fuzz`: cases split between the specs, failures reported and saved,
a clear message without Hypothesis."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler import cli
from compiler.tools import fuzzing
from tests.compiler.test_construct_let_best import CARDS, SPEC
from tests.helpers.projects import write_specs


@pytest.fixture
def specs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    write_specs(tmp_path, {"mini.cards.yaml": CARDS, "a.rules": SPEC, "b.rules": SPEC})
    monkeypatch.chdir(tmp_path)
    return ["specs/a.rules", "specs/b.rules"]


def test_a_short_campaign_on_two_specs_passes(specs, capsys):
    assert cli.main(["fuzz", "--cases", "5", "--seed", "3", "--out", "out",
                     "--spec", specs[0], "--spec", specs[1]]) == 0
    out = capsys.readouterr().out
    assert "a            3 cases, 0 failure(s) (0 distinct)" in out
    assert "b            2 cases, 0 failure(s) (0 distinct)" in out
    assert not Path("out").exists()


def test_failures_are_listed_with_the_saved_input_and_exit_1(specs, capsys, monkeypatch):
    def crash(spec_path, text, codegen=True, catalogues=()):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(fuzzing, "check_input", crash)
    assert cli.main(["fuzz", "--cases", "2", "--spec", specs[0], "--out", "out"]) == 1
    out = capsys.readouterr().out
    assert "2 failure(s) (1 distinct)" in out
    assert "FAIL ZeroDivisionError at " in out and "ZeroDivisionError: boom" in out
    saved = sorted(Path("out").glob("a-*.rules"))
    assert len(saved) == 2 and any(f"input saved to {path}" in out for path in saved)


def test_without_hypothesis_it_says_how_to_install_it(specs, capsys, monkeypatch):
    def missing():
        raise fuzzing.FuzzingUnavailable("fuzzing needs Hypothesis, a test extra: pip install -e '.[test]'")

    monkeypatch.setattr(fuzzing, "_hypothesis", missing)
    assert cli.main(["fuzz", "--spec", specs[0]]) == 2
    assert "rulebook: fuzzing needs Hypothesis" in capsys.readouterr().err


def test_an_unknown_spec_is_bad_usage(specs, capsys):
    assert cli.main(["fuzz", "--spec", "specs/nope.rules"]) == 2
    assert "no such spec" in capsys.readouterr().err


# ------------------------------------------------------------------ bad arguments (issue 8 verification)
def test_fewer_cases_than_specs_gives_the_others_none(specs, capsys):
    # found by verify8: Hypothesis refused max_examples=0 with a traceback
    assert cli.main(["fuzz", "--cases", "1", "--spec", specs[0], "--spec", specs[1], "--out", "out"]) == 0
    out = capsys.readouterr().out
    assert "a            1 cases, 0 failure(s)" in out and "b " not in out
    assert cli.main(["fuzz", "--cases", "0", "--spec", specs[0]]) == 0


def test_a_spec_that_is_not_utf8_is_refused_before_fuzzing(specs, capsys):
    Path(specs[1]).write_bytes(b"game \xff")
    assert cli.main(["fuzz", "--cases", "2", "--spec", specs[1]]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rulebook: cannot fuzz specs/b.rules: the spec is not UTF-8 text")


@pytest.mark.parametrize("out", ["specs/a.rules/failures", "specs/a.rules"])
def test_a_folder_for_failures_that_cannot_be_made_is_refused_first(specs, capsys, out):
    assert cli.main(["fuzz", "--cases", "2", "--spec", specs[0], "--out", out]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"rulebook: cannot save failing inputs in '{out}'") and "is not a folder" in err
