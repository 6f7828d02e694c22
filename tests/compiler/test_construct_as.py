"""Construct 21, ``as PLAYER { }``: acting as another player for a few statements.

The construct spec is ``tests/compiler/constructs/as_player.rules``: Utopia's Trigger
Technology (Gameplay › Trigger Technology: when anyone lands in a time zone, the owner of
each technology developed there chooses which of its two discs they gain).  The question
is asked of the owner (``current_player()`` is the owner while it waits), "you" is the
acting player again after the block, and a state waiting inside the block saves to JSON.
"""

from __future__ import annotations

import json

import pytest

from compiler import pipeline
from dsl.code_examples import MINIMAL_SPEC
from tests.helpers.constructs import (assert_games_replay, assert_reference_quotes, card_id, codes_of,
                                     construct_engine, construct_spec, take)
from tests.helpers.specs import compile_text, engine_module

SPEC = construct_spec("as_player")


@pytest.fixture(scope="module")
def game():
    return construct_engine(SPEC)


def _developed_then_landed(game, seed=1):
    """Player A develops the Sky Forge (military or exploration) in time zone 1; player B
    lands there: A is asked."""
    s = game.Game(num_players=3, seed=seed).new_initial_state()
    a = s.current_player()
    forge, tz1 = card_id(game, "sky_forge"), card_id(game, "tz_one")
    take(s, "develop", forge, tz1)
    b = s.current_player()
    take(s, "land", tz1)
    return s, a, b


def test_the_owner_is_asked_and_gains_then_you_are_you_again(game):
    s, a, b = _developed_then_landed(game)
    assert a != b and s.current_player() == a  # the owner decides, during b's turn
    assert {x.args[0] for x in s.legal_actions()} == {"first disc", "second disc"}
    vp_a, vp_b = s.tr["vp"][a], s.tr["vp"][b]
    take(s, "answer", "second disc")  # exploration
    assert sum(s.res[a]) == 1 and sum(s.res[b]) == 0  # the owner gained the disc, not the lander
    # inside the block the owner scored 1; after it, "you" is the lander again, who scores 1
    assert s.tr["vp"][a] == vp_a + 1 and s.tr["vp"][b] == vp_b + 1
    assert not s.pending and s.current_player() != b  # b's turn is over


def test_a_state_waiting_inside_as_saves_loads_and_replays(game):
    s, a, _ = _developed_then_landed(game)
    back = s.game.state_from_json(s.to_json())
    assert json.loads(back.to_json()) == json.loads(s.to_json()) and back.current_player() == a
    copy = s.clone()
    for state in (s, back, copy):
        take(state, "answer", "first disc")
    assert s.to_json() == back.to_json() == copy.to_json()


def test_no_technology_no_question(game):
    s = game.Game(num_players=2, seed=1).new_initial_state()
    p = s.current_player()
    take(s, "land", card_id(game, "tz_two"))
    assert not s.pending and s.tr["vp"][p] == 1


def test_random_games_replay(game):
    assert_games_replay(game, players=2)
    assert_games_replay(game, players=5, seeds=range(2))


_ACTION = 'action help "Help" {{\n  effect {{\n    {body}\n  }}\n  source "Turn"\n}}\n'


@pytest.mark.parametrize(("body", "code"), [
    ("as first player {\n      gain coin 1\n      again\n    }", "E0801"),
    ("as first player {\n      done\n    }", "E0801"),
    ("as me {\n      gain coin 1\n    }", "W0132"),
    ("as 3 {\n      gain coin 1\n    }", "E0503"),
    ("as the player with most vp {\n      gain coin 1\n    }", "E0580"),
])
def test_misuses(tmp_path, body, code):
    assert code in codes_of(tmp_path, MINIMAL_SPEC + "\n" + _ACTION.format(body=body))


def test_a_procedure_run_inside_as_that_says_done_is_e0801_at_the_do(tmp_path):
    """E0801 also when a procedure run inside the block (here through another) says `done`;
    the same procedure run outside `as` is fine."""
    procs = ('procedure stop "Stop" () {\n  effect {\n    done\n  }\n  source "Turn"\n}\n\n'
             'procedure relay "Relay" () {\n  effect {\n    do stop()\n  }\n  source "Turn"\n}\n\n')
    text = MINIMAL_SPEC + "\n" + procs + _ACTION.format(body="as first player {\n      do relay()\n    }\n"
                                                          "    do relay()")
    found = [d for d in compile_text(tmp_path, text).diagnostics if d.code == "E0801"]
    assert len(found) == 1 and "procedure `relay` runs `done`" in found[0].message
    assert found[0].span.line == text[:text.index("      do relay()")].count("\n") + 1


def test_an_action_taken_inside_as_that_says_done_is_e0801_at_the_take(tmp_path):
    """E0801 follows `take action` as it follows `do`: found by a fresh-user check, where
    `as q { take action roll_paradox }` (an action ending with `done`) checked clean and
    finished player q's phase."""
    stop = 'action stop "Stop" {\n  effect {\n    done\n  }\n  source "Turn"\n}\n\n'
    body = "as first player {\n      take action stop\n    }"
    text = MINIMAL_SPEC + "\n" + stop + _ACTION.format(body=body)
    found = [d for d in compile_text(tmp_path, text).diagnostics if d.code == "E0801"]
    assert len(found) == 1 and "action `stop` runs `done`" in found[0].message
    assert found[0].span.line == text[:text.index("      take action stop")].count("\n") + 1


def test_a_card_rule_run_inside_as_that_says_done_is_e0801(tmp_path):
    """E0801 follows `do c.f(...)` to every procedure the catalogue's entries name."""
    source = construct_spec("card_rules")
    text = source.read_text(encoding="utf-8")
    do = "        do c.secondary(c)\n"
    text = text.replace(do, "        as first player {\n  " + do + "        }\n")
    move = "      choose r: card in my limbo {\n        move r into my mothership\n"
    text = text.replace(move, move + "        done\n")
    (tmp_path / source.name).write_text(text, encoding="utf-8")
    cards = source.with_name("card_rules.cards.yaml")
    (tmp_path / cards.name).write_text(cards.read_text(encoding="utf-8"), encoding="utf-8")
    found = [d for d in pipeline.compile_spec(tmp_path / source.name).diagnostics if d.code == "E0801"]
    assert len(found) == 1 and "procedure `medic_ability` runs `done`" in found[0].message


def test_inline_as_changes_you_for_the_block_only(tmp_path):
    """A block that never waits: the first player gains, then the acting player scores."""
    text = MINIMAL_SPEC.replace("actions earn, finish", "actions earn, finish, help") + "\n" + _ACTION.format(
        body="as first player {\n      gain coin 5\n    }\n    score 1")
    game = engine_module(compile_text(tmp_path, text))
    s = game.Game(num_players=3, seed=2).new_initial_state()
    first = s.first
    take(s, "finish")  # the first player is done: the next one acts
    q = s.current_player()
    assert q != first
    coins = [r[0] for r in s.res]
    take(s, "help")
    assert [r[0] for r in s.res] == [c + (5 if i == first else 0) for i, c in enumerate(coins)]
    assert s.tr["vp"][q] == 1


def test_the_language_reference_quotes_the_construct_spec():
    assert_reference_quotes(SPEC, "### Acting as another player", "## Players and seats", 1)


def test_the_page_says_who_does_the_block():
    from compiler import pipeline

    page = pipeline.compile_spec(SPEC).page
    assert "- Acting as d's owner (“you” is that player here):" in page
