"""The `rulebook` command: build, check, play, replay, bench.

Exit codes: 0 success, 1 spec errors (or a replay that diverges), 2 bad usage.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import subprocess
import sys
import time
from pathlib import Path

from compiler import pipeline


def _root() -> Path:
    cwd = Path.cwd()
    return cwd if (cwd / "specs").is_dir() else pipeline.ROOT


def _print_diagnostics(result, stream=sys.stderr) -> None:
    sources = {d.span.path: result.source for d in result.diagnostics}
    sources[str(result.spec_path)] = result.source
    for d in result.diagnostics:
        if d.span.path.endswith(".rules"):
            print(d.render({d.span.path: result.source}), file=stream)
        else:
            print(d.render(), file=stream)
        print(file=stream)


def cmd_build(args) -> int:
    from compiler.engine_codegen import render_runtime

    root = _root()
    failed = 0
    total = time.perf_counter()
    gen = root / "generated"
    pipeline.write_if_changed(gen / "__init__.py",
                              '"""Generated engines: output of `rulebook build`, never edited by hand."""\n')
    pipeline.write_if_changed(gen / "_runtime.py", render_runtime())
    for path in pipeline.spec_paths(root):
        result = pipeline.compile_spec(path)
        if result.diagnostics:
            _print_diagnostics(result)
        if not result.ok:
            failed += 1
            errors = sum(d.severity == "error" for d in result.diagnostics)
            print(f"{path.stem:<12} FAILED: {errors} error(s); previous output left in place")
            continue
        changed = pipeline.write_if_changed(gen / f"{result.name}.py", result.engine)
        changed |= pipeline.write_if_changed(root / "docs" / "games" / f"{result.name}.md", result.page)
        s = result.stats()
        print(f"{result.name:<12} {s['modes']} modes, {s['phases']} phases, {s['actions']} actions, "
              f"{s['rules']} rules, {s['cards']} cards, {result.seconds:.2f} s"
              + ("" if changed else " (unchanged)"))
    if not args.no_site:
        proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q",
                               "-f", str(root / "mkdocs.yml"), "-d", str(root / "site")],
                              capture_output=True, text=True, cwd=root)
        if proc.returncode != 0:
            print(proc.stdout + proc.stderr, file=sys.stderr)
            print("docs site FAILED (mkdocs build --strict)")
            failed += 1
        else:
            print(f"docs site    built into {root / 'site'}")
    print(f"total        {time.perf_counter() - total:.2f} s")
    return 1 if failed else 0


def cmd_check(args) -> int:
    root = _root()
    paths = [Path(p) for p in args.specs] or pipeline.spec_paths(root)
    status = 0
    report = []
    for path in paths:
        if not path.exists():
            print(f"rulebook: no such spec: {path}", file=sys.stderr)
            return 2
        result = pipeline.analyse(path)
        errors = [d for d in result.diagnostics if d.severity == "error"]
        warnings = [d for d in result.diagnostics if d.severity == "warning"]
        if errors or (args.strict and warnings):
            status = 1
        if args.format == "json":
            report.append({"spec": str(path), "seconds": round(result.seconds, 4),
                           "diagnostics": [d.to_json() for d in result.diagnostics]})
        else:
            _print_diagnostics(result)
            print(f"{path.name}: {len(errors)} error(s), {len(warnings)} warning(s) "
                  f"in {result.seconds * 1000:.0f} ms")
    if args.format == "json":
        print(json.dumps(report, indent=2))
    return status


def load_game(name: str):
    """Import ``generated.<name>`` (the engine of a built spec)."""
    root = _root()
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    try:
        return importlib.import_module(f"generated.{name}")
    except ModuleNotFoundError:
        raise SystemExit(f"rulebook: no engine for {name!r}; run `rulebook build` first") from None


def play_game(module, mode: str | None, players: int, seed: int, log=None):
    """Play one game with seeded random bots; returns the final state."""
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


def cmd_play(args) -> int:
    module = load_game(args.game)
    try:
        log = open(args.log, "w", encoding="utf-8") if args.log else None
        state = play_game(module, args.mode, args.players, args.seed, log)
    except module.RulesError as err:
        print(f"rulebook: {err}", file=sys.stderr)
        return 2
    finally:
        if args.log and log:
            log.close()
    print(str(state))
    winners = ", ".join(f"player {w + 1}" for w in state.winners_list()) or "nobody"
    rounds = f"{state.round} rounds and " if state.round else ""
    print(f"game over after {rounds}{len(state.history)} actions; "
          f"scores {state.scores()}; winner: {winners}")
    return 0


def cmd_replay(args) -> int:
    lines = [json.loads(x) for x in Path(args.log).read_text(encoding="utf-8").splitlines() if x.strip()]
    head = lines[0]
    module = load_game(head["game"])
    game = module.Game(num_players=head["players"], mode=head["mode"], seed=head["seed"])
    state = game.new_initial_state()
    for event in lines[1:]:
        if event["event"] == "action":
            state.apply_action(game.action_from_json(event))
        elif event["event"] == "end":
            same = state.is_terminal() and state.scores() == event["scores"] \
                and state.winners_list() == event["winners"]
            print(str(state))
            print("replay matches the log" if same else "replay DIVERGES from the log")
            return 0 if same else 1
    print(f"log has no end; replayed {len(state.history)} actions")
    return 0


def cmd_bench(args) -> int:
    root = _root()
    names = [args.game] if args.game else [p.stem for p in pipeline.spec_paths(root)]
    print(f"{'game':<12} {'mode':<20} {'players':>7} {'games':>6} {'games/s':>9} {'actions/s':>10}")
    for name in names:
        module = load_game(name)
        for mode in module.Game.MODES:
            for n in module.Game.player_counts(mode):
                if args.players and n not in args.players:
                    continue
                games = actions = 0
                start = time.perf_counter()
                while games < args.games or time.perf_counter() - start < args.seconds:
                    state = play_game(module, mode, n, seed=games)
                    games += 1
                    actions += len(state.history)
                    if games >= args.games and time.perf_counter() - start >= args.seconds:
                        break
                secs = time.perf_counter() - start
                print(f"{name:<12} {mode:<20} {n:>7} {games:>6} {games / secs:>9.1f} "
                      f"{actions / secs:>10.0f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="rulebook", description="Compile board-game rules into "
                                     "playable engines and reference docs.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("build", help="compile every spec into generated/ and docs/, then build the site")
    p.add_argument("--no-site", action="store_true", help="skip the mkdocs site")
    p.set_defaults(func=cmd_build)
    p = sub.add_parser("check", help="check specs without generating anything")
    p.add_argument("specs", nargs="*", help="spec files (default: every spec)")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--strict", action="store_true", help="warnings fail too")
    p.set_defaults(func=cmd_check)
    p = sub.add_parser("play", help="play a whole game with bots")
    p.add_argument("game")
    p.add_argument("--mode", default=None)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bots", choices=("random",), default="random")
    p.add_argument("--log", help="write a JSON-lines event log here")
    p.set_defaults(func=cmd_play)
    p = sub.add_parser("replay", help="re-run a game from its JSON-lines log")
    p.add_argument("log")
    p.set_defaults(func=cmd_replay)
    p = sub.add_parser("bench", help="random full games per second, per mode and player count")
    p.add_argument("game", nargs="?")
    p.add_argument("--games", type=int, default=5, help="at least this many games per row")
    p.add_argument("--seconds", type=float, default=1.0, help="and at least this long per row")
    p.add_argument("--players", type=int, nargs="*", help="only these player counts")
    p.set_defaults(func=cmd_bench)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
