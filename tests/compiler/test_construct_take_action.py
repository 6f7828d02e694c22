"""Construct 3: taking another action from inside an effect.

The construct spec is ``tests/compiler/constructs/take_action.rules`` (with
``take_action.cards.yaml``): Anachrony's World Council, which copies a Capital action
with the worker placed on it, the copied space's worker restrictions applying (Actions ›
Capital Actions › World Council; Recruit "may not be activated by a Scientist", an
Engineer "may not select a Genius"; Research "may only be activated by a Scientist"), and
Utopia's drone, which takes the action of the time zone location it is placed on (Gameplay ›
IV: Conduct an Assassination; the location cards' `action` field, construct 1), and
Future Imperfect's Hypersync Construct, "as if you used an Engineer": 1 Titanium less
(Hypersync Future Actions › Hypersync Tile Actions), after which a rule triggered by
Construct still runs.
"""

from __future__ import annotations

import json

import pytest

from compiler import pipeline
from tests.helpers.constructs import (assert_games_replay, card_id, codes_of, construct_engine,
                                     construct_spec, quoted_blocks)
from tests.helpers.specs import compile_text

SPEC = construct_spec("take_action")
CARDS = SPEC.with_name("take_action.cards.yaml").read_text(encoding="utf-8")
BASE = SPEC.read_text(encoding="utf-8").replace("take_action.cards.yaml", "mini.cards.yaml")
TITANIUM = 0  # the spec's first resource


@pytest.fixture(scope="module")
def game():
    return construct_engine(SPEC)


def _start(game, seed=1):
    s = game.Game(num_players=2, seed=seed).new_initial_state()
    return s, s.current_player()


def _offered(s) -> list[tuple[str, tuple]]:
    return [(a.name, a.args) for a in s.legal_actions()]


def test_the_world_council_copies_a_capital_action_with_its_restrictions(game):
    s, p = _start(game)
    s.apply_action(s.game.action(p, "world_council", "scientist"))
    # a Scientist: Construct (any building) or Research; Recruit "may not be activated by a Scientist"
    assert s.current_player() == p and s.pending[0]["kind"] == "action"
    assert {name for name, _ in _offered(s)} == {"construct", "research"}
    assert all(args[0] == "scientist" for _, args in _offered(s))
    s.apply_action(s.game.action(p, "research", "scientist"))
    assert s.res[p][1] == 1 and s.current_player() == 1 - p  # a Breakthrough; the turn is over

    s, p = _start(game)
    s.apply_action(s.game.action(p, "world_council", "engineer"))
    recruits = sorted(args[1] for name, args in _offered(s) if name == "recruit")
    # an Engineer may not select a Genius; Research needs a Scientist
    assert recruits == ["administrator", "engineer", "scientist"]
    assert "research" not in {name for name, _ in _offered(s)}


def test_hypersync_constructs_as_an_engineer_and_the_trigger_runs(game):
    s, p = _start(game)
    plant = card_id(game, "power_plant")
    s.apply_action(s.game.action(p, "hypersync_construct"))
    assert ("construct", ("engineer", plant, 0)) in _offered(s) and ("decline", ()) in _offered(s)
    assert all(args[0] == "engineer" for name, args in _offered(s) if name == "construct")
    assert s.tr["hypersync_used"][p] == 0  # the rest of the effect waits for the action taken
    s.apply_action(s.game.action(p, "construct", "engineer", plant, 0))
    # the Power Plant costs 3 Titanium, 2 "as if you used an Engineer"; its 2 VP come from
    # the trigger after Construct; then the Hypersync action goes on
    assert s.res[p][TITANIUM] == 1 and s.tr["vp"][p] == 2 and plant in s.z["built"][p]
    assert s.tr["hypersync_used"][p] == 1 and s.current_player() == 1 - p


def test_a_scientist_pays_the_full_cost(game):
    s, p = _start(game)
    plant = card_id(game, "power_plant")
    s.apply_action(s.game.action(p, "world_council", "scientist"))
    s.apply_action(s.game.action(p, "construct", "scientist", plant, 0))
    assert s.res[p][TITANIUM] == 0 and s.tr["vp"][p] == 2


def test_nothing_legal_is_not_asked_and_the_effect_goes_on(game):
    s, p = _start(game)
    s.res[p][TITANIUM] = 0  # no building can be paid for, even with the discount
    s.apply_action(s.game.action(p, "hypersync_construct"))
    assert not s.pending and s.tr["hypersync_used"][p] == 1 and s.current_player() == 1 - p


def test_may_take_can_be_declined(game):
    s, p = _start(game)
    s.apply_action(s.game.action(p, "hypersync_construct"))
    s.apply_action(s.game.action(p, "decline"))
    assert s.res[p][TITANIUM] == 3 and not s.z["built"][p] and s.tr["hypersync_used"][p] == 1


def test_a_state_waiting_on_the_action_to_take_saves_clones_and_replays(game):
    s, p = _start(game)
    s.apply_action(s.game.action(p, "world_council", "genius"))
    assert [x["kind"] for x in s.pending] == ["action", "done"]
    back = game.Game(num_players=2, seed=1).state_from_json(s.to_json(history=True))
    copy = s.clone()
    for state in (s, back, copy):
        state.apply_action(state.game.action(p, "recruit", "genius", "genius"))
        assert state.tr["recruited"][p] == 1 and state.current_player() == 1 - p
    assert json.loads(back.to_json()) == json.loads(s.to_json()) == json.loads(copy.to_json())
    forged = json.loads(s.to_json())
    forged["pending"] = [{"kind": "action", "player": p, "actions": ["steal"], "bound": [], "me": p}]
    with pytest.raises(game.RulesError):
        game.Game(num_players=2, seed=1).state_from_json(json.dumps(forged))


def test_random_games_replay(game):
    assert_games_replay(game, players=3, seeds=range(6))


def test_future_blueprints_gives_construct_a_saving_of_one_titanium(game):
    s, p = _start(game)
    plant = card_id(game, "power_plant")
    s.apply_action(s.game.action(p, "blueprints", plant))
    # the building is fixed; `saving` is given (1), not chosen: a Scientist pays 3 - 1
    assert {args[1:] for name, args in _offered(s)} == {(plant, 1)}
    s.apply_action(s.game.action(p, "construct", "scientist", plant, 1))
    assert s.res[p][TITANIUM] == 1 and plant in s.z["built"][p]
    # offered in a phase, Construct saves nothing: `saving` is its default, 0
    q = 1 - p
    assert all(args[2] == 0 for name, args in _offered(s) if name == "construct")
    s.apply_action(s.game.action(q, "construct", "engineer", card_id(game, "factory"), 0))
    assert s.res[q][TITANIUM] == 2  # 2 Titanium, 1 less for an Engineer


def test_a_given_input_is_typed(tmp_path):
    mistyped = BASE.replace("given saving: int = 0", "given saving: int = engineer")
    assert "E0503" in codes_of(tmp_path, mistyped, CARDS)
    given_a_player = BASE.replace("with b = b, saving = 1", "with b = b, saving = me")
    assert "E0817" in codes_of(tmp_path, given_a_player, CARDS)


def test_a_drone_takes_the_action_its_location_names(game):
    s, p = _start(game)
    s.apply_action(s.game.action(p, "drone", card_id(game, "tz_lab")))
    # the Research Lab names Research, which only a Scientist activates
    assert _offered(s) == [("research", ("scientist",))]
    s.apply_action(s.game.action(p, "research", "scientist"))
    assert s.res[p][1] == 1 and s.current_player() == 1 - p
    q = 1 - p
    s.apply_action(s.game.action(q, "drone", card_id(game, "tz_capital")))
    assert {name for name, _ in _offered(s)} == {"construct"}
    s.apply_action(s.game.action(q, "construct", "genius", card_id(game, "factory"), 0))
    assert s.res[q][TITANIUM] == 2 and s.tr["vp"][q] == 1  # 2 Titanium, 1 less for a Genius


def test_an_action_field_names_an_action(tmp_path):
    not_action = BASE.replace('  field act: action "what a ship or drone there does"',
                              '  field act: text "what a ship or drone there does"')
    assert "E0819" in codes_of(tmp_path, not_action, CARDS)
    misspelt = CARDS.replace("act: research", "act: reserch")
    assert "E0620" in codes_of(tmp_path, BASE, misspelt)
    read = BASE.replace("    take action z.act\n", "    score z.act\n")
    assert "E0624" in codes_of(tmp_path, read, CARDS)


def test_actions_taken_each_other_in_a_cycle_are_an_error(tmp_path):
    looped = BASE.replace("    gain breakthrough 1\n",
                          "    gain breakthrough 1\n    take action world_council\n")
    assert "E0818" in codes_of(tmp_path, looped, CARDS)


COUNCIL = "take one of construct, recruit, research with w = w"


@pytest.mark.parametrize("old, new, code", [
    (COUNCIL, COUNCIL.replace("research", "reserch"), "E0815"),
    (COUNCIL, COUNCIL.replace("with w", "with x"), "E0816"),
    ("may take action construct with w = engineer", "may take action construct with w = 1", "E0817"),
])
def test_mistakes_are_reported(tmp_path, old, new, code):
    assert BASE.count(old) == 1
    assert code in codes_of(tmp_path, BASE.replace(old, new), CARDS)


@pytest.mark.parametrize("new, code, words", [
    (COUNCIL.replace("with w = w", "with w = 3"), "E0817", "`w` of `construct`, `recruit`, `research` is"),
    (COUNCIL.replace("with w", "with x"), "E0816", "actions `construct`, `recruit`, `research` have no"),
])
def test_a_with_wrong_for_every_action_listed_is_reported_once(tmp_path, new, code, words):
    """Found by a fresh-user check: three identical diagnostics at one place, one per action."""
    result = compile_text(tmp_path, BASE.replace(COUNCIL, new), CARDS)
    found = [d for d in result.diagnostics if d.code == code]
    assert len(found) == 1 and words in found[0].message


def test_a_with_of_a_card_action_suits_every_action_the_catalogue_names(tmp_path):
    """Found by a fresh-user check: `take action z.act with w = engineer` checked clean
    although an action a location names (here `pass_round`) has no choice `w`; `with w =
    1` is a number where the actions named choose a worker."""
    drone = BASE.replace("    take action z.act\n", "    take action z.act with w = engineer\n")
    assert drone != BASE
    assert codes_of(tmp_path, drone, CARDS) == ["W0105"]  # construct and research choose `w`
    passing = CARDS.replace("act: research", "act: pass_round")
    found = [d for d in compile_text(tmp_path, drone, passing).diagnostics if d.code == "E0816"]
    assert len(found) == 1 and "`pass_round` has no choice `w`" in found[0].message
    typed = drone.replace("with w = engineer", "with w = 1")
    assert "E0817" in codes_of(tmp_path, typed, CARDS)


def test_an_action_only_taken_is_not_reported_as_offered_nowhere(tmp_path):
    only_taken = BASE.replace("  actions construct, recruit, research, world_council,",
                              "  actions construct, recruit, world_council,")
    assert only_taken != BASE
    no_card = CARDS.replace("act: research", "act: construct")
    assert codes_of(tmp_path, only_taken, no_card) == ["W0105"]  # the World Council takes it
    neither = only_taken.replace("take one of construct, recruit, research with w = w",
                                 "take one of construct, recruit with w = w")
    assert codes_of(tmp_path, neither, CARDS) == ["W0105"]  # the Research Lab names it
    assert sorted(codes_of(tmp_path, neither, no_card)) == ["W0101", "W0105"]


def test_a_take_that_only_the_first_player_answers_is_a_warning(tmp_path):
    first_only = BASE.replace("  put locations into time_zone\n",
                              "  put locations into time_zone\n  may take action drone\n")
    assert codes_of(tmp_path, first_only, CARDS).count("W0146") == 1
    each = "  each player {\n    may take action drone\n  }\n"
    everyone = BASE.replace("  put locations into time_zone\n", "  put locations into time_zone\n" + each)
    assert "W0146" not in codes_of(tmp_path, everyone, CARDS)


def test_taking_an_action_that_says_done_is_a_warning(tmp_path):
    passing = BASE.replace("    gain breakthrough 1\n", "    gain breakthrough 1\n    done\n")
    assert codes_of(tmp_path, passing, CARDS).count("W0145") == 1  # the World Council's take
    ruled = passing.replace('  source "Anachrony › Actions › Capital Actions › Research"\n',
                            '  source "Anachrony › Actions › Capital Actions › Research"\n'
                            '  ruling "Research ends the phase of whoever takes it."\n')
    assert "W0145" not in codes_of(tmp_path, ruled, CARDS)


def test_the_page_says_which_action_is_taken():
    page = pipeline.compile_spec(SPEC).page
    assert ("- Take one of the actions *Construct*, *Recruit* or *Research*, with the same *w*, as "
            "when it is offered (its requirements apply, and what triggers on it happens too); if it "
            "cannot be taken, nothing happens.") in page
    assert "- You may take the action *Construct*, with *w* set to Engineer, as when it is offered" in page
    assert "- Take the action z names (see *Card rules*), as when it is offered" in page
    assert "Each **Time zone location** card has its own *what a ship or drone there does*: an action " \
           "that a player takes through it.\n\n- Capital: Construct: *Construct*\n" \
           "- Research Lab: *Research*" in page


def test_the_language_reference_quotes_the_construct_spec():
    blocks = quoted_blocks("### Taking another action", "\n## ")
    assert len(blocks) == 3
    for block in blocks:
        assert block in SPEC.read_text(encoding="utf-8"), block
