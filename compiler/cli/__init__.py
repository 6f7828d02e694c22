"""The `rulebook` command: build, check, explain, fmt, mutate, watch, fuzz, play, replay,
bench.

Exit codes: 0 success, 1 spec errors (or a replay that diverges from its log, or a
spec that ``fmt --check`` would reformat), 2 bad usage or bad input (an unknown game
or mode, a malformed log, an unwritable path).  Every failure is one
``rulebook: <message>`` line on stderr, never a traceback.

One module per group of commands: :mod:`~compiler.cli.building` (build, watch),
:mod:`~compiler.cli.specs` (check, fmt, explain), :mod:`~compiler.cli.tools` (mutate,
fuzz), :mod:`~compiler.cli.games` (play, replay, bench); :mod:`~compiler.cli.common`
holds what they share.  This module parses the command line.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from compiler.cli.common import CliError, at_least_one, at_least_zero
from compiler.runner import MAX_ACTIONS, RunError

#: The modules of the commands, imported only for the command that runs (``rulebook
#: play`` needs no parser, ``rulebook check`` no Jinja).
COMMAND_MODULES = ("building", "games", "specs", "tools")


def __getattr__(name: str):
    """``compiler.cli.building`` & co. as attributes, imported on first use."""
    if name in COMMAND_MODULES:
        return importlib.import_module(f"compiler.cli.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _command(target: str):
    """The function ``module:name`` of a command module, imported when it is called."""
    module, name = target.split(":")
    return lambda args: getattr(importlib.import_module(f"compiler.cli.{module}"), name)(args)


def main(argv: list[str] | None = None) -> int:
    """Run ``rulebook`` with ``argv`` (default: the command line); the exit status.  All it
    prints is escaped by one rule (:mod:`compiler.cli.terminal`)."""
    from compiler.cli.terminal import escaped_output

    with escaped_output():
        return _main(argv)


def _main(argv: list[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="rulebook", description="Compile board-game rules into "
                                     "playable engines and reference docs.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("build", help="compile every spec into generated/ and docs/, then build the site")
    p.add_argument("--no-site", action="store_true", help="skip the mkdocs site")
    p.add_argument("--strict", action="store_true", help="warnings fail too")
    p.add_argument("--force", action="store_true",
                   help="make everything again, taking nothing from the build cache (.rulebook-cache/)")
    p.set_defaults(func=_command("building:cmd_build"))
    p = sub.add_parser("watch", help="rebuild a spec's engine and page whenever it (or its catalogue) "
                       "is saved")
    p.add_argument("specs", nargs="*", help="spec files (default: every spec in specs/)")
    p.add_argument("--site", action="store_true", help="rebuild the mkdocs site after each rebuild")
    p.set_defaults(func=_command("building:cmd_watch"))
    p = sub.add_parser("check", help="check specs without generating anything")
    p.add_argument("specs", nargs="*", help="spec files or game names (default: every spec)")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--strict", action="store_true", help="warnings fail too")
    p.add_argument("--verbose", action="store_true",
                   help="print every diagnostic in full (W0105 is otherwise one line)")
    p.add_argument("--force", action="store_true",
                   help="check every spec afresh, taking nothing from the build cache (.rulebook-cache/)")
    p.set_defaults(func=_command("specs:cmd_check"))
    p = sub.add_parser("fmt", help="rewrite specs in the canonical layout")
    p.add_argument("paths", nargs="*", help="spec files, folders or game names (default: every spec)")
    p.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 if a spec would be reformatted")
    p.add_argument("--diff", action="store_true", help="write nothing; print a unified diff instead")
    p.set_defaults(func=_command("specs:cmd_fmt"))
    p = sub.add_parser("explain", help="explain a diagnostic code (e.g. `rulebook explain E0501`)")
    p.add_argument("code", nargs="?", help="a code such as E0501 or W0104 (default: list them all)")
    p.set_defaults(func=_command("specs:cmd_explain"))
    p = sub.add_parser("mutate", help="seed realistic rule bugs in a spec and report what the checks catch")
    p.add_argument("specs", nargs="*", help="spec files or game names (default: every spec)")
    p.add_argument("--json", action="store_true", help="print the reports as JSON")
    p.add_argument("--list", action="store_true", help="list the mutations without checking them")
    p.add_argument("--verbose", action="store_true", help="print every mutation, not only the misses")
    p.add_argument("--min-caught", type=at_least_zero(float), default=95.0,
                   help="exit 1 if less than this share (%%) is caught (default 95)")
    p.set_defaults(func=_command("tools:cmd_mutate"))
    p = sub.add_parser("fuzz", help="feed edited specs and random text to the compiler: "
                       "it must end in success or diagnostics, never a traceback or a hang")
    p.add_argument("--cases", type=at_least_zero(int), default=10_000,
                   help="cases in all, split between the specs (default 10000)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--spec", action="append", default=[],
                   help="fuzz this spec (repeatable; default: every spec)")
    p.add_argument("--out", default="fuzz-failures",
                   help="folder for failing inputs (default fuzz-failures/)")
    p.add_argument("--case-seconds", type=at_least_zero(float), default=10.0,
                   help="a case running longer fails (default 10)")
    p.add_argument("--case-memory-mb", type=at_least_zero(float), default=1000.0,
                   help="a case allocating more megabytes fails (default 1000; 0: no limit)")
    p.set_defaults(func=_command("tools:cmd_fuzz"))
    p = sub.add_parser("play", help="play a whole game with bots")
    p.add_argument("game", help="a built game's name, or a spec's path (`path/to/game.rules`), "
                   "compiled for this game only: nothing is written")
    p.add_argument("--mode", default=None)
    p.add_argument("--players", type=int, default=None,
                   help="player count (default: the smallest the mode allows)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bots", choices=("random",), default="random")
    p.add_argument("--log", help="write a JSON-lines event log here")
    p.add_argument("--max-actions", type=at_least_one, default=MAX_ACTIONS, metavar="N",
                   help=f"stop a game that has not ended after N actions (default {MAX_ACTIONS:,})")
    p.add_argument("--module", action="append", metavar="NAME",
                   help="play with this selectable module (repeat for several)")
    p.add_argument("--option", action="append", metavar="NAME=VALUE",
                   help="create the game with this option value (repeat for several)")
    p.set_defaults(func=_command("games:cmd_play"))
    p = sub.add_parser("replay", help="re-run a game from its JSON-lines log")
    p.add_argument("log")
    p.set_defaults(func=_command("games:cmd_replay"))
    p = sub.add_parser("bench", help="random full games per second, per mode and player count")
    p.add_argument("game", nargs="?")
    p.add_argument("--games", type=at_least_zero(int), default=None,
                   help="at least this many games per row, and always at least one (default 5; "
                   "1 with --quick)")
    p.add_argument("--seconds", type=at_least_zero(float), default=None,
                   help="and at least this long per row (default 1; 0.2 with --quick)")
    p.add_argument("--players", type=int, nargs="*", help="only these player counts")
    p.add_argument("--mode", default=None, help="only this mode (default: every mode)")
    p.add_argument("--module", action="append", metavar="NAME",
                   help="play each mode that offers it with this selectable module (repeat for "
                   "several)")
    p.add_argument("--every-combination", action="store_true",
                   help="a row for each set of modules each mode allows")
    p.add_argument("--quick", action="store_true",
                   help="one row per mode, at its smallest player count of 2 or more (a solo mode "
                   "at 1), each one game or 0.2 s of games unless --games or --seconds say "
                   "otherwise; CI runs it with --compare benchmarks/baseline.json --threshold 200")
    p.add_argument("--walk", type=at_least_zero(int), default=5000, metavar="ACTIONS",
                   help="the tree-search rows time clone and apply this many actions into a random "
                   "game, or at its end if sooner (default 5000)")
    p.add_argument("--search-seconds", type=at_least_zero(float), default=None, metavar="SECONDS",
                   help="CPU seconds of each tree-search row's loop, its clone and apply rounds "
                   "shortened to match below 0.05 (default: --seconds, from 0.05 to 0.5; 0.1 with "
                   "--quick)")
    p.add_argument("--json", action="store_true", help="print the run as JSON (to save and compare)")
    p.add_argument("--compare", metavar="FILE",
                   help="set each row beside a run saved with --json; exit 1 on a regression")
    p.add_argument("--threshold", type=at_least_zero(float), default=30.0, metavar="PERCENT",
                   help="with --compare: a row taking more than PERCENT %% longer per action is a "
                   "regression (default 30; 200 means 3x slower)")
    p.set_defaults(func=_command("games:cmd_bench"))
    args = parser.parse_args(argv)
    try:
        status = args.func(args)
        sys.stdout.flush()
        return status
    except (CliError, RunError) as err:
        print(f"rulebook: {err}", file=sys.stderr)
        return err.code
    except BrokenPipeError:  # output piped into `head` & co.: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1

