"""``rulebook play``, ``rulebook replay`` and ``rulebook bench``: the game runner
(:mod:`compiler.runner`) on the engines of the project."""

from __future__ import annotations

from pathlib import Path

from compiler import build, runner
from compiler.cli.common import CliError, print_diagnostics, project_root


def _game_or_spec(game: str):
    """The engine ``rulebook play`` plays: the built engine of a game name, or, for a
    spec's path (``path/to/game.rules``), its engine compiled for this run only
    (:func:`compiler.build.engine_from_spec`, nothing written, its absolute path kept as
    ``SPEC_PATH`` for the log); a spec with errors prints them and exits 1."""
    if not game.endswith(".rules"):
        return runner.load_game(game, project_root())
    if not Path(game).is_file():
        raise CliError(f"no such spec: {game}")
    try:
        module = build.engine_from_spec(Path(game))
    except build.SpecError as err:
        print_diagnostics(err.result)
        raise CliError(f"{game} has errors: no game to play", 1) from None
    module.SPEC_PATH = str(Path(game).resolve())  # the log's start names it, for `replay`
    return module


def cmd_play(args) -> int:
    module = _game_or_spec(args.game)
    options = runner.parse_options(args.option)
    _check_yes_no(module, args.mode, options)
    state = runner.play(module, args.mode, args.players, args.seed,
                        Path(args.log) if args.log else None, args.max_actions,
                        tuple(args.module or ()), options)
    print(runner.describe(state))
    winners = ", ".join(state.game.seat_name(w) for w in state.winners_list()) or "nobody"
    rounds = f"{runner.counted(state.round, 'round')} and " if runner.counts_rounds(state) else ""
    print(f"game over after {rounds}{runner.counted(state.move_number(), 'action')}; "
          f"scores {state.scores()}; winner: {winners}")
    return 0


def _check_yes_no(module, mode: str | None, options: dict) -> None:
    """CliError (exit 2) for ``--option NAME=VALUE`` giving a true-or-false option anything
    but ``true`` or ``false``, in the words the command line takes (the engine's own error
    would spell them as Python does)."""
    try:
        offered = module.Game.options(mode)
    except module.RulesError:
        return  # an unknown mode: the game says so
    for name, value in options.items():
        values = offered.get(name, {}).get("values") or [None]
        if isinstance(values[0], bool) and not isinstance(value, bool):
            raise CliError(f"--option {name} cannot be {str(value)!r}; its values: true, false")


def cmd_replay(args) -> int:
    done = runner.replay(Path(args.log), project_root(), _game_or_spec)
    print(runner.describe(done.state))
    if done.differ:
        raise CliError(f"replay DIVERGES from the log at line {done.line}: " + "; ".join(done.differ), 1)
    print(f"replay matches the log ({done.state.move_number()} actions)")
    return 0


def cmd_bench(args) -> int:
    """Time random games per mode and player count (:mod:`compiler.tools.benchmark`),
    printing a table as rows end (or JSON at the end, ``--json``), with a progress bar
    on a terminal.  ``--compare FILE`` sets each row beside a saved run and exits 1
    when one is more than ``--threshold`` percent slower per action."""
    import json
    import sys

    from compiler.cli.progress import progress
    from compiler.tools import benchmark

    root = project_root()
    names = [args.game] if args.game else [p.stem for p in build.spec_paths(root)]
    rows = runner.bench_rows(names, args.players, root, tuple(args.module or ()), args.every_combination,
                             args.mode)
    if args.quick:
        rows = benchmark.quick_rows(rows)
    games, seconds = benchmark.games_and_seconds(args.quick, args.games, args.seconds)
    try:
        baseline = benchmark.load(Path(args.compare)) if args.compare else None
    except benchmark.BenchFileError as err:
        raise CliError(str(err)) from None
    # the columns as wide as the longest game and mode (`--every-combination` names are long)
    gw, mw = max([12, *(len(r[0]) for r in rows)]), max([20, *(len(r[2]) for r in rows)])
    if not args.json:
        print(f"{'game':<{gw}} {'mode':<{mw}} {'players':>7} {'games':>6} {'games/s':>9} {'actions/s':>10}")

    def printed(row: benchmark.Row) -> None:
        if not args.json:
            print(f"{row.game:<{gw}} {row.mode:<{mw}} {row.players:>7} {row.games:>6} "
                  f"{row.games_per_second:>9.1f} {row.actions_per_second:>10.0f}", flush=True)

    def searched(row: benchmark.SearchRow) -> None:
        bar.update(len(rows) + len(run.search), f"search {row.game} {row.mode} {row.players}p")
        if not args.json:
            print(f"{row.game:<{gw}} {row.mode:<{mw}} {row.players:>7} {row.early_clone_us:>7.1f} "
                  f"{row.early_apply_us:>7.1f} {row.late_at:>6} {row.late_clone_us:>7.1f} "
                  f"{row.late_apply_us:>7.1f} {row.loops_per_second:>9.0f}", flush=True)

    with progress() as bars:
        bar = bars.task("bench", 2 * len(rows))
        run = benchmark.measure(
            rows, games, seconds, quick=args.quick, done=printed,
            progress=lambda i, fraction, row: bar.update(i + fraction, f"bench {row[0]} {row[2]} {row[3]}p"))
        if not args.json:
            print(f"\ntree search (microseconds of CPU per clone and per apply after 10 actions and after "
                  f"'at' actions; loops/s: clone + apply + legal actions)\n"
                  f"{'game':<{gw}} {'mode':<{mw}} {'players':>7} {'clone':>7} {'apply':>7} {'at':>6} "
                  f"{'clone':>7} {'apply':>7} {'loops/s':>9}")
        search = args.search_seconds
        if search is None:
            search = benchmark.QUICK_SEARCH_SECONDS if args.quick else \
                max(0.05, min(benchmark.SEARCH_SECONDS, seconds))
        benchmark.measure_search(run, rows, search, done=searched, walk=args.walk)
        bar.finish()
    if args.json:
        print(json.dumps(run.to_json(), indent=2))
    if baseline is None:
        return 0
    return _compared(run, baseline, args.threshold, sys.stderr if args.json else sys.stdout)


def _compared(run, baseline, threshold: float, out) -> int:
    """Print the run beside ``baseline`` on ``out``; 1 when a row is more than
    ``threshold`` percent slower per action, else 0."""
    from compiler.tools import benchmark

    pairs, new, gone = benchmark.compare(run, baseline)
    limit = 1 + threshold / 100
    print(f"\ncompared with the saved run (relative speed: actions per CPU second per 1000 "
          f"calibration loops; slower past {limit:.2f}x fails)", file=out)
    print(f"{'game':<12} {'mode':<20} {'players':>7} {'saved':>8} {'now':>8}  change", file=out)
    for c in pairs:
        game, mode, players = c.key
        change = (f"{c.slowdown:.2f}x slower" if c.slowdown >= 1 else f"{1 / c.slowdown:.2f}x faster") \
            + ("  REGRESSION" if c.slowdown > limit else "")
        print(f"{game:<12} {mode:<20} {players:>7} {c.before:>8.3f} {c.now:>8.3f}  {change}", file=out)
    for key in new:
        print(f"{key[0]:<12} {key[1]:<20} {key[2]:>7} {'-':>8} {'':>8}  not in the saved run", file=out)
    for key in gone:
        print(f"{key[0]:<12} {key[1]:<20} {key[2]:>7} {'':>8} {'-':>8}  not measured now", file=out)
    slow = [c for c in pairs if c.slowdown > limit]
    if slow:
        worst = max(slow, key=lambda c: c.slowdown)
        print(f"{len(slow)} row(s) slower than {limit:.2f}x the saved run; the worst: "
              f"{' '.join(map(str, worst.key))}p, {worst.slowdown:.2f}x", file=out)
        return 1
    print(f"no row slower than {limit:.2f}x the saved run", file=out)
    return 0
