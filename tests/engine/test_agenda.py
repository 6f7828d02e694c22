"""The decision agenda (issue 11 design, 1.1): ``State.pending`` as records, nested first,
never changed once on the agenda, cloned by copying the list, saved and loaded as JSON at
every kind of record, and a save whose continuation or locals are forged refused."""

from __future__ import annotations

import json

import pytest

from tests.helpers.specs import HEADER, engine

CARDS = '''tiles:
  - name: low
    title: "Low tile"
    copies: 6
    value: 1
  - name: high
    title: "High tile"
    copies: 6
    value: 3
'''

SPEC = HEADER + '''
card tile "tile" {
  field value: int "points"
  source "Tiles"
}
catalogue tiles of tile from "mini.cards.yaml" {
  source "Tiles"
}
deck pile "pile" of tile {
  source "Tiles"
}
deck discard "discards" of tile {
  source "Tiles"
}
zone hand "hand" of tile {
  per player
  hidden
  source "Tiles"
}
zone tableau "tableau" of tile {
  per player
  public
  source "Tiles"
}
setup {
  put tiles into pile
  shuffle pile
  each player {
    draw 3 from pile into my hand
  }
  source "Setup"
}
flow {
  start -> play
  play -> play
  play -> end when game_over
  round starts at play
  source "Flow"
}
phase play "Play" turns {
  actions plan, trade, pass
  source "Play"
}
procedure keep "Keep a tile" (n: int) {
  effect {
    choose k: card in my hand
    move k into my tableau
    score n
  }
  source "Play"
}
action plan "Plan" {
  effect {
    ask me {
      "keep" {
        do keep(1)
        score 10
      }
      "skip" {
      }
    }
    score 100
    again
  }
  source "Play"
}
action trade "Trade" {
  effect {
    choose 2 cards from my hand into discard
    draw 1 from pile into my hand
    score 1000
  }
  source "Play"
}
action pass "Pass" {
  effect {
    score 0
  }
  source "Play"
}
end game_over {
  when any player vp >= 100000
  immediately
  winner most vp
  source "End"
}
'''


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return engine(tmp_path_factory.mktemp("agenda"), SPEC, CARDS)


def _start(mini, players=2, seed=1):
    return mini.Game(num_players=players, seed=seed).new_initial_state()


def _answer(s, name, *args):
    s.apply_action(s.game.action(s.current_player(), name, *args))


def test_nested_first_a_procedures_questions_and_rest_come_before_its_callers_rest(mini):
    s = _start(mini)
    p = s.current_player()
    _answer(s, "plan")
    assert [x["kind"] for x in s.pending] == ["ask", "resume", "done"]
    assert s.scores()[p] == 0  # `score 100` waits for the answer
    _answer(s, "answer", "keep")
    # the procedure's card question comes first, then its rest, then the option's rest...
    assert [x["kind"] for x in s.pending] == ["card", "resume", "resume", "done"]
    card = s.legal_actions()[0].args[0]
    _answer(s, "choose_card", card)
    # ...each in that order: 1 (the procedure), 10 (the option), 100 (the action)
    assert s.scores()[p] == 111 and s.z["tableau"][p] == [card]
    assert not s.pending


def test_an_again_after_a_decision_counts_the_turn_is_over_when_the_effect_is(mini):
    s = _start(mini)
    p = s.current_player()
    _answer(s, "plan")
    _answer(s, "answer", "skip")
    assert s.scores()[p] == 100
    assert s.current_player() == p  # `again`, written after the question, gave another turn


def test_statements_after_a_choice_of_cards_wait_for_it(mini):
    s = _start(mini)
    p = s.current_player()
    hand = list(s.z["hand"][p])
    _answer(s, "trade")
    assert s.scores()[p] == 0 and len(s.z["hand"][p]) == 3  # nothing drawn yet
    _answer(s, "choose_card", hand[0])
    assert s.scores()[p] == 0
    _answer(s, "choose_card", hand[1])
    assert s.scores()[p] == 1000 and len(s.z["hand"][p]) == 2


def test_records_are_never_changed_once_on_the_agenda(mini):
    s = _start(mini)
    p = s.current_player()
    _answer(s, "trade")
    first = s.pending[0]
    before = json.dumps(first, sort_keys=True)
    _answer(s, "choose_card", s.z["hand"][p][0])
    assert json.dumps(first, sort_keys=True) == before  # a new record took its place
    assert s.pending[0] is not first and s.pending[0]["count"] == first["count"] - 1


def test_a_clone_is_independent_of_its_original(mini):
    s = _start(mini)
    p = s.current_player()
    _answer(s, "trade")
    c = s.clone()
    saved = s.to_json()
    _answer(c, "choose_card", c.z["hand"][p][0])
    _answer(c, "choose_card", c.z["hand"][p][0])
    assert s.to_json() == saved and c.scores()[p] == 1000
    assert [x["kind"] for x in s.pending] == ["cards", "resume", "done"]


def _kinds_seen(mini):
    """States with each kind of record on the agenda, from seeded random games."""
    import random

    seen = {}
    for seed in range(1, 30):
        s, rng = _start(mini, 3, seed), random.Random(seed)
        for _ in range(60):
            if s.is_terminal():
                break
            for x in s.pending:
                seen.setdefault(x["kind"], s.clone())
            s.apply_action(rng.choice(s.legal_actions()))
    return seen


def test_every_kind_of_record_survives_a_json_round_trip(mini):
    import random

    seen = _kinds_seen(mini)
    assert {"cards", "card", "ask", "resume", "done"} <= set(seen)
    for kind, s in seen.items():
        back = s.game.state_from_json(s.to_json())
        assert back.to_json() == s.to_json(), kind
        rng_a, rng_b = random.Random(kind), random.Random(kind)
        for _ in range(20):  # both play on the same
            if s.is_terminal():
                break
            a, b = rng_a.choice(s.legal_actions()), rng_b.choice(back.legal_actions())
            assert (a.name, a.args) == (b.name, b.args)
            s.apply_action(a)
            back.apply_action(b)
            assert back.to_json() == s.to_json()


@pytest.mark.parametrize("edit, why", [
    (lambda x: x.update(fn="print"), "bad continuation"),
    (lambda x: x["env"].update(k=5), "bad continuation"),  # a local the function does not expect
    (lambda x: x.update(me=7), "bad continuation"),
    (lambda x: x.update(player=0), "the keys of 'resume'"),
])
def test_a_forged_continuation_is_refused(mini, edit, why):
    s = _start(mini)
    _answer(s, "plan")
    _answer(s, "answer", "keep")
    data = json.loads(s.to_json())
    resume = next(x for x in data["pending"] if x["kind"] == "resume")
    edit(resume)
    with pytest.raises(mini.RulesError, match=why):
        s.game.state_from_json(json.dumps(data))


def test_a_forged_local_of_the_wrong_type_is_refused(mini):
    s = _start(mini)
    _answer(s, "plan")
    data = json.loads(s.to_json())
    data["pending"][0]["env"] = {"ghost": 1}  # `plan` has no locals
    with pytest.raises(mini.RulesError, match="bad question"):
        s.game.state_from_json(json.dumps(data))
