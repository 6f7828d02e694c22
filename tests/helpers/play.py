"""Random legal play of a generated engine, the replay round trip, and a watchdog.

``state`` is an engine's ``State`` (``generated/<game>.py``, OpenSpiel-style API) and
``rng`` a ``random.Random``: every random choice is ``rng.choice(state.legal_actions())``,
so a seed gives the same game every time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from compiler.tools.fuzz_campaign import CaseTimeout, time_limit


@contextmanager
def watchdog(seconds: float) -> Iterator[None]:
    """Fail the test (``AssertionError``) if the block runs longer than ``seconds``: an
    engine that loops for ever fails instead of hanging the suite.  Not a timing check:
    give it many times the usual run.  POSIX only (``SIGALRM``), main thread only."""
    try:
        with time_limit(seconds):
            yield
    except CaseTimeout:
        raise AssertionError(f"the engine ran for more than {seconds} s (endless loop?)") from None


def play_randomly(state, rng, steps: int):
    """Apply up to ``steps`` random legal actions to ``state``, stopping at the end of
    the game; returns ``state``."""
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@dataclass
class RandomGame:
    """What :func:`play_to_the_end` did: ``steps`` actions, and the JSON save taken after
    action ``snapshot[0]`` (``None`` if the game ended before)."""

    steps: int
    snapshot: tuple[int, str] | None


def play_to_the_end(state, rng, *, max_actions: int, snapshot_at: int | None = None,
                    remember: Callable[[Any, Any], Any] | None = None,
                    check: Callable[[Any, Any, Any], None] | None = None) -> RandomGame:
    """Play ``state`` to its end with random legal actions, asserting at every decision
    that there is a legal action, that each is for the player to move and none is listed
    twice, and that the game ends within ``max_actions``.  ``remember(state, action)`` runs
    before each action and ``check(state, action, remembered)`` after it.  After action
    ``snapshot_at`` the state is saved as JSON, and loading the save must give it back."""
    steps = 0
    snapshot = None
    while not state.is_terminal():
        assert steps < max_actions, f"game not over after {max_actions} actions"
        legal = state.legal_actions()
        assert legal, f"no legal action in phase {state.phase!r} for {state.current_player()}"
        assert all(a.player == state.current_player() for a in legal)
        assert len(set(legal)) == len(legal), "duplicate legal actions"
        action = rng.choice(legal)
        remembered = remember(state, action) if remember else None
        state.apply_action(action)
        steps += 1
        if check:
            check(state, action, remembered)
        if steps == snapshot_at:
            snapshot = (steps, state.to_json())
            assert state.game.state_from_json(snapshot[1]).to_json() == snapshot[1]
    assert state.current_player() == -4 and state.legal_actions() == []
    return RandomGame(steps, snapshot)


def assert_replays(new_state: Callable[[], Any], state, snapshot: tuple[int, str] | None = None) -> None:
    """The replay round trip of ``state``: a state from ``new_state()`` (the same game,
    mode, players and seed), given the recorded actions rebuilt from their player, name
    and arguments, reaches the very same state (JSON equal); and the JSON save
    ``snapshot`` (``(k, text)``: taken after action ``k``) loaded and given the actions
    after ``k`` reaches it too, with the same winners."""
    final = state.to_json()
    actions = state.applied_actions()
    replayed = new_state()
    for a in actions:
        replayed.apply_action(state.game.action(a.player, a.name, *a.args))
    assert replayed.to_json() == final
    if snapshot is not None:
        k, text = snapshot
        loaded = state.game.state_from_json(text)
        for a in actions[k:]:
            loaded.apply_action(a)
        assert loaded.to_json() == final
        assert loaded.winners_list() == state.winners_list()
