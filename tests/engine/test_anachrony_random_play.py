"""Random legal play of Anachrony at every player count, checking invariants after every
action (Hypothesis draws the seeds): one short game prefix at each count in the quick run,
whole games in the slow run (``pytest -m slow``).  The invariants are the player aid's:
workers and Exosuits are counts that are never negative and never appear from nowhere,
the Morale marker stays on its track, a hex holds one Exosuit, the Impact never moves
behind the era in progress, and the game ends by the seventh era."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generated import anachrony as A
from tests.helpers.play import assert_replays, play_randomly, play_to_the_end, watchdog

MAX_ACTIONS = 20_000
SECONDS_PER_GAME = 120  # a watchdog: an engine that loops for ever fails instead of hanging
TYPES = ("engineer", "scientist", "administrator", "genius")
PILES = ("active", "tired", "busy_fresh", "busy_tired")
SUITS = ("suit", "suit_powered", "suit_out")


def res(s, p, name):
    """Player ``p``'s amount of resource ``name`` (``active[engineer]``...)."""
    return s.res[p][A.RESOURCES.index(name)]


def check_invariants(s):
    n = s.n
    for p in range(n):
        assert all(x >= 0 for x in s.res[p]), (p, s.res[p])
        assert 1 <= s.tr["morale"][p] <= 6
        assert 1 <= s.tr["focus"][p] <= 7
        assert s.tr["paradox"][p] <= 2 or s.pending, (p, s.tr["paradox"][p])
        # Exosuits: six at the start, one more for each Exosuit warp tile taken, one fewer for
        # each sent back; never more on the board than were powered
        suits = sum(res(s, p, k) for k in SUITS)
        assert 6 <= suits <= 7 + s.round, (p, suits)
    for sp in s.z["board_spaces"]:
        taken = s.cst["taken"][sp]
        assert taken >= 0
        if not A.F_pool[sp]:
            assert taken <= 1, (A.CARD_NAMES[sp], taken)  # a hex holds a single Exosuit
        assert 0 <= s.cst["collapse"][sp] <= 2
    if s.gtr["impacted"] == 0:
        assert s.gtr["impact_at"] >= min(s.round, 6), (s.gtr["impact_at"], s.round)
    assert s.round <= 7


def check_outcome(s):
    winners = s.winners_list()
    scores = s.scores()
    assert winners and all(scores[w] == max(scores) for w in winners)
    assert s.gtr["finished"] == 1
    ends = s.outcome()["end"]
    assert ends in ("capitals_fall", "seventh_era")
    if ends == "seventh_era":
        assert s.round == 7
    assert s.returns() == [1.0 if q in winners else -1.0 for q in range(s.n)]


SETTINGS = dict(deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@pytest.mark.parametrize("players", A.Game.player_counts())
@settings(max_examples=1, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_play_prefix(players, seed):
    """The quick twin: the first 150 actions, with the invariants after each."""
    rng = random.Random(seed)
    s = A.Game(num_players=players, seed=seed).new_initial_state()
    with watchdog(SECONDS_PER_GAME):
        for _ in range(150):
            if s.is_terminal():
                break
            s.apply_action(rng.choice(s.legal_actions()))
            check_invariants(s)


@pytest.mark.slow
@pytest.mark.parametrize("players", A.Game.player_counts())
@settings(max_examples=2, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_play_of_whole_games(players, seed):
    play_and_check(players, seed)


def test_one_whole_game_ends_and_replays():
    """One whole 2-player game in the quick run: it ends, and replays the same."""
    play_and_check(2, 7)


def test_identical_workers_do_not_multiply_the_legal_actions():
    """A player chooses a worker type and a space, never one of several identical workers:
    every legal placement names a type, and no two legal actions are the same."""
    s = play_randomly(A.Game(num_players=4, seed=3).new_initial_state(), random.Random(3), 80)
    seen = 0
    rng = random.Random(4)
    while not s.is_terminal() and seen < 20:
        legal = s.legal_actions()
        assert len(legal) == len(set(legal))
        for a in legal:
            if a.name == "place_exosuit":
                assert a.args[0] in TYPES
                seen += 1
        s.apply_action(rng.choice(legal))
    assert seen


def play_and_check(players, seed):
    """Play a game from ``seed`` to its end, checking the invariants after every action,
    the outcome, and the replay round trip."""
    rng = random.Random(seed)
    game = A.Game(num_players=players, seed=seed)
    with watchdog(SECONDS_PER_GAME):
        s = game.new_initial_state()
        check_invariants(s)
        played = play_to_the_end(s, rng, max_actions=MAX_ACTIONS, snapshot_at=rng.randrange(1, 150),
                                 check=lambda s, a, _: check_invariants(s))
        check_outcome(s)
        assert_replays(game.new_initial_state, s, played.snapshot)
