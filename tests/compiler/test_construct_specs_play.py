"""Every construct spec of ``tests/compiler/constructs/`` is playable at every player
count it declares, in every mode: random games (two seeds each) reach their end within
a cap of actions, with a legal action at every decision (:func:`play_to_the_end`).

Found by a fresh-user check: ``top_only.rules`` declared ``players 2 to 5``, but its nine
cards ran out before anyone scored 3 at three players or more, and the engine stopped
with "the rules loop through phase 'recruit' with no decision for any player".
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from compiler import pipeline
from tests.helpers.constructs import CONSTRUCTS
from tests.helpers.play import play_to_the_end
from tests.helpers.specs import engine_module

SPECS = sorted(CONSTRUCTS.glob("*.rules"))
SEEDS = (0, 1)
MAX_ACTIONS = 20_000


def test_there_are_construct_specs():
    assert len(SPECS) >= 10


@pytest.mark.parametrize("spec", SPECS, ids=[p.stem for p in SPECS])
def test_every_construct_spec_plays_to_the_end_at_every_player_count(spec: Path):
    game = engine_module(pipeline.compile_spec(spec))
    played = []
    for mode in game.Game.MODES:
        for players in game.Game.player_counts(mode):
            for seed in SEEDS:
                state = game.Game(num_players=players, mode=mode, seed=seed).new_initial_state()
                try:
                    play_to_the_end(state, random.Random(seed), max_actions=MAX_ACTIONS)
                except RuntimeError as err:
                    pytest.fail(f"{spec.name}: mode {mode}, {players} players, seed {seed}: {err}")
                assert state.is_terminal()
                played.append((mode, players, seed))
    assert played
