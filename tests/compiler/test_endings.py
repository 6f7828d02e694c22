"""How the game ends when a mode has several `end` blocks (issue 11, construct 19): the
reproduction of design 4.1, whose second end the engine used to ignore (slice 0 made it
error E0570, now retired), ends the game at 3 points; an end added by a mode plays too."""

from __future__ import annotations

import random
from pathlib import Path

from tests.helpers.specs import HEADER, analyse_text, engine

SETUP = '''setup {
  first player random
  source "Setup"
}
'''

FLOW = '''flow {
  start -> play
  play -> end when game_over
  play -> play
  source "Flow"
}
phase play "Play" simultaneous {
  actions earn
  source "Play"
}
action earn "Earn" {
  effect {
    score 1
    done
  }
  source "Play"
}
'''

FIRST_END = '''end game_over {
  when any player vp >= 100
  immediately
  winner most vp
  source "End"
}
'''

SECOND_END = '''end second_way {
  when any player vp >= 3
  immediately
  winner most vp
  source "End"
}
'''


def _play(module, players: int, seed: int, mode: str | None = None):
    kwargs = {"mode": mode} if mode else {}
    state = module.Game(num_players=players, seed=seed, **kwargs).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_the_second_end_ends_the_game_at_3_points(tmp_path: Path):
    """Design 4.1: `vp >= 100`, then `vp >= 3`, both `immediately`. The engine used to play
    50 actions past 3 points; now the second end ends the game in the third round."""
    text = HEADER + SETUP + FLOW + FIRST_END + SECOND_END
    assert analyse_text(tmp_path, text).diagnostics == []
    module = engine(tmp_path, text)
    for seed in range(3):
        state = _play(module, 2, seed)
        assert max(state.scores()) == 3 and state.move_number() <= 6
        assert state.outcome()["end"] == "second_way" and state.ended == ["second_way"]
        assert state.outcome()["winners"] == [q for q in range(2) if state.scores()[q] == 3]


def test_an_end_added_by_a_mode_plays_in_that_mode_only(tmp_path: Path):
    added = "\n".join("  " + line if line else line for line in SECOND_END.split("\n"))
    text = (HEADER.replace("players 1 to 3", "players 1 to 3\n  default mode plain")
            + SETUP + FLOW + FIRST_END + 'mode plain "Plain" {\n}\n'
            + 'mode two_ways "Two ways" {\n  add ' + added.lstrip() + "}\n")
    result = analyse_text(tmp_path, text)
    assert [d.code for d in result.diagnostics] == [], [d.message for d in result.diagnostics]
    module = engine(tmp_path, text)
    state = _play(module, 1, 1, "two_ways")
    assert state.scores() == [3] and state.outcome() == {"end": "second_way", "winners": [0]}
    plain = module.Game(num_players=1, seed=1, mode="plain").new_initial_state()
    for _ in range(10):
        plain.apply_action(plain.legal_actions()[0])
    assert not plain.is_terminal() and plain.scores() == [10] and plain.outcome() is None
