"""The Utópolis rulebook's worked examples, as scenarios.

Each test arranges a state with the helpers of ``arrange.py`` and then acts
through ``apply_action`` only, asserting the numbers the rulebook prints
(shared/rulebooks/utopolis.txt; section names are given in each docstring).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from arrange import (  # noqa: E402
    advance_to,
    city_limit,
    do,
    environment,
    finish_game,
    finish_phase,
    give,
    legal_names,
    new_state,
    next_cycle_phase,
    pay_with,
    res,
    set_city,
    set_hand,
    set_res,
    set_wellbeing,
    target,
    total_cards,
    touch,
    wellbeing,
    zone_sizes,
)

from generated import _runtime as R  # noqa: E402
from generated import utopolis  # noqa: E402

IllegalActionError = utopolis.IllegalActionError


def legal(s, name):
    return [a for a in s.legal_actions() if a.name == name]


# ---------------------------------------------------------------- Build


def test_school_paid_with_three_cards():
    """Cycle › 4 Build / Trade › Build: the School (value 3) is paid with 3 other
    cards from hand; they go to the Trash Deck; the School goes to the city."""
    s = new_state("family", 2, seed=11)
    advance_to(s, "build_trade")
    hand = set_hand(s, 0, ["escuela"], extra=5)
    school, payment = hand[0], hand[1:4]
    assert utopolis.F_value[school] == 3
    before_hand, before_trash = len(s.z["hand"][0]), list(s.z["trash"])
    before_wb = wellbeing(s, 0)

    do(s, 0, "build", school)
    # the payment is a decision of the builder, one card at a time
    assert s.current_player() == 0
    assert {a.name for a in s.legal_actions()} == {"choose_card"}
    pay_with(s, 0, payment)

    assert not s.pending
    assert len(s.z["hand"][0]) == before_hand - 4
    assert s.z["city"][0] == [school]
    assert s.z["trash"] == before_trash + payment
    assert not set(payment) & set(s.z["hand"][0])
    assert wellbeing(s, 0) == before_wb  # the School has no passive points


def test_build_needs_enough_other_cards():
    """The value is paid with *other* cards: School + 2 cards cannot build it."""
    s = new_state("family", 2, seed=11)
    advance_to(s, "build_trade")
    school = set_hand(s, 0, ["escuela"], extra=2)[0]
    assert (0, "build", (school,)) not in [(a.player, a.name, a.args) for a in s.legal_actions()]
    with pytest.raises(IllegalActionError):
        do(s, 0, "build", school)


def test_palacio_nyborg_gives_three_wellbeing_once():
    """Build: building the Palacio Nyborg (3 Well-being Points) advances 3 spaces,
    only once (not again at the next Score)."""
    s = new_state("family", 2, seed=12)
    advance_to(s, "build_trade")
    hand = set_hand(s, 0, ["palacio_nyborg"], extra=4)
    set_wellbeing(s, 0, 5)
    do(s, 0, "build", hand[0])
    pay_with(s, 0, hand[1:5])
    assert wellbeing(s, 0) == 8
    assert s.z["city"][0] == [hand[0]]
    next_cycle_phase(s, "build_trade")
    assert wellbeing(s, 0) == 8


def test_demolish_keeps_points_and_trashes_the_building():
    """Build: demolishing throws the building on the Trash Deck, the Well-being
    Points it gave are not lost."""
    s = new_state("family", 2, seed=13)
    advance_to(s, "build_trade")
    palacio = set_city(s, 0, ["palacio_nyborg"])[0]
    set_wellbeing(s, 0, 3)
    do(s, 0, "demolish", palacio)
    assert s.z["city"][0] == []
    assert s.z["trash"][-1] == palacio
    assert wellbeing(s, 0) == 3


# ---------------------------------------------------------------- Upgrade (Metropolis)


def test_coal_plant_upgraded_to_solar_plant_for_three_cards():
    """Metropolis › Upgrade: Central de Carbón (value 1) → Central Solar (value 4)
    costs 3 cards from hand; the Coal Plant goes to the Trash Deck."""
    s = new_state("metropolis", 2, seed=21)
    advance_to(s, "build_trade")
    coal = set_city(s, 0, ["central_de_carbon"])[0]
    hand = set_hand(s, 0, ["central_solar"], extra=4)
    solar, payment = hand[0], hand[1:4]
    before_trash = list(s.z["trash"])
    before_wb = wellbeing(s, 0)

    do(s, 0, "upgrade", coal, solar)
    assert {a.name for a in s.legal_actions()} == {"choose_card"}
    pay_with(s, 0, payment)

    assert not s.pending
    assert s.z["city"][0] == [solar]
    assert len(s.z["hand"][0]) == 1
    assert sorted(s.z["trash"]) == sorted(before_trash + [coal] + payment)
    assert wellbeing(s, 0) == before_wb


def test_upgrade_needs_same_colour_and_higher_value():
    """Upgrade: only to the same type (colour) and a strictly higher value."""
    s = new_state("metropolis", 2, seed=22)
    advance_to(s, "build_trade")
    wind = set_city(s, 0, ["wind_park"])[0]  # power plant, value 3
    dam, coal, well, solar, *_ = set_hand(
        s, 0, ["represa_del_sur", "central_de_carbon", "desalinizadora", "central_solar"],
        extra=3)  # value 3 / 1 power plants, a value 4 water plant, a value 4 power plant
    ups = {a.args for a in legal(s, "upgrade")}
    assert (wind, solar) in ups
    for bad in (dam, coal, well):
        assert (wind, bad) not in ups
        with pytest.raises(IllegalActionError):
            do(s, 0, "upgrade", wind, bad)


def test_estadio_to_museo_ubre_adds_exactly_three():
    """Upgrade: upgrading Estadio to Museo Ubre adds only 3 Well-being Points
    (the difference of passive points), and triggers no Well-being Bonus."""
    s = new_state("metropolis", 2, seed=23)
    advance_to(s, "build_trade")
    estadio = set_city(s, 0, ["estadio"])[0]
    set_city(s, 1, ["parque"])  # another player with a pink building gets nothing
    museo, *payment = set_hand(s, 0, ["museo_ubre"], extra=2)
    set_wellbeing(s, 0, 10)
    set_wellbeing(s, 1, 10)
    assert utopolis.F_points[museo] - utopolis.F_points[estadio] == 3

    do(s, 0, "upgrade", estadio, museo)
    pay_with(s, 0, payment)  # 5 - 3 = 2 cards
    assert wellbeing(s, 0) == 13
    assert wellbeing(s, 1) == 10
    assert s.z["city"][0] == [museo]
    assert estadio in s.z["trash"]


# ---------------------------------------------------------------- Bonuses (Metropolis)


def test_bomberos_basic_services_bonus():
    """Basic Services Bonus: Emi builds Bomberos with Municipalidad, Biblioteca and
    Escuela already built and advances 3 (Bomberos has no passive points)."""
    s = new_state("metropolis", 2, seed=31)
    advance_to(s, "build_trade")
    set_city(s, 0, ["municipalidad", "biblioteca", "escuela"])
    bomberos, *payment = set_hand(s, 0, ["bomberos"], extra=3)
    assert utopolis.F_points[bomberos] == 0
    set_wellbeing(s, 0, 0)
    do(s, 0, "build", bomberos)
    pay_with(s, 0, payment)
    assert wellbeing(s, 0) == 3


def test_basic_services_upgrade_gives_no_bonus():
    """Basic Services Bonus: upgrading a light-blue building adds no bonus points."""
    s = new_state("metropolis", 2, seed=32)
    advance_to(s, "build_trade")
    bib, corr, comi = set_city(s, 0, ["biblioteca", "correo_paloma", "comisaria_del_barrio"])
    escuela, *payment = set_hand(s, 0, ["escuela"], extra=2)
    set_wellbeing(s, 0, 0)
    do(s, 0, "upgrade", comi, escuela)  # value 1 -> 3, both 0 passive points
    pay_with(s, 0, payment)
    assert wellbeing(s, 0) == 0


def test_torre_otaku_wellbeing_bonus():
    """Well-being Bonus: Sol builds Torre Otaku with no pink building; Juli, Alva
    and Sofi each have one (Sofi two) and add 1 each; Sol adds nothing."""
    s = new_state("metropolis", 4, seed=41)
    sol, juli, alva, sofi = 0, 1, 2, 3
    advance_to(s, "build_trade")
    set_city(s, sol, ["central_solar"])
    set_city(s, juli, ["parque"])
    set_city(s, alva, ["obelixco"])
    set_city(s, sofi, ["estadio", "fuente_de_los_deseos"])
    for p in range(4):
        set_wellbeing(s, p, 10)
    torre, *payment = set_hand(s, sol, ["torre_otaku"], extra=5)
    assert utopolis.F_points[torre] == 0
    do(s, sol, "build", torre)
    pay_with(s, sol, payment[:4])
    assert [wellbeing(s, p) for p in range(4)] == [10, 11, 11, 11]

    # Sol now has a pink building: building another one includes her too.
    parque = give(s, sol, "parque", "hand")
    do(s, sol, "build", parque)  # value 1, 1 passive point
    pay_with(s, sol, [c for c in s.z["hand"][sol] if c != parque][:1])
    assert [wellbeing(s, p) for p in range(4)] == [10 + 1 + 1, 12, 12, 12]


# ---------------------------------------------------------------- Score (Metropolis, leaflet)


def _metropolis_score_state(seed=51, city=()):
    s = new_state("metropolis", 2, seed=seed)
    advance_to(s, "score")
    set_city(s, 0, city)
    set_wellbeing(s, 0, 0)
    return s


def test_leaflet_worker_worker_goods_scores_three():
    """Leaflet › 5 Score: worker + worker + goods → 3 Well-being Points."""
    s = _metropolis_score_state()
    set_res(s, 0, worker=2, goods=1)
    do(s, 0, "score_worker")
    do(s, 0, "score_worker")
    do(s, 0, "score_goods")
    assert wellbeing(s, 0) == 3
    assert res(s, 0) == {"electricity": 0, "water": 0, "worker": 0, "goods": 0}


def test_leaflet_three_workers_three_goods_scores_six_and_caps_each_colour():
    """Leaflet › 5 Score: 3 workers + 3 goods → 6; at most 3 of each colour."""
    s = _metropolis_score_state()
    set_res(s, 0, worker=4, goods=4)
    for _ in range(3):
        do(s, 0, "score_worker")
        do(s, 0, "score_goods")
    assert wellbeing(s, 0) == 6
    assert "score_worker" not in legal_names(s)
    assert "score_goods" not in legal_names(s)
    with pytest.raises(IllegalActionError):
        do(s, 0, "score_worker")
    with pytest.raises(IllegalActionError):
        do(s, 0, "score_goods")
    assert res(s, 0)["worker"] == 1 and res(s, 0)["goods"] == 1
    # the cap is per Cycle: next Cycle scores again
    next_cycle_phase(s, "score")
    set_res(s, 0, worker=1)
    do(s, 0, "score_worker")
    assert wellbeing(s, 0) == 7


def test_leaflet_goods_with_environment_points_scores_five():
    """Leaflet › 5 Score: goods + EP + goods + EP + worker → 5.  The Environment
    Points are the city's environment minus its pollution (Germán's city:
    Recycling Plant 2 + Refinery -1 + Water Tower 0 + Wind Park 1 = 2)."""
    s = _metropolis_score_state(city=["recycling_plant", "refinery", "water_tower", "wind_park"])
    assert environment(s, 0) == 2
    set_res(s, 0, worker=1, goods=3)
    do(s, 0, "score_goods_environment")
    do(s, 0, "score_goods_environment")
    do(s, 0, "score_worker")
    assert wellbeing(s, 0) == 5
    # both Environment Points are used for this Cycle; a plain goods still scores
    assert "score_goods_environment" not in legal_names(s)
    with pytest.raises(IllegalActionError):
        do(s, 0, "score_goods_environment")
    do(s, 0, "score_goods")
    assert wellbeing(s, 0) == 6


def test_leaflet_goods_cap_counts_goods_scored_with_environment():
    """Leaflet › 5 Score: the 3-goods cap covers goods scored with Environment Points."""
    s = _metropolis_score_state(city=["humedal_de_las_garzas", "bosque_nativo"])  # 3 + 2 EP
    assert environment(s, 0) == 5
    set_res(s, 0, goods=5)
    for _ in range(3):
        do(s, 0, "score_goods_environment")
    assert wellbeing(s, 0) == 6
    assert not {"score_goods", "score_goods_environment"} & legal_names(s)


def test_no_environment_points_when_pollution_wins():
    """5 Score: negative Environment Points cannot be used for goods + EP."""
    s = _metropolis_score_state(city=["generador_diesel", "plazoleta_verde"])  # -2 + 1
    assert environment(s, 0) == -1
    set_res(s, 0, goods=2)
    assert "score_goods_environment" not in legal_names(s)
    assert "score_goods" in legal_names(s)


def test_environment_points_are_zero_sum_of_city_buildings_only():
    """The Environment Points come from the player's own city only."""
    s = _metropolis_score_state(city=[])
    set_city(s, 1, ["bosque_nativo"])
    set_res(s, 0, goods=1)
    assert environment(s, 0) == 0
    assert "score_goods_environment" not in legal_names(s)


def _best_scoring(s, p):
    """The most Well-being Points ``p`` can make from here in this Score phase
    (exhaustive search over the scoring actions), and the cylinders left then."""
    best = (wellbeing(s, p), -sum(s.res[p][2:]))
    for a in s.legal_actions():
        if a.name.startswith("score_"):
            c = s.clone()
            c.apply_action(a)
            best = max(best, _best_scoring(c, p))
    return best


@pytest.mark.skipif("metropolis_rulebook" not in utopolis.Game.MODES,
                    reason="no mode keeps the rulebook's pre-leaflet Metropolis scoring")
def test_german_rulebook_metropolis_scoring():
    """Metropolis › 5 Score (rulebook rates, before the leaflet): Germán has a
    Recycling Plant, a Refinery, a Water Tower and a Wind Park (2 Environment
    Points), a worker and four goods: worker + goods + 2 EP → 2 and goods + goods
    → 1, 3 Well-being Points, and one goods cylinder he cannot score."""
    s = new_state("metropolis_rulebook", 2, seed=52)
    advance_to(s, "score")
    set_city(s, 0, ["recycling_plant", "refinery", "water_tower", "wind_park"])
    assert environment(s, 0) == 2
    set_res(s, 0, worker=1, goods=4)
    set_wellbeing(s, 0, 0)
    assert _best_scoring(s, 0) == (3, -1)
    do(s, 0, "score_worker_goods_environment")
    do(s, 0, "score_two_goods")
    assert wellbeing(s, 0) == 3
    assert res(s, 0)["goods"] == 1
    assert not any(n.startswith("score_") for n in legal_names(s))


def test_building_counts_its_environment_points_in_the_cycle_it_is_built():
    """Ruling on Build ("available at the start of the next Cycle"): a building's passive
    Environment Points count from the moment it is built, in this Cycle's 5 Score."""
    s = new_state("metropolis", 2, seed=53)
    advance_to(s, "build_trade")
    set_city(s, 0, [])
    bosque, *payment = set_hand(s, 0, ["bosque_nativo"], extra=3)
    do(s, 0, "build", bosque)
    pay_with(s, 0, payment)
    assert environment(s, 0) == 2
    do(s, 0, "finish")
    do(s, 1, "finish")
    assert s.phase == "score"
    set_res(s, 0, goods=2)
    set_wellbeing(s, 0, 0)
    do(s, 0, "score_goods_environment")
    do(s, 0, "score_goods_environment")
    assert wellbeing(s, 0) == 4


# ---------------------------------------------------------------- Solo bonus


def test_solo_teatro_morron_bonus():
    """Solo › Well-being Bonus: Elena builds Teatro Morrón with Obelixco, Edificio
    Kraken and Parque in her city and advances 3 (Teatro has 0 passive points)."""
    s = new_state("solo", 1, seed=61)
    advance_to(s, "build_trade")
    set_city(s, 0, ["obelixco", "edificio_kraken", "parque"])
    teatro, *payment = set_hand(s, 0, ["teatro_morron"], extra=3)
    assert utopolis.F_points[teatro] == 0
    set_wellbeing(s, 0, 0)
    do(s, 0, "build", teatro)
    pay_with(s, 0, payment)
    assert wellbeing(s, 0) == 3


# ---------------------------------------------------------------- Score (Family)


def test_family_nico_scores_worker_and_two_goods():
    """Cycle › 5 Score: Nico has a worker and two goods → 3 Well-being Points."""
    s = new_state("family", 2, seed=71)
    advance_to(s, "score")
    set_res(s, 0, worker=1, goods=2)
    set_wellbeing(s, 0, 0)
    do(s, 0, "score_worker")
    do(s, 0, "score_goods")
    do(s, 0, "score_goods")
    assert wellbeing(s, 0) == 3


def test_family_scores_at_most_five_cylinders_per_cycle():
    """Cycle › 5 Score: up to 5 cylinders per person per Cycle."""
    s = new_state("family", 2, seed=72)
    advance_to(s, "score")
    set_res(s, 0, worker=3, goods=3)
    set_wellbeing(s, 0, 0)
    for name in ("score_worker", "score_goods") * 2 + ("score_worker",):
        do(s, 0, name)
    assert wellbeing(s, 0) == 5
    assert not {"score_worker", "score_goods"} & legal_names(s)
    with pytest.raises(IllegalActionError):
        do(s, 0, "score_goods")
    next_cycle_phase(s, "score")
    set_res(s, 0, goods=1)
    do(s, 0, "score_goods")
    assert wellbeing(s, 0) == 6


# ---------------------------------------------------------------- Trade with the reserve


def test_reserve_trade_once_per_cycle():
    """Cycle › 4 Build / Trade › Trade: a single exchange with the reserve per Cycle."""
    s = new_state("family", 2, seed=81)
    advance_to(s, "build_trade")
    set_hand(s, 0, extra=3)
    set_res(s, 0, electricity=1, water=1)
    top = s.z["main_deck"][-1]
    do(s, 0, "reserve_buy_card", (1, 1, 0, 0))
    assert len(s.z["hand"][0]) == 4 and top in s.z["hand"][0]
    assert res(s, 0)["electricity"] == 0 and res(s, 0)["water"] == 0

    set_res(s, 0, electricity=2, water=2)
    assert not {"reserve_buy_card", "reserve_sell_card"} & legal_names(s)
    with pytest.raises(IllegalActionError):
        do(s, 0, "reserve_sell_card", s.z["hand"][0][0], (0, 2, 0, 0))
    with pytest.raises(IllegalActionError):
        do(s, 0, "reserve_buy_card", (2, 0, 0, 0))

    # next Cycle: a card from hand → 2 Non-Renewable resources of one's choice
    next_cycle_phase(s, "build_trade")
    card = s.z["hand"][0][0]
    set_res(s, 0)
    do(s, 0, "reserve_sell_card", card, (0, 2, 0, 0))
    assert s.z["trash"][-1] == card
    assert res(s, 0)["water"] == 2
    assert "reserve_buy_card" not in legal_names(s)


@pytest.mark.parametrize("cubes", [(2, 0, 0, 0), (1, 1, 0, 0), (0, 2, 0, 0)],
                         ids=["two electricity", "electricity + water", "two water"])
def test_reserve_trade_examples(cubes):
    """Cycle › 4 Build / Trade › Trade, with the reserve: two Non-Renewable resources from
    the City for the top card of the Main Deck; next Cycle, a card from hand (to the
    Trash Deck) for two Non-Renewable resources of one's choice."""
    s = new_state("family", 2, seed=83)
    advance_to(s, "build_trade")
    hand = set_hand(s, 0, extra=2)
    set_res(s, 0, electricity=cubes[0], water=cubes[1], worker=1)
    top = s.z["main_deck"][-1]
    do(s, 0, "reserve_buy_card", cubes)
    assert res(s, 0) == {"electricity": 0, "water": 0, "worker": 1, "goods": 0}
    assert s.z["hand"][0] == hand + [top]
    next_cycle_phase(s, "build_trade")
    set_res(s, 0)
    card = s.z["hand"][0][0]
    do(s, 0, "reserve_sell_card", card, cubes)
    assert s.z["trash"][-1] == card and card not in s.z["hand"][0]
    assert res(s, 0) == {"electricity": cubes[0], "water": cubes[1], "worker": 0, "goods": 0}


def test_reserve_buy_needs_two_non_renewables():
    s = new_state("family", 2, seed=82)
    advance_to(s, "build_trade")
    set_res(s, 0, electricity=1, worker=3, goods=3)
    assert "reserve_buy_card" not in legal_names(s)


# ---------------------------------------------------------------- Take a Card


@pytest.mark.parametrize("mode,players", [("family", 3), ("family", 2), ("metropolis", 6)])
def test_take_a_card_draft(mode, players):
    """Cycle › 2 Take a Card: players + 2 cards are laid out; the First Player
    chooses first, then clockwise; the leftovers go to the Trash Deck."""
    s = new_state(mode, players, seed=91)
    advance_to(s, "place")
    for p in range(players):
        set_hand(s, p, extra=3)
    deck_top = list(reversed(s.z["main_deck"]))[: players + 2]
    trash_before = list(s.z["trash"])
    for _ in range(players):
        do(s, s.current_player(), "finish")

    assert s.phase == "take_card"
    assert sorted(s.z["offer"]) == sorted(deck_top)
    order = [(s.first + i) % players for i in range(players)]
    taken = []
    for p in order:
        assert s.current_player() == p
        card = s.z["offer"][0]
        do(s, p, "pick", card)
        assert card in s.z["hand"][p]
        assert len(s.z["hand"][p]) == 4
        taken.append(card)
    leftovers = set(deck_top) - set(taken)
    assert len(leftovers) == 2
    assert s.z["offer"] == []
    assert s.z["trash"][: len(trash_before)] == trash_before
    assert set(s.z["trash"][len(trash_before):]) == leftovers
    assert s.phase == "build_trade"


# ---------------------------------------------------------------- Resolve


def test_resolve_loses_non_renewables_keeps_cylinders_and_produces():
    """Cycle › 3 Resolve: Electricity and Water go to the reserve, Workers and
    Goods stay (back in the city); the production is taken (resources, cards,
    Well-being Points)."""
    s = new_state("family", 2, seed=101)
    advance_to(s, "place")
    inodoro, kiosco, cine, aserradero, huerta = set_city(
        s, 0, ["inodoro", "kiosco_24_horas", "cine_rayo", "aserradero_tronco_feliz",
               "huerta_comunitaria"])
    # inodoro: E + W(orker) -> 2 water; kiosco: E -> card; cine: E + G -> 1 point;
    # aserradero: worker -> goods; huerta: water -> goods
    set_hand(s, 0, extra=3)
    set_res(s, 0, electricity=3, water=1, worker=2, goods=1)
    set_wellbeing(s, 0, 0)
    for b in (inodoro, kiosco, cine, aserradero, huerta):
        do(s, 0, "activate", b)
        assert s.cst["active"][b]
    assert res(s, 0) == {"electricity": 0, "water": 0, "worker": 0, "goods": 0}
    assert "activate" not in legal_names(s)  # nothing left; activating is once per Cycle

    advance_to(s, "build_trade")  # 0 picks one card in the draft, then Resolve
    assert res(s, 0) == {"electricity": 0, "water": 2, "worker": 2, "goods": 3}
    assert wellbeing(s, 0) == 1
    assert len(s.z["hand"][0]) == 3 + 1 + 1  # draft pick + kiosco's card
    assert not any(s.cst["active"][b] for b in s.z["city"][0])


def test_building_needs_all_inputs_to_activate():
    """1 Place: a building is activated only with everything its left side asks for."""
    s = new_state("family", 2, seed=102)
    advance_to(s, "place")
    inodoro = set_city(s, 0, ["inodoro"])[0]
    set_res(s, 0, electricity=1)
    assert "activate" not in legal_names(s)
    with pytest.raises(IllegalActionError):
        do(s, 0, "activate", inodoro)
    set_res(s, 0, electricity=1, worker=1)
    do(s, 0, "activate", inodoro)


# ---------------------------------------------------------------- limits


# Leaflet › Cards in hand: a player holding 10 cards who would take another may
# discard cards of their choice (to the Trash Deck) to make room, or not take it.


def _draft_until(s, player):
    """Advance the draft, earlier players picking the first card, until ``player`` acts."""
    while s.current_player() != player:
        do(s, s.current_player(), "pick", s.z["offer"][0])


@pytest.mark.parametrize("choice", ["make_room", "decline_card"])
def test_full_hand_in_the_draft_makes_room_or_declines(choice):
    """Cycle › 2 Take a Card with a full hand: the card offered is taken after a
    discard of the player's choice, or declined (it stays in the offer)."""
    s = new_state("family", 2, seed=111)
    advance_to(s, "place")
    hand = set_hand(s, 0, extra=10)
    set_hand(s, 1, extra=3)
    do(s, 0, "finish")
    do(s, 1, "finish")
    _draft_until(s, 0)
    card = s.z["offer"][0]
    do(s, 0, "pick", card)
    assert s.current_player() == 0
    assert legal_names(s) == {"make_room", "decline_card"}
    assert {a.args[0] for a in legal(s, "make_room")} == set(hand)
    trash = list(s.z["trash"])
    if choice == "make_room":
        do(s, 0, "make_room", hand[3])
        assert card in s.z["hand"][0] and hand[3] not in s.z["hand"][0]
        assert s.z["trash"] == trash + [hand[3]]
    else:
        do(s, 0, "decline_card")
        assert card not in s.z["hand"][0] and s.z["hand"][0] == hand
        assert card in s.z["offer"] or card in s.z["hand"][1] or card in s.z["trash"]
    assert len(s.z["hand"][0]) == 10


def test_declined_card_stays_in_the_offer_for_the_next_player():
    s = new_state("family", 2, seed=112)
    advance_to(s, "place")
    set_hand(s, 0, extra=10)
    set_hand(s, 1, extra=3)
    do(s, 0, "finish")
    do(s, 1, "finish")
    s.first = s.lead = 0  # player 0 picks first (the phase goes round from its leader: construct 17)
    touch(s)
    card = s.z["offer"][0]
    do(s, 0, "pick", card)
    do(s, 0, "decline_card")
    assert s.current_player() == 1
    assert card in s.z["offer"]
    do(s, 1, "pick", card)
    assert card in s.z["hand"][1]


def test_metropolis_hand_limit_matters_from_the_first_cycle():
    """Metropolis starts with all 10 cards in hand (leaflet), so the first draft already
    asks each player to make room or decline."""
    s = new_state("metropolis", 3, seed=113)
    advance_to(s, "take_card")
    for _ in range(3):
        p = s.current_player()
        assert len(s.z["hand"][p]) == 10
        card = s.z["offer"][0]
        do(s, p, "pick", card)
        assert legal_names(s) == {"make_room", "decline_card"}
        discard = s.z["hand"][p][0]
        do(s, p, "make_room", discard)
        assert card in s.z["hand"][p] and discard in s.z["trash"]
        assert len(s.z["hand"][p]) == 10


@pytest.mark.parametrize("choice", ["make_room", "decline_card"])
def test_resolve_draw_into_full_hand_is_asked_during_resolve(choice):
    """Cycle › 3 Resolve: Kiosco 24 Horas draws a card into a full hand; the player
    decides at once, in Resolve, before 4 Build / Trade: discard and take it, or
    leave it on the Main Deck."""
    s = new_state("family", 2, seed=114)
    advance_to(s, "place")
    kiosco = set_city(s, 0, ["kiosco_24_horas"])[0]
    set_hand(s, 0, extra=9)
    set_hand(s, 1, extra=3)
    set_res(s, 0, electricity=1)
    do(s, 0, "activate", kiosco)
    do(s, 0, "finish")
    do(s, 1, "finish")
    while s.phase == "take_card":  # the draft fills player 0's hand to 10
        p = s.current_player()
        do(s, p, "pick", s.z["offer"][0])
    assert s.phase == "resolve" and s.current_player() == 0
    assert len(s.z["hand"][0]) == 10
    assert legal_names(s) == {"make_room", "decline_card"}
    top = s.z["main_deck"][-1]
    if choice == "make_room":
        discard = s.z["hand"][0][0]
        do(s, 0, "make_room", discard)
        assert top in s.z["hand"][0] and s.z["trash"][-1] == discard
    else:
        do(s, 0, "decline_card")
        assert s.z["main_deck"][-1] == top
    assert len(s.z["hand"][0]) == 10
    assert s.phase == "build_trade"


def test_two_draws_into_a_full_hand_ask_card_by_card():
    """Shopping Galáctico draws 2: each card is its own question; declining leaves the
    rest on the Main Deck."""
    s = new_state("family", 2, seed=115)
    advance_to(s, "place")
    shop = set_city(s, 0, ["shopping_galactico"])[0]
    set_hand(s, 0, extra=10)
    set_res(s, 0, electricity=1, worker=1)
    do(s, 0, "activate", shop)
    do(s, 0, "finish")
    do(s, 1, "finish")
    while s.phase == "take_card":
        p = s.current_player()
        do(s, p, "pick", s.z["offer"][0])
        if s.phase == "take_card" and s.pending:
            do(s, p, "decline_card")
    assert s.phase == "resolve" and legal_names(s) == {"make_room", "decline_card"}
    first, second = s.z["main_deck"][-1], s.z["main_deck"][-2]
    do(s, 0, "make_room", s.z["hand"][0][0])
    assert first in s.z["hand"][0]
    assert legal_names(s) == {"make_room", "decline_card"}  # the second card asks again
    do(s, 0, "decline_card")
    assert second == s.z["main_deck"][-1] and second not in s.z["hand"][0]
    assert s.phase == "build_trade" and len(s.z["hand"][0]) == 10


def test_reserve_buy_into_a_full_hand_makes_room():
    """Leaflet › Cards in hand + Trade: a player holding 10 cards may buy a card from the
    reserve, discarding one of their choice to take it."""
    s = new_state("family", 2, seed=116)
    advance_to(s, "build_trade")
    hand = set_hand(s, 0, extra=10)
    set_res(s, 0, electricity=2)
    top = s.z["main_deck"][-1]
    do(s, 0, "reserve_buy_card", (2, 0, 0, 0))
    assert res(s, 0)["electricity"] == 0
    assert legal_names(s) == {"make_room", "decline_card"}
    do(s, 0, "make_room", hand[0])
    assert top in s.z["hand"][0] and hand[0] == s.z["trash"][-1]
    assert len(s.z["hand"][0]) == 10


def test_card_traded_into_a_full_hand_makes_room():
    """Leaflet › Cards in hand + Trade: the partner holding 10 cards who accepts a card
    discards one of their choice to take it."""
    s = new_state("family", 2, seed=117)
    advance_to(s, "build_trade")
    mine = set_hand(s, 0, ["escuela"], extra=2)
    theirs = set_hand(s, 1, extra=10)
    set_res(s, 0)
    set_res(s, 1, worker=1)
    do(s, 0, "offer_trade", 1, (0, 0, 0, 0), (0, 0, 1, 0), 1, 0)
    do(s, 1, "answer", "accept")
    assert res(s, 0)["worker"] == 1
    do(s, 0, "choose_card", mine[0])  # player 0 gives the Escuela
    assert s.current_player() == 1 and legal_names(s) == {"make_room", "decline_card"}
    do(s, 1, "make_room", theirs[5])
    assert mine[0] in s.z["hand"][1] and theirs[5] == s.z["trash"][-1]
    assert len(s.z["hand"][1]) == 10 and len(s.z["hand"][0]) == 2


CHEAP = ["plazoleta_verde", "pozo_comunal", "taller_tuerca"] * 3 + ["parque"]


@pytest.mark.parametrize("mode,players", [("family", 2), ("metropolis", 2), ("solo", 1),
                                          ("solo_family", 1)])
def test_city_limit(mode, players):
    """Build: at most 8 buildings per city (Family), 10 in Metropolis."""
    limit = city_limit(mode)
    assert limit == (8 if mode in ("family", "solo_family") else 10)
    s = new_state(mode, players, seed=121)
    advance_to(s, "build_trade")
    set_city(s, 0, CHEAP[: limit - 1])
    coal, pay = set_hand(s, 0, ["central_de_carbon"], extra=1)
    do(s, 0, "build", coal)
    pay_with(s, 0, [pay])
    assert len(s.z["city"][0]) == limit
    coal2, pay2 = set_hand(s, 0, ["central_de_carbon"], extra=1)
    assert "build" not in legal_names(s)
    with pytest.raises(IllegalActionError):
        do(s, 0, "build", coal2)
    # demolishing makes room again
    do(s, 0, "demolish", s.z["city"][0][0])
    do(s, 0, "build", coal2)
    pay_with(s, 0, [pay2])
    assert len(s.z["city"][0]) == limit


# ---------------------------------------------------------------- reshuffle


def test_trash_reshuffled_when_main_deck_runs_out():
    """FAQ: when the Main Deck runs out, shuffle the Trash Deck into a new Main Deck."""
    s = new_state("family", 2, seed=131)
    advance_to(s, "place")
    keep = list(s.z["main_deck"][-2:])  # two cards stay on top of the main deck
    for c in list(s.z["main_deck"][:-2]):
        R.move(s, s.g, c, "trash", None)
    touch(s)
    trash = set(s.z["trash"])
    total = total_cards(s)
    do(s, 0, "finish")
    do(s, 1, "finish")
    assert s.phase == "take_card"
    assert len(s.z["offer"]) == 4
    assert set(keep) <= set(s.z["offer"])
    assert s.z["trash"] == []
    assert set(s.z["main_deck"]) == trash - set(s.z["offer"])
    assert zone_sizes(s) == total


def test_trash_reshuffled_as_soon_as_the_main_deck_runs_out():
    """FAQ: the Trash Deck becomes the new Main Deck when the Main Deck runs out, not when
    the next card is needed: the draft's leftovers, trashed after the offer emptied the
    Main Deck, start the new Trash Deck."""
    s = new_state("family", 2, seed=133)
    advance_to(s, "place")
    for c in list(s.z["main_deck"][:-4]):  # 4 cards left: exactly the offer
        R.move(s, s.g, c, "trash", None)
    touch(s)
    old_trash = set(s.z["trash"])
    do(s, 0, "finish")
    do(s, 1, "finish")
    assert s.phase == "take_card" and len(s.z["offer"]) == 4
    assert s.z["trash"] == [] and set(s.z["main_deck"]) == old_trash
    taken = []
    while s.phase == "take_card":
        card = s.z["offer"][0]
        do(s, s.current_player(), "pick", card)
        taken.append(card)
    leftovers = set(s.z["trash"])
    assert len(leftovers) == 2 and not leftovers & set(taken)
    assert set(s.z["main_deck"]) <= old_trash


def test_reserve_buy_draws_from_reshuffled_trash():
    s = new_state("family", 2, seed=132)
    advance_to(s, "build_trade")
    set_hand(s, 0)  # empty hand (its cards go to the main deck)...
    for c in list(s.z["main_deck"]):  # ...then the whole main deck to the trash
        R.move(s, s.g, c, "trash", None)
    touch(s)
    n_trash = len(s.z["trash"])
    set_res(s, 0, water=2)
    do(s, 0, "reserve_buy_card", (0, 2, 0, 0))
    assert len(s.z["hand"][0]) == 1
    assert len(s.z["main_deck"]) == n_trash - 1
    assert s.z["trash"] == []


# ---------------------------------------------------------------- end of the game


def test_family_end_at_twenty_finishes_the_cycle():
    """End of the Game: reaching 20 completes the Cycle; the most points win."""
    s = new_state("family", 2, seed=141)
    advance_to(s, "build_trade")
    palacio, *payment = set_hand(s, 0, ["palacio_nyborg"], extra=4)
    set_wellbeing(s, 0, 17)
    set_wellbeing(s, 1, 19)
    do(s, 0, "build", palacio)
    pay_with(s, 0, payment)
    assert wellbeing(s, 0) == 20
    assert not s.is_terminal()
    rnd = s.round
    do(s, 0, "finish")
    do(s, 1, "finish")
    assert s.phase == "score" and not s.is_terminal()
    set_res(s, 0)
    set_res(s, 1, worker=2)
    do(s, 0, "finish")
    do(s, 1, "score_worker")
    do(s, 1, "score_worker")
    assert not s.is_terminal()
    do(s, 1, "finish")
    assert s.is_terminal()
    assert s.round == rnd
    assert s.current_player() == R.TERMINAL
    assert s.scores() == [20, 21]
    assert s.winners_list() == [1]
    assert s.returns() == [-1.0, 1.0]


@pytest.mark.parametrize("mode,points", [("family", 20), ("metropolis", 40)])
def test_end_threshold(mode, points):
    """Family ends at 20, Metropolis at 40 (not before)."""
    s = new_state(mode, 2, seed=142)
    advance_to(s, "score")
    set_wellbeing(s, 0, points - 2)
    set_res(s, 0, worker=1)
    do(s, 0, "score_worker")
    finish_phase(s)
    assert not s.is_terminal()  # points - 1
    advance_to(s, "score")
    set_res(s, 0, worker=1)
    do(s, 0, "score_worker")
    assert wellbeing(s, 0) == points
    finish_phase(s)
    assert s.is_terminal()
    assert s.winners_list() == [0]


# ---------------------------------------------------------------- tie-breaks

TIE_BREAKS = {
    # better city, worse city: the worse one wins every later tie-break
    "environment": (["bosque_nativo"],  # env 2
                    ["parque", "obelixco", "universidad_popular"]),  # env 1, 2 pink, 5 pts, 9 val
    "pink buildings": (["parque"],  # env 1, 1 pink, 1 pt, value 1
                       ["plazoleta_verde", "universidad_popular"]),  # env 1, 0 pink, 2 pts, 7
    "passive points": (["biblioteca"],  # 1 pt, value 2
                       ["correo_paloma", "comisaria_del_barrio"]),  # 0 pts, value 3
    "building values": (["escuela"], ["correo_paloma"]),  # value 3 vs 2
}


def _tie_key(s, p):
    city = s.z["city"][p]
    return (environment(s, p),
            sum(1 for c in city if utopolis.F_colour[c] == "wellbeing_type"),
            sum(utopolis.F_points[c] for c in city),
            sum(utopolis.F_value[c] for c in city))


def _end_tied(better, worse, better_seat, players=2, mode="family"):
    s = new_state(mode, players, seed=151)
    advance_to(s, "score")
    worse_seat = 1 - better_seat
    set_city(s, better_seat, better)
    set_city(s, worse_seat, worse)
    for p in range(players):
        set_res(s, p)
    set_wellbeing(s, 0, target(mode))
    set_wellbeing(s, 1, target(mode))
    finish_phase(s)
    assert s.is_terminal()
    return s


@pytest.mark.parametrize("better_seat", [0, 1])
@pytest.mark.parametrize("rule", list(TIE_BREAKS))
def test_tie_break_decides(rule, better_seat):
    """Tie-break Rules: 1 Environment Points, 2 pink buildings, 3 passive points,
    4 building values, each deciding a tie the earlier ones leave."""
    better, worse = TIE_BREAKS[rule]
    s = _end_tied(better, worse, better_seat)
    kb, kw = _tie_key(s, better_seat), _tie_key(s, 1 - better_seat)
    i = list(TIE_BREAKS).index(rule)
    assert kb[:i] == kw[:i] and kb[i] > kw[i]  # the premise: decided by rule i
    assert all(kw[j] >= kb[j] for j in range(i + 1, 4))  # later rules favour the other
    assert s.winners_list() == [better_seat]
    ret = [-1.0, -1.0]
    ret[better_seat] = 1.0
    assert s.returns() == ret


def test_full_tie_shares_victory():
    s = _end_tied(["pozo_comunal"], ["pozo_comunal"], 0)
    assert s.winners_list() == [0, 1]
    assert s.returns() == [1.0, 1.0]


def test_most_points_beat_tie_breaks():
    s = new_state("family", 3, seed=152)
    advance_to(s, "score")
    set_city(s, 0, TIE_BREAKS["environment"][0] + ["universidad_popular"])
    set_city(s, 1, [])
    for p in range(3):
        set_res(s, p)
    set_wellbeing(s, 0, 20)
    set_wellbeing(s, 1, 21)
    set_wellbeing(s, 2, 3)
    finish_phase(s)
    assert s.is_terminal()
    assert s.winners_list() == [1]
    assert s.returns() == [-1.0, 1.0, -1.0]


# ---------------------------------------------------------------- Solo


SOLO = [("solo", 20, 40), ("solo_easy", 17, 40), ("solo_hard", 23, 40), ("solo_family", 0, 20)]


@pytest.mark.parametrize("mode,start,goal", SOLO)
def test_solo_heart_start_and_loss(mode, start, goal):
    """Solo › Objective: the heart starts at 17/20/23 (0 in Family solo), advances
    once per Cycle after Score; when it ends a Cycle beyond the target and the
    player has not surpassed it, the player loses."""
    s = new_state(mode, 1, seed=161)
    assert s.gtr["heart"] == start
    advance_to(s, "score")
    assert s.gtr["heart"] == start  # not yet advanced in Cycle 1
    finish_phase(s)
    assert s.gtr["heart"] == start + 1
    finish_game(s)  # a player who never builds nor scores
    assert s.round == goal - start + 1
    assert s.gtr["heart"] == goal + 1
    assert s.winners_list() == []
    assert s.returns() == [-1.0]


@pytest.mark.parametrize("mode,start,goal", SOLO)
def test_solo_win_on_reaching_target(mode, start, goal):
    s = new_state(mode, 1, seed=162)
    advance_to(s, "score")
    set_wellbeing(s, 0, goal - 1)
    set_res(s, 0, worker=1)
    do(s, 0, "score_worker")
    assert not s.is_terminal()
    do(s, 0, "finish")
    assert s.is_terminal()
    assert s.winners_list() == [0]
    assert s.returns() == [1.0]


@pytest.mark.parametrize("mode,start,goal", SOLO)
def test_solo_heart_passing_target_in_the_same_cycle(mode, start, goal):
    """The heart ends the Cycle beyond the target: reaching the target is not
    enough, the player must have surpassed the heart."""
    for final, won in ((goal, False), (goal + 1, False), (goal + 2, True)):
        s = new_state(mode, 1, seed=163)
        advance_to(s, "score")
        s.gtr["heart"] = goal  # it will end this Cycle at goal + 1
        set_wellbeing(s, 0, final - 1)
        set_res(s, 0, worker=1)
        do(s, 0, "score_worker")
        do(s, 0, "finish")
        assert s.is_terminal()
        assert s.gtr["heart"] == goal + 1
        assert (s.winners_list() == [0]) is won, (final, s.winners_list())


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize("mode,players,deck", [("family", 3, 89), ("metropolis", 3, 95),
                                               ("solo", 1, 95), ("solo_family", 1, 89)])
def test_setup(mode, players, deck):
    """Initial Setup: Family removes the six marked cards; everyone gets one of each
    cube and cylinder and 10 cards (Family/Solo then keep 5)."""
    s = new_state(mode, players, seed=171)
    assert total_cards(s) == deck
    removed = {"reserve", "recycling_plant", "carbon_capturer", "pendulum_factory",
               "crema_del_cielo_inc", "hat_factory"}
    in_play = {s.game.card_names[c] for c in range(len(s.loc)) if s.loc[c] is not None}
    assert bool(removed & in_play) == (deck == 95)
    for p in range(players):
        assert res(s, p) == {"electricity": 1, "water": 1, "worker": 1, "goods": 1}
        assert len(s.z["hand"][p]) == 10
    keep = mode != "metropolis"
    assert (s.phase == "keep_cards") == keep
    advance_to(s, "place")
    for p in range(players):
        assert len(s.z["hand"][p]) == (5 if keep else 10)


# ---------------------------------------------------------------- more rules


def test_first_player_passes_left_each_cycle():
    """Cycle Reset: the First Player marker passes to the left; the draft starts
    with the First Player."""
    s = new_state("family", 3, seed=181)
    advance_to(s, "take_card")
    first = s.first
    assert s.current_player() == first
    for k in range(1, 4):
        next_cycle_phase(s, "take_card")
        assert s.first == (first + k) % 3
        assert s.current_player() == s.first


def test_family_has_no_upgrade_and_no_bonuses():
    """Family Mode has neither Upgrade nor the Metropolis Bonuses."""
    s = new_state("family", 2, seed=191)
    advance_to(s, "build_trade")
    coal = set_city(s, 0, ["central_de_carbon"])[0]
    set_city(s, 1, ["parque"])
    solar = set_hand(s, 0, ["central_solar"], extra=4)[0]
    assert "upgrade" not in legal_names(s)
    with pytest.raises(IllegalActionError):
        do(s, 0, "upgrade", coal, solar)
    set_city(s, 0, ["municipalidad", "biblioteca", "escuela", "obelixco"])
    bomberos, *payment = set_hand(s, 0, ["bomberos"], extra=3)
    set_wellbeing(s, 0, 0)
    set_wellbeing(s, 1, 0)
    do(s, 0, "build", bomberos)
    pay_with(s, 0, payment)
    parque, pay = set_hand(s, 0, ["parque"], extra=1)
    do(s, 0, "build", parque)
    pay_with(s, 0, [pay])
    assert wellbeing(s, 0) == 1  # Parque's passive point only
    assert wellbeing(s, 1) == 0


# ---------------------------------------------------------------- Trade between players

NONE = (0, 0, 0, 0)


@pytest.mark.parametrize("cubes", [(2, 0, 0, 0), (1, 1, 0, 0), (0, 2, 0, 0)],
                         ids=["two electricity", "electricity + water", "two water"])
def test_rulebook_trade_examples_cubes_for_a_card(cubes):
    """Cycle › 4 Build / Trade › Trade: the rulebook's examples of exchanges, two
    Electricity, Electricity + Water, two Water, each for a card."""
    s = new_state("family", 2, seed=201)
    advance_to(s, "build_trade")
    set_res(s, 0, electricity=2, water=2)
    set_res(s, 1)
    set_hand(s, 0, extra=2)
    theirs = set_hand(s, 1, ["escuela"], extra=2)
    offer = s.game.action(0, "offer_trade", 1, cubes, NONE, 0, 1)
    assert offer in s.legal_actions()
    s.apply_action(offer)
    assert s.current_player() == 1 and legal_names(s) == {"answer"}
    do(s, 1, "answer", "accept")
    assert s.current_player() == 1  # player 1 picks which of their cards to give
    assert {a.args[0] for a in legal(s, "choose_card")} == set(theirs)
    do(s, 1, "choose_card", theirs[0])
    e, w = cubes[0], cubes[1]
    assert res(s, 0) == {"electricity": 2 - e, "water": 2 - w, "worker": 0, "goods": 0}
    assert res(s, 1) == {"electricity": e, "water": w, "worker": 0, "goods": 0}
    assert theirs[0] in s.z["hand"][0]
    assert len(s.z["hand"][0]) == 3 and len(s.z["hand"][1]) == 2
    assert not s.pending


def test_a_card_for_two_cubes_and_decline():
    """Trade, the other way round: a card for two Electricity; a declined trade
    changes nothing (and still counts as an offer)."""
    s = new_state("family", 2, seed=202)
    advance_to(s, "build_trade")
    set_res(s, 0)
    set_res(s, 1, electricity=2)
    mine = set_hand(s, 0, ["escuela"], extra=1)
    set_hand(s, 1, extra=2)
    do(s, 0, "offer_trade", 1, NONE, (2, 0, 0, 0), 1, 0)
    do(s, 1, "answer", "decline")
    assert res(s, 1)["electricity"] == 2 and len(s.z["hand"][0]) == 2
    assert s.ta["trade_offers"][0] == 1
    do(s, 0, "offer_trade", 1, NONE, (2, 0, 0, 0), 1, 0)
    do(s, 1, "answer", "accept")
    assert s.current_player() == 0  # player 0 picks which card to give
    do(s, 0, "choose_card", mine[0])
    assert mine[0] in s.z["hand"][1] and res(s, 0)["electricity"] == 2
    assert res(s, 1)["electricity"] == 0


def test_trade_bundles_of_cylinders_cubes_and_cards():
    """Leaflet FAQ: everything but buildings and Well-being Points can be traded, cards in
    hand and cylinders and cubes of any colour: a worker and a card for a goods cylinder
    and a Water; buildings and points do not move."""
    s = new_state("family", 3, seed=203)
    advance_to(s, "build_trade")
    set_res(s, 0, worker=1)
    set_res(s, 2, goods=1, water=1)
    mine = set_hand(s, 0, extra=2)
    set_city(s, 0, ["escuela"])
    set_city(s, 2, ["parque"])
    set_wellbeing(s, 0, 4)
    set_wellbeing(s, 2, 6)
    cities = [list(s.z["city"][p]) for p in range(3)]
    # 2 + 2 items: more than a trade may hold
    assert s.game.action(0, "offer_trade", 2, (0, 0, 1, 0), (0, 1, 0, 1), 1, 0) \
        not in s.legal_actions()
    do(s, 0, "offer_trade", 2, (0, 0, 1, 0), (0, 0, 0, 1), 1, 0)
    do(s, 2, "answer", "accept")
    do(s, 0, "choose_card", mine[1])
    assert res(s, 0) == {"electricity": 0, "water": 0, "worker": 0, "goods": 1}
    assert res(s, 2) == {"electricity": 0, "water": 1, "worker": 1, "goods": 0}
    assert mine[1] in s.z["hand"][2]
    assert [s.z["city"][p] for p in range(3)] == cities
    assert wellbeing(s, 0) == 4 and wellbeing(s, 2) == 6


def test_trade_offers_are_bounded():
    """The engine's bound: each side gives something, at most trade_size (3) items in
    all, only what the two players hold, 3 offers per player per Cycle."""
    s = new_state("family", 2, seed=204)
    advance_to(s, "build_trade")
    set_res(s, 0, electricity=2, water=2, worker=2, goods=2)
    set_res(s, 1, electricity=2, water=2, worker=2, goods=2)
    set_hand(s, 0, extra=3)
    set_hand(s, 1, extra=3)
    offers = legal(s, "offer_trade")
    for a in offers:
        _, given, wanted, cards_given, cards_wanted = a.args
        assert sum(given) + cards_given >= 1 and sum(wanted) + cards_wanted >= 1
        assert sum(given) + cards_given + sum(wanted) + cards_wanted <= 3
    # every trade of 1 for 1, 1 for 2 and 2 for 1 items, from 4 resources and cards
    assert len(offers) == 5 * 5 + 2 * 5 * 15
    set_res(s, 1, water=1)
    set_hand(s, 1)
    wanted = {a.args[2] for a in legal(s, "offer_trade")}
    assert wanted == {(0, 1, 0, 0)}  # all player 1 holds: one Water, no card
    assert all(a.args[4] == 0 for a in legal(s, "offer_trade"))
    for _ in range(3):
        do(s, 0, "offer_trade", 1, NONE, (0, 1, 0, 0), 1, 0)
        do(s, 1, "answer", "decline")
    assert "offer_trade" not in legal_names(s)


def test_cards_given_in_a_trade_are_from_the_hand_held_before_it():
    """A card for a card: each player picks among the cards they held when the trade was
    accepted, so the card just received cannot be handed straight back."""
    s = new_state("family", 2, seed=205)
    advance_to(s, "build_trade")
    mine = set_hand(s, 0, ["escuela"], extra=1)
    theirs = set_hand(s, 1, ["bomberos"], extra=1)
    do(s, 0, "offer_trade", 1, NONE, NONE, 1, 1)
    do(s, 1, "answer", "accept")
    do(s, 0, "choose_card", mine[0])
    assert s.current_player() == 1
    assert {a.args[0] for a in legal(s, "choose_card")} == set(theirs)
    with pytest.raises(IllegalActionError):
        do(s, 1, "choose_card", mine[0])
    do(s, 1, "choose_card", theirs[0])
    assert sorted(s.z["hand"][0]) == sorted([mine[1], theirs[0]])
    assert sorted(s.z["hand"][1]) == sorted([theirs[1], mine[0]])


def test_keep_cards_puts_the_rest_at_the_bottom_of_the_main_deck():
    """Family › Initial Setup 6: keep 5 of the 10 cards, the rest go to the
    bottom of the Main Deck."""
    s = new_state("family", 2, seed=211)
    assert s.phase == "keep_cards"
    returned = []
    while s.phase == "keep_cards":
        p = s.current_player()
        card = s.z["hand"][p][-1]
        do(s, p, "choose_card", card)
        returned.append(card)
    assert len(returned) == 10
    assert all(len(s.z["hand"][p]) == 5 for p in range(2))
    assert set(s.z["main_deck"][:10]) == set(returned)


@pytest.mark.parametrize("mode,players", [("metropolis", 2), ("family", 2)])
def test_early_build_before_the_first_cycle(mode, players):
    """Metropolis › Initial Setup (and the FAQ for Family): building is allowed
    before the first Cycle."""
    s = new_state(mode, players, seed=221)
    advance_to(s, "early_build")
    assert s.round == 0
    coal, pay = set_hand(s, 0, ["central_de_carbon"], extra=1)
    do(s, 0, "build", coal)
    pay_with(s, 0, [pay])
    assert s.z["city"][0] == [coal]
    advance_to(s, "place")
    assert s.round == 1
    set_res(s, 0, worker=1)
    do(s, 0, "activate", coal)
