"""Helpers to arrange Anachrony scenarios.

The helpers only *arrange* a state (advance to a phase passively, set resources,
tracks, card states, the Focus, warp tiles on the Timeline, buildings and Anomalies on
a player board, the next dice rolls); the scenario then acts through the public API
(``apply_action``) so that legality is checked by the engine.  After any manual change
``s._legal`` is reset so the engine recomputes the legal actions.
"""

from __future__ import annotations

from euphoria_arrange import act, legal, legal_args  # noqa: F401 - acting is alike in every game

from generated import _runtime as R
from generated import anachrony

A = anachrony
RES = A.RESOURCES
TYPES = ("engineer", "scientist", "administrator", "genius")
#: The passive answer of each decision, in order of preference: finish a phase, pass.
PASSIVE = ("end_power_up", "end_warp", "pass_turn")


# ---------------------------------------------------------------- states
def new_state(players: int = 2, seed: int = 1):
    return A.Game(num_players=players, seed=seed).new_initial_state()


def touch(s) -> None:
    """Forget cached legal actions after a manual change."""
    s._legal = None


def passive_step(s) -> None:
    """One passive step: finish the phase or pass where that is offered, else take the
    first legal action (a card chosen, a question answered with its first option)."""
    offered = s.legal_actions()
    for name in PASSIVE:
        for a in offered:
            if a.name == name:
                s.apply_action(a)
                return
    s.apply_action(offered[0])


def at(s, phase: str) -> bool:
    return s.phase == phase and s.stage == "act" and not s.pending and not s.is_terminal()


def advance_to(s, phase: str, *, rnd: int | None = None, limit: int = 5000) -> None:
    """Step passively until ``phase`` (of era ``rnd``, if given) awaits a decision."""
    for _ in range(limit):
        if at(s, phase) and (rnd is None or s.round == rnd):
            return
        assert not s.is_terminal(), f"the game ended before {phase}"
        passive_step(s)
    raise AssertionError(f"did not reach {phase}")


def advance_through(s, phase: str, *, limit: int = 5000) -> None:
    """Step passively until the state has left ``phase`` (after the decisions in it)."""
    for _ in range(limit):
        if s.phase != phase or s.is_terminal():
            return
        passive_step(s)
    raise AssertionError(f"did not leave {phase}")


def open_turn(s, player: int) -> None:
    """Make ``player`` the one to act in the Action Rounds, with a fresh turn."""
    assert not s.pending and s.phase == "action_rounds" and not s.is_terminal()
    s.turn, s.done, s.again, s.turn_open = (player - s.first) % s.n, [False] * s.n, False, False
    touch(s)
    s._advance()
    assert s.current_player() == player, (s.current_player(), player)


# ---------------------------------------------------------------- acting
def answer(s, player: int, text: str) -> None:
    """Answer the question waiting with the option ``text`` (an `ask`)."""
    act(s, player, "answer", text)


# ---------------------------------------------------------------- names
def card(name: str) -> int:
    """Id of the first copy of the catalogue card ``name``."""
    ids = [i for i, n in enumerate(A.CARD_NAMES) if n == name]
    assert ids, name
    return ids[0]


def tile(era: int) -> int:
    return card(f"tile_{era}")


def warp_of(player: int, asset: str) -> int:
    """The warp tile of ``player`` that brings ``asset`` (``engineer_a``...)."""
    return next(w for w in A.CARDS_OF["warp"] if A.F_owner[w] == player and A.F_asset[w] == asset)


# ---------------------------------------------------------------- resources and tracks
def set_res(s, player: int, amounts: dict) -> None:
    """Set ``player``'s resources exactly: ``amounts`` by resource name (unnamed ones 0)."""
    bad = set(amounts) - set(RES)
    assert not bad, bad
    s.res[player] = [amounts.get(r, 0) for r in RES]
    touch(s)


def res(s, player: int) -> dict:
    """``player``'s non-zero resources by name."""
    return {r: n for r, n in zip(RES, s.res[player]) if n}


def amount(s, player: int, name: str) -> int:
    return s.res[player][RES.index(name)]


def set_track(s, name: str, player: int, value: int) -> None:
    s.tr[name][player] = value
    touch(s)


def set_global(s, name: str, value: int) -> None:
    s.gtr[name] = value
    touch(s)


# ---------------------------------------------------------------- cards
def give(s, player: int, name: str, zone: str) -> int:
    """Move the catalogue card ``name`` into ``player``'s zone ``zone``."""
    c = card(name)
    assert R.move(s, s.g, c, zone, player)
    touch(s)
    return c


def place_warp(s, player: int, asset: str, era: int) -> int:
    """Put ``player``'s warp tile of ``asset`` on the Timeline tile of ``era``."""
    w = warp_of(player, asset)
    assert R.move(s, s.g, w, "warps_on", tile(era))
    touch(s)
    return w


def warps_on(s, era: int) -> list[int]:
    return list(s.z["warps_on"][tile(era)])


def set_path(s, player: int, path: str) -> None:
    """Give ``player`` the Path board ``path`` (swapping with whoever holds it)."""
    board = card(path)
    mine = s.z["paths_held"][player][0]
    if mine == board:
        return
    where = s.loc[board]
    R.move(s, s.g, mine, where[0], where[1])
    R.move(s, s.g, board, "paths_held", player)
    touch(s)


def next_outcome(s, check, *, tries: int = 100_000) -> None:
    """Re-seed the state's generator until ``check(clone)`` holds, where ``check`` acts on
    a clone of the state (rolls dice there) and says whether the rolls came out as the
    scenario wants."""
    base = s.rng
    for k in range(tries):
        s.rng = (base + k * 7919) & R.MASK64
        if check(s.clone()):
            touch(s)
            return
    raise AssertionError("no seed found")
