"""The `rulebook` command as a user runs it: build, check, play, replay, bench."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.helpers.commands import ROOT, SHORT_SEARCH, read_log, rulebook, rulebook_in_process, write_log
from tests.helpers.projects import copy_project


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    """A copy of the project's inputs (specs, docs, mkdocs.yml) to build in."""
    return copy_project(tmp_path, "specs", "docs", "mkdocs.yml")


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, subprocess.CompletedProcess]:
    """A copy of the project's inputs after a first ``rulebook build --no-site`` in it, and
    that build's result (the tests that need a built project share this one build)."""
    project = copy_project(tmp_path_factory.mktemp("built"), "specs", "docs", "mkdocs.yml")
    return project, rulebook("build", "--no-site", cwd=project)


def test_build_writes_engines_and_pages_then_rewrites_nothing(built):
    project, first = built
    assert first.returncode == 0, first.stderr
    engine = project / "generated" / "utopolis.py"
    page = project / "docs" / "games" / "utopolis.md"
    assert engine.read_text() == (ROOT / "generated" / "utopolis.py").read_text()
    assert page.read_text() == (ROOT / "docs" / "games" / "utopolis.md").read_text()
    assert "utopolis" in first.stdout and "phases" in first.stdout and "actions" in first.stdout
    stamps = {p: p.stat().st_mtime_ns for p in (project / "generated").glob("*.py")}
    second = rulebook_in_process("build", "--no-site", cwd=project)
    assert second.returncode == 0
    assert "(unchanged)" in second.stdout
    assert {p: p.stat().st_mtime_ns for p in stamps} == stamps


def test_a_broken_spec_fails_with_diagnostics_and_keeps_the_previous_engine(built, tmp_path: Path):
    assert built[1].returncode == 0, built[1].stderr
    project = shutil.copytree(built[0], tmp_path / "project")
    engine = project / "generated" / "utopolis.py"
    before = engine.read_text()
    spec = project / "specs" / "utopolis.rules"
    spec.write_text(spec.read_text().replace("require count my city < city_limit",
                                             "require count my city < city_limt", 1))
    result = rulebook_in_process("build", "--no-site", cwd=project)
    assert result.returncode == 1
    assert "specs/utopolis.rules:" in result.stderr
    assert "unknown name `city_limt`" in result.stderr
    assert "did you mean `city_limit`?" in result.stderr
    assert "^" in result.stderr and "Traceback" not in result.stderr
    assert "FAILED" in result.stdout
    assert engine.read_text() == before
    assert not list((project / "generated").glob(".*.tmp"))



# Found by verify8: a second spec naming the same game overwrote the first's engine and page,
# and both builds "succeeded"; a page that could not be written left a new engine beside
# the old page.
def test_a_second_spec_of_the_same_game_is_e0010_and_writes_nothing(tmp_path: Path, monkeypatch, capsys):
    from compiler import cli
    from compiler.cli import building
    from dsl.code_examples import MINIMAL_SPEC
    from tests.helpers.projects import write_specs

    copy = MINIMAL_SPEC.replace('"Tiny"', '"Evil copy"', 1)
    assert copy != MINIMAL_SPEC
    specs = write_specs(tmp_path, {"a.rules": MINIMAL_SPEC, "b.rules": copy})
    monkeypatch.chdir(tmp_path)
    assert cli.main(["build", "--no-site"]) == 1
    out = capsys.readouterr()
    assert "specs/b.rules:1:1: error[E0010]: game `tiny` is built by another spec, specs/a.rules" \
        in out.err
    assert "b            FAILED" in out.out
    for built in (tmp_path / "generated" / "tiny.py", tmp_path / "docs" / "games" / "tiny.md"):
        assert "Evil copy" not in built.read_text(encoding="utf-8")
    # watch keeps the claims across rebuilds; a spec that renames its game is free to build
    claimed: dict[str, Path] = {}
    assert building.build_one(specs / "a.rules", tmp_path, claimed=claimed)[1]
    assert not building.build_one(specs / "b.rules", tmp_path, claimed=claimed)[1]
    assert building.build_one(specs / "a.rules", tmp_path, claimed=claimed)[1]  # itself again: fine
    (specs / "b.rules").write_text(copy.replace("game tiny", "game other", 1), encoding="utf-8")
    assert building.build_one(specs / "b.rules", tmp_path, claimed=claimed)[1]
    assert (tmp_path / "generated" / "other.py").exists()


# Found by a fresh-user check: removing a spec left its engine, its page and its nav entry.
def test_a_build_removes_the_outputs_of_a_removed_spec_and_nothing_it_did_not_make(
        tmp_path: Path, monkeypatch, capsys):
    from compiler import cli
    from dsl.code_examples import MINIMAL_SPEC
    from tests.helpers.projects import write_specs

    specs = write_specs(tmp_path, {"tiny.rules": MINIMAL_SPEC,
                                   "other.rules": MINIMAL_SPEC.replace("game tiny", "game other", 1)})
    (tmp_path / "mkdocs.yml").write_text("nav:\n  - Games:\n      - Other: games/other.md\n",
                                         encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert cli.main(["build", "--no-site"]) == 0
    gen, pages = tmp_path / "generated", tmp_path / "docs" / "games"

    def engines() -> list[str]:  # the modules of generated/ besides the package's own
        return sorted(p.name for p in gen.glob("*.py") if not p.name.startswith("_"))

    mine = [gen / "notes.py", pages / "notes.md"]  # written by a person: no build mark
    for path in mine:
        path.write_text("a person wrote this\n", encoding="utf-8")
    (specs / "other.rules").unlink()
    (specs / "broken.rules").write_text("game {", encoding="utf-8")
    assert cli.main(["build", "--no-site"]) == 1
    assert (gen / "other.py").exists() and (pages / "other.md").exists()  # whose game is unknown?
    (specs / "broken.rules").unlink()
    capsys.readouterr()
    assert cli.main(["build", "--no-site"]) == 0
    out = capsys.readouterr().out
    assert engines() == ["notes.py", "tiny.py"]
    assert sorted(p.name for p in pages.glob("*.md")) == ["notes.md", "tiny.md"]
    assert "removed      generated/other.py: no spec builds game `other`" in out
    assert "mkdocs.yml   names games/other.md in its nav, which no spec builds" in out
    # a spec that renames its game leaves the old name's outputs behind no more
    (specs / "tiny.rules").write_text(MINIMAL_SPEC.replace("game tiny", "game small", 1), encoding="utf-8")
    assert cli.main(["build", "--no-site"]) == 0
    assert engines() == ["notes.py", "small.py"]


# Found by a fresh-user check: `check` passed two specs of one game that `build` refuses.
def test_check_reports_e0010_as_build_does_alone_together_and_from_the_cache(
        tmp_path: Path, monkeypatch, capsys):
    from compiler import cli
    from dsl.code_examples import MINIMAL_SPEC
    from tests.helpers.projects import write_specs

    write_specs(tmp_path, {"a.rules": MINIMAL_SPEC, "b.rules": MINIMAL_SPEC.replace('"Tiny"', '"Copy"', 1)})
    monkeypatch.chdir(tmp_path)
    expected = "specs/b.rules:1:1: error[E0010]: game `tiny` is built by another spec, specs/a.rules"
    for argv in (["check"], ["check", "specs/b.rules"], ["check", "specs/b.rules"], ["build", "--no-site"],
                 ["check", "--force", "specs/b.rules", "specs/a.rules"]):
        assert cli.main(argv) == 1, argv
        err = capsys.readouterr().err
        assert err.count(expected) == 1 and "E0010" not in err.replace(expected, ""), (argv, err)
    assert cli.main(["check", "specs/a.rules"]) == 0
    capsys.readouterr()


def test_check_of_one_spec_checks_no_other_spec_that_cannot_build_its_game(
        tmp_path: Path, monkeypatch, capsys):
    """E0010 needs the specs built before this one only when they may build its game: a
    spec whose text never names it is not checked (``check b.rules`` stays one compile)."""
    from compiler import cli, pipeline
    from dsl.code_examples import MINIMAL_SPEC
    from tests.helpers.projects import write_specs

    write_specs(tmp_path, {"a.rules": MINIMAL_SPEC.replace("game tiny", "game other", 1),
                           "b.rules": MINIMAL_SPEC})
    monkeypatch.chdir(tmp_path)
    analysed = []
    real = pipeline.analyse
    monkeypatch.setattr(pipeline, "analyse",
                        lambda path, *a: analysed.append(Path(path).name) or real(path, *a))
    assert cli.main(["check", "--force", "specs/b.rules"]) == 0
    assert analysed == ["b.rules"]
    assert "b.rules: 0 error(s)" in capsys.readouterr().out


def test_an_engine_is_put_back_when_its_page_cannot_be_written(tmp_path: Path):
    from compiler import build
    from dsl.code_examples import MINIMAL_SPEC
    from tests.helpers.projects import write_specs

    specs = write_specs(tmp_path, {"tiny.rules": MINIMAL_SPEC})
    engine, page = tmp_path / "generated" / "tiny.py", tmp_path / "docs" / "games" / "tiny.md"
    page.mkdir(parents=True)  # a folder where the page belongs: the page cannot be written
    result, changed = build.build_spec(specs / "tiny.rules", tmp_path)
    assert [d.code for d in result.diagnostics] == ["E0009"] and not changed
    assert not engine.exists()
    engine.write_text("previous engine\n", encoding="utf-8")
    result, changed = build.build_spec(specs / "tiny.rules", tmp_path)
    assert [d.code for d in result.diagnostics] == ["E0009"] and not changed
    assert engine.read_text(encoding="utf-8") == "previous engine\n"
    assert not [p for p in tmp_path.rglob("*") if p.name.endswith(".tmp")]


def test_check_json_lists_diagnostics(project: Path):
    spec = project / "specs" / "utopolis.rules"
    spec.write_text(spec.read_text().replace("actions build, finish", "actions buidl, finish", 1))
    result = rulebook_in_process("check", "--format", "json", cwd=project)
    assert result.returncode == 1
    report = json.loads(result.stdout)
    diags = next(r for r in report if r["spec"].endswith("utopolis.rules"))["diagnostics"]
    assert any(d["code"] == "E0501" and "buidl" in d["message"] for d in diags)
    first = next(d for d in diags if "buidl" in d["message"])
    assert set(first) >= {"code", "severity", "message", "file", "line", "column", "end_line",
                          "end_column", "hint", "notes"}
    line = spec.read_text().splitlines()[first["line"] - 1]
    assert line[first["column"] - 1:first["end_column"] - 1] == "buidl"


def test_check_passes_on_the_real_specs():
    result = rulebook("check")
    assert result.returncode == 0, result.stderr
    assert "0 error(s)" in result.stdout


def test_play_then_replay_reaches_the_same_end(tmp_path: Path):
    log = tmp_path / "game.jsonl"
    played = rulebook("play", "utopolis", "--mode", "family", "--players", "4", "--seed", "1",
                      "--bots", "random", "--log", str(log))
    assert played.returncode == 0, played.stderr
    assert "winner: player" in played.stdout
    events = read_log(log)
    assert events[0]["event"] == "start" and events[-1]["event"] == "end"
    assert sum(e["event"] == "action" for e in events) > 100
    replayed = rulebook("replay", str(log))
    assert replayed.returncode == 0, replayed.stderr
    assert "replay matches the log" in replayed.stdout
    events[-1]["scores"][0] += 1
    assert rulebook("replay", str(write_log(log, events))).returncode == 1


# Found by a fresh-user check: Pig's status line said "round 0"; its flow counts no rounds.
def test_the_status_line_of_a_game_without_rounds_names_none(tmp_path: Path):
    from tests.helpers.projects import write_specs

    pig = (ROOT / "docs" / "examples" / "pig.rules").read_text(encoding="utf-8")
    write_specs(tmp_path, {"pig.rules": pig})
    assert rulebook_in_process("build", "--no-site", cwd=tmp_path).returncode == 0
    played = rulebook_in_process("play", "pig", "--seed", "2", cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    status, *_, summary = played.stdout.splitlines()
    assert status.startswith("Pig (standard), phase play, first player ") and "round" not in status
    assert summary.startswith("game over after ") and "rounds" not in summary
    # the spec, compiled in memory
    by_file = rulebook_in_process("play", "specs/pig.rules", "--seed", "2", cwd=tmp_path)
    assert by_file.returncode == 0 and by_file.stdout == played.stdout
    utopolis = rulebook_in_process("play", "utopolis", "--seed", "2").stdout.splitlines()
    assert ", round " in utopolis[0] and " rounds and " in utopolis[-1]


def test_play_refuses_a_bad_mode_or_player_count():
    bad_mode = rulebook_in_process("play", "utopolis", "--mode", "nightmare", "--players", "3")
    assert bad_mode.returncode == 2 and "unknown mode 'nightmare'" in bad_mode.stderr
    bad_count = rulebook_in_process("play", "utopolis", "--mode", "solo", "--players", "3")
    assert bad_count.returncode == 2 and "is for 1 player only, not 3" in bad_count.stderr


def test_bench_prints_games_and_actions_per_second():
    result = rulebook_in_process("bench", "utopolis", "--games", "1", "--seconds", "0", "--players", "1",
                                 *SHORT_SEARCH)
    assert result.returncode == 0, result.stderr
    games, search = result.stdout.split("\n\n")
    rows = [line.split() for line in games.splitlines()[1:]]
    assert {r[1] for r in rows} == {"solo", "solo_easy", "solo_hard", "solo_family"}
    assert all(float(r[4]) > 0 and float(r[5]) > 0 for r in rows)
    # the tree-search table: clone and apply after 10 actions and later, loops per second
    assert search.startswith("tree search") and search.splitlines()[1].split()[3:] == [
        "clone", "apply", "at", "clone", "apply", "loops/s"]
    rows = [line.split() for line in search.splitlines()[2:]]
    assert {r[1] for r in rows} == {"solo", "solo_easy", "solo_hard", "solo_family"}
    assert all(float(r[3]) > 0 and int(r[5]) > 10 and float(r[8]) > 0 for r in rows)


def test_counts_in_the_play_summary_agree_with_their_number():
    """`1 round`, `1 player`, `2 actions`: found by the fresh-user check ("1 rounds")."""
    from compiler.runner import counted

    assert [counted(1, "round"), counted(2, "round"), counted(0, "player"), counted(1, "action")] == \
        ["1 round", "2 rounds", "0 players", "1 action"]


def test_the_site_is_built_in_process_and_a_warning_or_a_bad_config_fails_it(tmp_path: Path):
    """``build.build_site`` runs mkdocs in this process, as ``mkdocs build --strict``: a
    warning (a nav entry whose page is missing) fails it, and so does a config mkdocs
    refuses, each said on ``stderr``; mkdocs' logger is left as it was found."""
    import logging

    from compiler import build

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    config = tmp_path / "mkdocs.yml"
    config.write_text("site_name: tiny\nnav:\n  - Home: index.md\n", encoding="utf-8")
    logger = logging.getLogger("mkdocs")
    before = logger.level, logger.propagate, list(logger.handlers)
    done = build.build_site(tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Home" in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    config.write_text("site_name: tiny\nnav:\n  - Home: index.md\n  - Gone: gone.md\n", encoding="utf-8")
    failed = build.build_site(tmp_path)
    assert failed.returncode == 1 and "gone.md" in failed.stderr, failed.stderr
    config.write_text("site_name: tiny\ntheme: no_such_theme\n", encoding="utf-8")
    refused = build.build_site(tmp_path)
    assert refused.returncode == 1 and "no_such_theme" in refused.stderr, refused.stderr
    assert (logger.level, logger.propagate, list(logger.handlers)) == before
