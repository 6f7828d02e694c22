"""The Anachrony player aid's rules, as scenarios.

Each test arranges a state with the helpers of ``anachrony_arrange.py`` and then acts
through ``apply_action`` only, asserting what the aid (shared/rulebooks/anachrony.txt)
prescribes; each docstring names its section.  Values the aid prints (3 Water, 1 extra
Water, 1 Titanium less, up to 6 Exosuits, 0 to 2 warp tiles, the third Paradox token,
-2 VP a warp, 3 VP a card, 1 VP a Breakthrough and 2 a set, -3 power without a slot) are
written here; values it does not print come from specs/anachrony.rules and its cards.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from generated import _runtime as R

sys.path.insert(0, str(Path(__file__).parent))

from anachrony_arrange import (  # noqa: E402
    A,
    act,
    advance_to,
    advance_through,
    amount,
    card,
    give,
    legal,
    legal_args,
    new_state,
    next_outcome,
    open_turn,
    passive_step,
    place_warp,
    res,
    set_global,
    set_path,
    set_res,
    set_track,
    tile,
    touch,
    warp_of,
    warps_on,
)

BASICS = {"water": 10, "ore[titanium]": 3, "ore[gold]": 3, "ore[uranium]": 3, "energy_core": 3,
          "active[engineer]": 1, "active[scientist]": 1, "active[administrator]": 1, "active[genius]": 1,
          "suit_powered": 3, "path_marker": 5}


def in_action_rounds(players=2, seed=1, player=0, **extra):
    """A state in the first Action Rounds, ``player`` to act, with the basic resources."""
    s = new_state(players, seed)
    advance_to(s, "action_rounds")
    for p in range(s.n):
        set_res(s, p, {**BASICS, **extra})
    open_turn(s, player)
    return s


# ---------------------------------------------------------------- Preparation
def test_preparation_reveals_the_era_and_fills_the_pools():
    """Gameplay › Preparation Phase: the present tile's Superproject and Experiment face
    up, the top building of each stack beside it, the Recruit pool from the card drawn,
    the Mine spaces stocked top to bottom from the Mine card."""
    s = new_state(2, 1)
    advance_to(s, "power_up")
    assert len(s.z["project_shown"][tile(1)]) == 1 and len(s.z["experiment_shown"][tile(1)]) == 1
    assert not s.z["project_shown"][tile(2)] and len(s.z["project_hidden"][tile(2)]) == 1
    for site in A.CARDS_OF["site"]:
        assert len(s.z["beside"][site]) == 1 and len(s.z["stack"][site]) == 2
    recruit = s.z["recruit_shown"][0]
    assert list(s.stk["recruit_pool"]) == list(A.F_workers[recruit])
    cubes = A.F_cubes[s.z["mine_shown"][0]]
    for row in (1, 2, 3):
        held = s.stk["cubes"][card(f"mine_space_{row}")]
        assert held[A.RESOURCES.index(f"ore[{cubes[row - 1]}]")] == 1 and sum(held) == 1


def test_after_the_impact_the_top_mine_space_holds_neutronium():
    """Gameplay › Preparation Phase: after the Impact, Neutronium on the topmost spot."""
    s = new_state(2, 1)
    advance_to(s, "action_rounds")
    set_global(s, "impacted", 1)
    advance_to(s, "power_up", rnd=2)
    top = s.stk["cubes"][card("mine_space_1")]
    assert top[A.RESOURCES.index("ore[neutronium]")] == 1 and sum(top) == 1


# ---------------------------------------------------------------- Paradox
def _paradox_state(warps):
    """Era 2's Paradox Phase about to run, with ``warps`` (player, asset, era) placed."""
    s = new_state(2, 1)
    advance_to(s, "action_rounds")
    for p, asset, era in warps:
        place_warp(s, p, asset, era)
    return s


def to_paradox(s):
    """From the Action Rounds, on to the next Paradox Phase: stop at its first question
    (an Anomaly), or once it is over (the next Power Up)."""
    for _ in range(5000):
        if s.phase == "power_up" or (s.phase == "paradox_phase" and s.pending):
            return s
        passive_step(s)
    raise AssertionError("no Paradox Phase")


def _rolls(faces):
    def check(c):
        to_paradox(c)
        return [c.tr["paradox"][p] for p in range(c.n)] == faces
    return check


def test_the_player_with_most_warps_on_a_tile_rolls_for_paradox():
    """Gameplay › Paradox Phase: only the players with the most warp tiles on a tile roll."""
    s = _paradox_state([(0, "water_a", 1), (0, "energy_a", 1), (1, "water_a", 1)])
    next_outcome(s, _rolls([2, 0]))
    to_paradox(s)
    assert s.tr["paradox"] == [2, 0]


def test_players_tied_for_most_warps_all_roll():
    """Gameplay › Paradox Phase (ruling: ties): both players with one warp tile roll."""
    s = _paradox_state([(0, "water_a", 1), (1, "water_a", 1)])
    next_outcome(s, _rolls([1, 1]))
    to_paradox(s)
    assert s.tr["paradox"] == [1, 1]


def test_a_third_paradox_token_brings_an_anomaly():
    """Gameplay (the Anomaly): the third token resets the tokens, the player may take a
    warp tile back, and an Anomaly tile takes the leftmost free building spot."""
    s = _paradox_state([(0, "water_a", 1)])
    set_track(s, "paradox", 0, 2)
    next_outcome(s, _struck)
    to_paradox(s)
    assert s.phase == "paradox_phase" and s.pending  # may retrieve a warp tile
    w = warp_of(0, "water_a")
    act(s, 0, "retrieve_warp", tile(1), w)
    assert s.loc[w] == ("warp_supply", 0)
    assert s.tr["paradox"][0] == 0 and s.tr["struck"][0] == 1
    assert len(s.z["anomalies_held"][0]) == 1
    rows = legal_args(s, "seat_anomaly")
    assert rows == {("power_plant",), ("factory",), ("life_support",), ("laboratory",)}
    act(s, 0, "seat_anomaly", "factory")
    assert amount(s, 0, "filler[factory]") == 1


def _struck(c):
    to_paradox(c)
    return c.phase == "paradox_phase" and c.tr["paradox"][0] == 0 and c.tr["struck"][0] == 1


def test_an_anomaly_with_no_free_spot_blocks_a_building():
    """Gameplay: no free building spot, so the Anomaly covers a building, blocked."""
    s = _paradox_state([(0, "water_a", 1)])
    for k in ("power_plant", "factory", "life_support", "laboratory"):
        s.res[0][A.RESOURCES.index(f"filler[{k}]")] = 3
    b = give(s, 0, "factory_1", "buildings_built")
    s.res[0][A.RESOURCES.index("filler[factory]")] = 2
    s.res[0][A.RESOURCES.index("filler[power_plant]")] = 3
    set_track(s, "paradox", 0, 2)
    next_outcome(s, _struck)
    to_paradox(s)
    act(s, 0, "decline")
    assert legal_args(s, "choose_card") == {(b,)}
    act(s, 0, "choose_card", b)
    assert s.cst["blocked"][b] is True
    a = s.z["anomalies_held"][0][0]
    assert s.cst["blocks"][a] == b


# ---------------------------------------------------------------- Power Up
def test_power_up_to_six_exosuits_and_water_for_each_empty_hex():
    """Gameplay › Power Up Phase: up to 6 Exosuits, 1 Water for each empty hex."""
    s = new_state(2, 1)
    advance_to(s, "power_up")
    p = s.current_player()
    set_res(s, p, {"suit": 6, "energy_core": 0, "water": 0})
    for _ in range(3):
        act(s, p, "power_suit")  # the first three hexes cost nothing (provisional)
    assert not legal(s, "power_suit")  # the fourth costs an Energy Core
    act(s, p, "end_power_up")
    assert amount(s, p, "water") == 3 and amount(s, p, "suit_powered") == 3


def test_no_more_than_six_exosuits_are_powered():
    """Gameplay › Power Up Phase: up to 6."""
    s = new_state(2, 1)
    advance_to(s, "power_up")
    p = s.current_player()
    set_res(s, p, {"suit": 8, "energy_core": 9})
    for _ in range(6):
        act(s, p, "power_suit")
    assert not legal(s, "power_suit")
    act(s, p, "end_power_up")
    assert amount(s, p, "water") == 0


# ---------------------------------------------------------------- Warp
def test_warp_tiles_are_placed_on_the_present_tile_and_bring_their_assets():
    """Gameplay › Warp Phase: 0 to 2 tiles, placed on the present tile; a worker costs
    1 Water; an Exosuit arrives powered."""
    s = new_state(2, 1)
    advance_to(s, "warp_phase")
    set_res(s, 0, {"water": 1})
    set_res(s, 1, {"water": 0})
    act(s, 0, "pick_warp", warp_of(0, "engineer_a"))
    act(s, 0, "pick_warp", warp_of(0, "exosuit_a"))
    assert not legal(s, "pick_warp")  # two at most
    act(s, 0, "end_warp")
    act(s, 1, "pick_warp", warp_of(1, "scientist_a"))
    assert s.z["warps_on"][tile(1)] == []  # secret until everyone has chosen
    act(s, 1, "end_warp")
    placed = {warp_of(0, "engineer_a"), warp_of(0, "exosuit_a"), warp_of(1, "scientist_a")}
    assert set(warps_on(s, 1)) == placed
    assert res(s, 0).get("active[engineer]") == 1 and amount(s, 0, "water") == 0
    assert amount(s, 0, "suit_powered") == 1
    assert amount(s, 1, "active[scientist]") == 0  # no Water to pay for the worker


# ---------------------------------------------------------------- main-board actions
def test_construct_refuses_administrators_and_saves_an_engineer_a_titanium():
    """Actions › Main Board Actions › Construct: no Administrator; an Engineer pays 1
    Titanium less; the building goes to the leftmost spot of its row."""
    s = in_action_rounds()
    spaces = {sp for (w, sp) in legal_args(s, "place_exosuit") if w == "administrator"}
    assert card("construct_1") not in spaces
    act(s, 0, "place_exosuit", "engineer", card("construct_1"))
    act(s, 0, "construct", "engineer")
    site = card("factory_stack")
    top = s.z["stack"][site][-1]
    act(s, 0, "build_building", "engineer", site, "stack_top")
    assert top in s.z["buildings_built"][0]
    # spot 1 costs 1 Titanium (provisional); the Engineer saves it
    assert amount(s, 0, "ore[titanium]") == 3 and amount(s, 0, "ore[gold]") == 3


def test_a_scientist_pays_the_full_spot_cost():
    """Actions › Main Board Actions › Construct: only an Engineer gets the saving."""
    s = in_action_rounds()
    act(s, 0, "place_exosuit", "scientist", card("construct_1"))
    act(s, 0, "construct", "scientist")
    act(s, 0, "build_building", "scientist", card("factory_stack"), "beside_top")
    assert amount(s, 0, "ore[titanium]") == 2


def test_recruit_takes_a_worker_from_the_pool_with_its_bonus():
    """Actions › Main Board Actions › Recruit: no Scientist; an Engineer cannot take a
    Genius; the worker joins the Active column with its bonus."""
    s = in_action_rounds()
    assert not any(w == "scientist" and sp == card("recruit_1") for w, sp in legal_args(s, "place_exosuit"))
    s.stk["recruit_pool"][A.RESOURCES.index("active[genius]")] = 1
    s.stk["recruit_pool"][A.RESOURCES.index("active[engineer]")] = 1
    act(s, 0, "place_exosuit", "engineer", card("recruit_1"))
    assert ("engineer", "genius") not in legal_args(s, "recruit")
    act(s, 0, "recruit", "engineer", "engineer")
    assert amount(s, 0, "active[engineer]") == 1  # the one placed is busy; the recruit is active
    assert amount(s, 0, "ore[titanium]") == 4


def test_research_only_by_a_scientist_takes_the_shape_set():
    """Actions › Main Board Actions › Research: only a Scientist (or a Genius)."""
    s = in_action_rounds()
    placing = legal_args(s, "place_exosuit")
    assert ("engineer", card("research_1")) not in placing
    assert ("administrator", card("research_1")) not in placing
    act(s, 0, "place_exosuit", "scientist", card("research_1"))
    act(s, 0, "research", "scientist", "triangle")
    assert amount(s, 0, "breakthrough[triangle]") == 1


def test_world_council_copies_with_the_restrictions_of_the_copied_space():
    """Actions › Main Board Actions › World Council: a Scientist copies Construct or
    Research, never Recruit."""
    s = in_action_rounds()
    act(s, 0, "place_exosuit", "scientist", card("council_1"))
    act(s, 0, "world_council", "scientist")
    names = {a.name for a in legal(s)}
    assert "research" in names and "construct" in names and "recruit" not in names


def test_mine_takes_the_cube_and_one_resource_and_keeps_an_engineer_motivated():
    """Actions › Main Board Actions › Mine Resource."""
    s = in_action_rounds()
    cube = [A.RESOURCES[i] for i, n in enumerate(s.stk["cubes"][card("mine_space_2")]) if n][0]
    before = amount(s, 0, cube)
    act(s, 0, "place_exosuit", "engineer", card("mine_space_2"))
    act(s, 0, "mine", "engineer", "gold")
    assert amount(s, 0, cube) == before + 1 + (cube == "ore[gold]")
    assert amount(s, 0, "busy_fresh[engineer]") == 1


def test_purify_water_gives_three_and_a_scientist_one_more():
    """Actions › Main Board Actions › Purify Water: 3 Water; a Scientist takes 1 extra."""
    s = in_action_rounds()
    act(s, 0, "place_exosuit", "engineer", card("purify_pool"))
    act(s, 0, "purify", "engineer")
    assert amount(s, 0, "water") == 13
    open_turn(s, 1)
    act(s, 1, "place_exosuit", "scientist", card("purify_pool"))  # a pool: any number
    act(s, 1, "purify", "scientist")
    assert amount(s, 1, "water") == 14


def test_an_administrator_may_trade_twice_with_the_nomads():
    """Actions › Main Board Actions › Trade with Nomads."""
    s = in_action_rounds()
    act(s, 0, "place_exosuit", "administrator", card("trade_pool"))
    act(s, 0, "trade_nomads", "administrator", card("water_for_titanium"))
    act(s, 0, "extra_trade", card("water_for_titanium"))
    assert amount(s, 0, "water") == 4 and amount(s, 0, "ore[titanium]") == 5


def test_a_hex_takes_one_exosuit():
    """Actions: Hex spaces can only be used by a single Exosuit."""
    s = in_action_rounds()
    act(s, 0, "place_exosuit", "engineer", card("mine_space_1"))
    act(s, 0, "mine", "engineer", "gold")
    open_turn(s, 1)
    assert all(sp != card("mine_space_1") for _, sp in legal_args(s, "place_exosuit"))


def test_the_lowest_capital_spaces_are_for_four_players_only():
    """Actions: the lowest Capital spaces only in a 4-player game."""
    two = in_action_rounds(2)
    four = in_action_rounds(4)
    assert all(sp != card("construct_4") for _, sp in legal_args(two, "place_exosuit"))
    assert any(sp == card("construct_4") for _, sp in legal_args(four, "place_exosuit"))


def test_evacuation_opens_at_the_impact_once_per_game():
    """Actions › Main Board Actions › Evacuation."""
    s = in_action_rounds()
    assert all(sp != card("evacuation_pool") for _, sp in legal_args(s, "place_exosuit"))
    set_global(s, "impacted", 1)
    set_path(s, 0, "harmony")
    act(s, 0, "place_exosuit", "engineer", card("evacuation_pool"))
    vp = s.tr["vp"][0]
    act(s, 0, "evacuate", "engineer", card("harmony"))
    assert s.tr["vp"][0] == vp + A.F_evac_vp[card("harmony")]
    assert amount(s, 0, "water") >= 4  # the assets are not discarded
    open_turn(s, 0)
    act(s, 0, "place_exosuit", "scientist", card("evacuation_pool"))
    assert not legal(s, "evacuate")


# ---------------------------------------------------------------- player-board actions
def test_supply_spends_water_equal_to_morale_and_wakes_every_tired_worker():
    """Actions › Player Board Actions › Supply."""
    s = in_action_rounds(**{"tired[engineer]": 2, "tired[genius]": 1})
    set_track(s, "morale", 0, 4)
    act(s, 0, "supply_workers", "administrator")
    assert amount(s, 0, "water") == 6
    assert amount(s, 0, "active[engineer]") == 3 and amount(s, 0, "active[genius]") == 2
    assert s.tr["morale"][0] == 5
    assert amount(s, 0, "busy_fresh[administrator]") == 1  # kept motivated


def test_force_workers_costs_morale_or_a_worker_at_the_end_of_the_track():
    """Actions › Player Board Actions › Force Workers: a free action with a Path marker."""
    s = in_action_rounds(**{"tired[scientist]": 1})
    set_track(s, "morale", 0, 1)
    act(s, 0, "force_workers")
    assert amount(s, 0, "path_marker") == 4 and amount(s, 0, "active[scientist]") == 2
    act(s, 0, "lose_worker", "scientist")
    assert amount(s, 0, "active[scientist]") == 1
    assert s.current_player() == 0  # a free action: the main action is still to come
    assert not legal(s, "force_workers")  # once an era


def test_time_travel_pays_back_a_past_warp_and_advances_time_travel():
    """Actions › Player Board Actions › Power Plant Buildings / Time Travel: the Focus
    moves back within the range; the asset sent back is of the exact type, from the Active
    column; the Time Travel marker moves only if the Focus moved."""
    s = new_state(2, 1)
    advance_to(s, "action_rounds", rnd=3)
    set_res(s, 0, BASICS)
    open_turn(s, 0)
    give(s, 0, "power_plant_2", "buildings_built")
    w = place_warp(s, 0, "engineer_a", 2)
    present = place_warp(s, 0, "water_a", 3)
    assert ("engineer", card("power_plant_2"), 2) in legal_args(s, "use_power_plant")
    act(s, 0, "use_power_plant", "scientist", card("power_plant_2"), 1)
    assert s.tr["focus"][0] == 2
    act(s, 0, "send_back", 1, tile(2), w)
    assert s.loc[w] == ("warp_supply", 0) and amount(s, 0, "active[engineer]") == 0
    assert s.tr["time_travel"][0] == 1
    assert s.loc[present] == ("warps_on", tile(3))


def test_a_genius_cannot_pay_back_an_engineer_warp():
    """Actions › Player Board Actions › Power Plant Buildings / Time Travel: exact type."""
    s = new_state(2, 1)
    advance_to(s, "action_rounds", rnd=2)
    set_res(s, 0, {**BASICS, "active[engineer]": 0})
    open_turn(s, 0)
    give(s, 0, "power_plant_1", "buildings_built")
    place_warp(s, 0, "engineer_a", 1)
    act(s, 0, "use_power_plant", "genius", card("power_plant_1"), 1)
    assert not legal(s, "send_back")


def test_removing_an_anomaly_discards_a_worker_and_its_assets():
    """Actions › Player Board Actions › Anomalies."""
    s = in_action_rounds()
    a = s.z["anomaly_pile"][-1]
    assert R.move(s, s.g, a, "anomalies_held", 0)
    s.cst["seated"][a] = True
    s.cst["in_row"][a] = "laboratory"
    s.res[0][A.RESOURCES.index("filler[laboratory]")] = 1
    touch(s)
    act(s, 0, "remove_anomaly", "engineer", a)
    assert a not in s.z["anomalies_held"][0]
    assert amount(s, 0, "active[engineer]") == 0 and amount(s, 0, "busy_tired[engineer]") == 0
    assert amount(s, 0, "filler[laboratory]") == 0


def test_power_upgrade_on_the_path_of_dominance_needs_an_engineer():
    """Actions › Player Board Actions › Power Upgrade."""
    s = in_action_rounds()
    set_path(s, 0, "dominance")
    assert {w for w, _ in legal_args(s, "power_upgrade")} == {"engineer", "genius"}
    act(s, 0, "power_upgrade", "engineer", "gold")
    assert s.tr["power"][0] == 1


def test_sensor_upgrade_takes_one_breakthrough_of_each_shape():
    """Actions › Player Board Actions › Sensor Upgrade: Scientists only (but on the Path
    of Salvation); 2 VP, or 2 Power on the Path of Harmony."""
    s = in_action_rounds(**{"breakthrough[circle]": 2})
    set_path(s, 0, "progress")
    assert {w for w, _ in legal_args(s, "sensor_upgrade")} == {"scientist", "genius"}
    vp = s.tr["vp"][0]
    act(s, 0, "sensor_upgrade", "scientist", "circle")
    assert s.tr["vp"][0] == vp + 2 and amount(s, 0, "sensor[circle]") == 1


# ---------------------------------------------------------------- Clean Up and the Impact
def test_clean_up_returns_workers_by_motivation_and_exosuits():
    """Gameplay › Clean Up Phase."""
    s = in_action_rounds()
    act(s, 0, "place_exosuit", "engineer", card("mine_space_1"))  # motivates Engineers
    act(s, 0, "mine", "engineer", "gold")
    open_turn(s, 0)
    act(s, 0, "place_exosuit", "scientist", card("mine_space_2"))
    act(s, 0, "mine", "scientist", "gold")
    advance_through(s, "action_rounds")
    advance_through(s, "clean_up")
    assert amount(s, 0, "active[engineer]") == 1 and amount(s, 0, "tired[scientist]") == 1
    assert amount(s, 0, "suit_out") == 0 and amount(s, 0, "suit_powered") >= 0


def test_the_impact_strikes_when_it_follows_the_present_tile():
    """Gameplay › Clean Up Phase: the Impact, its Collapsing Capitals (one per player for
    each Capital Action) and 2 hexes covered on each board."""
    s = new_state(2, 1)
    advance_to(s, "action_rounds")
    set_global(s, "impact_at", 1)
    set_global(s, "save_earth", 0)
    next_outcome(s, lambda c: (advance_through(c, "action_rounds"), advance_through(c, "clean_up"))
                 and c.gtr["impacted"] == 1)
    advance_through(s, "action_rounds")
    advance_through(s, "clean_up")
    assert s.gtr["impacted"] == 1
    collapsing = [A.CARD_NAMES[sp] for sp in s.z["board_spaces"] if s.cst["collapse"][sp] == 1]
    capitals = ("construct", "recruit", "research")
    assert sorted(collapsing) == sorted(f"{a}_{r}" for a in capitals for r in (1, 2))
    assert s.tr["hexes_lost"] == [2, 2]


def test_the_impact_never_moves_behind_the_present_era():
    """Gameplay › Clean Up Phase: more - than + moves it left, never behind the era."""
    s = new_state(2, 1)
    advance_to(s, "action_rounds", rnd=2)
    set_global(s, "impact_at", 3)
    set_global(s, "seal_fate", 4)  # 2 - symbols
    advance_through(s, "action_rounds")
    advance_through(s, "clean_up")
    assert s.gtr["impact_at"] >= 2


def test_a_collapsing_capital_flips_when_its_exosuit_leaves():
    """Gameplay › Clean Up Phase."""
    s = in_action_rounds()
    s.cst["collapse"][card("construct_1")] = 1
    act(s, 0, "place_exosuit", "engineer", card("construct_1"))
    act(s, 0, "construct", "engineer")
    act(s, 0, "build_building", "engineer", card("factory_stack"), "stack_top")
    advance_through(s, "action_rounds")
    advance_through(s, "clean_up")
    assert s.cst["collapse"][card("construct_1")] == 2


def test_the_first_player_space_makes_its_taker_first():
    """Gameplay › Clean Up Phase (ruling: the unnamed action)."""
    s = in_action_rounds(player=1)
    assert s.first == 0
    act(s, 1, "claim_first")
    open_turn(s, 0)
    assert not legal(s, "claim_first")
    advance_through(s, "action_rounds")
    advance_through(s, "clean_up")
    assert s.first == 1


# ---------------------------------------------------------------- final scoring
def last_era(endgames=()):
    """Era 7's Action Rounds, nobody holding anything, no VP, Morale 1 (0 VP), and only
    the Endgame Condition cards ``endgames`` face up."""
    s = new_state(2, 1)
    advance_to(s, "action_rounds", rnd=7)
    for e in list(s.z["endgame_row"]):
        R.move(s, s.g, e, "endgame_pile", None)
    for e in endgames:
        assert R.move(s, s.g, card(e), "endgame_row", None)
    for p in (0, 1):
        set_res(s, p, {})
        s.tr["vp"][p] = 0
        s.tr["morale"][p] = 1
    touch(s)
    return s


def advance_to_end(s):
    while not s.is_terminal():
        passive_step(s)


def test_final_scoring():
    """End of the Game: each warp paid back if it can be (no VP), -2 VP for each left;
    1 VP a Breakthrough and 2 VP a set of three shapes; 3 VP for the best on a card."""
    s = last_era(["scholars"])
    water = place_warp(s, 0, "water_a", 2)
    place_warp(s, 0, "engineer_a", 3)
    set_res(s, 0, {"water": 2, "breakthrough[circle]": 2, "breakthrough[square]": 1,
                   "breakthrough[triangle]": 1})
    advance_through(s, "action_rounds")
    advance_to_end(s)
    assert s.loc[water] == ("warp_supply", 0) and amount(s, 0, "water") == 0
    assert s.tr["time_travel"][0] == 0
    assert s.scores() == [-2 + 4 + 2 + 3, 0]
    assert s.winners_list() == [0]


def test_every_player_tied_for_the_best_on_a_card_scores_it():
    """End of the Game (ruling: ties on a card): both players with 1 Breakthrough score 3."""
    s = last_era(["scholars"])
    for p in (0, 1):
        set_res(s, p, {"breakthrough[circle]": 1})
    advance_through(s, "action_rounds")
    advance_to_end(s)
    assert s.scores() == [4, 4]


@pytest.mark.parametrize("held, winner", [
    ([{"water": 1, "ore[gold]": 5}, {"water": 2}], 1),            # more Water first
    ([{"water": 2, "ore[gold]": 1}, {"water": 2, "energy_core": 2}], 1),  # then resources
    ([{"water": 2, "ore[gold]": 3}, {"water": 2}], 0),
])
def test_ties_are_broken_by_water_then_resources(held, winner):
    """End of the Game: ties broken by most Water, then total number of resources."""
    s = last_era()
    for p in (0, 1):
        set_res(s, p, held[p])
    advance_through(s, "action_rounds")
    advance_to_end(s)
    assert s.scores() == [0, 0]
    assert s.winners_list() == [winner]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_game_ends_by_the_seventh_era(players):
    """Gameplay › Clean Up Phase: the end check; this is the 7th era at the latest."""
    s = new_state(players, 2)
    advance_to_end(s)
    assert s.round <= 7 and s.gtr["finished"] == 1
    assert s.outcome()["end"] in ("capitals_fall", "seventh_era")


def test_the_game_ends_when_the_last_collapsing_capital_flips():
    """Gameplay › Clean Up Phase (ruling: two ends): every Collapsing Capital flipped ends
    the game after that Clean Up, before the seventh era."""
    s = in_action_rounds()
    set_global(s, "impacted", 1)
    for name in ("construct_1", "construct_2", "recruit_1", "recruit_2", "research_1"):
        s.cst["collapse"][card(name)] = 2
    s.cst["collapse"][card("research_2")] = 1
    touch(s)
    act(s, 0, "place_exosuit", "scientist", card("research_2"))
    act(s, 0, "research", "scientist", "circle")
    advance_to_end(s)
    assert s.round == 1 and s.outcome()["end"] == "capitals_fall"
    assert s.gtr["finished"] == 1
