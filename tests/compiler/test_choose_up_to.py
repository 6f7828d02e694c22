"""``choose up to N cards from Z into W`` (issue 11 design, construct 2): the chooser
may stop after any card, or before the first (the action ``decline``); what follows
(``then``, or the rest of the block) runs once they stop or reach N."""

from __future__ import annotations

import json

import pytest

from dsl.code_examples import CARDS_MODE, MINIMAL_SPEC
from tests.helpers.constructs import take
from tests.helpers.specs import compile_text, engine_module

_SPEC = MINIMAL_SPEC.replace("actions earn, finish", "actions earn, finish, deal, trash") + "\n" + \
    CARDS_MODE.replace("example.cards.yaml", "mini.cards.yaml") + '''
zone hand "Hand" of building {
  per player
  hidden
  source "Components"
}

action deal "Deal" {
  effect {
    draw 3 from pile into my hand
  }
  source "Turn"
}

action trash "Trash" {
  effect {
    choose up to 2 cards from my hand into pile bottom
    score 1
  }
  source "Turn"
}
'''
_CARDS = "cards:\n  - name: farm\n    value: 1\n    copies: 12\n"


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    return engine_module(compile_text(tmp_path_factory.mktemp("up_to"), _SPEC, _CARDS))


def _asked(game):
    s = game.Game(num_players=2, mode="carded", seed=1).new_initial_state()
    p = s.current_player()
    take(s, "deal")
    take(s, "trash")
    return s, p


def test_stop_before_any_card_and_the_effect_goes_on(game):
    s, p = _asked(game)
    names = [a.name for a in s.legal_actions()]
    assert s.current_player() == p and names == ["choose_card"] * 3 + ["decline"]
    take(s, "decline")
    assert len(s.z["hand"][p]) == 3 and s.tr["vp"][p] == 1 and not s.pending


def test_stop_after_one_card(game):
    s, p = _asked(game)
    take(s, "choose_card")
    assert len(s.z["hand"][p]) == 2 and s.tr["vp"][p] == 0  # waits for the second or a stop
    back = s.game.state_from_json(s.to_json())
    assert json.loads(back.to_json()) == json.loads(s.to_json()) and back.pending[0]["up_to"] is True
    for state in (s, back):
        take(state, "decline")
    assert s.to_json() == back.to_json() and len(s.z["hand"][p]) == 2 and s.tr["vp"][p] == 1


def test_two_cards_at_most(game):
    s, p = _asked(game)
    take(s, "choose_card")
    take(s, "choose_card")
    assert len(s.z["hand"][p]) == 1 and s.tr["vp"][p] == 1 and not s.pending


def test_a_forged_up_to_is_refused(game):
    s, _ = _asked(game)
    data = json.loads(s.to_json())
    data["pending"][0]["up_to"] = "yes"
    with pytest.raises(Exception, match="up_to"):
        s.game.state_from_json(json.dumps(data))


def test_the_page_says_up_to(tmp_path):
    page = compile_text(tmp_path, _SPEC, _CARDS).page
    assert "Choose up to 2 cards from your Hand and put them at the bottom of the Pile" in page
