"""Construct 13, ``repeat``, and loops whose rounds wait (the A1 leftover, E0513 retired).

The construct spec is ``tests/compiler/constructs/repeat.rules``: Anachrony's Warp Phase
(Gameplay › Warp Phase: each player selects 0 to 2 warp tiles, ``repeat up to 2``), Future
Imperfect's Time Loop Amplifier (Quantum Loop Cards: twice, each time you may pay back a
warp tile, ``repeat 2``) and a Paradox roll per warp tile (Gameplay › Paradox Phase, a
computed count).  Each round asks its own question, after the previous round's answer;
states waiting at every round save to JSON, load and replay.
"""

from __future__ import annotations

import json

import pytest

from dsl.code_examples import CARDS_MODE, MINIMAL_SPEC
from tests.helpers.constructs import (assert_games_replay, assert_reference_quotes, codes_of,
                                     construct_engine, construct_spec, take)
from tests.helpers.specs import compile_text, engine_module

SPEC = construct_spec("repeat")


@pytest.fixture(scope="module")
def game():
    return construct_engine(SPEC)


def _round_trip(s):
    """``s`` saved to JSON and loaded, checked equal, and the loaded state."""
    back = s.game.state_from_json(s.to_json())
    assert json.loads(back.to_json()) == json.loads(s.to_json())
    return back


def _warp_phase(game, seed=1):
    s = game.Game(num_players=2, seed=seed).new_initial_state()
    p = s.current_player()
    take(s, "select_warps")
    return s, p


def test_repeat_up_to_asks_before_each_round_and_each_round_chooses_after_the_last(game):
    """Warp Phase: up to two tiles; "go on" before each, a tile chosen each time."""
    s, p = _warp_phase(game)
    assert s.current_player() == p and {a.args for a in s.legal_actions()} == {("go on",), ("stop",)}
    take(s, "answer", "go on")
    first = [a.args[0] for a in s.legal_actions()]
    assert len(first) == 3 and s.pending[0]["kind"] == "card"  # the three tiles of the supply
    take(s, "choose_card", first[0])
    assert s.z["timeline"][p] == [first[0]]  # the round's rest ran before the next question
    take(s, "answer", "go on")
    second = [a.args[0] for a in s.legal_actions()]
    assert second == first[1:]  # the tile placed in round 1 is not offered again
    take(s, "choose_card", second[0])
    assert s.z["timeline"][p] == [first[0], second[0]]
    assert s.current_player() != p and not s.pending  # two rounds at most: no third question


def test_stop_ends_the_repetition_and_the_effect_goes_on(game):
    s, p = _warp_phase(game)
    take(s, "answer", "stop")
    assert s.z["timeline"][p] == [] and s.done[p] and not s.pending


def test_repeat_twice_with_a_choice_each_time(game):
    """Time Loop Amplifier: 1 neutronium, then twice "you may pay back a tile", then 1 point."""
    s = game.Game(num_players=2, seed=3).new_initial_state()
    for _ in range(2):  # both players place two tiles in the Warp Phase
        take(s, "select_warps")
        for _ in range(2):
            take(s, "answer", "go on")
            take(s, "choose_card")
    p = s.current_player()
    vp, water, placed = s.tr["vp"][p], s.res[p][0], list(s.z["timeline"][p])
    take(s, "time_loop_amplifier")
    assert s.res[p][1] >= 1 and [a.args[0] for a in s.legal_actions() if a.name == "choose_card"] == placed
    take(s, "choose_card", placed[0])
    # round 1 done (a tile paid back for 1 water, 1 point); round 2 asks about the tile left
    assert s.z["timeline"][p] == placed[1:] and s.res[p][0] == water - 1 and s.tr["vp"][p] == vp + 1
    assert [a.args[0] for a in s.legal_actions() if a.name == "choose_card"] == placed[1:]
    take(s, "decline")
    assert s.z["timeline"][p] == placed[1:] and s.tr["vp"][p] == vp + 2  # the point after the loop
    assert not s.pending and s.done[p]


def test_a_computed_count_of_zero_runs_no_round(game):
    """Roll for Paradox with no warp tile on the Timeline: no roll, the point still scored."""
    s = game.Game(num_players=2, seed=1).new_initial_state()
    for _ in range(2):
        take(s, "select_warps")
        take(s, "answer", "stop")
    p = s.current_player()
    rng = s.rng
    take(s, "roll_paradox")
    assert s.rng == rng and s.tr["paradox"][p] == 0 and s.tr["vp"][p] == 1


def test_json_save_and_load_at_every_pending_round_then_replay(game):
    """At each question of a repetition, the state saves and loads, and the loaded state
    plays on exactly as the original (same answers, same states)."""
    s, _ = _warp_phase(game, seed=5)
    seen = set()
    for step in range(60):
        if s.is_terminal():
            break
        if s.pending:
            seen.add((s.pending[0]["kind"], s.pending[0].get("fn", "")))
            back, copy = _round_trip(s), s.clone()
            legal = s.legal_actions()
            action = legal[step % len(legal)]
            for state in (s, back, copy):
                state.apply_action(action)
            assert back.to_json() == s.to_json() == copy.to_json()
        else:
            legal = s.legal_actions()
            s.apply_action(legal[step % len(legal)])
    assert ("ask", "loop_select_warps") in seen and any(k == "card" for k, _ in seen)


def test_a_forged_loop_place_is_refused(game):
    s, _ = _warp_phase(game)
    data = json.loads(s.to_json())
    data["pending"][0]["env"]["_i"] = -1
    with pytest.raises(Exception, match="bad question"):
        s.game.state_from_json(json.dumps(data))


def test_random_games_replay(game):
    assert_games_replay(game, players=2)
    assert_games_replay(game, players=4, seeds=range(2))


# ---------------------------------------------------------- loops whose rounds wait
_ROUNDS = CARDS_MODE.replace("example.cards.yaml", "mini.cards.yaml") + '''
zone hand "Hand" of building {
  per player
  hidden
  source "Components"
}

action deal "Deal" {
  effect {
    each player {
      draw 2 from pile into my hand
    }
  }
  source "Turn"
}

action round "Round" {
  effect {
    each player {
      choose 1 cards from my hand into pile
      score 1
    }
    score 10
  }
  source "Turn"
}
'''
_ROUND_CARDS = "cards:\n  - name: farm\n    value: 1\n    copies: 12\n"


def test_each_player_round_waits_in_its_middle(tmp_path):
    """E0513's old example: each player discards, then scores, before the next is asked;
    the effect's last statement runs after every round (it was refused before)."""
    text = MINIMAL_SPEC.replace("actions earn, finish", "actions earn, finish, deal, round") + _ROUNDS
    result = compile_text(tmp_path, text, _ROUND_CARDS)
    assert [d.code for d in result.diagnostics if d.severity == "error"] == []
    game = engine_module(result)
    s = game.Game(num_players=3, mode="carded", seed=1).new_initial_state()
    p = s.current_player()
    take(s, "deal")
    while s.current_player() != p:
        take(s, "earn")
    vp = list(s.tr["vp"])
    take(s, "round")
    order = [(p + i) % 3 for i in range(3)]
    for i, q in enumerate(order):
        assert s.current_player() == q and s.pending[0]["kind"] == "cards"
        # the players before q have scored their round's point; q and those after not yet
        assert [s.tr["vp"][x] - vp[x] for x in order] == [1] * i + [0] * (3 - i) or i == 0
        back = _round_trip(s)
        take(s, "choose_card")
        take(back, "choose_card")
        assert back.to_json() == s.to_json()
    assert s.tr["vp"][p] == vp[p] + 11 and not s.pending


# ---------------------------------------------------------- diagnostics
_ACTION = 'action drill "Drill" {{\n  effect {{\n    {body}\n  }}\n  source "Turn"\n}}\n'


@pytest.mark.parametrize(("body", "code"), [
    ("repeat 5000 {\n      gain coin 1\n    }", "E0800"),
    ("repeat 1 {\n      gain coin 1\n    }", "W0131"),
    ("repeat 0 {\n      gain coin 1\n    }", "W0133"),
    ("repeat 1 - 2 {\n      gain coin 1\n    }", "W0133"),
    ("repeat true {\n      gain coin 1\n    }", "E0503"),
    ("repeat 200 {\n      repeat 200 {\n        gain coin 1\n      }\n    }", "E0544"),
])
def test_misuses(tmp_path, body, code):
    assert code in codes_of(tmp_path, MINIMAL_SPEC + "\n" + _ACTION.format(body=body))


def test_repeat_up_to_one_is_no_warning(tmp_path):
    assert "W0131" not in codes_of(tmp_path, MINIMAL_SPEC + "\n" + _ACTION.format(
        body="repeat up to 1 {\n      gain coin 1\n    }"))


def test_the_language_reference_quotes_the_construct_spec():
    assert_reference_quotes(SPEC, "### Repetition: `repeat`", "### Acting as another player", 2)
    page = (SPEC.parents[3] / "docs" / "language.md").read_text(encoding="utf-8")
    assert "E0513" not in page[page.index("## Decisions"):page.index("## Players and seats")]


def test_the_page_says_twice_and_up_to_twice(game):
    from compiler import pipeline

    page = pipeline.compile_spec(SPEC).page
    assert "Twice:" in page and "Up to twice (you may stop before each time):" in page
    assert "As many times as" in page


_NESTED = _ROUNDS.replace('''action round "Round" {''', '''action nested "Nested" {
  effect {
    each player {
      repeat up to 2 {
        as first player {
          ask me {
            "keep" {
              score 1
            }
            "give" {
              choose 1 cards from my hand into pile
            }
          }
          gain coin 1
        }
        choose k: card in my hand
        move k into pile
        score 1
      }
      for each c in my hand where value >= 1 {
        choose 1 cards from my hand into pile
        repeat 2 {
          score 1
        }
      }
    }
    score 1
  }
  source "Turn"
}

action round "Round" {''')


def test_nested_loops_as_and_repeat_wait_round_by_round_and_replay(tmp_path):
    """`repeat up to` inside `each player`, an `as` asking inside it, a `for each` whose
    rounds wait: random answers, the state saved, loaded and cloned at every question and
    played on alike; games replay."""
    text = MINIMAL_SPEC.replace("actions earn, finish", "actions earn, finish, deal, nested") + _NESTED
    result = compile_text(tmp_path, text, _ROUND_CARDS)
    assert [d.code for d in result.diagnostics if d.severity == "error"] == []
    game = engine_module(result)
    s = game.Game(num_players=3, mode="carded", seed=4).new_initial_state()
    kinds = set()
    for step in range(300):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        action = legal[(step * 7) % len(legal)]
        if s.pending:
            kinds.add(s.pending[0].get("fn", s.pending[0]["kind"]).split("_")[0])
            back, copy = _round_trip(s), s.clone()
            for state in (back, copy):
                state.apply_action(action)
            s.apply_action(action)
            assert back.to_json() == s.to_json() == copy.to_json()
        else:
            s.apply_action(action)
    assert {"loop", "ask"} <= kinds
    assert_games_replay(game, players=3, seeds=range(3))


@pytest.mark.parametrize(("times", "short"), [(2, False), (3, True)])
def test_the_setup_check_counts_the_rounds_of_a_repeat(tmp_path, times, short):
    """E0701: 8 cards in the pile, each of 2 to 4 players draws `repeat N` cards: 2 rounds
    need at most 8 (enough), 3 rounds 9 at 3 players and 12 at 4 (short)."""
    setup = (f'  replace setup {{\n    put buildings into pile\n    each player {{\n      repeat {times} {{\n'
             '        draw 1 from pile into my hand\n      }\n    }\n  }\n')
    text = MINIMAL_SPEC + "\n" + CARDS_MODE.replace("example.cards.yaml", "mini.cards.yaml").replace(
        "  replace setup {\n    put buildings into pile\n  }\n", setup) + (
        '\nzone hand "Hand" of building {\n  per player\n  hidden\n  source "Components"\n}\n')
    codes = codes_of(tmp_path, text, "cards:\n  - name: farm\n    value: 1\n    copies: 8\n")
    assert ("E0701" in codes) is short
