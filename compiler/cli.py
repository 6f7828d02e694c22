"""The `rulebook` command: build, check, explain, fmt, mutate, watch, fuzz, play, replay,
bench.

Exit codes: 0 success, 1 spec errors (or a replay that diverges from its log, or a
spec that ``fmt --check`` would reformat), 2 bad usage or bad input (an unknown game
or mode, a malformed log, an unwritable path).  Every failure is one
``rulebook: <message>`` line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import io
import json
import math
import os
import random
import sys
import time
from pathlib import Path

from compiler import pipeline


class CliError(Exception):
    """A failure reported as ``rulebook: <message>`` with exit status ``code``."""

    def __init__(self, message: str, code: int = 2):
        super().__init__(message)
        self.code = code


def _root() -> Path:
    cwd = Path.cwd()
    return cwd if (cwd / "specs").is_dir() else pipeline.ROOT


def _print_diagnostics(result, stream=None) -> None:
    stream = sys.stderr if stream is None else stream
    sources = {d.span.path: result.source for d in result.diagnostics}
    sources[str(result.spec_path)] = result.source
    for d in result.diagnostics:
        if d.span.path.endswith(".rules"):
            print(d.render({d.span.path: result.source}), file=stream)
        else:
            print(d.render(), file=stream)
        print(file=stream)


def _build_one(path: Path, root: Path, prefix: str = "",
               strict: bool = False) -> tuple[pipeline.CompileResult, bool]:
    """Build one spec (:func:`compiler.pipeline.build_spec`), printing its
    diagnostics and one status line.  Returns the result and whether it built: no
    errors, and no warnings when ``strict`` (otherwise nothing is written)."""
    result, changed = pipeline.build_spec(path, root, strict=strict)
    if result.diagnostics:
        _print_diagnostics(result)
    errors = sum(d.severity == "error" for d in result.diagnostics)
    warnings = len(result.diagnostics) - errors
    if errors or (strict and warnings):
        why = f"{errors} error(s)" if errors else f"{warnings} warning(s) with --strict"
        print(f"{prefix}{path.stem:<12} FAILED: {why}; previous output left in place", flush=True)
        return result, False
    s = result.stats()
    print(f"{prefix}{result.name:<12} {s['modes']} modes, {s['phases']} phases, {s['actions']} actions, "
          f"{s['rules']} rules, {s['cards']} cards, {result.seconds:.2f} s"
          + ("" if changed else " (unchanged)"), flush=True)
    return result, True


def _build_site(root: Path, prefix: str = "") -> bool:
    proc = pipeline.build_site(root)
    if proc.returncode != 0:
        print(proc.stdout + proc.stderr, file=sys.stderr)
        print(f"{prefix}docs site FAILED (mkdocs build --strict)", flush=True)
        return False
    print(f"{prefix}docs site    built into {root / 'site'}", flush=True)
    return True


def cmd_build(args) -> int:
    from compiler.docs.errors import render_errors_page

    root = _root()
    failed = 0
    total = time.perf_counter()
    pipeline.write_runtime(root)
    pipeline.write_if_changed(root / "docs" / "errors.md", render_errors_page())
    for path in pipeline.spec_paths(root):
        failed += not _build_one(path, root, strict=args.strict)[1]
    if not args.no_site:
        failed += not _build_site(root)
    print(f"total        {time.perf_counter() - total:.2f} s")
    return 1 if failed else 0


def cmd_explain(args) -> int:
    from dsl.codes import REGISTRY, lookup

    if args.code is None:
        for c in REGISTRY:
            print(f"{c.code}  {c.severity:<7}  {c.title}")
        return 0
    entry = lookup(args.code)
    if entry is None:
        raise CliError(f"no diagnostic code {args.code!r}; codes are {REGISTRY[0].code} to "
                       f"{REGISTRY[-1].code}, listed in docs/errors.md")
    from compiler.docs.errors import example_output

    print(entry.render(), end="")
    output = example_output(entry)
    if output:
        print("\n`rulebook check` says:\n")
        print("\n".join("    " + line if line else "" for line in output.splitlines()))
    return 0


def cmd_watch(args) -> int:
    from compiler.tools import watch

    root = _root()
    specs = [Path(p).resolve() for p in args.specs]
    for path in specs:
        if not path.is_file():
            raise CliError(f"no such spec: {path}")
    # A spec is built into the project that holds it (<project>/specs/<game>.rules), never
    # into another project's generated/ and docs/.
    roots = {p.parent.parent for p in specs if p.parent.name == "specs"}
    stray = [p for p in specs if p.parent.name != "specs"]
    if stray or len(roots) > 1:
        raise CliError(f"{(stray or specs)[0]} is not in a project's specs/ folder (or the specs are in "
                       "different projects): watch writes the engines and pages of one project; "
                       "use `rulebook check` for a spec on its own")
    root = roots.pop() if roots else root
    folders = sorted({p.parent for p in specs}) or [(root / "specs").resolve()]
    try:
        import watchfiles
    except ImportError:
        raise CliError("rulebook watch needs watchfiles: pip install watchfiles") from None

    def stamp() -> str:
        return time.strftime("[%H:%M:%S] ")

    # Yielding on a timeout (an empty change set): the first yield shows the watcher is
    # running, so nothing saved during the initial build is missed; later ones are no-ops.
    changes = watchfiles.watch(*folders, watch_filter=lambda _change, path: watch.is_watched(path),
                               yield_on_timeout=True, rust_timeout=500)
    loop = watch.SpecWatch(
        root, specs or None, folders[0],
        build=lambda path: _build_one(path, root, stamp())[0],
        after=(lambda: _build_site(root, stamp())) if args.site else None,
        say=lambda text: print(stamp() + text, flush=True))
    print(f"watching {', '.join(str(f) for f in folders)} (Ctrl-C to stop)", flush=True)
    try:
        next(changes, None)  # the watcher starts; the initial build covers what it saw
        pipeline.write_runtime(root)
        loop.run(changes)
    except KeyboardInterrupt:
        pass
    print("stopped watching")
    return 0


def cmd_check(args) -> int:
    root = _root()
    paths = [_spec_path(p) for p in args.specs] or pipeline.spec_paths(root)
    status = 0
    report = []
    for path in paths:
        result = pipeline.analyse(path)
        errors = [d for d in result.diagnostics if d.severity == "error"]
        warnings = [d for d in result.diagnostics if d.severity == "warning"]
        if errors or (args.strict and warnings):
            status = 1
        if args.format == "json":
            report.append({"spec": pipeline._display(path), "seconds": round(result.seconds, 4),
                           "diagnostics": [d.to_json() for d in result.diagnostics]})
        else:
            _print_diagnostics(result)
            print(f"{path.name}: {len(errors)} error(s), {len(warnings)} warning(s) "
                  f"in {result.seconds * 1000:.0f} ms")
    if args.format == "json":
        print(json.dumps(report, indent=2))
    return status


def _fmt_paths(names: list[str]) -> list[Path]:
    """The specs ``fmt`` works on: the files named, every ``.rules`` file under the
    folders named, or by default every spec of the project.  CliError (exit 2) for a
    path that does not exist, before anything is formatted."""
    if not names:
        return pipeline.spec_paths(_root())
    paths: list[Path] = []
    for path in map(Path, names):
        if path.is_dir():
            paths += sorted(path.rglob("*.rules"))
        elif path.is_file():
            paths.append(path)
        elif (_root() / "specs" / f"{path}.rules").is_file():  # a game's name
            paths.append(_root() / "specs" / f"{path}.rules")
        else:
            raise CliError(f"no such spec or folder: {path}")
    return paths


def cmd_fmt(args) -> int:
    """Rewrite specs in the canonical layout (``dsl.format``), atomically and only when
    the layout changes.  ``--check`` and ``--diff`` write nothing.  The diff goes to
    stdout, the files reformatted (or that would be) and a summary to stderr.  A spec
    that does not parse is left as it is and its diagnostics printed.  Exit 1 when a
    spec does not parse, or with ``--check`` when one would be reformatted; CliError
    (exit 2) for a spec that cannot be written."""
    from compiler.analysis import bounds
    from dsl.format import FormatError, format_source

    changed: list[str] = []
    unchanged = failed = 0
    for path in _fmt_paths(args.paths):
        display = pipeline._display(path)
        try:
            text = path.read_text(encoding="utf-8")
            too_large = bounds.check_text(text, display)  # E0540, as `check` says it
            if too_large is not None:
                _print_diagnostics(pipeline.CompileResult(path, path.stem, [too_large], text))
                failed += 1
                continue
            result = format_source(text, display)
        except (OSError, UnicodeDecodeError):
            _print_diagnostics(pipeline.analyse(path))  # the reading diagnostic of `check`
            failed += 1
            continue
        except FormatError as err:
            _print_diagnostics(pipeline.CompileResult(path, path.stem, err.diagnostics, text))
            failed += 1
            continue
        if not result.changed:
            unchanged += 1
            continue
        changed.append(display)
        if args.diff:
            sys.stdout.write(result.diff())
        if args.check or args.diff:
            print(f"would reformat {display}", file=sys.stderr)
        else:
            try:
                pipeline.write_if_changed(path, result.formatted)
            except OSError as err:
                raise CliError(f"cannot write {display}: {err.strerror or err}") from None
            print(f"reformatted {display}", file=sys.stderr)
    specs = lambda n: f"{n} spec" + ("" if n == 1 else "s")
    verb = "would be reformatted" if args.check or args.diff else "reformatted"
    print(f"{specs(len(changed))} {verb}, {unchanged} already formatted"
          + (f", {failed} not formatted (errors above)" if failed else ""), file=sys.stderr)
    return 1 if failed or (args.check and changed) else 0


def _spec_path(arg: str) -> Path:
    """A spec given as a path or as a game name (``utopolis``: ``specs/utopolis.rules``)."""
    path = Path(arg)
    if path.exists():
        return path
    named = _root() / "specs" / f"{arg}.rules"
    if named.exists():
        return named
    raise CliError(f"no such spec: {arg}")


def cmd_mutate(args) -> int:
    from compiler.tools import mutate

    paths = [_spec_path(a) for a in args.specs] or pipeline.spec_paths(_root())
    for path in paths:  # bugs seeded in a broken spec would measure nothing
        errors = [d for d in pipeline.analyse(path).diagnostics if d.severity == "error"]
        if errors:
            raise CliError(f"{path} has {len(errors)} error(s) of its own; fix them first "
                           "(`rulebook check`)", 1)
    if args.list:
        listed = {path.name: mutate.mutations(path.read_text(encoding="utf-8"), path.stem)
                  for path in paths}
        if args.json:
            print(json.dumps({name: [m.to_json() for m in muts] for name, muts in listed.items()},
                             indent=2))
            return 0
        for name, muts in listed.items():
            for m in muts:
                print(f"{name}:{m.line}: [{m.category}] {m.description}\n"
                      f"    - {m.before}\n    + {m.after}")
        return 0
    reports = [mutate.run(path) for path in paths]
    if args.json:
        print(json.dumps([r.to_json() for r in reports], indent=2))
    for r in reports if not args.json else ():
        print(f"{r.spec}: {r.tried} mutations, caught {r.count('caught')} ({r.share('caught'):.1f} %), "
              f"{r.count('caught_strict')} with --strict ({r.share('caught_strict'):.1f} %), "
              f"first diagnostic at the edited line {r.count('right_line')} "
              f"({r.share('right_line'):.1f} %), in {r.seconds:.1f} s")
        for o in r.outcomes if args.verbose else r.misses:
            m = o.mutation
            status = ("caught" if o.caught else "MISSED" + (" (a warning only)" if o.warnings else ""))
            first = f"; first: {o.first.code} at line {o.first.span.line}" if o.first else ""
            print(f"  {status}: [{m.category}] {m.description} ({r.spec}:{m.line}{first})\n"
                  f"      {m.after}")
    below = [r for r in reports if r.share("caught") < args.min_caught]
    return 1 if below else 0


def cmd_fuzz(args) -> int:
    root = _root()
    paths = [Path(p) for p in args.spec] or pipeline.spec_paths(root)
    for path in paths:
        if not path.is_file():
            raise CliError(f"no such spec: {path}")
    share, extra = divmod(args.cases, len(paths))
    failed = 0
    for number, path in enumerate(paths):
        campaign = _fuzz_one(path, share + (number < extra), args)
        failed += len(campaign.failures)
        if campaign.interrupted:
            return 1
    return 1 if failed else 0


def _fuzz_one(path: Path, cases: int, args):
    """One spec's campaign, with a progress line every 1000 cases and a report."""
    from compiler.tools import fuzz_campaign, fuzzing

    print(f"{path.stem:<12} fuzzing {cases} cases (seed {args.seed}) ...", flush=True)
    started = time.perf_counter()

    def progress(done: int) -> None:
        if done % 1000 == 0 and done < cases:
            print(f"{path.stem:<12} {done} cases, {time.perf_counter() - started:.0f} s", flush=True)

    try:
        campaign = fuzz_campaign.run_campaign(path.resolve(), cases, args.seed, Path(args.out),
                                              case_seconds=args.case_seconds, progress=progress,
                                              case_memory_mb=args.case_memory_mb)
    except fuzzing.FuzzingUnavailable as err:
        raise CliError(str(err)) from None
    groups = campaign.signatures()
    print(f"{path.stem:<12} {campaign.cases} cases, {len(campaign.failures)} failure(s) "
          f"({len(groups)} distinct), {campaign.seconds:.1f} s"
          + (" (interrupted)" if campaign.interrupted else ""), flush=True)
    for signature, failures in groups.items():
        saved = next((f.saved for f in failures if f.saved), None)
        print(f"  FAIL {signature} x{len(failures)}: {failures[0].message}"
              + (f"\n       input saved to {saved}" if saved else ""), flush=True)
    return campaign


def _import_engine(name: str):
    """``generated.<name>`` if it is an engine (defines ``Game``), else None."""
    if not name.isidentifier() or name.startswith("_"):
        return None
    root = _root()
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    try:
        module = importlib.import_module(f"generated.{name}")
    except ModuleNotFoundError as err:
        if err.name in ("generated", f"generated.{name}"):
            return None
        raise CliError(f"the engine for {name!r} does not load ({err}); run `rulebook build`", 1) \
            from None
    except Exception as err:  # noqa: BLE001 - a broken generated file, reported without a traceback
        raise CliError(f"the engine for {name!r} does not load ({type(err).__name__}: {err}); "
                       "run `rulebook build`", 1) from None
    game = getattr(module, "Game", None)
    return module if isinstance(game, type) and hasattr(game, "new_initial_state") else None


def known_games() -> list[str]:
    """Names of the built engines (modules of generated/ that define ``Game``), sorted."""
    names = []
    for path in sorted((_root() / "generated").glob("*.py")):
        try:
            if _import_engine(path.stem) is not None:
                names.append(path.stem)
        except CliError:
            pass
    return names


def load_game(name: str):
    """Import ``generated.<name>`` (the engine of a built spec); CliError (exit 2)
    naming the known games when there is none."""
    module = _import_engine(name) if isinstance(name, str) else None
    if module is None:
        known = known_games()
        raise CliError(f"no engine for {name!r}; "
                       + (f"known games: {', '.join(known)}" if known
                          else "no game is built yet: run `rulebook build` first"))
    return module


def play_game(module, mode: str | None, players: int | None, seed: int, log=None):
    """Play one game with seeded random bots; returns the final state.

    ``players`` defaults to the smallest count the mode allows; RulesError for
    a bad mode, player count or seed, raised before anything is written to ``log``."""
    if players is None:
        players = module.Game.player_counts(mode)[0]
    game = module.Game(num_players=players, mode=mode, seed=seed)
    bots = random.Random(seed)
    state = game.new_initial_state()
    if log is not None:
        log.write(json.dumps({"event": "start", "game": module.Game.NAME, "mode": game.mode,
                              "players": players, "seed": seed}) + "\n")
    while not state.is_terminal():
        action = bots.choice(state.legal_actions())
        state.apply_action(action)
        if log is not None:
            log.write(json.dumps({"event": "action", **action.to_json(), "text": str(action)}) + "\n")
    if log is not None:
        log.write(json.dumps({"event": "end", "scores": state.scores(), "returns": state.returns(),
                              "winners": state.winners_list(), "round": state.round}) + "\n")
    return state


def _check_log_path(path: Path) -> None:
    """Refuse a log path that can't be written, before playing anything."""
    if path.is_dir():
        raise CliError(f"cannot write the log {str(path)!r}: it is a directory")
    if not path.parent.is_dir():
        raise CliError(f"cannot write the log {str(path)!r}: no such directory {str(path.parent)!r}")
    if not os.access(path if path.exists() else path.parent, os.W_OK):
        raise CliError(f"cannot write the log {str(path)!r}: permission denied")


def cmd_play(args) -> int:
    module = load_game(args.game)
    log_path = Path(args.log) if args.log else None
    if log_path is not None:
        _check_log_path(log_path)
    log = io.StringIO() if log_path is not None else None
    try:
        state = play_game(module, args.mode, args.players, args.seed, log)
    except module.RulesError as err:
        raise CliError(str(err)) from None
    if log_path is not None:  # written only once the game is over: no half-written logs
        try:
            log_path.write_text(log.getvalue(), encoding="utf-8")
        except OSError as err:
            raise CliError(f"cannot write the log {str(log_path)!r}: {err.strerror or err}") from None
    print(str(state))
    winners = ", ".join(f"player {w + 1}" for w in state.winners_list()) or "nobody"
    rounds = f"{state.round} rounds and " if state.round else ""
    print(f"game over after {rounds}{len(state.history)} actions; "
          f"scores {state.scores()}; winner: {winners}")
    return 0


# What each event of a log must carry (key: accepted types); ``int`` excludes bool.
_EVENT_FIELDS = {
    "start": {"game": str, "mode": str, "players": int, "seed": int},
    "action": {"player": int, "name": str, "args": list},
    "end": {"scores": list, "returns": list, "winners": list, "round": int},
}


def _read_log(path: Path) -> list[tuple[int, dict]]:
    """The events of a log with their line numbers, checked for shape: a start
    event first, then actions, then at most one end event, and nothing else.
    Raises CliError (exit 2) naming the offending line."""
    try:
        text = path.read_text(encoding="utf-8")
    except IsADirectoryError:
        raise CliError(f"cannot read the log {str(path)!r}: it is a directory") from None
    except FileNotFoundError:
        raise CliError(f"cannot read the log {str(path)!r}: no such file") from None
    except OSError as err:
        raise CliError(f"cannot read the log {str(path)!r}: {err.strerror or err}") from None
    except UnicodeDecodeError as err:
        raise CliError(f"{path}: not a game log (not UTF-8 text: {err.reason})") from None
    events: list[tuple[int, dict]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        where = f"{path}: line {number}"
        try:
            event = json.loads(line)
        except json.JSONDecodeError as err:
            raise CliError(f"{where}: not valid JSON (truncated or edited log?): "
                           f"{err.msg} at column {err.colno}") from None
        except (ValueError, RecursionError) as err:
            raise CliError(f"{where}: not valid JSON: {type(err).__name__}") from None
        if not isinstance(event, dict):
            raise CliError(f"{where}: expected a JSON object, found {type(event).__name__}")
        kind = event.get("event")
        if kind not in _EVENT_FIELDS:
            raise CliError(f"{where}: unknown event {kind!r} (expected start, action or end)")
        if not events and kind != "start":
            raise CliError(f"{where}: the log must begin with a start event, not {kind!r}")
        if events and kind == "start":
            raise CliError(f"{where}: a second start event")
        if events and events[-1][1]["event"] == "end":
            raise CliError(f"{where}: {kind!r} event after the end event (line {events[-1][0]})")
        for key, typ in _EVENT_FIELDS[kind].items():
            if key not in event:
                raise CliError(f"{where}: the {kind} event has no {key!r}")
            value = event[key]
            if not isinstance(value, typ) or (typ is int and isinstance(value, bool)):
                raise CliError(f"{where}: {key!r} of the {kind} event should be "
                               f"{'an' if typ is int else 'a'} {typ.__name__}, not {value!r}")
        events.append((number, event))
    if not events:
        raise CliError(f"{path}: the log is empty")
    return events


def cmd_replay(args) -> int:
    path = Path(args.log)
    events = _read_log(path)
    number, head = events[0]
    try:
        module = load_game(head["game"])
    except CliError as err:
        raise CliError(f"{path}: line {number}: {err}", err.code) from None
    try:
        game = module.Game(num_players=head["players"], mode=head["mode"], seed=head["seed"])
    except module.RulesError as err:
        raise CliError(f"{path}: line {number}: {err}") from None
    state = game.new_initial_state()
    for number, event in events[1:]:
        where = f"{path}: line {number}"
        if event["event"] == "action":
            try:
                action = game.action_from_json(event)
            except module.RulesError as err:
                raise CliError(f"{where}: {err}") from None
            try:
                state.apply_action(action)
            except module.IllegalActionError as err:
                raise CliError(f"replay DIVERGES from the log at line {number}: {err}", 1) from None
            continue
        # the end event: the replayed game must be over, with the same outcome
        if not state.is_terminal():
            raise CliError(f"replay DIVERGES from the log at line {number}: the log ends the game "
                           f"here, but the replayed game is still running (round {state.round}, "
                           f"phase {state.phase!r})", 1)
        replayed = {"scores": state.scores(), "returns": state.returns(),
                    "winners": state.winners_list(), "round": state.round}
        differ = [f"{key} {event[key]} in the log, {value} replayed"
                  for key, value in replayed.items() if event[key] != value]
        print(str(state))
        if differ:
            raise CliError(f"replay DIVERGES from the log at line {number}: " + "; ".join(differ), 1)
        print(f"replay matches the log ({len(state.history)} actions)")
        return 0
    raise CliError(f"{path}: the log has no end event (truncated?); replayed {len(state.history)} "
                   f"actions up to line {number} without divergence, "
                   + ("and the game is over" if state.is_terminal() else "but the game is not over"),
                   1)


def _counts(ns: list[int]) -> str:
    return ", ".join(map(str, ns))


def cmd_bench(args) -> int:
    root = _root()
    names = [args.game] if args.game else [p.stem for p in pipeline.spec_paths(root)]
    modules = {name: load_game(name) for name in names}  # every error before any output
    rows = [(name, module, mode, n) for name, module in modules.items()
            for mode in module.Game.MODES for n in module.Game.player_counts(mode)
            if not args.players or n in args.players]
    allowed = {n for _, _, _, n in rows}
    unplayable = sorted(set(args.players or ()) - allowed)
    if unplayable:
        counts = sorted({n for m in modules.values() for mode in m.Game.MODES
                         for n in m.Game.player_counts(mode)})
        raise CliError(f"no mode of {', '.join(names)} is for {_counts(unplayable)} players "
                       f"(player counts: {_counts(counts)})")
    print(f"{'game':<12} {'mode':<20} {'players':>7} {'games':>6} {'games/s':>9} {'actions/s':>10}")
    for name, module, mode, n in rows:
        games = actions = 0
        start = time.perf_counter()
        while True:  # at least one game, --games games and --seconds seconds
            state = play_game(module, mode, n, seed=games)
            games += 1
            actions += len(state.history)
            if games >= args.games and time.perf_counter() - start >= args.seconds:
                break
        secs = max(time.perf_counter() - start, 1e-9)
        print(f"{name:<12} {mode:<20} {n:>7} {games:>6} {games / secs:>9.1f} "
              f"{actions / secs:>10.0f}")
    return 0


def _at_least_zero(kind):
    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not math.isfinite(value) or value < 0:
            raise argparse.ArgumentTypeError(f"must be a number >= 0, not {text!r}")
        return value
    return parse


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="rulebook", description="Compile board-game rules into "
                                     "playable engines and reference docs.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("build", help="compile every spec into generated/ and docs/, then build the site")
    p.add_argument("--no-site", action="store_true", help="skip the mkdocs site")
    p.add_argument("--strict", action="store_true", help="warnings fail too")
    p.set_defaults(func=cmd_build)
    p = sub.add_parser("watch", help="rebuild a spec's engine and page whenever it (or its catalogue) "
                       "is saved")
    p.add_argument("specs", nargs="*", help="spec files (default: every spec in specs/)")
    p.add_argument("--site", action="store_true", help="rebuild the mkdocs site after each rebuild")
    p.set_defaults(func=cmd_watch)
    p = sub.add_parser("check", help="check specs without generating anything")
    p.add_argument("specs", nargs="*", help="spec files or game names (default: every spec)")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--strict", action="store_true", help="warnings fail too")
    p.set_defaults(func=cmd_check)
    p = sub.add_parser("fmt", help="rewrite specs in the canonical layout")
    p.add_argument("paths", nargs="*", help="spec files, folders or game names (default: every spec)")
    p.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 if a spec would be reformatted")
    p.add_argument("--diff", action="store_true", help="write nothing; print a unified diff instead")
    p.set_defaults(func=cmd_fmt)
    p = sub.add_parser("explain", help="explain a diagnostic code (e.g. `rulebook explain E0501`)")
    p.add_argument("code", nargs="?", help="a code such as E0501 or W0104 (default: list them all)")
    p.set_defaults(func=cmd_explain)
    p = sub.add_parser("mutate", help="seed realistic rule bugs in a spec and report what the checks catch")
    p.add_argument("specs", nargs="*", help="spec files or game names (default: every spec)")
    p.add_argument("--json", action="store_true", help="print the reports as JSON")
    p.add_argument("--list", action="store_true", help="list the mutations without checking them")
    p.add_argument("--verbose", action="store_true", help="print every mutation, not only the misses")
    p.add_argument("--min-caught", type=_at_least_zero(float), default=95.0,
                   help="exit 1 if less than this share (%%) is caught (default 95)")
    p.set_defaults(func=cmd_mutate)
    p = sub.add_parser("fuzz", help="feed edited specs and random text to the compiler: "
                       "it must end in success or diagnostics, never a traceback or a hang")
    p.add_argument("--cases", type=_at_least_zero(int), default=10_000,
                   help="cases in all, split between the specs (default 10000)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--spec", action="append", default=[],
                   help="fuzz this spec (repeatable; default: every spec)")
    p.add_argument("--out", default="fuzz-failures",
                   help="folder for failing inputs (default fuzz-failures/)")
    p.add_argument("--case-seconds", type=_at_least_zero(float), default=10.0,
                   help="a case running longer fails (default 10)")
    p.add_argument("--case-memory-mb", type=_at_least_zero(float), default=1000.0,
                   help="a case allocating more megabytes fails (default 1000; 0: no limit)")
    p.set_defaults(func=cmd_fuzz)
    p = sub.add_parser("play", help="play a whole game with bots")
    p.add_argument("game")
    p.add_argument("--mode", default=None)
    p.add_argument("--players", type=int, default=None,
                   help="player count (default: the smallest the mode allows)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bots", choices=("random",), default="random")
    p.add_argument("--log", help="write a JSON-lines event log here")
    p.set_defaults(func=cmd_play)
    p = sub.add_parser("replay", help="re-run a game from its JSON-lines log")
    p.add_argument("log")
    p.set_defaults(func=cmd_replay)
    p = sub.add_parser("bench", help="random full games per second, per mode and player count")
    p.add_argument("game", nargs="?")
    p.add_argument("--games", type=_at_least_zero(int), default=5,
                   help="at least this many games per row (and always at least one)")
    p.add_argument("--seconds", type=_at_least_zero(float), default=1.0,
                   help="and at least this long per row")
    p.add_argument("--players", type=int, nargs="*", help="only these player counts")
    p.set_defaults(func=cmd_bench)
    args = parser.parse_args(argv)
    try:
        status = args.func(args)
        sys.stdout.flush()
        return status
    except CliError as err:
        print(f"rulebook: {err}", file=sys.stderr)
        return err.code
    except BrokenPipeError:  # output piped into `head` & co.: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
