"""``rulebook play``, ``rulebook replay`` and ``rulebook bench``: the game runner
(:mod:`compiler.runner`) on the engines of the project."""

from __future__ import annotations

from pathlib import Path

from compiler import build, runner
from compiler.cli.common import CliError, project_root


def cmd_play(args) -> int:
    module = runner.load_game(args.game, project_root())
    state = runner.play(module, args.mode, args.players, args.seed,
                        Path(args.log) if args.log else None)
    print(str(state))
    winners = ", ".join(f"player {w + 1}" for w in state.winners_list()) or "nobody"
    rounds = f"{state.round} rounds and " if state.round else ""
    print(f"game over after {rounds}{len(state.history)} actions; "
          f"scores {state.scores()}; winner: {winners}")
    return 0


def cmd_replay(args) -> int:
    done = runner.replay(Path(args.log), project_root())
    print(str(done.state))
    if done.differ:
        raise CliError(f"replay DIVERGES from the log at line {done.line}: " + "; ".join(done.differ), 1)
    print(f"replay matches the log ({len(done.state.history)} actions)")
    return 0


def cmd_bench(args) -> int:
    root = project_root()
    names = [args.game] if args.game else [p.stem for p in build.spec_paths(root)]
    rows = runner.bench_rows(names, args.players, root)
    print(f"{'game':<12} {'mode':<20} {'players':>7} {'games':>6} {'games/s':>9} {'actions/s':>10}")
    for name, module, mode, n in rows:
        games, actions, secs = runner.bench(module, mode, n, args.games, args.seconds)
        print(f"{name:<12} {mode:<20} {n:>7} {games:>6} {games / secs:>9.1f} "
              f"{actions / secs:>10.0f}")
    return 0
