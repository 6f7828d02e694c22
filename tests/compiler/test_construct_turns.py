"""Turn constructs: `on turn`, tallies `per turn`, `again`; tracks kept per enum
member (`loyalty[f]`); a trigger before several actions."""

from __future__ import annotations

import random

import pytest

from tests.helpers.specs import HEADER, LOOP_FLOW, ONE_ROUND, compile_text, engine, codes

SPEC = HEADER + '''
enum faction "faction" {
  red "Red"
  blue "Blue"
  source "Factions"
}
track loyalty "Loyalty" {
  per faction
  start 1
  source "Loyalty"
}
pieces worker "worker die" {
  per player 3
  sides 6
  source "Dice"
}
zone available "available workers" of worker {
  per player
  public
  state matched: bool = false
  source "Dice"
}
zone board "board" of worker {
  public
  source "Board"
}
tally placed "workers placed" {
  per player per turn
  source "Matching dice"
}
setup {
  each player {
    put worker into my available where owner == me
  }
  source "Setup"
}
''' + LOOP_FLOW + '''phase play "Play" turns {
  on turn {
    for each d in my available {
      set d.matched = (count my available where value == d.value) >= 2
    }
  }
  actions place_red, place_blue, rest
  source "Turns"
}
trigger placing "Placing" {
  before place_red, place_blue
  effect {
    move d into board
    for each o in my available where o.value != d.value {
      set o.matched = false
    }
    if (count my available where matched) >= 1 {
      again
    }
  }
  source "Placing"
}
action place_red "Place for Red" {
  choose d: card in my available where placed == 0 or d.matched
  uses placed 1
  effect {
    advance loyalty[red] by 1
    score loyalty[red]
  }
  source "Placing"
}
action place_blue "Place for Blue" {
  choose d: card in my available where placed == 0 or d.matched
  uses placed 1
  effect {
    advance loyalty[blue] by 1
    score loyalty[blue]
  }
  source "Placing"
}
action rest "Rest" {
  require placed == 0
  effect {
    score 1
  }
  source "Resting"
}
end game_over {
  when any player vp >= 20
  immediately
  winner most vp
  source "End"
}
'''


def _dice(state, p):
    return {c: state.cst["value"][c] for c in state.z["available"][p]}


def test_matching_dice_are_placed_in_one_turn(tmp_path):
    mini = engine(tmp_path, SPEC)
    s = mini.Game(num_players=2, seed=1).new_initial_state()
    p = s.current_player()
    a, b, c = s.z["available"][p]  # every die starts at 1: all three match
    s.apply_action(s.game.action(p, "place_red", a))
    assert s.current_player() == p  # `again`: the turn goes on
    s.apply_action(s.game.action(p, "place_blue", b))
    assert s.current_player() == p
    assert {x.name for x in s.legal_actions()} == {"place_red", "place_blue"}
    s.apply_action(s.game.action(p, "place_red", c))
    assert s.current_player() != p
    assert s.gtr["loyalty"] == {"red": 3, "blue": 2}
    assert s.scores()[p] == 2 + 2 + 3


def test_a_die_that_does_not_match_ends_the_turn(tmp_path):
    mini = engine(tmp_path, SPEC)
    s = mini.Game(num_players=2, seed=1).new_initial_state()
    p = s.current_player()
    a, b, c = s.z["available"][p]
    s.cst["value"][b], s.cst["value"][c] = 4, 5
    s.turn_open = False  # the turn starts again with the new values
    s._legal = None
    s._advance()
    s.apply_action(s.game.action(p, "place_red", a))
    assert s.current_player() != p


def test_the_per_turn_tally_resets_and_random_play_ends(tmp_path):
    mini = engine(tmp_path, SPEC)
    for seed in range(15):
        game = mini.Game(num_players=3, seed=seed)
        s, rng = game.new_initial_state(), random.Random(seed)
        steps = 0
        while not s.is_terminal() and steps < 5000:
            s.apply_action(rng.choice(s.legal_actions()))
            assert game.state_from_json(s.to_json()).to_json() == s.to_json()
            steps += 1
        assert s.is_terminal()


def test_checks(tmp_path):
    unkeyed = SPEC.replace("score loyalty[red]", "score loyalty")
    result = compile_text(tmp_path, unkeyed)
    assert any(d.code == "E0505" and "say which" in d.message for d in result.diagnostics)
    badkey = SPEC.replace("advance loyalty[red] by 1", "advance loyalty[3] by 1")
    result = compile_text(tmp_path, badkey)
    assert any(d.code == "E0503" for d in result.diagnostics)
    unknown = SPEC.replace("before place_red, place_blue", "before place_red, place_green")
    result = compile_text(tmp_path, unknown)
    assert any("place_green" in d.message for d in result.diagnostics)


def test_english(tmp_path):
    page = compile_text(tmp_path, SPEC).page
    assert "At the start of each player's turn" in page
    assert "You take another action in this turn." in page
    assert "the Loyalty of Red" in page
    assert "*Place for Red* or *Place for Blue*" in page


@pytest.mark.parametrize("scope", ["per turn", "per round"])
def test_a_tally_whose_reset_never_comes_is_w0120(tmp_path, scope):
    """One simultaneous phase, no `round starts at`: neither a turn nor a round begins."""
    setup = 'setup {\n  source "Setup"\n}\n'
    spec = HEADER + setup + ONE_ROUND.replace('action stop "Stop" {', f"""tally stops "Stops" {{
  per player {scope}
  max 1
  source "Play"
}}
action stop "Stop" {{
  uses stops 1""", 1) + 'end game_over {\n  winner most vp\n  source "End"\n}\n'
    result = compile_text(tmp_path, spec)
    assert codes(result.diagnostics) == ["W0120"], [d.message for d in result.diagnostics]
    assert "`stops`" in result.diagnostics[0].message
    looping = spec.replace("  play -> end\n", "  play -> end\n  round starts at play\n")
    if scope == "per round":
        assert codes(compile_text(tmp_path, looping).diagnostics) == []
    assert codes(compile_text(tmp_path, spec.replace(scope, "per game")).diagnostics) == []
