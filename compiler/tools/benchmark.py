"""The benchmark of ``rulebook bench``: random games timed per mode and player count,
saved as JSON and compared with a saved run, so that a slower engine shows in review
and a grossly slower one fails CI.

Speeds measured on different machines, or on one shared machine at different loads,
differ by more than the changes worth seeing.  So each run also times a calibration
loop (:func:`calibrate`: plain Python of the kind engines run: calls, dicts, lists,
tuple comparisons) in the same process, and each row's ``relative`` speed is its
actions per CPU second divided by the calibration loops per CPU second (times 1000).
Comparisons use ``relative``: the same engine measures about the same on a fast and
a slow machine, idle or busy.

Each row also has a ``search`` row (:func:`measure_search`): what a tree search pays
per node on the game of seed 0, the cost of ``clone()`` and ``apply_action()`` after
10 actions and after 5,000 (or the game's last action, if it ends sooner), and the
search loop (clone, apply a random legal action, legal actions of the new state) per
second, with its ``relative`` speed.

JSON (``Run.to_json``)::

    {"format": 1, "python": "3.11.7", "calibration": 3.1e6, "quick": true,
     "rows": [{"game": "utopolis", "mode": "family", "players": 2, "games": 1,
               "actions": 5974, "seconds": 0.52, "cpu_seconds": 0.51,
               "games_per_second": 1.9, "actions_per_second": 11488, "relative": 3.77}, ...],
     "search": [{"game": "utopolis", "mode": "family", "players": 2, "early_at": 10,
                 "early_clone_us": 4.9, "early_apply_us": 7.1, "late_at": 3690,
                 "late_clone_us": 4.8, "late_apply_us": 7.9, "loops": 7232,
                 "cpu_seconds": 0.3, "loops_per_second": 24100, "relative": 4.2}, ...]}
"""

from __future__ import annotations

import json
import platform
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

from compiler import runner

FORMAT = 1
#: Loops of one calibration round (about 30 ms of CPU).
CALIBRATION_LOOPS = 100_000
#: The least time of a row of ``--quick`` (a solo game takes a few milliseconds: too
#: short a time to measure alone).
QUICK_SECONDS = 0.2
#: CPU seconds of the search loop of a row (at most: ``--seconds`` when shorter, 0.05 at
#: the least), and of a ``--quick`` row.
SEARCH_SECONDS = 0.5
QUICK_SEARCH_SECONDS = 0.1
#: Actions of the random walk to the late node of the search rows (``--walk``): the
#: clone and apply costs "after 5,000 actions" (or at the game's end, if sooner).
SEARCH_WALK = 5000


class BenchFileError(Exception):
    """A saved run that cannot be read or is not a run of ``rulebook bench --json``."""


def _step(value: int) -> int:
    return value + 1


def _calibration_loop(loops: int) -> int:
    counts: dict[int, int] = {}
    items = list(range(32))
    total = 0
    for i in range(loops):
        key = items[i & 31]
        counts[key] = counts.get(key, 0) + 1
        if (key, i) < (16, loops):
            total += _step(key)
        else:
            total += len(items)
    return total


def calibrate(rounds: int = 5) -> float:
    """Calibration loops per CPU second on this machine now: the best of ``rounds``."""
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        _calibration_loop(CALIBRATION_LOOPS)
        best = min(best, time.process_time() - start)
    return CALIBRATION_LOOPS / max(best, 1e-9)


@dataclass
class Row:
    """One mode and player count: ``games`` played, ``actions`` in all, in ``seconds``
    (wall) and ``cpu_seconds``; the speeds; ``relative`` (see the module)."""

    game: str
    mode: str
    players: int
    games: int
    actions: int
    seconds: float
    cpu_seconds: float
    games_per_second: float
    actions_per_second: float
    relative: float

    @property
    def key(self) -> tuple[str, str, int]:
        return self.game, self.mode, self.players


@dataclass
class SearchRow:
    """The tree-search measures of one mode and player count (see the module and
    :class:`compiler.runner.SearchCost`): microseconds of CPU per clone and per apply
    after ``early_at`` and ``late_at`` actions; search loops per CPU second and their
    ``relative`` speed (per 1000 calibration loops)."""

    game: str
    mode: str
    players: int
    early_at: int
    early_clone_us: float
    early_apply_us: float
    late_at: int
    late_clone_us: float
    late_apply_us: float
    loops: int
    cpu_seconds: float
    loops_per_second: float
    relative: float


@dataclass
class Run:
    """A whole run: its rows, the calibration (loops per CPU second), whether it was
    ``--quick``, the Python version, and the tree-search rows (none in runs saved
    before they were measured)."""

    rows: list[Row]
    calibration: float
    quick: bool
    python: str = platform.python_version()
    search: list[SearchRow] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"format": FORMAT, "python": self.python, "calibration": round(self.calibration),
                "quick": self.quick, "rows": [asdict(r) for r in self.rows],
                "search": [asdict(r) for r in self.search]}

    @classmethod
    def from_json(cls, data) -> Run:
        """A run read back; ``BenchFileError`` for data that is not one."""
        try:
            if data["format"] != FORMAT:
                raise BenchFileError(f"format {data['format']!r}, expected {FORMAT}")
            rows = [Row(**row) for row in data["rows"]]
            search = [SearchRow(**row) for row in data.get("search", [])]
            return cls(rows, float(data["calibration"]), bool(data["quick"]), str(data["python"]),
                       search)
        except (KeyError, TypeError, ValueError) as err:
            raise BenchFileError(f"not a run of `rulebook bench --json` ({type(err).__name__}: {err})") \
                from None


def load(path: Path) -> Run:
    """The run saved at ``path``; ``BenchFileError`` naming what is wrong."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise BenchFileError(f"cannot read {str(path)!r}: {err.strerror or err}") from None
    except (UnicodeDecodeError, ValueError) as err:
        raise BenchFileError(f"{path}: not JSON ({err})") from None
    try:
        return Run.from_json(data)
    except BenchFileError as err:
        raise BenchFileError(f"{path}: {err}") from None


def quick_rows(rows: list[tuple]) -> list[tuple]:
    """The rows of ``--quick``: each mode of each game once, at its smallest player
    count of two or more (its only one, for a solo mode).  ``--quick`` plays one game
    a row, or more for :data:`QUICK_SECONDS`."""
    chosen: dict[tuple, tuple] = {}
    for row in rows:
        name, _, mode, n = row
        best = chosen.get((name, mode))
        if best is None or (n >= 2 and (best[3] < 2 or n < best[3])):
            chosen[(name, mode)] = row
    return list(chosen.values())


def games_and_seconds(quick: bool, games: int | None, seconds: float | None) -> tuple[int, float]:
    """How long each row plays, as ``rulebook bench`` takes it: ``games`` games and at least
    ``seconds`` seconds where given, else 5 games and 1 s a row, or with ``quick`` 1 game
    and :data:`QUICK_SECONDS`."""
    default = (1, QUICK_SECONDS) if quick else (5, 1.0)
    return (default[0] if games is None else games, default[1] if seconds is None else seconds)


def measure(rows: list[tuple], games: int, seconds: float,
            progress: Callable[[int, float, tuple], None] | None = None,
            done: Callable[[Row], None] | None = None, quick: bool = False) -> Run:
    """Time every row of :func:`compiler.runner.bench_rows` (``games`` and ``seconds`` as
    :func:`compiler.runner.bench` takes them).  ``progress(index, fraction, row)`` is
    called as games end, ``done(row)`` as each row ends."""
    calibration = calibrate()
    out = []
    for index, row in enumerate(rows):
        name, module, mode, n = row
        tick = (lambda fraction, i=index, r=row: progress(i, fraction, r)) if progress else None
        cpu = time.process_time()
        played, actions, secs = runner.bench(module, mode, n, games, seconds, progress=tick)
        cpu = max(time.process_time() - cpu, 1e-9)
        result = Row(name, mode, n, played, actions, round(secs, 4), round(cpu, 4),
                     round(played / secs, 2), round(actions / secs, 1),
                     round(1000 * actions / cpu / calibration, 4))
        out.append(result)
        if done is not None:
            done(result)
    calibration = max(calibration, calibrate())  # the best of before and after the rows
    for r in out:  # relative speeds against the final calibration
        r.relative = round(1000 * r.actions / r.cpu_seconds / calibration, 4)
    return Run(out, calibration, quick)


def measure_search(run: Run, rows: list[tuple], seconds: float,
                   done: Callable[[SearchRow], None] | None = None, walk: int = SEARCH_WALK) -> None:
    """Add to ``run`` the tree-search row of every row of ``rows`` (as :func:`measure`
    takes them), each search loop timed for ``seconds`` of CPU, the late node ``walk``
    actions into the game (:data:`SEARCH_WALK`; the early one stays at 10);
    ``done(row)`` is called as each ends."""
    for name, module, mode, n in rows:
        cost = runner.search_bench(module, mode, n, seconds, late=walk)
        speed = cost.loops / max(cost.cpu_seconds, 1e-9)
        row = SearchRow(name, mode, n, cost.early_at, cost.early_clone_us, cost.early_apply_us,
                        cost.late_at, cost.late_clone_us, cost.late_apply_us, cost.loops,
                        cost.cpu_seconds, round(speed, 1), round(1000 * speed / run.calibration, 4))
        run.search.append(row)
        if done is not None:
            done(row)


@dataclass
class Comparison:
    """One row of a run beside the same row of a saved one: ``slowdown`` is how many
    times longer an action takes now (relative speeds; above 1: slower)."""

    key: tuple[str, str, int]
    before: float
    now: float

    @property
    def slowdown(self) -> float:
        return self.before / self.now if self.now > 0 else float("inf")


def compare(run: Run, baseline: Run) -> tuple[list[Comparison], list[tuple], list[tuple]]:
    """The rows of ``run`` beside those of ``baseline``; and the keys (game, mode,
    players) found only in the run, and only in the baseline."""
    saved = {r.key: r for r in baseline.rows}
    now = {r.key: r for r in run.rows}
    pairs = [Comparison(key, saved[key].relative, row.relative) for key, row in now.items() if key in saved]
    return pairs, [k for k in now if k not in saved], [k for k in saved if k not in now]
