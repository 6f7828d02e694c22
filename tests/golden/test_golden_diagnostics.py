"""Golden diagnostics.

Every ``diagnostics/*.rules`` case is analysed with ``compiler.pipeline.analyse``
(working directory = repo root, so paths render relative to it) and the full
rendered output (every diagnostic of the run, source line and caret included)
must equal the sibling ``.expected`` file.

* Most cases are a copy of the Utópolis spec with one realistic edit (the copy
  is frozen, so the expectations do not move when ``specs/`` does; it loads
  the small ``buildings.cards.yaml`` catalogue beside it); ``tiny_*``
  cases are a small complete spec with one edit; ``catalogue_*`` cases point
  the real spec at a small card catalogue beside them (``*.cards.yaml``).
* The edited line (or, for a deletion, the line a reader expects to be told
  about) ends with ``# golden: <why>``; :func:`test_golden_case_is_right`
  checks that some diagnostic points at it and that nothing is reported twice.
* ``pytest tests/golden --update-golden`` rewrites the ``.expected`` files.
  Read the diff before committing it: a golden file records what the compiler
  says, not what it should say.  Cases whose output is known to be wrong are
  listed in ``KNOWN_WRONG``: their snapshot is still compared (so nothing else
  drifts), and their rightness check is a strict xfail that starts failing
  once the compiler is fixed.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from compiler import pipeline
from dsl.diagnostics import Diagnostic

HERE = Path(__file__).resolve().parent
CASES = HERE / "diagnostics"
REPO_ROOT = HERE.parent.parent
MARKER = "# golden:"
#: The small catalogue the cases built on the Utópolis spec load.
SHARED_CATALOGUE = CASES / "buildings.cards.yaml"
#: One edit should not bury its own error under a cascade.
MAX_ERRORS = 5

#: Cases whose current output is wrong; each reason says what is wrong.
KNOWN_WRONG: dict[str, str] = {
}


def render_run(case: Path) -> str:
    """Analyse ``case`` (relative to the repo root) and render every diagnostic as
    ``rulebook check`` does; a clean run renders as ``(no diagnostics)``."""
    result = pipeline.analyse(case)
    blocks = [d.render({str(case): result.source}) for d in result.diagnostics]
    return ("\n\n".join(blocks) if blocks else "(no diagnostics)") + "\n"


def _case_names() -> list[str]:
    return sorted(p.name for p in CASES.glob("*.rules"))


def _analyse(name: str) -> list[Diagnostic]:
    return pipeline.analyse((CASES / name).relative_to(REPO_ROOT)).diagnostics


@pytest.fixture
def at_root(monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(REPO_ROOT)
    return REPO_ROOT


def test_there_are_enough_cases():
    assert len(_case_names()) >= 15


@pytest.mark.parametrize("name", _case_names())
def test_golden_diagnostics(name: str, update_golden: bool, at_root: Path):
    case = (CASES / name).relative_to(REPO_ROOT)
    expected_path = CASES / (Path(name).stem + ".expected")
    actual = render_run(case)
    if update_golden:
        expected_path.write_text(actual, encoding="utf-8", newline="\n")
        return
    assert expected_path.exists(), f"no {expected_path.name}: run `pytest tests/golden --update-golden`"
    expected = expected_path.read_text(encoding="utf-8")
    assert actual == expected, (
        f"the diagnostics of {name} changed; if the new output is right, run "
        "`pytest tests/golden --update-golden` and review the diff")


# ------------------------------------------------------------------ is the snapshot right?
def _marked_lines(name: str) -> set[tuple[str, int]]:
    """(path, line) of every line marked ``# golden:`` in the case and its catalogue."""
    marked = set()
    for path in (CASES / name, CASES / (Path(name).stem + ".cards.yaml")):
        if path.exists():
            rel = str(path.relative_to(REPO_ROOT))
            for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if MARKER in line:
                    marked.add((rel, i))
    return marked


_MODE_SUFFIX = re.compile(r" \(mode \w+\)$| of mode \w+$")


def _duplicates(diags: list[Diagnostic]) -> list[str]:
    """Diagnostics that say the same thing twice: same code, same message once the
    mode is left out, and the same span; or the same unreachable loop again."""
    keys = Counter()
    for d in diags:
        message = _MODE_SUFFIX.sub("", d.message)
        span = None if d.code == "E0404" else (d.span.path, d.span.line, d.span.column)
        keys[(d.code, message, span)] += 1
    return [f"{code} {message!r} x{n}" for (code, message, _), n in keys.items() if n > 1]


def _caret_under_the_value(diags: list[Diagnostic]) -> None:
    """E0308 is about a value: its caret starts at the value, after `key: `."""
    for d in diags:
        if d.code == "E0308":
            line = Path(d.span.path).read_text(encoding="utf-8").splitlines()[d.span.line - 1]
            key_end = line.index(":") + 1
            value_col = key_end + len(line[key_end:]) - len(line[key_end:].lstrip()) + 1
            assert d.span.column >= value_col, f"caret at column {d.span.column}: {line!r}"


def _names_the_missing_brace(diags: list[Diagnostic]) -> None:
    assert "`}`" in diags[0].message, diags[0].message


def _offers_no_mode_keyword_at_top_level(diags: list[Diagnostic]) -> None:
    assert "`add`" not in diags[0].message, diags[0].message


#: Checks beyond the generic ones, for cases where the generic ones cannot see the fault.
EXTRA_CHECKS = {
    "missing_closing_brace.rules": _names_the_missing_brace,
    "misspelled_keyword.rules": _offers_no_mode_keyword_at_top_level,
    "catalogue_bad_enum.rules": _caret_under_the_value,
    "catalogue_unknown_resource.rules": _caret_under_the_value,
}


def _check_right(name: str) -> None:
    diags = _analyse(name)
    assert diags, "a golden case must be a broken spec"
    marked = _marked_lines(name)
    if marked:
        pointed = {(d.span.path, d.span.line) for d in diags}
        pointed |= {(n.span.path, n.span.line) for d in diags for n in d.notes}
        assert pointed & marked, f"no diagnostic points at the marked line(s) {sorted(marked)}"
    assert not _duplicates(diags), f"reported more than once: {_duplicates(diags)}"
    for d in diags:
        assert d.span.line >= 1, f"{d.code} has no position"
        assert d.severity != "error" or d.hint, f"{d.code} {d.message!r} has no hint"
    if name in EXTRA_CHECKS:
        EXTRA_CHECKS[name](diags)
    errors = [d for d in diags if d.severity == "error"]
    assert len(errors) <= MAX_ERRORS, f"{len(errors)} errors for one edit: " + ", ".join(
        f"{d.code}@{d.span.line}" for d in errors)


def _rightness_params():
    for name in _case_names():
        marks = ()
        if name in KNOWN_WRONG:
            marks = pytest.mark.xfail(strict=True, reason=KNOWN_WRONG[name])
        yield pytest.param(name, marks=marks, id=name)


@pytest.mark.parametrize("name", list(_rightness_params()))
def test_golden_case_is_right(name: str, at_root: Path):
    _check_right(name)


def test_the_unedited_spec_copy_is_clean(tmp_path: Path):
    """The cases differ from a clean spec only by their edit: the frozen copy of the
    Utópolis spec (the brace case with its brace put back) analyses cleanly (no error,
    no warning but the count of its provisional values)."""
    text = (CASES / "missing_closing_brace.rules").read_text(encoding="utf-8").rstrip("\n") + "\n}\n"
    (tmp_path / "clean.rules").write_text(text, encoding="utf-8")
    (tmp_path / SHARED_CATALOGUE.name).write_text(SHARED_CATALOGUE.read_text(encoding="utf-8"),
                                                  encoding="utf-8")
    result = pipeline.analyse(tmp_path / "clean.rules")
    assert [d.code for d in result.diagnostics] == ["W0105"], "\n".join(
        d.render() for d in result.diagnostics)  # only the count of provisional values


def test_no_orphan_expectations():
    stems = {Path(n).stem for n in _case_names()}
    orphans = [p.name for p in CASES.glob("*.expected") if p.stem not in stems]
    orphans += [p.name for p in CASES.glob("*.cards.yaml")
                if p.name.removesuffix(".cards.yaml") not in stems and p != SHARED_CATALOGUE]
    assert not orphans, f"files without a case: {orphans}"


def test_known_wrong_names_exist():
    assert set(KNOWN_WRONG) <= set(_case_names())
    assert set(EXTRA_CHECKS) <= set(_case_names())
