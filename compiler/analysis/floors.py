"""The lowest value each track can take, for the engine to refuse a save that holds
less (``R.Rules.track_low``, read by ``runtime/saves.py``).

A track with a ``range`` never goes below its low end.  A track without one never goes
below zero when it starts at zero or more and nothing lowers it: every ``advance`` of it
(every ``score``, for the score track) moves it by an amount that is never negative, and
every ``set`` of it puts it at such a value.  Never negative: a number (or a param) of
zero or more, a count, a card field that no catalogue entry gives below zero, the round
number, and sums, products, ``max`` (of one such value), ``min`` (of all) and ``abs`` of
them.  Any other track may take any value: it has no floor.
"""

from __future__ import annotations

from dsl import ast
from compiler.analysis.constfold import UNKNOWN, fold, mode_env, track_bounds


def track_floors(mode, cards: list[dict]) -> dict[str, int]:
    """Track name → the lowest value it can take in ``mode`` (the tracks with a floor).
    ``cards``: the catalogue entries (their fields bound what a card field gives)."""
    env = mode_env(mode)
    negative_fields = {k for entry in cards for k, v in entry.items()
                       if not isinstance(v, bool) and isinstance(v, (int, float)) and v < 0}
    negative_fields |= set(mode.tracks)  # another track's value may be below zero
    writes: dict[str, list] = {}
    for block in _blocks(mode):
        for node in ast.walk(block):
            if isinstance(node, ast.Advance):
                writes.setdefault(node.track.name, []).append(node.amount)
            elif isinstance(node, ast.Score):
                for name, t in mode.tracks.items():
                    if t.is_score:
                        writes.setdefault(name, []).append(node.amount)
            elif isinstance(node, ast.SetTrack):
                writes.setdefault(node.track.name, []).append(node.value)
            elif isinstance(node, ast.SetState) and node.state.name in mode.tracks:
                writes.setdefault(node.state.name, []).append(node.value)
    floors: dict[str, int] = {}
    for name, track in mode.tracks.items():
        if track.low is not None:
            bounds = track_bounds(mode, track)
            low = fold(track.low, env)
            if bounds is not None or isinstance(low, int) and not isinstance(low, bool):
                floors[name] = bounds[0] if bounds is not None else low
            continue
        start = fold(track.start, env) if track.start is not None else 0
        if isinstance(start, int) and not isinstance(start, bool) and start >= 0 and all(
                _never_negative(e, env, negative_fields) for e in writes.get(name, ())):
            floors[name] = 0
    return floors


def _blocks(mode) -> list:
    blocks = [d.effect for d in (*mode.actions.values(), *mode.triggers.values(), *mode.procedures.values())]
    blocks += [body for ph in mode.phases.values() for body in (ph.on_enter, ph.on_exit, ph.on_turn)]
    return blocks + ([mode.setup.body] if mode.setup is not None else [])


def _never_negative(e, env, negative_fields: set[str]) -> bool:
    value = fold(e, env)
    if value is not UNKNOWN:
        return isinstance(value, int) and not isinstance(value, bool) and value >= 0
    if isinstance(e, (ast.Count, ast.CountPlayers, ast.CountShowing, ast.RoundNumber)):
        return True
    if isinstance(e, (ast.Attribute, ast.FieldOf)):
        return e.attr not in negative_fields
    if isinstance(e, ast.Name):  # a bare field (inside `sum ... over`) or a value read in play
        return False
    if isinstance(e, ast.Sum):
        return _never_negative(e.value, env, negative_fields) or (
            isinstance(e.value, ast.Name) and e.value.name not in negative_fields)
    if isinstance(e, ast.Arith):
        return set(e.ops) <= {"+", "*"} and all(_never_negative(x, env, negative_fields) for x in e.operands)
    if isinstance(e, ast.Call) and e.func.name in ("max", "min", "abs"):
        nonneg = [_never_negative(x, env, negative_fields) for x in e.args]
        return e.func.name == "abs" or (any(nonneg) if e.func.name == "max" else all(nonneg))
    return False
