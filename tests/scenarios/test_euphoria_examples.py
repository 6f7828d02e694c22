"""The Euphoria rulebook's rules, as scenarios.

Each test arranges a state with the helpers of ``euphoria_arrange.py`` and then
acts through ``apply_action`` only, asserting what the rulebook
(shared/rulebooks/euphoria.txt) prescribes; section names are given in each
docstring.  Figures the rulebook does not print (costs, gains, the start of
the tracks) come from specs/euphoria.rules and euphoria.cards.yaml and are
read from the engine's card fields rather than repeated here where possible.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from euphoria_arrange import (  # noqa: E402
    E,
    act,
    advance_to_play,
    available,
    clear_all_recruits,
    dice_of,
    force_next_roll,
    force_next_rolls,
    legal,
    legal_args,
    legal_names,
    new_game,
    new_state,
    next_rolls,
    open_turn,
    res,
    set_all,
    set_artifacts,
    set_dice,
    set_digger,
    set_dilemma,
    set_loyalty,
    set_recruits,
    set_res,
    set_site,
    set_track,
    space,
    spend_tokens,
    stack_recruits,
    territory,
    tokens_on,
    value,
    values,
)

from generated import _runtime as R  # noqa: E402

IllegalActionError = E.IllegalActionError

PLACING = {"work_area", "dig", "mine_tunnel_end", "build_site", "draw_artifact",
           "activate_worker", "use_structure_territory", "use_structure_loyalty",
           "artifact_market"}
RETRIEVING = {"retrieve_paying", "retrieve_free"}
REVEALING = {"reveal_dilemma_match", "reveal_dilemma_pair"}


def fresh(players=4, seed=3, player=0):
    """A state in ``play`` where ``player`` is to act, nobody holds a recruit,
    and every track stands where the spec starts it."""
    s = new_state(players, seed)
    clear_all_recruits(s)
    open_turn(s, player)
    return s


def placements(s, die=None):
    """Legal placing actions (of ``die`` when given)."""
    return [a for a in s.legal_actions()
            if a.name in PLACING and (die is None or a.args[0] == die)]


def dice_placeable(s):
    return {a.args[0] for a in placements(s)}


# ================================================================ commodity areas


BANDS = [
    # (dice of another player already there, dice of mine already there, my die, band)
    ((), (), 1, "low"),
    ((1, 2), (), 1, "low"),  # total 4
    ((), (), 4, "low"),
    ((), (), 5, "mid"),
    ((4,), (), 1, "mid"),  # 1 alone would be low: the dice already there count
    ((), (2,), 3, "mid"),  # my own die already there counts too
    ((3, 3), (), 2, "mid"),  # total 8
    ((6,), (), 3, "high"),  # total 9
    ((2,), (4,), 3, "high"),  # total 9 with dice of both players
    ((6, 6), (6,), 6, "high"),
]


@pytest.mark.parametrize("others,mine_there,die,band", BANDS)
def test_commodity_area_payout_bands(others, mine_there, die, band):
    """Types of Action Spaces › Collective Use: the total knowledge of all the
    workers in the area (the placed die included) decides the payout:
    1-4: 1 commodity and the faction's loyalty +1; 5-8: 1 commodity and
    knowledge -1; 9+: 2 commodities and knowledge +1."""
    s = fresh()
    gen = space("generator")
    assert E.F_faction[gen] == "euphorian" and E.F_gains[gen][0] == 1
    set_dice(s, 1, on=[(gen, v) for v in others])
    (d,), _ = set_dice(s, 0, [die], on=[(gen, v) for v in mine_there])
    set_res(s, 0)
    open_turn(s, 0)
    assert sum(others) + sum(mine_there) + die == sum(values(s, s.z["workers_on"][gen]) + [die])

    act(s, 0, "work_area", d, gen)

    assert d in s.z["workers_on"][gen]
    energy = res(s, 0)["energy"]
    if band == "low":
        assert (energy, s.tr["knowledge"][0], s.gtr["loyalty"]["euphorian"]) == (1, 3, 2)
    elif band == "mid":
        assert (energy, s.tr["knowledge"][0], s.gtr["loyalty"]["euphorian"]) == (1, 2, 1)
    else:
        assert (energy, s.tr["knowledge"][0], s.gtr["loyalty"]["euphorian"]) == (2, 4, 1)
    # nobody else is paid
    assert all(s.res[q] == [0] * len(E.RESOURCES) for q in range(1, 4))
    assert all(s.tr["knowledge"][q] == 3 for q in range(1, 4))


@pytest.mark.parametrize("area,faction,resource", [
    ("generator", "euphorian", "energy"), ("aquifer", "subterran", "water"),
    ("farm", "wastelander", "food"), ("cloud_mine", "icarite", "bliss")])
def test_each_area_pays_its_commodity_and_its_factions_loyalty(area, faction, resource):
    """Setup › 6 and Collective Use: each commodity area pays its own commodity,
    and the low band advances the loyalty of the area's faction only."""
    s = fresh()
    sp = space(area)
    (d,), _ = set_dice(s, 0, [2])
    set_res(s, 0)
    act(s, 0, "work_area", d, sp)
    assert res(s, 0) == {**{r: 0 for r in E.RESOURCES}, resource: 1}
    assert s.gtr["loyalty"] == {f: (2 if f == faction else 1) for f in s.gtr["loyalty"]}


def test_knowledge_never_drops_below_zero():
    """Collective Use, 5-8 band: the knowledge marker cannot go below the track."""
    s = fresh()
    gen = space("generator")
    (d,), _ = set_dice(s, 0, [6])
    set_track(s, "knowledge", 0, 0)
    act(s, 0, "work_area", d, gen)
    assert s.tr["knowledge"][0] == 0
    assert res(s, 0)["energy"] == 1


@pytest.mark.parametrize("loyalty,active,inactive,die,expected", [
    (2, ("euphorian",), (), 6, 2),  # Bonus 1 from level 2: one extra energy
    (11, ("euphorian",), (), 6, 2),  # and at every level above: the tiers are cumulative
    (4, ("euphorian",), (), 6, 2),  # still Bonus 1 at 4
    (2, ("euphorian",), (), 3, 2),  # low band: 1 + the bonus (loyalty goes to 3)
    (2, ("euphorian",), (), 1, 2),
    (2, ("euphorian", "euphorian"), (), 6, 2),  # once, however many recruits
    (1, ("euphorian",), (), 6, 1),  # no bonus at the start level
    (2, (), ("euphorian",), 6, 1),  # an inactive recruit gives no bonus
    (2, ("subterran",), (), 6, 1),  # a recruit of another faction neither
])
def test_bonus_one_extra_commodity(loyalty, active, inactive, die, expected):
    """Loyalty Track › Bonus 1 (levels 2 to 4): 1 extra commodity when visiting
    the faction's commodity area, for players with an active recruit of it."""
    s = fresh()
    gen = space("generator")
    set_recruits(s, 0, active, inactive)
    set_loyalty(s, "euphorian", loyalty)
    (d,), _ = set_dice(s, 0, [die])
    set_res(s, 0)
    act(s, 0, "work_area", d, gen)
    assert res(s, 0)["energy"] == expected


def test_bonus_one_adds_to_the_high_band():
    """Bonus 1 comes on top of the 9+ band's 2 commodities."""
    s = fresh()
    gen = space("generator")
    set_recruits(s, 0, ["euphorian"])
    set_loyalty(s, "euphorian", 3)
    set_dice(s, 1, on=[(gen, 6)])
    (d,), _ = set_dice(s, 0, [6])
    set_res(s, 0)
    act(s, 0, "work_area", d, gen)
    assert res(s, 0)["energy"] == 3
    assert s.tr["knowledge"][0] == 4


def test_icarite_bonus_two_buys_a_commodity():
    """Loyalty Track › Bonus 2: for the Icarites, a player with an active
    Icarite recruit may buy a commodity after placing in the Icarite area
    (price assumed: 1 bliss)."""
    s = fresh()
    mine = space("cloud_mine")
    set_recruits(s, 0, ["icarite"])
    set_loyalty(s, "icarite", 5)
    (d,), _ = set_dice(s, 0, [6])
    set_res(s, 0)
    act(s, 0, "work_area", d, mine)
    assert res(s, 0)["bliss"] == 2  # 1 + Bonus 1
    assert s.current_player() == 0
    assert {a.args[0] for a in s.legal_actions()} == {"buy energy", "buy food", "buy water",
                                                      "buy nothing"}
    act(s, 0, "answer", "buy water")
    assert res(s, 0)["bliss"] == 1 and res(s, 0)["water"] == 1
    # below Bonus 2 the question is not asked
    s = fresh()
    set_recruits(s, 0, ["icarite"])
    set_loyalty(s, "icarite", 4)
    (d,), _ = set_dice(s, 0, [6])
    act(s, 0, "work_area", d, mine)
    assert not s.pending and s.current_player() != 0


# ================================================================ temporary use: bumping


def test_bumping_on_a_tunnel_returns_and_rolls_the_occupant():
    """Types of Action Spaces › Temporary Use: placing on an occupied tunnel
    bumps the worker there; it returns to its owner and is rolled at once."""
    s = fresh()
    tunnel = space("euphorian_tunnel")
    assert E.F_use[tunnel] == "temporary"
    _, (theirs,) = set_dice(s, 1, [], on=[(tunnel, 6)])
    (mine,), _ = set_dice(s, 0, [2])
    set_res(s, 0, energy=1)
    roll = next_rolls(s, 1)[0]

    act(s, 0, "dig", mine, tunnel)

    assert s.z["workers_on"][tunnel] == [mine]
    assert s.loc[theirs] == ("available", 1)
    assert value(s, theirs) == roll
    assert res(s, 0)["energy"] == 0 and res(s, 0)["gold"] == 1


def test_a_bumped_worker_passes_the_knowledge_check():
    """The bumped worker is rolled; its owner's knowledge check is made then
    (spec ruling on the knowledge check)."""
    s = fresh()
    tunnel = space("euphorian_tunnel")
    (keep,), (theirs,) = set_dice(s, 1, [5], on=[(tunnel, 1)])
    force_next_roll(s, 6)
    set_track(s, "knowledge", 1, 5)  # 5 + 6 + 5 = 16
    (mine,), _ = set_dice(s, 0, [2])
    set_res(s, 0, energy=1)
    act(s, 0, "dig", mine, tunnel)
    assert s.z["available"][1] == [keep]
    assert s.loc[theirs] == ("pool", 1)


def test_bumping_applies_to_every_temporary_space():
    """Temporary Use: artifact dealers and worker activation bump too."""
    for name, action in (("icarite_artifact_dealer", "draw_artifact"),
                         ("euphorian_worker_activation", "activate_worker")):
        s = fresh()
        sp = space(name)
        _, (theirs,) = set_dice(s, 1, [], on=[(sp, 4)])
        (mine,), _ = set_dice(s, 0, [3])
        set_res(s, 0, energy=5, bliss=5, food=5, water=5)
        act(s, 0, action, mine, sp)
        assert s.z["workers_on"][sp] == [mine], name
        assert s.loc[theirs] == ("available", 1), name


def test_a_built_structure_is_a_temporary_space():
    """Temporary Use › Built Structures: a worker using a structure bumps the
    worker there."""
    s = fresh()
    site = space(SITE)
    st = set_site(s, site, "ministry_of_mandatory_smiles", built=True)
    _, (theirs,) = set_dice(s, 1, [], on=[(site, 4)])
    (mine,), _ = set_dice(s, 0, [3])
    set_res(s, 0, energy=1)
    act(s, 0, "use_structure_loyalty", mine, site, st)
    assert s.z["workers_on"][site] == [mine]
    assert s.loc[theirs] == ("available", 1)
    assert res(s, 0)["energy"] == 0  # the use cost only: the site's fee is not paid again


def test_construction_site_workers_are_never_bumped():
    """Types of Action Spaces › Single Use: a worker on a construction site
    cannot be bumped; another worker joins it."""
    s = fresh()
    site = space("wastelander_site_medium")  # needs min(3, 4) = 3 workers
    set_site(s, site, "granary_of_rationed_plenty")
    _, (theirs,) = set_dice(s, 1, [], on=[(site, 4)])
    (mine,), _ = set_dice(s, 0, [3])
    set_res(s, 0, clay=1)
    act(s, 0, "build_site", mine, site)
    assert s.z["workers_on"][site] == [theirs, mine]
    assert s.z["built_structure"][site] == []
    assert res(s, 0)["clay"] == 0


def test_full_single_use_spaces_are_refused():
    """Single Use: a full single-use space takes no more workers (an open
    tunnel end holds 1; a construction site its workers needed)."""
    s = fresh()
    end = space("euphorian_tunnel_end")
    set_digger(s, "euphorian", 9)
    set_recruits(s, 0, ["euphorian"])
    _, (theirs,) = set_dice(s, 1, [], on=[(end, 2)])
    (mine,), _ = set_dice(s, 0, [3])
    assert not [a for a in legal(s, "mine_tunnel_end")]
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        act(s, 0, "mine_tunnel_end", mine, end)
    assert s.to_json() == before
    assert s.z["workers_on"][end] == [theirs]

    site = space("wastelander_site_medium")
    set_site(s, site, "granary_of_rationed_plenty")
    set_dice(s, 2, [], on=[(site, 1), (site, 2), (site, 3)])  # arranged full, not completed
    set_res(s, 0, clay=3)
    assert site not in {a.args[1] for a in legal(s, "build_site")}
    with pytest.raises(IllegalActionError):
        act(s, 0, "build_site", mine, site)


# ================================================================ order of operations


def test_place_then_pay_then_gain():
    """The Game Turn › 1, Order of Operations: place, then pay the cost, and only
    then gain.  A player who could pay only with what the space gives is
    refused, and the state is unchanged."""
    s = fresh()
    tunnel = space("euphorian_tunnel")
    cost, gains = E.F_cost[tunnel], E.F_gains[tunnel]
    assert cost == (1, 0, 0, 0, 0, 0, 0) and gains == (0, 0, 0, 0, 1, 0, 0)
    (d,), _ = set_dice(s, 0, [3])
    set_res(s, 0, gold=4)  # plenty of what the tunnel gives, none of its cost
    assert not legal(s, "dig")
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        act(s, 0, "dig", d, tunnel)
    assert s.to_json() == before

    set_res(s, 0, energy=1)  # exactly the cost: paid before the gold comes in
    act(s, 0, "dig", d, tunnel)
    assert res(s, 0)["energy"] == 0 and res(s, 0)["gold"] == 1


def test_construction_site_cost_is_paid_on_placing():
    """Single Use: to place your worker, pay the cost (1 resource)."""
    s = fresh()
    site = space("euphorian_site_large")
    assert sum(E.F_cost[site]) == 1
    set_site(s, site, "ministry_of_mandatory_smiles")
    (d,), _ = set_dice(s, 0, [3])
    set_res(s, 0)
    assert site not in {a.args[1] for a in legal(s, "build_site")}
    set_res(s, 0, gold=1)
    act(s, 0, "build_site", d, site)
    assert res(s, 0)["gold"] == 0
    assert s.z["workers_on"][site] == [d]


# ================================================================ the knowledge check


def _retrieve_two(knowledge_for, *, already=()):
    """Player 0 has two dice on the generator (and ``already`` available);
    returns (state, dice, rolls) after a paid retrieval of both dice, with the
    knowledge set by ``knowledge_for(sum of the rolls)``."""
    s = fresh()
    gen = space("generator")
    avail, placed = set_dice(s, 0, list(already), on=[(gen, 1), (gen, 1)])
    set_res(s, 0, bliss=1)
    rolls = next_rolls(s, 2)
    set_track(s, "knowledge", 0, knowledge_for(sum(rolls) + sum(already)))
    act(s, 0, "retrieve_paying", tuple(placed))
    return s, avail, placed, rolls


def test_knowledge_check_at_16_loses_the_highest_die():
    """The Game Turn › 2 / Knowledge Track: available dice + knowledge >= 16
    after retrieval: the available worker with the highest knowledge goes back
    to the pool."""
    s, _, placed, rolls = _retrieve_two(lambda total: 16 - total)
    assert values(s, placed) == rolls
    top = max(placed, key=lambda d: value(s, d))
    assert s.loc[top] == ("pool", 0)
    assert available(s, 0) == [d for d in placed if d != top]
    assert res(s, 0)["bliss"] == 0


def test_knowledge_check_below_16_keeps_every_die():
    s, _, placed, rolls = _retrieve_two(lambda total: 15 - total)
    assert sorted(available(s, 0)) == sorted(placed)
    assert values(s, placed) == rolls
    assert s.z["pool"][0] == dice_of(0)[2:]


def test_knowledge_check_counts_dice_that_were_already_available():
    """The sum is over *all* available workers, not just those retrieved."""
    s, avail, placed, _ = _retrieve_two(lambda total: 16 - total, already=(6,))
    lost = [d for d in avail + placed if s.loc[d] == ("pool", 0)]
    assert len(lost) == 1 and value(s, lost[0]) == 6


def test_knowledge_check_loses_only_one_die():
    """'You must lose the available worker with the highest knowledge': one
    worker, even if the rest still reach 16."""
    s, avail, placed, _ = _retrieve_two(lambda total: 14, already=(6,))
    assert len(available(s, 0)) == 2
    assert len(s.z["pool"][0]) == 2
    assert sum(values(s, available(s, 0))) + 14 >= 16  # still over, nobody else leaves


def test_knowledge_check_on_a_new_worker():
    """Worker activation rolls the new worker; the knowledge check is made."""
    s = fresh()
    act_sp = space("euphorian_worker_activation")
    (d, keep), _ = set_dice(s, 0, [1, 6])
    set_res(s, 0, energy=1, bliss=1)
    set_track(s, "knowledge", 0, 4)
    force_next_roll(s, 6)  # 6 (kept) + 6 (new) + 4 = 16
    act(s, 0, "activate_worker", d, act_sp)
    assert len(available(s, 0)) == 1 and value(s, available(s, 0)[0]) == 6
    assert len(s.z["pool"][0]) == 2


# ================================================================ the knowledge check, roll by roll
# Knowledge 6 throughout: a player's available dice + 6 >= 16 loses their highest die.


def _own_worker_bumped(face):
    """Knowledge 6, available dice 3 and 5, and a worker of the same player on
    the Euphorian tunnel; the 3 is placed there and the bumped worker rolls ``face``."""
    s = fresh()
    tunnel = space("euphorian_tunnel")
    (three, five), (mine,) = set_dice(s, 0, [3, 5], on=[(tunnel, 2)])
    set_track(s, "knowledge", 0, 6)
    set_res(s, 0, energy=1)
    open_turn(s, 0)
    force_next_roll(s, face)
    act(s, 0, "dig", three, tunnel)
    assert s.z["workers_on"][tunnel] == [three] and value(s, mine) == face
    return s, three, five, mine


def test_knowledge_check_does_not_count_the_die_being_placed():
    """The Game Turn › 1 and 2, Temporary Use: the placed 3 bumps the player's
    own worker, which rolls a 4.  The rulebook counts the available workers,
    5 + 4, plus knowledge 6: 15, and nobody leaves (the 3 is on the board)."""
    s, three, five, mine = _own_worker_bumped(4)
    assert available(s, 0) == [five, mine]
    assert s.z["pool"][0] == dice_of(0)[3:]
    assert s.current_player() == 1


def test_knowledge_check_on_a_bumped_own_worker_at_16():
    """The same, the bumped worker rolling a 5: 5 + 5 + 6 = 16, and one 5 leaves."""
    s, three, five, mine = _own_worker_bumped(5)
    assert values(s, available(s, 0)) == [5]
    assert len(s.z["pool"][0]) == 2 and s.z["pool"][0][-1] in (five, mine)


def test_knowledge_check_at_an_artifact_market_does_not_count_the_die_being_placed():
    """The artifact market is a temporary space too: the placed 3 bumps the
    player's own worker there, which rolls a 4: 5 + 4 + 6 = 15, nobody leaves."""
    s = fresh()
    site = space(SITE)
    st = set_site(s, site, "ministry_of_mandatory_smiles", built=True)
    (three, five, mine), _ = set_dice(s, 0, [3, 5, 2])
    assert R.move(s, s.g, mine, "market_workers", site)
    set_track(s, "knowledge", 0, 6)
    set_track(s, "motivation", 0, 3)
    hand = set_artifacts(s, 0, ["bear", "book"])
    open_turn(s, 0)
    force_next_roll(s, 4)
    act(s, 0, "artifact_market", three, site, st)
    act(s, 0, "choose_card", hand[0])
    act(s, 0, "choose_card", hand[1])
    assert s.z["market_workers"][site] == [three]
    assert available(s, 0) == [five, mine] and value(s, mine) == 4
    assert tokens_on(s, "structure_tokens", site) == [0]


def test_knowledge_check_on_a_bumped_worker_of_another_player():
    """Bumping another player's worker: it rolls, and its owner's available
    workers are counted (never the die of the player who bumps)."""
    for face, kept in ((4, 2), (5, 1)):
        s = fresh()
        tunnel = space("euphorian_tunnel")
        (five,), (theirs,) = set_dice(s, 1, [5], on=[(tunnel, 2)])
        set_track(s, "knowledge", 1, 6)
        (mine,), _ = set_dice(s, 0, [6])
        set_res(s, 0, energy=1)
        force_next_roll(s, face)
        act(s, 0, "dig", mine, tunnel)
        assert len(available(s, 1)) == kept, face  # 5 + 4 + 6 = 15; 5 + 5 + 6 = 16
        assert s.loc[mine] == ("workers_on", tunnel)


def test_knowledge_check_after_a_retrieval():
    """The Game Turn › 2: the retrieved worker is rolled, then the check counts
    every available worker once: 5 + 4 + 6 = 15 keeps both; 5 + 5 + 6 = 16 loses one."""
    for face, kept in ((4, 2), (5, 1)):
        s = fresh()
        (five,), (placed,) = set_dice(s, 0, [5], on=[(space("generator"), 1)])
        set_track(s, "knowledge", 0, 6)
        force_next_roll(s, face)
        act(s, 0, "retrieve_free", (placed,))
        assert len(available(s, 0)) == kept, face


def test_knowledge_check_when_gaining_a_worker_after_bumping_one():
    """Worker activation, placed with a 3 on a space holding the player's own
    worker: the bump rolls a 2 (5 + 2 + 6 = 13), then the new worker rolls a 1
    (5 + 2 + 1 + 6 = 14): nobody leaves.  One check per roll, and neither counts
    the placed 3 (which would make the first 16)."""
    s = fresh()
    act_sp = space("euphorian_worker_activation")
    (three, five), (mine,) = set_dice(s, 0, [3, 5], on=[(act_sp, 1)])
    new = dice_of(0)[3]
    set_track(s, "knowledge", 0, 6)
    set_res(s, 0, energy=1, bliss=1)
    open_turn(s, 0)
    force_next_rolls(s, [2, 1])
    act(s, 0, "activate_worker", three, act_sp)
    assert available(s, 0) == [five, mine, new]
    assert values(s, [mine, new]) == [2, 1]
    assert s.z["pool"][0] == []


def test_knowledge_check_with_matching_dice_counts_the_twin_still_available():
    """Matching Dice: the first of two 3s bumps the player's own worker, which
    rolls a 4.  The twin 3 is still available and counts, the placed one does
    not: 3 + 4 + 6 = 13, nobody leaves, and the twin may still be placed."""
    s = fresh()
    tunnel = space("euphorian_tunnel")
    (a, b), (mine,) = set_dice(s, 0, [3, 3], on=[(tunnel, 2)])
    set_track(s, "knowledge", 0, 6)
    set_res(s, 0, energy=1)
    open_turn(s, 0)
    force_next_roll(s, 4)
    act(s, 0, "dig", a, tunnel)
    assert available(s, 0) == [b, mine]
    assert s.current_player() == 0 and dice_placeable(s) == {b}


def test_knowledge_check_on_completing_a_structure_is_made_once():
    """Single Use: the contributing workers are bumped and rolled together, then
    the check is made once.  Player 1 fills a 2-worker site with two matching
    2s, keeping a 6 available; both roll 6: 6 + 6 + 6 + 6 = 24, one 6 leaves and
    two workers stay (a check after each die would have taken two)."""
    s = fresh()
    site = space(SITE)
    set_site(s, site, "ministry_of_mandatory_smiles")
    (a, b, six), _ = set_dice(s, 0, [2, 2, 6])
    set_track(s, "knowledge", 0, 6)
    set_res(s, 0, gold=2)
    open_turn(s, 0)
    act(s, 0, "build_site", a, site)
    force_next_rolls(s, [6, 6])
    act(s, 0, "build_site", b, site)
    assert s.z["built_structure"][site]
    assert len(available(s, 0)) == 2 and values(s, available(s, 0)) == [6, 6]
    assert len(s.z["pool"][0]) == 2


def test_a_knowledge_rise_without_a_roll_makes_no_check():
    """Collective Use, 9+: knowledge rises, but no worker is rolled, so no check
    is made (spec ruling): available 6 + knowledge 10 = 16 keeps the 6 until the
    player's next roll."""
    s = fresh()
    gen = space("generator")
    set_dice(s, 1, on=[(gen, 6), (gen, 2)])
    (one, six), _ = set_dice(s, 0, [1, 6])
    set_track(s, "knowledge", 0, 9)
    act(s, 0, "work_area", one, gen)  # 6 + 2 + 1 = 9: the high band
    assert s.tr["knowledge"][0] == 10
    assert available(s, 0) == [six]
    open_turn(s, 0)
    force_next_roll(s, 1)
    act(s, 0, "retrieve_free", (one,))  # the next roll: 6 + 1 + 10 = 17
    assert available(s, 0) == [one] and s.loc[six] == ("pool", 0)



# ================================================================ matching dice


def test_matching_dice_are_placed_in_one_turn():
    """The Game Turn › 1, Matching Dice: dice with the same value at the start
    of the turn may all be placed in a single turn."""
    s = fresh()
    gen, farm = space("generator"), space("farm")
    (a, b), _ = set_dice(s, 0, [3, 3])
    open_turn(s, 0)
    act(s, 0, "work_area", a, gen)
    assert s.current_player() == 0
    assert dice_placeable(s) == {b}
    assert not legal_names(s) & (RETRIEVING | REVEALING)
    act(s, 0, "work_area", b, farm)
    assert s.current_player() == 1


def test_a_die_of_another_value_does_not_join():
    s = fresh()
    gen = space("generator")
    (a, b, c), _ = set_dice(s, 0, [3, 3, 5])
    open_turn(s, 0)
    act(s, 0, "work_area", a, gen)
    assert dice_placeable(s) == {b}
    with pytest.raises(IllegalActionError):
        act(s, 0, "work_area", c, gen)
    act(s, 0, "work_area", b, gen)
    assert s.current_player() == 1
    assert s.loc[c] == ("available", 0)


def test_placing_the_odd_die_first_ends_the_turn():
    s = fresh()
    gen = space("generator")
    (a, b, c), _ = set_dice(s, 0, [3, 3, 5])
    open_turn(s, 0)
    act(s, 0, "work_area", c, gen)
    assert s.current_player() == 1


def test_dice_that_match_only_later_are_not_a_set():
    """Only dice matching *at the start of the turn* form a set: a die of
    player 0 bumped back (and rolled to the same value) mid-turn cannot join."""
    s = fresh()
    tunnel = space("euphorian_tunnel")
    (a, b), (c,) = set_dice(s, 0, [3, 3], on=[(tunnel, 2)])
    set_res(s, 0, energy=1)
    open_turn(s, 0)
    force_next_roll(s, 3)
    act(s, 0, "dig", a, tunnel)
    assert s.loc[c] == ("available", 0) and value(s, c) == 3
    assert s.current_player() == 0
    assert dice_placeable(s) == {b}
    with pytest.raises(IllegalActionError):
        act(s, 0, "work_area", c, space("generator"))


def test_only_one_set_of_matching_dice_per_turn():
    """Two pairs at the start of the turn: placing a die of one pair leaves only
    its twin placeable."""
    s = fresh()
    (a, b, c, d), _ = set_dice(s, 0, [3, 5, 3, 5])
    open_turn(s, 0)
    act(s, 0, "work_area", b, space("farm"))
    assert dice_placeable(s) == {d}
    act(s, 0, "work_area", d, space("farm"))
    assert s.current_player() == 1


def test_placing_the_other_matching_dice_is_optional():
    """Matching Dice: the player *can* place all those workers, and may end
    the turn after any of them (spec: `stop_placing`)."""
    s = fresh()
    (a, b), _ = set_dice(s, 0, [3, 3])
    open_turn(s, 0)
    assert not legal(s, "stop_placing")  # one option per turn: a placement first
    act(s, 0, "work_area", a, space("generator"))
    ends_turn = []
    for x in s.legal_actions():
        c = s.clone()
        c.apply_action(x)
        if c.current_player() != 0 and c.loc[b] == ("available", 0):
            ends_turn.append(x.name)
    assert ends_turn == ["stop_placing"]
    act(s, 0, "stop_placing")
    assert s.current_player() == 1
    assert s.loc[b] == ("available", 0)


def test_a_lone_die_is_one_placement():
    s = fresh()
    (a, b), _ = set_dice(s, 0, [2, 4])
    open_turn(s, 0)
    act(s, 0, "work_area", a, space("farm"))
    assert s.current_player() == 1


# ================================================================ construction


SITE = "euphorian_site_small"  # needs 2 workers


@pytest.mark.parametrize("structure", ["ministry_of_mandatory_smiles",
                                       "tower_of_approved_truths",
                                       "bureau_of_cheerful_compliance"])
def test_construction_completion(structure):
    """Single Use › Structure Construction Sites: when the required spaces are
    filled the structure is completed; contributing workers are bumped and
    rolled, each contributor places 1 authority token on it, the others suffer
    its penalty; the single-use cost is paid."""
    s = fresh()
    site = space(SITE)
    st = set_site(s, site, structure)
    penalty = E.F_penalty[st]
    set_all(s, "motivation", 2)
    for q in range(4):
        set_res(s, q, bliss=1)
    set_res(s, 0, gold=1, bliss=1)
    _, (theirs,) = set_dice(s, 1, [], on=[(site, 5)])
    (mine, spare), _ = set_dice(s, 0, [4, 1])
    rolls = next_rolls(s, 2)

    act(s, 0, "build_site", mine, site)

    assert s.z["built_structure"][site] == [st]
    assert s.z["structure_slot"][site] == []
    assert s.z["workers_on"][site] == []
    assert s.loc[mine] == ("available", 0) and s.loc[theirs] == ("available", 1)
    assert sorted(values(s, [mine, theirs])) == sorted(rolls)
    assert sorted(tokens_on(s, "structure_tokens", site)) == [0, 1]
    assert s.scores() == [1, 1, 0, 0]
    assert res(s, 0)["gold"] == 0
    for q in (0, 1):  # contributors: no penalty
        assert (s.tr["motivation"][q], s.tr["knowledge"][q], res(s, q)["bliss"]) == (2, 3, 1)
    expected = {"lose_motivation": (1, 3, 1), "gain_knowledge": (2, 4, 1),
                "lose_commodity": (2, 3, 0)}[penalty]
    for q in (2, 3):
        assert (s.tr["motivation"][q], s.tr["knowledge"][q], res(s, q)["bliss"]) == expected
    assert s.current_player() == 1


def test_construction_needs_every_worker():
    """The structure is completed only when all its spaces are filled: the
    first worker on a 2-worker site completes nothing."""
    s = fresh()
    site = space(SITE)
    st = set_site(s, site, "ministry_of_mandatory_smiles")
    (d,), _ = set_dice(s, 0, [4])
    set_res(s, 0, gold=1)
    act(s, 0, "build_site", d, site)
    assert s.z["workers_on"][site] == [d]
    assert s.z["structure_slot"][site] == [st] and s.z["built_structure"][site] == []
    assert s.scores() == [0, 0, 0, 0]


def test_one_player_can_fill_a_site_with_matching_dice():
    """Both workers may be one player's matching dice: one token only (max 1 per
    structure), and everybody else suffers the penalty."""
    s = fresh()
    site = space(SITE)
    st = set_site(s, site, "tower_of_approved_truths")
    (a, b), _ = set_dice(s, 0, [2, 2])
    set_res(s, 0, gold=2)
    open_turn(s, 0)
    act(s, 0, "build_site", a, site)
    act(s, 0, "build_site", b, site)
    assert s.z["built_structure"][site] == [st]
    assert tokens_on(s, "structure_tokens", site) == [0]
    assert s.tr["knowledge"] == [3, 4, 4, 4]


def test_motivation_penalty_forces_an_artifact_discard():
    """A motivation penalty that drops a player below their artifact count makes
    them discard (Motivation Track: the card limit decreases)."""
    s = fresh()
    site = space(SITE)
    set_site(s, site, "ministry_of_mandatory_smiles")
    set_track(s, "motivation", 2, 2)
    hand = set_artifacts(s, 2, ["bear", "book", "plunger"])  # limit motivation + 1 = 3
    set_res(s, 0, gold=1)
    set_dice(s, 1, [], on=[(site, 5)])
    (d,), _ = set_dice(s, 0, [4])
    act(s, 0, "build_site", d, site)
    assert s.tr["motivation"][2] == 1
    assert s.current_player() == 2
    assert {a.name for a in s.legal_actions()} == {"choose_card"}
    act(s, 2, "choose_card", hand[1])
    assert s.z["artifacts_hand"][2] == [hand[0], hand[2]]
    assert s.loc[hand[1]] == ("artifact_discard", None)
    assert s.current_player() == 1


def test_site_size_scales_with_the_player_count():
    """A site never needs more workers than there are players (provisional):
    with 2 players the 4-worker site is finished by 2 workers."""
    s = fresh(players=2)
    site = space("euphorian_site_large")
    st = set_site(s, site, "bureau_of_cheerful_compliance")
    set_dice(s, 1, [], on=[(site, 3)])
    (d,), _ = set_dice(s, 0, [4])
    set_res(s, 0, gold=1)
    act(s, 0, "build_site", d, site)
    assert s.z["built_structure"][site] == [st]
    assert sorted(tokens_on(s, "structure_tokens", site)) == [0, 1]


# ================================================================ tunnels


def test_digger_level_six_activates_inactive_recruits():
    """Temporary Use › Tunnels: on reaching the 6th level, inactive recruits of
    the faction are activated (for every player, at once)."""
    s = fresh()
    tunnel = space("euphorian_tunnel")
    set_digger(s, "euphorian", 5)
    _, (r1,) = set_recruits(s, 1, [], ["euphorian"])
    _, (r2,) = set_recruits(s, 2, [], ["subterran"])
    (d,), _ = set_dice(s, 0, [3])
    set_res(s, 0, energy=1)
    act(s, 0, "dig", d, tunnel)
    assert s.gtr["digger"]["euphorian"] == 6
    assert s.z["recruits_active"][1] == [r1] and s.z["recruits_inactive"][1] == []
    assert s.z["recruits_inactive"][2] == [r2]


def test_digger_level_nine_opens_the_tunnel_end():
    """Tunnels: at the 9th level the exclusive space is freed for the faction's
    workers, i.e. players with an active recruit of the faction."""
    s = fresh()
    tunnel, end = space("euphorian_tunnel"), space("euphorian_tunnel_end")
    set_digger(s, "euphorian", 8)
    set_recruits(s, 0, ["euphorian"])
    set_recruits(s, 1, ["subterran"], ["wastelander"])
    (a, b), _ = set_dice(s, 0, [3, 5])
    set_dice(s, 1, [2])
    set_res(s, 0, energy=1)
    assert not legal(s, "mine_tunnel_end")  # still closed at level 8
    act(s, 0, "dig", a, tunnel)
    assert s.gtr["digger"]["euphorian"] == 9
    assert s.current_player() == 1
    assert not legal(s, "mine_tunnel_end")  # no active Euphorian recruit
    open_turn(s, 0)
    assert (b, end) in legal_args(s, "mine_tunnel_end")
    gold = res(s, 0)["gold"]
    act(s, 0, "mine_tunnel_end", b, end)
    assert res(s, 0)["gold"] == gold + E.F_gains[end][4]
    assert s.z["workers_on"][end] == [b]


def test_digger_stops_at_nine():
    s = fresh()
    tunnel = space("subterran_tunnel")
    set_digger(s, "subterran", 9)
    (d,), _ = set_dice(s, 0, [3])
    set_res(s, 0, water=1)
    act(s, 0, "dig", d, tunnel)
    assert s.gtr["digger"]["subterran"] == 9
    assert res(s, 0)["stone"] == 1


# ================================================================ loyalty tiers


@pytest.mark.parametrize("loyalty,active,expected", [
    (5, ("euphorian",), 2), (7, ("euphorian",), 2), (11, ("euphorian",), 2),
    (4, ("euphorian",), 1), (5, (), 1), (5, ("wastelander",), 1)])
def test_bonus_two_tunnel_gives_more(loyalty, active, expected):
    """Loyalty Track › Bonus 2 (levels 5 to 7): the faction's tunnel action gives
    more (one more of its resource), for players with an active recruit."""
    s = fresh()
    tunnel = space("euphorian_tunnel")
    set_recruits(s, 0, active)
    set_loyalty(s, "euphorian", loyalty)
    (d,), _ = set_dice(s, 0, [3])
    set_res(s, 0, energy=1)
    act(s, 0, "dig", d, tunnel)
    assert res(s, 0)["gold"] == expected


def test_bonus_three_activates_inactive_recruits():
    """Loyalty Track › Bonus 3 (level 8): inactive recruits of the faction are
    activated, for every player, as soon as the level is reached."""
    s = fresh()
    gen = space("generator")
    set_loyalty(s, "euphorian", 7)
    _, (r0,) = set_recruits(s, 0, [], ["euphorian"])
    _, (r1,) = set_recruits(s, 1, ["icarite"], ["euphorian"])
    _, (r2,) = set_recruits(s, 2, [], ["wastelander"])
    (d,), _ = set_dice(s, 0, [2])
    act(s, 0, "work_area", d, gen)  # low band: loyalty 7 -> 8
    assert s.gtr["loyalty"]["euphorian"] == 8
    assert r0 in s.z["recruits_active"][0] and r1 in s.z["recruits_active"][1]
    assert s.z["recruits_inactive"][0] == [] and s.z["recruits_inactive"][1] == []
    assert s.z["recruits_inactive"][2] == [r2]


def test_bonus_four_places_tokens_on_active_recruits():
    """Loyalty Track › Bonus 4 (level 11): each player places 1 authority token
    on each active recruit of the faction they possess (max 1 per recruit)."""
    s = fresh()
    gen = space("generator")
    set_loyalty(s, "euphorian", 10)
    act0 = set_recruits(s, 0, ["euphorian", "euphorian"])[0]
    act1, inact1 = set_recruits(s, 1, ["euphorian", "subterran"], ["wastelander"])
    set_recruits(s, 2, ["icarite"])
    (d, d2), _ = set_dice(s, 0, [2, 2])
    open_turn(s, 0)
    act(s, 0, "work_area", d, gen)
    assert s.gtr["loyalty"]["euphorian"] == 11
    assert s.scores() == [2, 1, 0, 0]
    for r in act0:
        assert tokens_on(s, "recruit_tokens", r) == [0]
    assert tokens_on(s, "recruit_tokens", act1[0]) == [1]
    assert tokens_on(s, "recruit_tokens", act1[1]) == []
    # level 11 is the top: the next visit neither advances it nor adds tokens
    act(s, 0, "work_area", d2, gen)
    assert s.gtr["loyalty"]["euphorian"] == 11
    assert s.scores() == [2, 1, 0, 0]


def test_structure_advances_its_factions_loyalty():
    """Built Structures: pay the costs and ... advance the loyalty track."""
    s = fresh()
    site = space(SITE)
    st = set_site(s, site, "ministry_of_mandatory_smiles", built=True)
    (d,), _ = set_dice(s, 0, [3])
    set_res(s, 0, energy=1)
    act(s, 0, "use_structure_loyalty", d, site, st)
    assert s.gtr["loyalty"]["euphorian"] == 2
    assert res(s, 0)["energy"] == 0


# ================================================================ retrieval


def test_retrieve_paying_one_bliss():
    """The Game Turn › 2: retrieve any number of workers (at least 1) paying the
    retrieval cost (assumed 1 bliss); the workers are rolled at once."""
    s = fresh()
    gen, farm = space("generator"), space("farm")
    _, (a, b) = set_dice(s, 0, [], on=[(gen, 1), (farm, 1)])
    set_res(s, 0, bliss=2)
    set_track(s, "motivation", 0, 3)
    assert {x.args[0] for x in legal(s, "retrieve_paying")} == {(a,), (b,), (a, b)}
    rolls = next_rolls(s, 1)
    act(s, 0, "retrieve_paying", (b,))
    assert available(s, 0) == [b] and value(s, b) == rolls[0]
    assert s.loc[a] == ("workers_on", gen)
    assert res(s, 0)["bliss"] == 1 and s.tr["motivation"][0] == 3
    assert s.current_player() == 1


def test_retrieve_free_costs_one_motivation():
    s = fresh()
    gen = space("generator")
    _, (a,) = set_dice(s, 0, [], on=[(gen, 1)])
    set_res(s, 0, bliss=2)
    set_track(s, "motivation", 0, 3)
    act(s, 0, "retrieve_free", (a,))
    assert available(s, 0) == [a]
    assert res(s, 0)["bliss"] == 2 and s.tr["motivation"][0] == 2


def test_retrieval_cost_needs_the_bliss():
    s = fresh()
    gen = space("generator")
    _, (a,) = set_dice(s, 0, [], on=[(gen, 1)])
    set_res(s, 0)
    assert not legal(s, "retrieve_paying")
    assert legal(s, "retrieve_free")


def test_losing_motivation_below_the_artifacts_forces_a_discard():
    """Motivation Track: decreasing motivation decreases the card limit; the
    excess artifacts are discarded at once (the player chooses)."""
    s = fresh()
    gen = space("generator")
    _, (a,) = set_dice(s, 0, [], on=[(gen, 1)])
    set_track(s, "motivation", 0, 2)
    hand = set_artifacts(s, 0, ["bear", "book", "plunger"])  # limit 3
    act(s, 0, "retrieve_free", (a,))
    assert s.tr["motivation"][0] == 1
    assert s.current_player() == 0
    assert {x.args for x in s.legal_actions()} == {(c,) for c in hand}
    act(s, 0, "choose_card", hand[0])
    assert s.z["artifacts_hand"][0] == hand[1:]
    assert s.current_player() == 1


def test_no_discard_while_within_the_limit():
    s = fresh()
    gen = space("generator")
    _, (a,) = set_dice(s, 0, [], on=[(gen, 1)])
    set_track(s, "motivation", 0, 2)
    set_artifacts(s, 0, ["bear", "book"])
    act(s, 0, "retrieve_free", (a,))
    assert not s.pending and len(s.z["artifacts_hand"][0]) == 2


def test_no_retrieval_after_placing():
    """One option per turn: a player who placed a worker cannot also retrieve."""
    s = fresh()
    gen = space("generator")
    (a, b), (c,) = set_dice(s, 0, [4, 4], on=[(gen, 1)])
    set_res(s, 0, bliss=1)
    open_turn(s, 0)
    assert legal(s, "retrieve_paying") and legal(s, "retrieve_free")
    act(s, 0, "work_area", a, gen)
    assert not legal_names(s) & RETRIEVING
    with pytest.raises(IllegalActionError):
        act(s, 0, "retrieve_free", (c,))


# ================================================================ the ethical dilemma


def _dilemma_state(kinds, name="dilemma_forbidden_book"):
    s = fresh()
    dl = set_dilemma(s, 0, name)
    set_track(s, "motivation", 0, 3)
    hand = set_artifacts(s, 0, kinds)
    return s, dl, hand


def test_dilemma_with_the_wanted_artifact_contribute():
    """The Game Turn › 3: flip the card discarding the required artifact;
    'contribute to the dystopia' places an authority token on the card."""
    s, dl, (book, bear) = _dilemma_state(["book", "bear"])
    assert E.F_wants[dl] == "book"
    assert legal_args(s, "reveal_dilemma_match") == {(dl, book)}
    act(s, 0, "reveal_dilemma_match", dl, book)
    assert s.z["dilemma_done"][0] == [dl]
    assert s.loc[book] == ("artifact_discard", None)
    assert {a.args[0] for a in s.legal_actions()} == {"fight the system",
                                                      "contribute to the dystopia"}
    act(s, 0, "answer", "contribute to the dystopia")
    assert tokens_on(s, "dilemma_token", 0) == [0]
    assert s.scores()[0] == 1
    assert s.z["artifacts_hand"][0] == [bear]
    assert s.ta["dilemma_revealed"][0] == 1
    assert s.current_player() == 1


def test_dilemma_with_the_wanted_artifact_fight_the_system():
    """'Fight the system': draw 2 recruit cards, keep 1 as an inactive recruit;
    the other is discarded at once (spec ruling)."""
    s, dl, (book,) = _dilemma_state(["book"])
    before_inactive = list(s.z["recruits_inactive"][0])
    act(s, 0, "reveal_dilemma_match", dl, book)
    act(s, 0, "answer", "fight the system")
    offer = list(s.z["recruit_offer"][0])
    assert len(offer) == 2
    assert {a.args for a in s.legal_actions()} == {(r,) for r in offer}
    act(s, 0, "choose_card", offer[1])
    assert s.z["recruits_inactive"][0] == before_inactive + [offer[1]]
    assert s.scores()[0] == 0
    assert s.z["recruit_offer"][0] == []
    assert s.loc[offer[0]] == ("recruit_discard", None)
    assert s.current_player() == 1


def _pair(s, dl, *cards):
    """The legal reveal_dilemma_pair action paying exactly ``cards``."""
    return next(a for a in legal(s, "reveal_dilemma_pair")
                if a.args[0] == dl and set(a.args[1]) == set(cards))


def test_dilemma_with_any_two_artifacts_contribute():
    """Any 2 artifact cards complete the dilemma instead of the required one;
    the player chooses which two."""
    s, dl, (bear, plunger, balloons) = _dilemma_state(["bear", "plunger", "balloons"])
    assert not legal(s, "reveal_dilemma_match")
    paid = [set(a.args[1]) for a in legal(s, "reveal_dilemma_pair")]
    assert sorted(map(sorted, paid)) == sorted(
        map(sorted, [{bear, plunger}, {bear, balloons}, {plunger, balloons}]))
    s.apply_action(_pair(s, dl, bear, plunger))
    assert s.loc[bear] == s.loc[plunger] == ("artifact_discard", None)
    assert s.z["dilemma_done"][0] == [dl]
    act(s, 0, "answer", "contribute to the dystopia")
    assert s.z["artifacts_hand"][0] == [balloons]
    assert tokens_on(s, "dilemma_token", 0) == [0]
    assert s.scores()[0] == 1
    assert not s.pending and s.current_player() == 1


def test_dilemma_with_any_two_artifacts_fight_the_system():
    """Fight the system after paying any 2 artifacts: draw 2 recruits, keep 1
    as an inactive recruit (the other is discarded)."""
    s, dl, (bear, plunger) = _dilemma_state(["bear", "plunger"])
    s.apply_action(_pair(s, dl, bear, plunger))
    act(s, 0, "answer", "fight the system")
    offer = list(s.z["recruit_offer"][0])
    assert len(offer) == 2
    assert {a.args for a in s.legal_actions()} == {(r,) for r in offer}
    act(s, 0, "choose_card", offer[0])
    assert s.z["artifacts_hand"][0] == []
    assert s.z["recruits_inactive"][0] == [offer[0]]
    assert s.loc[offer[1]] == ("recruit_discard", None)
    open_turn(s, 0)
    assert s.z["recruits_inactive"][0] + s.z["recruits_active"][0] == [offer[0]]


def test_dilemma_needs_the_artifact_or_two():
    s, dl, _ = _dilemma_state(["bear"])
    assert not legal_names(s) & REVEALING
    s, dl, _ = _dilemma_state([])
    assert not legal_names(s) & REVEALING


def test_dilemma_once_per_game():
    """Once per game: even with another dilemma card and artifacts in hand, a
    player who revealed one cannot reveal again."""
    s, dl, (book, bear, plunger) = _dilemma_state(["book", "bear", "plunger"])
    act(s, 0, "reveal_dilemma_match", dl, book)
    act(s, 0, "answer", "contribute to the dystopia")
    other = set_dilemma(s, 0, "dilemma_lost_childhood")  # wants a bear
    assert other != dl
    open_turn(s, 0)
    assert not legal_names(s) & REVEALING
    with pytest.raises(IllegalActionError):
        act(s, 0, "reveal_dilemma_match", other, bear)
    assert s.ta["dilemma_revealed"][0] == 1


def test_dilemma_is_a_whole_turn():
    """You cannot place or retrieve workers in the same turn."""
    s, dl, (book,) = _dilemma_state(["book"])
    (a, b), _ = set_dice(s, 0, [4, 4])
    open_turn(s, 0)
    act(s, 0, "work_area", a, space("generator"))
    assert not legal_names(s) & REVEALING
    s, dl, (book,) = _dilemma_state(["book"])
    act(s, 0, "reveal_dilemma_match", dl, book)
    act(s, 0, "answer", "contribute to the dystopia")
    assert s.current_player() == 1


@pytest.mark.parametrize("loyalty,active,token", [
    (7, False, False), (8, True, False), (10, True, False), (11, True, True)])
def test_kept_recruit_joins_at_once_with_bonus_three_and_four(loyalty, active, token):
    """Fight the system: the kept recruit is activated if its faction already
    has Bonus 3 (level 8), and gets an authority token if it has Bonus 4 (level
    11), while the dilemma is resolved: before the next player acts."""
    s, dl, (book,) = _dilemma_state(["book"])
    set_loyalty(s, "subterran", loyalty)
    kept, other = stack_recruits(s, ["subterran", "wastelander"])
    act(s, 0, "reveal_dilemma_match", dl, book)
    act(s, 0, "answer", "fight the system")
    assert s.z["recruit_offer"][0] == [kept, other]
    act(s, 0, "choose_card", kept)
    assert s.current_player() == 1  # the dilemma is over: nothing waits for player 1's turn
    assert (kept in s.z["recruits_active"][0]) == active
    assert (kept in s.z["recruits_inactive"][0]) == (not active)
    assert tokens_on(s, "recruit_tokens", kept) == ([0] if token else [])
    assert s.scores()[0] == (1 if token else 0)
    assert s.loc[other] == ("recruit_discard", None)


def test_kept_recruit_is_not_activated_by_its_tunnel():
    """The dilemma activates a kept recruit by its faction's loyalty only; a
    tunnel past its 6th level activated the recruits there when it reached it
    (spec ruling on keeping a recruit)."""
    s, dl, (book,) = _dilemma_state(["book"])
    set_digger(s, "subterran", 9)
    kept, _ = stack_recruits(s, ["subterran", "wastelander"])
    act(s, 0, "reveal_dilemma_match", dl, book)
    act(s, 0, "answer", "fight the system")
    act(s, 0, "choose_card", kept)
    open_turn(s, 0)
    assert s.z["recruits_inactive"][0] == [kept] and s.z["recruits_active"][0] == []


def test_last_token_placed_while_fighting_the_system_wins_at_once():
    """Two players on 9 tokens each.  Player 1 reveals their dilemma, fights
    the system and keeps a recruit whose faction is at Bonus 4: its authority
    token is their 10th, and they win during the dilemma, before player 2,
    whose next placement would also be their 10th token, has a turn."""
    s = fresh(players=2, seed=5)
    dl = set_dilemma(s, 0, "dilemma_forbidden_book")
    set_track(s, "motivation", 0, 3)
    (book,) = set_artifacts(s, 0, ["book"])
    spend_tokens(s, 0, 9)
    spend_tokens(s, 1, 9)
    set_loyalty(s, "icarite", 11)
    kept, other = stack_recruits(s, ["icarite", "euphorian"])
    # player 2 could place their last token on their next turn
    site = space(SITE)
    st = set_site(s, site, "ministry_of_mandatory_smiles", built=True)
    (d1,), _ = set_dice(s, 1, [3])
    set_res(s, 1, energy=1)
    open_turn(s, 1)
    probe = s.clone()
    act(probe, 1, "use_structure_territory", d1, site, st, territory("euphorian"))
    assert probe.is_terminal() and probe.winners_list() == [1]
    open_turn(s, 0)
    act(s, 0, "reveal_dilemma_match", dl, book)
    act(s, 0, "answer", "fight the system")
    act(s, 0, "choose_card", kept)
    assert s.is_terminal()
    assert s.scores() == [10, 9]
    assert tokens_on(s, "recruit_tokens", kept) == [0]
    assert s.winners_list() == [0] and s.returns() == [1.0, -1.0]


# ================================================================ authority tokens


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_territory_holds_as_many_tokens_as_players(players):
    """Setup › 1: unavailable tokens leave as many spaces on each territory as
    there are players; a full territory takes no more authority tokens."""
    s = fresh(players=players)
    site = space(SITE)
    st = set_site(s, site, "ministry_of_mandatory_smiles", built=True)
    tr = territory("euphorian")
    others = [q for q in range(1, players)]
    for i in range(players - 1):
        spend_tokens(s, others[i % len(others)], 1, [("territory_tokens", tr)])
    (d,), _ = set_dice(s, 0, [3])
    set_res(s, 0, energy=2)
    assert (d, site, st, tr) in legal_args(s, "use_structure_territory")
    act(s, 0, "use_structure_territory", d, site, st, tr)
    assert len(s.z["territory_tokens"][tr]) == players
    assert tokens_on(s, "territory_tokens", tr).count(0) == 1
    assert s.scores()[0] == 1
    open_turn(s, 0)
    (d,), _ = set_dice(s, 0, [3])
    assert not [a for a in legal(s, "use_structure_territory") if a.args[3] == tr]
    with pytest.raises(IllegalActionError):
        act(s, 0, "use_structure_territory", d, site, st, tr)


def test_territory_has_no_limit_per_player():
    """On a territory: no limit per player until all spaces are occupied."""
    s = fresh(players=3)
    site = space(SITE)
    st = set_site(s, site, "ministry_of_mandatory_smiles", built=True)
    tr = territory("euphorian")
    spend_tokens(s, 0, 2, [("territory_tokens", tr)])
    (d,), _ = set_dice(s, 0, [3])
    set_res(s, 0, energy=1)
    act(s, 0, "use_structure_territory", d, site, st, tr)
    assert tokens_on(s, "territory_tokens", tr) == [0, 0, 0]


def test_structure_market_token_once_per_structure():
    """On a structure (maximum 1): a player who used its artifact market places
    a token there, and cannot trade there again."""
    s = fresh()
    site = space(SITE)
    st = set_site(s, site, "ministry_of_mandatory_smiles", built=True)
    assert E.F_market_cost[st] == 2
    set_track(s, "motivation", 0, 4)
    hand = set_artifacts(s, 0, ["bear", "book", "plunger", "glasses"])
    (a, b), _ = set_dice(s, 0, [5, 5])
    open_turn(s, 0)
    act(s, 0, "artifact_market", a, site, st)
    act(s, 0, "choose_card", hand[0])
    act(s, 0, "choose_card", hand[1])
    assert tokens_on(s, "structure_tokens", site) == [0]
    assert s.z["artifacts_hand"][0] == hand[2:]
    assert s.scores()[0] == 1
    assert s.current_player() == 0  # the matching die may still be placed
    assert not legal(s, "artifact_market")


def test_market_artifacts_are_paid_before_the_token_is_placed():
    """The Game Turn › 1, Order of Operations: place, pay, then gain.  At a
    market the artifacts are paid first and the authority token placed after,
    so a player who places their last token there has paid when the game ends."""
    s = fresh()
    site = space(SITE)
    st = set_site(s, site, "ministry_of_mandatory_smiles", built=True)
    spend_tokens(s, 0, 9)
    set_track(s, "motivation", 0, 3)
    hand = set_artifacts(s, 0, ["bear", "book", "plunger"])
    (a,), _ = set_dice(s, 0, [5])
    open_turn(s, 0)
    act(s, 0, "artifact_market", a, site, st)
    act(s, 0, "choose_card", hand[0])
    assert s.scores()[0] == 9 and not s.is_terminal()  # no token before the cost is paid
    act(s, 0, "choose_card", hand[1])
    assert s.is_terminal() and s.winners_list() == [0] and s.scores()[0] == 10
    assert s.z["artifacts_hand"][0] == [hand[2]]
    assert s.loc[hand[0]] == s.loc[hand[1]] == ("artifact_discard", None)


def test_the_game_ends_when_the_last_token_is_placed():
    """End of the Game: the game ends as soon as a player places all 10
    authority tokens; that player wins (even with a matching die unplaced)."""
    s = fresh()
    site = space(SITE)
    st = set_site(s, site, "ministry_of_mandatory_smiles", built=True)
    tr = territory("euphorian")
    spend_tokens(s, 0, 9)
    spend_tokens(s, 1, 8)
    (a, b), _ = set_dice(s, 0, [4, 4])
    set_res(s, 0, energy=1)
    open_turn(s, 0)
    act(s, 0, "use_structure_territory", a, site, st, tr)
    assert s.is_terminal()
    assert s.z["supply"][0] == []
    assert s.scores() == [10, 8, 0, 0]
    assert s.winners_list() == [0]
    assert s.returns() == [1.0, -1.0, -1.0, -1.0]
    assert s.current_player() == R.TERMINAL and s.legal_actions() == []


# ================================================================ tie-breakers


def _tie(players=4, seed=3):
    """Players 0 and 1 have placed 9 tokens each and hold an active Euphorian
    recruit at Euphorian loyalty 10: player 0's low-band visit to the Generator
    (a die of 1) reaches Bonus 4, both place their 10th token at once."""
    s = fresh(players, seed)
    set_loyalty(s, "euphorian", 10)
    set_recruits(s, 0, ["euphorian"])
    set_recruits(s, 1, ["euphorian"])
    set_all(s, "motivation", 2)
    set_all(s, "knowledge", 3)
    return s


def _finish_tie(s, p0_dice=(1, 6)):
    (d, *_), _ = set_dice(s, 0, list(p0_dice))
    open_turn(s, 0)
    act(s, 0, "work_area", d, space("generator"))
    assert s.is_terminal()
    assert s.scores()[:2] == [10, 10]
    return s.winners_list()


def test_tie_break_1_highest_motivation():
    s = _tie()
    spend_tokens(s, 0, 9)
    spend_tokens(s, 1, 9)
    set_track(s, "motivation", 1, 3)
    set_track(s, "knowledge", 1, 9)  # a later step that would favour player 0
    assert _finish_tie(s) == [1]


def test_tie_break_2_lowest_knowledge():
    s = _tie()
    spend_tokens(s, 0, 9)
    spend_tokens(s, 1, 9)
    set_track(s, "knowledge", 0, 4)
    assert _finish_tie(s) == [1]


def test_tie_break_3_more_structures():
    s = _tie()
    site = space(SITE)
    set_site(s, site, "ministry_of_mandatory_smiles", built=True)
    spend_tokens(s, 0, 9)
    spend_tokens(s, 1, 8)
    spend_tokens(s, 1, 1, [("structure_tokens", site)])
    assert _finish_tie(s) == [1]


def test_tie_break_3_more_structures_beats_territories():
    s = _tie()
    site = space(SITE)
    set_site(s, site, "ministry_of_mandatory_smiles", built=True)
    spend_tokens(s, 0, 7)
    spend_tokens(s, 0, 2, [("territory_tokens", territory("euphorian")),
                           ("territory_tokens", territory("subterran"))])
    spend_tokens(s, 1, 8)
    spend_tokens(s, 1, 1, [("structure_tokens", site)])
    assert _finish_tie(s) == [1]


def test_tie_break_4_more_territories():
    """More territories with at least 1 token: 2 tokens on one territory count
    for one."""
    s = _tie()
    eu, sub = territory("euphorian"), territory("subterran")
    spend_tokens(s, 0, 7)
    spend_tokens(s, 0, 2, [("territory_tokens", eu)])
    spend_tokens(s, 1, 7)
    spend_tokens(s, 1, 2, [("territory_tokens", eu), ("territory_tokens", sub)])
    assert _finish_tie(s) == [1]


def test_tie_break_5_roll_off_is_fair_whatever_the_dice_left():
    """Step 5 is a roll-off (spec ruling): each player still tied rolls one die,
    lowest wins.  A player with no available worker no longer always wins, nor
    does the one with fewer dice: over 200 seeds each tied player wins a fair
    share."""
    wins = Counter()
    for seed in range(200):
        s = _tie(seed=seed)
        spend_tokens(s, 0, 9)
        spend_tokens(s, 1, 9)
        set_dice(s, 1, [], on=[(space("farm"), 3)])  # no available worker at all
        winners = _finish_tie(s, (1, 6, 6, 6))  # 3 dice left after the placement
        assert len(winners) == 1
        wins[winners[0]] += 1
    assert 70 <= wins[0] <= 130 and wins[0] + wins[1] == 200, wins


def test_tie_break_5_rolls_one_die_each_lowest_wins():
    """The roll-off with known rolls: the tied players roll in seat order, one
    die each; the lowest wins; players tied for the lowest roll again."""
    s = _tie(players=2)
    spend_tokens(s, 0, 9)
    spend_tokens(s, 1, 9)
    (d, *_), _ = set_dice(s, 0, [1, 6])
    open_turn(s, 0)
    force_next_rolls(s, [4, 4, 5, 2])  # a tie at 4, then player 2 rolls lower
    act(s, 0, "work_area", d, space("generator"))
    assert s.is_terminal() and s.scores() == [10, 10]
    assert s.winners_list() == [1]


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_tie_break_5_always_breaks_the_tie(seed):
    s = _tie(seed=seed)
    spend_tokens(s, 0, 9)
    spend_tokens(s, 1, 9)
    set_dice(s, 1, [2, 5])
    winners = _finish_tie(s, (1, 6))
    assert len(winners) == 1 and winners[0] in (0, 1)


def test_players_short_of_ten_never_win_the_tie():
    s = _tie()
    spend_tokens(s, 0, 9)
    spend_tokens(s, 1, 9)
    spend_tokens(s, 2, 9)  # 9 tokens, no Euphorian recruit
    set_track(s, "motivation", 2, 6)  # would win step 1, but has not placed 10
    set_track(s, "motivation", 1, 3)
    assert _finish_tie(s) == [1]


# ================================================================ rulings where the rulebook is silent


def test_a_worker_can_be_retrieved_from_an_unfinished_construction_site():
    """Spec ruling on construction sites: a worker on a site that is not
    finished may be retrieved like any other; the fee is not returned, and the
    site then needs another worker."""
    s = fresh()
    site = space(SITE)  # needs 2 workers
    st = set_site(s, site, "ministry_of_mandatory_smiles")
    (d,), _ = set_dice(s, 0, [4])
    set_res(s, 0, gold=1)
    act(s, 0, "build_site", d, site)
    assert s.z["workers_on"][site] == [d] and res(s, 0)["gold"] == 0
    open_turn(s, 0)
    assert ((d,),) in legal_args(s, "retrieve_free")
    act(s, 0, "retrieve_free", (d,))
    assert s.loc[d] == ("available", 0) and s.z["workers_on"][site] == []
    assert res(s, 0)["gold"] == 0
    (e,), _ = set_dice(s, 1, [3])
    set_res(s, 1, stone=1, gold=1)
    open_turn(s, 1)
    act(s, 1, "build_site", e, site)  # one worker again: not finished
    assert s.z["structure_slot"][site] == [st] and s.z["built_structure"][site] == []
    assert s.scores() == [0, 0, 0, 0]


def test_a_structure_penalty_is_one_hit_at_completion():
    """Spec ruling on penalties: each player without a token on the completed
    structure suffers its penalty once, then; a token placed later at its
    market gives nothing back, and nothing more is lost."""
    s = fresh()
    site = space(SITE)
    st = set_site(s, site, "ministry_of_mandatory_smiles")  # lose 1 motivation
    set_all(s, "motivation", 3)
    set_dice(s, 1, [], on=[(site, 5)])
    (d,), _ = set_dice(s, 0, [4])
    set_res(s, 0, gold=1)
    act(s, 0, "build_site", d, site)
    assert s.tr["motivation"] == [3, 3, 2, 2]
    hand = set_artifacts(s, 2, ["bear", "book"])
    (x,), _ = set_dice(s, 2, [3])
    open_turn(s, 2)
    act(s, 2, "artifact_market", x, site, st)
    act(s, 2, "choose_card", hand[0])
    act(s, 2, "choose_card", hand[1])
    assert sorted(tokens_on(s, "structure_tokens", site)) == [0, 1, 2]
    assert s.tr["motivation"] == [3, 3, 2, 2]
    (y,), _ = set_dice(s, 3, [2])
    open_turn(s, 3)
    act(s, 3, "work_area", y, space("farm"))  # later turns take nothing more
    assert s.tr["motivation"] == [3, 3, 2, 2]


def test_icarite_structures_built_at_setup_inflict_no_penalty():
    """Setup › 2: an Icarite structure comes built, never completed, so nobody
    suffers its penalty (spec ruling on penalties)."""
    for seed in range(300):
        s = new_state(4, seed)
        if any(s.z["built_structure"][sp] for sp in s.z["board_spaces"]):
            break
    else:
        pytest.skip("no Icarite structure drawn among the seeds")
    assert s.tr["motivation"] == [1] * 4 and s.tr["knowledge"] == [3] * 4
    assert all(r == [0] * len(E.RESOURCES) for r in s.res)


def test_a_visit_that_reaches_bonus_one_earns_it_from_the_next_visit():
    """Spec ruling on bonuses: the low band advances loyalty from 1 to 2 (Bonus
    1), and that visit pays 1 energy; the next visit, at Bonus 1, pays 2."""
    s = fresh()
    gen = space("generator")
    set_recruits(s, 0, ["euphorian"])
    (a, b), _ = set_dice(s, 0, [1, 1])
    set_res(s, 0)
    open_turn(s, 0)
    act(s, 0, "work_area", a, gen)
    assert s.gtr["loyalty"]["euphorian"] == 2 and res(s, 0)["energy"] == 1
    act(s, 0, "work_area", b, gen)  # the matching die: total 2, low band again
    assert s.gtr["loyalty"]["euphorian"] == 3 and res(s, 0)["energy"] == 1 + 2


def test_a_visit_that_reaches_icarite_bonus_two_offers_no_purchase_yet():
    """The same for the Icarites' Bonus 2: the Cloud Mine visit that raises
    their loyalty from 4 to 5 pays its bliss (with Bonus 1) but offers no
    purchase; the next visit does."""
    s = fresh()
    mine = space("cloud_mine")
    set_recruits(s, 0, ["icarite"])
    set_loyalty(s, "icarite", 4)
    (a, b), _ = set_dice(s, 0, [1, 1])
    set_res(s, 0)
    open_turn(s, 0)
    act(s, 0, "work_area", a, mine)
    assert s.gtr["loyalty"]["icarite"] == 5 and res(s, 0)["bliss"] == 2
    assert not s.pending and s.current_player() == 0
    act(s, 0, "work_area", b, mine)
    assert {x.args[0] for x in s.legal_actions()} >= {"buy energy", "buy nothing"}


def test_motivation_never_drops_below_the_leftmost_space():
    """Spec ruling on the motivation track: players start on the leftmost space
    (1) and never drop below it.  A free retrieval there loses nothing, and the
    artifact limit stays 2: there is no motivation 0."""
    s = fresh()
    gen = space("generator")
    _, (a,) = set_dice(s, 0, [], on=[(gen, 1)])
    assert s.tr["motivation"][0] == 1
    hand = set_artifacts(s, 0, ["bear", "book"])  # the limit at motivation 1
    act(s, 0, "retrieve_free", (a,))
    assert s.tr["motivation"][0] == 1
    assert not s.pending and s.z["artifacts_hand"][0] == hand
    assert s.current_player() == 1



# ================================================================ first player


def _setup_rolls(s):
    return [values(s, s.z["available"][p]) for p in range(s.n)]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_first_player_has_the_highest_total_and_keeps_the_values(players):
    """Setup › 13: each player rolls their 2 dice; the highest result starts;
    the values are kept as the workers' initial knowledge."""
    for seed in range(20):
        s = new_game(players, seed).new_initial_state()
        rolls = _setup_rolls(s)
        assert all(len(r) == 2 for r in rolls)
        sums = [sum(r) for r in rolls]
        assert sums[s.first] == max(sums)
        advance_to_play(s)
        assert _setup_rolls(s) == rolls
        assert s.current_player() == s.first


def test_first_player_tie_goes_to_the_earliest_seat():
    """'In case of a tie, the oldest player wins': the engine gives it to the
    earliest seat among the tied."""
    found = 0
    for seed in range(300):
        for players in (3, 4, 5, 6):
            s = new_game(players, seed).new_initial_state()
            sums = [sum(r) for r in _setup_rolls(s)]
            tied = [p for p in range(players) if sums[p] == max(sums)]
            if len(tied) > 1:
                assert s.first == tied[0]
                found += 1
    assert found >= 5


def test_matching_setup_dice_form_a_set_on_the_first_turn():
    """The kept values count: a first player with a double places both dice."""
    for seed in range(300):
        s = new_state(4, seed)
        p = s.current_player()
        r = values(s, available(s, p))
        if r[0] == r[1]:
            break
    else:
        pytest.skip("no double among the seeds")
    a, b = available(s, p)
    act(s, p, "work_area", a, space("farm"))
    assert s.current_player() == p
    assert dice_placeable(s) == {b}


# ================================================================ no workers left


def test_the_game_ends_when_no_player_can_act():
    """When every player has lost all their workers (to the knowledge check)
    nobody can act: the game ends there and the tie-breakers decide (spec
    ruling on the flow; the rulebook does not cover the case).  Run in a child
    process so that an engine that loops forever fails instead of hanging."""
    here = Path(__file__).parent
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(here.parent.parent), str(here)]))
    try:
        out = subprocess.run([sys.executable, "-c", NO_WORKERS], env=env, capture_output=True,
                             text=True, timeout=10)
    except subprocess.TimeoutExpired:
        pytest.fail("apply_action did not return within 10 s")
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["terminal", "[0]"]


NO_WORKERS = textwrap.dedent("""
    from euphoria_arrange import *
    s = new_state(2, 3)
    clear_all_recruits(s)
    gen = space("generator")
    set_dice(s, 0, [])  # player 0 has lost every worker to the knowledge check
    _, (d,) = set_dice(s, 1, [], on=[(gen, 1)])
    set_track(s, "knowledge", 1, 15)  # any roll of player 1's last die loses it
    open_turn(s, 1)
    act(s, 1, "retrieve_free", (d,))  # player 0 wins step 2 (knowledge 3 against 15)
    assert s.z["available"][1] == [] and s.loc[d] == ("pool", 1)
    print("terminal" if s.is_terminal() else "running", s.winners_list())
""")
