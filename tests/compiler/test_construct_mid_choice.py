"""Construct 2: a choice in the middle of an effect, after which the effect goes on.

The construct spec is ``tests/compiler/constructs/mid_choice.rules``, with Anachrony's
Adventure (Actions › Main Board Actions › Adventure: draw, choose one, the rest to the
bottom of the deck, roll, then success or failure, all in one effect) and a `may choose`
of our own (the player may decline; the rest of the block is then skipped).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from compiler.checks import decisions
from dsl import ast
from tests.helpers.constructs import compiled, construct_engine
from tests.helpers.play import assert_replays, play_to_the_end
from tests.helpers.specs import compile_text

SPEC = Path(__file__).resolve().parent / "constructs" / "mid_choice.rules"
BASE = SPEC.read_text(encoding="utf-8")
CARDS = SPEC.with_name("mid_choice.cards.yaml").read_text(encoding="utf-8")
BASE = BASE.replace("mid_choice.cards.yaml", "mini.cards.yaml")  # as compile_text writes it


@pytest.fixture(scope="module")
def game():
    return construct_engine(SPEC)


def _adventure(game, extra, seed=1):
    s = game.Game(num_players=2, seed=seed).new_initial_state()
    p = s.current_player()
    s.apply_action(s.game.action(p, "go_on_adventure", extra))
    return s, p


def test_the_choice_waits_and_the_effect_goes_on_with_the_card_chosen(game):
    """Adventure: 1 + 2 cards drawn; nothing after the choice has run before it is made."""
    s, p = _adventure(game, 2)
    drawn = list(s.z["drawn"][p])
    assert len(drawn) == 3 and s.res[p] == [2]  # paid 1 water, then drew: the choice waits
    assert [a.args[0] for a in s.legal_actions()] == drawn and s.current_player() == p
    deck_before = list(s.z["adventure_deck"])
    a = drawn[1]
    power = s.tr["power"][p]
    s.apply_action(s.game.action(p, "choose_card", a))
    # the rest ran, in order: the others went to the bottom, the die was rolled, and then
    # success (the card won, 2 points) or failure (points lost, the card to the bottom)
    assert s.z["drawn"][p] == []
    rest = [c for c in drawn if c != a]
    die = s.dice["adventure_die"][0]
    if power + die >= game.F_needed[a]:
        assert s.z["adventures_won"][p] == [a] and s.scores()[p] == 2
        assert s.z["adventure_deck"][:2] == rest and s.z["adventure_deck"][2:] == deck_before
    else:
        assert s.scores()[p] == -game.F_failure[a]
        assert s.z["adventure_deck"][:3] == [a, *rest]
    assert s.current_player() != p  # the turn passed once the effect was over


def test_with_no_card_to_choose_the_rest_of_the_block_is_skipped(game):
    s = game.Game(num_players=2, seed=1).new_initial_state()
    p = s.current_player()
    s.z["adventure_deck"] = []  # nothing to draw: nothing to choose
    for c in range(len(s.loc)):
        s.loc[c] = None
    s._legal = None
    before = s.rng
    s.apply_action(s.game.action(p, "go_on_adventure", 0))
    assert not s.pending and s.rng == before  # not asked; no die rolled
    assert s.res[p] == [2] and s.scores()[p] == 0  # the water was paid, before the choice


def test_may_lets_the_player_decline_which_skips_the_rest(game):
    s = game.Game(num_players=2, seed=4).new_initial_state()
    p = s.current_player()
    trophy = s.z["adventure_deck"][-1]
    game.R.move(s, s.g, trophy, "adventures_won", p)  # an adventure won earlier
    s._legal = None
    power, water = s.tr["power"][p], s.res[p][0]
    declined = s.clone()
    s.apply_action(s.game.action(p, "rest"))
    assert {a.name for a in s.legal_actions()} == {"choose_card", "decline"}
    assert s.res[p][0] == water + 1  # `gain water 1` ran before the choice
    s.apply_action(s.game.action(p, "choose_card", trophy))
    assert s.tr["power"][p] == power + 1 and s.z["adventure_deck"][0] == trophy
    declined.apply_action(declined.game.action(p, "rest"))
    declined.apply_action(declined.game.action(p, "decline"))
    assert declined.tr["power"][p] == power and declined.z["adventures_won"][p] == [trophy]
    assert declined.res[p][0] == water + 1 and declined.current_player() != p


def test_random_games_end_replay_and_save_at_every_decision(game):
    for seed in range(1, 6):
        rng = random.Random(seed)
        state = game.Game(num_players=3, seed=seed).new_initial_state()
        run = play_to_the_end(state, rng, max_actions=2000, snapshot_at=7)
        assert_replays(lambda seed=seed: game.Game(num_players=3, seed=seed).new_initial_state(), state,
                       run.snapshot)
    s, _ = _adventure(game, 1)
    assert [x["kind"] for x in s.pending] == ["card", "done"]
    back = s.game.state_from_json(s.to_json())
    assert json.loads(back.to_json()) == json.loads(s.to_json())


def test_the_page_says_the_choice_and_the_rest_in_order():
    page = compiled(SPEC).page
    assert "- Choose an adventure a in your adventures looked at. (If there is none, skip the rest " \
           "of this step.)\n- Put every card in your adventures looked at at the bottom" in page
    assert "- You may choose an adventure t in your completed adventures. (If you do not, or there " \
           "is none, skip the rest of this step.)" in page


def test_checks(tmp_path):
    unused = BASE.replace("    move t into adventure_deck bottom\n", "")
    assert "W0130" in {d.code for d in compile_text(tmp_path, unused, CARDS).diagnostics}
    # a round that waits in its middle (E0513 before the loops whose rounds wait) is accepted
    late = BASE.replace("    gain water 1\n", "    each player {\n      may choose q: card in my "
                        "adventures_won\n      move q into adventure_deck\n      score 1\n    }\n"
                        "    gain water 1\n")
    assert [d.code for d in compile_text(tmp_path, late, CARDS).diagnostics] == ["W0105"]
    fine = BASE.replace("    gain water 1\n", "    each player {\n      choose 1 cards from my "
                        "adventures_won into adventure_deck\n    }\n    gain water 1\n")
    assert [d.code for d in compile_text(tmp_path, fine, CARDS).diagnostics] == ["W0105"]


_MOVE_T = "    move t into adventure_deck bottom\n"


@pytest.mark.parametrize("use", ["score t.needed", "score (t).needed", "gain t.success",
                                 "if t.needed >= 3 {\n      score 1\n    }",
                                 "score count my adventures_won where t.needed >= 1"])
def test_w0130_counts_a_field_of_the_card_as_using_it(tmp_path, use):
    """Reading a field of the card chosen (an attribute, `(t).f`, inside a condition) uses it."""
    spec = BASE.replace(_MOVE_T, f"    {use}\n")
    assert "W0130" not in {d.code for d in compile_text(tmp_path, spec, CARDS).diagnostics}


def test_w0130_counts_owners_and_card_rules_as_using_it():
    """`t.hand` / `t.disc[k]` (owner), `hand of t`, `do t.f(...)` and `do p(t)` name `t`."""
    zones = [ast.ZoneRef("t", ast.Ident("hand")), ast.ZoneRef(None, ast.Ident("hand"), ast.Name("t"))]
    reads = [*(ast.Score(ast.Count(z)) for z in zones),
             ast.Score(ast.Index(ast.Ident("disc"), ast.Name("k"), owner="t")),
             ast.DoCardRule(ast.Ident("t"), ast.Ident("rule"), ()),
             ast.DoProcedure(ast.Ident("train"), (ast.Name("t"),))]
    assert [decisions._named("t", (r,)) for r in reads] == [True] * 5
    assert not decisions._named("t", (ast.Score(ast.Attribute("u", "needed")),))


def test_w0130_with_nothing_after_the_choice_says_so(tmp_path):
    spec = BASE.replace(_MOVE_T + "    advance power by 1\n", "")
    found = [d for d in compile_text(tmp_path, spec, CARDS).diagnostics if d.code == "W0130"]
    assert len(found) == 1 and "nothing comes after this choice" in found[0].message
    assert "skipped" not in found[0].message


def test_the_language_reference_quotes_the_construct_spec():
    page = (SPEC.parents[3] / "docs" / "language.md").read_text(encoding="utf-8")
    start = page.index("## Decisions")
    end = page.index("### Choosing a value", start)  # its own construct spec, quoted there
    blocks = re.findall(r"^```rulebook\n(.*?)^```$", page[start:end], re.M | re.S)
    assert len(blocks) == 2
    for block in blocks:
        assert block in SPEC.read_text(encoding="utf-8"), block
    assert "E0510" not in page
