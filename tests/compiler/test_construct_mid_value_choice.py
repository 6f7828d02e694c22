"""A value chosen in the middle of an effect: a member of an enum, a number, a player or a
bag (the domains of an action's choices but a card's and a set's), after which the
effect goes on with it.

The construct spec is ``tests/compiler/constructs/mid_value_choice.rules``: Utopia's
Trade location (Game Play Details › Phase 1: Time Travel › III: Make a Trade: up to 2
discs of one type for as many of another, the rulebook's example two Military for two
Science), Recover Crew from Limbo (any 2 discs), a trade with the team-mate (Co-operative
Play) and Anachrony's Anomaly after a third Paradox token (Gameplay › Paradox Phase).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers.constructs import (assert_reference_quotes, codes_of, compiled, construct_engine,
                                     quoted_blocks)
from tests.helpers.play import assert_replays, play_to_the_end
from tests.helpers.specs import engine

SPEC = Path(__file__).resolve().parent / "constructs" / "mid_value_choice.rules"
BASE = SPEC.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def game():
    return construct_engine(SPEC)


def _disc(s, p, member: str) -> int:
    return s.res[p][s.game.resources.index(f"disc[{member}]")]


def _start(game, action: str, players: int = 2, seed: int = 1):
    s = game.Game(num_players=players, seed=seed).new_initial_state()
    p = s.current_player()
    s.apply_action(s.game.action(p, action))
    return s, p


def _answers(s):
    return [(a.name, *a.args) for a in s.legal_actions()]


# ------------------------------------------------------------------ the Trade
def test_the_trade_two_military_discs_for_two_science(game):
    """The rulebook's example: two Military discs given up for two Science discs; the
    count first, then the type given (only one with 2 discs), then the type taken."""
    s, p = _start(game, "trade")
    assert _answers(s) == [("choose_number", 1), ("choose_number", 2), ("decline",)]
    assert s.current_player() == p and s.scores()[p] == 0  # nothing after the choice has run
    s.apply_action(s.game.action(p, "choose_number", 2))
    assert _answers(s) == [("choose_member", "military")]  # the only type held twice
    s.apply_action(s.game.action(p, "choose_member", "military"))
    assert _answers(s) == [("choose_member", m) for m in ("culture", "politics", "science", "exploration")]
    s.apply_action(s.game.action(p, "choose_member", "science"))
    assert (_disc(s, p, "military"), _disc(s, p, "science"), _disc(s, p, "culture")) == (0, 2, 1)
    assert s.scores()[p] == 1 and s.current_player() != p  # the rest ran, then the turn passed


def test_the_trade_of_one_disc_offers_every_type_held(game):
    s, p = _start(game, "trade")
    s.apply_action(s.game.action(p, "choose_number", 1))
    assert _answers(s) == [("choose_member", "culture"), ("choose_member", "military")]
    s.apply_action(s.game.action(p, "choose_member", "culture"))
    s.apply_action(s.game.action(p, "choose_member", "politics"))
    assert (_disc(s, p, "culture"), _disc(s, p, "politics")) == (0, 1)


def test_declining_the_trade_skips_the_rest_of_the_block(game):
    s, p = _start(game, "trade")
    s.apply_action(s.game.action(p, "decline"))
    assert s.scores()[p] == 0 and _disc(s, p, "military") == 2 and s.current_player() != p


def test_no_option_skips_the_rest_of_the_block_without_asking(game):
    """Two discs of one type asked for, none held twice: nothing is asked, nothing scored."""
    s, p = _start(game, "trade")
    s.res[p][s.game.resources.index("disc[military]")] = 1
    s.apply_action(s.game.action(p, "choose_number", 2))
    assert s.current_player() != p and s.scores()[p] == 0


def test_an_answer_that_is_not_offered_is_refused_and_changes_nothing(game):
    s, p = _start(game, "trade")
    s.apply_action(s.game.action(p, "choose_number", 2))
    before = s.to_json()
    for bad in (s.game.action(p, "choose_member", "culture"), s.game.action(p, "choose_number", 2)):
        with pytest.raises(Exception, match="not legal|illegal|Illegal"):
            s.apply_action(bad)
    assert s.to_json() == before


def test_a_member_that_no_longer_meets_where_when_chosen_skips_the_rest(game):
    """The options are listed when the question is asked; if what `where` reads changes
    before the answer, the member chosen is tested again and the rest is skipped (so the
    `pay` after `where disc[give] >= n` never pays what is not held)."""
    s, p = _start(game, "trade")
    s.apply_action(s.game.action(p, "choose_number", 2))
    assert _answers(s) == [("choose_member", "military")]
    s.res[p][s.game.resources.index("disc[military]")] = 1  # as an answer in between could
    s.apply_action(s.game.action(p, "choose_member", "military"))
    assert _disc(s, p, "military") == 1 and s.scores()[p] == 0 and s.current_player() != p


# ------------------------------------------------------------------ bags and players
def test_recover_from_limbo_with_any_two_discs(game):
    """Recover Crew from Limbo: any 2 Knowledge Discs, a bag chosen among the 15 bags of
    2 discs of 5 types (or declined); the one paid is the one chosen."""
    s, p = _start(game, "recover")
    answers = s.legal_actions()
    assert len(answers) == 15 + 1 and answers[-1].name == "decline"
    bag = next(a.args[0] for a in answers if a.name == "choose_bag" and str(a).endswith("(disc[culture] 1 + "
                                                                                       "disc[military] 1)"))
    s.apply_action(s.game.action(p, "choose_bag", bag))
    assert (_disc(s, p, "culture"), _disc(s, p, "military")) == (0, 1)
    assert s.res[p][s.game.resources.index("limbo")] == 0


def test_the_team_mate_is_any_other_player(game):
    s, p = _start(game, "trade_with_mate", players=3)
    assert _answers(s) == [("choose_player", q) for q in range(3) if q != p]
    mate = next(q for q in range(3) if q != p)
    s.apply_action(s.game.action(p, "choose_player", mate))
    s.apply_action(s.game.action(p, "choose_member", "military"))
    assert _disc(s, p, "military") == 1 and _disc(s, mate, "military") == 3
    assert str(s.game.action(p, "choose_player", mate)).endswith(f"choose a player (player {mate + 1})")


# ------------------------------------------------------------------ the Anomaly
def test_the_third_paradox_token_brings_an_anomaly(game):
    """Anachrony › Paradox Phase: at the third token, the tokens go back, the player may
    take back a Warp tile from a Timeline tile holding one, then places the Anomaly in a
    row with a free spot."""
    s, p = _start(game, "paradox_roll")
    r = s.game.resources.index
    assert s.res[p][r("paradox")] == 0
    assert _answers(s) == [("choose_member", "first_tile"), ("choose_member", "third_tile"), ("decline",)]
    s.apply_action(s.game.action(p, "choose_member", "third_tile"))
    assert s.res[p][r("warp[third_tile]")] == 0 and s.res[p][r("warp[first_tile]")] == 1
    assert _answers(s) == [("choose_member", "factory"), ("choose_member", "laboratory")]
    s.apply_action(s.game.action(p, "choose_member", "laboratory"))
    assert s.res[p][r("anomaly[laboratory]")] == 1 and s.res[p][r("free_spot[laboratory]")] == 0


def test_declining_the_warp_tile_still_places_the_anomaly(game):
    """`may choose t: ... { }` with a block: declining skips the block only."""
    s, p = _start(game, "paradox_roll")
    s.apply_action(s.game.action(p, "decline"))
    assert _answers(s) == [("choose_member", "factory"), ("choose_member", "laboratory")]


def test_in_each_player_each_chooses_in_turn_for_themselves(tmp_path):
    """A choice inside `each player`: every player is asked in turn, `other player` and the
    `where` read the player choosing; with statements after it, a round's rest runs before
    the next player is asked, and what follows the loop runs last."""
    text = BASE.replace("  actions trade, recover, trade_with_mate, paradox_roll\n",
                        "  actions trade, recover, trade_with_mate, paradox_roll, council\n")
    text += ('action council "Council" {\n  effect {\n    each player {\n      choose q: other player\n'
             '      choose k: knowledge where disc[k] >= 2\n      transfer disc[k] 1 to q\n    }\n'
             '    score 1\n    done\n  }\n  source "Utopia"\n}\n')
    game = engine(tmp_path, text)
    s = game.Game(num_players=3, seed=2).new_initial_state()
    p = s.current_player()
    s.apply_action(s.game.action(p, "council"))
    order = []
    for _ in range(6):  # each player answers first the player, then the type, first options each
        order.append((s.current_player(), _answers(s)))
        assert s.scores()[p] == 0  # what follows the loop waits for every round
        s.apply_action(s.legal_actions()[0])
    assert [q for q, _ in order] == [0, 0, 1, 1, 2, 2]
    assert order[0][1] == [("choose_player", 1), ("choose_player", 2)]
    assert order[2][1] == [("choose_player", 0), ("choose_player", 2)]
    # player 1 gave a Military disc to player 2 before player 2 chose: 3 of them, and still
    # only Military is held twice; players 2 and 3 each gave one to player 1
    assert order[3][1] == [("choose_member", "military")]
    assert [_disc(s, q, "military") for q in range(3)] == [3, 2, 1]
    assert s.scores()[p] == 1 and not s.pending


# ------------------------------------------------------------------ saves and replays
def test_a_state_waiting_for_a_value_saves_loads_clones_and_refuses_a_forged_save(game):
    s, p = _start(game, "trade")
    s.apply_action(s.game.action(p, "choose_number", 2))
    assert [x["kind"] for x in s.pending] == ["value", "done"]
    text = s.to_json()
    back = s.game.state_from_json(text)
    assert json.loads(back.to_json()) == json.loads(text) and back.legal_actions() == s.legal_actions()
    twin = s.clone()
    twin.apply_action(twin.game.action(p, "choose_member", "military"))
    assert s.legal_actions() == [s.game.action(p, "choose_member", "military")]  # the original is untouched
    data = json.loads(text)
    for key, value in (("arg", "choose_everything"), ("options", []), ("fn", "no_such_function")):
        forged = json.loads(text)
        forged["pending"][0][key] = value
        with pytest.raises(Exception, match="bad value to choose|pending"):
            s.game.state_from_json(json.dumps(forged))
    assert data["pending"][0]["env"] == {"n": 2}


def test_random_games_end_and_replay(game):
    for players in (2, 3, 4):
        def new(players=players):
            return game.Game(num_players=players, seed=players).new_initial_state()

        state = new()
        run = play_to_the_end(state, random.Random(players), max_actions=3000, snapshot_at=4)
        assert_replays(new, state, run.snapshot)


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4), at=st.integers(1, 40))
def test_random_play_replays_and_saves_at_any_decision(game, seed, players, at):
    """Random games (Hypothesis picks the seed, players and the action after which the save
    is taken): each replays from its actions, and from its save, to the same end."""
    def new():
        return game.Game(num_players=players, seed=seed).new_initial_state()

    state = new()
    run = play_to_the_end(state, random.Random(seed), max_actions=3000, snapshot_at=at)
    assert_replays(new, state, run.snapshot)


# ------------------------------------------------------------------ the page and checks
def test_the_page_says_each_choice_and_the_rest_in_order():
    page = compiled(SPEC).page
    assert ("- You may choose n, a number from 1 to 2. (If you do not, or there is none, skip the rest "
            "of this step.)\n- Choose give, a knowledge type such that your Knowledge Disc of type give "
            "is at least n. (If there is none, skip the rest of this step.)") in page
    assert "- Choose mate, another player." in page
    assert "- You may choose x, any 2 of Knowledge Disc, in any mix (or none); then:" in page


def _edit(old: str, new: str) -> str:
    assert old in BASE
    return BASE.replace(old, new)


@pytest.mark.parametrize("old, new, code", [
    ("    may choose n: 1 to 2\n", "    may choose n: 1 to 0\n", "E0860"),
    ("    may choose x: 2 of disc {\n", "    may choose x: 3 to 2 of disc {\n", "E0860"),
    ("    choose mate: other player\n", "    choose mate: some crew\n", "E0861"),
    ("    choose mate: other player\n", "    choose mate: other player\n    choose mate: player\n", "E0205"),
    ("    gain paradox 1\n", "    gain paradox 1\n    choose w: building_row\n", "W0155"),
    ("    gain paradox 1\n", "    gain paradox 1\n    choose w: building_row {\n      score 1\n    }\n",
     "W0155"),
    ("    may choose t: timeline where warp[t] >= 1 {\n", "    may choose t: timeline where false {\n",
     "W0156"),
    ("  players 2 to 4\n", "  players 1 to 1\n", "W0156"),
    ("    gain free_spot[factory] 1, free_spot[laboratory] 1\n  }\n",
     "    gain free_spot[factory] 1, free_spot[laboratory] 1\n  }\n  choose k: knowledge\n  gain disc[k] 1\n",
     "E0595"),
])
def test_misuses_are_reported(tmp_path, old, new, code):
    assert code in codes_of(tmp_path, _edit(old, new))


def test_the_language_reference_quotes_the_construct_spec():
    assert_reference_quotes(SPEC, "### Choosing a value", "### Repetition: `repeat`", blocks=2)
    for block in quoted_blocks("### Choosing a value", "### Repetition: `repeat`"):
        # each quote is a whole action: it opens with the action and closes its last brace
        assert block.startswith("action ") and block.endswith("\n}\n"), block
        assert block.count("{") == block.count("}"), block


def _values_chosen_never_raise(data):
    """The fuzzing generator (``fuzzing_stress.STRESS``): choices of members, numbers,
    players and bags, empty or not, `may` or not, used or not, in this spec's effects;
    the compiler reports, never raises, and lowers what checks clean into an engine that
    compiles."""
    from compiler.tools import fuzzing, fuzzing_constructs

    fuzzing.check_input(SPEC, fuzzing_constructs._stress_value_choices(data.draw, st, BASE))


@settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(st.data())
def test_values_chosen_written_at_random_never_raise(data):
    """The quick run (4 examples); the long run below makes 25."""
    _values_chosen_never_raise(data)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(st.data())
def test_values_chosen_written_at_random_never_raise_in_a_long_run(data):
    _values_chosen_never_raise(data)
