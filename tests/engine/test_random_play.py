"""Random legal play in every mode and player count, checking invariants after
every action (Hypothesis draws the seeds).

A game of Metropolis for 6 is about 14,000 actions, so the default run plays one game
of each mode at its fewest players, and of Family (the shortest games) at its most; the
slow run (``pytest -m slow``, run by CI) plays three games of every mode at every player
count."""

from __future__ import annotations

import random
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generated import utopolis
from tests.helpers.play import assert_replays, play_to_the_end, watchdog

MAX_ACTIONS = 200_000
SECONDS_PER_GAME = 120  # a watchdog: an engine that loops forever fails instead of hanging
CASES = [(mode, n) for mode in utopolis.Game.MODES for n in utopolis.Game.player_counts(mode)]
#: The default run's games: every mode at its fewest players, and Family at its most.
QUICK_CASES = [(mode, n) for mode, n in CASES
               if n == utopolis.Game.player_counts(mode)[0]
               or (mode == "family" and n == utopolis.Game.player_counts(mode)[-1])]
CITY_LIMIT = {"family": 8, "solo_family": 8}
TARGET = {"family": 20, "solo_family": 20}
CARDS_IN_PLAY = {"family": 89, "solo_family": 89}  # Family removes 6 of the 95 cards
TALLY_MAX = {"cylinders_scored": 5, "workers_scored": 3, "goods_scored": 3,
             "reserve_trades": 1, "trade_offers": 3}


def environment(s, p):
    return sum(utopolis.F_environment[c] - utopolis.F_pollution[c] for c in s.z["city"][p])


def check_invariants(s, mode):
    n = s.n
    limit = CITY_LIMIT.get(mode, 10)
    for p in range(n):
        assert len(s.z["hand"][p]) <= 10, f"hand of {p} holds {len(s.z['hand'][p])}"
        assert len(s.z["city"][p]) <= limit, f"city of {p} holds {len(s.z['city'][p])}"
        assert all(x >= 0 for x in s.res[p]), f"negative resources {s.res[p]}"
    for name, cap in TALLY_MAX.items():
        if name in s.ta:
            assert all(0 <= v <= cap for v in s.ta[name]), (name, s.ta[name])
    if "environment_used" in s.ta:
        for p in range(n):
            assert s.ta["environment_used"][p] <= max(0, environment(s, p))
    # card conservation: every card in play is in exactly one zone, where loc says
    loc = s.loc
    count = 0
    distinct = set()
    for name, cards in s.z.items():
        zones = enumerate(cards) if s.game.per_player_zone[name] else ((None, cards),)
        for owner, zc in zones:
            key = (name, owner)
            count += len(zc)
            distinct.update(zc)
            assert all(loc[c] == key for c in zc), (name, owner, [loc[c] for c in zc])
    in_play = CARDS_IN_PLAY.get(mode, 95)
    assert count == in_play == len(distinct), (count, in_play, len(distinct))
    assert sum(1 for x in loc if x is not None) == in_play


def check_outcome(s, mode):
    winners = s.winners_list()
    scores = s.scores()
    goal = TARGET.get(mode, 40)
    if s.n == 1:
        heart = s.gtr["heart"]
        assert heart > goal or scores[0] >= goal
        won = scores[0] >= goal and (heart <= goal or scores[0] > heart)
        assert winners == ([0] if won else [])
        assert s.returns() == [1.0 if won else -1.0]
    else:
        assert winners, "a multiplayer game ends with at least one winner"
        assert max(scores) >= goal
        assert all(scores[w] == max(scores) for w in winners)
        assert s.returns() == [1.0 if q in winners else -1.0 for q in range(s.n)]


SETTINGS = dict(deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@pytest.mark.parametrize("mode,players", QUICK_CASES)
@settings(max_examples=1, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_play(mode, players, seed):
    play_and_check(mode, players, seed)


@pytest.mark.slow
@pytest.mark.parametrize("mode,players", CASES)
@settings(max_examples=3, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_play_in_every_mode_and_player_count(mode, players, seed):
    play_and_check(mode, players, seed)


def play_and_check(mode, players, seed):
    """Play a game of ``mode`` for ``players`` from ``seed`` to its end, checking the
    invariants after every action, the outcome, and the replay round trip."""
    rng = random.Random(seed)
    game = utopolis.Game(num_players=players, mode=mode, seed=seed)
    with watchdog(SECONDS_PER_GAME):
        s = game.new_initial_state()
        check_invariants(s, mode)
        played = play_to_the_end(s, rng, max_actions=MAX_ACTIONS, snapshot_at=rng.randrange(1, 400),
                                 check=lambda s, action, _: check_invariants(s, mode))
        check_outcome(s, mode)
        assert len(s.applied_actions()) == played.steps
        assert_replays(game.new_initial_state, s, played.snapshot)
