"""A payment the player may not afford (E0594), found by the fresh-user check.

An action offered by ``legal_actions()`` must apply: before E0594, a ``pay`` with no
``require has`` before it checked clean, the engine offered the action to a player who
could not pay, and ``apply_action`` raised ``IllegalActionError`` half-way through the
effect.  The check proves each ``pay`` and ``transfer`` covered by what the player is
known to hold there (a ``require has``, an ``if has``, a comparison of the resource, a
gain just made), or reports it.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.helpers.play import play_to_the_end
from tests.helpers.specs import HEADER, LOOP_FLOW, analyse_text, codes, engine

#: A tiny game whose action pays 2 coins with no `require`: the repro.
GAME = HEADER + LOOP_FLOW + '''resource coin "Coin" {
  source "Coins"
}
setup {
  each player {
    gain coin 1
  }
}
phase play "Play" turns {
  actions earn, buy
  source "Turn"
}
action earn "Earn" {
  effect {
    gain coin 1
  }
  source "Turn"
}
action buy "Buy" {
%s  effect {
%s
    score 1
  }
  source "Turn"
}
end game_over {
  when any player vp >= 3
  immediately
  winner most vp
  source "End"
}
'''


def _game(require: str = "", effect: str = "    pay coin 2") -> str:
    return GAME % (require, effect)


def test_a_pay_with_no_require_is_e0594(tmp_path: Path):
    result = analyse_text(tmp_path, _game())
    assert codes(result.diagnostics) == ["E0594"]
    d = result.diagnostics[0]
    assert (d.span.line, d.span.column) == (_game().splitlines().index("    pay coin 2") + 1, 5)
    assert "may exceed" in d.message and "`require has coin 2`" in d.hint


@pytest.mark.parametrize("require, effect", [
    ("  require has coin 2\n", "    pay coin 2"),
    ("  require has coin 3\n", "    pay coin 2"),
    ("  require coin >= 2\n", "    pay coin 2"),
    ("", "    if has coin 2 {\n      pay coin 2\n    }"),
    ("", "    pay coin coin"),
    ("", "    gain coin 2\n    pay coin 2"),
    ("  require has coin 1\n", "    pay coin 1\n    gain coin 1\n    pay coin 1"),
], ids=["require-has", "require-more", "compare", "if-has", "all-held", "gained", "regained"])
def test_a_guarded_pay_is_clean(tmp_path: Path, require: str, effect: str):
    assert codes(analyse_text(tmp_path, _game(require, effect)).diagnostics) == []


@pytest.mark.parametrize("require, effect", [
    ("  require has coin 1\n", "    pay coin 2"),
    ("  require has coin 2\n", "    pay coin 1\n    pay coin 1\n    pay coin 1"),
    ("  require has coin 2\n", "    pay coin 2\n    pay coin 2"),
    ("", "    if has coin 2 {\n      score 1\n    }\n    pay coin 2"),
    ("", "    if not has coin 2 {\n      pay coin 2\n    }"),
], ids=["less", "three-times", "twice", "after-the-if", "negated"])
def test_a_pay_beyond_the_guard_is_e0594(tmp_path: Path, require: str, effect: str):
    assert "E0594" in codes(analyse_text(tmp_path, _game(require, effect)).diagnostics)


def test_the_guarded_game_never_refuses_a_legal_action(tmp_path: Path):
    """With the `require`, random play applies every action it is offered."""
    module = engine(tmp_path, _game("  require has coin 2\n"))
    for seed in range(5):
        state = module.Game(num_players=2, seed=seed).new_initial_state()
        play_to_the_end(state, random.Random(seed), max_actions=500)


PROCEDURE = '''procedure spend "Spend" (n: int) {
  effect {
%s
  }
  source "Turn"
}
'''


@pytest.mark.parametrize("require, effect, body, clean", [
    ("  require has coin 2\n", "    do spend(2)", "    pay coin 2", True),
    ("", "    do spend(2)", "    pay coin 2", False),
    ("  require has coin 2\n", "    score 1", "    pay coin 2", False),  # run by no `do`
    ("  require has coin 2\n", "    do spend(2)", "    if has coin n {\n      pay coin n\n    }", True),
], ids=["covered-at-the-do", "nothing-at-the-do", "no-do", "tested-inside"])
def test_a_procedure_is_checked_at_each_do(tmp_path: Path, require, effect, body, clean):
    found = codes(analyse_text(tmp_path, _game(require, effect) + PROCEDURE % body).diagnostics)
    assert found == ([] if clean else ["E0594"])


def test_what_the_amount_reads_is_forgotten_once_changed(tmp_path: Path):
    """`require has coin vp` holds before `score 1`, not after: the amount moved."""
    text = _game("  require has coin vp\n", "    score 1\n    pay coin vp")
    assert codes(analyse_text(tmp_path, text).diagnostics) == ["E0594"]
    text = _game("  require has coin vp\n", "    pay coin vp")
    assert codes(analyse_text(tmp_path, text).diagnostics) == []


def _with_trigger(when: str, effect: str = "    pay coin 2") -> str:
    trigger = f'trigger pays "On buy" {{\n  {when} buy\n  effect {{\n{effect}\n  }}\n  source "Turn"\n}}\n'
    return _game("", "    score 1") + trigger


@pytest.mark.parametrize("when", ["before", "after"])
def test_a_trigger_pay_with_no_guard_is_e0594(tmp_path: Path, when: str):
    # the same line as in the action: the trigger runs inside it
    result = analyse_text(tmp_path, _with_trigger(when))
    assert codes(result.diagnostics) == ["E0594"]
    assert f"trigger `pays`, run {when} action `buy`" in result.diagnostics[0].message


def test_a_trigger_after_knows_what_the_action_gained(tmp_path: Path):
    text = _with_trigger("after").replace("    score 1\n", "    gain coin 2\n    score 1\n", 1)
    assert codes(analyse_text(tmp_path, text).diagnostics) == []


AUTOMATON = '''automaton bot "Bot" {
  turn in play {
%s
  }
}
'''


def _with_bot(body: str) -> str:
    return _game().replace("    pay coin 2\n", "") + AUTOMATON % body


@pytest.mark.parametrize("body, expected", [
    ("    pay coin 5\n    score 1", ["E0594"]),
    ("    if has coin 5 {\n      pay coin 5\n    }\n    score 1", []),
], ids=["unguarded", "guarded"])
def test_an_automaton_turn_pay_is_checked(tmp_path: Path, body: str, expected: list[str]):
    result = analyse_text(tmp_path, _with_bot(body))
    assert [c for c in codes(result.diagnostics) if c.startswith("E")] == expected
    if expected:
        d = next(d for d in result.diagnostics if d.code == "E0594")
        assert "automaton `bot`" in d.message and "`if has coin 5" in d.hint
