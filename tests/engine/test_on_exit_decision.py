"""A decision asked in a phase's `on exit` is asked once: once it is answered the
phase is left, instead of `on exit` running again and asking again for ever (issue 11,
design 4.2).  The state waiting on that answer clones, saves to JSON and replays."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.specs import HEADER, engine

SPEC = HEADER + '''setup {
  first player random
  source "Setup"
}
flow {
  start -> play
  play -> tally
  tally -> end
  source "Flow"
}
phase play "Play" simultaneous {
  actions stop
  on exit {
    each player where me == first player {
      score 1
      ask me {
        "bonus" {
          score 10
        }
        "nothing" {
        }
      }
    }
  }
  source "Play"
}
phase tally "Tally" automatic {
  on enter {
    each player {
      score 100
    }
  }
  source "Tally"
}
action stop "Stop" {
  effect {
    done
  }
  source "Play"
}
end game_over {
  when any player vp >= 1000
  finish round
  winner most vp
  source "End"
}
'''


def _to_the_exit_question(module, players: int = 2):
    state = module.Game(num_players=players, seed=3).new_initial_state()
    for _ in range(players):
        [stop] = state.legal_actions()
        state.apply_action(stop)
    return state


def test_a_decision_in_on_exit_is_asked_once_then_the_phase_is_left(tmp_path: Path):
    module = engine(tmp_path, SPEC)
    state = _to_the_exit_question(module)
    first = state.current_player()
    assert state.phase == "play" and state.scores()[first] == 1
    options = state.legal_actions()
    assert sorted(a.args for a in options) == [("bonus",), ("nothing",)]
    state.apply_action(next(a for a in options if a.args == ("bonus",)))
    # `on exit` ran once (1 + 10), then `tally` scored 100 and the game ended
    assert state.is_terminal()
    assert state.scores()[first] == 111
    assert [s for q, s in enumerate(state.scores()) if q != first] == [100]


def test_the_state_waiting_on_the_exit_question_clones_saves_and_replays(tmp_path: Path):
    module = engine(tmp_path, SPEC)
    state = _to_the_exit_question(module, players=3)
    saved = state.to_json()
    loaded = state.game.state_from_json(saved)
    twin = state.clone()
    for s in (state, loaded, twin):
        answer = next(a for a in s.legal_actions() if a.args == ("nothing",))
        s.apply_action(answer)
        assert s.is_terminal()
    assert loaded.to_json() == state.to_json() == twin.to_json()
    replayed = state.game.new_initial_state()
    for a in state.applied_actions():
        replayed.apply_action(a)
    assert replayed.to_json() == state.to_json()
