"""The English backend: every node class has a renderer, and real fragments read as expected."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler.docs import english
from compiler.docs.markdown import Markdown
from compiler.analysis.compose import compose
from dsl import ast
from dsl.diagnostics import DiagnosticBag
from dsl.parser import parse_spec

# A small but complete spec in the style of specs/utopolis.rules; probes are appended to it.
SPEC = '''
game mini "Mini" {
  rulebook "Mini Rulebook"
  players 2 to 4
}
resource water "Water" { non_renewable supply unlimited source "Parts" }
resource worker "Worker" { supply unlimited source "Parts" }
track wellbeing "Well-being Points" { per player score source "Board" }
track heart "automatic heart" { start 0 }
enum colour "building type" {
  basic_services "Basic Services (light blue)"
  environment "Environment (green)"
}
card building "Building" {
  field value: int "cards paid"
  field colour: colour "type"
  field input: bag "needed"
  field points: int = 0 "passive points"
  field environment: int = 0 "Environment Points"
  field metropolis_only: bool = false "removed in Family Mode"
}
catalogue buildings of building from "mini.cards.yaml" { }
deck main_deck "Main Deck" of building { secret refill from trash }
deck trash "Trash Deck" of building { secret }
zone offer "offer" of building { public }
zone hand "hand" of building { per player hidden limit 10 }
zone city "City" of building { per player public state active: bool = false }
param target "Well-being Points that end the game" = 20 { source "End" }
param keep_five "deal 10 and keep 5" = true { }
derived balance "Environment Points in favour" = sum environment over my city { }
tally trades "reserve trades" { per player per round max 1 source "Trade" }
setup { shuffle main_deck }
flow { start -> work -> end }
phase work "Work" simultaneous { actions build }
action build "Build" {
  choose b: card in my hand
  require count my hand - 1 >= b.value
  uses trades 1
  effect {
    move b into my city
    score b.points
  }
  source "Cycle › Build"
  ruling "Building is final."
}
end game_over {
  when any player wellbeing >= target
  finish round
  winner most wellbeing
  tie_breaker "more Environment Points" most balance
  tie_breaker "fewer buildings" fewest count my city
  source "End"
}
'''


def compose_spec(extra: str = ""):
    spec, diagnostics = parse_spec(SPEC + extra, "mini.rules")
    assert not diagnostics, diagnostics
    bag = DiagnosticBag()
    composition = compose(spec, bag)
    assert not bag.errors, bag.errors
    return composition, english.names_for(composition.base)


def probe_expr(text: str) -> tuple[ast.Expr, english.Names]:
    """An expression, parsed as the value of a derived declaration."""
    composition, names = compose_spec(f'derived probe "probe" = {text} {{ }}\n')
    return composition.base.derived["probe"].expr, names


def probe_effect(text: str, choose: str = "") -> tuple[tuple, english.Names]:
    """Statements, parsed as the effect of an action (``choose`` lines first)."""
    composition, names = compose_spec(f'action probe "Probe" {{ {choose} effect {{ {text} }} }}\n')
    return composition.base.actions["probe"].effect, names


def render_expr(text: str) -> str:
    node, names = probe_expr(text)
    return english.expr(node, names)


def render_stmts(text: str, choose: str = "") -> list[str]:
    body, names = probe_effect(text, choose)
    return english.stmts(body, names)


# Every node class has a renderer, or a reason not to: tests/test_handlers.py.


# ----------------------------------------------------------------- expressions
@pytest.mark.parametrize("text, expected", [
    ("count my city where colour == basic_services",
     "the number of buildings in your City whose colour is Basic Services (light blue)"),
    ("count my city where colour == environment",
     "the number of buildings in your City whose colour is Environment (green)"),
    ("sum environment over my city", "the total environment of the buildings in your City"),
    ("sum value - points over my city where not metropolis_only",
     "the total of (value minus points) over the buildings in your City that are not "
     "metropolis only"),
    ("wellbeing >= target", "your Well-being Points are at least *Well-being Points that end the game*"),
    ("any player wellbeing >= target",
     "any player's Well-being Points are at least *Well-being Points that end the game*"),
    ("any player wellbeing > balance",
     "for at least one player, their Well-being Points are more than their Environment Points "
     "in favour"),
    ("heart > target", "the automatic heart is more than *Well-being Points that end the game*"),
    ("keep_five", "*deal 10 and keep 5* is on"),
    ("not keep_five", "*deal 10 and keep 5* is off"),
    ("has water 1, worker 2", "you hold 1 Water and 2 Worker"),
    ("not has water 1", "you do not hold 1 Water"),
    ("players + 2", "the number of players plus 2"),
    ("count my hand // 2", "the number of buildings in your hand divided by 2 (rounded down)"),
    ("-balance", "minus your Environment Points in favour"),
    ("max(wellbeing - 1, 0)", "the greater of your Well-being Points minus 1 and 0"),
    ("min(1, 2)", "the smaller of 1 and 2"),
    ("count offer < 3 and (keep_five or wellbeing == 0)",
     "the number of buildings in the offer is less than 3 and (*deal 10 and keep 5* is on or "
     "your Well-being Points are 0)"),
    ("none", "nothing"),
    ("true", "true"),
])
def test_expression(text, expected):
    assert render_expr(text) == expected


def test_attributes_and_zones_of_chosen_things():
    composition, names = compose_spec(
        'action probe "Probe" {\n'
        '  choose p: other player\n'
        '  choose b: card in my city where not b.active and b.input != none\n'
        '  require has b.input\n'
        '  require p has water 1\n'
        '  require count p.hand > b.value\n'
        '}\n')
    act = composition.base.actions["probe"]
    assert [english.expr(r, names) for r in act.requires] == [
        "you hold b's input (needed)",
        "p holds 1 Water",
        "the number of buildings in p's hand is more than b's value (cards paid)",
    ]
    assert english.domain(act.choices[1].domain, names, "b") == (
        "a building in your City that is not active and whose input is not empty")
    assert english.domain(act.choices[0].domain, names) == "another player"


@pytest.mark.parametrize("op, words", [
    (">=", "is at least"), ("<=", "is at most"), ("==", "is"), ("!=", "is not"),
    ("<", "is less than"), (">", "is more than"),
])
def test_comparisons_with_a_plain_dict_of_names(op, words):
    node = ast.Compare(op, ast.Name("city_limit"), ast.Number(8))
    assert english.expr(node, {"city_limit": "buildings per city"}) == f"buildings per city {words} 8"


def test_plain_names_zones_and_builtins_without_a_naming_context():
    assert english.expr(ast.Name("wellbeing"), {"wellbeing": "Well-being Points"}) == \
        "Well-being Points"
    assert english.expr(ast.Name("main_deck")) == "main deck"
    assert english.expr(ast.Me()) == "you"
    assert english.expr(ast.PlayerCount()) == "the number of players"
    assert english.expr(ast.ZoneRef("my", ast.Ident("hand"))) == "your hand"
    assert english.expr(ast.ZoneRef("p", ast.Ident("hand"))) == "p's hand"
    assert english.expr(ast.ZoneRef(None, ast.Ident("offer")), {"offer": "cards laid out"}) == \
        "the cards laid out"
    assert english.expr(ast.Call(ast.Ident("max"), (ast.Name("a"), ast.Name("b")))) == \
        "the greater of a and b"
    assert english.expr(ast.Text("accept")) == "“accept”"
    assert english.expr(ast.Count(ast.ZoneRef("my", ast.Ident("city")),
                                  ast.Compare("==", ast.Name("colour"), ast.Name("industry")))) == \
        "the number of cards in your city whose colour is industry"


@pytest.mark.parametrize("text, expected", [
    ("2 of water, worker", "any 2 of Water or Worker, in any mix"),
    ("1 of water, worker", "one of Water or Worker"),
    ("1 to 3", "a number from 1 to 3"),
    ("player", "a player"),
])
def test_domains(text, expected):
    composition, names = compose_spec(f'action probe "Probe" {{ choose x: {text} }}\n')
    assert english.domain(composition.base.actions["probe"].choices[0].domain, names) == expected


# ----------------------------------------------------------------- statements
def test_resource_statements():
    assert render_stmts("gain water 1, worker 1 pay worker 2 release water 1, worker 1 "
                        "score 1 score 3 advance heart by 1 advance wellbeing by 2") == [
        "- Take 1 Water and 1 Worker from the supply.",
        "- Pay 2 Worker to the supply.",
        "- Release 1 Water and 1 Worker: Worker come back to you; Water go to the supply.",
        "- Score 1 Well-being Point.",
        "- Score 3 Well-being Points.",
        "- Advance the automatic heart by 1.",
        "- Advance your Well-being Points by 2.",
    ]


def test_release_of_a_card_field_names_both_destinations():
    assert render_stmts("release b.input score b.points", "choose b: card in my city") == [
        "- Release b's input (needed): Worker come back to you; Water go to the supply.",
        "- Score Well-being Points equal to b's points (passive points).",
    ]


def test_card_statements():
    assert render_stmts(
        "put buildings into main_deck where not metropolis_only or target > 20 "
        "shuffle main_deck "
        "draw 10 from main_deck into my hand "
        "draw 1 from main_deck into trash "
        "reveal players + 2 from main_deck into offer "
        "move all offer into trash "
        "move c into my city "
        "move c into main_deck bottom "
        "choose 2 cards from my hand into trash "
        "choose count my hand - 5 cards from my hand into main_deck bottom",
        "choose c: card in offer") == [
        "- Put every copy of the buildings catalogue into the Main Deck, keeping only the "
        "buildings that are not metropolis only or where *Well-being Points that end the game* "
        "is more than 20.",
        "- Shuffle the Main Deck.",
        "- Draw the top 10 cards of the Main Deck into your hand, one at a time; once your hand "
        "is full, it refuses further cards.",
        "- Draw the top card of the Main Deck into the Trash Deck.",
        "- Reveal cards from the top of the Main Deck face up into the offer, as many as the "
        "number of players plus 2, one at a time.",
        "- Move every card in the offer into the Trash Deck.",
        "- Move c into your City.",
        "- Put c at the bottom of the Main Deck.",
        "- Choose 2 cards from your hand and put them into the Trash Deck.",
        "- Choose cards from your hand, as many as the number of buildings in your hand minus 5, "
        "and put them at the bottom of the Main Deck.",
    ]


def test_blocks_nest_by_four_spaces():
    assert render_stmts(
        "each player { for each b in my city where b.active { set b.active = false } } "
        "if b.colour == basic_services { score 1 } else { done } "
        "first player random pass first player",
        "choose b: card in my city") == [
        "- Each player, in turn order from the first player:",
        "    - For each building b in your City that is active:",
        "        - Mark b as not active.",
        "- If b's colour (type) is Basic Services (light blue):",
        "    - Score 1 Well-being Point.",
        "- Otherwise:",
        "    - You are finished with this phase (you pass).",
        "- The first player is chosen at random.",
        "- The first player marker passes to the left.",
    ]


def test_ask_and_transfer():
    assert render_stmts(
        'ask p { "accept" { transfer water 1 to p transfer worker 1 from p to me } "decline" { } }',
        "choose p: other player") == [
        "- Ask p to choose one:",
        "    - “accept”:",
        "        - Give 1 Water to p.",
        "        - Move 1 Worker from p to you.",
        "    - “decline”: nothing happens.",
    ]


def test_stmt_renders_one_statement():
    node = ast.Gain(ast.BagLiteral((ast.BagItem(ast.Ident("water"), ast.Number(1)),)))
    assert english.stmt(node, {"water": "Water"}) == ["- Take 1 Water from the supply."]
    assert english.stmt(ast.SetState(ast.Ident("b"), ast.Ident("value"), ast.Number(3))) == \
        ["- Set b's value to 3."]


# ----------------------------------------------------------------- declarations
def test_action_reads_choices_requirements_tallies_effect_and_provenance():
    composition, names = compose_spec()
    assert english.action(composition.base.actions["build"], names) == [
        "Choose:",
        "",
        "- **b**: a building in your hand",
        "",
        "Only if the number of buildings in your hand minus 1 is at least b's value (cards paid).",
        "",
        "Counts 1 against reserve trades (at most 1 per player per round).",
        "",
        "Effect:",
        "",
        "- Move b into your City.",
        "- Score Well-being Points equal to b's points (passive points).",
        "",
        "Source: *Cycle › Build*",
        "",
        '!!! note "Ruling"',
        "    Building is final.",
    ]


def test_phase_kinds_and_next_phases():
    composition, names = compose_spec(
        'phase pick "Pick" draft { only when keep_five on enter { reveal 3 from main_deck into offer } '
        'provisional "Guessed." }\n')
    assert english.phase(composition.base.phases["pick"], names, Markdown("*Work*")) == [
        "*Draft*: each player once, in turn order from the first player.",
        "",
        "Played only when *deal 10 and keep 5* is on.",
        "",
        "On entering the phase:",
        "",
        "- Reveal the top 3 cards of the Main Deck face up into the offer, one at a time.",
        "",
        "Next: *Work*.",
        "",
        "Source: none in the rulebook; see the note below.",
        "",
        '!!! warning "Provisional"',
        "    Guessed.",
    ]
    assert english.phase(composition.base.phases["work"], names)[0] == \
        "*Simultaneous*: every player, asked in seat order."


def test_end_lists_tie_breakers_in_order():
    composition, names = compose_spec()
    assert english.end(composition.base.ends["game_over"], names) == [
        "The game ends when any player's Well-being Points are at least *Well-being Points that "
        "end the game*, after the round in progress is played to its end.",
        "",
        "The player with the most Well-being Points wins.",
        "",
        "Ties are broken by, in order:",
        "",
        "1. More Environment Points (most: their Environment Points in favour).",
        "2. Fewer buildings (fewest: the number of buildings in their City).",
        "",
        "Source: *End*",
    ]


def test_components_setup_tally_and_trigger():
    composition, names = compose_spec(
        'trigger bonus "Bonus" { before build effect { if b.colour == basic_services { score 1 } } }\n')
    base = composition.base
    assert english.tally(base.tallies["trades"], names) == [
        "**reserve trades**: at most 1 per player per round.", "", "Source: *Trade*"]
    assert english.decl(base.zones["main_deck"], names)[0] == (
        "**Main Deck**: a deck of buildings, shared, face down, refilled from the Trash Deck "
        "when empty.")
    assert english.decl(base.resources["water"], names)[0] == (
        "**Water**: non-renewable (spent when used), unlimited supply.")
    assert english.decl(base.derived["balance"], names)[0] == (
        "**Environment Points in favour** of a player: the total environment of the buildings "
        "in their City.")
    assert english.setup(base.setup, names) == [
        "In order:", "", "- Shuffle the Main Deck.", "",
        "Source: not given."]
    assert english.trigger(base.triggers["bonus"], names)[:4] == [
        "Whenever a player takes the action *Build*, before its effect:",
        "",
        "- If b's colour (type) is Basic Services (light blue):",
        "    - Score 1 Well-being Point.",
    ]


def test_scope_of_tracks_per_enum_and_zones_per_card():
    """Whose a track or zone is, as the language reference says: a track kept per enum
    member is one marker per member shared by all players (not "one for the game"), a
    zone kept per card is one per card (not "shared"), in the prose and in the tables."""
    composition, names = compose_spec(
        'track favour "favour" { per colour start 1 }\n'
        'card plot "Building Plot" { field size: int "size" }\n'
        'zone plot_city "buildings on it" of building { per plot public }\n')
    base = composition.base
    assert english.decl(base.tracks["favour"], names)[0] == (
        "**favour**: one per building type, shared by all players, starts at 1.")
    assert english.decl(base.zones["plot_city"], names)[0] == (
        "**buildings on it**: a zone of buildings, one per Building Plot, face up.")
    words = {name: (english.scope_words(decl, names), english.scope_words(decl, names, table=True))
             for name, decl in [*base.tracks.items(), *base.zones.items()]}
    assert words == {
        "wellbeing": ("one per player", "per player"),
        "heart": ("one for the game", "one for the game"),
        "favour": ("one per building type, shared by all players",) * 2,
        "main_deck": ("shared", "shared"), "trash": ("shared", "shared"), "offer": ("shared", "shared"),
        "hand": ("one per player", "each player"), "city": ("one per player", "each player"),
        "plot_city": ("one per Building Plot", "each Building Plot"),
    }


def test_euphoria_page_says_whose_loyalty_and_workers_on_a_space_are():
    page = (Path(__file__).parents[2] / "docs/games/euphoria.md").read_text(encoding="utf-8")
    assert "one for the game" not in page
    for track in ("`loyalty`", "`digger`"):
        row = next(line for line in page.splitlines() if f"| {track} |" in line)
        assert "| one per faction, shared by all players |" in row
    row = next(line for line in page.splitlines() if line.startswith("| workers on it |"))
    assert "| each action space |" in row


def test_names_for_prefers_fields_over_types_and_knows_members():
    _, names = compose_spec()
    assert names["wellbeing"] == "Well-being Points"
    assert names["colour"] == "colour"
    assert names["basic_services"] == "Basic Services (light blue)"
    assert names.fields["active"] == "bool"
    assert names.member("colour", "environment") == "Environment (green)"
    assert names.score_title() == "Well-being Points"


def test_unknown_node_is_a_type_error():
    with pytest.raises(TypeError):
        english.expr(object())


def test_resource_families_and_computed_amounts_in_words():
    """Constructs 6 and 7 on the page: a family's row, a member as a key, an amount worked
    out in play, a bag less another (never below zero) and a bag twice over."""
    text = (SPEC.replace('resource worker "Worker" {', 'enum kind "kind" { red "Red" blue "Blue" '
                         'source "Parts" }\nresource gem "Gem" { per kind source "Parts" }\n'
                         'resource worker "Worker" {'))
    spec, _ = parse_spec(text, "x.rules")
    base = compose(spec, DiagnosticBag()).base
    names = english.names_for(base)
    assert english.decl(base.resources["gem"], names)[0] == (
        "**Gem**: one per kind, each renewable, unlimited supply.")
    water_morale = ast.BagLiteral((ast.BagItem(ast.Ident("water"), ast.Name("worker")),))
    assert english.stmt(ast.Pay(water_morale), names) == ["- Pay as much Water as your Worker to the supply."]
    gem = ast.BagLiteral((ast.BagItem(ast.Ident("gem"), ast.Number(2), ast.Name("red")),))
    assert english.stmt(ast.Gain(gem), names) == ["- Take 2 Gem of type Red from the supply."]
    less = ast.Arith(("-",), (ast.BagLiteral((ast.BagItem(ast.Ident("water"), ast.Number(2)),)),
                              ast.BagLiteral((ast.BagItem(ast.Ident("worker"), ast.Number(1)),))))
    assert str(english.expr(less, names)) == "2 Water, less 1 Worker (never below zero)"
    twice = ast.Arith(("*",), (ast.BagLiteral((ast.BagItem(ast.Ident("water"), ast.Number(1)),)),
                               ast.Number(2)))
    assert str(english.expr(twice, names)) == "twice 1 Water"
    red_gems = ast.Index(ast.Ident("gem"), ast.Name("red"), "p")
    assert str(english.expr(red_gems, names)) == "p's Gem of type Red"


def test_a_card_field_is_glossed_by_its_description_the_first_time():
    """Found by the fresh-user check: `score t.needed` read "t's needed", the field's name
    and not what it means (`field needed: int "power needed"`, construct 2's spec)."""
    spec = Path(__file__).resolve().parents[1] / "compiler" / "constructs" / "mid_choice.rules"
    parsed, diagnostics = parse_spec(spec.read_text(encoding="utf-8"), "mid_choice.rules")
    assert not diagnostics
    names = english.names_for(compose(parsed, DiagnosticBag()).base)
    read = ast.Attribute("a", "needed")
    assert english.expr(read, names) == "a's needed (power needed)"
    assert english.expr(read, names) == "a's needed"  # once is enough
    assert english.expr(ast.Attribute("a", "success"), names) == "a's success (gained on a success)"
    same = english.Names({}, fields={"needed": "int"}, descriptions={"needed": "needed"})
    assert english.expr(read, same) == "a's needed"  # a description that says no more


def test_a_choices_where_reads_the_cards_fields_even_named_like_an_action():
    """Found by the fresh-user check: a card field named like an action (`field stop`)
    read as the action's title ("where Stop is at least 1") in a choice's `where`."""
    composition, names = compose_spec('action value "Value it" { effect { score 1 } }\n'
                                      'action probe "Probe" { choose b: card in my hand where value >= 2 '
                                      'effect { score 1 } }\n')
    [line] = [x for x in english.action(composition.base.actions["probe"], names) if x.startswith("- **b**")]
    assert line == "- **b**: a building in your hand whose value is at least 2"  # not "where Value it is"
