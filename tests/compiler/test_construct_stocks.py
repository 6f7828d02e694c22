"""Construct 18: numbers held by places (stocks).

The construct spec is ``tests/compiler/constructs/stocks.rules`` (with
``stocks.cards.yaml``). The rules are the rulebooks': Utopia › Icons › Crew Secondary
Abilities / Alt TZ Locations › Colonist (two discs of one type left on a time zone,
taken by a later Colonist; what is left accumulates), Anachrony › Gameplay ›
Preparation Phase (each mine space is cleared and stocked again, Neutronium on the top
space after the Impact) and › Actions › Main Board Actions › Mine Resource (the miner
takes the space's resource).
"""

from __future__ import annotations

import json
import random
import re

import pytest

from tests.helpers.play import assert_replays, play_to_the_end
from tests.helpers.constructs import codes_of, compiled, construct_engine, construct_spec, take

SPEC = construct_spec("stocks")
CARDS = (SPEC.parent / "stocks.cards.yaml").read_text(encoding="utf-8")
BASE = SPEC.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def game():
    return construct_engine(SPEC)


def _held(game, held, slot: str) -> int:
    return held[game.RESOURCES.index(slot)]


def _take(state, name: str, *args):
    take(state, name, *args)


def test_the_colonists_discs_accumulate_on_a_time_zone_until_one_takes_them(game):
    """Utopia › Colonist: two discs left on TZ3 by one player, two more by the next, all
    four taken by a later Colonist."""
    state = game.Game(num_players=2, seed=1).new_initial_state()
    tz3 = game.Game(2, seed=1).card_ids("tz3")[0]
    first = state.current_player()
    _take(state, "colonist_leaves", tz3, "military")
    assert _held(game, state.res[first], "disc[military]") == 1
    assert _held(game, state.stk["left_here"][tz3], "disc[military]") == 2
    second = state.current_player()
    _take(state, "colonist_leaves", tz3, "science")
    stock = state.stk["left_here"][tz3]
    assert (_held(game, stock, "disc[military]"), _held(game, stock, "disc[science]")) == (2, 2)
    assert {a.args for a in state.legal_actions() if a.name == "colonist_takes"} == {(tz3,)}
    _take(state, "colonist_takes", tz3)  # the first player again
    assert _held(game, state.res[first], "disc[military]") == 3
    assert _held(game, state.res[first], "disc[science]") == 4
    assert sum(state.stk["left_here"][tz3]) == 0
    assert _held(game, state.res[second], "disc[science]") == 0


def test_the_preparation_clears_each_mine_space_and_stocks_it_again(game):
    """Anachrony › Preparation Phase: one resource on each space, Neutronium on the top
    row from round 5 (the Impact, as the excerpt rules it)."""
    state = game.Game(num_players=2, seed=2).new_initial_state()
    top, middle, bottom = (game.Game(2, seed=2).card_ids(n)[0]
                           for n in ("mine_top", "mine_middle", "mine_bottom"))
    assert [_held(game, state.stk["cubes"][sp], "titanium") for sp in (top, middle, bottom)] == [1, 1, 1]
    me = state.current_player()
    _take(state, "mine", middle)  # Mine Resource: the space's cube goes to the miner
    assert _held(game, state.res[me], "titanium") == 1 and sum(state.stk["cubes"][middle]) == 0
    rng = random.Random(2)
    while state.round < 5:
        state.apply_action(rng.choice([a for a in state.legal_actions() if a.name == "rest"]))
    assert sum(state.stk["cubes"][top]) == 1  # cleared, then one cube: never two
    assert _held(game, state.stk["cubes"][top], "neutronium") == 1
    assert _held(game, state.stk["cubes"][bottom], "titanium") == 1


def test_stocks_clone_save_and_are_checked_on_load(game):
    state = game.Game(num_players=2, seed=1).new_initial_state()
    tz2 = game.Game(2, seed=1).card_ids("tz2")[0]
    _take(state, "colonist_leaves", tz2, "military")
    copy = state.clone()
    copy.stk["left_here"][tz2][0] += 5
    assert state.stk["left_here"][tz2][0] == 0  # the clone holds its own stocks
    loaded = game.Game(num_players=2, seed=1).state_from_json(state.to_json())
    assert loaded.stk == state.stk
    for edit in (lambda d: d.pop("stk"), lambda d: d["stk"].pop("cubes"),
                 lambda d: d["stk"]["left_here"][tz2].__setitem__(0, -1),
                 lambda d: d["stk"]["left_here"].__setitem__(tz2, None),
                 lambda d: d["stk"]["left_here"].__setitem__(5, [0] * 7),
                 lambda d: d["stk"]["cubes"][4].append(1)):
        data = json.loads(state.to_json())
        edit(data)
        with pytest.raises(game.R.RulesError, match="not a saved state of this game"):
            game.Game(num_players=2, seed=1).state_from_json(json.dumps(data))


def test_games_with_stocks_clone_save_and_replay(game):
    for seed in range(4):
        rng = random.Random(seed)
        state = game.Game(num_players=3, seed=seed).new_initial_state()
        played = play_to_the_end(state, rng, max_actions=3000, snapshot_at=6)
        assert_replays(lambda seed=seed: game.Game(num_players=3, seed=seed).new_initial_state(), state,
                       played.snapshot)


def test_the_page_lists_the_stocks_and_says_the_moves_in_words():
    page = compiled(SPEC).page
    assert "### Stocks" in page
    assert "resources held by each TZ location, empty at the start" in page
    assert "holds goes to you." in page
    assert "to the supply." in page and "from the supply on" in page


# ----------------------------------------------------------------- diagnostics
def _codes(tmp_path, text: str) -> list[str]:
    text = text.replace('"stocks.cards.yaml"', '"mini.cards.yaml"')
    return codes_of(tmp_path, text, CARDS)


@pytest.mark.parametrize(("old", "new", "code"), [
    ("  per location\n", "  per locations\n", "E0539"),
    ("    transfer all left_here of loc to me\n", "    transfer all cubes of loc to me\n", "E0528"),
    ("    transfer disc[k] 2 to left_here of loc\n", "    transfer disc[k] 2 to left_here of k\n", "E0528"),
    ("    transfer all left_here of loc to me\n", "    transfer all left_here of loc to disc[science] 1\n",
     "E0529"),
    ("    clear cubes of sp\n", "    clear titanium 1\n", "E0529"),
    ("      gain titanium 1 into cubes of sp\n", "      gain titanium 1 into me\n", "E0529"),
    ("    transfer all left_here of loc to me\n", "    transfer all left_here to me\n", "E0505"),
    ("    transfer all left_here of loc to me\n", "    transfer all heaps of loc to me\n", "E0501"),
])
def test_misuse_is_reported_with_its_code(tmp_path, old, new, code):
    assert old in BASE
    assert code in _codes(tmp_path, BASE.replace(old, new, 1))


def test_a_stock_for_the_game_is_named_alone(tmp_path):
    text = BASE + '\nstock bank "the bank" {\n  source "Utopia › Components"\n}\n'
    text = text.replace("    transfer disc[k] 2 to left_here of loc\n",
                        "    transfer disc[k] 2 to bank\n"
                        "    if bank has disc[k] 4 {\n      clear bank\n    }\n", 1)
    assert "E0528" not in _codes(tmp_path, text) and [c for c in _codes(tmp_path, text) if c[0] == "E"] == []
    text = text.replace("      clear bank\n", "      clear bank of loc\n", 1)
    assert "E0528" in _codes(tmp_path, text)


def test_the_language_reference_quotes_the_construct_spec():
    page = (SPEC.parents[3] / "docs" / "language.md").read_text(encoding="utf-8")
    start = page.index("### Stock\n")
    end = page.index("\n### ", start + 1)  # the next section
    blocks = re.findall(r"^```rulebook\n(.*?)^```$", page[start:end], re.M | re.S)
    assert len(blocks) >= 3
    for block in blocks:
        assert block in BASE, block
