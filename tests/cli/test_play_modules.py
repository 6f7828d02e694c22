"""``rulebook play``, ``replay`` and ``bench`` with modules and options chosen at creation
(construct 15): ``--module``, ``--option NAME=VALUE``, ``--every-combination``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers.commands import ROOT, SHORT_SEARCH, rulebook, rulebook_in_process
from tests.helpers.projects import write_specs

SPEC = (ROOT / "tests" / "compiler" / "constructs" / "game_options.rules").read_text(encoding="utf-8")


#: the construct spec in two modes, of which only `rich` offers the modules
TWO_MODES = SPEC.replace("game game_options ", "game two_modes ").replace(
    "  modules neutronide, hypersync, quantum_loops, intrigues\n", "") + (
    '\nmode plain "Plain" {\n}\n'
    '\nmode rich "Rich" {\n  modules neutronide, hypersync, quantum_loops, intrigues\n}\n')


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("options")
    write_specs(root, {"game_options.rules": SPEC, "two_modes.rules": TWO_MODES})
    assert rulebook_in_process("build", "--no-site", cwd=root).returncode == 0
    return root


def test_play_with_modules_and_options_logs_them_and_replays(project: Path):
    log = project / "game.jsonl"
    played = rulebook("play", "game_options", "--module", "intrigues", "--module", "hypersync",
                      "--option", "path=dominance", "--option", "first_game=true", "--log", str(log),
                      cwd=project)
    assert played.returncode == 0, played.stderr
    assert "after 6 rounds" in played.stdout  # Module 4: the game ends after the 6th Era
    start = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert start["modules"] == ["hypersync", "intrigues"]
    assert start["options"] == {"first_game": True, "path": "dominance"}
    again = rulebook("replay", str(log), cwd=project)
    assert again.returncode == 0 and "replay matches the log" in again.stdout


@pytest.mark.parametrize("args, words", [
    (("--module", "hypersinc"), "unknown module 'hypersinc'"),
    (("--option", "path=chaos"), "option 'path' cannot be 'chaos'"),
    (("--option", "path"), "--option takes NAME=VALUE"),
    (("--option", "first_game=yes"), "--option first_game cannot be 'yes'; its values: true, false"),
])
def test_play_refuses_a_bad_module_or_option(project: Path, args, words):
    played = rulebook("play", "game_options", *args, cwd=project)
    assert played.returncode == 2 and words in played.stderr and "Traceback" not in played.stderr


def test_bench_every_combination_has_a_row_per_module_set(project: Path):
    ran = rulebook_in_process("bench", "game_options", "--every-combination", "--players", "2",
                              "--games", "1", "--seconds", "0", "--json", *SHORT_SEARCH, cwd=project)
    assert ran.returncode == 0, ran.stderr
    modes = [row["mode"] for row in json.loads(ran.stdout)["rows"]]
    assert len(modes) == 16 and modes[0] == "standard" and "standard+hypersync+intrigues" in modes


def test_bench_with_a_module_times_the_modes_that_offer_it(project: Path):
    common = ("--players", "2", "--games", "1", "--seconds", "0", "--json", *SHORT_SEARCH)
    ran = rulebook_in_process("bench", "two_modes", "--module", "hypersync", *common, cwd=project)
    assert ran.returncode == 0, ran.stderr
    assert [row["mode"] for row in json.loads(ran.stdout)["rows"]] == ["rich+hypersync"]
    ran = rulebook_in_process("bench", "two_modes", "--mode", "plain", *common, cwd=project)
    assert ran.returncode == 0, ran.stderr
    assert [row["mode"] for row in json.loads(ran.stdout)["rows"]] == ["plain"]


def test_bench_sizes_the_mode_column_to_the_longest_name(project: Path):
    ran = rulebook_in_process("bench", "game_options", "--every-combination", "--players", "2",
                              "--games", "1", "--seconds", "0", *SHORT_SEARCH, cwd=project)
    assert ran.returncode == 0, ran.stderr
    rows = [line for line in ran.stdout.splitlines() if line.startswith("game_options ")]
    longest = "standard+neutronide+hypersync+quantum_loops+intrigues"
    assert len(rows) == 32 and any(longest in row for row in rows)
    # every row's player count ends in the same column, however long its mode's name
    assert len({row.index(" 2 ") for row in rows[:16]}) == 1


def test_a_game_played_from_a_spec_file_replays_from_its_log(tmp_path: Path):
    """Found by a fresh-user check: `rulebook play path/to/spec.rules --log g.jsonl` wrote
    a log that `rulebook replay g.jsonl` refused ("no engine for 'game_options'"); the
    log's start now names the spec, which `replay` compiles the same way."""
    spec = ROOT / "tests" / "compiler" / "constructs" / "game_options.rules"
    log = tmp_path / "g.jsonl"
    played = rulebook("play", str(spec), "--option", "path=dominance", "--log", str(log), cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    start = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert start["spec"] == str(spec.resolve())
    again = rulebook("replay", str(log), cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert "replay matches the log" in again.stdout
