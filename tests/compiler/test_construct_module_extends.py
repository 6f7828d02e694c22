"""Construct 14: modules that extend rather than replace.

The construct spec is ``tests/compiler/constructs/module_extends.rules`` (with
``module_extends.cards.yaml``): two of Future Imperfect's modules written separately,
Hypersync Future Actions (Module 2: a new action in the action rounds, Hypersync tiles
counting in the Paradox phase, a change at the Impact) and Intrigues of the Council
(Module 4: council buildings put into the building stack "before setting up the
building stacks", a change "at the beginning of each Power Up phase", a change at the
Impact, a rule after an action).  Future Imperfect › Objective of the Game plays the
modules alone or together; the modes of the spec do, in both orders.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from compiler.analysis.compose import TABLES
from dsl import ast
from tests.helpers.constructs import compiled
from tests.helpers.play import assert_replays, play_to_the_end
from tests.helpers.specs import compile_text, engine_module

SPEC = Path(__file__).resolve().parent / "constructs" / "module_extends.rules"
CARDS = (SPEC.parent / "module_extends.cards.yaml").read_text(encoding="utf-8")
BASE = SPEC.read_text(encoding="utf-8")
MODES = ("base_game", "with_hypersync", "with_intrigues", "both", "both_reversed")
#: The game ends after era 7 (`when round >= 7`, `finish round`): 7 Power Up phases.
ROUNDS = 7


@pytest.fixture(scope="module")
def result():
    done = compiled(SPEC)
    assert [d.code for d in done.diagnostics] == ["W0105"], [d.render() for d in done.diagnostics]
    return done


@pytest.fixture(scope="module")
def game(result):
    return engine_module(result)


def _rules(mode) -> dict:
    return {attr: getattr(mode, attr) for attr in sorted(set(TABLES.values()))} | {
        "setup": mode.setup, "flow": mode.flow}


def test_the_two_modules_in_both_orders_give_the_same_rules(result):
    modes = result.composition.modes
    assert _rules(modes["both"]) == _rules(modes["both_reversed"])
    # The Impact: the base game's statements, then Hypersync's, then Intrigues' (the order
    # the modules are declared in), whatever order the mode lists them in.
    impact = modes["both_reversed"].procedures["impact"]
    assert [type(s.body[0]) for s in impact.effect] == [ast.Score, ast.Score, ast.Advance, ast.Advance]
    assert [s.body[0].amount.value for s in impact.effect[:2]] == [1, 2]
    # ... then the `combine` block's, once both modules are applied
    assert [c.by for c in modes["both_reversed"].history if c.name == "impact"] == [
        "module intrigues", "module hypersync", "combine hypersync+intrigues"]


def test_an_extended_rule_keeps_its_name_title_and_sources(result):
    base, both = result.composition.base, result.composition.modes["both"]
    for table, name in (("procedures", "impact"), ("phases", "power_up"), ("phases", "actions")):
        old, new = getattr(base, table)[name], getattr(both, table)[name]
        assert (new.name, new.title, new.meta) == (old.name, old.title, old.meta)
        assert new != old
    assert [a.name for a in both.phases["actions"].actions] == ["pass_turn", "future_action"]
    # "at the beginning of each Power Up phase": before the phase's own statements
    power_up = both.phases["power_up"].on_enter
    assert power_up[0].body == (ast.Advance(ast.Ident("mission_vp"), ast.Number(1)),)
    assert power_up[1:] == base.phases["power_up"].on_enter


def test_the_history_records_each_extension_with_its_module(result):
    both = result.composition.modes["both"]
    extended = [(c.kind, c.name, c.by) for c in both.history if c.op == "extend"]
    assert extended == [("phase", "actions", "module hypersync"), ("procedure", "impact", "module hypersync"),
                        ("step", "stacks", "module intrigues"), ("phase", "power_up", "module intrigues"),
                        ("procedure", "impact", "module intrigues"),
                        ("procedure", "impact", "combine hypersync+intrigues")]
    [step] = [c for c in both.history if c.kind == "step"]
    assert isinstance(step.part, ast.Extend) and step.old.name == step.new.name == "stacks"


def test_the_council_buildings_go_into_the_stack_before_it_is_shuffled(game):
    """Future Imperfect › Preparation (Setup) › Module 4: 2 council buildings join the 4
    base buildings of the excerpt's catalogue."""
    for mode, cards in (("base_game", 4), ("with_hypersync", 4), ("with_intrigues", 6), ("both", 6)):
        state = game.Game(num_players=2, mode=mode, seed=3).new_initial_state()
        assert len(state.z["building_stack"]) == cards, mode


def _played(game, mode: str, seed: int, players: int = 3):
    state = game.Game(num_players=players, mode=mode, seed=seed).new_initial_state()
    played = play_to_the_end(state, random.Random(seed), max_actions=2000, snapshot_at=5)
    return state, played


@pytest.mark.parametrize("mode", MODES)
def test_each_mode_plays_to_the_end_saves_and_replays(game, mode):
    for seed in range(3):
        state, played = _played(game, mode, seed)
        assert state.round == ROUNDS
        assert_replays(lambda seed=seed: game.Game(num_players=3, mode=mode, seed=seed).new_initial_state(),
                       state, played.snapshot)


def test_intrigues_advances_missions_at_each_power_up_and_at_the_impact(game):
    """One mission point per Power Up phase (7) and one at the Impact, one more at the
    Impact when both modules are played (the `combine` block); one mission revealed after
    each pass (each player passes once a round)."""
    for mode, impact in (("with_intrigues", 1), ("both", 2), ("both_reversed", 2)):
        state, _ = _played(game, mode, 1)
        assert state.tr["mission_vp"] == [ROUNDS + impact] * 3, mode
        assert state.tr["missions_revealed"] == [ROUNDS] * 3, mode
    state, _ = _played(game, "base_game", 1)
    assert state.tr["mission_vp"] == [0] * 3 and state.tr["missions_revealed"] == [0] * 3


def test_the_impact_runs_the_base_rule_and_each_extension(game):
    """The base Impact scores 1 (the excerpt's stand-in), Hypersync's extension 2 more;
    passing is the only action of the base game."""
    state, _ = _played(game, "base_game", 2)
    assert state.tr["vp"] == [1] * 3
    state = game.Game(num_players=2, mode="with_hypersync", seed=2).new_initial_state()
    while not state.is_terminal():  # always pass: only the Impact scores
        state.apply_action(next(a for a in state.legal_actions() if a.name == "pass_turn"))
    assert state.tr["vp"] == [3, 3]


def test_the_same_actions_play_the_same_game_in_both_orders(game):
    a = game.Game(num_players=3, mode="both", seed=5).new_initial_state()
    b = game.Game(num_players=3, mode="both_reversed", seed=5).new_initial_state()
    rng = random.Random(5)
    while not a.is_terminal():
        action = rng.choice(a.legal_actions())
        a.apply_action(action)
        b.apply_action(next(x for x in b.legal_actions() if (x.name, x.args) == (action.name, action.args)))
        assert (a.tr, a.z, a.phase) == (b.tr, b.z, b.phase)
    assert b.is_terminal() and a.returns() == b.returns()


def test_the_page_shows_each_module_as_changes_to_the_base(result):
    page = result.page
    assert "- **Step 1, Building stacks:**" in page and "- **Step 2, Timeline:**" in page
    assert "**Extends** setup step *Building stacks*" in page
    assert "You may also take *Hypersync Future Action*." in page
    assert "Also, when it begins, first, before its own rules:" in page
    assert "Whenever a player takes the action *Pass*, after its effect" in page
    assert "Each player with the most presence on a tile for t, among those" in page


# ----------------------------------------------------------------- diagnostics
def _codes(tmp_path, text: str) -> list[str]:
    text = text.replace('"module_extends.cards.yaml"', '"mini.cards.yaml"')
    return [d.code for d in compile_text(tmp_path, text, CARDS).diagnostics if d.code != "W0105"]


def _edited(old: str, new: str) -> str:
    assert BASE.count(old) == 1, old
    return BASE.replace(old, new)


@pytest.mark.parametrize(("old", "new", "code"), [
    ("  extend phase actions {\n", "  extend phase action {\n", "E0323"),
    ("  extend procedure impact {\n    each player {\n      score 2",
     "  extend procedure impct {\n    each player {\n      score 2", "E0323"),
    ("    actions future_action\n", "    actions pass_turn\n", "E0324"),
    ("  extend step stacks first {\n", "  extend step stack first {\n", "E0325"),
    ("  step timeline \"Timeline\" {\n", "  step stacks \"Timeline\" {\n", "E0326"),
    ("    after pass_turn\n", "    after pass_tur\n", "E0501"),
    ("(count warps_on of t where owner == me) >= 1 {",
     "(count warps_on of t where owner == me) >= presence {", "E0332"),
    ("each player with most presence(t) where", "each player with most presence(t, t) where", "E0332"),
])
def test_mistakes_in_extensions_are_reported(tmp_path, old, new, code):
    assert code in _codes(tmp_path, _edited(old, new))


#: Pass asks first (the agenda: the `after` trigger waits for the answer), and the trigger
#: after it asks too, then goes on (an `act` step that waits, issue 11 design 1.1.3).
ASKING = (("  effect {\n    done\n  }\n",
           "  effect {\n    done\n    ask me {\n      \"nothing\" {\n        score 0\n      }\n"
           "      \"point\" {\n        score 1\n      }\n    }\n  }\n"),
          ("      advance missions_revealed by 1\n    }\n",
           "      ask me {\n        \"reveal\" {\n          advance missions_revealed by 1\n"
           "        }\n        \"hide\" {\n          advance mission_vp by 0\n        }\n      }\n"
           "      advance missions_revealed by 10\n    }\n"))


def _asking_game(tmp_path):
    text = BASE
    for old, new in ASKING:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    text = text.replace('"module_extends.cards.yaml"', '"mini.cards.yaml"')
    compiled = compile_text(tmp_path, text, CARDS)
    assert [d.code for d in compiled.diagnostics] == ["W0105"], [d.render() for d in compiled.diagnostics]
    return engine_module(compiled)


def test_an_after_trigger_follows_an_action_that_asks_and_may_ask_itself(tmp_path):
    game = _asking_game(tmp_path)
    state = game.Game(num_players=2, mode="with_intrigues", seed=1).new_initial_state()
    me = state.current_player()
    state.apply_action(next(a for a in state.legal_actions() if a.name == "pass_turn"))
    # Pass's own question first: the trigger after it has not run yet
    assert [a.args for a in state.legal_actions()] == [("nothing",), ("point",)]
    assert state.tr["missions_revealed"] == [0, 0] and state.current_player() == me
    state.apply_action(state.legal_actions()[1])  # "point": 1 VP
    # the trigger runs now and asks its own question; the turn is not over yet
    assert [a.args for a in state.legal_actions()] == [("reveal",), ("hide",)]
    assert state.tr["missions_revealed"] == [0, 0] and state.current_player() == me
    saved = state.to_json()  # mid-trigger: the rest of the trigger and the turn's end wait
    loaded = game.Game(num_players=2, mode="with_intrigues", seed=1).state_from_json(saved)
    for s in (state, loaded):
        s.apply_action(s.legal_actions()[0])  # "reveal": 1, then the rest of the trigger: 10
        assert s.tr["missions_revealed"][me] == 11
        assert s.current_player() == 1 - me  # the turn passed once the trigger was over
    assert loaded.to_json() == state.to_json()


def test_games_with_asking_after_triggers_replay(tmp_path):
    game = _asking_game(tmp_path)
    for seed in range(3):
        state = game.Game(num_players=3, mode="both", seed=seed).new_initial_state()
        played = play_to_the_end(state, random.Random(seed), max_actions=2000, snapshot_at=5)
        assert_replays(lambda seed=seed: game.Game(num_players=3, mode="both", seed=seed).new_initial_state(),
                       state, played.snapshot)


CONFLICT = '''
module rival "Rival Impact" {
  replace procedure impact "Another Impact" () {
    effect {
      score 5
    }
    source "Future Imperfect › Objective of the Game"
  }
  source "Future Imperfect › Objective of the Game"
}

mode clash "Hypersync and a rival" {
  use hypersync
  use rival
  source "Future Imperfect › Objective of the Game"
}
'''


def test_a_module_replacing_a_rule_another_extends_conflicts(tmp_path):
    """One replaces what the other extends: the result would depend on their order."""
    result = compile_text(tmp_path, BASE.replace('"module_extends.cards.yaml"', '"mini.cards.yaml"')
                          + CONFLICT, CARDS)
    [conflict] = [d for d in result.diagnostics if d.code == "E0328"]
    assert "modules `hypersync` and `rival` both change procedure `impact`" in conflict.message
    assert conflict.notes and "combine hypersync, rival" in conflict.hint
    stated = CONFLICT + ('\ncombine hypersync, rival {\n  source "Future Imperfect › Objective of the Game"\n'
                         '}\n')
    assert "E0328" not in _codes(tmp_path, BASE + stated)


def test_needs_excludes_and_combine(tmp_path):
    needs = _edited('  add trigger reveal_mission', '  needs hypersync\n  add trigger reveal_mission')
    assert "E0329" in _codes(tmp_path, needs)  # with_intrigues applies it alone
    excludes = needs.replace("  needs hypersync\n", "  excludes hypersync\n")
    assert "E0330" in _codes(tmp_path, excludes)
    assert "E0331" in _codes(tmp_path, needs.replace("needs hypersync", "needs hypersnc"))
    assert _codes(tmp_path, BASE) == []
    never = BASE.replace("  use hypersync\n  use intrigues\n", "  use hypersync\n").replace(
        "  use intrigues\n  use hypersync\n", "  use intrigues\n")
    assert _codes(tmp_path, never) == ["W0150"]


def test_a_combine_block_applies_once_its_modules_are_both_played(result):
    modes = result.composition.modes
    assert len(modes["both"].procedures["impact"].effect) == 4
    assert len(modes["with_hypersync"].procedures["impact"].effect) == 2
    assert len(modes["with_intrigues"].procedures["impact"].effect) == 2
    together = "When played with *Hypersync Future Actions* and *Intrigues of the Council* together:"
    assert together in result.page


def test_the_language_reference_quotes_the_construct_spec():
    page = (SPEC.parents[3] / "docs" / "language.md").read_text(encoding="utf-8")
    blocks = []
    for heading, after in (("#### Derived values with parameters", "### Tally"),
                           ("#### Setup steps", "### First player"), ("### After an action", "## Procedure"),
                           ("## Procedure", "## End of the game"),
                           ("### Modules that extend", "### Amendment")):
        start = page.index(heading + "\n")
        section = page[start:page.index(after + "\n", start)]
        found = re.findall(r"^```rulebook\n(.*?)^```$", section, re.M | re.S)
        blocks += [b for b in found if "impact" in b] if heading == "## Procedure" else found
    assert len(blocks) == 6
    for block in blocks:
        assert block in BASE, block



def test_the_construct_spec_is_in_the_canonical_layout_and_highlights_its_keywords():
    from pygments.token import Error, Keyword

    from dsl.format import format_source
    from dsl.highlight import RulebookLexer

    assert format_source(BASE, str(SPEC)).formatted == BASE
    tokens = [(tok, value) for tok, value in RulebookLexer().get_tokens(BASE) if value.strip()]
    assert not [value for tok, value in tokens if tok in Error]
    words = {value for tok, value in tokens if tok in Keyword}
    assert {"extend", "step", "after", "combine", "first"} <= words
    assert {"needs", "excludes"} <= {v for t, v in RulebookLexer().get_tokens("module m \"M\" {\n  needs a\n"
                                                                              "  excludes b\n}\n")
                                     if t in Keyword}


def test_a_rule_extended_alike_in_several_modes_is_one_rule_and_one_function(result):
    """The Power Up phase extended by Intrigues is the same rule in the three modes that
    apply it, so the engine has one function for it besides the base game's."""
    modes = result.composition.modes
    assert modes["both"].phases["power_up"] is modes["with_intrigues"].phases["power_up"] \
        is modes["both_reversed"].phases["power_up"]
    assert modes["both"].setup is modes["both_reversed"].setup
    assert result.engine.count("def on_enter_power_up") == 2
    assert result.engine.count("def procedure_impact") == 4  # base, each module alone, both


def test_extend_enum_of_an_enum_a_family_is_kept_per_is_refused(tmp_path):
    """A resource family lays out one slot of every bag per member for the whole game, so
    its enum cannot grow in one mode: refused with E0334 (other enums grow: see
    tests/compiler/test_extend_enum.py)."""
    text = BASE + ('\nenum knowledge "Knowledge" {\n  past "Past"\n}\n\nresource disc "Disc" {\n'
                   '  per knowledge\n}\n\nmodule timey "Time" {\n'
                   '  extend enum knowledge {\n    time "Time"\n  }\n}\n\nmode timed "Timed" {\n'
                   '  use timey\n}\n')
    result = compile_text(tmp_path, text.replace('"module_extends.cards.yaml"', '"mini.cards.yaml"'), CARDS)
    [refused] = [d for d in result.diagnostics if d.code == "E0334"]
    assert "extend enum knowledge" in refused.message and refused.span.line == text.count("\n", 0, text.index(
        "  extend enum knowledge")) + 1


@pytest.mark.parametrize("word", ["needs", "excludes"])
def test_needs_or_excludes_in_a_mode_is_an_error(tmp_path, word):
    text = _edited("mode with_intrigues \"With Intrigues of the Council\" {\n",
                   f"mode with_intrigues \"With Intrigues of the Council\" {{\n  {word} hypersync\n")
    assert _codes(tmp_path, text) == ["E0333"]


def test_a_module_used_twice_warns_and_is_listed_once(tmp_path):
    twice = "  use hypersync\n  use intrigues\n"
    text = _edited(twice, twice + "  use hypersync\n")
    result = compile_text(tmp_path, text.replace('"module_extends.cards.yaml"', '"mini.cards.yaml"'), CARDS)
    assert [d.code for d in result.diagnostics if d.code != "W0105"] == ["W0151"]
    [section] = [s for s in result.page.split("\n### ") if s.startswith("With both modules\n")]
    assert section.count("Uses the module *Hypersync Future Actions*") == 1, section
    assert "Hypersync Future Actions, Intrigues of the Council |" in result.page
