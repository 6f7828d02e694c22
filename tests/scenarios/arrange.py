"""Helpers to arrange Utópolis scenarios.

The helpers only *arrange* a state (advance to a phase, put named cards in a
hand or a city, set resources and tracks); the scenario itself then acts
through the public API (``apply_action``) so that legality is checked by the
engine.  After any manual change ``s._legal`` is reset so the engine
recomputes the legal actions.
"""

from __future__ import annotations

from generated import _runtime as R
from generated import utopolis

RES = utopolis.RESOURCES
CITY_LIMIT = {"family": 8, "solo_family": 8}  # every other mode: 10
TARGET = {"family": 20, "solo_family": 20}  # every other mode: 40


def city_limit(mode: str) -> int:
    return CITY_LIMIT.get(mode, 10)


def target(mode: str) -> int:
    return TARGET.get(mode, 40)


def new_state(mode: str = "family", players: int = 2, seed: int = 1):
    game = utopolis.Game(num_players=players, mode=mode, seed=seed)
    return game.new_initial_state()


def touch(s) -> None:
    """Forget cached legal actions after a manual change."""
    s._legal = None


# ---------------------------------------------------------------- acting
def do(s, player: int, name: str, *args) -> None:
    """Apply ``name(*args)`` for ``player`` through the public API."""
    s.apply_action(s.game.action(player, name, *args))


def pay_with(s, player: int, cards) -> None:
    """Answer a pending card payment by choosing ``cards`` one at a time."""
    for c in cards:
        do(s, player, "choose_card", c)


def legal_names(s) -> set[str]:
    return {a.name for a in s.legal_actions()}


def default_step(s) -> None:
    """One 'passive' step: pay/answer with the first option, decline trades and
    cards that would enter a full hand, finish simultaneous phases, pick the first
    card of the draft."""
    legal = s.legal_actions()
    by_name = {}
    for a in legal:
        by_name.setdefault(a.name, a)
    for name in ("answer", "choose_card", "decline_card", "finish", "pick"):
        if name in by_name:
            if name == "answer":
                a = next(x for x in legal if x.args == ("decline",))
            else:
                a = by_name[name]
            s.apply_action(a)
            return
    raise AssertionError(f"no passive action among {legal!r}")


def at(s, phase: str) -> bool:
    return s.phase == phase and s.stage == "act" and not s.pending


def advance_to(s, phase: str, *, limit: int = 10_000) -> None:
    """Finish / pick passively until the state is in ``phase`` awaiting a decision.

    A no-op when already there.  Fails if the game ends first."""
    for _ in range(limit):
        if at(s, phase):
            return
        assert not s.is_terminal(), f"game ended before reaching {phase!r}"
        default_step(s)
    raise AssertionError(f"did not reach {phase!r}")


def finish_phase(s, *, limit: int = 10_000) -> None:
    """Act passively until the current phase (and round) is left."""
    start = (s.round, s.phase)
    for _ in range(limit):
        if s.is_terminal() or (s.round, s.phase) != start:
            return
        default_step(s)
    raise AssertionError("phase did not end")


def next_cycle_phase(s, phase: str) -> None:
    """Leave the current phase and advance to the next occurrence of ``phase``."""
    finish_phase(s)
    advance_to(s, phase)


def finish_game(s, *, limit: int = 100_000) -> None:
    for _ in range(limit):
        if s.is_terminal():
            return
        default_step(s)
    raise AssertionError("game did not end")


# ---------------------------------------------------------------- arranging cards
_SOURCES = ("main_deck", "trash", "offer", "hand", "city")


def where(s, card: int):
    return s.loc[card]


def _candidates(s, name: str, dest, owner):
    ids = [c for c in s.game.card_ids(name) if s.loc[c] is not None]
    if not ids:
        raise ValueError(f"no copy of {name!r} is in play in mode {s.game.mode!r}")

    def rank(c):
        zone, zowner = s.loc[c]
        if zone == dest and zowner == owner:
            return (99, c)
        return (_SOURCES.index(zone), c)

    return [c for c in sorted(ids, key=rank) if s.loc[c] != (dest, owner)]


def give(s, player: int, name: str, zone: str = "hand", *, exclude=()) -> int:
    """Move a copy of catalogue card ``name`` into ``zone`` of ``player``;
    prefers copies in the decks, then the offer, then other hands/cities."""
    for c in _candidates(s, name, zone, player):
        if c in exclude:
            continue
        if not R.move(s, s.g, c, zone, player):
            raise AssertionError(f"{zone} of player {player} is full")
        touch(s)
        return c
    raise ValueError(f"no free copy of {name!r}")


def clear(s, player: int, zone: str) -> None:
    """Put every card of ``zone`` of ``player`` at the bottom of the main deck."""
    for c in list(s.z[zone][player]):
        R.move(s, s.g, c, "main_deck", None, bottom=True)
    touch(s)


def fillers(s, count: int, *, avoid=()) -> list[int]:
    """``count`` cards from the top of the main deck whose names are not in ``avoid``."""
    out = []
    for c in reversed(s.z["main_deck"]):
        if len(out) == count:
            break
        if s.game.card_names[c] not in avoid:
            out.append(c)
    assert len(out) == count, "not enough filler cards in the main deck"
    return out


def set_hand(s, player: int, names=(), *, extra: int = 0) -> list[int]:
    """Make ``player``'s hand exactly the named cards plus ``extra`` filler cards
    (taken from the main deck, never copies of the named cards).
    Returns the ids in the order: named cards, then fillers."""
    clear(s, player, "hand")
    ids = [give(s, player, n, "hand") for n in names]
    for c in fillers(s, extra, avoid=set(names)):
        assert R.move(s, s.g, c, "hand", player)
        ids.append(c)
    touch(s)
    return ids


def set_city(s, player: int, names=()) -> list[int]:
    """Make ``player``'s city exactly the named buildings (inactive)."""
    clear(s, player, "city")
    ids = [give(s, player, n, "city") for n in names]
    touch(s)
    return ids


def set_res(s, player: int, electricity: int = 0, water: int = 0, worker: int = 0,
            goods: int = 0) -> None:
    """Set ``player``'s resources exactly."""
    amounts = {"electricity": electricity, "water": water, "worker": worker, "goods": goods}
    s.res[player] = [amounts[r] for r in RES]
    touch(s)


def res(s, player: int) -> dict:
    return dict(zip(RES, s.res[player]))


def set_wellbeing(s, player: int, value: int) -> None:
    s.tr["wellbeing"][player] = value
    touch(s)


def wellbeing(s, player: int) -> int:
    return s.tr["wellbeing"][player]


def names(s, cards) -> list[str]:
    return [s.game.card_names[c] for c in cards]


def environment(s, player: int) -> int:
    """Environment Points in favour: environment minus pollution over the city."""
    return sum(utopolis.F_environment[c] - utopolis.F_pollution[c] for c in s.z["city"][player])


def total_cards(s) -> int:
    return sum(1 for x in s.loc if x is not None)


def zone_sizes(s) -> int:
    n = 0
    for name, cards in s.z.items():
        if s.game.per_player_zone[name]:
            n += sum(len(c) for c in cards)
        else:
            n += len(cards)
    return n
