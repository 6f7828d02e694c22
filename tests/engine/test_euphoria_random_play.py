"""Random legal play of Euphoria at every player count, checking invariants
after every action (Hypothesis draws the seeds): one game at each count in the default
run, three in the slow run (``pytest -m slow``, run by CI)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generated import euphoria as E
from tests.helpers.play import assert_replays, play_to_the_end, watchdog

MAX_ACTIONS = 100_000
TOKENS_EACH = 10
KNOWLEDGE_LIMIT = 16
SECONDS_PER_GAME = 60  # a watchdog: an engine that loops forever fails instead of hanging
ONE_WORKER = {"tunnel", "tunnel_end", "artifact_draw", "worker_activation"}
RETRIEVING = {"retrieve_paying", "retrieve_free"}
# cards of the catalogues, plus 4 dice and 10 tokens for each seat in the game
CATALOGUE_CARDS = len(E.CARD_NAMES) - len(E.CARDS_OF["worker"]) - len(E.CARDS_OF["token"])


def check_invariants(s):
    n = s.n
    for p in range(n):
        placed = s.tr["authority"][p]
        assert 0 <= placed <= TOKENS_EACH, (p, placed)
        assert len(s.z["supply"][p]) + placed == TOKENS_EACH, (p, len(s.z["supply"][p]), placed)
        assert sum(1 for t in E.CARDS_OF["token"] if E.F_owner[t] == p
                   and s.loc[t] != ("supply", p)) == placed
        assert all(x >= 0 for x in s.res[p]), (p, s.res[p])
        assert 0 <= s.tr["motivation"][p] <= 6
        assert s.tr["knowledge"][p] >= 0
        if not s.pending and not s.is_terminal():  # the end drops pending discards
            hand = len(s.z["artifacts_hand"][p])
            assert hand <= s.tr["motivation"][p] + 1, (p, hand, s.tr["motivation"][p])
        assert len(s.z["dilemma_hand"][p]) + len(s.z["dilemma_done"][p]) <= 1
        assert len(s.z["dilemma_token"][p]) <= 1
    assert all(0 <= v <= 1 for v in s.ta["dilemma_revealed"]), s.ta["dilemma_revealed"]
    for f, level in s.gtr["loyalty"].items():
        assert 1 <= level <= 11, (f, level)
    for f, level in s.gtr["digger"].items():
        assert 0 <= level <= 9, (f, level)
    # occupancy of the action spaces
    for sp in s.z["board_spaces"]:
        fam, k = E.F_family[sp], len(s.z["workers_on"][sp])
        if fam == "construction_site":
            if s.z["built_structure"][sp]:
                assert k <= 1, (E.CARD_NAMES[sp], "built", k)  # a temporary space now
            else:
                assert k <= min(E.F_capacity[sp], n), (E.CARD_NAMES[sp], k)
        elif fam in ONE_WORKER:
            assert k <= 1, (E.CARD_NAMES[sp], k)
        else:
            assert fam == "commodity_area", fam
        assert len(s.z["market_workers"][sp]) <= 1
        assert len(s.z["structure_tokens"][sp]) <= n
        owners = [E.F_owner[t] for t in s.z["structure_tokens"][sp]]
        assert len(owners) == len(set(owners)), "max 1 token per player on a structure"
    for tr in s.z["territory_spaces"]:
        assert len(s.z["territory_tokens"][tr]) <= n
    for r in E.CARDS_OF["recruit"]:
        assert len(s.z["recruit_tokens"][r]) <= 1
    # card conservation: every card is in exactly one zone, where loc says
    count, distinct = 0, set()
    for name, cards in s.z.items():
        if s.game.per_player_zone[name]:
            zones = enumerate(cards)
        elif s.game.per_card_zone[name]:
            zones = ((i, c) for i, c in enumerate(cards) if c is not None)
        else:
            zones = ((None, cards),)
        for owner, zc in zones:
            count += len(zc)
            distinct.update(zc)
            assert all(s.loc[c] == (name, owner) for c in zc), (name, owner)
    in_play = CATALOGUE_CARDS + (4 + TOKENS_EACH) * n
    assert count == len(distinct) == in_play, (count, len(distinct), in_play)
    assert sum(1 for x in s.loc if x is not None) == in_play
    # every die of the game is in one of its owner's zones or on a space
    for d in E.CARDS_OF["worker"]:
        p = E.F_owner[d]
        if p >= n:
            assert s.loc[d] is None
            continue
        zone, owner = s.loc[d]
        assert (zone in ("available", "pool") and owner == p) or zone in (
            "workers_on", "market_workers"), (d, s.loc[d])
        assert 1 <= s.cst["value"][d] <= 6


def check_knowledge(s, p, before):
    """After a retrieval by ``p``: the knowledge check was made.  The rulebook
    loses *the* available worker with the highest knowledge (one die) when
    available dice + knowledge reach 16; otherwise none is lost."""
    avail = s.z["available"][p]
    total = sum(s.cst["value"][d] for d in avail) + s.tr["knowledge"][p]
    lost = [d for d in E.CARDS_OF["worker"] if E.F_owner[d] == p
            and s.loc[d] == ("pool", p) and d not in before[1]]
    if not lost:
        assert not avail or total < KNOWLEDGE_LIMIT, (p, total)
    else:
        assert len(lost) == 1, lost
        v = s.cst["value"][lost[0]]
        assert total + v >= KNOWLEDGE_LIMIT
        assert all(s.cst["value"][d] <= v for d in avail)


def has_workers(s, p):
    return any(E.F_owner[d] == p and s.loc[d] is not None
               and s.loc[d][0] in ("available", "workers_on", "market_workers")
               for d in E.CARDS_OF["worker"])


def check_outcome(s):
    winners = s.winners_list()
    scores = s.scores()
    assert winners, "the game ends with at least one winner"
    if any(not s.z["supply"][p] for p in range(s.n)):
        assert max(scores) == TOKENS_EACH
        assert all(scores[w] == TOKENS_EACH for w in winners)
    else:  # the spec's ruling: nobody can act any more (every worker lost)
        assert not any(has_workers(s, p) for p in range(s.n))
        assert all(scores[w] == max(scores) for w in winners)
    assert s.returns() == [1.0 if q in winners else -1.0 for q in range(s.n)]


def _before(s, a):
    """What a retrieval's knowledge check compares with: the mover's dice before it."""
    return list(s.z["available"][a.player]), set(s.z["pool"][a.player])


def _after(s, a, before):
    check_invariants(s)
    if a.name in RETRIEVING and not s.is_terminal():
        check_knowledge(s, a.player, before)


SETTINGS = dict(deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@pytest.mark.parametrize("players", E.Game.player_counts())
@settings(max_examples=1, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_play(players, seed):
    play_and_check(players, seed)


@pytest.mark.slow
@pytest.mark.parametrize("players", E.Game.player_counts())
@settings(max_examples=3, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_play_of_three_games_at_each_count(players, seed):
    play_and_check(players, seed)


def play_and_check(players, seed):
    """Play a game for ``players`` from ``seed`` to its end, checking the invariants after
    every action (and the knowledge check after each retrieval), the outcome, and the
    replay round trip."""
    rng = random.Random(seed)
    game = E.Game(num_players=players, seed=seed)
    with watchdog(SECONDS_PER_GAME):
        s = game.new_initial_state()
        check_invariants(s)
        played = play_to_the_end(s, rng, max_actions=MAX_ACTIONS, snapshot_at=rng.randrange(1, 300),
                                 remember=_before, check=_after)
        check_outcome(s)
        assert len(s.applied_actions()) == played.steps
        assert_replays(game.new_initial_state, s, played.snapshot)
