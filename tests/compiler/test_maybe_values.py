"""Values that may be absent (issue 11, design 1.2): `nothing`, `nobody` and narrowing.

`top of`, `bottom of`, `next in`, `best` and `the player with` may give no card or no
player. Every use that needs one present is E0580 until a test shows it present: an `if`
(or `else` of `== nothing`), the right of `and`, an action's `require`, or, for `best` and
`top of`, a guard `count ZONE >= 1`. Comparing, `in` and `move` need no test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.specs import HEADER, compile_text, engine
from compiler import pipeline

REPO_ROOT = Path(__file__).resolve().parents[2]

SPEC = HEADER + '''
resource coin "Coin" {
  source "Coins"
}
card tile "Tile" {
  field value: int "worth"
  source "Tiles"
}
pieces die "Die" {
  per player 1
  sides 6
  source "Dice"
}
catalogue tiles of tile from "mini.cards.yaml" {
  source "Tiles"
}
zone market "Market" of tile {
  public
  state used: bool = false
  source "Market"
}
zone hand "Hand" of tile {
  per player
  hidden
  source "Hand"
}
zone bench "Bench" of die {
  per player
  public
  source "Dice"
}
zone stack "tiles stacked on it" of tile {
  per tile
  public
  source "Tiles"
}
setup {
  put tiles into market
  each player {
    gain coin 2
    put die into my bench where owner == me
  }
  source "Setup"
}
flow {
  start -> grab_phase
  grab_phase -> grab_phase
  grab_phase -> end when game_over
  source "Flow"
}
phase grab_phase "Grab" turns {
  actions grab
  source "Grab"
}
procedure weigh "Weigh" (t: tile) {
  effect {
    score t.value
  }
  source "Weigh"
}
procedure weigh_any "Weigh, if there is a tile" (t: tile?) {
  effect {
    MAYBE_BODY
  }
  source "Weigh"
}
action grab "Grab" {
  REQUIRE
  effect {
    EFFECT
    done
  }
  source "Grab"
}
end game_over {
  when count market == 0
  immediately
  winner most vp
  source "End"
}
'''
CARDS = "cards:\n  - {name: low, title: Low, value: 1}\n  - {name: high, title: High, value: 5}\n"


def _errors(tmp_path, effect: str, require: str = "") -> list[tuple[str, str]]:
    text = SPEC.replace("EFFECT", effect).replace("  REQUIRE\n", f"  require {require}\n" if require else "")
    text = text.replace("MAYBE_BODY", "if t != nothing {\n      score t.value\n    }")
    result = compile_text(tmp_path, text, CARDS)
    return [(d.code, d.message) for d in result.diagnostics if d.severity == "error"]


#: Every use of a maybe value that needs it present, one per line of an effect.
UNGUARDED = {
    "a field": "let t = top of market\n    score t.value",
    "a field of any expression": "score (bottom of market).value",
    "a zone of it": "let t = top of market\n    score count stack of t",
    "a card state": "let t = top of market\n    set t.used = true",
    "a procedure's parameter": "let t = top of market\n    do weigh(t)",
    "best, unguarded": "let t = best market by value\n    score t.value",
    "best of a zone other than the guarded one":
        "if count my hand >= 1 {\n      let t = best market by value\n      score t.value\n    }",
    "a die to roll": "let d = best my bench by 0\n    roll d",
    "next in": "let t = next in market from 3 by value\n    score t.value",
    "a player to pay": "let p = the player with most coin\n    if has coin 1 {\n"
                       "      transfer coin 1 to p\n    }",
    "a player's counter": "let p = the player with most coin\n    score p.coin",
    "a player's zone": "let p = the player with most coin\n    score count p.hand",
    "a player who holds": "let p = the player with most coin\n    if p has coin 1 {\n      score 1\n    }",
    "the other branch": "let t = top of market\n    if t != nothing {\n      score 1\n    } else {\n"
                        "      score t.value\n    }",
    "the left of `and`": "let t = top of market\n"
                         "    if t.value >= 1 and t != nothing {\n      score 1\n    }",
    "either side of `or`": "let t = top of market\n"
                           "    if t != nothing or t.value >= 1 {\n      score 1\n    }",
}


@pytest.mark.parametrize("effect", UNGUARDED.values(), ids=UNGUARDED.keys())
def test_every_unguarded_use_is_an_error(tmp_path, effect):
    found = _errors(tmp_path, effect)
    assert [c for c, _ in found] == ["E0580"], found
    assert "may be nothing" in found[0][1] or "may be nobody" in found[0][1]


GUARDED = {
    "if != nothing": "let t = top of market\n    if t != nothing {\n      score t.value\n    }",
    "else of == nothing": "let t = top of market\n    if t == nothing {\n      score 1\n    } else {\n"
                          "      do weigh(t)\n    }",
    "the right of `and`": "let t = top of market\n"
                          "    if t != nothing and t.value >= 1 {\n      score 1\n    }",
    "not (== nothing)": "let t = top of market\n    if not (t == nothing) {\n      score t.value\n    }",
    "count guard for best": "if count market >= 1 {\n      let t = best market by value\n"
                            "      score t.value\n    }",
    "count > 0 guard for top": "if count market > 0 {\n      score (top of market).value\n    }",
    "count != 0 guard, inner if": "if count market != 0 and vp >= 0 {\n      if vp >= 0 {\n"
                                  "        score (top of market).value\n      }\n    }",
    "nobody tested": "let p = the player with most coin\n    if p != nobody and has coin 1 {\n"
                     "      transfer coin 1 to p\n"
                     "    }",
    "compare, in, move need no test": "let t = top of market\n    if t == nothing or t in my hand {\n"
                                      "      score 1\n    }\n    move t into my hand",
    "in needs no test": "let t = top of market\n    if t in my hand {\n      score 1\n    }",
    "a maybe player compared with me": "let p = the player with most coin\n    if p == me {\n"
                                       "      score 1\n    }",
}


@pytest.mark.parametrize("effect", GUARDED.values(), ids=GUARDED.keys())
def test_tested_uses_are_accepted(tmp_path, effect):
    assert _errors(tmp_path, effect) == []


def test_a_requirement_is_a_test(tmp_path):
    assert _errors(tmp_path, "score (top of market).value", "count market >= 1") == []
    assert _errors(tmp_path, "let d = best my bench by 0\n    roll d", "(count my bench) >= 1") == []
    assert [c for c, _ in _errors(tmp_path, "score (top of market).value", "count my hand >= 1")] == ["E0580"]


def test_a_parameter_may_be_declared_absent(tmp_path):
    """`(t: tile?)`: a value that may be absent is passed untested, and tested inside."""
    assert _errors(tmp_path, "do weigh_any(top of market)") == []
    text = SPEC.replace("EFFECT", "do weigh_any(top of market)").replace("  REQUIRE\n", "").replace(
        "MAYBE_BODY", "score t.value")
    found = [(d.code, d.message) for d in compile_text(tmp_path, text, CARDS).diagnostics
             if d.severity == "error"]
    assert found == [("E0580", "`t` may be nothing: reading `t.value` needs a tile card")]
    text = SPEC.replace("(t: tile?)", "(t: int?)").replace("EFFECT", "score 1").replace("  REQUIRE\n", "")
    assert "E0586" in [d.code for d in compile_text(tmp_path, text.replace("MAYBE_BODY", "score t"),
                                                    CARDS).diagnostics]


def test_a_new_let_of_the_same_name_is_not_narrowed(tmp_path):
    effect = ("let t = top of market\n    if t != nothing {\n      score t.value\n"
              "      for each t in my hand {\n        score 1\n      }\n    }")
    assert _errors(tmp_path, effect) == []


def test_euphorias_guards_are_accepted_and_each_is_needed():
    """Every `best` in Euphoria is under a `count ... >= 1` in an `if` or a `require`: the
    spec checks clean. Dropping the requirement of the worker-recruiting action leaves
    `roll w` on a worker that may be nothing: E0580 at that line."""
    path = REPO_ROOT / "specs" / "euphoria.rules"
    text = path.read_text(encoding="utf-8")
    result = pipeline.analyse(path, text)
    assert [d.code for d in result.diagnostics if d.severity == "error"] == []
    guard = "  require (count my pool) >= 1\n  uses placed 1\n  effect {\n    let w = best my pool by 0\n"
    assert text.count(guard) == 1
    unguarded = text.replace(guard, guard.replace("  require (count my pool) >= 1\n", ""))
    result = pipeline.analyse(path, unguarded)
    errors = [(d.code, d.span.line) for d in result.diagnostics if d.severity == "error"]
    roll = unguarded[:unguarded.index("    roll w\n")].count("\n") + 1
    assert errors == [("E0580", roll)]


def test_the_hint_says_how_to_test(tmp_path):
    text = (SPEC.replace("EFFECT", "let t = top of market\n    score t.value").replace("  REQUIRE\n", "")
            .replace("MAYBE_BODY", "score 1"))
    [d] = [d for d in compile_text(tmp_path, text, CARDS).diagnostics if d.severity == "error"]
    assert d.message == "`t` may be nothing: reading `t.value` needs a tile card"
    assert d.hint == "test it first: `if t != nothing { ... }`"


def test_nothing_lies_in_no_zone_and_moves_nowhere(tmp_path):
    """Once the market is empty, `top of market` is nothing (-1 in the engine): it is in
    no hand (though the catalogue's last card, -1 read as an index, is in yours), and
    moving it moves no card."""
    text = SPEC.replace("  REQUIRE\n", "").replace("MAYBE_BODY", "score 1").replace("EFFECT", (
        "let t = top of market\n    if t in my hand {\n      score 100\n    }\n"
        "    move t into my hand\n    score 1")).replace("when count market == 0", "when any player vp >= 50")
    mini = engine(tmp_path, text, CARDS)
    state = mini.Game(num_players=1, seed=1).new_initial_state()
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    assert state.scores() == [3]
    assert sorted(mini.CARD_NAMES[c] for c in state.z["hand"][0]) == ["high", "low"]


def test_a_test_of_a_value_never_absent_is_a_warning(tmp_path):
    """W0111: a parameter not declared with `?`, or a value already tested, is never
    nothing; a value that may be absent is tested without a warning."""
    def warnings(effect: str) -> list[str]:
        text = SPEC.replace("EFFECT", effect).replace("  REQUIRE\n", "").replace("MAYBE_BODY", "score 1")
        return [d.message for d in compile_text(tmp_path, text, CARDS).diagnostics if d.code == "W0111"]

    assert warnings("let t = top of market\n    if t != nothing {\n      score 1\n    }") == []
    assert warnings("let t = top of market\n    if t != nothing {\n      if t == nothing {\n"
                    "        score 1\n      }\n    }") == ["this test is always false: a tile card is never "
                                                         "nothing here"]
    assert warnings("if me != nobody {\n      score 1\n    }") == [
        "this test is always true: a player is never nobody here"]


#: A guard no longer holds once a statement may have emptied its zone (found by the
#: end-of-session check: the engine read card -1, another card's value).
EMPTIED_AFTER_GUARD = {
    "all moved out": ("move all market into my hand\n    score (top of market).value", "count market >= 1"),
    "all moved out, inside the if": (
        "if count market >= 1 {\n      move all market into my hand\n"
        "      score (top of market).value\n    }", ""),
    "one card moved (it may be the last)": (
        "let t = top of market\n    move t into my hand\n    score (top of market).value",
        "count market >= 1"),
    "emptied inside a nested block": (
        "if true {\n      move all market into my hand\n    }\n    score (best market by value).value",
        "count market >= 1"),
}


@pytest.mark.parametrize("case", EMPTIED_AFTER_GUARD.values(), ids=EMPTIED_AFTER_GUARD.keys())
def test_a_guard_is_forgotten_once_its_zone_may_be_emptied(tmp_path, case):
    effect, require = case
    found = _errors(tmp_path, effect, require)
    assert [c for c, _ in found] == ["E0580"], found


def test_a_guard_on_another_zone_survives_emptying_this_one(tmp_path):
    """Moving every card out of `my hand` says nothing about `market`: its guard holds."""
    effect = "move all my hand into market\n    score (top of market).value"
    assert _errors(tmp_path, effect, "count market >= 1") == []
