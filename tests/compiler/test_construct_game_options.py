"""Construct 15: modules and options chosen when the game is created.

The construct spec is ``tests/compiler/constructs/game_options.rules``: Future Imperfect's
four modules (Future Imperfect › Objective of the Game: "added individually or combined",
16 sets) selectable in one mode, and two options fixed at creation (Future Imperfect ›
Preparation (Setup) › Module 3's optional first-game rule; a Path standing in for Utopia ›
Dystopia: The Solo Game › Solo Setup's villain, chosen or drawn at random).
"""

from __future__ import annotations

import itertools
import json
import random

import pytest

from compiler import pipeline
from tests.helpers.constructs import codes_of, construct_engine, construct_spec, take
from tests.helpers.play import assert_replays, play_to_the_end

SPEC = construct_spec("game_options")
MODULES = ("neutronide", "hypersync", "quantum_loops", "intrigues")


@pytest.fixture(scope="module")
def game():
    return construct_engine(SPEC)


def test_the_checker_composes_every_combination_of_the_four_modules():
    comp = pipeline.analyse(SPEC).composition
    assert len(comp.modes["standard"].module_sets) == 16  # Objective of the Game: 2 ** 4
    assert list(comp.combinations)[:2] == ["standard+neutronide", "standard+hypersync"]
    assert "standard+neutronide+hypersync+quantum_loops+intrigues" in comp.combinations


def test_the_game_lists_its_modules_options_and_combinations(game):
    G = game.Game
    assert G.MODULES == MODULES and G.modules("standard") == MODULES
    assert len(G.combinations()) == 16 and G.combinations()[0] == ()
    options = G.options("standard")
    assert options["first_game"] == {"title": "First game", "values": [False, True],
                                     "default": False}
    assert options["path"]["values"] == ["harmony", "dominance", "progress", "salvation"]
    assert options["path"]["default"] == "random"


@pytest.mark.parametrize("chosen", [c for n in range(5) for c in itertools.combinations(MODULES, n)],
                         ids=lambda c: "+".join(c) or "base")
def test_every_combination_plays_to_the_end_and_replays(game, chosen):
    def new_state():
        return game.Game(num_players=3, modules=chosen, seed=7).new_initial_state()
    state = new_state()
    played = play_to_the_end(state, random.Random(7), max_actions=500, snapshot_at=3)
    assert_replays(new_state, state, played.snapshot)
    header = json.loads(state.to_json())["game"]
    assert header["modules"] == list(chosen)
    # Module 4: "the game will end after the 6th Era"; else after the 7th
    assert state.round == (6 if "intrigues" in chosen else 7)


def test_modules_given_in_any_order_make_the_same_game(game):
    one = game.Game(num_players=2, modules=("intrigues", "hypersync"), seed=3)
    two = game.Game(num_players=2, modules=("hypersync", "intrigues"), seed=3)
    assert one.selected == two.selected == ("hypersync", "intrigues")
    assert one.new_initial_state().to_json() == two.new_initial_state().to_json()


def test_an_option_is_read_by_the_rules(game):
    """Quantum Loops at the Impact (end of Era 4): a first game scores 1 VP more each."""
    scores = {}
    for first in (False, True):
        g = game.Game(num_players=2, modules=("quantum_loops",), options={"first_game": first}, seed=1)
        s = g.new_initial_state()
        while not s.is_terminal():
            take(s, "pass_turn")
        scores[first] = s.to_json()
        assert g.opt["first_game"] is first
    vp = {k: json.loads(v)["tr"]["vp"] for k, v in scores.items()}
    assert [b - a for a, b in zip(vp[False], vp[True])] == [1, 1]


def test_a_random_option_is_drawn_from_the_seed(game):
    drawn = {game.Game(num_players=2, seed=seed).opt["path"] for seed in range(40)}
    assert drawn == {"harmony", "dominance", "progress", "salvation"}
    assert game.Game(num_players=2, seed=5).opt == game.Game(num_players=2, seed=5).opt
    assert game.Game(num_players=2, seed=5, options={"path": "progress"}).opt["path"] == "progress"


@pytest.mark.parametrize("kwargs, words", [
    ({"modules": ("hypersinc",)}, "unknown module 'hypersinc'"),
    ({"modules": "hypersync"}, "must be a tuple"),
    ({"modules": ("hypersync", "hypersync")}, "named twice"),
    ({"options": {"villain": "cortes"}}, "has no option 'villain'"),
    ({"options": {"path": "chaos"}}, "option 'path' cannot be 'chaos'"),
    ({"options": {"first_game": 1}}, "option 'first_game' cannot be 1"),
])
def test_bad_modules_and_options_are_refused(game, kwargs, words):
    with pytest.raises(game.RulesError, match=words):
        game.Game(num_players=2, seed=0, **kwargs)


def test_a_save_keeps_its_modules_and_options(game):
    g = game.Game(num_players=2, modules=("hypersync",), options={"path": "dominance"}, seed=2)
    s = g.new_initial_state()
    take(s, "future_action")
    text = s.to_json()
    assert g.state_from_json(text).to_json() == text
    with pytest.raises(game.RulesError, match="not a saved state"):
        game.Game(num_players=2, seed=2, options={"path": "dominance"}).state_from_json(text)
    data = json.loads(text)
    data["game"]["modules"] = ["time_travel"]
    with pytest.raises(game.RulesError, match="unknown module 'time_travel'"):
        g.state_from_json(json.dumps(data))


_SMALL = '''game g "G" {
  players 2 to 4
  modules a, b
  source "Rules"
}
track vp "VP" {
  per player
  score
  source "Scoring"
}
setup {
}
flow {
  start -> work
  work -> work
  work -> end when game_over
}
phase work "Work" simultaneous {
  actions earn
  source "Turn"
}
action earn "Earn" {
  effect {
    score 1
    done
  }
  source "Turn"
}
end game_over {
  when any player vp >= 3
  finish round
  winner most vp
  source "End"
}
'''


def test_needs_and_excludes_filter_the_combinations(tmp_path):
    text = _SMALL + 'module a "A" {\n  needs b\n}\nmodule b "B" {\n}\n'
    result = pipeline.compile_spec(_write(tmp_path, text))
    assert result.ok and result.composition.modes["standard"].module_sets == ((), ("b",), ("a", "b"))
    from tests.helpers.specs import engine_module
    G = engine_module(result).Game
    with pytest.raises(Exception, match="cannot be played together"):
        G(num_players=2, modules=("a",))
    assert G(num_players=2, modules=("b", "a")).selected == ("a", "b")


def test_a_problem_in_several_combinations_is_reported_once_naming_them(tmp_path):
    text = _SMALL.replace("modules a, b", "modules a, b, c") + "".join(
        f'module {m} "{m.upper()}" {{\n}}\n' for m in "bc") + (
        'module a "A" {\n  extend action earn {\n    effect {\n      gain gold 1\n    }\n  }\n}\n')
    diags = [d for d in pipeline.analyse(_write(tmp_path, text)).diagnostics if d.severity == "error"]
    assert len(diags) == 1, [d.message for d in diags]
    assert diags[0].message.endswith(
        "(in modes standard with a, standard with b + a, and 2 other combinations)")


def test_option_and_selection_diagnostics(tmp_path):
    unknown = _SMALL.replace("modules a, b", "modules a, zz") + 'module a "A" {\n}\n'
    assert codes_of(tmp_path, unknown) == ["E0335"]
    assert "E0337" in codes_of(tmp_path, _SMALL.replace("modules a, b", "modules a")
                               + 'module a "A" {\n  players 6\n}\n')


def _write(tmp_path, text):
    path = tmp_path / "g.rules"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_language_reference_quotes_the_construct_spec():
    import re
    page = (SPEC.parents[3] / "docs" / "language.md").read_text(encoding="utf-8")
    start = page.index("### Modules and options chosen at creation")
    end = page.index("\n## ", start)
    blocks = re.findall(r"^```rulebook\n(.*?)^```$", page[start:end], re.M | re.S)
    assert len(blocks) == 3
    text = SPEC.read_text(encoding="utf-8")
    for block in blocks:
        assert block in text, block


def test_the_page_shows_options_and_each_module_once_as_a_change():
    page = pipeline.compile_spec(SPEC).page
    assert "### Options chosen at creation" in page
    assert "**Path chosen** (`path`), chosen when the game is created: one of the Path (Path of " \
           "Harmony, Path of Dominance, Path of Progress, Path of Salvation); if not chosen, drawn " \
           "at random at the start." in page
    titles = ("Neutronide Buildings", "Hypersync Future Actions", "Quantum Loops", "Intrigues of the Council")
    for title in titles:
        assert page.count(f"### {title}\n") == 1
    assert page.count("Chosen when the game is created, in *Modules and options at creation (excerpt)*.") == 4
    assert "**Sets** *the last Era* to 6 (was 7)" in page
    assert "If Path chosen is Path of Dominance:" in page


def test_an_option_named_like_a_param_is_declared_twice(tmp_path):
    text = _SMALL.replace("modules a, b", "options vp") + (
        'option vp "VP" {\n  true or false\n  default false\n}\n')
    assert "E0205" in codes_of(tmp_path, text)  # params and options share the name space


#: Utopia › Dystopia: The Solo Game › Solo Setup: the villain you face, chosen from the
#: villain cards or drawn at random; a rule reads the chosen card.
_READ = "    let foe = villain\n    score 1 + foe.difficulty\n"
_VILLAINS = _SMALL.replace("  modules a, b\n", "  options villain\n").replace("    score 1\n", _READ) + '''
card villain_card "Villain" {
  field difficulty: int "difficulty level"
  source "Utopia › Dystopia: The Solo Game"
}
catalogue villains of villain_card from "mini.cards.yaml" {
  source "Utopia › Components"
}
option villain "The villain you face" {
  one of villains
  default random
  source "Utopia › Dystopia: The Solo Game › Solo Setup"
}
'''
_VILLAIN_CARDS = """cards:
  - name: cortes
    title: Hernan Cortes
    difficulty: 1
    provenance: provisional
  - name: blackbeard
    title: Blackbeard
    difficulty: 2
    provenance: provisional
"""


def test_an_option_chooses_a_catalogue_entry_that_rules_read_as_a_card(tmp_path):
    from tests.helpers.specs import compile_text, engine_module
    result = compile_text(tmp_path, _VILLAINS, _VILLAIN_CARDS)
    game = engine_module(result)
    assert game.Game.options()["villain"]["values"] == ["cortes", "blackbeard"]
    g = game.Game(num_players=2, options={"villain": "blackbeard"}, seed=0)
    s = g.new_initial_state()
    take(s, "earn")
    assert json.loads(s.to_json())["tr"]["vp"] == [3, 0]  # 1 + Blackbeard's difficulty 2
    drawn = {game.Game(num_players=2, seed=n).opt["villain"] for n in range(20)}
    assert drawn == {"cortes", "blackbeard"}
    with pytest.raises(game.RulesError, match="option 'villain' cannot be 'napoleon'"):
        game.Game(num_players=2, options={"villain": "napoleon"})
    wrong = _VILLAINS.replace("  default random\n  source \"Utopia", "  default napoleon\n  source \"Utopia")
    assert "E0851" in codes_of(tmp_path, wrong, _VILLAIN_CARDS)


_FACTION = '''card faction_card "Faction" {
  field difficulty: int "unused"
  source "Utopia › Factions"
}
catalogue factions of faction_card from "mini.cards.yaml" {
  source "Utopia › Factions"
}
'''
_BOTH_CARDS = """factions:
  - name: blackbeard
    title: Blackbeard the faction
    difficulty: 9
    provenance: provisional
""" + _VILLAIN_CARDS.replace("cards:", "villains:")


def test_an_option_reads_the_entry_of_its_own_catalogue_when_another_has_the_name(tmp_path):
    """Utopia's The Neb is both a Faction and a Villain: the option of the villain cards
    reads the villain card, not the faction card of the same name listed before it."""
    from tests.helpers.specs import compile_text, engine_module
    text = _VILLAINS.replace("card villain_card", _FACTION + "card villain_card")
    result = compile_text(tmp_path, text, _BOTH_CARDS)
    game = engine_module(result)
    g = game.Game(num_players=2, options={"villain": "blackbeard"}, seed=0)
    assert game.CARD_NAMES[g.optc["villain"]] == "blackbeard"
    assert g.optc["villain"] in game.CATALOGUE_VILLAINS and g.optc["villain"] not in game.CATALOGUE_FACTIONS
    s = g.new_initial_state()
    take(s, "earn")
    assert json.loads(s.to_json())["tr"]["vp"] == [3, 0]  # 1 + the villain's difficulty 2, not 9


def test_a_selected_module_narrows_the_player_counts(tmp_path):
    """Utopia › Factions › Custom Setup Variant: a module for fewer players than the game."""
    from tests.helpers.specs import engine_module
    text = _SMALL.replace("modules a, b", "modules a") + 'module a "Custom setup" {\n  players 1 to 3\n}\n'
    G = engine_module(pipeline.compile_spec(_write(tmp_path, text))).Game
    assert G.player_counts("standard") == [2, 3, 4]
    assert G.player_counts("standard", ("a",)) == [2, 3]  # the intersection, not the module's own
    with pytest.raises(Exception, match="mode 'standard' with a is for 2 to 3 players, not 4"):
        G(num_players=4, modules=("a",))


def _with_option(values: str, default: str, extra: str = "") -> str:
    return _SMALL.replace("modules a, b", "options n") + (
        f'option n "N" {{\n  {values}\n  default {default}\n}}\n') + extra


def test_an_option_range_holds_at_most_a_thousand_numbers(tmp_path):
    # 0 to 1000000000 made the checker list every number (out of memory): now E0854 at once
    assert codes_of(tmp_path, _with_option("0 to 1000000000", "7")) == ["E0854"]
    assert codes_of(tmp_path, _with_option("0 to 1000", "7")) == ["E0854"]
    result = pipeline.compile_spec(_write(tmp_path, _with_option("1 to 1000", "7")))
    from tests.helpers.specs import engine_module
    G = engine_module(result).Game
    assert G.options()["n"]["values"] == list(range(1, 1001))
    assert G(num_players=2, options={"n": 1000}).opt["n"] == 1000


@pytest.mark.parametrize("values, use", [
    ("one of colr", "if n == red {\n      score 1\n    }"),  # a misspelt enum
    ("5 to 1", "if n {\n      score 1\n    }"),  # an empty range read as true or false
])
def test_an_option_without_values_is_reported_once_not_at_its_uses(tmp_path, values, use):
    enum = 'enum color "Colour" {\n  red "Red"\n}\n' if "colr" in values else ""
    text = _with_option(values, "3", enum).replace(
        "    score 1\n    done", f"    {use}\n    done")
    assert codes_of(tmp_path, text) == ["E0850"]


def test_a_module_extending_an_options_enum_adds_its_value_only_when_selected(tmp_path):
    text = _SMALL.replace("modules a, b", "modules a\n  options path") + (
        'enum path_kind "Path" {\n  harmony "Harmony"\n  dominance "Dominance"\n}\n'
        'option path "Path" {\n  one of path_kind\n  default random\n}\n'
        'module a "A" {\n  extend enum path_kind {\n    treachery "Treachery"\n  }\n}\n')
    result = pipeline.compile_spec(_write(tmp_path, text))
    assert result.ok, [d.message for d in result.diagnostics]
    from tests.helpers.specs import engine_module
    G = engine_module(result).Game
    assert G.options()["path"]["values"] == ["harmony", "dominance"]
    with pytest.raises(Exception, match="cannot be 'treachery'"):
        G(num_players=2, options={"path": "treachery"})
    assert G(num_players=2, modules=("a",), options={"path": "treachery"}).opt["path"] == "treachery"
    assert {G(num_players=2, seed=s).opt["path"] for s in range(40)} == {"harmony", "dominance"}
    assert {G(num_players=2, modules=("a",), seed=s).opt["path"] for s in range(40)} == {
        "harmony", "dominance", "treachery"}
