"""Golden games: every engine plays the very same games from the same seeds.

For each game, each mode and its fewest, middle and most players, two seeded
random games are played (a uniform random legal action from
``random.Random(seed)`` at every decision) and fingerprinted: the SHA-256 of
every action taken, with the scores every 50 actions and the returns at the
end.  The fingerprints live in ``tests/golden/replays.json``; a change to the
compiler or the runtime that changes any game (the legal actions, their order,
chance, scoring) fails here and must be deliberate: rerun with
``pytest tests/golden/test_replays.py --update-golden`` and say why in the
commit.  Games are cut after :data:`ACTIONS` actions, except one full game per
mode so that the end of the game, tie-breakers and the winner are pinned too.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import random
from pathlib import Path

import pytest

from compiler import build

REPO_ROOT = Path(__file__).resolve().parents[2]
EXPECTED = Path(__file__).with_name("replays.json")
ACTIONS = 400
SEEDS = (1, 2)


def _games() -> list[str]:
    return [path.stem for path in build.spec_paths(REPO_ROOT)]


def _cases(name: str) -> list[tuple[str, int, int, bool]]:
    """(mode, players, seed, played to the end) for one game."""
    module = importlib.import_module(f"generated.{name}")
    cases = []
    for mode in module.Game.MODES:
        counts = module.Game.player_counts(mode)
        picked = sorted({counts[0], counts[len(counts) // 2], counts[-1]})
        for players in picked:
            for seed in SEEDS:
                cases.append((mode, players, seed, players == counts[0] and seed == SEEDS[0]))
    return cases


def fingerprint(name: str, mode: str, players: int, seed: int, to_the_end: bool) -> dict:
    """Play one seeded random game and return ``{"actions": n, "sha256": hex, "returns": [...]}``."""
    module = importlib.import_module(f"generated.{name}")
    state = module.Game(num_players=players, mode=mode, seed=seed).new_initial_state()
    rng = random.Random(seed)
    digest = hashlib.sha256()
    taken = 0
    while not state.is_terminal() and (to_the_end or taken < ACTIONS):
        action = rng.choice(state.legal_actions())
        digest.update(repr((action.player, action.name, action.args)).encode())
        state.apply_action(action)
        taken += 1
        if taken % 50 == 0:
            digest.update(repr(state.scores()).encode())
    digest.update(repr((state.is_terminal(), state.returns())).encode())
    return {"actions": taken, "sha256": digest.hexdigest(), "returns": state.returns()}


def _key(name: str, mode: str, players: int, seed: int) -> str:
    return f"{name}/{mode}/{players}p/seed{seed}"


@pytest.mark.parametrize("name", _games())
def test_engines_play_the_golden_games(name: str, update_golden: bool):
    expected = json.loads(EXPECTED.read_text(encoding="utf-8")) if EXPECTED.exists() else {}
    actual = {_key(name, mode, players, seed): fingerprint(name, mode, players, seed, full)
              for mode, players, seed, full in _cases(name)}
    if update_golden:
        kept = {k: v for k, v in expected.items() if not k.startswith(f"{name}/")}
        EXPECTED.write_text(json.dumps({**kept, **actual}, indent=1, sort_keys=True) + "\n",
                            encoding="utf-8")
        return
    mine = {k: v for k, v in expected.items() if k.startswith(f"{name}/")}
    assert mine, f"no golden games for {name}: run with --update-golden"
    changed = [k for k in sorted(set(mine) | set(actual)) if mine.get(k) != actual.get(k)]
    assert not changed, (f"{len(changed)} of {len(actual)} games of {name} changed, e.g. {changed[0]}: "
                         f"{mine.get(changed[0])} -> {actual.get(changed[0])}")
