"""`pieces`: per-player dice and tokens (each a card with an `owner`), and `roll`."""

from __future__ import annotations

from collections import Counter

from tests.helpers.specs import HEADER, LOOP_FLOW, compile_text, engine

SPEC = HEADER + '''
pieces worker "worker die" {
  per player 3
  sides 6
  source "Worker dice"
}
pieces token "authority token" {
  per player 2
  source "Tokens"
}
zone available "available workers" of worker {
  per player
  public
  source "Workers"
}
zone pool "worker pool" of worker {
  per player
  public
  source "Workers"
}
zone supply "authority supply" of token {
  per player
  public
  source "Tokens"
}
zone spent "spent tokens" of token {
  public
  source "Tokens"
}
setup {
  each player {
    put worker into my pool where owner == me
    draw 2 from my pool into my available
    put token into my supply where owner == me
    for each d in my available {
      roll d
    }
  }
  source "Setup"
}
''' + LOOP_FLOW + '''phase play "Play" turns {
  actions reroll, spend
  source "Play"
}
action reroll "Re-roll your lowest die" {
  require count my available >= 1
  effect {
    let low = best my available by 7 - value
    roll low
    score low.value
    done
  }
  source "Play"
}
action spend "Spend a token" {
  choose t: card in my supply
  effect {
    move t into spent
    done
  }
  source "Play"
}
end game_over {
  when any player vp >= 30
  immediately
  winner most vp
  source "End"
}
'''


def test_each_player_gets_their_own_pieces_and_dice_are_rolled(tmp_path):
    mini = engine(tmp_path, SPEC)
    state = mini.Game(num_players=3, seed=5).new_initial_state()
    for p in range(3):
        available = state.z["available"][p]
        assert len(available) == 2 and len(state.z["pool"][p]) == 1
        assert all(mini.F_owner[c] == p for c in available + state.z["supply"][p])
        assert all(1 <= state.cst["value"][c] <= 6 for c in available)
    # seats beyond the player count have pieces that are never put anywhere
    assert all(mini.F_owner[c] >= 3 for c, where in enumerate(state.loc) if where is None)


def test_rolls_are_chance_from_the_seed_and_roughly_uniform(tmp_path):
    mini = engine(tmp_path, SPEC)
    faces = Counter()
    for seed in range(300):
        state = mini.Game(num_players=1, seed=seed).new_initial_state()
        faces.update(state.cst["value"][c] for c in state.z["available"][0])
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert min(faces.values()) > 600 / 6 * 0.6
    a = mini.Game(num_players=2, seed=9).new_initial_state()
    b = mini.Game(num_players=2, seed=9).new_initial_state()
    assert a.to_json() == b.to_json()


def test_a_die_keeps_its_value_when_it_moves(tmp_path):
    mini = engine(tmp_path, SPEC)
    state = mini.Game(num_players=2, seed=3).new_initial_state()
    p = state.current_player()
    before = {c: state.cst["value"][c] for c in state.z["available"][p]}
    low = min(before, key=lambda c: (before[c], state.z["available"][p].index(c)))
    state.apply_action(next(a for a in state.legal_actions() if a.name == "reroll"))
    assert state.scores()[p] == state.cst["value"][low]


def test_only_dice_roll(tmp_path):
    broken = SPEC.replace("    move t into spent\n", "    roll t\n    move t into spent\n")
    result = compile_text(tmp_path, broken)
    assert any(d.code == "E0503" and "not a die" in d.message for d in result.diagnostics)


def test_docs_list_the_pieces(tmp_path):
    page = compile_text(tmp_path, SPEC).page
    assert "### Pieces" in page and "a die with 6 sides" in page and "a token" in page
    assert "Roll low: it shows a new value at random." in page
