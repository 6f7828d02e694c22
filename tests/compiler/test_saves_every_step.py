"""Every construct spec of ``tests/compiler/constructs/`` survives a JSON save and load at
every step of random games: the game goes on from the loaded state, which saves again
to the same text (some 3 s for all of them, three seeds each: not marked slow).

Found by a fresh-user check: ``take_action.rules`` ends ``when count offer == 0 or round
>= 6`` ``immediately``; round 6 starts by a ``play -> play`` transition, but the engine
tried its ends only after the next action, so one more action was played in round 6 and
loading a save of that state failed ("the game is running, yet its end 'game_over'
holds, which ends it at once").  The engine now tries the ends on entering a phase.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.helpers.constructs import CONSTRUCTS, compiled, construct_spec
from tests.helpers.specs import engine_module

SPECS = sorted(CONSTRUCTS.glob("*.rules"))
MAX_ACTIONS = 5_000


def _play_saving_every_step(game, players: int, seed: int, mode: str | None = None) -> int:
    """A random game (``random.Random(seed)`` choosing among the legal actions) whose state
    is saved and loaded before each action, the game going on from the loaded state;
    the number of actions played."""
    kwargs = {} if mode is None else {"mode": mode}
    g = game.Game(num_players=players, seed=seed, **kwargs)
    state, rng, steps = g.new_initial_state(), random.Random(seed), 0
    while not state.is_terminal():
        assert steps < MAX_ACTIONS
        text = state.to_json()
        state = g.state_from_json(text)
        assert state.to_json() == text
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    assert g.state_from_json(state.to_json()).is_terminal()
    return steps


def test_take_action_ends_as_round_6_starts():
    """The repro: no action is played in round 6 (the end holds as the round starts)."""
    game = engine_module(compiled(construct_spec("take_action")))
    g = game.Game(num_players=2, seed=1)
    state, rng = g.new_initial_state(), random.Random(1)
    while not state.is_terminal():
        state = g.state_from_json(state.to_json())
        assert state.round < 6
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.round <= 6


def test_take_action_saves_at_every_step():
    game = engine_module(compiled(construct_spec("take_action")))
    assert _play_saving_every_step(game, 2, 1) > 300


@pytest.mark.parametrize("spec", SPECS, ids=[p.stem for p in SPECS])
def test_every_construct_spec_saves_at_every_step(spec: Path):
    game = engine_module(compiled(spec))
    for mode in game.Game.MODES:
        players = min(game.Game.player_counts(mode))
        for seed in (0, 1, 2):
            _play_saving_every_step(game, players, seed, mode)
