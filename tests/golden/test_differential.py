"""The decision agenda changed nothing in the shipped games (issue 11 design, 1.1.6).

Before slice A1 changed the runtime, the history fingerprint of every golden case and of
:data:`SEEDS` more seeded random games per mode and player count of each shipped game was
recorded into ``tests/golden/histories_before_agenda.json`` (``pytest -m slow
tests/golden/test_differential.py --update-golden`` wrote it, once, from the engine before
the agenda).  Each game here is played again by today's engine and must give the same
fingerprint (the first 16 hex digits of its SHA-256, to keep the file small).  The one
divergence the design allows (a Euphoria construction-site discard asked before a later
player ends the game in the same completion) would be listed in
:data:`ALLOWED`, with the seed; none has appeared.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

from tests.golden.test_replays import _cases, _games, _key, fingerprint

RECORDED = Path(__file__).with_name("histories_before_agenda.json")
#: seeded random games per mode and player count, beside the golden cases
SEEDS = range(100, 300)
#: fingerprints allowed to differ from the record (design 1.1.6's one case): none
ALLOWED: frozenset[str] = frozenset()


def _all_cases(name: str) -> list[tuple[str, int, int, bool]]:
    """The golden cases of game ``name``, then :data:`SEEDS` games (cut as the golden ones
    are) for each mode and player count."""
    module = importlib.import_module(f"generated.{name}")
    cases = list(_cases(name))
    for mode in module.Game.MODES:
        for players in module.Game.player_counts(mode):
            cases.extend((mode, players, seed, False) for seed in SEEDS)
    return cases


def _recorded_games() -> list[str]:
    """The shipped games with fingerprints in :data:`RECORDED`: those shipped before the
    agenda (Utópolis, Euphoria). A game written after it (Utopia, Anachrony) has no "before"
    to compare with; its golden replays (``test_replays.py``) pin its games instead."""
    recorded = json.loads(RECORDED.read_text(encoding="utf-8")) if RECORDED.exists() else {}
    games = {key.split("/", 1)[0] for key in recorded}
    return [name for name in _games() if name in games] or _games()


@pytest.mark.slow
@pytest.mark.parametrize("name", _recorded_games())
def test_the_agenda_plays_the_games_played_before_it(name: str, update_golden: bool):
    actual = {_key(name, mode, players, seed) + ("/full" if full else ""):
              fingerprint(name, mode, players, seed, full)["sha256"][:16]
              for mode, players, seed, full in _all_cases(name)}
    recorded = json.loads(RECORDED.read_text(encoding="utf-8")) if RECORDED.exists() else {}
    if update_golden:
        kept = {k: v for k, v in recorded.items() if not k.startswith(f"{name}/")}
        RECORDED.write_text(json.dumps({**kept, **actual}, indent=0, sort_keys=True) + "\n",
                            encoding="utf-8")
        return
    assert actual, f"no cases for {name}"
    differ = sorted(k for k, v in actual.items() if recorded.get(k) != v and k not in ALLOWED)
    assert not differ, f"{len(differ)} games differ from before the agenda: {differ[:10]}"
