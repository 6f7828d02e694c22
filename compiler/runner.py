"""The game runner: load a built engine, play a game with seeded random bots, replay
a game from its JSON-lines log, time random games.

Failures raise :class:`RunError` (a message and the exit status the command
returns: 1 for an engine that does not load or a replay that diverges, 2 for bad
input).  The ``rulebook play``, ``replay`` and ``bench`` commands
(:mod:`compiler.cli.games`) print what these functions return.
"""

from __future__ import annotations

import importlib
import io
import json
import os
import random
import stat
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


class RunError(Exception):
    """A failure of the runner, reported as ``rulebook: <message>`` with exit status ``code``."""

    def __init__(self, message: str, code: int = 2):
        super().__init__(message)
        self.code = code


def _import_engine(name: str, root: Path):
    """``generated.<name>`` of the project at ``root`` if it is an engine (defines
    ``Game``), else None."""
    if not name.isidentifier() or name.startswith("_"):
        return None
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    try:
        module = importlib.import_module(f"generated.{name}")
    except ModuleNotFoundError as err:
        if err.name in ("generated", f"generated.{name}"):
            return None
        raise RunError(f"the engine for {name!r} does not load ({err}); run `rulebook build`", 1) \
            from None
    except Exception as err:  # noqa: BLE001 - a broken generated file, reported without a traceback
        raise RunError(f"the engine for {name!r} does not load ({type(err).__name__}: {err}); "
                       "run `rulebook build`", 1) from None
    game = getattr(module, "Game", None)
    return module if isinstance(game, type) and hasattr(game, "new_initial_state") else None


def known_games(root: Path) -> list[str]:
    """Names of the built engines of the project at ``root`` (modules of
    ``generated/`` that define ``Game``), sorted."""
    names = []
    for path in sorted((root / "generated").glob("*.py")):
        try:
            if _import_engine(path.stem, root) is not None:
                names.append(path.stem)
        except RunError:
            pass
    return names


def load_game(name: str, root: Path):
    """Import ``generated.<name>`` (the engine of a built spec of the project at
    ``root``); RunError (exit 2) naming the known games when there is none."""
    module = _import_engine(name, root) if isinstance(name, str) else None
    if module is None:
        known = known_games(root)
        spec = Path(name).stem if isinstance(name, str) and name.endswith(".rules") else None
        raise RunError(f"no engine for {name!r}; "
                       + ("name the game, not its spec file"
                          + (f" (`rulebook play {spec}`)" if spec in known else "") + "; " if spec else "")
                       + (f"known games: {', '.join(known)}" if known
                          else "no game is built yet: run `rulebook build` first"))
    return module


def counted(n: int, noun: str) -> str:
    """``n`` and ``noun`` in words, the noun plural unless ``n`` is 1: ``1 round``,
    ``2 rounds``, ``0 players``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def counts_rounds(state) -> bool:
    """Whether the game of ``state`` counts rounds: its flow in this mode names the phase
    that opens each one (``round starts at``); without it the round stays 0."""
    return state.g.round_start is not None


def describe(state) -> str:
    """What ``rulebook play`` and ``replay`` print of ``state``: the engine's description
    (``str(state)``), its first line without the round in a game that counts none."""
    text = str(state)
    if counts_rounds(state):
        return text
    first, newline, rest = text.partition("\n")
    return first.replace(f", round {state.round}, ", ", ", 1) + newline + rest


#: How many actions ``rulebook play`` (and ``bench``) let a game of random bots take before
#: it stops it as a game that does not end: far more than any game takes (a six-player
#: Metropolis game of random bots takes about 22,000).
MAX_ACTIONS = 100_000


def parse_options(items: list[str] | None) -> dict:
    """``--option NAME=VALUE`` arguments as ``Game(options=...)`` takes them: ``true`` and
    ``false`` as booleans, whole numbers as ints, anything else as text (an enum member).
    RunError (exit 2) for an item without ``=``."""
    out: dict = {}
    for item in items or ():
        name, equals, value = item.partition("=")
        if not equals or not name:
            raise RunError(f"--option takes NAME=VALUE, not {item!r}")
        out[name] = {"true": True, "false": False}.get(value, int(value) if value.isdigit() else value)
    return out


def play_game(module, mode: str | None, players: int | None, seed: int, log=None,
              max_actions: int = MAX_ACTIONS, modules: tuple[str, ...] = (), options: dict | None = None):
    """Play one game with seeded random bots; returns the final state.

    ``players`` defaults to the smallest count the mode allows; RulesError for
    a bad mode, player count or seed, raised before anything is written to ``log``.
    RunError (exit 1) when the game has not ended after ``max_actions`` actions, when
    the engine raises RuntimeError (a flow nobody can play, say), or when it refuses an
    action it offered (a payment no check proved affordable, say): the message names the
    game, mode, seed and action number, not a traceback."""
    chosen = {"modules": tuple(modules)} if modules else {}
    if options:
        chosen["options"] = options
    if players is None:
        counts = (module.Game.player_counts(mode, tuple(modules)) if modules
                  else module.Game.player_counts(mode))
        players = counts[0]
    game = module.Game(num_players=players, mode=mode, seed=seed, **chosen)
    bots = random.Random(seed)
    state = game.new_initial_state()
    if log is not None:
        start = {"event": "start", "game": module.Game.NAME, "mode": game.mode, "players": players,
                 "seed": seed}
        if getattr(module, "SPEC_PATH", None):  # played from a spec file: replay compiles it
            start["spec"] = module.SPEC_PATH
        if chosen:  # construct 15: the modules and options it was created with
            start.update(modules=list(game.selected), options=dict(game.opt))
        log.write(json.dumps(start) + "\n")
    mode_words = "+".join((game.mode, *getattr(game, "selected", ())))
    where = f"{module.Game.NAME} (mode {mode_words}, {counted(players, 'player')}, seed {seed})"
    done = 0
    try:
        while not state.is_terminal():
            if done >= max_actions:
                raise RunError(f"{where}: stopped after {counted(max_actions, 'action')}: the game did not "
                               "end (raise the limit with --max-actions)", 1)
            action = bots.choice(state.legal_actions())
            try:
                state.apply_action(action)
            except (module.IllegalActionError, module.RulesError) as err:  # offered, then refused
                raise RunError(f"{where}: the engine refused the action it offered at action {done + 1} "
                               f"({action}): {err} (a rules error in the spec)", 1) from None
            done += 1
            if log is not None:
                log.write(json.dumps({"event": "action", **action.to_json(), "text": str(action)})
                          + "\n")
    except RuntimeError as err:  # RecursionError too: an engine that cannot go on
        raise RunError(f"{where}: the engine failed at action {done + 1}: "
                       f"{type(err).__name__}: {err}", 1) from None
    if log is not None:
        log.write(json.dumps({"event": "end", "scores": state.scores(), "returns": state.returns(),
                              "winners": state.winners_list(), "round": state.round}) + "\n")
    return state


def _check_log_path(path: Path) -> None:
    """Refuse a log path that can't be written, before playing anything."""
    if path.is_dir():
        raise RunError(f"cannot write the log {str(path)!r}: it is a directory")
    if not path.parent.is_dir():
        raise RunError(f"cannot write the log {str(path)!r}: no such directory {str(path.parent)!r}")
    if not os.access(path if path.exists() else path.parent, os.W_OK):
        raise RunError(f"cannot write the log {str(path)!r}: permission denied")


def play(module, mode: str | None, players: int | None, seed: int, log_path: Path | None = None,
         max_actions: int = MAX_ACTIONS, modules: tuple[str, ...] = (), options: dict | None = None):
    """Play one game (:func:`play_game`, at most ``max_actions`` actions) and write its log
    to ``log_path`` (if given) once the game is over, or once it failed (the actions up to
    the failure: what ``replay`` needs to show it); returns the final state.  RunError
    (exit 2) for a log that cannot be written or a bad mode, player count or seed; exit 1
    for a game that does not end or an engine that fails."""
    if log_path is not None:
        _check_log_path(log_path)
    log = io.StringIO() if log_path is not None else None
    try:
        state = play_game(module, mode, players, seed, log, max_actions, modules, options)
    except module.RulesError as err:
        raise RunError(str(err)) from None
    except RunError:  # the game started and failed: its log so far shows how it got there
        if log_path is not None:
            _write_log(log_path, log)
        raise
    if log_path is not None:
        _write_log(log_path, log)
    return state


def _write_log(log_path: Path, log: io.StringIO) -> None:
    """Write what ``log`` holds to ``log_path``; RunError (exit 2) when it cannot."""
    try:
        log_path.write_text(log.getvalue(), encoding="utf-8")
    except OSError as err:
        raise RunError(f"cannot write the log {str(log_path)!r}: {err.strerror or err}") from None


# What each event of a log must carry (key: accepted types); ``int`` excludes bool.
_EVENT_FIELDS = {
    "start": {"game": str, "mode": str, "players": int, "seed": int},
    "action": {"player": int, "name": str, "args": list},
    "end": {"scores": list, "returns": list, "winners": list, "round": int},
}


#: The largest game log ``replay`` reads: some 500,000 actions, far more than a game takes
#: (a six-player Metropolis game of random bots logs about 22,000).
MAX_LOG_BYTES = 64 * 2**20


def _read_log(path: Path) -> list[tuple[int, dict]]:
    """The events of a log with their line numbers, checked for shape: a start
    event first, then actions, then at most one end event, and nothing else.
    Raises RunError (exit 2) naming the offending line."""
    try:
        info = path.stat()
        if stat.S_ISREG(info.st_mode) and info.st_size > MAX_LOG_BYTES:
            raise RunError(f"{path}: not a game log: {info.st_size:,} bytes, more than the "
                           f"{MAX_LOG_BYTES:,} of any game's log")
        if not stat.S_ISREG(info.st_mode) and not stat.S_ISDIR(info.st_mode):  # /dev/zero, a pipe
            raise RunError(f"cannot read the log {str(path)!r}: not an ordinary file")
        text = path.read_text(encoding="utf-8")
    except IsADirectoryError:
        raise RunError(f"cannot read the log {str(path)!r}: it is a directory") from None
    except FileNotFoundError:
        raise RunError(f"cannot read the log {str(path)!r}: no such file") from None
    except OSError as err:
        raise RunError(f"cannot read the log {str(path)!r}: {err.strerror or err}") from None
    except UnicodeDecodeError as err:
        raise RunError(f"{path}: not a game log (not UTF-8 text: {err.reason})") from None
    events: list[tuple[int, dict]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        where = f"{path}: line {number}"
        try:
            event = json.loads(line)
        except json.JSONDecodeError as err:
            raise RunError(f"{where}: not valid JSON (truncated or edited log?): "
                           f"{err.msg} at column {err.colno}") from None
        except (ValueError, RecursionError) as err:
            raise RunError(f"{where}: not valid JSON: {type(err).__name__}") from None
        if not isinstance(event, dict):
            raise RunError(f"{where}: expected a JSON object, found {type(event).__name__}")
        kind = event.get("event")
        if kind not in _EVENT_FIELDS:
            raise RunError(f"{where}: unknown event {kind!r} (expected start, action or end)")
        if not events and kind != "start":
            raise RunError(f"{where}: the log must begin with a start event, not {kind!r}")
        if events and kind == "start":
            raise RunError(f"{where}: a second start event")
        if events and events[-1][1]["event"] == "end":
            raise RunError(f"{where}: {kind!r} event after the end event (line {events[-1][0]})")
        for key, typ in _EVENT_FIELDS[kind].items():
            if key not in event:
                raise RunError(f"{where}: the {kind} event has no {key!r}")
            value = event[key]
            if not isinstance(value, typ) or (typ is int and isinstance(value, bool)):
                raise RunError(f"{where}: {key!r} of the {kind} event should be "
                               f"{'an' if typ is int else 'a'} {typ.__name__}, not {value!r}")
        events.append((number, event))
    if not events:
        raise RunError(f"{path}: the log is empty")
    return events




@dataclass
class Replay:
    """A replayed game that reached its log's end event: the final ``state``, the
    ``line`` of the end event and how the outcome differs from the log's (``differ``,
    empty when it matches)."""

    state: object
    line: int
    differ: list[str]


def replay(path: Path, root: Path, from_spec: Callable[[str], object] | None = None) -> Replay:
    """Re-run the game logged at ``path`` with the engine of the project at ``root``, or,
    for a log whose start names the spec file it was played from (``"spec"``), with the
    engine ``from_spec(spec)`` gives (``rulebook play path/to/game.rules --log ...``).
    RunError: exit 2 for a malformed log or an unknown game, exit 1 when the replay
    diverges before the end event or the log has none."""
    events = _read_log(path)
    number, head = events[0]
    try:
        spec = head.get("spec")
        if spec is not None and not isinstance(spec, str):
            raise RunError(f"the start's spec must be a path, not {spec!r}")
        module = from_spec(spec) if spec and from_spec is not None else load_game(head["game"], root)
    except RunError as err:
        raise RunError(f"{path}: line {number}: {err}", err.code) from None
    try:
        chosen = {k: (tuple(head[k]) if k == "modules" else head[k]) for k in ("modules", "options")
                  if head.get(k)}  # construct 15
        game = module.Game(num_players=head["players"], mode=head["mode"], seed=head["seed"], **chosen)
    except module.RulesError as err:
        raise RunError(f"{path}: line {number}: {err}") from None
    state = game.new_initial_state()
    for number, event in events[1:]:
        where = f"{path}: line {number}"
        if event["event"] == "action":
            try:
                action = game.action_from_json(event)
            except module.RulesError as err:
                raise RunError(f"{where}: {err}") from None
            try:
                state.apply_action(action)
            except module.IllegalActionError as err:
                raise RunError(f"replay DIVERGES from the log at line {number}: {err}", 1) from None
            except RuntimeError as err:  # an engine that cannot go on: a message, not a traceback
                raise RunError(f"{where}: {head['game']} (mode {head['mode']}, seed {head['seed']}): "
                               f"the engine failed at action {state.move_number() + 1}: "
                               f"{type(err).__name__}: {err}", 1) from None
            continue
        # the end event: the replayed game must be over, with the same outcome
        if not state.is_terminal():
            raise RunError(f"replay DIVERGES from the log at line {number}: the log ends the game "
                           f"here, but the replayed game is still running (round {state.round}, "
                           f"phase {state.phase!r})", 1)
        replayed = {"scores": state.scores(), "returns": state.returns(),
                    "winners": state.winners_list(), "round": state.round}
        differ = [f"{key} {event[key]} in the log, {value} replayed"
                  for key, value in replayed.items() if event[key] != value]
        return Replay(state, number, differ)
    raise RunError(f"{path}: the log has no end event (truncated?); replayed {state.move_number()} "
                   f"actions up to line {number} without divergence, "
                   + ("and the game is over" if state.is_terminal() else "but the game is not over"),
                   1)


def _counts(ns: list[int]) -> str:
    return ", ".join(map(str, ns))


def bench_rows(names: list[str], players: list[int] | None, root: Path,
               chosen: tuple[str, ...] = (), every: bool = False, mode: str | None = None) -> list[tuple]:
    """The rows ``rulebook bench`` times: ``(game, engine module, mode, player count)``
    for every mode of each game in ``names`` (only ``mode`` when given) and each player
    count it allows (only those in ``players`` when given).  With ``chosen`` modules
    (construct 15) each mode that offers them is played with them (its row's mode is
    ``mode+module+...``); with ``every``, with each set of modules it allows.  Every engine
    is loaded before anything is timed; RunError (exit 2) for an unknown mode, a player
    count no mode allows, or modules that no mode (or not ``mode``) offers."""
    modules = {name: load_game(name, root) for name in names}  # every error before any output
    rows = []
    for name, module in modules.items():
        G = module.Game
        if mode is not None and mode not in G.MODES:
            raise RunError(f"{name} has no mode {mode!r}; modes: {', '.join(G.MODES)}")
        modes = [mode] if mode is not None else [
            m for m in G.MODES if not chosen or set(chosen) <= set(G.modules(m))] or list(G.MODES)
        for each in modes:
            sets = G.combinations(each) if every and hasattr(G, "combinations") else [tuple(chosen)]
            for selected in sets:
                try:
                    counts = G.player_counts(each, selected) if selected else G.player_counts(each)
                except module.RulesError as err:
                    raise RunError(str(err)) from None
                rows += [(name, module, "+".join((each, *selected)), n) for n in counts
                         if not players or n in players]
    allowed = {n for _, _, _, n in rows}
    unplayable = sorted(set(players or ()) - allowed)
    if unplayable:
        counts = sorted({n for m in modules.values() for mode in m.Game.MODES
                         for n in m.Game.player_counts(mode)})
        raise RunError(f"no mode of {', '.join(names)} is for {_counts(unplayable)} players "
                       f"(player counts: {_counts(counts)})")
    return rows


def bench(module, mode: str, players: int, games: int, seconds: float,
          progress: Callable[[float], None] | None = None) -> tuple[int, int, float]:
    """Play seeded random games (seeds 0, 1, ...) of ``mode`` with ``players``: at least
    one, at least ``games`` and for at least ``seconds``.  Returns (games played,
    actions in all, seconds taken).  ``progress(fraction)`` hears after each game how
    much of the least it must do is done (0 to 1)."""
    played = actions = 0
    start = time.perf_counter()
    while True:
        state = play_game(module, mode.split("+")[0], players, seed=played,
                          modules=tuple(mode.split("+")[1:]))
        played += 1
        actions += state.move_number()
        elapsed = time.perf_counter() - start
        if progress is not None:
            progress(min(played / games if games else 1.0, elapsed / seconds if seconds else 1.0, 1.0))
        if played >= games and elapsed >= seconds:
            break
    return played, actions, max(time.perf_counter() - start, 1e-9)


@dataclass
class SearchCost:
    """What a tree search pays per node, measured along one seeded random game:
    ``clone_us`` and ``apply_us`` (microseconds of CPU) for the state after ``early_at``
    actions and after ``late_at`` actions (the target, or the last action before the
    game ended if it ended sooner); ``loops`` of the search loop (clone, apply a random
    legal action, work out the legal actions of the new state) in ``cpu_seconds``."""

    early_at: int
    early_clone_us: float
    early_apply_us: float
    late_at: int
    late_clone_us: float
    late_apply_us: float
    loops: int
    cpu_seconds: float


def _cost_us(run: Callable[[int], None], least: float = 0.01) -> float:
    """CPU microseconds of one call of what ``run(k)`` does ``k`` times: the best of
    three rounds, each of at least ``least`` seconds."""
    k, best = 16, float("inf")
    while True:
        start = time.process_time()
        run(k)
        took = time.process_time() - start
        if took >= least:
            break
        k *= 4
    best = took / k
    for _ in range(2):
        start = time.process_time()
        run(k)
        best = min(best, (time.process_time() - start) / k)
    return round(best * 1e6, 2)


def _node_costs(state, copies: int = 200, least: float = 0.01) -> tuple[float, float]:
    """(clone, apply) CPU microseconds at ``state``; apply: its first legal action,
    applied to ``copies`` clones made beforehand (the best of three rounds); clone: rounds
    of at least ``least`` seconds (:func:`_cost_us`)."""
    action = state.legal_actions()[0]

    def clones(k: int) -> None:
        for _ in range(k):
            state.clone()

    apply = float("inf")
    for _ in range(3):
        fresh = [state.clone() for _ in range(copies)]
        start = time.process_time()
        for c in fresh:
            c.apply_action(action)
        apply = min(apply, (time.process_time() - start) / copies)
    return _cost_us(clones, least), round(apply * 1e6, 2)


def search_bench(module, mode: str, players: int, seconds: float, early: int = 10,
                 late: int = 5000, seed: int = 0) -> SearchCost:
    """Time the node of a tree search (see :class:`SearchCost`) on the game of
    ``seed``: clone and apply after ``early`` and ``late`` actions, then the search
    loop for ``seconds`` of CPU from the state after ``early`` actions (a random walk
    that starts again from there when a game ends).  Each timing round of clone and
    apply lasts at least ``min(0.01, seconds / 5)`` and applies to at most 200 clones
    (20 for a loop of no time): a short ``seconds`` measures the whole node quickly."""
    least, copies = min(0.01, seconds / 5), max(20, min(200, int(seconds * 4000)))
    mode, *selected = mode.split("+")  # a row of a module set (construct 15): mode+module+...
    state = module.Game(num_players=players, mode=mode, seed=seed,
                        **({"modules": tuple(selected)} if selected else {})).new_initial_state()
    bots = random.Random(seed)
    marks, last = {}, state
    while not state.is_terminal() and state.move_number() <= late:
        if state.move_number() in (early, late):
            marks[state.move_number()] = state.clone()
        last = state.clone()
        state.apply_action(bots.choice(state.legal_actions()))
    root = marks.get(early, last)
    end = marks.get(late, last)
    early_clone, early_apply = _node_costs(root, copies, least)
    late_clone, late_apply = _node_costs(end, copies, least)
    loops, node = 0, root
    start = time.process_time()
    while True:
        for _ in range(32):
            legal = node.legal_actions()
            child = node.clone()
            child.apply_action(legal[bots.randrange(len(legal))])
            child.legal_actions()
            node = root if child.is_terminal() else child
        loops += 32
        took = time.process_time() - start
        if took >= seconds:
            break
    return SearchCost(root.move_number(), early_clone, early_apply, end.move_number(), late_clone,
                      late_apply, loops, round(took, 4))
