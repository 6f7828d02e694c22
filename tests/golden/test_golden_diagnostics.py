"""Golden diagnostics.

Every case of ``diagnostics/`` is analysed with ``compiler.pipeline.analyse`` as
``tests/golden/diagnostics/NAME.rules`` (working directory = repo root, so paths
render relative to it) and the full rendered output (every diagnostic of the run,
source line and caret included) must equal ``NAME.expected``.

* Most cases are one realistic edit of the Utópolis spec, stored as that edit:
  ``NAME.diff``, a unified diff against ``diagnostics/base/utopolis.rules``, applied
  at test time by :mod:`tests.golden.cases`.  The base is a frozen copy, so the
  expectations do not move when ``specs/`` does; it loads the small
  ``buildings.cards.yaml`` catalogue beside the cases.  ``tiny_*`` and ``syntax_*``
  cases are a small complete spec with one edit, stored whole (``NAME.rules``);
  ``catalogue_*`` cases point the spec at a small card catalogue beside them
  (``NAME.cards.yaml``).
* The edited line (or, for a deletion, the line a reader expects to be told
  about) ends with ``# golden: <why>``; :func:`test_golden_case_is_right`
  checks that some diagnostic points at it and that nothing is reported twice.
* ``pytest tests/golden --update-golden`` rewrites the ``.expected`` files.
  Read the diff before committing it: a golden file records what the compiler
  says, not what it should say.  Cases whose output is known to be wrong are
  listed in ``KNOWN_WRONG``: their snapshot is still compared (so nothing else
  drifts), and their rightness check is a strict xfail that starts failing
  once the compiler is fixed.

Adding a case (from the repository root)::

    cp tests/golden/diagnostics/base/utopolis.rules tests/golden/diagnostics/NAME.rules
    # make the edit, and end the edited line with `# golden: <why>`
    python -m tests.golden.make_case NAME              # NAME.rules -> NAME.diff
    pytest tests/golden -k NAME --update-golden        # writes NAME.expected: read it

``python -m tests.golden.make_case --expand NAME`` gives the full file back to edit
an existing case.  A small standalone spec is simply dropped in as ``NAME.rules``.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from compiler import pipeline
from dsl.diagnostics import Diagnostic
from tests.golden import cases
from tests.golden.cases import CASES, CASES_FROM_ROOT

MARKER = "# golden:"
#: The small catalogue the cases built on the Utópolis spec load.
SHARED_CATALOGUE = CASES / "buildings.cards.yaml"
#: One edit should not bury its own error under a cascade.
MAX_ERRORS = 5

#: Cases whose current output is wrong; each reason says what is wrong.
KNOWN_WRONG: dict[str, str] = {
}


def render_run(name: str) -> str:
    """Analyse case ``name`` (``NAME.rules``, working directory = repo root) and render
    every diagnostic as ``rulebook check`` does; a clean run renders as ``(no diagnostics)``."""
    case = CASES_FROM_ROOT / name
    result = pipeline.analyse(case, cases.text(name))
    blocks = [d.render({str(case): result.source}) for d in result.diagnostics]
    return ("\n\n".join(blocks) if blocks else "(no diagnostics)") + "\n"


def _analyse(name: str) -> list[Diagnostic]:
    return pipeline.analyse(CASES_FROM_ROOT / name, cases.text(name)).diagnostics


def _source(path: str) -> str:
    """The text at ``path`` (relative to the repo root): a case's text, or a file's."""
    if Path(path).parent == CASES_FROM_ROOT and path.endswith(".rules"):
        return cases.text(Path(path).name)
    return Path(path).read_text(encoding="utf-8")


def test_there_are_enough_cases():
    assert len(cases.names()) >= 15
    assert sum(map(cases.edited, cases.names())) >= 30


@pytest.mark.parametrize("name", cases.names())
def test_golden_diagnostics(name: str, update_golden: bool, repo_root: Path):
    expected_path = CASES / (Path(name).stem + ".expected")
    actual = render_run(name)
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
    texts = {CASES_FROM_ROOT / name: cases.text(name)}
    catalogue = CASES / (Path(name).stem + ".cards.yaml")
    if catalogue.exists():
        texts[CASES_FROM_ROOT / catalogue.name] = catalogue.read_text(encoding="utf-8")
    for rel, text in texts.items():
        for i, line in enumerate(text.splitlines(), 1):
            if MARKER in line:
                marked.add((str(rel), i))
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
            line = _source(d.span.path).splitlines()[d.span.line - 1]
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
    for name in cases.names():
        marks = ()
        if name in KNOWN_WRONG:
            marks = pytest.mark.xfail(strict=True, reason=KNOWN_WRONG[name])
        yield pytest.param(name, marks=marks, id=name)


@pytest.mark.parametrize("name", list(_rightness_params()))
def test_golden_case_is_right(name: str, repo_root: Path):
    _check_right(name)


def test_the_base_is_clean():
    """The diff cases differ from a clean spec only by their edit: the frozen copy of the
    Utópolis spec, analysed among the cases, is clean (no error, no warning but the count
    of its provisional values)."""
    result = pipeline.analyse(CASES / cases.BASE.name, cases.base_text())
    assert [d.code for d in result.diagnostics] == ["W0105"], "\n".join(
        d.render() for d in result.diagnostics)  # only the count of provisional values


@pytest.mark.parametrize("name", [n for n in cases.names() if cases.edited(n)])
def test_each_edit_is_a_small_diff_as_make_case_writes_it(name: str):
    """The stored diff applies to the base, is the one ``make_case`` writes for the text it
    gives (so diffs stay uniform and minimal), and changes a few lines only."""
    diff = (CASES / name).with_suffix(".diff").read_text(encoding="utf-8")
    assert cases.make_diff(name, cases.text(name)) == diff, (
        f"rewrite it: python -m tests.golden.make_case --expand {Path(name).stem} && "
        f"python -m tests.golden.make_case {Path(name).stem}")
    changed = [line for line in diff.splitlines()[2:] if line[:1] in "+-"]
    assert 1 <= len(changed) <= 12, diff


@pytest.mark.parametrize("name", [n for n in cases.names() if not cases.edited(n)])
def test_a_standalone_case_is_no_copy_of_the_base(name: str):
    """A full copy of the base left in the folder is stored as its edit instead."""
    text = cases.text(name)
    changed = sum(1 for line in cases.make_diff(name, text).splitlines()[2:] if line[:1] in "+-")
    half = len(text.splitlines()) // 2
    assert changed > half, (
        f"{name} is an edit of the base: run `python -m tests.golden.make_case {Path(name).stem}`")


def test_a_diff_that_does_not_fit_the_base_says_where():
    diff = cases.make_diff("x.rules", cases.base_text().replace("  set target = 40\n", "  set targt = 40\n"))
    with pytest.raises(cases.EditError, match=r"base line \d+ is '  set target = 40'.*'  set target = 41'"):
        cases.apply(cases.base_text(), diff.replace(" set target = 40", " set target = 41"), "x.diff")
    with pytest.raises(cases.EditError, match="header says"):
        cases.apply(cases.base_text(), diff.replace("+  set targt = 40\n", ""), "x.diff")


def test_an_edit_round_trips_through_make_case(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    from tests.golden import make_case

    edited = cases.base_text().replace("}\n", "}  # golden: here\n", 1).rstrip("\n")  # no last newline
    monkeypatch.setattr(cases, "CASES", tmp_path)
    (tmp_path / "new_case.rules").write_text(edited, encoding="utf-8")
    assert make_case.main(["new_case"]) == 0
    assert not (tmp_path / "new_case.rules").exists() and cases.names() == ["new_case.rules"]
    assert cases.text("new_case.rules") == edited
    assert make_case.main(["--expand", "new_case"]) == 0
    assert (tmp_path / "new_case.rules").read_text(encoding="utf-8") == edited
    (tmp_path / "same.rules").write_text(cases.base_text(), encoding="utf-8")
    assert make_case.main(["same"]) == 2 and (tmp_path / "same.rules").exists()


def test_no_orphan_expectations():
    stems = {Path(n).stem for n in cases.names()}
    orphans = [p.name for p in CASES.glob("*.expected") if p.stem not in stems]
    orphans += [p.name for p in CASES.glob("*.cards.yaml")
                if p.name.removesuffix(".cards.yaml") not in stems and p != SHARED_CATALOGUE]
    assert not orphans, f"files without a case: {orphans}"


def test_known_wrong_names_exist():
    assert set(KNOWN_WRONG) <= set(cases.names())
    assert set(EXTRA_CHECKS) <= set(cases.names())
