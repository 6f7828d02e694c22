"""The code registry (``dsl/codes/``) is the single source of truth: every code the
compiler emits is registered, every registered code is emitted somewhere, every example
produces its code, and ``docs/errors.md`` and ``rulebook explain`` show the registry."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import jsonschema
import pytest

from compiler import build, cli, pipeline
from compiler.build import errors_page
from dsl import codes
from dsl.codes import CODES, MINIMAL_SPEC, REGISTRY, lookup
from dsl.diagnostics import Diagnostic, DiagnosticBag
from dsl.spans import Span
from tests.helpers.projects import write_specs

REPO_ROOT = Path(__file__).resolve().parents[2]
_LITERAL = re.compile(r"""["']([EW]\d{4})["']""")
_NAMED = re.compile(r"\bcodes\.([A-Z][A-Z0-9_]*)\b")
#: What dsl.codes holds besides the constants of codes.
_NOT_CODES = {"REGISTRY", "GROUPS", "RANGES", "CODES", "MINIMAL_SPEC"}


def _sources() -> dict[str, str]:
    """Path → text of every source file of dsl/ and compiler/ but the registry."""
    return {str(path.relative_to(REPO_ROOT)): path.read_text(encoding="utf-8")
            for folder in ("dsl", "compiler") for path in sorted((REPO_ROOT / folder).rglob("*.py"))
            if (REPO_ROOT / "dsl" / "codes") not in path.parents}


def test_no_code_is_spelt_outside_the_registry():
    """The compiler names a code by its constant (``codes.WRONG_TYPE``); the number is
    written in dsl/codes/ only."""
    spelt = {path: _LITERAL.findall(text) for path, text in _sources().items() if _LITERAL.search(text)}
    assert not spelt, f"name these codes by their constants of dsl/codes/: {spelt}"


def _constants() -> dict[str, str]:
    """Code → the name of its constant in dsl/codes/ (``"E0503"`` → ``"WRONG_TYPE"``)."""
    return {value: name for name, value in vars(codes).items()
            if name.isupper() and isinstance(value, str) and value in CODES}


def test_every_code_has_one_constant_named_from_its_title():
    constants = [(name, value) for name, value in vars(codes).items()
                 if name.isupper() and isinstance(value, str) and value in CODES]
    assert sorted(value for _, value in constants) == sorted(CODES), "one constant per code"
    assert codes.WRONG_TYPE == "E0503" and _constants()["E0501"] == "UNKNOWN_NAME"
    for name, _ in constants:
        assert re.fullmatch(r"[A-Z][A-Z0-9]*(_[A-Z0-9]+)*", name), name


def test_every_constant_the_compiler_names_is_a_code():
    named = {name for text in _sources().values() for name in _NAMED.findall(text)} - _NOT_CODES
    assert named - set(_constants().values()) == set()


def test_every_registered_code_is_reported_somewhere():
    """... except a retired one, which nothing may report."""
    named = {name for text in _sources().values() for name in _NAMED.findall(text)}
    unused = sorted(code for code, name in _constants().items()
                    if name not in named and not CODES[code].retired)
    assert not unused, f"registered but never reported: {unused}"
    reported = sorted(code for code, name in _constants().items() if name in named and CODES[code].retired)
    assert not reported, f"retired but still reported: {reported}"


#: Modules that make a Diagnostic without reporting a problem: the build cache turns
#: the diagnostics it stored back into diagnostics.
_NOT_PASSES = {"dsl/diagnostics.py", "compiler/cache.py"}


def test_diagnostics_go_through_one_door():
    """Every pass reports through a :class:`dsl.diagnostics.Report` (``report.error(code,
    message, span, hint=..., notes=...)``): no pass makes a Diagnostic itself, nor calls a
    reporting function with the severity as a text."""
    made = [path for path, text in _sources().items()
            if re.search(r"\bDiagnostic\(", text) and path not in _NOT_PASSES]
    assert made == [], "report through a Report (a DiagnosticBag) instead"
    by_severity = [path for path, text in _sources().items()
                   if re.search(r"""\b(report|error|warning)\(\s*["'](error|warning)["']""", text)]
    assert by_severity == []


def test_registry_is_sorted_unique_and_complete():
    codes = [c.code for c in REGISTRY]
    assert codes == sorted(codes) and len(set(codes)) == len(codes)
    for c in REGISTRY:
        assert re.fullmatch(r"[EW]\d{4}", c.code), c.code
        assert c.title and c.title[0].islower() or c.title[0] == "`", c.code
        assert len(c.explanation) >= 60 and c.example.strip(), c.code


@functools.cache
def _validator() -> jsonschema.Draft202012Validator:
    schema = json.loads((REPO_ROOT / "compiler" / "schemas" / "diagnostics.schema.json").read_text(
        encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


def _run_example(code, tmp_path: Path) -> list[Diagnostic]:
    spec = tmp_path / "example.rules"
    spec.write_text(code.example_spec(), encoding="utf-8")
    if code.cards is not None:
        (tmp_path / "example.cards.yaml").write_text(code.cards, encoding="utf-8")
    return pipeline.analyse(spec).diagnostics


def test_the_minimal_spec_is_clean(tmp_path: Path):
    spec = tmp_path / "tiny.rules"
    spec.write_text(MINIMAL_SPEC, encoding="utf-8")
    assert [d.render() for d in pipeline.analyse(spec).diagnostics] == []


@pytest.mark.parametrize("code", [c for c in REGISTRY if c.runnable], ids=lambda c: c.code)
def test_example_produces_its_code(code, tmp_path: Path):
    """... with a hint on every error, and JSON that validates against the shipped schema."""
    diags = _run_example(code, tmp_path)
    _validator().validate([{"spec": "example.rules", "seconds": 0.0,
                            "diagnostics": [d.to_json() for d in diags]}])
    assert code.code in [d.code for d in diags], "\n\n".join(d.render() for d in diags)
    for d in diags:
        if d.code == code.code:
            assert d.severity == code.severity
        assert d.hint, f"{d.code} {d.message!r} has no hint"


def test_examples_that_are_not_spec_text(tmp_path: Path):
    """E0004, E0005 and E0540 come from the file, E0009 from writing the output, E0010 from two
    specs of one project, not from
    spec text the docs can show; E0541's, E0542's and E0545's texts are too long to show
    (E0545's: tests/compiler/test_limits.py)."""
    assert {c.code for c in REGISTRY if not c.runnable and not c.retired} == {
        "E0002", "E0004", "E0005", "E0009", "E0010", "E0540", "E0541", "E0542", "E0545"}
    deep = MINIMAL_SPEC.replace("score 1", "score " + "(" * 3000 + "1" + ")" * 3000)
    (tmp_path / "deep.rules").write_text(deep, encoding="utf-8")
    assert [d.code for d in pipeline.analyse(tmp_path / "deep.rules").diagnostics] == ["E0003"]
    (tmp_path / "latin1.rules").write_bytes("# café\n".encode("latin-1"))
    assert [d.code for d in pipeline.analyse(tmp_path / "latin1.rules").diagnostics] == ["E0004"]
    assert [d.code for d in pipeline.analyse(tmp_path / "missing.rules").diagnostics] == ["E0005"]
    (tmp_path / "huge.rules").write_text(MINIMAL_SPEC + "#" * 1_000_000, encoding="utf-8")
    assert [d.code for d in pipeline.analyse(tmp_path / "huge.rules").diagnostics] == ["E0540"]
    (tmp_path / "many.rules").write_text(MINIMAL_SPEC + "x " * 100_000, encoding="utf-8")
    assert [d.code for d in pipeline.analyse(tmp_path / "many.rules").diagnostics] == ["E0540"]
    chain = "".join(f'derived d{i} "D" = {f"d{i - 1} + 1" if i else "1"} {{\n}}\n' for i in range(60))
    (tmp_path / "chain.rules").write_text(MINIMAL_SPEC + chain, encoding="utf-8")
    assert "E0541" in [d.code for d in pipeline.analyse(tmp_path / "chain.rules").diagnostics]
    long = MINIMAL_SPEC.replace("score 1", "score " + " + ".join(["1"] * 1001))
    (tmp_path / "long.rules").write_text(long, encoding="utf-8")
    assert [d.code for d in pipeline.analyse(tmp_path / "long.rules").diagnostics] == ["E0542"]
    specs = write_specs(tmp_path, {"tiny.rules": MINIMAL_SPEC})
    (tmp_path / "generated").write_text("a file where the folder of engines belongs\n")
    result, changed = build.build_spec(specs / "tiny.rules", tmp_path)
    assert [d.code for d in result.diagnostics if d.severity == "error"] == ["E0009"] and not changed


def test_a_diagnostic_with_an_unregistered_code_is_refused():
    span = Span("x.rules", 1, 1, 1, 2)
    with pytest.raises(AssertionError, match="E0999"):
        Diagnostic("E0999", "made up", span)
    with pytest.raises(AssertionError, match="W0101 is a warning"):
        DiagnosticBag().error("W0101", "wrong severity", span)


def test_a_retired_code_stays_registered_and_is_never_reported():
    """E0570 (a second `end` block) retired when several endings joined the language: it
    keeps its entry, says so, has no example to run, and no diagnostic may carry it."""
    entry = CODES["E0570"]
    assert entry.retired and not entry.runnable and entry.explanation.startswith("Retired")
    assert entry.render().startswith("E0570: a second `end` block would never be played (error, retired)")
    with pytest.raises(AssertionError, match="E0570 is retired"):
        Diagnostic("E0570", "a second end", Span("x.rules", 1, 1, 1, 2))
    assert "*error, retired*" in errors_page()


def test_lookup_accepts_short_and_lower_case_codes():
    assert lookup("e501") is CODES["E0501"]
    assert lookup(" W0104 ") is CODES["W0104"]
    assert lookup("E9999") is None and lookup("hello") is None and lookup("") is None


def test_errors_page_is_generated_and_up_to_date():
    page = errors_page()
    assert (REPO_ROOT / "docs" / "errors.md").read_text(encoding="utf-8") == page, \
        "run `python -m compiler.cli build --no-site`"
    for c in REGISTRY:
        assert f"### {c.code}: {c.title} {{ #{c.code} }}" in page
        assert c.example.rstrip().splitlines()[0] in page
    assert "diagnostics-json.md" in page


def test_explain_prints_the_entry(capsys):
    assert cli.main(["explain", "e501"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("E0501: unknown name (error)\n")
    assert "pay gold 1" in out
    said = out.split("`rulebook check` says:")[1]
    assert "example.rules:" in said and "error[E0501]: `gold` is not a resource" in said
    assert "^^^^" in said and "= hint: the resources here are `coin`" in said
    assert "W0101" not in said  # only the diagnostics of the code explained


def test_explain_without_a_code_lists_them_all(capsys):
    assert cli.main(["explain"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(REGISTRY)
    assert lines[0].split()[:2] == ["E0001", "error"] and lines[-1].split()[1] == "warning"


def test_explain_refuses_an_unknown_code(capsys):
    assert cli.main(["explain", "E9999"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rulebook: no diagnostic code 'E9999'") and "Traceback" not in err


def test_the_errors_page_highlights_every_spec_example():
    page = errors_page()
    assert page.count("```rulebook") == sum(c.runnable for c in REGISTRY) + 1  # + the small spec
