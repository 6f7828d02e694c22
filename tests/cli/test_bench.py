"""`rulebook bench --json` and `--compare`: a run saved as JSON, set beside a later one,
failing on a regression past the threshold; `--quick`, the short form CI runs.  No
timing is asserted: a regression is made by editing a saved run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from compiler import runner
from compiler.cli import progress
from compiler.tools import benchmark
from tests.helpers.commands import ROOT, SHORT_SEARCH, rulebook, rulebook_in_process

SOLO = ("utopolis", "--games", "1", "--seconds", "0", "--players", "1")
#: the tests of the command's mechanics: a short walk and search loop (``saved`` keeps the
#: full tree-search measure of the real spec)
SHORT = (*SOLO, *SHORT_SEARCH)


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A run of the solo modes saved with --json."""
    result = rulebook_in_process("bench", *SOLO, "--json")
    assert result.returncode == 0, result.stderr
    path = tmp_path_factory.mktemp("bench") / "run.json"
    path.write_text(result.stdout, encoding="utf-8")
    return path


def test_json_holds_every_row_with_its_speeds(saved: Path):
    run = json.loads(saved.read_text(encoding="utf-8"))
    assert run["format"] == benchmark.FORMAT and run["calibration"] > 0 and run["quick"] is False
    assert {r["mode"] for r in run["rows"]} == {"solo", "solo_easy", "solo_hard", "solo_family"}
    for row in run["rows"]:
        assert row["game"] == "utopolis" and row["players"] == 1 and row["games"] >= 1
        assert row["actions"] > 0 and row["actions_per_second"] > 0 and row["relative"] > 0
    assert benchmark.load(saved).rows[0].key == ("utopolis", "solo", 1)
    assert [(r["mode"], r["players"]) for r in run["search"]] == [(r["mode"], 1) for r in run["rows"]]
    for row in run["search"]:
        assert row["early_at"] == 10 and row["late_at"] > 10 and row["loops_per_second"] > 0
        assert min(row["early_clone_us"], row["early_apply_us"], row["late_clone_us"],
                   row["late_apply_us"], row["relative"]) > 0


def test_a_run_saved_before_the_search_rows_still_loads(saved: Path, tmp_path: Path):
    run = json.loads(saved.read_text(encoding="utf-8"))
    del run["search"]
    older = tmp_path / "older.json"
    older.write_text(json.dumps(run), encoding="utf-8")
    assert benchmark.load(older).search == [] and len(benchmark.load(older).rows) == 4


def test_compare_with_the_same_engine_passes_a_gross_threshold(saved: Path):
    # a fresh process: the test process's big heap makes a one-game timing slow by chance
    result = rulebook("bench", *SHORT, "--compare", str(saved), "--threshold", "1000")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "compared with the saved run" in result.stdout
    assert "no row slower than 11.00x the saved run" in result.stdout


def test_compare_fails_on_a_regression_and_prints_the_table(saved: Path, tmp_path: Path):
    run = json.loads(saved.read_text(encoding="utf-8"))
    for row in run["rows"]:
        row["relative"] *= 100  # the saved engine was a hundred times faster
    faster = tmp_path / "faster.json"
    faster.write_text(json.dumps(run), encoding="utf-8")
    result = rulebook_in_process("bench", *SHORT, "--json", "--compare", str(faster))
    assert result.returncode == 1
    json.loads(result.stdout)  # stdout stays the JSON of the run; the table goes to stderr
    assert "REGRESSION" in result.stderr and "4 row(s) slower than 1.30x the saved run" in result.stderr


def test_compare_names_rows_missing_on_either_side(saved: Path, tmp_path: Path):
    run = json.loads(saved.read_text(encoding="utf-8"))
    run["rows"][0]["mode"] = "retired_mode"
    for row in run["rows"]:  # no row can be slower than this run: the names are what is tested
        row["relative"] /= 1000
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(run), encoding="utf-8")
    result = rulebook_in_process("bench", *SHORT, "--compare", str(edited), "--threshold", "1000")
    assert result.returncode == 0
    assert "not in the saved run" in result.stdout and "not measured now" in result.stdout


@pytest.mark.parametrize("content", ["", "{}", '{"format": 99}', "[1, 2]"])
def test_a_file_that_is_not_a_saved_run_fails_before_timing(tmp_path: Path, content: str):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    result = rulebook_in_process("bench", *SOLO, "--compare", str(path))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("rulebook: ") and "Traceback" not in result.stderr


def test_walk_and_search_seconds_shorten_the_tree_search_rows():
    result = rulebook_in_process("bench", *SHORT, "--json")
    assert result.returncode == 0, result.stderr
    search = json.loads(result.stdout)["search"]
    assert len(search) == 4 and all(row["early_at"] == 10 and row["late_at"] == 50 for row in search)
    assert all(row["loops"] == 32 and row["late_clone_us"] > 0 and row["late_apply_us"] > 0 for row in search)


def test_quick_plays_each_mode_once_at_its_smallest_count_of_two_or_more():
    rows = runner.bench_rows(["utopolis"], None, ROOT)
    quick = benchmark.quick_rows(rows)
    modes = {mode for _, _, mode, _ in rows}
    assert sorted(mode for _, _, mode, _ in quick) == sorted(modes)
    for _, module, mode, n in quick:
        counts = module.Game.player_counts(mode)
        assert n == (min(c for c in counts if c >= 2) if max(counts) >= 2 else counts[0])


# Found by a fresh-user check: help and README said --quick plays one game of each mode,
# but it played each row for 0.2 s, silently over --games and --seconds; and the README
# put the 3x threshold of CI's command on --quick itself.
def test_quick_is_what_help_and_readme_say(capsys):
    from compiler import cli

    assert benchmark.games_and_seconds(True, None, None) == (1, benchmark.QUICK_SECONDS)
    assert benchmark.games_and_seconds(True, 3, None) == (3, benchmark.QUICK_SECONDS)
    assert benchmark.games_and_seconds(True, None, 0) == (1, 0)
    assert benchmark.games_and_seconds(False, None, None) == (5, 1.0)
    with pytest.raises(SystemExit):
        cli.main(["bench", "--help"])
    words = " ".join(capsys.readouterr().out.split())
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    ci = next(line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
              if line.startswith("rulebook bench --quick"))
    quick = f"one game or {benchmark.QUICK_SECONDS:g} s of games unless --games or --seconds say otherwise"
    assert quick in words and quick.replace("--games", "`--games`").replace("--seconds", "`--seconds`") \
        in readme
    assert "(default 5; 1 with --quick)" in words and "(default 1; 0.2 with --quick)" in words
    assert ci.split(" --compare")[1] in words
    assert f"CI runs `{ci}`, which fails only when an engine is 3 times slower" in readme


def test_bench_progress_reaches_the_whole_row():
    module = runner.load_game("utopolis", ROOT)
    heard: list[float] = []
    played, _, _ = runner.bench(module, "solo", 1, 3, 0.0, progress=heard.append)
    assert played == 3 and heard == pytest.approx([1 / 3, 2 / 3, 1.0])


def test_no_bar_is_drawn_under_pytest_or_into_a_pipe():
    assert not progress.shown()
    with progress.progress() as bars:
        task = bars.task("nothing", 3)
        task.update(2)
        task.finish()
    result = rulebook("bench", *SHORT)
    assert result.returncode == 0 and result.stderr == ""


def test_a_bar_shows_its_description_as_data(capsys):
    """A spec's name in a bar (``mutate``, ``fuzz``) is escaped like every other line."""
    with progress.progress(show=True) as bars:
        task = bars.task("spec [bold]\x1b[31mred", 2)
        task.update(1, "spec [bold]\x1b]0;title\x07")
        assert bars._progress.tasks[0].description == "spec \\[bold]\\x1b]0;title\\x07"
        task.finish()
    err = capsys.readouterr().err
    assert "\x1b]0" not in err and "\x07" not in err
