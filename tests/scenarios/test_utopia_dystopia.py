"""Utopia's Dystopia: the solo game against a Villain and the co-op variant (two players
against two Villains), with the rulebook's numbers (sections cited in each test).  The
helpers arrange a state (the Villain Action Deck's top cards, the board, the track); the
Villain's turn is then played by the engine and every human move goes through the public
API.  Random play of every mode and module set, with replays, closes the file."""

from __future__ import annotations

import random

import pytest

from generated import _runtime as R
from generated import utopia as U
from tests.helpers.play import assert_replays, play_to_the_end, watchdog
from tests.scenarios.utopia_arrange import (
    act, cid, decline_all, develop_for, discs, give_mission, open_turn, place, set_discs, ship,
    show, touch,
)

VILLAIN = 1  # the Villain's seat in the solo game (the player is seat 0)


# ---------------------------------------------------------------- arranging
def solo(villain: str = "hernan_cortes", seed: int = 1, modules=()):
    """A solo game against ``villain`` after the crew draft, the Villain's first turn
    undone: nothing on the board, its track at the Drone circle, no discs anywhere."""
    s = U.Game(num_players=1, mode="solo", seed=seed, modules=modules,
               options={"villain": villain}).new_initial_state()
    return _ready(s)


def coop(villain: str = "hernan_cortes", seed: int = 1):
    """A co-op game after the crew draft, the board cleared as in :func:`solo`."""
    s = U.Game(num_players=2, mode="coop", seed=seed, options={"villain": villain}).new_initial_state()
    return _ready(s)


def _ready(s):
    for _ in range(20):
        if s.phase == "time_travel":
            break
        s.apply_action(s.legal_actions()[0])
    assert s.phase == "time_travel"
    clear_board(s)
    for q in range(s.n):
        s.tr["progress"][q] = 0
        set_discs(s, q)
    return s


def clear_board(s) -> None:
    """Every piece standing on a location goes back to its owner's Mothership."""
    for loc in s.z["board"]:
        for piece in list(s.z["standing"][loc]):
            zone = "dock" if piece in U.CARDS_OF["chronoship"] else "drone_bay"
            assert R.move(s, s.g, piece, zone, U.F_owner[piece])
    touch(s)


def villain_card(icon: str, tz: int | None = None, *, not_of=()) -> int:
    """A Villain card showing ``icon`` (and Time Zone ``tz``)."""
    for c in U.CARDS_OF["tz_card"]:
        if U.F_is_villain[c] and U.F_icon[c] == icon and (tz is None or U.F_tz[c] == tz):
            if U.CARD_NAMES[c] not in not_of:
                return c
    raise ValueError((icon, tz))


def stack_deck(s, wanted: int) -> None:
    """Arrange the Villain Action Deck so that, once its turn discards the top card,
    ``shown`` is the card on top (the one the Villain reads)."""
    deck = s.z["villain_deck"]
    if wanted not in deck:
        assert R.move(s, s.g, wanted, "villain_deck", None)
    deck.remove(wanted)
    discarded = next(c for c in deck if c != wanted)
    deck.remove(discarded)
    deck.extend([wanted, discarded])
    touch(s)


def villain_turn(s, seat: int = VILLAIN) -> None:
    """The Villain's turn comes: the engine plays it."""
    assert not s.pending
    order = s.game.order or list(range(s.n))
    s.turn = (order.index(seat) - order.index(s.lead)) % s.n
    s.done = [False] * s.n
    s.again = False
    s.turn_open = False
    touch(s)
    s._advance()


def pick_only_target(s) -> None:
    """The player answers the Villain's question of which Chronoship it assassinates,
    when there is one to choose."""
    assert s.pending and s.current_player() == 0
    options = s.legal_actions()
    assert len(options) == 1, options
    s.apply_action(options[0])


def standing(s, location: str) -> list[int]:
    return list(s.z["standing"][cid(s, location)])


def villain_mission(s, seat: int, mission: str) -> None:
    """Make ``mission`` the Villain's only active Mission."""
    for m in list(s.z["bridge"][seat]):
        R.move(s, s.g, m, "box", None)
    give_mission(s, seat, mission)


def lead_ship(s, seat: int = VILLAIN) -> int:
    """The Villain's Chronoship that moves first (its own)."""
    return min((c for c in s.z["dock"][seat] if s.cst["commander"][c] != -1),
               key=lambda c: s.cst["order"][c])


# ---------------------------------------------------------------- setup
def test_solo_setup_the_villain_starts_with_its_card_a_mission_and_no_discs():
    """Dystopia › Solo Setup: the Villain is the first player, its card commands its own
    Chronoship (Hernan Cortes: the Explorer), one Mission on its Mothership, no discs; the
    other fourteen cards make the Villain Action Deck and its discard pile."""
    s = U.Game(num_players=1, mode="solo", seed=3, options={"villain": "hernan_cortes"}).new_initial_state()
    assert U.Game.seat_kinds("solo", 1) == ["player", "villain_seat"]
    assert s.first == VILLAIN
    cortes = cid(s, "hernan_cortes")
    assert cortes in s.z["crew_station"][VILLAIN]
    assert s.cst["commander"][ship(s, VILLAIN, "exploration")] == cortes
    assert len(s.z["bridge"][VILLAIN]) == 1
    assert sum(s.res[VILLAIN]) == 0
    # a second Crew-member of another primary ability, recruited from the board
    assert len(s.z["crew_station"][VILLAIN]) == 2
    assert len({U.F_primary[c] for c in s.z["crew_station"][VILLAIN]}) == 2
    assert len(s.z["villain_deck"]) + len(s.z["villain_discard"]) == 14


def test_the_villains_ships_go_in_clockwise_order_from_its_own():
    """Dystopia › Solo Gameplay (example): Hernan Cortes moves Exploration first, then
    Military, Culture, Politics and Science."""
    s = solo("hernan_cortes")
    order = sorted((s.cst["order"][ship(s, VILLAIN, k)], k) for k in
                   ("culture", "politics", "science", "exploration", "military"))
    assert [k for _, k in order] == ["exploration", "military", "culture", "politics", "science"]


# ---------------------------------------------------------------- the movement table
@pytest.mark.parametrize("icon, location", [
    ("trade_icon", "tz2_action"),          # Trade: TZ2
    ("top_icon", "tz4_action"),            # Top: the Mission's top requirement (Politics here)
    ("bottom_icon", "tz5_action"),         # Bottom: its bottom requirement (Exploration)
])
def test_a_vacant_location_is_a_success_and_the_villain_makes_progress(icon, location):
    """Villain's Action Deck Table: Trade goes to TZ2, Top and Bottom to the locations of
    the Mission's requirements; a vacant location is a success: the Drone moves down one
    circle and the Villain takes that bonus action (circle 1: recruit a Crew-member)."""
    s = solo("hernan_cortes")
    villain_mission(s, VILLAIN, "mission_1b")  # Politics 2 (top), Exploration 1 (bottom)
    stack_deck(s, villain_card(icon, not_of=("hernan_cortes",)))
    mover = lead_ship(s)
    crew_before = len(s.z["crew_station"][VILLAIN])
    villain_turn(s)
    assert standing(s, location) == [mover]
    assert s.tr["progress"][VILLAIN] == 1
    assert len(s.z["crew_station"][VILLAIN]) == crew_before + 1
    assert sum(s.res[VILLAIN]) == 0  # the Villain never collects knowledge


def test_a_technology_requirement_sends_the_villain_to_science_tz7():
    """Villain's Action Deck Table: a Tech requirement (Comms or Transport) sends the
    Villain to the Science location, TZ7."""
    s = solo("hernan_cortes")
    villain_mission(s, VILLAIN, "mission_1c")  # Science 2, then a Comms Technology
    stack_deck(s, villain_card("bottom_icon", not_of=("hernan_cortes",)))
    mover = lead_ship(s)
    villain_turn(s)
    assert standing(s, "tz7_action") == [mover]


def test_an_occupied_location_sends_the_villain_clockwise_without_progress():
    """Solo Gameplay › Outcome of a failed action: TZ2 taken, the Villain blocks the next
    vacant location clockwise (TZ3), takes no action and makes no progress."""
    s = solo("hernan_cortes")
    place(s, 0, "culture", "tz2_action")
    stack_deck(s, villain_card("trade_icon", not_of=("hernan_cortes",)))
    mover = lead_ship(s)
    villain_turn(s)
    assert standing(s, "tz3_action") == [mover]
    assert s.tr["progress"][VILLAIN] == 0


def test_the_clockwise_search_wraps_from_tz7_to_tz0_and_leaves_recruit_locations_last():
    """Solo Gameplay: TZ7 occupied, the Villain tries TZ0 (Mission Control), and so on; a
    Recruit Crew / Develop Tech location only when every other location is taken."""
    s = solo("hernan_cortes")
    villain_mission(s, VILLAIN, "mission_1c")  # bottom requirement: a Technology, so TZ7
    place(s, 0, "science", "tz7_action")
    stack_deck(s, villain_card("bottom_icon", not_of=("hernan_cortes",)))
    mover = lead_ship(s)
    villain_turn(s)
    assert standing(s, "mission_control_left") == [mover]
    # every other location taken: a Recruit location
    s2 = solo("hernan_cortes")
    others = [loc for loc in s2.z["board"] if U.F_kind[loc] not in ("recruit", "alt_wormhole")]
    fillers = (list(s2.z["drone_bay"][0]) + list(s2.z["drone_bay"][VILLAIN])
               + [c for c in s2.z["dock"][0] if s2.cst["commander"][c] == -1])
    assert len(fillers) >= len(others)
    for loc, piece in zip(others, fillers):
        assert R.move(s2, s2.g, piece, "standing", loc)
    stack_deck(s2, villain_card("trade_icon", not_of=("hernan_cortes",)))
    mover = lead_ship(s2)
    villain_turn(s2)
    assert U.F_kind[s2.loc[mover][1]] == "recruit"


def test_the_assassination_row_sends_the_villain_to_tz1_and_it_assassinates():
    """Villain's Action Deck Table, Assassination: TZ1 vacant, the Villain assassinates
    the player's Chronoship in the Time Zone on top of the deck (or the next one
    clockwise), puts a Drone in its place, takes the first player marker and another
    turn."""
    s = solo("hernan_cortes")
    s.first = 0
    card = villain_card("assassinate_icon", 4, not_of=("hernan_cortes",))  # TZ4
    stack_deck(s, card)
    victim = place(s, 0, "politics", "tz5_action")  # TZ4 empty: clockwise, TZ5
    mover = lead_ship(s)
    drones = len(s.z["drone_bay"][VILLAIN])
    villain_turn(s)
    pick_only_target(s)
    assert standing(s, "tz1_action") == [mover]
    assert victim in s.z["limbo"][0]
    drone = standing(s, "tz5_action")[0]
    assert drone in U.CARDS_OF["drone"] and U.F_owner[drone] == VILLAIN
    assert len(s.z["drone_bay"][VILLAIN]) <= drones - 1
    assert s.first == VILLAIN
    # its additional turn moved a second Chronoship
    assert sum(1 for loc in s.z["board"] for c in s.z["standing"][loc]
               if c in U.CARDS_OF["chronoship"] and U.F_owner[c] == VILLAIN) == 2


# ---------------------------------------------------------------- the progress track
def success_with_bonus(s, circle: int, shown: int):
    """The Villain's next success lands its Drone on ``circle``: a Trade move to TZ2."""
    s.tr["progress"][VILLAIN] = circle - 1
    stack_deck(s, shown)
    villain_turn(s)
    assert s.tr["progress"][VILLAIN] == circle % 6 if circle < 6 else s.tr["progress"][VILLAIN] == 0


def test_the_comms_circle_develops_the_next_comms_technology_clockwise():
    """Progress Track › Comms Tech: from the Time Zone on top of the deck (TZ3) clockwise,
    the first Comms Technology shown is developed with one of the Villain's Drones."""
    s = solo("hernan_cortes")
    show(s, 3, "tz3_culture")
    show(s, 4, "tz4_comms")
    card = villain_card("trade_icon", 3, not_of=("hernan_cortes",))
    success_with_bonus(s, 2, card)
    t = cid(s, "tz4_comms")
    assert t in s.z["developed"][VILLAIN]
    assert s.z["tech_drone"][t] and U.F_owner[s.z["tech_drone"][t][0]] == VILLAIN


def test_the_transport_circle_develops_a_transport_technology():
    """Progress Track › Transport Tech, as the Comms circle."""
    s = solo("hernan_cortes")
    show(s, 3, "tz3_culture")
    show(s, 4, "tz4_culture")
    show(s, 5, "tz5_transport")
    card = villain_card("trade_icon", 3, not_of=("hernan_cortes",))
    success_with_bonus(s, 5, card)
    assert cid(s, "tz5_transport") in s.z["developed"][VILLAIN]


def test_the_assassination_circle_assassinates_a_player_ship():
    """Progress Track › Assassination: the player's Chronoship in the Time Zone on top of
    the deck goes to Limbo and a Villain Drone takes its place."""
    s = solo("hernan_cortes")
    card = villain_card("trade_icon", 3, not_of=("hernan_cortes",))
    victim = place(s, 0, "culture", "tz3_action")
    success_with_bonus(s, 3, card)
    pick_only_target(s)
    assert victim in s.z["limbo"][0]
    assert U.F_owner[standing(s, "tz3_action")[0]] == VILLAIN


def test_the_complete_circle_completes_a_mission_and_takes_one_of_its_type():
    """Progress Track › Complete a Mission: the Mission is complete (no discs paid, no
    Alternate TZ), the Villain takes the top-most face-up Mission with a requirement of
    its primary ability (Hernan Cortes: Exploration) and the top slot is refilled."""
    s = solo("hernan_cortes")
    villain_mission(s, VILLAIN, "mission_1c")
    offer = s.z["mission_offer"]
    for m in list(offer):
        R.move(s, s.g, m, "mission_deck", None)
    for name in ("mission_2c", "mission_3b", "mission_4b"):  # bottom slot first
        R.move(s, s.g, cid(s, name), "mission_offer", None)
    touch(s)
    success_with_bonus(s, 6, villain_card("trade_icon", not_of=("hernan_cortes",)))
    assert s.tr["missions_done"][VILLAIN] == 1
    assert cid(s, "mission_1c") in s.z["completed"][VILLAIN]
    # mission_2c (Exploration 2) and mission_3b (Exploration 2, Culture 1) both match:
    # the top-most of them, mission_3b, is taken
    assert s.z["bridge"][VILLAIN] == [cid(s, "mission_3b")]
    assert len(s.z["mission_offer"]) == 3
    assert not any(U.F_kind[loc] == "alt_wormhole" and s.z["alt_card"][loc] for loc in s.z["board"])


def test_the_recruit_circle_never_takes_a_second_crew_of_one_type():
    """Progress Track › Recruit Crew: the first Crew-member shown clockwise from the Time
    Zone on top of the deck whose primary ability the Villain lacks."""
    s = solo("hernan_cortes")
    held = {U.F_primary[c] for c in s.z["crew_station"][VILLAIN]}
    success_with_bonus(s, 1, villain_card("trade_icon", 3, not_of=("hernan_cortes",)))
    got = {U.F_primary[c] for c in s.z["crew_station"][VILLAIN]}
    assert len(got) == len(held) + 1


def test_the_murderer_sends_the_players_ship_of_the_time_zone_number_to_limbo():
    """Progress Track › Murderer: TZ1 to 5 are the player's Chronoships, Culture 1 to
    Military 5, wherever they are (here TZ4: Exploration, in the Dock)."""
    s = solo("jack_the_ripper")
    card = villain_card("trade_icon", None, not_of=("jack_the_ripper",))
    s.tr["progress"][VILLAIN] = 3
    stack_deck(s, card)
    tz = U.F_tz[card]
    villain_turn(s)
    order = ["culture", "politics", "science", "exploration", "military"]
    if tz <= 5:
        assert ship(s, 0, order[tz - 1]) in s.z["limbo"][0]
    else:
        assert not s.z["limbo"][0]


def test_the_pirate_steals_a_disc_of_the_boarded_ships_type():
    """Progress Track › Pirate: the player's Chronoship in the Time Zone on top of the deck
    (TZ3 here) loses one disc of its primary ability's type."""
    s = solo("blackbeard")
    place(s, 0, "military", "tz3_action")
    set_discs(s, 0, military=2, culture=1)
    s.tr["progress"][VILLAIN] = 3
    stack_deck(s, villain_card("trade_icon", 3, not_of=("blackbeard",)))
    villain_turn(s)
    assert discs(s, 0)["military"] == 1 and discs(s, 0)["culture"] == 1


def test_the_raider_steals_a_disc_from_the_players_technology_of_the_players_choice():
    """Progress Track › Raider: the player's Technology in the Time Zone on top of the deck
    (or next clockwise) gives the Villain one of its two disc types, the player choosing."""
    s = solo("vlad_the_impaler")
    develop_for(s, 0, "tz5_comms")
    set_discs(s, 0, culture=1, politics=1)
    s.tr["progress"][VILLAIN] = 3
    stack_deck(s, villain_card("trade_icon", 3, not_of=("vlad_the_impaler",)))
    villain_turn(s)
    assert s.pending and s.current_player() == 0  # the player chooses which disc
    labels = [a.args for a in s.legal_actions()]
    act(s, 0, "answer", "Politics") if ("Politics",) in labels else s.apply_action(s.legal_actions()[0])
    assert sum(discs(s, 0).values()) == 1


# ---------------------------------------------------------------- the Villain's knowledge
def test_a_villain_technology_drains_the_player_who_triggers_it():
    """Solo Gameplay: a Villain's Comms Tech triggered by the player costs a Culture or a
    Politics disc (paid to the bank); with one type only, that one."""
    s = solo("hernan_cortes")
    develop_for(s, VILLAIN, "tz3_comms")
    set_discs(s, 0, culture=1, military=2)
    s.first = s.lead = 0
    open_turn(s, 0)
    crew_ship = next(c for c in s.z["dock"][0] if s.cst["commander"][c] != -1)
    act(s, 0, "deploy", crew_ship, cid(s, "tz3_recruit"))
    # the player has Culture only: that is the one lost
    assert [a.args for a in s.legal_actions()] == [("culture",)]
    act(s, 0, "choose_member", "culture")
    decline_all(s)
    assert discs(s, 0)["culture"] == 0 and discs(s, 0)["military"] == 2


def test_villain_ships_in_limbo_pay_the_player_one_disc_of_their_type():
    """Solo Gameplay: at the end of the round each Villain Chronoship in Limbo gives the
    player one disc of its type (an Explorer and a Cultural ship: one Exploration, one
    Culture), before the player recovers."""
    s = solo("hernan_cortes")
    for k in ("exploration", "culture"):
        R.move(s, s.g, ship(s, VILLAIN, k), "limbo", VILLAIN)
    s.done = [True] * s.n
    touch(s)
    s._advance()
    assert discs(s, 0)["exploration"] == 1 and discs(s, 0)["culture"] == 1
    assert not s.z["limbo"][VILLAIN]


def test_the_villain_wins_with_three_missions():
    """Dystopia: the Villain's third Mission ends the game with its win."""
    s = solo("hernan_cortes")
    s.tr["missions_done"][VILLAIN] = 2
    success_with_bonus_end(s)
    assert s.is_terminal() and s.returns() == [-1.0, 1.0]


def success_with_bonus_end(s):
    s.tr["progress"][VILLAIN] = 5
    stack_deck(s, villain_card("trade_icon", not_of=("hernan_cortes",)))
    villain_turn(s)


# ---------------------------------------------------------------- co-op
def test_coop_seats_two_villains_on_the_four_player_board():
    """Co-op Setup: two players, two Villains, the four-player setup (TZ0 to TZ11), each
    Villain with a Mission; the toughest Villain is the first player."""
    s = U.Game(num_players=2, mode="coop", seed=2, options={"villain": "jack_the_ripper"}).new_initial_state()
    assert U.Game.seat_kinds("coop", 2) == ["player", "player", "villain_seat", "villain_seat"]
    assert max(U.F_tz[loc] for loc in s.z["board"]) == 11
    assert all(len(s.z["bridge"][q]) == 1 for q in (2, 3))
    bosses = {q: next(c for c in s.z["crew_station"][q] if U.F_is_villain[c]) for q in (2, 3)}
    assert s.first == max(bosses, key=lambda q: U.F_difficulty[bosses[q]])


def test_coop_one_player_with_three_missions_does_not_end_the_game():
    """Co-op Gameplay: both players need three Missions."""
    s = coop()
    s.tr["missions_done"][0] = 3
    s._check_end()
    assert not s.is_terminal()
    s.tr["missions_done"][1] = 3
    s._check_end()
    assert s.is_terminal() and s.returns()[:2] == [1.0, 1.0]


def test_coop_the_villain_takes_the_next_location_of_the_same_kind():
    """Co-op Gameplay: TZ2 occupied, a Villain moving to Trade takes TZ10, a success."""
    s = coop()
    place(s, 0, "culture", "tz2_action")
    stack_deck(s, villain_card("trade_icon", not_of=("hernan_cortes",)))
    villain_turn(s, 2)
    assert standing(s, "tz10_action") and U.F_owner[standing(s, "tz10_action")[0]] == 2
    assert s.tr["progress"][2] == 1


def test_coop_a_finished_villain_makes_its_ally_progress():
    """Co-op Gameplay: a Villain with three Missions goes on; its successes move its
    ally's Drone down the track."""
    s = coop()
    s.tr["missions_done"][2] = 3
    stack_deck(s, villain_card("trade_icon", not_of=("hernan_cortes",)))
    villain_turn(s, 2)
    assert s.tr["progress"][2] == 0 and s.tr["progress"][3] == 1


def test_coop_players_trade_with_each_other_at_a_trade_location():
    """Special Abilities in Co-op: at a Trade location a player may trade with the
    team-mate instead of the bank (two Culture for two Military here)."""
    s = coop()
    set_discs(s, 0, culture=2)
    set_discs(s, 1, military=3)
    open_turn(s, 0)
    crew_ship = next(c for c in s.z["dock"][0] if s.cst["commander"][c] != -1)
    act(s, 0, "deploy", crew_ship, cid(s, "tz2_action"))
    act(s, 0, "trade_with_mate", cid(s, "tz2_action"), "culture", "military", 2)
    decline_all(s)
    assert discs(s, 0)["military"] == 2 and discs(s, 0)["culture"] == 0
    assert discs(s, 1)["culture"] == 2 and discs(s, 1)["military"] == 1


def test_coop_villains_assassinate_only_human_ships():
    """Co-op Gameplay: the Villains target the human players."""
    s = coop()
    place(s, 0, "culture", "tz5_action")
    ally = ship(s, 3, "culture")
    assert R.move(s, s.g, ally, "standing", cid(s, "tz4_action"))
    s.tr["progress"][2] = 2
    stack_deck(s, villain_card("assassinate_icon", 4, not_of=("hernan_cortes",)))
    villain_turn(s, 2)
    pick_only_target(s)
    assert ally not in s.z["limbo"][3]
    assert ship(s, 0, "culture") in s.z["limbo"][0]


# ---------------------------------------------------------------- random play
MODULE_SETS = [(), ("factions",), ("custom_setup",), ("factions", "custom_setup")]


def _play(mode, players, seed, modules):
    rng = random.Random(seed)

    def make():
        return U.Game(num_players=players, mode=mode, seed=seed, modules=modules).new_initial_state()

    with watchdog(120):
        s = make()
        played = play_to_the_end(s, rng, max_actions=20_000, snapshot_at=rng.randrange(1, 40))
        assert s.is_terminal()
        assert s.outcome()["end"] in ("three_missions", "villain_wins", "villains_win", "round_limit",
                                      "faction_utopia")
        assert_replays(make, s, played.snapshot)


@pytest.mark.parametrize("modules", MODULE_SETS)
@pytest.mark.parametrize("mode, players", [("solo", 1), ("coop", 2)])
def test_a_random_game_of_each_mode_and_module_set_ends_and_replays(mode, players, modules):
    _play(mode, players, 5, modules)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(1, 11))
@pytest.mark.parametrize("modules", MODULE_SETS)
@pytest.mark.parametrize("mode, players", [("solo", 1), ("coop", 2)])
def test_many_random_games_end_and_replay(mode, players, modules, seed):
    _play(mode, players, seed, modules)


VILLAINS = [U.CARD_NAMES[c] for c in U.CARDS_OF["tz_card"] if U.F_is_villain[c]]


def test_the_fifteen_villains_with_the_twelve_the_text_names():
    """Dystopia › Solo Setup: fifteen Villain cards; the difficulty table names twelve,
    Hernan Cortes the easiest (an Explorer)."""
    assert len(VILLAINS) == 15
    titles = [U.CARD_TITLES[c] for c in U.CARDS_OF["tz_card"] if U.F_is_villain[c]]
    assert titles[:2] == ["Hernan Cortes", "Scarface"] and "Jack the Ripper" in titles
    cortes = next(c for c in U.CARDS_OF["tz_card"] if U.CARD_NAMES[c] == "hernan_cortes")
    assert U.F_primary[cortes] == "exploration" and U.F_difficulty[cortes] == 1
    assert U.Game.options("solo")["villain"]["values"] == VILLAINS


@pytest.mark.parametrize("villain", VILLAINS)
def test_a_solo_game_against_each_villain_ends_and_replays(villain):
    rng = random.Random(3)

    def make():
        return U.Game(num_players=1, mode="solo", seed=3, options={"villain": villain}).new_initial_state()

    with watchdog(60):
        s = make()
        boss = next(c for c in s.z["crew_station"][VILLAIN] if U.F_is_villain[c])
        assert U.CARD_NAMES[boss] == villain
        played = play_to_the_end(s, rng, max_actions=20_000, snapshot_at=rng.randrange(1, 30))
        assert s.is_terminal()
        assert_replays(make, s, played.snapshot)
