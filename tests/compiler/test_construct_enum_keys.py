"""Construct 6: enums as choices and as keys of resources (resource families).

The construct spec is ``tests/compiler/constructs/enum_keys.rules``; the numbers are the
rulebooks' own: Utopia › Gameplay › III: Make a Trade gives the example of two Military
discs traded for two Science discs; Anachrony › Actions › Player Board Actions › Supply
turns every tired worker active.
"""

from __future__ import annotations

import random

import pytest

from dsl import codes
from tests.helpers.constructs import compiled, construct_spec
from tests.helpers.play import assert_replays, play_to_the_end
from tests.helpers.specs import compile_text, engine_module

SPEC = construct_spec("enum_keys")
MEMBERS = ("culture", "politics", "science", "exploration", "military")


@pytest.fixture(scope="module")
def game():
    return engine_module(compiled(SPEC))


def _held(game, state, seat: int, slot: str) -> int:
    return state.res[seat][game.RESOURCES.index(slot)]


def _mine(state, name: str) -> list:
    return [a for a in state.legal_actions() if a.name == name]


def test_a_family_is_one_resource_per_member_in_declaration_order(game):
    assert list(game.RESOURCES[:5]) == [f"disc[{m}]" for m in MEMBERS]
    assert game.IDX_disc == {m: i for i, m in enumerate(MEMBERS)}
    state = game.Game(num_players=2, seed=1).new_initial_state()
    for seat in range(2):  # the setup's `gain disc[culture] 2, disc[military] 2`
        assert _held(game, state, seat, "disc[culture]") == 2
        assert _held(game, state, seat, "disc[military]") == 2
        assert _held(game, state, seat, "disc[science]") == 0


def test_two_military_discs_traded_for_two_science_discs(game):
    """Utopia › Gameplay › III: Make a Trade, the rulebook's example."""
    state = game.Game(num_players=2, seed=1).new_initial_state()
    me = state.current_player()
    trades = {a.args for a in _mine(state, "trade")}
    assert ("military", "science", 2) in trades
    assert all(give != get for give, get, _ in trades)  # the ruling: another type
    assert {give for give, _, _ in trades} == {"culture", "military"}  # only types held
    assert all(n <= 2 for _, _, n in trades)  # up to 2, and no more than held
    state.apply_action(game.Game(2, seed=1).action(me, "trade", "military", "science", 2))
    assert _held(game, state, me, "disc[military]") == 0
    assert _held(game, state, me, "disc[science]") == 2
    assert _held(game, state, me, "disc[culture]") == 2


def test_a_choice_of_an_enum_offers_one_action_per_member(game):
    state = game.Game(num_players=3, seed=4).new_initial_state()
    me = state.current_player()
    assert [a.args for a in _mine(state, "collect")] == [(m,) for m in MEMBERS]
    action = next(a for a in _mine(state, "collect") if a.args == ("exploration",))
    assert str(action).endswith("(exploration)")  # the member, as saved and shown
    state.apply_action(action)
    assert _held(game, state, me, "disc[exploration]") == 1


def test_supply_turns_every_tired_worker_active_for_each_type(game):
    """Anachrony › Actions › Player Board Actions › Supply: `for each w in worker_type`."""
    state = game.Game(num_players=2, seed=2).new_initial_state()
    me = state.current_player()
    state.apply_action(_mine(state, "supply")[0])
    assert [_held(game, state, me, f"active[{w}]") for w in ("engineer", "scientist", "administrator",
                                                             "genius")] == [1, 0, 0, 2]
    assert sum(_held(game, state, me, f"tired[{w}]") for w in ("engineer", "genius")) == 0


def test_total_of_a_family_counts_every_member(game):
    state = game.Game(num_players=2, seed=2).new_initial_state()
    me = state.current_player()
    assert [a.name for a in state.legal_actions()].count("supply") == 1  # total(tired) is 3
    state.apply_action(next(a for a in state.legal_actions() if a.name == "supply"))
    while state.current_player() != me:
        state.apply_action(next(a for a in state.legal_actions() if a.name == "collect"))
    assert "supply" not in [a.name for a in state.legal_actions()]  # total(tired) is 0


def test_a_bag_choice_over_a_family_offers_every_mix_of_its_members(game):
    state = game.Game(num_players=2, seed=1).new_initial_state()
    bags = [a.args[0] for a in _mine(state, "hire_any")]
    assert len(bags) == 15  # 2 discs of 5 types, with repetition
    assert all(sum(b) == 2 and not any(b[5:]) for b in bags)  # discs only, no workers
    me = state.current_player()
    pick = next(b for b in bags if b[2] == 2)  # two science discs
    state.apply_action(next(a for a in _mine(state, "hire_any") if a.args == (pick,)))
    assert _held(game, state, me, "disc[science]") == 2


def test_another_players_amount_of_one_member(game):
    state = game.Game(num_players=2, seed=1).new_initial_state()
    me = state.current_player()
    assert _mine(state, "study") == []  # `has disc[science] 1` fails
    state.res[me][game.IDX_disc["science"]] = 1
    state._legal = None
    assert [a.args for a in _mine(state, "study")] == [(1 - me,)]  # p.disc[science] == 0
    state.res[1 - me][game.IDX_disc["science"]] = 1
    state._legal = None
    assert _mine(state, "study") == []


def test_games_with_families_clone_save_and_replay(game):
    for seed in range(4):
        rng = random.Random(seed)
        state = game.Game(num_players=3, seed=seed).new_initial_state()
        copy = state.clone()
        copy.res[0][0] += 5
        assert state.res[0][0] != copy.res[0][0]  # the clone holds its own resources
        played = play_to_the_end(state, rng, max_actions=500, snapshot_at=3)
        assert_replays(lambda seed=seed: game.Game(num_players=3, seed=seed).new_initial_state(), state,
                       played.snapshot)


def test_the_page_shows_one_row_per_family_and_the_choices_in_words():
    page = compiled(SPEC).page
    assert "Knowledge Disc, one per knowledge type" in page
    assert "a knowledge type such that" in page
    assert "For each worker type *w* such that" in page or "For each worker type w such that" in page
    assert "Knowledge Disc of type" in page


# ----------------------------------------------------------------- diagnostics
BASE = SPEC.read_text(encoding="utf-8")


def _codes(tmp_path, text: str) -> list[str]:
    return [d.code for d in compile_text(tmp_path, text).diagnostics if d.severity == "error"]


@pytest.mark.parametrize(("old", "new", "code"), [
    ("    gain disc[k] 1\n", "    gain disc 1\n", "E0522"),           # which member?
    ("  require disc[give] >= n\n", "  require disc >= n\n", "E0522"),
    ("    gain disc[k] 1\n", "    gain disc[2] 1\n", "E0523"),        # a number, not a member
    ("    gain disc[k] 1\n", "    gain disc[engineer] 1\n", "E0523"),  # a member of another enum
    ("  require disc[give] >= n\n", "  require tired[give] >= n\n", "E0523"),
    ("  require total(tired) >= 1\n", "  require total(tired[engineer]) >= 1\n", "E0503"),
    ("for each w in worker_type where", "for each w in worker_types where", "E0524"),
    ("  choose k: knowledge\n", "  choose k: knowledges\n", "E0501"),
])
def test_misuse_is_reported_with_its_code(tmp_path, old, new, code):
    assert old in BASE
    assert code in _codes(tmp_path, BASE.replace(old, new, 1))


def test_a_family_kept_per_an_unknown_enum_is_reported(tmp_path):
    text = BASE.replace("resource disc \"Knowledge Disc\" {\n  per knowledge\n",
                        "resource disc \"Knowledge Disc\" {\n  per knowledges\n")
    result = compile_text(tmp_path, text)
    assert any(d.code == "E0501" and "unknown enum `knowledges`" in d.message for d in result.diagnostics)


def test_the_language_reference_quotes_the_construct_specs():
    """Every excerpt of the two sections of docs/language.md is the text of a construct
    spec (which the tests above compile and play), word for word."""
    import re

    page = (SPEC.parents[3] / "docs" / "language.md").read_text(encoding="utf-8")
    start = page.index("#### Resource families: `per ENUM`")
    end = page.index("### Track", start)
    blocks = re.findall(r"^```rulebook\n(.*?)^```$", page[start:end], re.M | re.S)
    specs = SPEC.read_text(encoding="utf-8") + (SPEC.parent / "computed_amounts.rules").read_text(
        encoding="utf-8")
    assert len(blocks) == 6
    for block in blocks:
        assert block in specs, block


def test_a_catalogue_names_a_member_of_a_family_in_a_bag_field(tmp_path):
    """Cards name a family's members as the engine lists them: `"disc[science]": 2`."""
    text = BASE.replace('''action collect''', '''card crew "Crew" {
  field cost: bag "what recruiting costs"
  field primary: knowledge "its primary ability"
  source "Utopia › Gameplay › II: Recruit Crew / Develop Tech"
}
catalogue crews of crew from "mini.cards.yaml" {
  source "Utopia › Components"
}
zone pool "Crew pool" of crew {
  public
  source "Utopia › Setup"
}

action recruit "Recruit Crew" {
  choose c: card in pool where c.primary != politics
  require has disc[c.primary] 1
  effect {
    pay disc[c.primary] 1
    done
  }
  source "Utopia › Gameplay › II: Recruit Crew / Develop Tech"
}

action collect''', 1)
    text = text.replace("actions trade, collect,", "actions recruit, trade, collect,").replace(
        "  first player random\n  source \"Utopia › Setup\"", "  put crews into pool\n  first player random\n"
        "  source \"Utopia › Setup\"")
    cards = ('cards:\n  - {name: pilot, title: Pilot, primary: military, '
             'cost: {"disc[science]": 2, "disc[culture]": 1}}\n'
             '  - {name: spy, title: Spy, primary: culture, cost: {disc: 1}}\n')
    result = compile_text(tmp_path, text, cards)
    problems = [d for d in result.diagnostics if d.severity == "error"]
    assert [d.code for d in problems] == [codes.CARD_FIELD_TYPE], [d.message for d in problems]
    assert "`disc` is not a resource" in problems[0].message  # the family alone names no resource
    fixed = compile_text(tmp_path, text, cards.replace("{disc: 1}", '{"disc[military]": 1}'))
    module = engine_module(fixed)
    pilot = module.CARD_NAMES.index("pilot")
    assert module.F_cost[pilot][module.IDX_disc["science"]] == 2
    assert module.F_cost[pilot][module.IDX_disc["culture"]] == 1
    # paid in the crew's primary type: the key is a card's field
    state = module.Game(num_players=2, seed=1).new_initial_state()
    me = state.current_player()
    recruits = [a for a in state.legal_actions() if a.name == "recruit"]
    assert sorted(module.CARD_NAMES[a.args[0]] for a in recruits) == ["pilot", "spy"]
    state.apply_action(next(a for a in recruits if module.CARD_NAMES[a.args[0]] == "pilot"))
    assert state.res[me][module.IDX_disc["military"]] == 1  # 2 - 1 military disc


@pytest.mark.parametrize(("old", "new", "code"), [
    ("  choose get: knowledge where get != give\n", "  choose get: knowledge where disc[give] >= 1\n",
     "W0116"),
    ("for each w in worker_type where tired[w] >= 1", "for each w in worker_type where true", "W0116"),
    ("    gain disc[k] 1\n", "    gain disc[k] 0\n", "W0115"),
])
def test_slips_are_warned_of(tmp_path, old, new, code):
    assert old in BASE
    result = compile_text(tmp_path, BASE.replace(old, new, 1))
    assert result.ok and code in [d.code for d in result.diagnostics]
    assert code not in [d.code for d in compile_text(tmp_path, BASE).diagnostics]


def test_a_resource_kept_per_player_is_told_it_already_is(tmp_path):
    text = BASE.replace("resource disc \"Knowledge Disc\" {\n  per knowledge\n",
                        "resource disc \"Knowledge Disc\" {\n  per player\n")
    [problem] = [d for d in compile_text(tmp_path, text).diagnostics if "`player`" in d.message]
    assert problem.code == "E0501" and "already" in problem.hint
