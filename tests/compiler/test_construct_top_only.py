"""Construct 11 (issue 11): stacks that show only their top card, and `look at`.

The construct spec ``tests/compiler/constructs/top_only.rules`` holds Utopia's TZ
wormholes (Utopia › Components › The Game Board: each holds a face-up deck, so everyone
sees its top card and how many cards it holds) and the two ways of recruiting from one
(Utopia › Gameplay › II: Recruit Crew / Develop Tech: take the card shown, or look through
the deck, choose the card to put on top and shuffle the rest beneath); each is played
through its engine, then misuse is reported with its code.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.tools import fuzzing, fuzzing_stress
from tests.helpers.constructs import compiled, construct_spec
from tests.helpers.play import assert_replays, play_to_the_end
from tests.helpers.specs import compile_text, engine_module

SPEC = construct_spec("top_only")
CARDS = (SPEC.parent / "top_only.cards.yaml").read_text(encoding="utf-8")
LOCATIONS = (SPEC.parent / "top_only_locations.cards.yaml").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def game():
    return engine_module(compiled(SPEC))


def _start(game, seed: int = 1):
    state = game.Game(num_players=2, seed=seed).new_initial_state()
    loc = game.CARD_NAMES.index("tz1")
    return state, state.current_player(), loc


def test_the_spec_checks_clean():
    result = compiled(SPEC)
    assert [d.code for d in result.diagnostics if d.severity == "error"] == []


def test_everyone_sees_the_top_card_and_the_count_and_nobody_the_rest(game):
    state, me, loc = _start(game)
    stack = state.z["wormhole"][loc]
    assert len(stack) == 3
    for player in (0, 1):
        shown = state.observation(player)["zones"]["wormhole"][loc]
        assert shown == {"top": stack[-1], "count": 3}
        cards = state.observation(player)["card_states"]
        assert all(c not in v for v in cards.values() for c in stack[:-1])
    json.dumps(state.observation(0))  # plain data


def test_recruiting_the_card_shown_takes_the_top_card(game):
    state, me, loc = _start(game)
    top = state.z["wormhole"][loc][-1]
    state.apply_action(next(a for a in state.legal_actions()
                            if a.name == "recruit_shown" and a.args == (loc,)))
    assert state.z["hand"][me] == [top]
    assert len(state.z["wormhole"][loc]) == 2


def test_looking_through_a_deck_shows_it_to_the_chooser_only_and_the_choice_goes_on_top(game):
    """Utopia: look through the deck, choose the card to put on top, shuffle the rest."""
    state, me, loc = _start(game)
    stack = list(state.z["wormhole"][loc])
    state.apply_action(next(a for a in state.legal_actions() if a.name == "reorder" and a.args == (loc,)))
    assert state.current_player() == me
    assert state.observation(me)["zones"]["wormhole"][loc] == stack  # looking through it
    assert state.observation(1 - me)["zones"]["wormhole"][loc] == {"top": stack[-1], "count": 3}
    chosen = stack[0]  # the bottom card
    copy = state.clone()
    saved = state.to_json()
    state.apply_action(next(a for a in state.legal_actions() if a.args == (chosen,)))
    assert state.z["wormhole"][loc][-1] == chosen and sorted(state.z["wormhole"][loc]) == sorted(stack)
    assert state.observation(me)["zones"]["wormhole"][loc] == {"top": chosen, "count": 3}
    # the question was open in the copy and in the save: both go on the same way
    for other in (copy, game.Game(num_players=2, seed=1).state_from_json(saved)):
        other.apply_action(next(a for a in other.legal_actions() if a.args == (chosen,)))
        assert other.z["wormhole"][loc] == state.z["wormhole"][loc]


def test_games_with_top_only_stacks_clone_save_and_replay(game):
    for seed in range(3):
        rng = random.Random(seed)
        state = game.Game(num_players=2, seed=seed).new_initial_state()
        played = play_to_the_end(state, rng, max_actions=400, snapshot_at=2)
        assert_replays(lambda seed=seed: game.Game(num_players=2, seed=seed).new_initial_state(), state,
                       played.snapshot)


def test_the_page_says_what_is_shown():
    page = compiled(SPEC).page
    assert "face up, only the top card shown" in page
    assert "Look through the TZ wormhole deck of loc (the others still see only its top card):" in page


# ----------------------------------------------------------------- diagnostics
BASE = SPEC.read_text(encoding="utf-8")


def _compile(tmp_path, text: str):
    (tmp_path / "top_only_locations.cards.yaml").write_text(LOCATIONS, encoding="utf-8")
    return compile_text(tmp_path, text.replace('"top_only.cards.yaml"', '"mini.cards.yaml"'), CARDS)


@pytest.mark.parametrize(("old", "new", "code"), [
    ("    look at wormhole of loc {\n", "    if true {\n", "E0604"),            # a choice outside `look at`
    ("  choose loc: card in board where (count wormhole of loc) >= 1\n",
     "  choose loc: card in board where (count wormhole of loc) >= 1\n  choose t: card in wormhole of loc\n",
     "E0604"),                                                                  # an action's choice
    ("    look at wormhole of loc {\n", "    look at board {\n", "E0604"),    # looking at another zone
    ("  public top\n", "  secret top\n", "E0605"),
    ("    look at wormhole of loc {\n", "    look at my hand {\n", "W0113"),  # seen already
    ("    look at wormhole of loc {\n", "    look at wormhole of nobody {\n", "E0501"),
])
def test_misuse_is_reported_with_its_code(tmp_path, old, new, code):
    assert old in BASE
    result = _compile(tmp_path, BASE.replace(old, new, 1))
    assert code in [d.code for d in result.diagnostics], [d.render({}) for d in result.diagnostics]


def test_drawing_the_top_card_into_a_public_zone_is_not_a_secret_revealed(tmp_path):
    old = "    move top of wormhole of loc into my hand\n"
    text = BASE.replace(old, "    draw 1 from wormhole of loc into my hand\n")
    assert "E0602" not in [d.code for d in _compile(tmp_path, text).diagnostics]
    text = BASE.replace(old, "    draw 2 from wormhole of loc into my hand\n")
    assert "E0602" in [d.code for d in _compile(tmp_path, text).diagnostics]


def test_the_language_reference_quotes_the_construct_spec():
    """Every excerpt of the section on top-only stacks in docs/language.md is the text of
    the construct spec (which the tests above compile and play), word for word."""
    import re

    page = (SPEC.parents[3] / "docs" / "language.md").read_text(encoding="utf-8")
    start = page.index("### Stacks that show only their top card: `public top`, `look at`")
    end = page.index("\n### ", start + 10)
    blocks = re.findall(r"^```rulebook\n(.*?)^```$", page[start:end], re.M | re.S)
    assert len(blocks) == 2
    for block in blocks:
        assert block in BASE, block


# ----------------------------------------------------------------- fuzzing the new syntax
def _top_only_stacks_written_at_random_never_raise(data):
    """The fuzzer's generator of construct 11 (zones made `public top`, statements wrapped
    in `look at`), through every pass including code generation."""
    spec = data.draw(st.sampled_from((SPEC, SPEC.parent / "zone_order.rules")))
    text = fuzzing_stress._stress_top_only(data.draw, st, spec.read_text(encoding="utf-8"))
    fuzzing.check_input(spec, text, codegen=True)  # must not raise


@settings(max_examples=5, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(st.data())
def test_top_only_stacks_written_at_random_never_raise(data):
    """The quick run (5 examples); the long run below makes 25."""
    _top_only_stacks_written_at_random_never_raise(data)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(st.data())
def test_top_only_stacks_written_at_random_never_raise_in_a_long_run(data):
    _top_only_stacks_written_at_random_never_raise(data)
