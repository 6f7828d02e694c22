"""Can the setup be done with every player count a mode allows? (code E0701)

The setup is run on card counts, once per mode and player count: ``put`` fills a
zone with the catalogue's copies that pass its filter (folded with the mode's
params, see :mod:`compiler.analysis.constfold`) or with each player's pieces; ``draw``,
``reveal``, ``choose ... cards`` and ``move all`` take cards out.  A draw that
needs more cards than its zone holds (plus the zone it refills from) means the
components do not support that many players.  A count that depends on the state
of a game (a loop over cards, an ``if`` that does not fold) makes the zones it
touches unknown, and unknown zones are never reported.
"""

from __future__ import annotations

from dsl import ast, codes
from dsl.diagnostics import Note
from compiler.analysis.constfold import UNKNOWN, fold, mode_env, players_words
from compiler.checks.game import players_span
from compiler.checks.information import statements
from compiler.analysis.limits import MAX_PLAYERS, MAX_REPEAT_COUNT, MAX_SETUP_STEPS


def check_mode(mode, cards: list[dict], report) -> None:
    """Report E0701 for ``mode``; ``report`` (a :class:`dsl.diagnostics.Report`) receives it."""
    if mode.setup is None:
        return
    failures: dict[tuple, list[int]] = {}
    lo, hi = mode.players
    if lo < 1 or hi < lo or hi > MAX_PLAYERS:  # E0521 already
        return
    steps = [MAX_SETUP_STEPS]  # shared by every player count: the check gives up past it
    for n in range(lo, hi + 1):
        try:
            problem = _run(mode, cards, n, steps)
        except _OutOfSteps:
            break
        if problem is not None:
            st, zone, have, need = problem
            failures.setdefault((st.span, zone), []).append((n, have, need))
    for (span, zone), runs in failures.items():
        counts = [n for n, _, _ in runs]
        words = players_words(counts)
        n, have, need = runs[0]
        decl = mode.zones[zone]
        report.error(codes.SETUP_IMPOSSIBLE, f"setup cannot be done with {words}: "
                     f"`{zone}` runs out (with {n} player{'s' if n != 1 else ''} it holds "
                     f"{have} card{'s' if have != 1 else ''} when setup takes {need})",
                     players_span(mode), hint="allow only the player counts the components support",
                     notes=(Note("setup takes the cards here", span),
                            Note(f"`{zone}` is declared here", decl.span)))


class _Zones:
    """Card counts per (zone, owner); owner is a seat or None for a shared zone."""

    def __init__(self, mode, n: int):
        self.mode, self.n = mode, n
        self.count: dict[tuple, object] = {}

    def key(self, ref: ast.ZoneRef, seat):
        zone = self.mode.zones.get(ref.zone.name)
        if zone is None or zone.per_card is not None or ref.owner_expr is not None:
            return None
        if zone.per_player:
            return (zone.name, seat) if ref.owner == "my" and seat is not None else None
        return (zone.name, None)

    def get(self, key):
        return self.count.get(key, 0) if key is not None else UNKNOWN

    def add(self, key, amount) -> None:
        if key is None:
            return
        have = self.count.get(key, 0)
        self.count[key] = UNKNOWN if UNKNOWN in (have, amount) else have + amount


class _OutOfSteps(Exception):
    """The setup check spent its steps (MAX_SETUP_STEPS): it stops, finding nothing more."""


def _spend(steps: list[int], amount: int) -> None:
    steps[0] -= amount
    if steps[0] < 0:
        raise _OutOfSteps


def _run(mode, cards, n: int, steps: list[int] | None = None):
    """The first setup step that runs out of cards with ``n`` players, as
    (statement, zone name, cards held, cards needed), or None.  Each statement run, card
    counted and zone forgotten spends a step of ``steps`` (``[count]``, shared by the
    player counts of one mode); raises :class:`_OutOfSteps` when none are left: nested
    `each player` blocks over a catalogue of thousands of cards would take minutes."""
    steps = steps if steps is not None else [MAX_SETUP_STEPS]
    env = mode_env(mode, n)
    zones = _Zones(mode, n)

    def forget(body) -> None:
        for st in statements(body):
            _spend(steps, 1 + len(zones.count) + n)
            for ref in (getattr(st, "dest", None), getattr(st, "source", None), getattr(st, "zone", None)):
                if isinstance(ref, ast.ZoneRef):
                    name = ref.zone.name
                    for key in [k for k in zones.count if k[0] == name]:
                        zones.count[key] = UNKNOWN
                    zones.count.setdefault((name, None), UNKNOWN)
                    for seat in range(n):
                        zones.count.setdefault((name, seat), UNKNOWN)

    def run(body, seat):
        for st in body:
            _spend(steps, 1)
            t = type(st)
            if t is ast.EachPlayer and st.selects:  # which players is known only in play
                forget(st.body)
            elif t is ast.EachPlayer:
                for p in range(n):
                    found = run(st.body, p)
                    if found:
                        return found
            elif t is ast.If:
                cond = fold(st.condition, env)
                if cond is True or cond is False:
                    found = run(st.then if cond else st.otherwise, seat)
                    if found:
                        return found
                else:
                    forget(st.then + st.otherwise)
            elif t in (ast.ForEach, ast.ChooseCard, ast.AsPlayer, ast.ChooseValue):
                forget(st.body)
            elif t is ast.Repeat:  # a constant count: its rounds run; else (or up to) unknown
                times = fold(st.count, env)
                if isinstance(times, int) and not isinstance(times, bool) and not st.up_to:
                    for _ in range(max(0, min(times, MAX_REPEAT_COUNT))):
                        found = run(st.body, seat)
                        if found:
                            return found
                else:
                    forget(st.body)
            elif t is ast.PutCatalogue:
                _spend(steps, len(cards))
                zones.add(zones.key(st.dest, seat), _put_count(mode, cards, st, env))
            elif t in (ast.Draw, ast.Reveal, ast.ChooseCards):
                need = fold(st.count, env)
                src = zones.key(st.source, seat)
                have = zones.get(src)
                zone = mode.zones.get(st.source.zone.name)
                if zone is not None and zone.refill is not None and have is not UNKNOWN:
                    extra = zones.get((zone.refill.name, None))
                    have = UNKNOWN if extra is UNKNOWN else have + extra
                if isinstance(need, int) and not isinstance(need, bool) and isinstance(have, int):
                    if need > have:
                        return st, st.source.zone.name, have, need
                    zones.add(src, -need)
                    zones.add(zones.key(st.dest, seat), need)
                else:
                    zones.add(src, UNKNOWN)
                    zones.add(zones.key(st.dest, seat), UNKNOWN)
            elif t is ast.MoveAll:
                src = zones.key(st.source, seat)
                moved = zones.get(src)
                if src is not None:
                    zones.count[src] = 0
                zones.add(zones.key(st.dest, seat), moved)
            elif t is ast.MoveCard:
                zones.add(zones.key(st.dest, seat), UNKNOWN)
            elif t is ast.DoProcedure:
                proc = mode.procedures.get(st.procedure.name)
                if proc is not None:
                    forget(proc.effect)
        return None

    return run(mode.setup.body, None)


def _put_count(mode, cards, st: ast.PutCatalogue, env):
    """How many cards or pieces a ``put`` places, or UNKNOWN."""
    pieces = mode.pieces.get(st.catalogue.name)
    if pieces is not None:
        where = st.where
        if where is None:
            return pieces.count * (env.players or 0)
        mine = isinstance(where, ast.Compare) and where.op == "==" and {
            type(where.left), type(where.right)} == {ast.Name, ast.Me}
        return pieces.count if mine else UNKNOWN
    cat = mode.catalogues.get(st.catalogue.name)
    if cat is None:
        return UNKNOWN
    total = 0
    for entry in cards:
        if entry.get("_catalogue") != cat.name:
            continue
        if st.where is not None:
            keep = fold(st.where, env.with_fields(entry))
            if keep is UNKNOWN:
                return UNKNOWN
            if not keep:
                continue
        copies = entry.get("copies", 1)
        total += copies if isinstance(copies, int) else 1
    return total
