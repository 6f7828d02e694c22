"""The build cache (``compiler/cache.py``): ``rulebook build`` and ``rulebook check``
take what ``.rulebook-cache/`` holds for inputs they have seen, compile again when a
spec, a catalogue or the compiler changes, and ``--force`` takes nothing from it.

"Compiles nothing" is asserted by making the passes fail when called."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from compiler import build, cache, cli, pipeline
from dsl.code_examples import CARDS_MODE, MINIMAL_SPEC
from dsl.diagnostics import Diagnostic, Note
from dsl.spans import Span
from tests.helpers.projects import ROOT, write_specs

CARDS = "cards:\n  - name: hut\n    title: Hut\n    value: 1\n"


@pytest.fixture
def sites(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The runs of mkdocs, replaced by a stand-in that writes ``site/index.html``."""
    runs: list[Path] = []

    def fake_mkdocs(root: Path) -> subprocess.CompletedProcess:
        runs.append(root)
        (root / "site").mkdir(exist_ok=True)
        (root / "site" / "index.html").write_text("<html></html>", encoding="utf-8")
        return subprocess.CompletedProcess(["mkdocs"], 0, "", "")

    monkeypatch.setattr(build, "build_site", fake_mkdocs)
    return runs


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sites: list[Path]) -> Path:
    """A project with one spec that reads a catalogue, made the working directory."""
    write_specs(tmp_path, {"tiny.rules": MINIMAL_SPEC + "\n" + CARDS_MODE.replace(
        "example.cards.yaml", "tiny.cards.yaml"), "tiny.cards.yaml": CARDS})
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Tiny\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text("site_name: tiny\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    # the errors page compiles every code's example: a stand-in keeps these tests short
    monkeypatch.setattr(build, "errors_page", lambda: "# Errors and warnings\n")
    return tmp_path


def _no_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    """From here on, compiling anything fails the test."""
    def refuse(*args, **kwargs):
        pytest.fail("a pass ran although the cache holds its result")

    for name in ("compile_spec", "analyse"):
        monkeypatch.setattr(pipeline, name, refuse)
    monkeypatch.setattr(build, "errors_page", refuse)


def test_a_second_build_compiles_nothing_and_says_unchanged(project: Path, sites, capsys, monkeypatch):
    assert cli.main(["build"]) == 0
    first = capsys.readouterr()
    engine = (project / "generated" / "tiny.py").read_text(encoding="utf-8")
    assert len(sites) == 1
    _no_passes(monkeypatch)
    assert cli.main(["build"]) == 0
    second = capsys.readouterr()
    counts = first.out.splitlines()[0].split(" cards,")[0]  # "tiny   1 modes, ... 1 cards"
    assert second.out.splitlines()[0].startswith(counts + " cards,") and "(unchanged)" in second.out
    assert "docs site" in second.out and "(unchanged)" in second.out
    assert len(sites) == 1  # mkdocs did not run again
    assert second.err == first.err  # the same diagnostics, from the cache
    assert (project / "generated" / "tiny.py").read_text(encoding="utf-8") == engine


def test_outputs_deleted_or_edited_are_written_again_from_the_cache(project: Path, monkeypatch):
    assert cli.main(["build", "--no-site"]) == 0
    engine, page, errors = (project / "generated" / "tiny.py", project / "docs" / "games" / "tiny.md",
                            project / "docs" / "errors.md")
    runtime = sorted((project / "generated" / "_runtime").glob("*.py"))
    assert len(runtime) > 1
    made = {p: p.read_bytes() for p in (engine, page, errors, *runtime)}
    engine.unlink()
    page.write_text("edited by hand\n", encoding="utf-8")
    errors.unlink()
    runtime[0].unlink()
    runtime[-1].write_text("edited by hand\n", encoding="utf-8")
    _no_passes(monkeypatch)
    assert cli.main(["build", "--no-site"]) == 0
    assert {p: p.read_bytes() for p in made} == made


def test_the_build_removes_the_runtime_an_older_build_left(project: Path, monkeypatch):
    """The runtime was one module, ``generated/_runtime.py``, before it became a package:
    a build removes it, and any module of ``generated/_runtime/`` the runtime no longer has."""
    assert cli.main(["build", "--no-site"]) == 0
    gen = project / "generated"
    (gen / "_runtime.py").write_text("old runtime\n", encoding="utf-8")
    (gen / "_runtime" / "gone.py").write_text("old module\n", encoding="utf-8")
    (gen / "_runtime" / "notes.txt").write_text("not a module\n", encoding="utf-8")
    _no_passes(monkeypatch)
    assert cli.main(["build", "--no-site"]) == 0
    assert not (gen / "_runtime.py").exists() and not (gen / "_runtime" / "gone.py").exists()
    assert (gen / "_runtime" / "notes.txt").exists()  # only modules are the build's own
    assert (gen / "_runtime" / "state.py").is_file()


@pytest.mark.parametrize("edit", ["spec", "catalogue", "compiler"])
def test_a_changed_input_is_compiled_again(project: Path, monkeypatch, edit: str):
    assert cli.main(["build", "--no-site"]) == 0
    page = project / "docs" / "games" / "tiny.md"
    if edit == "spec":
        spec = project / "specs" / "tiny.rules"
        spec.write_text(spec.read_text(encoding="utf-8").replace('"Tiny"', '"Tinier"'), encoding="utf-8")
    elif edit == "catalogue":
        (project / "specs" / "tiny.cards.yaml").write_text(CARDS.replace("Hut", "Hovel"), encoding="utf-8")
    else:  # a new compiler (or Python, or library) is a new toolchain
        monkeypatch.setattr(cache, "toolchain_digest", lambda packages=("dsl", "compiler"): "0" * 64)
    compiled = []
    real = pipeline.compile_spec
    monkeypatch.setattr(pipeline, "compile_spec", lambda *a: compiled.append(a) or real(*a))
    assert cli.main(["build", "--no-site"]) == 0
    assert len(compiled) == 1
    if edit != "compiler":
        assert ("Tinier" if edit == "spec" else "Hovel") in page.read_text(encoding="utf-8")


def test_a_deleted_catalogue_is_a_miss_and_its_error_is_reported(project: Path, capsys):
    assert cli.main(["build", "--no-site"]) == 0
    (project / "specs" / "tiny.cards.yaml").unlink()
    assert cli.main(["build", "--no-site"]) == 1
    assert "E0302" in capsys.readouterr().err


def test_the_site_is_built_again_when_a_docs_file_changes_or_the_site_is_gone(project: Path, sites):
    assert cli.main(["build"]) == 0
    assert cli.main(["build"]) == 0
    assert len(sites) == 1
    (project / "docs" / "index.md").write_text("# Tiny, again\n", encoding="utf-8")
    assert cli.main(["build"]) == 0
    assert len(sites) == 2
    (project / "site" / "index.html").unlink()
    assert cli.main(["build"]) == 0
    assert len(sites) == 3


def test_force_takes_nothing_from_the_cache(project: Path, sites, monkeypatch):
    assert cli.main(["build"]) == 0
    compiled = []
    real = pipeline.compile_spec
    monkeypatch.setattr(pipeline, "compile_spec", lambda *a: compiled.append(a) or real(*a))
    assert cli.main(["build", "--force"]) == 0
    assert len(compiled) == 1 and len(sites) == 2


def test_a_damaged_cache_is_a_miss_not_an_error(project: Path, capsys):
    assert cli.main(["build", "--no-site"]) == 0
    for entry in (project / cache.FOLDER).glob("*.json"):
        entry.write_text("{not json", encoding="utf-8")
    assert cli.main(["build", "--no-site"]) == 0
    assert "Traceback" not in capsys.readouterr().err
    assert cli.main(["build", "--no-site"]) == 0


def test_check_answers_from_the_cache_and_force_checks_afresh(project: Path, capsys, monkeypatch):
    assert cli.main(["check", "--verbose"]) == 0
    first = capsys.readouterr()
    assert "(cached)" not in first.out
    real = pipeline.analyse
    _no_passes(monkeypatch)
    assert cli.main(["check", "--verbose"]) == 0
    second = capsys.readouterr()
    assert "(cached)" in second.out and second.err == first.err
    monkeypatch.setattr(pipeline, "analyse", real)
    assert cli.main(["check", "--force"]) == 0
    assert "(cached)" not in capsys.readouterr().out


def test_a_check_entry_does_not_stand_for_a_build(project: Path, monkeypatch):
    """`check` records diagnostics only; the build that follows still compiles, once."""
    assert cli.main(["check"]) == 0
    compiled = []
    real = pipeline.compile_spec
    monkeypatch.setattr(pipeline, "compile_spec", lambda *a: compiled.append(a) or real(*a))
    assert cli.main(["build", "--no-site"]) == 0
    assert cli.main(["build", "--no-site"]) == 0
    assert len(compiled) == 1


def test_the_cache_folder_is_ignored_by_git(project: Path):
    assert cli.main(["build", "--no-site"]) == 0
    assert (project / cache.FOLDER / ".gitignore").read_text(encoding="utf-8") == "*\n"
    assert ".rulebook-cache/" in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()


def test_each_spec_keeps_a_few_entries(project: Path):
    spec = project / "specs" / "tiny.rules"
    text = spec.read_text(encoding="utf-8")
    for n in range(cache.KEEP + 3):
        spec.write_text(text + f"\n# edit {n}\n", encoding="utf-8")
        assert cli.main(["build", "--no-site"]) == 0
    assert len(list((project / cache.FOLDER).glob("spec-*.json"))) == cache.KEEP


def test_diagnostics_round_trip_through_the_cache():
    span = Span("specs/a.rules", 3, 2, 4, 9)
    d = Diagnostic("E0501", "unknown name `x`", span, "error", "did you mean `y`?",
                   (Note("declared here", Span("specs/a.cards.yaml", 0, 0, 0, 0)),))
    assert cache.diagnostic_from_data(cache.diagnostic_data(d)) == d
