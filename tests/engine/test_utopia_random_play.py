"""Random legal play of Utopia, checking invariants after every action: one short
two-player game in the default run, every player count and module set in the slow run
(``pytest -m slow``, run by CI).  Each game ends (third Mission or the provisional round
cap) and replays identically."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generated import utopia as U
from tests.helpers.play import assert_replays, play_to_the_end, watchdog

MAX_ACTIONS = 20_000
SECONDS_PER_GAME = 120  # a watchdog: an engine that loops forever fails instead of hanging
SHIPS_EACH, DRONES_EACH = 5, 4  # Components › Component List
SHIP_ZONES = {"dock", "limbo", "standing"}
DRONE_ZONES = {"drone_bay", "standing", "tech_drone", "alt_drone"}
MODULE_SETS = [(), ("factions",), ("custom_setup",), ("factions", "custom_setup")]


def check_invariants(s):
    """Pieces stay in their places, nobody holds a negative number of discs, a location
    holds at most one piece, and nobody has more than three Missions completed."""
    n = s.n
    for p in range(n):
        assert all(x >= 0 for x in s.res[p]), (p, s.res[p])
        ships = [c for c in U.CARDS_OF["chronoship"] if U.F_owner[c] == p]
        drones = [c for c in U.CARDS_OF["drone"] if U.F_owner[c] == p]
        assert len(ships) == SHIPS_EACH and len(drones) == DRONES_EACH
        assert all(s.loc[c][0] in SHIP_ZONES for c in ships), [s.loc[c] for c in ships]
        assert all(s.loc[c][0] in DRONE_ZONES for c in drones), [s.loc[c] for c in drones]
        assert len(s.z["crew_station"][p]) <= SHIPS_EACH
        assert len(s.z["completed"][p]) == s.tr["missions_done"][p]
        if "factions" not in s.game.selected:
            assert s.tr["missions_done"][p] <= 3
        assert len(s.z["bridge"][p]) <= 3
    for zone in ("standing", "shown", "alt_card", "alt_drone", "tech_drone"):
        assert all(c is None or len(c) <= 1 for c in s.z[zone]), zone
    assert len(s.z["mission_offer"]) <= 3


def _after(s, a, before):
    check_invariants(s)


def check_outcome(s):
    winners = s.winners_list()
    assert winners, "the game ends with at least one winner"
    done = s.tr["missions_done"]
    if "factions" in s.game.selected:
        assert s.outcome()["end"] in ("faction_utopia", "round_limit")
    elif max(done) >= 3:
        assert winners == [p for p in range(s.n) if done[p] >= 3]
    else:  # the provisional round cap: the most Missions wins
        assert all(done[w] == max(done) for w in winners)


def play_and_check(players, seed, modules=()):
    """Play a game from ``seed`` to its end, checking the invariants after every action,
    the outcome and the replay round trip."""
    rng = random.Random(seed)
    game = U.Game(num_players=players, seed=seed, modules=modules)
    with watchdog(SECONDS_PER_GAME):
        s = game.new_initial_state()
        check_invariants(s)
        played = play_to_the_end(s, rng, max_actions=MAX_ACTIONS, snapshot_at=rng.randrange(1, 300),
                                 check=_after)
        check_outcome(s)
        assert len(s.applied_actions()) == played.steps
        assert_replays(lambda: U.Game(num_players=players, seed=seed, modules=modules).new_initial_state(),
                       s, played.snapshot)


def test_a_two_player_game_plays_to_its_end_and_replays():
    play_and_check(2, 7)


def test_a_game_with_both_modules_plays_to_its_end_and_replays():
    play_and_check(3, 11, ("factions", "custom_setup"))


SETTINGS = dict(deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@pytest.mark.slow
@pytest.mark.parametrize("modules", MODULE_SETS, ids=lambda m: "+".join(m) or "base")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@settings(max_examples=2, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_play_at_every_count_and_module_set(players, modules, seed):
    if "custom_setup" in modules and players == 5:
        return  # the custom setup is for 1 to 4 players
    play_and_check(players, seed, modules)
