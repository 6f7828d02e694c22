"""Construct 7: computed amounts and bag arithmetic.

The construct spec is ``tests/compiler/constructs/computed_amounts.rules``; the numbers
are the rulebooks' own: Anachrony › Actions › Player Board Actions › Supply spends water
equal to your morale; Anachrony › Actions › Main Board Actions › Construct has an
Engineer pay 1 titanium less (never below zero).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.tools import fuzzing, fuzzing_stress
from tests.helpers.constructs import compiled, construct_spec
from tests.helpers.play import assert_replays, play_to_the_end
from tests.helpers.specs import compile_text, engine_module

SPEC = construct_spec("computed_amounts")
CARDS = (SPEC.parent / "computed_amounts.cards.yaml").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def game():
    return engine_module(compiled(SPEC))


def _held(game, state, seat: int) -> dict[str, int]:
    return dict(zip(game.RESOURCES, state.res[seat]))


def _act(state, name: str, *args):
    action = next(a for a in state.legal_actions() if a.name == name and a.args == args)
    state.apply_action(action)


def test_supply_spends_water_equal_to_morale(game):
    """Anachrony: spend Water equal to where your Morale marker is, then advance Morale."""
    state = game.Game(num_players=2, seed=3).new_initial_state()
    me = state.current_player()
    assert state.tr["morale"][me] == 2 and _held(game, state, me)["water"] == 5
    _act(state, "supply_workers")
    assert _held(game, state, me)["water"] == 3  # 5 - morale 2
    assert state.tr["morale"][me] == 3


def test_supply_is_not_legal_without_enough_water(game):
    state = game.Game(num_players=2, seed=3).new_initial_state()
    me = state.current_player()
    state.tr["morale"][me] = 6
    state._legal = None
    assert not [a for a in state.legal_actions() if a.name == "supply_workers"]  # 5 water < 6
    state.res[me][game.RESOURCES.index("water")] = 6
    state._legal = None
    _act(state, "supply_workers")
    assert _held(game, state, me)["water"] == 0
    assert state.scores()[me] == 1  # at the end of the track: a point instead


def _card(game, name: str) -> int:
    return game.CARD_NAMES.index(name)


def test_an_engineer_pays_one_titanium_less(game):
    state = game.Game(num_players=2, seed=3).new_initial_state()
    me = state.current_player()
    lab = _card(game, "lab")  # costs 2 titanium and 1 water
    _act(state, "construct", lab)
    assert _held(game, state, me) == {"water": 4, "titanium": 0, "gold": 1}  # 1 titanium, 1 water paid
    assert lab in state.z["built"][me]


def test_the_discount_never_goes_below_zero(game):
    """A building that costs no titanium costs its price: the player gains no titanium."""
    state = game.Game(num_players=2, seed=3).new_initial_state()
    me = state.current_player()
    well = _card(game, "well")  # costs 1 water, no titanium
    _act(state, "construct", well)
    assert _held(game, state, me) == {"water": 4, "titanium": 1, "gold": 1}


def test_a_cost_the_discount_makes_payable_is_offered(game):
    state = game.Game(num_players=2, seed=3).new_initial_state()
    me = state.current_player()
    state.res[me][game.RESOURCES.index("titanium")] = 0
    state._legal = None
    offered = {a.args[0] for a in state.legal_actions() if a.name == "construct"}
    assert _card(game, "mine") in offered  # 1 titanium + 1 gold, less 1 titanium: 1 gold
    assert _card(game, "lab") not in offered  # still 1 titanium short


def test_a_building_yields_twice_what_it_gives(game):
    state = game.Game(num_players=2, seed=3).new_initial_state()
    me = state.current_player()
    mine = _card(game, "mine")
    _act(state, "construct", mine)  # pays 1 gold
    while state.current_player() != me:
        state.apply_action(next(a for a in state.legal_actions() if a.name == "supply_workers"))
    _act(state, "use_building", mine)
    assert _held(game, state, me)["gold"] == 2  # 0 + twice 1


def test_games_with_computed_amounts_clone_save_and_replay(game):
    for seed in range(4):
        rng = random.Random(seed)
        state = game.Game(num_players=2, seed=seed).new_initial_state()
        played = play_to_the_end(state, rng, max_actions=400, snapshot_at=2)
        assert_replays(lambda seed=seed: game.Game(num_players=2, seed=seed).new_initial_state(), state,
                       played.snapshot)


def test_the_page_says_the_amounts_in_words():
    page = compiled(SPEC).page
    assert "as much Water as your Morale" in page
    assert "less 1 Titanium (never below zero)" in page
    assert "twice" in page


# ----------------------------------------------------------------- diagnostics
BASE = SPEC.read_text(encoding="utf-8").replace("computed_amounts.cards.yaml", "mini.cards.yaml")


@pytest.mark.parametrize(("old", "new", "code"), [
    ("    pay water morale\n", "    pay water (morale >= 1)\n", "E0525"),   # a condition, not a number
    ("    pay water morale\n", "    pay water b\n", "E0501"),
    ("    pay water morale\n", "    pay water (-2)\n", "E0526"),            # always nothing
    ("    gain b.yields * 2\n", "    gain b.yields * b.cost\n", "E0527"),    # bag times bag
    ("    gain b.yields * 2\n", "    gain b.yields + 2\n", "E0527"),         # bag plus number
    ("    gain b.yields * 2\n", "    gain 2 - b.yields\n", "E0527"),
    ("    gain b.yields * 2\n", "    gain b.yields // 2\n", "E0527"),
    ("    pay b.cost - titanium 1\n", "    pay b.cost - titanium (top_morale)\n", "E0504"),
])
def test_misuse_is_reported_with_its_code(tmp_path, old, new, code):
    assert old in BASE
    result = compile_text(tmp_path, BASE.replace(old, new, 1), CARDS)
    assert code in [d.code for d in result.diagnostics], [d.render({}) for d in result.diagnostics]


def test_a_call_of_a_resource_is_one_error_with_the_way_to_write_it(tmp_path):
    text = BASE.replace("    pay b.cost - titanium 1\n", "    pay b.cost - titanium (top_morale)\n")
    errors = [d for d in compile_text(tmp_path, text, CARDS).diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["E0504"]
    assert "`titanium 1 * (...)`" in errors[0].hint
    fixed = BASE.replace("    pay b.cost - titanium 1\n", "    pay b.cost - titanium 1 * top_morale\n")
    fixed = fixed.replace("require has (b.cost - titanium 1)",  # the same bag: E0594 else
                          "require has (b.cost - titanium 1 * top_morale)")
    assert compile_text(tmp_path, fixed, CARDS).ok


def test_twice_a_bag_either_way_round_checks(tmp_path):
    result = compile_text(tmp_path, BASE.replace("    gain b.yields * 2\n", "    gain 2 * b.yields\n"), CARDS)
    assert result.ok, [d.message for d in result.diagnostics]


# ----------------------------------------------------------------- fuzzing the new syntax
def _bag_items_and_families_edited_at_random_never_raise(data):
    """The fuzzer's generators of constructs 6 and 7 (bag items rewritten with computed
    amounts, keys and bag arithmetic; a family of many members chosen, looped over and
    drawn from), through every pass including code generation."""
    edit = data.draw(st.sampled_from((fuzzing._edit_bag_amount, fuzzing_stress._stress_family)))
    spec = data.draw(st.sampled_from((SPEC, SPEC.parent / "enum_keys.rules")))
    text = edit(data.draw, st, spec.read_text(encoding="utf-8"))
    fuzzing.check_input(spec, text, codegen=True)  # must not raise


@settings(max_examples=5, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(st.data())
def test_bag_items_and_families_edited_at_random_never_raise(data):
    """The quick run (5 examples); the long run below makes 25."""
    _bag_items_and_families_edited_at_random_never_raise(data)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(st.data())
def test_bag_items_and_families_edited_at_random_never_raise_in_a_long_run(data):
    _bag_items_and_families_edited_at_random_never_raise(data)
