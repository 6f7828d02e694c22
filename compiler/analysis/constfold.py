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
from compiler.analysis import tables as T
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
    #: the mode's tables (construct 10), by name: a read with constant keys folds
    tables: dict = field(default_factory=dict)

    def with_fields(self, entry: dict) -> Env:
        return Env(self.params, self.ends, self.players, self.members, entry, self.tables)


def mode_env(mode, players: int | None = None, ends: bool = True) -> Env:
    """The folding environment of a composed mode for one player count; with
    ``ends=False`` an end condition's name does not fold (its own check reports it)."""
    params = {name: p.value for name, p in mode.params.items()}
    members = frozenset(m.name for e in mode.enums.values() for m in e.members)
    return Env(params, dict(mode.ends) if ends else {}, players, members, {},
               dict(getattr(mode, "tables", {})))


def player_counts(mode) -> list[int]:
    """Every player count a mode allows; empty when the mode's count is not valid
    (E0521: below 1, an empty range, or past :data:`compiler.analysis.limits.MAX_PLAYERS`)."""
    lo, hi = mode.players
    if lo < 1 or hi < lo or hi > MAX_PLAYERS:
        return []
    return list(range(lo, hi + 1))


def fold(e, env: Env, _depth: int = 0):
    """The value of ``e`` (int, bool or an enum member's name) or :data:`UNKNOWN`, by its
    class's rule in :data:`FOLDS`.

    ``and``/``or`` short-circuit on a known operand, so ``x and false`` is false
    whatever ``x`` is.  Never raises."""
    if _depth > 50:
        return UNKNOWN
    rule = FOLDS.get(type(e))
    return rule(e, env, _depth) if rule is not None else UNKNOWN


def _number(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _literal(e, env: Env, depth: int):
    return e.value


def _players(e, env: Env, depth: int):
    return env.players if env.players is not None else UNKNOWN


def _name(e: ast.Name, env: Env, depth: int):
    if e.name in env.fields:
        return env.fields[e.name]
    if e.name in env.params:
        return fold(env.params[e.name], env, depth + 1) if not isinstance(
            env.params[e.name], ast.Name) else env.params[e.name].name
    if e.name in env.ends:
        when = env.ends[e.name].when
        return False if when is not None and fold(when, env, depth + 1) is False else UNKNOWN
    if e.name in env.members:
        return e.name
    return UNKNOWN


def _not(e: ast.Not, env: Env, depth: int):
    v = fold(e.operand, env, depth + 1)
    return (not v) if isinstance(v, bool) else UNKNOWN


def _logic(e: ast.And | ast.Or, env: Env, depth: int):
    stop = type(e) is ast.Or  # the value that decides the whole expression
    result = not stop
    for x in e.operands:
        v = fold(x, env, depth + 1)
        if v is stop:
            return stop
        if not isinstance(v, bool):
            result = UNKNOWN
    return result


def _any_player(e: ast.AnyPlayer | ast.EveryPlayer, env: Env, depth: int):
    v = fold(e.condition, env, depth + 1)
    return v if isinstance(v, bool) else UNKNOWN


def _compare(e: ast.Compare, env: Env, depth: int):
    a, b = fold(e.left, env, depth + 1), fold(e.right, env, depth + 1)
    if a is UNKNOWN or b is UNKNOWN:
        return UNKNOWN
    if e.op in ("==", "!="):
        return (a == b) == (e.op == "==")
    if not all(_number(x) for x in (a, b)):
        return UNKNOWN
    return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}.get(e.op, UNKNOWN)


def _arith(e: ast.Arith, env: Env, depth: int):
    values = [fold(x, env, depth + 1) for x in e.operands]
    if not all(_number(v) for v in values):
        return UNKNOWN
    total = values[0]
    for op, v in zip(e.ops, values[1:]):
        if op in ("//", "%") and v == 0:
            return UNKNOWN
        total = {"+": total + v, "-": total - v, "*": total * v, "//": total // v if v else 0,
                 "%": total % v if v else 0}[op]
    return total


def _neg(e: ast.Neg, env: Env, depth: int):
    v = fold(e.operand, env, depth + 1)
    return -v if _number(v) else UNKNOWN


def _call(e: ast.Call, env: Env, depth: int):
    if e.func.name not in ("max", "min", "abs"):
        return UNKNOWN  # `total` reads a bag
    values = [fold(x, env, depth + 1) for x in e.args]
    if not values or not all(_number(v) for v in values):
        return UNKNOWN
    if e.func.name == "abs":
        return abs(values[0]) if len(values) == 1 else UNKNOWN
    return max(values) if e.func.name == "max" else min(values)


def _table_read(e, env: Env, depth: int):
    """``t[k]``, ``t[a, b]`` with keys that fold: the table's value (its ``else``, if the
    key has no row); ``t[k]`` is written as a track's read and parses as ``Index``."""
    if isinstance(e, ast.Index):
        if e.owner is not None or e.track.name not in env.tables:
            return UNKNOWN
        name, keys = e.track.name, (e.key,)
    else:
        name, keys = e.table.name, e.keys
    table = env.tables.get(name)
    if table is None or len(keys) != table.arity:
        return UNKNOWN
    values = [fold(k, env, depth + 1) for k in keys]
    if any(v is UNKNOWN for v in values):
        return UNKNOWN
    found = T.entries(table).get(values[0] if len(values) == 1 else tuple(values), UNKNOWN)
    if found is UNKNOWN and table.default is not None:
        return T.literal_value(table.default)
    return found


def _in_play(e, env: Env, depth: int):
    """What reads the state of a game (cards in zones, what players hold, a roll...)."""
    return UNKNOWN


def _not_folded(e, env: Env, depth: int):
    """Texts and bags: no check folds them (they are never conditions or amounts)."""
    return UNKNOWN


#: The folding rule of every expression class (``dsl.ast.Expr``): ``rule(e, env, depth)``
#: is the value of ``e`` or :data:`UNKNOWN`.  A new kind of expression adds its rule here
#: (``_in_play`` when its value depends on the state of a game).
FOLDS = {
    ast.Number: _literal,
    ast.Bool: _literal,
    ast.Text: _not_folded,
    ast.EmptyBag: _not_folded,
    ast.BagLiteral: _not_folded,
    ast.PlayerCount: _players,
    ast.Name: _name,
    ast.Not: _not,
    ast.And: _logic,
    ast.Or: _logic,
    ast.AnyPlayer: _any_player,
    ast.Compare: _compare,
    ast.Arith: _arith,
    ast.Neg: _neg,
    ast.Call: _call,
    ast.Attribute: _in_play,
    ast.Me: _in_play,
    ast.It: _in_play,
    ast.InZone: _in_play,
    ast.RollValue: _in_play,
    ast.Has: _in_play,
    ast.Count: _in_play,
    ast.Sum: _in_play,
    ast.Best: _in_play,
    ast.Index: _table_read,
    ast.TableRead: _table_read,
    ast.Nothing: _in_play,
    ast.Nobody: _in_play,
    ast.TopOf: _in_play,
    ast.NextIn: _in_play,
    ast.FieldOf: _in_play,
    ast.ThePlayer: _in_play,
    ast.CountPlayers: _in_play,
    ast.EveryPlayer: _any_player,
    ast.RoundNumber: _in_play,
    ast.CountShowing: _in_play,
    ast.FirstPlayer: _in_play,
    ast.StockOf: _in_play,
    ast.SeatCount: _in_play,  # construct 20: the seats of a game
    ast.SeatTest: _in_play,
    ast.IsKind: _in_play,
    ast.CanTake: _in_play,
}


def always_zero(e, env: Env, _depth: int = 0) -> bool:
    """Whether ``e`` is 0 whatever the state of the game: it folds to 0 (``goal - 100``
    with ``param goal = 100``), or its terms cancel (``pot - pot``: the same expression
    added and taken away, what is left folding to 0), or it multiplies by such a value
    (a divisor that is always 0 makes ``//`` and ``%`` give 0, never what a rule means)."""
    v = fold(e, env, _depth)
    if v is not UNKNOWN or _depth > 50:
        return v == 0 and _number(v)
    if isinstance(e, ast.Neg):
        return always_zero(e.operand, env, _depth + 1)
    if not isinstance(e, ast.Arith):
        return False
    if set(e.ops) == {"*"}:
        return any(always_zero(x, env, _depth + 1) for x in e.operands)
    if not set(e.ops) <= {"+", "-"}:
        return False
    signs = [1, *(1 if op == "+" else -1 for op in e.ops)]
    left: list[tuple[int, object]] = []
    for sign, x in zip(signs, e.operands):
        match = next((i for i, (s, y) in enumerate(left) if s == -sign and y == x), None)
        if match is None:
            left.append((sign, x))
        else:
            left.pop(match)
    values = [fold(x, env, _depth + 1) for _, x in left]
    return all(_number(v) for v in values) and sum(s * v for (s, _), v in zip(left, values)) == 0


def track_bounds(mode, track) -> tuple[int, int] | None:
    """The two ends of ``track``'s ``range LOW to HIGH`` (construct 12) when both fold to
    numbers for every player count of ``mode``, else None (no range, or one that depends
    on the player count)."""
    if track.low is None or track.high is None:
        return None
    env = mode_env(mode)
    low, high = fold(track.low, env), fold(track.high, env)
    return (low, high) if _number(low) and _number(high) else None


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
