"""The `rulebook` command on bad input: a clear `rulebook: ...` message, the
right exit status (2 bad usage or input, 1 a diverging replay), no traceback,
and nothing changed on disk."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from compiler import cli, pipeline, runner
from tests.helpers.commands import (ROOT, SHORT_SEARCH, python, read_log, rulebook, rulebook_in_process,
                                    write_log)
from tests.helpers.projects import write_specs


def refused(result: subprocess.CompletedProcess, code: int, *fragments: str) -> str:
    """Assert a clean refusal: exit ``code``, one `rulebook:` message containing
    every fragment, no traceback.  Returns the message."""
    err = result.stderr
    assert result.returncode == code, (result.returncode, result.stdout[-500:], err)
    assert "Traceback" not in err and err.strip().count("\n") == 0, err
    assert err.startswith("rulebook: "), err
    for fragment in fragments:
        assert fragment in err, (fragment, err)
    return err


# ---------------------------------------------------------------- replay


@pytest.fixture(scope="module")
def events(tmp_path_factory) -> list[dict]:
    """The events of a short two-player game, as `rulebook play --log` writes them."""
    log = tmp_path_factory.mktemp("log") / "game.jsonl"
    played = rulebook("play", "utopolis", "--mode", "family", "--players", "2", "--seed", "1",
                      "--log", str(log))
    assert played.returncode == 0, played.stderr
    return read_log(log)


def replay(path: Path) -> subprocess.CompletedProcess:
    """``rulebook replay PATH`` run in this process (``cli.main``: the command's code, exit
    status and output, without the new interpreter each command costs); the first test
    runs the real command."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(["replay", str(path)])
    return subprocess.CompletedProcess(["rulebook", "replay", str(path)], status, out.getvalue(),
                                       err.getvalue())


def test_the_unedited_log_replays(tmp_path: Path, events):
    result = rulebook("replay", str(write_log(tmp_path / "g.jsonl", events)))
    assert result.returncode == 0, result.stderr
    assert "replay matches the log" in result.stdout


def test_empty_log(tmp_path: Path):
    log = tmp_path / "g.jsonl"
    log.write_text("")
    refused(replay(log), 2, "empty")
    log.write_text("\n  \n")
    refused(replay(log), 2, "empty")


def test_missing_log_or_a_directory(tmp_path: Path):
    refused(replay(tmp_path / "nope.jsonl"), 2, "no such file", "nope.jsonl")
    refused(replay(tmp_path), 2, "directory")


def test_log_truncated_mid_line(tmp_path: Path, events):
    text = "".join(json.dumps(e) + "\n" for e in events[:6])
    log = tmp_path / "g.jsonl"
    log.write_text(text[:-20], encoding="utf-8")
    refused(replay(log), 2, "line 6", "not valid JSON")


def test_a_line_that_is_not_json(tmp_path: Path, events):
    log = write_log(tmp_path / "g.jsonl", events)
    lines = log.read_text().splitlines()
    lines[2] = "this is not json"
    log.write_text("\n".join(lines) + "\n")
    refused(replay(log), 2, "line 3", "not valid JSON")
    lines[2] = "[1, 2]"
    log.write_text("\n".join(lines) + "\n")
    refused(replay(log), 2, "line 3", "JSON object")


def test_a_log_that_is_not_utf8(tmp_path: Path):
    log = tmp_path / "g.jsonl"
    log.write_bytes(b"\xff\xfe\x00garbage")
    refused(replay(log), 2, "UTF-8")


def test_log_truncated_on_a_line_boundary_exits_1(tmp_path: Path, events):
    refused(replay(write_log(tmp_path / "g.jsonl", events[:40])), 1, "no end event", "line 40")
    refused(replay(write_log(tmp_path / "g.jsonl", events[:-1])), 1, "no end event")
    refused(replay(write_log(tmp_path / "g.jsonl", events[:1])), 1, "no end event")


@pytest.mark.parametrize("key", ["game", "mode", "players", "seed"])
def test_start_event_missing_a_field(tmp_path: Path, events, key):
    edited = copy.deepcopy(events)
    del edited[0][key]
    refused(replay(write_log(tmp_path / "g.jsonl", edited)), 2, "line 1", repr(key))


def test_start_event_missing(tmp_path: Path, events):
    refused(replay(write_log(tmp_path / "g.jsonl", events[1:])), 2, "line 1", "start event")


@pytest.mark.parametrize("key,value,message", [
    ("mode", "nope", "unknown mode 'nope'"),
    ("players", 9, "not 9"),
    ("players", "2", "'players'"),
    ("players", True, "'players'"),
    ("seed", "abc", "'seed'"),
    ("game", "chess", "no engine for 'chess'"),
    ("game", "_runtime", "no engine for '_runtime'"),
])
def test_bad_start_event(tmp_path: Path, events, key, value, message):
    edited = copy.deepcopy(events)
    edited[0][key] = value
    refused(replay(write_log(tmp_path / "g.jsonl", edited)), 2, "line 1", message)


@pytest.mark.parametrize("key", ["player", "name", "args"])
def test_action_event_missing_a_field(tmp_path: Path, events, key):
    edited = copy.deepcopy(events)
    del edited[3][key]
    refused(replay(write_log(tmp_path / "g.jsonl", edited)), 2, "line 4", repr(key))


@pytest.mark.parametrize("key,value", [("args", 5), ("args", None), ("player", "0"),
                                       ("player", None), ("name", 3)])
def test_action_event_with_a_field_of_the_wrong_type(tmp_path: Path, events, key, value):
    edited = copy.deepcopy(events)
    edited[3][key] = value
    refused(replay(write_log(tmp_path / "g.jsonl", edited)), 2, "line 4", repr(key))


@pytest.mark.parametrize("args", [[12345], [-1], ["x"], [None], [1.5], [[1, 2, 3, 4, 5]], []])
def test_edited_args_diverge_at_their_line(tmp_path: Path, events, args):
    edited = copy.deepcopy(events)
    edited[4]["args"] = args
    refused(replay(write_log(tmp_path / "g.jsonl", edited)), 1, "DIVERGES", "line 5")


def test_edited_player_or_action_name_diverges(tmp_path: Path, events):
    edited = copy.deepcopy(events)
    edited[4]["player"] = 1 - edited[4]["player"]
    refused(replay(write_log(tmp_path / "g.jsonl", edited)), 1, "DIVERGES", "line 5")
    edited = copy.deepcopy(events)
    edited[4]["name"] = "no_such_action"
    refused(replay(write_log(tmp_path / "g.jsonl", edited)), 1, "DIVERGES", "line 5")


def test_edited_seed_diverges(tmp_path: Path, events):
    edited = copy.deepcopy(events)
    edited[0]["seed"] += 1
    refused(replay(write_log(tmp_path / "g.jsonl", edited)), 1, "DIVERGES", "line ")


def test_a_dropped_line_diverges(tmp_path: Path, events):
    edited = events[:7] + events[8:]
    refused(replay(write_log(tmp_path / "g.jsonl", edited)), 1, "DIVERGES", "line ")


def test_an_action_after_the_game_is_over_diverges(tmp_path: Path, events):
    edited = events[:-1] + [events[5]] + events[-1:]
    refused(replay(write_log(tmp_path / "g.jsonl", edited)), 1, "DIVERGES",
            f"line {len(events)}", "over")


def test_end_event_too_early_diverges(tmp_path: Path, events):
    edited = events[:30] + events[-1:]
    refused(replay(write_log(tmp_path / "g.jsonl", edited)), 1, "DIVERGES", "line 31", "running")


@pytest.mark.parametrize("key", ["scores", "returns", "winners", "round"])
def test_every_field_of_the_end_event_is_compared(tmp_path: Path, events, key):
    edited = copy.deepcopy(events)
    end = edited[-1]
    if key == "scores":
        end["scores"][0] += 1
    elif key == "returns":
        end["returns"] = [-r for r in end["returns"]]
    elif key == "winners":
        end["winners"] = [q for q in range(2) if q not in end["winners"]]
    else:
        end["round"] += 1
    result = replay(write_log(tmp_path / "g.jsonl", edited))
    refused(result, 1, "DIVERGES", f"line {len(events)}", key)


@pytest.mark.parametrize("key", ["scores", "returns", "winners", "round"])
def test_end_event_missing_a_field(tmp_path: Path, events, key):
    edited = copy.deepcopy(events)
    del edited[-1][key]
    refused(replay(write_log(tmp_path / "g.jsonl", edited)), 2, f"line {len(events)}", repr(key))


def test_unknown_event_is_an_error(tmp_path: Path, events):
    edited = events[:3] + [{"event": "chat", "text": "gg"}] + events[3:]
    refused(replay(write_log(tmp_path / "g.jsonl", edited)), 2, "line 4", "unknown event 'chat'")
    edited = events[:3] + [{"no": "event"}] + events[3:]
    refused(replay(write_log(tmp_path / "g.jsonl", edited)), 2, "line 4", "unknown event")


def test_anything_after_the_end_event_is_an_error(tmp_path: Path, events):
    n = len(events)
    refused(replay(write_log(tmp_path / "g.jsonl", events + [events[5]])), 2,
            f"line {n + 1}", "after the end event")
    refused(replay(write_log(tmp_path / "g.jsonl", events + [events[-1]])), 2,
            f"line {n + 1}", "after the end event")


def test_a_second_start_event_is_an_error(tmp_path: Path, events):
    edited = events[:5] + [events[0]] + events[5:]
    refused(replay(write_log(tmp_path / "g.jsonl", edited)), 2, "line 6", "start")



# ---------------------------------------------------------------- files that are not ordinary files
# Found by verify8: `rulebook check /dev/zero` read 16 GB before the machine stopped it, a
# pipe made check wait for ever, `rulebook replay /dev/zero` ended in a MemoryError
# traceback, and a link to itself in specs/ made build, fmt and watch crash.

#: Runs ``cli.main(argv)`` in a child limited to 1 GB of address space: reading a device
#: to its end fails the test (MemoryError) instead of exhausting the machine.
_LIMITED = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))
from compiler import cli
sys.exit(cli.main(sys.argv[1:]))
"""


def limited(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return python(_LIMITED, *args, cwd=cwd, timeout=120)


@pytest.fixture
def pipe(tmp_path: Path) -> Path:
    """A named pipe no one writes to: opening it to read would wait for ever."""
    path = tmp_path / "pipe.rules"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("command", ["check", "mutate"])
def test_check_refuses_a_device_or_a_pipe_without_reading_it(command, pipe):
    for path in ("/dev/zero", str(pipe)):
        result = limited(command, path)
        assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr[-2000:]
    result = limited("check", "--format", "json", "/dev/zero")
    (diagnostic,) = json.loads(result.stdout)[0]["diagnostics"]
    assert diagnostic["code"] == "E0005" and "not an ordinary file" in diagnostic["message"]


def test_fmt_refuses_a_pipe_in_a_folder_it_formats(pipe):
    result = limited("fmt", "--check", str(pipe.parent))
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr[-2000:]
    assert "error[E0005]: cannot read the spec: it is not an ordinary file" in result.stderr


def test_replay_refuses_a_device_a_pipe_and_a_log_larger_than_any_game(tmp_path: Path, pipe):
    refused(limited("replay", "/dev/zero"), 2, "not an ordinary file")
    refused(limited("replay", str(pipe)), 2, "not an ordinary file")
    huge = tmp_path / "huge.jsonl"
    with huge.open("wb") as f:  # sparse: no disk used
        f.truncate(runner.MAX_LOG_BYTES + 1)
    refused(limited("replay", str(huge)), 2, "not a game log", "bytes")


def test_a_spec_that_links_to_itself_is_e0005_in_every_command(tmp_path: Path, monkeypatch, capsys):
    from compiler.tools import watch

    write_specs(tmp_path, {})
    (tmp_path / "specs" / "loop.rules").symlink_to("loop.rules")
    monkeypatch.chdir(tmp_path)
    for argv in (["check"], ["check", "specs/loop.rules"], ["fmt", "--check"], ["fmt", "specs"],
                 ["build", "--no-site"]):
        assert cli.main(argv) == 1, argv
        out = capsys.readouterr()
        assert "E0005" in out.err and "a loop of links" in out.err, (argv, out.err)
        # the whole file has no place in it: no `:0:0` (found by a fresh-user check)
        assert "loop.rules: error[E0005]" in out.err and ":0:0" not in out.err, (argv, out.err)
    loop = watch.SpecWatch(tmp_path, None, tmp_path / "specs", build=lambda path: pipeline.analyse(path),
                           say=lambda text: None)
    assert [p.name for p in loop.specs] == ["loop.rules"]
    assert loop.affected({pipeline.resolved(tmp_path / "specs" / "loop.rules")}) == loop.specs


@pytest.mark.parametrize("blocked", ["generated", "docs/errors.md"])
def test_build_that_cannot_write_the_shared_files_says_which_without_a_traceback(
        tmp_path: Path, monkeypatch, capsys, blocked):
    # found by verify8: a file named `generated` (or a folder where docs/errors.md goes)
    # made `rulebook build` end in a FileExistsError traceback
    from dsl.codes import MINIMAL_SPEC

    write_specs(tmp_path, {"tiny.rules": MINIMAL_SPEC})
    (tmp_path / "docs").mkdir()
    if blocked == "generated":
        (tmp_path / blocked).write_text("a file where the folder of engines belongs\n")
    else:
        (tmp_path / blocked).mkdir()
    monkeypatch.chdir(tmp_path)
    assert cli.main(["build", "--no-site"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"rulebook: cannot write {tmp_path / blocked}: ") and "Traceback" not in err
    assert not list(tmp_path.rglob("*.tmp"))


# ---------------------------------------------------------------- play


@pytest.mark.parametrize("name", ["_runtime", "__init__", "nosuchgame", "os.path", "../utopolis"])
def test_play_an_unknown_game(name):
    refused(rulebook_in_process("play", name), 2, f"no engine for {name!r}",
            "known games: ", "utopolis", "euphoria")


def test_play_log_in_a_missing_directory_or_a_directory(tmp_path: Path):
    target = tmp_path / "nonexistent" / "dir" / "g.jsonl"
    refused(rulebook_in_process("play", "utopolis", "--log", str(target)), 2, "no such directory")
    assert not (tmp_path / "nonexistent").exists()
    refused(rulebook_in_process("play", "utopolis", "--log", str(tmp_path)), 2, "directory")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("args,message", [
    (["--mode", "nope"], "unknown mode 'nope'"),
    (["--players", "9"], "not 9"),
    (["--mode", "solo", "--players", "2"], "1 player only"),
])
def test_a_refused_game_leaves_no_log_behind(tmp_path: Path, args, message):
    refused(rulebook_in_process("play", "utopolis", *args, "--log", "x.jsonl", cwd=tmp_path), 2, message)
    assert not (tmp_path / "x.jsonl").exists()
    # nor does it touch an existing log
    (tmp_path / "x.jsonl").write_text("keep me\n")
    refused(rulebook_in_process("play", "utopolis", *args, "--log", "x.jsonl", cwd=tmp_path), 2, message)
    assert (tmp_path / "x.jsonl").read_text() == "keep me\n"


def test_play_without_players_uses_the_smallest_count_of_the_mode(tmp_path: Path):
    log = tmp_path / "solo.jsonl"
    result = rulebook_in_process("play", "utopolis", "--mode", "solo", "--log", str(log))
    assert result.returncode == 0, result.stderr
    start = json.loads(log.read_text().splitlines()[0])
    assert start["players"] == 1 and start["mode"] == "solo"
    assert rulebook_in_process("replay", str(log)).returncode == 0
    result = rulebook_in_process("play", "utopolis", "--log", str(log))
    assert result.returncode == 0, result.stderr
    assert json.loads(log.read_text().splitlines()[0])["players"] == 2


# ---------------------------------------------------------------- bench


def test_bench_a_player_count_no_mode_allows():
    result = rulebook_in_process("bench", "utopolis", "--players", "7", "--games", "1", "--seconds", "0")
    refused(result, 2, "7 players")
    assert result.stdout == ""


def test_bench_an_unknown_game_fails_before_printing():
    result = rulebook_in_process("bench", "nogame")
    refused(result, 2, "no engine for 'nogame'")
    assert result.stdout == ""


def test_bench_plays_at_least_one_game_per_row():
    result = rulebook_in_process("bench", "utopolis", "--games", "0", "--seconds", "0", "--players", "1",
                                 *SHORT_SEARCH)
    assert result.returncode == 0, result.stderr
    rows = [line.split() for line in result.stdout.split("\n\n")[0].splitlines()[1:]]
    assert len(rows) == 4
    assert all(int(r[3]) >= 1 and float(r[4]) > 0 and float(r[5]) > 0 for r in rows)


@pytest.mark.parametrize("option,value", [("--games", "-1"), ("--seconds", "-1"),
                                          ("--seconds", "nan"), ("--seconds", "inf")])
def test_bench_refuses_negative_or_endless_budgets(option, value):
    result = rulebook_in_process("bench", "utopolis", option, value)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert option in result.stderr


# ---------------------------------------------------------------- output, diagnostics, .gitignore


@pytest.mark.parametrize("args", [("play", "utopolis"),
                                  ("bench", "utopolis", "--games", "1", "--seconds", "0",
                                   "--players", "1", *SHORT_SEARCH)])
def test_output_into_a_closed_pipe_is_no_traceback(args):
    proc = subprocess.Popen([sys.executable, "-m", "compiler.cli", *args], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # like `rulebook ... | head -1` once head has exited
    err = proc.stderr.read().decode()
    proc.stderr.close()
    assert proc.wait(timeout=300) in (0, 1)
    assert "Traceback" not in err and "Exception ignored" not in err, err



def test_print_diagnostics_uses_stderr_at_call_time(monkeypatch):
    class Diag:
        code = "E0000"
        span = SimpleNamespace(path="spec.rules")

        def render(self, sources=None):
            return "error[E0000]: something"

    result = SimpleNamespace(diagnostics=[Diag()], source="", spec_path="spec.rules")
    stream = io.StringIO()
    monkeypatch.setattr(sys, "stderr", stream)
    cli.common.print_diagnostics(result)
    assert "error[E0000]: something" in stream.getvalue()


def test_game_logs_are_ignored_by_git():
    patterns = (ROOT / ".gitignore").read_text().splitlines()
    assert "*.jsonl" in patterns


# Found by a fresh-user check: status lines printed spec file names as they are, so a
# name holding an escape sequence acted on the terminal (here: retitled the window).
def test_every_line_the_command_prints_escapes_a_file_name(tmp_path: Path, monkeypatch, capsys):
    from compiler.cli import terminal
    from dsl.code_examples import MINIMAL_SPEC

    evil, flipped = "ev\x1b]0;pwned\x07il", "ok\u202eslr"
    write_specs(tmp_path, {f"{evil}.rules": MINIMAL_SPEC.replace("game tiny", "gme tiny", 1),
                           f"{flipped}.rules": MINIMAL_SPEC})
    monkeypatch.chdir(tmp_path)
    for argv in (["build", "--no-site"], ["check"], ["fmt", "--check"], ["fmt", "--diff"],
                 ["check", f"specs/{evil}.rules"], ["play", evil], ["mutate", f"specs/{evil}.rules"]):
        cli.main(argv)
        out = capsys.readouterr()
        for stream in (out.out, out.err):
            assert "\x1b" not in stream and "\x07" not in stream and "\u202e" not in stream, (argv, stream)
        assert "ev\\x1b]0;pwned\\x07il" in out.out + out.err, (argv, out)
        assert not isinstance(sys.stdout, terminal.EscapedStream)  # put back after each command
