"""`rulebook watch`: an initial build, then a rebuild of just the spec a change set
touches (a catalogue change rebuilds the spec that reads it); Ctrl-C exits with 0.
The loop is fed change sets from a list, as watchfiles would yield them."""

from __future__ import annotations

from pathlib import Path

import pytest
import watchfiles
from watchfiles import Change

from compiler import cli, pipeline
from compiler.tools.watch import SpecWatch, is_watched
from tests.compiler.test_construct_let_best import CARDS, SPEC
from tests.helpers.projects import write_specs


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    other = SPEC.replace('game mini "Mini"', 'game other "Other"').replace("mini.cards", "other.cards")
    write_specs(tmp_path, {"mini.rules": SPEC, "mini.cards.yaml": CARDS,
                           "other.rules": other, "other.cards.yaml": CARDS})
    monkeypatch.chdir(tmp_path)
    return tmp_path


def changed(*paths: Path, kind: Change = Change.modified) -> set[tuple[Change, str]]:
    return {(kind, str(p)) for p in paths}


def test_only_the_changed_spec_rebuilds(project: Path, capsys):
    specs = project / "specs"
    built: list[str] = []

    def build(path: Path) -> pipeline.CompileResult:
        built.append(path.stem)
        return cli.building.build_one(path, project)[0]

    sites: list[int] = []
    watch = SpecWatch(project, None, specs, build=build, after=lambda: sites.append(len(built)))
    batches = watch.run([
        changed(specs / "mini.rules"),
        changed(specs / "other.cards.yaml"),         # a catalogue: the spec reading it
        changed(project / "notes.txt"),               # nothing to do with a spec
        changed(specs / "mini.rules", specs / "other.rules"),
    ])
    assert built == ["mini", "other", "mini", "other", "mini", "other"]
    assert batches == 3
    assert sites == [2, 3, 4, 6]  # `--site`: the site is rebuilt once after each batch
    assert (project / "generated" / "mini.py").is_file()
    assert (project / "docs" / "games" / "other.md").is_file()
    assert watch.catalogues[(specs / "mini.rules").resolve()] == {(specs / "mini.cards.yaml").resolve()}
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 6 and out[0].startswith("mini ") and out[2].endswith("s (unchanged)")


def test_a_broken_save_reports_diagnostics_and_keeps_the_output(project: Path, capsys):
    specs = project / "specs"
    watch = SpecWatch(project, [specs / "mini.rules"], specs,
                      build=lambda path: cli.building.build_one(path, project)[0])
    engine = project / "generated" / "mini.py"

    def edits():
        yield set()
        before = engine.read_text(encoding="utf-8")
        (specs / "mini.rules").write_text(SPEC.replace("score best_tile.value", "score best_tile.valu"),
                                          encoding="utf-8")
        yield changed(specs / "mini.rules")
        assert engine.read_text(encoding="utf-8") == before
        (specs / "other.rules").unlink()  # not watched: `mini.rules` was named
        yield changed(specs / "other.rules", kind=Change.deleted)

    assert watch.run(edits()) == 1
    captured = capsys.readouterr()
    assert "mini         FAILED: 1 error(s); previous output left in place" in captured.out
    assert "valu" in captured.err


def test_a_new_spec_is_adopted_and_a_deleted_one_dropped(project: Path):
    specs = project / "specs"
    built: list[str] = []
    said: list[str] = []
    watch = SpecWatch(project, None, specs, build=lambda p: built.append(p.stem) or pipeline.analyse(p),
                      say=said.append)

    def edits():
        (specs / "third.rules").write_text("game third \"T\" {\n}\n", encoding="utf-8")
        yield changed(specs / "third.rules", kind=Change.added)
        (specs / "other.rules").unlink()
        yield changed(specs / "other.rules", kind=Change.deleted)

    watch.run(edits())
    assert built == ["mini", "other", "third"]
    assert said == ["other        removed"]  # nothing was written for it


# Found auditing `rulebook build`, which left a removed spec's engine and page behind: so
# did watch, and a new spec of the removed spec's game was E0010 against a spec now gone.
def test_a_deleted_spec_takes_its_engine_and_page_and_frees_its_game(project: Path, capsys):
    specs, claimed, said = project / "specs", {}, []
    watch = SpecWatch(project, None, specs, say=said.append,
                      build=lambda p: cli.building.build_one(p, project, claimed=claimed)[0])
    outputs = [project / "generated" / "other.py", project / "docs" / "games" / "other.md"]

    def edits():
        assert all(p.exists() for p in outputs)
        (specs / "other.rules").unlink()
        yield changed(specs / "other.rules", kind=Change.deleted)
        (specs / "again.rules").write_text(SPEC.replace('game mini "Mini"', 'game other "Again"')
                                           .replace("mini.cards", "other.cards"), encoding="utf-8")
        yield changed(specs / "again.rules", kind=Change.added)

    watch.run(edits())
    assert said == ["other        removed; so are generated/other.py, docs/games/other.md"]
    assert "E0010" not in capsys.readouterr().err
    assert all(p.exists() for p in outputs) and "Again" in outputs[1].read_text(encoding="utf-8")


def test_the_command_builds_then_rebuilds_and_exits_0_on_ctrl_c(project: Path, monkeypatch, capsys):
    seen = {}

    def fake_watch(*paths, watch_filter, **kwargs):
        seen["paths"] = paths
        assert watch_filter(Change.modified, "/x/specs/a.rules") and not watch_filter(Change.added, "/x/a.py")
        yield set()  # the watcher is running
        yield changed(project / "specs" / "other.rules")
        raise KeyboardInterrupt

    monkeypatch.setattr(watchfiles, "watch", fake_watch)
    assert cli.main(["watch"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert seen["paths"] == ((project / "specs").resolve(),)
    assert out[0].startswith("watching ") and out[-1] == "stopped watching"
    assert [line.split()[1] for line in out[1:-1]] == ["mini", "other", "other"]
    assert (project / "generated" / "_runtime" / "__init__.py").is_file()
    assert not (project / "site").exists()


def test_only_specs_and_catalogues_are_watched():
    assert is_watched("/p/specs/a.rules") and is_watched("/p/specs/a.cards.yaml")
    assert not is_watched("/p/specs/.a.rules.swp") and not is_watched("/p/specs/a.py")
    assert not is_watched("/p/specs/.#a.rules")


def test_a_missing_spec_is_bad_usage(project: Path, capsys):
    assert cli.main(["watch", "specs/nope.rules"]) == 2
    assert "no such spec" in capsys.readouterr().err


def test_a_real_watcher_rebuilds_on_save_and_stops_on_sigint(project: Path):
    """One end-to-end run with watchfiles and a real Ctrl-C (SIGINT)."""
    import os
    import queue
    import signal
    import subprocess
    import sys
    import threading

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    proc = subprocess.Popen([sys.executable, "-m", "compiler.cli", "watch", "specs/mini.rules"],
                            cwd=project, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in proc.stdout], daemon=True).start()

    def next_status() -> str:
        while True:
            line = lines.get(timeout=60)
            if " mini " in line:
                return line

    try:
        assert "(unchanged)" not in next_status()  # the initial build writes the engine
        spec = project / "specs" / "mini.rules"
        saved = spec.with_name(".mini.rules.tmp")  # saved as editors do: a temporary file renamed
        saved.write_text(spec.read_text(encoding="utf-8").replace('"Grab the best tile"', '"Grab!"'),
                         encoding="utf-8")
        os.replace(saved, spec)
        assert "(unchanged)" not in next_status()  # the page changed
        assert "Grab!" in (project / "docs" / "games" / "mini.md").read_text(encoding="utf-8")
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=60) == 0
    finally:
        proc.kill()


def test_a_spec_outside_a_project_is_refused_not_built_into_this_one(project: Path, tmp_path: Path,
                                                                    monkeypatch, capsys):
    """Watching a copy of a spec kept elsewhere must not write this project's engines."""
    def fake_watch(*paths, watch_filter, **kwargs):
        yield set()
        raise KeyboardInterrupt

    monkeypatch.setattr(watchfiles, "watch", fake_watch)
    stray = tmp_path / "elsewhere" / "mini.rules"
    stray.parent.mkdir()
    stray.write_text((project / "specs" / "mini.rules").read_text(encoding="utf-8"), encoding="utf-8")
    assert cli.main(["watch", str(stray)]) == 2
    assert "is not in a project's specs/ folder" in capsys.readouterr().err
    assert not (project / "generated" / "mini.py").exists()
