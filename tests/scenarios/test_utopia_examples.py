"""Utopia scenarios: each kind of location, the listed crew abilities, Limbo, a Mission
with its Alternate TZ, the end of the round, the third-mission end and the Factions, with
the rulebook's numbers (sections cited in each test).  Helpers only arrange the state;
every move goes through the engine's public API."""

from __future__ import annotations

import pytest

from generated import _runtime as R
from generated import utopia as U
from tests.scenarios.utopia_arrange import (
    act, answer, cid, clear_crew, crew, decline_all, develop_for, discs, give_crew,
    give_mission, legal, new_state, open_turn, place, recruit_location, set_discs, ship, show,
)


def arranged(players=2, modules=(), seed=1):
    """A game at Time Travel with no discs for anyone and one Crew-member each (an
    Explorer, whose ship stays in the Dock so that the round goes on)."""
    s = new_state(players, seed, modules)
    for p in range(players):
        clear_crew(s, p)
        set_discs(s, p)
        crew(s, p, "exploration", "superstar")
    return s


def end_time_travel(s):
    """Every player is finished with Time Travel: the end of the round follows."""
    s.done = [True] * s.n
    s._legal = None
    s._advance()


def deploy(s, player, knowledge, location):
    act(s, player, "deploy", ship(s, player, knowledge), cid(s, location))


# ---------------------------------------------------------------- I: Collect Knowledge
@pytest.mark.parametrize("primary, secondary, gained", [
    ("military", "spy", 1),        # no match: one disc
    ("culture", "spy", 2),         # the primary ability matches the icon
    ("military", "historian", 2),  # a secondary ability that matches (our Historian: Culture)
])
def test_collect_knowledge_gives_one_disc_or_two_for_a_matching_ability(primary, secondary, gained):
    """Gameplay › I: Collect Knowledge: one disc of the icon, two when the Crew-member's
    primary or secondary ability matches it (TZ3 is a Culture location on our board)."""
    s = arranged()
    crew(s, 0, primary, secondary)
    open_turn(s, 0)
    deploy(s, 0, primary, "tz3_action")
    decline_all(s)
    assert discs(s, 0) == {**dict.fromkeys(discs(s, 0), 0), "culture": gained}


def test_variable_knowledge_reads_the_top_card_and_science_for_a_technology():
    """I: Collect Knowledge › Variable Knowledge (TZ9 at 3 players): the primary of the
    card shown in that Time Zone; Science for a Technology; two for a Scientist."""
    s = arranged(players=3)
    crew(s, 0, "military", "spy")
    crew(s, 0, "science", "spy")
    show(s, 9, "tz9_politics")
    open_turn(s, 0)
    deploy(s, 0, "military", "tz9_action")
    decline_all(s)
    assert discs(s, 0) == {"culture": 0, "politics": 1, "science": 0, "exploration": 0, "military": 0}
    s.z["standing"][cid(s, "tz9_action")].clear()
    show(s, 9, "tz9_comms")
    open_turn(s, 0)
    deploy(s, 0, "science", "tz9_action")
    decline_all(s)
    assert discs(s, 0)["science"] == 2


# ---------------------------------------------------------------- II: Recruit / Develop
@pytest.mark.parametrize("crew_before, cost", [(2, 2), (3, 3), (4, 4)])
def test_recruiting_costs_2_3_4_discs_of_the_primary_type(crew_before, cost):
    """II: Recruit Crew: the 3rd Crew-member costs 2, the 4th 3, the 5th 4 discs of its
    primary ability; its Chronoship is available this round."""
    s = arranged()
    kinds = ["military", "politics", "science"][:crew_before - 1]  # and the Explorer
    for k in kinds:
        crew(s, 0, k, avoid_tz=2)
    show(s, 2, "tz2_culture")
    set_discs(s, 0, culture=cost)
    open_turn(s, 0)
    deploy(s, 0, kinds[0], "tz2_recruit")
    recruit = [a for a in legal(s, "recruit_crew")]
    assert recruit, legal(s)
    s.apply_action(recruit[0])
    decline_all(s)
    assert discs(s, 0)["culture"] == 0
    assert cid(s, "tz2_culture") in s.z["crew_station"][0]
    assert s.cst["commander"][ship(s, 0, "culture")] == cid(s, "tz2_culture")
    assert ship(s, 0, "culture") in s.z["dock"][0]


def test_recruiting_needs_the_full_price():
    s = arranged()
    crew(s, 0, "military", avoid_tz=2)
    crew(s, 0, "science", avoid_tz=2)
    show(s, 2, "tz2_culture")
    set_discs(s, 0, culture=1, politics=5)
    open_turn(s, 0)
    deploy(s, 0, "military", "tz2_recruit")
    assert not legal(s, "recruit_crew")


def test_a_swap_for_the_same_primary_is_free_and_the_old_crew_goes_under_its_deck():
    s = arranged()
    old = crew(s, 0, "culture", avoid_tz=2)
    crew(s, 0, "military", avoid_tz=2)
    new = show(s, 2, "tz2_culture")
    open_turn(s, 0)
    deploy(s, 0, "military", "tz2_recruit")
    act(s, 0, "swap_crew", recruit_location(s, 2), new, old)
    decline_all(s)
    assert new in s.z["crew_station"][0] and old not in s.z["crew_station"][0]
    home = recruit_location(s, U.F_tz[old])
    assert s.z["wormhole"][home][0] == old  # the bottom of its own Time Zone's deck
    assert s.cst["commander"][ship(s, 0, "culture")] == new


@pytest.mark.parametrize("secondary, science", [("spy", 2), ("philosopher", 1)])
def test_developing_costs_two_science_places_a_drone_and_triggers_at_once(secondary, science):
    """II: Develop Tech: 2 Science discs (1 for a Philosopher developing a Comms
    Technology), a Drone on the card, then it triggers: a Comms Technology gives Culture
    or Politics."""
    s = arranged()
    crew(s, 0, "military", secondary)
    tech = show(s, 2, "tz2_comms")
    set_discs(s, 0, science=science)
    open_turn(s, 0)
    deploy(s, 0, "military", "tz2_recruit")
    act(s, 0, "develop_tech", recruit_location(s, 2), tech, 0)
    answer(s, 0, "Politics")
    decline_all(s)
    assert tech in s.z["developed"][0] and len(s.z["tech_drone"][tech]) == 1
    assert len(s.z["drone_bay"][0]) == 3
    assert discs(s, 0) == {"culture": 0, "politics": 1, "science": 0, "exploration": 0, "military": 0}


def test_developing_needs_the_science():
    s = arranged()
    crew(s, 0, "military", "spy")
    show(s, 2, "tz2_comms")
    set_discs(s, 0, science=1)
    open_turn(s, 0)
    deploy(s, 0, "military", "tz2_recruit")
    assert not legal(s, "develop_tech")


# ---------------------------------------------------------------- III: Make a Trade
def test_trade_two_military_for_two_science():
    """III: Make a Trade, the rulebook's example: two Military discs for two Science."""
    s = arranged()
    crew(s, 0, "culture", "spy")
    set_discs(s, 0, military=2)
    open_turn(s, 0)
    deploy(s, 0, "culture", "tz2_action")
    act(s, 0, "trade", cid(s, "tz2_action"), "military", "science", 2)
    decline_all(s)
    assert discs(s, 0) == {"culture": 0, "politics": 0, "science": 2, "exploration": 0, "military": 0}


def test_a_trade_is_for_another_type_and_at_most_two():
    s = arranged()
    crew(s, 0, "culture", "spy")
    set_discs(s, 0, military=5)
    open_turn(s, 0)
    deploy(s, 0, "culture", "tz2_action")
    offers = {a.args[1:] for a in legal(s, "trade")}
    assert ("military", "military", 1) not in offers and max(n for _, _, n in offers) == 2


# ---------------------------------------------------------------- IV: Assassination
def test_an_assassination_sends_the_ship_to_limbo_places_a_drone_and_takes_the_marker():
    """IV: Conduct an Assassination: the Chronoship to Limbo, a Drone from the Dock takes
    its place and its action, and the 1st Player Marker."""
    s = arranged()
    crew(s, 0, "military", "spy")
    crew(s, 1, "culture", "spy")
    victim = place(s, 1, "culture", "tz3_action")
    open_turn(s, 0)
    s.first = 1
    deploy(s, 0, "military", "tz1_action")
    act(s, 0, "assassination", cid(s, "tz1_action"), cid(s, "tz3_action"))
    decline_all(s)
    assert victim in s.z["limbo"][1]
    drone = s.z["standing"][cid(s, "tz3_action")][0]
    assert U.F_owner[drone] == 0 and drone in U.CARDS_OF["drone"]
    assert discs(s, 0)["culture"] == 1  # the Drone collected: one disc, no ability
    assert s.first == 0


def test_a_ship_on_an_assassination_location_cannot_be_assassinated():
    s = arranged(players=3)
    crew(s, 0, "military", "spy")
    crew(s, 1, "culture", "spy")
    place(s, 1, "culture", "tz8_action")
    open_turn(s, 0)
    deploy(s, 0, "military", "tz1_action")
    assert not legal(s, "assassination")


# ---------------------------------------------------------------- V: Mission Control
def test_taking_a_mission_refills_the_top_slot():
    """V: Choose a Mission: take one of the three; the other two go down; a new one on top."""
    s = arranged()
    crew(s, 0, "culture", "spy")
    offer = list(s.z["mission_offer"])
    next_card = s.z["mission_deck"][-1]
    open_turn(s, 0)
    deploy(s, 0, "culture", "mission_control_left")
    act(s, 0, "take_mission", offer[0])  # no Mission of ours to discard: not asked
    decline_all(s)
    assert offer[0] in s.z["bridge"][0]
    assert s.z["mission_offer"] == [offer[1], offer[2], next_card]


# ---------------------------------------------------------------- Trigger Technology
@pytest.mark.parametrize("secondary, taker", [("spy", 1), ("raider", 0)])
def test_landing_in_a_time_zone_triggers_technology_for_its_owner_or_a_raider(secondary, taker):
    """Trigger Technology: the owner chooses one of the two discs (a Transport
    Technology: Military or Exploration), whoever lands there; a Raider takes it instead
    (Icons › Crew Secondary Abilities)."""
    s = arranged()
    develop_for(s, 1, "tz3_transport")
    crew(s, 0, "military", secondary)
    open_turn(s, 0)
    deploy(s, 0, "military", "tz3_action")
    assert s.current_player() == taker
    answer(s, taker, "Exploration")
    decline_all(s)
    assert discs(s, taker)["exploration"] == 1 and discs(s, 1 - taker)["exploration"] == 0
    assert discs(s, 0)["culture"] == 1  # the location's own disc


# ---------------------------------------------------------------- abilities
def test_a_merchant_trades_up_to_three_more_discs_at_a_trade_location():
    s = arranged()
    crew(s, 0, "military", "merchant")
    set_discs(s, 0, culture=3)
    open_turn(s, 0)
    deploy(s, 0, "military", "tz2_action")
    act(s, 0, "decline")  # no trade from the location itself
    for _ in range(3):
        answer(s, 0, "go on")
        act(s, 0, "trade_one", "culture", "science")
    decline_all(s)
    assert discs(s, 0)["science"] == 3 and discs(s, 0)["culture"] == 0


def test_an_activist_takes_a_mission_for_one_politics():
    s = arranged()
    crew(s, 0, "military", "activist")
    set_discs(s, 0, politics=1)
    m = s.z["mission_offer"][0]
    open_turn(s, 0)
    deploy(s, 0, "military", "tz3_action")
    act(s, 0, "activist_mission", m)
    decline_all(s)
    assert m in s.z["bridge"][0] and discs(s, 0)["politics"] == 0


def test_a_colonist_leaves_two_discs_and_the_next_colonist_takes_them():
    s = arranged()
    crew(s, 0, "military", "colonist")
    crew(s, 1, "culture", "colonist")
    set_discs(s, 0, science=2)
    open_turn(s, 0)
    deploy(s, 0, "military", "tz4_action")
    act(s, 0, "colonist_leave", cid(s, "tz4_action"), "science")
    decline_all(s)
    assert discs(s, 0)["science"] == 0
    s.z["standing"][cid(s, "tz4_action")].clear()
    open_turn(s, 1)
    deploy(s, 1, "culture", "tz4_action")
    decline_all(s)
    assert discs(s, 1)["science"] == 2


# ---------------------------------------------------------------- Limbo
def test_limbo_payment_goes_to_the_player_with_fewest_missions():
    """Recover Crew from Limbo: one disc of the primary type (or any two) to the player
    with the fewest Missions completed."""
    s = arranged()
    crew(s, 0, "culture", "spy")
    crew(s, 0, "military", "spy")
    crew(s, 1, "science", "spy")
    crew(s, 1, "politics", "spy")
    s.tr["missions_done"][0] = 1
    set_discs(s, 0, culture=1)
    R.move(s, s.g, ship(s, 0, "culture"), "limbo", 0)
    R.move(s, s.g, ship(s, 1, "science"), "standing", cid(s, "tz7_action"))
    R.move(s, s.g, ship(s, 1, "politics"), "standing", cid(s, "tz4_action"))
    R.move(s, s.g, ship(s, 0, "military"), "standing", cid(s, "tz6_action"))
    end_time_travel(s)
    assert s.phase == "recover"
    act(s, 0, "recover_matching", ship(s, 0, "culture"))
    assert discs(s, 0)["culture"] == 0 and discs(s, 1)["culture"] == 1
    assert ship(s, 0, "culture") in s.z["dock"][0]


def test_a_player_with_every_ship_in_limbo_is_released_free():
    s = arranged()
    crew(s, 0, "culture", "spy")
    crew(s, 0, "military", "spy")
    crew(s, 1, "science", "spy")
    R.move(s, s.g, ship(s, 0, "culture"), "limbo", 0)
    R.move(s, s.g, ship(s, 0, "military"), "limbo", 0)
    R.move(s, s.g, ship(s, 0, "exploration"), "limbo", 0)
    R.move(s, s.g, ship(s, 1, "science"), "limbo", 1)
    R.move(s, s.g, ship(s, 1, "exploration"), "standing", cid(s, "tz5_action"))
    R.move(s, s.g, ship(s, 1, "culture"), "standing", cid(s, "tz3_action"))
    crew(s, 1, "culture", "spy")
    end_time_travel(s)
    # player 0 is freed at once; player 1 (one ship left outside) is not
    assert not s.z["limbo"][0] and ship(s, 1, "science") in s.z["limbo"][1]


def test_a_medic_recovers_one_crew_member_free():
    s = arranged()
    crew(s, 0, "politics", "medic")
    crew(s, 0, "military", "spy")
    crew(s, 1, "culture", "spy")
    R.move(s, s.g, ship(s, 0, "military"), "limbo", 0)
    R.move(s, s.g, ship(s, 0, "politics"), "standing", cid(s, "tz7_action"))
    R.move(s, s.g, ship(s, 1, "culture"), "standing", cid(s, "tz3_action"))
    end_time_travel(s)
    act(s, 0, "medic_recover", ship(s, 0, "military"))
    assert not s.z["limbo"][0] and discs(s, 0) == dict.fromkeys(discs(s, 0), 0)


# ---------------------------------------------------------------- Missions
def test_design_the_taj_mahal_spawns_alt_tz_6c_and_moves_the_ship_there():
    """Complete a Butterfly Effect Mission: "Design the Taj Mahal" needs a ship in TZ6
    and spawns Alt TZ 6C; a Drone marks it, the ship moves there and acts up to twice."""
    s = arranged()
    crew(s, 0, "military", "spy")
    m = give_mission(s, 0, "taj_mahal")
    set_discs(s, 0, science=2)  # our card: two Science and a Transport Technology
    develop_for(s, 0, "tz5_transport")
    open_turn(s, 0)
    deploy(s, 0, "military", "tz6_action")
    act(s, 0, "choose_card", m)
    act(s, 0, "choose_card", cid(s, "tz5_transport"))
    act(s, 0, "choose_card", cid(s, "alt_c"))
    answer(s, 0, "the first side")
    act(s, 0, "choose_card", cid(s, "tz6_action"))
    decline_all(s)
    assert s.tr["missions_done"][0] == 1 and m in s.z["completed"][0]
    assert s.z["alt_card"][cid(s, "alt_c")] == [cid(s, "alt_6c")]
    assert s.z["standing"][cid(s, "alt_c")] == [ship(s, 0, "military")]
    assert len(s.z["alt_drone"][cid(s, "alt_c")]) == 1
    assert cid(s, "tz5_transport") not in s.z["developed"][0]
    assert discs(s, 0)["science"] == 0


def test_the_third_mission_ends_the_game_at_once():
    """Winning the Game: the first to complete three Missions wins; no further turns."""
    s = arranged()
    crew(s, 0, "military", "spy")
    s.tr["missions_done"][0] = 2
    m = give_mission(s, 0, "mission_6b")
    set_discs(s, 0, culture=5, politics=5, science=5, exploration=5, military=5)
    open_turn(s, 0)
    deploy(s, 0, "military", "tz6_action")
    act(s, 0, "choose_card", m)
    assert s.tr["missions_done"][0] == 3
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    assert s.outcome() == {"end": "three_missions", "winners": [0]}


# ---------------------------------------------------------------- end of round
def test_refresh_moves_each_top_card_under_and_the_bottom_mission_out():
    """Refresh Time Zones: the card shown goes to the bottom of its deck; Mission Control's
    bottom slot goes to the bottom of the Mission deck and a new Mission fills the top."""
    s = arranged()
    r = recruit_location(s, 2)
    shown, under = s.z["shown"][r][0], s.z["wormhole"][r][-1]
    offer = list(s.z["mission_offer"])
    top = s.z["mission_deck"][-1]
    end_time_travel(s)
    assert s.phase == "time_travel" and s.round == 2
    assert s.z["shown"][r] == [under] and s.z["wormhole"][r][0] == shown
    assert s.z["mission_offer"] == [offer[1], offer[2], top] and s.z["mission_deck"][0] == offer[0]


# ---------------------------------------------------------------- Factions
def _completed(s, player, *missions):
    for name in missions:
        assert R.move(s, s.g, cid(s, name), "completed", player)
    s.tr["missions_done"][player] = len(s.z["completed"][player])


def _with_faction(s, player, faction):
    for f in list(s.z["faction_hand"][player]):
        R.move(s, s.g, f, "faction_deck", None)
    assert R.move(s, s.g, cid(s, faction), "faction_hand", player)
    s._legal = None


def test_the_thals_win_with_three_chronological_missions_and_one_other():
    """Rise of the Factions: the Thals need three chronological Missions (TZs 4, 5, 6)
    and any other; three Missions alone no longer end the game."""
    s = arranged(modules=("factions",))
    _with_faction(s, 0, "the_thals")
    _completed(s, 0, "mission_4b", "mission_5b", "mission_1b")
    end_time_travel(s)
    assert not s.is_terminal()  # three Missions, but not chronological
    _completed(s, 0, "taj_mahal")
    end_time_travel(s)
    assert s.is_terminal() and s.outcome() == {"end": "faction_utopia", "winners": [0]}


def test_chronological_missions_run_from_the_highest_time_zone_to_the_first():
    """At two players TZ7 runs on to TZ1 (TZ0 skipped): TZs 7, 1, 2 are chronological."""
    s = arranged(modules=("factions",))
    _with_faction(s, 0, "the_thals")
    _completed(s, 0, "mission_7b", "mission_1b", "mission_2b", "mission_4b")
    end_time_travel(s)
    assert s.is_terminal() and s.outcome()["winners"] == [0]


def test_the_neb_need_tom_connor_in_limbo():
    s = arranged(modules=("factions",))
    _with_faction(s, 1, "the_neb")
    _completed(s, 1, "mission_1b", "mission_2b", "mission_3b")
    end_time_travel(s)
    assert not s.is_terminal()
    give_crew(s, 0, "tom_connor")
    R.move(s, s.g, ship(s, 0, "culture"), "limbo", 0)
    end_time_travel(s)
    # Limbo recovery is offered first: player 0 leaves Tom Connor there
    while s.phase == "recover" and not s.is_terminal():
        act(s, s.current_player(), "end_recovery")
    assert s.is_terminal() and s.outcome() == {"end": "faction_utopia", "winners": [1]}


def test_the_custom_setup_removes_six_time_zones_at_two_players_with_their_missions():
    """Custom Setup Variant: 1-2 players remove 6 Time Zones (and their Missions); TZ0
    stays."""
    s = new_state(2, 5, ("custom_setup",))
    removed = [U.F_number[z] for z in s.z["removed_tzs"]]
    assert len(removed) == 6 and len(s.z["tz_markers"]) == 7
    board_tzs = {U.F_tz[loc] for loc in s.z["board"] if U.F_kind[loc] == "recruit"}
    assert board_tzs == {U.F_number[z] for z in s.z["tz_markers"]}
    assert any(U.F_kind[loc] == "mission_control" for loc in s.z["board"])
    in_play = list(s.z["mission_deck"]) + list(s.z["mission_offer"])
    assert in_play and all(U.F_tz[m] not in removed for m in in_play)


def test_the_raider_alt_tz_steals_a_disc_from_each_technology_of_a_time_zone():
    """Crew Secondary Abilities / Alt TZ Locations › Raider (Alt TZ): steal one disc a
    Technology produces, of your choice, from each Technology of other players in one Time
    Zone."""
    s = arranged()
    crew(s, 0, "military", "spy")
    develop_for(s, 1, "tz3_comms")
    develop_for(s, 1, "tz3_transport")
    set_discs(s, 1, culture=1, military=1, exploration=1)
    alt, slot = cid(s, "alt_3b"), cid(s, "alt_b")
    assert R.move(s, s.g, alt, "alt_card", slot)
    s.cst["face"][alt] = "raider_alt"
    open_turn(s, 0)
    deploy(s, 0, "military", "alt_b")
    act(s, 0, "raid", recruit_location(s, 3))
    answer(s, 0, "Exploration")  # the Transport Technology: both types held, we choose
    decline_all(s)
    assert discs(s, 0) == {"culture": 1, "politics": 0, "science": 0, "exploration": 1, "military": 0}
    assert discs(s, 1) == {"culture": 0, "politics": 0, "science": 0, "exploration": 0, "military": 1}
