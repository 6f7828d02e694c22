"""Construct 1: rules attached to cards (issue 11, slice B5).

The construct spec is ``tests/compiler/constructs/card_rules.rules`` (with
``card_rules.cards.yaml``): crew-members whose ``secondary`` field names a procedure
(Utopia › Icons › Crew Secondary Abilities / Alt TZ Locations: the Medic recovers one
crew-member from Limbo for free, unless in Limbo; the Merchant trades discs), endgame
condition cards whose ``measure`` names a derived number (Anachrony › End of the Game:
3 VP to the players that satisfied each card the best) and factions whose ``utopia``
names a derived condition (Utopia › Factions › Rise of the Factions Expansion).  Each
card runs its own rule; a mode that replaces a procedure gives every card naming it the
new rule; misuse is reported, a catalogue's at its YAML line and column.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler import pipeline
from compiler.tools import fuzzing, fuzzing_stress
from tests.helpers.constructs import card_id, compiled, construct_engine
from tests.helpers.play import assert_replays, play_to_the_end
from tests.helpers.specs import analyse_text, compile_text, engine_module, error_codes

SPEC = Path(__file__).resolve().parent / "constructs" / "card_rules.rules"
BASE = SPEC.read_text(encoding="utf-8").replace("card_rules.cards.yaml", "mini.cards.yaml")
CARDS = (SPEC.parent / "card_rules.cards.yaml").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def game():
    return construct_engine(SPEC)


def _start(game, mode: str = "standard", players: int = 2):
    state = game.Game(num_players=players, mode=mode, seed=1).new_initial_state()
    return state, game.RULES[mode]


def _place(game, state, g, card: str, zone: str, owner) -> int:
    cid = card_id(game, card)
    game.R.move(state, g, cid, zone, owner)
    return cid


def _discs(game, state, player: int, kind: str) -> int:
    return state.res[player][game.RESOURCES.index(f"disc[{kind}]")]


def _take(state, name: str, *args):
    state.apply_action(next(a for a in state.legal_actions()
                            if a.name == name and a.args[:len(args)] == args))


# ------------------------------------------------------------------ each card its own rule
def test_the_medic_recovers_one_crew_member_from_limbo_for_free(game):
    """Medic: one crew-member comes back from Limbo, at no cost; the choice is the
    player's (one legal action per card in Limbo)."""
    state, g = _start(game)
    medic = _place(game, state, g, "nightingale", "mothership", 0)
    caesar = _place(game, state, g, "caesar", "limbo", 0)
    hypatia = _place(game, state, g, "hypatia", "limbo", 0)
    _take(state, "rest")
    _take(state, "rest")  # the end of the round: each crew-member's own ability
    assert state.phase == "abilities"
    assert {(a.player, a.name, a.args) for a in state.legal_actions()} == {
        (0, "choose_card", (caesar,)), (0, "choose_card", (hypatia,))}
    _take(state, "choose_card", hypatia)
    assert state.z["mothership"][0] == [medic, hypatia] and state.z["limbo"][0] == [caesar]
    assert state.res[0] == [0] * len(game.RESOURCES)  # for free


def test_a_medic_in_limbo_cannot_use_the_power(game):
    state, g = _start(game)
    medic = _place(game, state, g, "nightingale", "limbo", 0)
    _place(game, state, g, "caesar", "limbo", 0)
    g.CR["secondary"][medic](g, state, 0, medic)
    assert state.pending == [] and len(state.z["limbo"][0]) == 2


def test_the_merchant_asks_its_player_at_the_end_of_the_round(game):
    """Played through the flow: a Culture disc in round 1, the Merchant recruited in
    round 2; at the end of round 2 its own rule asks its player, and the trade is made."""
    state, _ = _start(game)
    _take(state, "study", "culture")
    _take(state, "rest")
    _take(state, "recruit", card_id(game, "marco"))
    _take(state, "rest")
    assert state.phase == "abilities"
    assert [(a.player, a.name, a.args) for a in state.legal_actions()] == [
        (0, "answer", ("Trade a Culture disc for a Science disc",)), (0, "answer", ("Keep your discs",))]
    _take(state, "answer", "Trade a Culture disc for a Science disc")
    assert (_discs(game, state, 0, "culture"), _discs(game, state, 0, "science")) == (0, 1)
    assert state.phase == "travel" and state.round == 3


def test_a_card_that_names_no_rule_runs_the_fields_default(game):
    state, g = _start(game)
    caesar = _place(game, state, g, "caesar", "mothership", 0)
    assert game.F_secondary[caesar] == "no_ability"
    assert g.CR["secondary"][caesar] is g.PR["no_ability"]
    g.CR["secondary"][caesar](g, state, 0, caesar)
    assert state.scores() == [0, 0] and state.pending == []


def test_a_mode_that_replaces_a_procedure_gives_every_card_naming_it_the_new_rule(game):
    """Veterans replaces `no_ability`: Caesar and Hypatia (who name none) now score 1 VP
    each at the end of the round; the Medic keeps its own rule."""
    state, g = _start(game, "veterans")
    caesar = _place(game, state, g, "caesar", "mothership", 0)
    medic = card_id(game, "nightingale")
    assert g.CR["secondary"][caesar] is g.PR["no_ability"] is not game.RULES["standard"].PR["no_ability"]
    assert g.CR["secondary"][medic] is game.RULES["standard"].CR["secondary"][medic]
    g.CR["secondary"][caesar](g, state, 0, caesar)
    assert state.scores() == [1, 0]


def test_each_endgame_card_gives_3_vp_to_every_player_tied_for_its_best(game):
    """Anachrony › End of the Game: crew-members 2, 2 and 0: the two tied for most score 3 VP
    on Crowded ship; nobody holds Culture, so Patron of the arts scores for nobody (the
    excerpt's ruling). Scored again with 2 Culture discs for player 3: they alone score it."""
    state, g = _start(game, players=3)
    for card, owner in (("nightingale", 0), ("marco", 0), ("caesar", 1), ("hypatia", 1)):
        _place(game, state, g, card, "mothership", owner)
    assert [g.D["crew_count"](g, state, p) for p in range(3)] == [2, 2, 0]
    g.phases["final"].on_enter(g, state, 0)
    assert state.scores() == [3, 3, 0]
    state.res[2][game.RESOURCES.index("disc[culture]")] = 2
    g.phases["final"].on_enter(g, state, 0)
    assert state.scores() == [6, 6, 3]


def test_a_faction_is_claimed_only_when_its_own_condition_holds_for_you(game):
    """The Scientists' Utopia needs three Science discs; the Warriors' three crew-members
    and a Military disc: each card's own condition, worked out for the acting player."""
    scientists, warriors = card_id(game, "scientists"), card_id(game, "warriors")

    def claimable(science: int, crew: int, military: int):
        state, g = _start(game)
        state.res[0][game.RESOURCES.index("disc[science]")] = science
        state.res[0][game.RESOURCES.index("disc[military]")] = military
        for card in ("nightingale", "marco", "caesar")[:crew]:
            _place(game, state, g, card, "mothership", 0)
        state._legal = None  # worked out when the state was made, before these edits
        return state, {a.args[0] for a in state.legal_actions() if a.name == "reach_utopia"}

    assert claimable(2, 3, 0)[1] == set()
    assert claimable(3, 2, 1)[1] == {scientists}
    assert claimable(0, 3, 1)[1] == {warriors}
    state, both = claimable(3, 3, 1)
    assert both == {scientists, warriors}
    _take(state, "reach_utopia", warriors)
    assert state.scores() == [5, 0] and state.z["claimed"][0] == [warriors]


@pytest.mark.parametrize("mode", ["standard", "veterans"])
@pytest.mark.parametrize("players", [2, 4])
def test_random_games_play_to_the_end_and_replay(game, mode: str, players: int):
    def new():
        return game.Game(num_players=players, mode=mode, seed=players).new_initial_state()

    state = new()
    played = play_to_the_end(state, random.Random(players), max_actions=2_000, snapshot_at=5)
    assert_replays(new, state, played.snapshot)


# ------------------------------------------------------------------ the page
def test_the_page_lists_each_cards_rule():
    page = compiled(SPEC).page
    assert "## Card rules" in page
    assert "Each **Crew-member** card has its own *secondary ability*: effects each card carries out." in page
    assert "- A Medic: *Medic: recover one crew-member from Limbo for free*" in page
    assert "A card that names none has *No secondary ability*." in page
    assert "- Crowded ship: *crew-members on your Mothership*" in page
    assert "- Carry out the *secondary* of c: each card's own rule (see *Card rules*), for c." in page


# ------------------------------------------------------------------ misuse
def _diagnostics(tmp_path, text: str = BASE, cards: str = CARDS):
    return analyse_text(tmp_path, text, cards).diagnostics


def test_a_procedure_the_yaml_names_that_does_not_exist_is_reported_at_its_yaml_line(tmp_path):
    cards = CARDS.replace("secondary: merchant_ability", "secondary: merchant_abiliti")
    line = cards.splitlines().index(next(x for x in cards.splitlines() if "merchant_abiliti" in x)) + 1
    [d] = [d for d in _diagnostics(tmp_path, cards=cards) if d.severity == "error"]
    assert d.code == "E0620" and d.span.path.endswith("mini.cards.yaml")
    assert (d.span.line, d.span.column) == (line, cards.splitlines()[line - 1].index("merchant_abiliti") + 1)
    assert "did you mean `merchant_ability`?" in d.hint
    assert "card `marco`: `secondary` names procedure `merchant_abiliti`" in d.message


def test_a_derived_value_the_yaml_names_that_does_not_exist_is_reported(tmp_path):
    cards = CARDS.replace("measure: culture_held", "measure: culture_hold")
    assert error_codes(_diagnostics(tmp_path, cards=cards)) == ["E0620"]


def test_a_procedure_of_another_signature_is_reported(tmp_path):
    text = BASE + '\nprocedure payday "Payday" (p: player) {\n  effect {\n    score 1\n  }\n}\n'
    cards = CARDS.replace("secondary: merchant_ability", "secondary: payday")
    [d] = [d for d in _diagnostics(tmp_path, text, cards) if d.severity == "error"]
    assert d.code == "E0621" and "takes (player)" in d.message and "taking (crew)" in d.message


@pytest.mark.parametrize("old, new, words", [
    ("measure: culture_held", "measure: science_utopia", "is true or false"),
    ("utopia: science_utopia", "utopia: crew_count", "is a number"),
    ("measure: culture_held", "measure: medic_ability", "is a procedure"),
    ("secondary: medic_ability", "secondary: crew_count", "is a derived value"),
])
def test_a_rule_of_the_wrong_kind_is_reported(tmp_path, old: str, new: str, words: str):
    [d] = [d for d in _diagnostics(tmp_path, cards=CARDS.replace(old, new)) if d.severity == "error"]
    assert d.code == "E0622" and words in d.message


_PER_CARD = ('\nderived culture_for "Culture discs, per endgame card" (e: endgame) = disc[culture] {\n'
             '  source "Test"\n}\n')


def test_a_derived_value_taking_parameters_is_reported_at_its_yaml_value(tmp_path):
    """A card's value is worked out for a player only: a derived value taking parameters
    (construct 14) cannot be one (the engine would call it without them)."""
    cards = CARDS.replace("measure: culture_held", "measure: culture_for")
    [d] = [d for d in _diagnostics(tmp_path, BASE + _PER_CARD, cards) if d.severity == "error"]
    line = next(i for i, x in enumerate(cards.splitlines(), 1) if "culture_for" in x)
    assert d.code == "E0621" and d.span.path.endswith("mini.cards.yaml")
    assert (d.span.line, d.span.column) == (line, cards.splitlines()[line - 1].index("culture_for") + 1)
    assert "derived value `culture_for` takes (endgame)" in d.message and "no parameters" in d.message


def test_a_default_naming_a_derived_value_taking_parameters_is_reported_at_the_spec(tmp_path):
    text = BASE.replace('field measure: value "', 'field measure: value = culture_for "') + _PER_CARD
    [d] = [d for d in _diagnostics(tmp_path, text) if d.severity == "error"]
    assert d.code == "E0621" and d.span.path.endswith("mini.rules") and "takes (endgame)" in d.message


@pytest.mark.parametrize("old, new, words", [
    ("measure: culture_held", "measure: vp", "`vp` is a track, not a derived value"),
    ("measure: culture_held", "measure: last_round", "`last_round` is a param, not a derived value"),
    ("utopia: science_utopia", "utopia: rest", "`rest` is an action, not a derived value"),
    ("secondary: medic_ability", "secondary: vp", "`vp` is a track, not a procedure"),
])
def test_a_declared_name_of_another_kind_says_what_it_is(tmp_path, old: str, new: str, words: str):
    [d] = [d for d in _diagnostics(tmp_path, cards=CARDS.replace(old, new)) if d.severity == "error"]
    assert d.code == "E0622" and words in d.message and "not declared" not in d.message
    assert d.notes and d.notes[0].span.path.endswith("mini.rules")


def test_a_mode_that_removes_a_rule_a_card_names_is_reported(tmp_path):
    text = BASE + '\nmode lean "Lean" {\n  remove procedure merchant_ability\n}\n'
    [d] = [d for d in _diagnostics(tmp_path, text) if d.severity == "error"]
    assert d.code == "E0623" and "`lean` removes procedure `merchant_ability`" in d.message
    assert d.span.path.endswith("mini.cards.yaml")


def test_a_default_that_names_nothing_is_reported_at_the_spec(tmp_path):
    text = BASE.replace("= no_ability", "= no_abilty")
    [d] = [d for d in _diagnostics(tmp_path, text) if d.severity == "error"]
    assert d.code == "E0620" and d.span.path.endswith("mini.rules") and "did you mean `no_ability`?" in d.hint


def test_a_value_that_is_no_name_is_a_catalogue_type_error(tmp_path):
    cards = CARDS.replace("secondary: medic_ability", "secondary: 3")
    assert error_codes(_diagnostics(tmp_path, cards=cards)) == ["E0308"]


@pytest.mark.parametrize("statement", ["do c.primary(c)", "score c.secondary", "do c.secondary(c, c)"])
def test_a_field_used_as_the_wrong_kind_of_rule_is_reported(tmp_path, statement: str):
    text = BASE.replace("        do c.secondary(c)\n", f"        {statement}\n")
    wrong_count = statement.endswith("(c, c)")
    assert error_codes(_diagnostics(tmp_path, text)) == (["E0504"] if wrong_count else ["E0624"])


def test_a_card_rule_that_runs_itself_is_reported(tmp_path):
    text = BASE + ('\nprocedure echo "Echo" (c: crew) {\n  effect {\n    do c.secondary(c)\n  }\n'
                   '  source "Crew"\n}\n')
    cards = CARDS.replace("primary: military, provenance", "primary: military, secondary: echo, provenance")
    [d] = [d for d in _diagnostics(tmp_path, text, cards) if d.severity == "error"]
    assert d.code == "E0625" and "echo → echo" in d.message


def test_a_derived_value_read_through_cards_that_name_it_is_reported(tmp_path):
    """`crew_count` summing the endgame cards' own measures, one of which is `crew_count`
    itself: the engine would work it out for ever."""
    text = BASE.replace("= count my mothership {", "= sum e.measure over endgame_row as e {")
    [d] = [d for d in _diagnostics(tmp_path, text) if d.severity == "error"]
    assert d.code == "E0625" and "crew_count → crew_count" in d.message


# ------------------------------------------------------------------ a card's rule that asks, mid-effect
#: An action that runs a crew-member's own ability, then scores the crew on the Mothership
#: (Utopia › Icons › Crew Secondary Abilities: the Medic's recovered crew-member counts):
#: the `score` must wait for the Medic's choice (construct 2 reaching cards' rules).
MUSTER = BASE.replace("actions recruit, study,", "actions muster, recruit, study,").replace(
    'action rest "Rest" {', """action muster "Muster the crew" {
  choose c: card in my mothership
  effect {
    do c.secondary(c)
    score count my mothership
    done
  }
  source "Utopia › Icons › Crew Secondary Abilities / Alt TZ Locations"
  provisional "An action made up to run a card's rule in the middle of an effect."
}

action rest "Rest" {""")


@pytest.fixture(scope="module")
def muster(tmp_path_factory):
    folder = tmp_path_factory.mktemp("muster")
    result = compile_text(folder, MUSTER, CARDS)
    assert [d.code for d in result.diagnostics] == ["W0105"], [d.message for d in result.diagnostics]
    return engine_module(result)


def _mustering(game):
    """Player 0 has the Medic aboard and Caesar and Hypatia in Limbo, and musters the Medic:
    the Medic's choice is asked."""
    state, g = _start(game)
    medic = _place(game, state, g, "nightingale", "mothership", 0)
    _place(game, state, g, "caesar", "limbo", 0)
    _place(game, state, g, "hypatia", "limbo", 0)
    state._legal = None
    _take(state, "muster", medic)
    return state


def test_the_statements_after_a_card_rule_that_asks_wait_for_the_answer(muster):
    """The Medic asks whom to recover; `score count my mothership` runs after the answer,
    so the recovered crew-member counts (2 VP, not the 1 it would be before the choice)."""
    state = _mustering(muster)
    hypatia = card_id(muster, "hypatia")
    assert {(a.name, a.args) for a in state.legal_actions() if a.player == 0} == {
        ("choose_card", (card_id(muster, "caesar"),)), ("choose_card", (hypatia,))}
    assert state.scores()[0] == 0  # nothing scored yet: the rest waits
    _take(state, "choose_card", hypatia)
    assert hypatia in state.z["mothership"][0]
    assert state.scores()[0] == 2 and state.pending == []


def test_a_card_rule_that_does_not_ask_runs_the_rest_at_once(muster):
    """Caesar names no ability (`no_ability`): nothing waits, and the score is made at once."""
    state, g = _start(muster)
    caesar = _place(muster, state, g, "caesar", "mothership", 0)
    state._legal = None
    _take(state, "muster", caesar)
    assert state.scores()[0] == 1 and state.pending == []


def test_a_card_rule_waiting_mid_effect_is_cloned_and_saved(muster):
    """Clone and JSON save/load while the Medic's choice waits: each copy, answered, makes
    the same score, and the original is untouched by the copies."""
    state = _mustering(muster)
    caesar = card_id(muster, "caesar")
    copy = state.clone()
    back = state.game.state_from_json(state.to_json())
    assert json.loads(back.to_json()) == json.loads(state.to_json())
    for s in (copy, back):
        _take(s, "choose_card", caesar)
        assert caesar in s.z["mothership"][0] and s.scores()[0] == 2 and s.pending == []
    assert state.scores()[0] == 0 and caesar in state.z["limbo"][0]


def test_a_card_rule_that_asks_may_be_followed_by_more(tmp_path):
    """E0626 is retired: the statements after the `do` wait for the answer instead."""
    text = BASE.replace("        do c.secondary(c)\n", "        do c.secondary(c)\n        score 1\n")
    assert "E0626" not in {d.code for d in _diagnostics(tmp_path, MUSTER)}
    # inside a loop's round too: the round waits in its middle (E0513 is retired), as for `do P()`
    assert [d.code for d in _diagnostics(tmp_path, text) if d.severity == "error"] == []


# ------------------------------------------------------------------ fuzzing the new syntax
def _card_rules_written_at_random_never_raise(data):
    """The fuzzer's generator of construct 1 (rule fields naming procedures and derived
    values of every kind, known or not, in loops; their uses and misuses), through every
    pass including code generation."""
    spec = data.draw(st.sampled_from((SPEC, SPEC.parent / "stocks.rules")))
    text = fuzzing_stress._stress_card_rules(data.draw, st, spec.read_text(encoding="utf-8"))
    fuzzing.check_input(spec, text, codegen=True)  # must not raise


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(st.data())
def test_card_rules_written_at_random_never_raise(data):
    """The quick run (6 examples); the long run below makes 25."""
    _card_rules_written_at_random_never_raise(data)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(st.data())
def test_card_rules_written_at_random_never_raise_in_a_long_run(data):
    _card_rules_written_at_random_never_raise(data)


def test_the_generator_makes_specs_that_check_clean_and_specs_that_do_not(tmp_path):
    """Some drawn specs compile clean (the generator reaches the backends), some not."""
    from hypothesis import Phase, find

    def compiled(data) -> bool:
        text = fuzzing_stress._stress_card_rules(data.draw, st, SPEC.read_text(encoding="utf-8"))
        (tmp_path / "card_rules.cards.yaml").write_text(CARDS, encoding="utf-8")
        (tmp_path / "card_rules.rules").write_text(text, encoding="utf-8")
        return pipeline.analyse(tmp_path / "card_rules.rules").ok

    quick = settings(max_examples=60, database=None, phases=[Phase.generate], deadline=None,
                     suppress_health_check=list(HealthCheck))
    find(st.data(), compiled, settings=quick)
    find(st.data(), lambda data: not compiled(data), settings=quick)


# ------------------------------------------------------------------ formatter and highlighter
def test_the_formatter_keeps_rule_fields_and_card_rule_calls():
    """`rulebook fmt` lays out the construct spec as it is, and a squeezed copy back to it
    (the trees equal: `procedure (...)` fields and `do c.f(...)` survive)."""
    from dsl.format import format_source
    from dsl.parser import parse_spec

    original = SPEC.read_text(encoding="utf-8")
    assert format_source(original, str(SPEC)).formatted == original
    squeezed = original.replace("procedure (c: crew)", "procedure(c:crew)").replace(
        "do c.secondary(c)", "do c . secondary ( c )")
    formatted = format_source(squeezed, str(SPEC)).formatted
    assert parse_spec(formatted, "x.rules")[0] == parse_spec(original, "x.rules")[0]
    assert "field secondary: procedure (c: crew) = no_ability" in formatted
    assert "do c.secondary(c)" in formatted


def test_the_highlighter_reads_procedure_and_do_as_keywords_and_value_as_a_type_name():
    """Construct 1 adds no keyword: `procedure` and `do` were keywords already; `value` and
    `condition` are type names, so `b.value` stays a field everywhere."""
    from pygments.token import Error, Keyword, Name

    from dsl.highlight import RulebookLexer

    text = ('card crew "Crew" {\n  field secondary: procedure (c: crew) = no_ability\n'
            '  field measure: value\n}\neffect {\n  do c.secondary(c)\n  score b.value\n}\n')
    tokens = [(t, v) for t, v in RulebookLexer().get_tokens(text) if v.strip()]
    assert [v for t, v in tokens if t in Keyword] == ["card", "field", "procedure", "field", "effect", "do",
                                                      "score"]
    assert all(t in Name for t, v in tokens if v in ("value", "secondary", "no_ability"))
    assert not [v for t, v in tokens if t in Error]


def test_the_language_reference_quotes_the_construct_spec_and_its_catalogue():
    """Every excerpt of the section on rules attached to cards in docs/language.md is the
    text of the construct spec (which the tests above compile and play) or of its
    catalogue, word for word."""
    import re

    page = (SPEC.parents[3] / "docs" / "language.md").read_text(encoding="utf-8")
    start = page.index("#### Rules attached to cards: `procedure (...)`, `value`, `condition`")
    end = re.compile(r"^#{3,4} ", re.M).search(page, start + 10).start()  # the next section
    spec = SPEC.read_text(encoding="utf-8")
    blocks = re.findall(r"^```rulebook\n(.*?)^```$", page[start:end], re.M | re.S)
    assert len(blocks) == 3
    for block in blocks:
        assert block in spec, block
    [yaml_block] = re.findall(r"^```yaml\n(.*?)^```$", page[start:end], re.M | re.S)
    assert yaml_block in CARDS


# ------------------------------------------------------------------ a rule with no parameters
# Found by the fresh-user check: `field f: procedure ()` and `do c.f()` were syntax errors.
CHEER = BASE.replace(
    'field secondary: procedure (c: crew) = no_ability "secondary ability"',
    'field secondary: procedure (c: crew) = no_ability "secondary ability"\n'
    '  field cheer: procedure () = no_cheer "a cheer"').replace(
    "        do c.secondary(c)\n", "        do c.cheer()\n        do c.secondary(c)\n") + '''
procedure no_cheer "No cheer" () {
  effect {
  }
  source "Utopia › Icons › Crew Secondary Abilities / Alt TZ Locations"
}

procedure loud_cheer "A loud cheer" () {
  effect {
    score 1
  }
  source "Utopia › Icons › Crew Secondary Abilities / Alt TZ Locations"
}
'''
CHEER_CARDS = CARDS.replace("secondary: medic_ability,", "secondary: medic_ability, cheer: loud_cheer,")


def test_a_card_rule_with_no_parameters_is_declared_run_and_written(tmp_path):
    from dsl.format import format_source

    assert CHEER != BASE and CHEER_CARDS != CARDS
    assert not format_source(CHEER).changed  # `procedure ()` and `do c.cheer()` keep their layout
    result = compile_text(tmp_path, CHEER, CHEER_CARDS)
    game = engine_module(result)
    state, g = _start(game)
    medic = _place(game, state, g, "nightingale", "mothership", 0)
    _place(game, state, g, "caesar", "mothership", 1)
    assert (game.F_cheer[medic], g.CR["cheer"][medic]) == ("loud_cheer", g.PR["loud_cheer"])
    _take(state, "rest")
    _take(state, "rest")  # the end of the round: the Medic's loud cheer, Caesar's none
    assert state.scores() == [1, 0]
    assert game.Game(num_players=2, seed=1).state_from_json(state.to_json()).to_json() == state.to_json()
    assert "| cheer | a rule: procedure () | No cheer | a cheer |" in result.page
    assert "Carry out the *cheer* of c" in result.page
    wrong = CHEER.replace("        do c.cheer()\n", "        do c.cheer(c)\n")
    assert "E0504" in error_codes(analyse_text(tmp_path, wrong, CHEER_CARDS).diagnostics)
