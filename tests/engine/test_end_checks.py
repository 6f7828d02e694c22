"""``end when`` is checked only after the actions that may change what it reads
(issue 10): the compiler works out what the condition reads and what each action's
effect (with its triggers and the procedures it calls) may write."""

from __future__ import annotations

from pathlib import Path

from compiler.engine.touches import end_after, end_after_answer, reads, writes
from dsl import ast
from tests.helpers.specs import compile_cached

SPECS = Path(__file__).resolve().parents[2] / "specs"


def _modes(name: str):
    result = compile_cached(SPECS / f"{name}.rules")
    assert result.composition is not None
    return result.composition.modes


def test_utopolis_family_checks_the_end_after_the_actions_that_score():
    family = _modes("utopolis")["family"]
    # `when any player wellbeing >= target`: only building and scoring move wellbeing
    assert reads(family.ends["game_over"].when, family) == {"track:wellbeing"}
    assert end_after(family, family.ends["game_over"].when) == ("build", "score_worker", "score_goods")
    assert "track:wellbeing" not in writes(family.actions["offer_trade"].effect, family)
    assert writes(family.actions["pick"].effect, family) >= {"zones"}


def test_a_condition_on_zones_is_checked_after_every_action_that_moves_cards():
    standard = _modes("euphoria")["standard"]
    assert reads(standard.ends["game_over"].when, standard) >= {"zones"}
    after = end_after(standard, standard.ends["game_over"].when)
    assert after is not None and "work_area" in after
    assert "stop_placing" not in after  # its effect does nothing


def test_what_the_analysis_does_not_know_is_checked_after_every_action():
    family = _modes("utopolis")["family"]
    # the end itself (`s.ended`) is not a part the analysis follows: check always
    assert reads(ast.Name("game_over"), family) is None


def test_answers_are_followed_by_the_check_only_when_what_runs_then_may_end_the_game():
    family = _modes("utopolis")["family"]
    # answering a trade offer or a choice of cards moves cards and resources, not wellbeing
    assert end_after_answer(family, family.ends["game_over"].when) is False
    standard = _modes("euphoria")["standard"]
    # cards moving may empty a supply
    assert end_after_answer(standard, standard.ends["game_over"].when) is True
