"""Constant folding: what an expression is worth before the game starts.

Checks that depend on the player count or on a mode's params (the phase graph
of each player count, the setup of each player count) fold conditions and
amounts with :func:`fold`.  An expression folds when it only reads literals,
params, ``players``, enum members, the fields of one catalogue entry, and end
conditions whose own condition folds to false; anything that depends on the
state of a game is :data:`UNKNOWN`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dsl import ast
from compiler.analysis.limits import MAX_PLAYERS


class _Unknown:
    def __repr__(self) -> str:
        return "UNKNOWN"


#: What an expression is worth when it depends on the state of a game.
UNKNOWN = _Unknown()


@dataclass(frozen=True)
class Env:
    """What folding may read: a mode's params and end conditions, the player count
    (``None`` if unknown), enum member names and one catalogue entry's fields."""

    params: dict = field(default_factory=dict)
    ends: dict = field(default_factory=dict)
    players: int | None = None
    members: frozenset = frozenset()
    fields: dict = field(default_factory=dict)

    def with_fields(self, entry: dict) -> Env:
        return Env(self.params, self.ends, self.players, self.members, entry)


def mode_env(mode, players: int | None = None, ends: bool = True) -> Env:
    """The folding environment of a composed mode for one player count; with
    ``ends=False`` an end condition's name does not fold (its own check reports it)."""
    params = {name: p.value for name, p in mode.params.items()}
    members = frozenset(m.name for e in mode.enums.values() for m in e.members)
    return Env(params, dict(mode.ends) if ends else {}, players, members)


def player_counts(mode) -> list[int]:
    """Every player count a mode allows; empty when the mode's count is not valid
    (E0521: below 1, an empty range, or past :data:`compiler.analysis.limits.MAX_PLAYERS`)."""
    lo, hi = mode.players
    if lo < 1 or hi < lo or hi > MAX_PLAYERS:
        return []
    return list(range(lo, hi + 1))


def fold(e, env: Env, _depth: int = 0):
    """The value of ``e`` (int, bool or an enum member's name) or :data:`UNKNOWN`.

    ``and``/``or`` short-circuit on a known operand, so ``x and false`` is false
    whatever ``x`` is.  Never raises."""
    if _depth > 50:
        return UNKNOWN
    t = type(e)
    if t in (ast.Number, ast.Bool):
        return e.value
    if t is ast.PlayerCount:
        return env.players if env.players is not None else UNKNOWN
    if t is ast.Name:
        if e.name in env.fields:
            return env.fields[e.name]
        if e.name in env.params:
            return fold(env.params[e.name], env, _depth + 1) if not isinstance(
                env.params[e.name], ast.Name) else env.params[e.name].name
        if e.name in env.ends:
            when = env.ends[e.name].when
            return False if when is not None and fold(when, env, _depth + 1) is False else UNKNOWN
        if e.name in env.members:
            return e.name
        return UNKNOWN
    if t is ast.Not:
        v = fold(e.operand, env, _depth + 1)
        return (not v) if isinstance(v, bool) else UNKNOWN
    if t in (ast.And, ast.Or):
        stop = t is ast.Or  # the value that decides the whole expression
        result = not stop
        for x in e.operands:
            v = fold(x, env, _depth + 1)
            if v is stop:
                return stop
            if not isinstance(v, bool):
                result = UNKNOWN
        return result
    if t is ast.AnyPlayer:
        v = fold(e.condition, env, _depth + 1)
        return v if isinstance(v, bool) else UNKNOWN
    if t is ast.Compare:
        a, b = fold(e.left, env, _depth + 1), fold(e.right, env, _depth + 1)
        if a is UNKNOWN or b is UNKNOWN:
            return UNKNOWN
        if e.op in ("==", "!="):
            return (a == b) == (e.op == "==")
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in (a, b)):
            return UNKNOWN
        return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}.get(e.op, UNKNOWN)
    if t is ast.Arith:
        values = [fold(x, env, _depth + 1) for x in e.operands]
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            return UNKNOWN
        total = values[0]
        for op, v in zip(e.ops, values[1:]):
            if op == "//" and v == 0:
                return UNKNOWN
            total = {"+": total + v, "-": total - v, "*": total * v, "//": total // v if v else 0}[op]
        return total
    if t is ast.Neg:
        v = fold(e.operand, env, _depth + 1)
        return -v if isinstance(v, int) and not isinstance(v, bool) else UNKNOWN
    if t is ast.Call and e.func.name in ("max", "min", "abs"):
        values = [fold(x, env, _depth + 1) for x in e.args]
        if not values or not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            return UNKNOWN
        if e.func.name == "abs":
            return abs(values[0]) if len(values) == 1 else UNKNOWN
        return max(values) if e.func.name == "max" else min(values)
    return UNKNOWN


def players_words(counts: list[int]) -> str:
    """``[2, 3, 4, 6]`` → ``"2 to 4 and 6 players"``."""
    runs: list[list[int]] = []
    for n in sorted(counts):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    parts = [str(r[0]) if len(r) == 1 else f"{r[0]} to {r[-1]}" for r in runs]
    text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return f"{text} player" + ("" if counts == [1] else "s")
