"""Generated engines read like code a person wrote: functions named for what they are
(:mod:`compiler.engine.naming`), booleans passed by keyword, and every spec line that
becomes code cited above it (``# spec line N: ...``)."""

from __future__ import annotations

import ast as pyast
import re
from pathlib import Path

import pytest

from compiler.engine.naming import Namer, join
from compiler.engine.codegen import EngineGenerator
from compiler.engine.pyquote import UnquotedText
from dsl import ast
from dsl.codes import MINIMAL_SPEC
from dsl.parser import parse_spec
from tests.helpers.specs import analyse_text

REPO_ROOT = Path(__file__).resolve().parents[2]
GAMES = ["utopolis", "euphoria", "utopia", "anachrony"]


def _engine(game: str) -> str:
    return (REPO_ROOT / "generated" / f"{game}.py").read_text(encoding="utf-8")


def _functions(source: str) -> list[str]:
    return re.findall(r"^def (\w+)\(", source, re.M)


# ------------------------------------------------------------------ the namer
def test_a_later_version_is_named_after_the_first_mode_that_uses_it():
    namer = Namer()
    namer.mode = "family"
    assert namer("apply", 1, "score_worker") == "apply_score_worker"
    namer.mode = "metropolis"
    assert namer("apply", 1, "score_worker") == "apply_score_worker"  # the same declaration
    assert namer("apply", 2, "score_worker") == "apply_score_worker__metropolis"
    namer.mode = "solo"
    assert namer("apply", 3, "score_worker") == "apply_score_worker__solo"
    assert namer.known("apply", 2) == "apply_score_worker__metropolis" and namer.known("apply", 4) is None


def test_siblings_of_one_mode_are_numbered_from_the_second():
    namer = Namer()
    namer.mode = "m"
    assert [namer.fresh("transition", "play_to_play") for _ in range(3)] == [
        "transition_play_to_play", "transition_play_to_play_2", "transition_play_to_play_3"]
    namer.mode = "n"
    assert [namer.fresh("transition", "play_to_play") for _ in range(2)] == [
        "transition_play_to_play__n", "transition_play_to_play__n_2"]


def test_a_name_never_repeats_its_kind():
    assert join("ask", "ask_card_trade") == "ask_card_trade"
    assert join("ask", "offer_trade") == "ask_offer_trade"
    assert join("setup", "") == "setup" and join("limit", "limit") == "limit"
    assert join("start", "starting_hand") == "start_starting_hand"


def test_names_the_module_defines_or_python_owns_are_never_given():
    namer = Namer()
    assert namer.fresh("R", "") == "R_2" and namer.fresh("RULES", "") == "RULES_2"
    with pytest.raises(UnquotedText):
        namer.fresh("list", "")  # a built-in: a compiler bug, refused
    assert namer.constant("RULES", "family") == "RULES_FAMILY"
    assert namer.constant("RULES", "Family") == "RULES_FAMILY_2"


# ------------------------------------------------------------------ the shipped engines
def test_utopolis_names_say_what_each_function_is():
    names = set(_functions(_engine("utopolis")))
    assert {"apply_score_worker", "apply_score_worker__metropolis", "legal_score_goods__metropolis",
            "trigger_wellbeing_bonus_before_build", "trigger_wellbeing_bonus_before_build__solo",
            "on_enter_cycle_reset", "on_enter_cycle_reset__solo", "only_when_keep_cards",
            "transition_cycle_reset_to_end", "setup", "winners_game_over", "ask_offer_trade",
            "derived_environment_balance", "limit_hand", "start_heart"} <= names


@pytest.mark.parametrize("game", GAMES)
def test_no_name_has_a_version_number_or_a_doubled_word(game: str):
    for name in _functions(_engine(game)):
        assert not re.search(r"_v\d+$", name), name
        words = [w for w in name.split("_") if w]
        assert all(a != b for a, b in zip(words, words[1:])), name


@pytest.mark.parametrize("game", GAMES)
def test_booleans_are_passed_by_keyword(game: str):
    tree = pyast.parse(_engine(game))
    calls = [node for node in pyast.walk(tree) if isinstance(node, pyast.Call)]
    assert calls
    for call in calls:
        positional = [arg for arg in call.args if isinstance(arg, pyast.Constant)]
        assert not any(isinstance(arg.value, bool) for arg in positional), pyast.unparse(call)


def _lowered_lines(spec: ast.Spec) -> set[int]:
    """The lines of every statement of every effect, and of every choice, requirement,
    tally use and option of a question: each becomes code in the engine."""
    lines = set()
    for node in ast.walk(spec):
        if isinstance(node, ast.Action):
            lines |= {x.span.line for x in (*node.choices, *node.requires, *node.uses)}
        elif isinstance(node, ast.AskOption):
            lines.add(node.span.line)
        elif type(node).__name__ in _STATEMENTS:
            lines.add(node.span.line)
    return lines


#: The statement nodes of the language (what a block holds).
_STATEMENTS = {"Let", "Gain", "Pay", "Release", "Transfer", "Score", "Advance", "Draw", "Reveal",
               "MoveCard", "MoveAll", "Roll", "PutCatalogue", "Shuffle", "ChooseCards", "EachPlayer",
               "ForEach", "If", "SetState", "Done", "Again", "PassFirstPlayer", "FirstPlayerRandom",
               "FirstPlayerMost", "DoProcedure", "Ask", "ChooseCard"}


@pytest.mark.parametrize("game", GAMES)
def test_every_spec_line_that_becomes_code_is_cited(game: str):
    path = REPO_ROOT / "specs" / f"{game}.rules"
    source = path.read_text(encoding="utf-8")
    spec, _ = parse_spec(source, str(path))
    spec_lines = source.split("\n")
    cited = {int(n): text for n, text in re.findall(r"^ *# spec line (\d+): (.*)$", _engine(game), re.M)}
    lowered = _lowered_lines(spec)
    assert lowered and lowered <= set(cited), sorted(lowered - set(cited))[:10]
    assert all(spec_lines[n - 1].strip() == text for n, text in cited.items())


# ------------------------------------------------------------------ names in a small spec
NAMES_SPEC = MINIMAL_SPEC.replace("  work -> end when game_over\n",
                                  "  work -> end when game_over\n  work -> end when players == 3\n") + '''
action ask_card_trade "Ask for a card" {
  effect {
    ask me {
      "yes" {
        score 1
        ask me {
          "again" {
            score 1
          }
        }
      }
    }
  }
  source "Turn"
}

mode plain "Plain" {
  source "Modes"
}

mode fast "Fast" {
  replace action earn "Earn more" {
    effect {
      score 2
    }
    source "Turn"
  }
  replace flow {
    start -> work
    work -> end when game_over
    work -> end when players == 2
    work -> work
  }
  source "Modes"
}
'''


def test_names_in_a_spec_with_versions_siblings_and_questions(tmp_path: Path):
    spec = NAMES_SPEC.replace("actions earn, finish", "actions earn, ask_card_trade, finish")
    result = analyse_text(tmp_path, spec)  # the engine alone: its page is not the point here
    assert result.ok, [d.render({d.span.path: result.source}) for d in result.diagnostics]
    engine = EngineGenerator(result.composition, result.cards, "mini.rules", result.source,
                             types=result.types).render()
    names = _functions(engine)
    assert {"apply_earn", "apply_earn__fast", "transition_work_to_end", "transition_work_to_end_2",
            "transition_work_to_end__fast", "transition_work_to_end__fast_2", "ask_card_trade",
            "ask_card_trade_2", "setup",
            "end_when_game_over", "winners_game_over"} <= set(names), names
    assert len(names) == len(set(names))
    assert "ask_ask" not in engine and not re.search(r"\bdef \w+_v\d+\(", engine)
