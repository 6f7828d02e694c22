"""Hand limits (`overflow discard into ZONE [or decline]`), bag choices of a variable
size (`0 to 2 of a, b`) with `total(x)`, several decisions ending a block, refills as
soon as a deck runs out, and requirements tested as soon as their choices are made."""

from __future__ import annotations

from tests.helpers.specs import HEADER, compile_text, engine

CARDS = """cards:
  - {name: apple, title: Apple, copies: 3}
  - {name: pear, title: Pear, copies: 3}
"""

SPEC = HEADER + '''
resource coin "Coin" {
  source "Coins"
}
resource gem "Gem" {
  source "Coins"
}
card fruit "Fruit" {
  source "Fruit"
}
catalogue fruits of fruit from "mini.cards.yaml" {
  source "Fruit"
}
deck basket "Basket" of fruit {
  refill from compost
  source "Basket"
}
deck compost "Compost" of fruit {
  source "Compost"
}
zone hand "Hand" of fruit {
  per player
  hidden
  limit 2
  overflow discard into compost or decline
  source "Hand"
}
setup {
  put fruits into basket
  each player {
    gain coin 2, gem 1
  }
  source "Setup"
}
flow {
  start -> work
  work -> work
  work -> end when game_over
  source "Flow"
}
phase work "Work" simultaneous {
  actions pick, swap, stop
  source "Work"
}
action pick "Pick a fruit" {
  effect {
    draw 1 from basket into my hand
  }
  source "Work"
}
action swap "Swap" {
  choose other: other player
  choose given: 0 to 2 of coin, gem
  choose count_given: 0 to 1
  require has given
  require total(given) + count_given == 1
  require count my hand >= count_given
  effect {
    transfer given to other
    choose count_given cards from my hand into other.hand
    choose 1 cards from other.hand into my hand
  }
  source "Work"
}
action stop "Stop" {
  effect {
    done
  }
  source "Work"
}
end game_over {
  when any player vp >= 1
  finish round
  winner most vp
  source "End"
}
'''


def _state(mini, players=2):
    return mini.Game(num_players=players, seed=3).new_initial_state()


def _act(s, name, *args):
    s.apply_action(s.game.action(s.current_player(), name, *args))


# ---------------------------------------------------------------- overflow


def test_a_full_hand_asks_its_owner_to_make_room_or_decline(tmp_path):
    mini = engine(tmp_path, SPEC, CARDS)
    s = _state(mini)
    _act(s, "pick")
    _act(s, "pick")
    assert len(s.z["hand"][0]) == 2
    top = s.z["basket"][-1]
    _act(s, "pick")
    assert {a.name for a in s.legal_actions()} == {"make_room", "decline_card"}
    assert {a.args[0] for a in s.legal_actions() if a.name == "make_room"} == set(s.z["hand"][0])
    _act(s, "decline_card")
    assert s.z["basket"][-1] == top and len(s.z["hand"][0]) == 2
    _act(s, "pick")
    discard = s.z["hand"][0][0]
    _act(s, "make_room", discard)
    assert s.z["compost"] == [discard]
    assert top in s.z["hand"][0] and len(s.z["hand"][0]) == 2
    assert {a.name for a in s.legal_actions()} >= {"pick", "stop"}


def test_without_decline_the_owner_must_make_room(tmp_path):
    text = SPEC.replace("overflow discard into compost or decline", "overflow discard into compost")
    mini = engine(tmp_path, text, CARDS)
    s = _state(mini)
    for _ in range(3):
        _act(s, "pick")
    assert {a.name for a in s.legal_actions()} == {"make_room"}


def test_without_overflow_a_full_zone_refuses(tmp_path):
    mini = engine(tmp_path, SPEC.replace("  overflow discard into compost or decline\n", ""), CARDS)
    s = _state(mini)
    for _ in range(3):
        _act(s, "pick")
    assert not s.pending and len(s.z["hand"][0]) == 2 and len(s.z["basket"]) == 4


def test_a_card_chosen_into_a_full_hand_waits_for_its_owner(tmp_path):
    mini = engine(tmp_path, SPEC, CARDS)
    s = _state(mini)
    _act(s, "pick")
    _act(s, "pick")
    _act(s, "stop")  # player 0 holds 2: full
    _act(s, "pick")
    mine, given = list(s.z["hand"][0]), s.z["hand"][1][0]
    _act(s, "swap", 0, (0, 0), 1)
    _act(s, "choose_card", given)  # player 1 gives a card into player 0's full hand
    assert s.current_player() == 0  # player 0 is asked at once, before the next question
    assert {a.name for a in s.legal_actions()} == {"make_room", "decline_card"}
    _act(s, "make_room", mine[0])
    assert given in s.z["hand"][0] and s.z["compost"] == [mine[0]]
    # then player 0 gives one of the cards they held: not the one discarded nor received
    assert s.current_player() == 0 and [a.args for a in s.legal_actions()] == [(mine[1],)]


def test_overflow_checks(tmp_path):
    cases = {
        "E0550": SPEC.replace("  limit 2\n", ""),
        "E0551": SPEC.replace('zone hand "Hand" of fruit {\n  per player\n',
                              'zone hand "Hand" of fruit {\n'),
        "E0552": SPEC.replace("overflow discard into compost", "overflow discard into my hand"),
    }
    for code, text in cases.items():
        result = compile_text(tmp_path, text, CARDS)
        assert code in {d.code for d in result.diagnostics}, (code, result.diagnostics)
    other_cards = SPEC.replace('deck compost "Compost" of fruit {',
                               'card leaf "Leaf" {\n  source "Leaves"\n}\n'
                               'deck compost "Compost" of leaf {')
    result = compile_text(tmp_path, other_cards.replace("  refill from compost\n", ""), CARDS)
    assert any(d.code == "E0552" and "leaf" in d.message for d in result.diagnostics)


def test_overflow_in_english(tmp_path):
    page = compile_text(tmp_path, SPEC, CARDS).page
    assert ("| 2; when a card would enter it while it is full, its owner may discard "
            "cards of their choice into the Compost to make room and take the card, or leave the "
            "card where it is") in page
    assert ("Draw the top card of the Basket into your Hand; if your Hand is full, you may first "
            "discard cards of your choice from it into the Compost to make room, or leave the "
            "card.") in page


# ---------------------------------------------------------------- bag choices, total


def test_a_bag_choice_of_a_variable_size_lists_the_smallest_bags_first(tmp_path):
    mini = engine(tmp_path, SPEC, CARDS)
    s = _state(mini)
    swaps = [a.args for a in s.legal_actions() if a.name == "swap"]
    assert swaps == [(1, (1, 0), 0), (1, (0, 1), 0)]  # total(given) + cards == 1, hand empty
    _act(s, "pick")
    swaps = [a.args for a in s.legal_actions() if a.name == "swap"]
    assert swaps == [(1, (0, 0), 1), (1, (1, 0), 0), (1, (0, 1), 0)]
    text = SPEC.replace("choose given: 0 to 2 of coin, gem", "choose given: 3 to 1 of coin, gem")
    assert "E0506" in {d.code for d in compile_text(tmp_path, text, CARDS).diagnostics}
    text = SPEC.replace("total(given)", "total(count_given)")
    result = compile_text(tmp_path, text, CARDS)
    assert any(d.code == "E0503" and "`total`" in d.message for d in result.diagnostics)


def test_bag_choice_in_english(tmp_path):
    page = compile_text(tmp_path, SPEC, CARDS).page
    assert "**given**: from none to 2 of Coin or Gem, in any mix" in page
    assert "the number of resources in given plus count given is 1" in page


def test_requirements_are_tested_as_soon_as_their_choices_are_made(tmp_path):
    engine_source = compile_text(tmp_path, SPEC, CARDS).engine
    legal = engine_source[engine_source.index("def legal_swap"):engine_source.index("def apply_swap")]
    lines = [line.strip() for line in legal.splitlines()]
    # `require has given` filters the bundles once, before any choice is made, and the
    # loop over `given` walks only the bundles the player holds
    fit = next(i for i, line in enumerate(lines) if line.startswith("_fit") and "_held" in line)
    assert fit < lines.index("for v_other in range(s.h):")
    assert any(line.startswith("for v_given, t_given in _fit") for line in lines)


# ---------------------------------------------------------------- decisions, refills


def test_decisions_may_end_a_block_together_and_see_the_zone_as_it_was(tmp_path):
    mini = engine(tmp_path, SPEC, CARDS)
    s = _state(mini)
    _act(s, "pick")
    _act(s, "stop")
    _act(s, "pick")
    mine, theirs = s.z["hand"][0][0], s.z["hand"][1][0]
    s.first = 0
    s.done = [False, False]
    s._legal = None
    _act(s, "swap", 1, (0, 0), 1)
    _act(s, "choose_card", mine)  # player 0 gives their card...
    assert mine in s.z["hand"][1] and s.current_player() == 1
    # ...and player 1 gives one of the cards they held before: not the one received
    assert [a.args for a in s.legal_actions()] == [(theirs,)]
    text = SPEC.replace("    choose 1 cards from other.hand into my hand\n",
                        "    choose 1 cards from other.hand into my hand\n    score 1\n")
    assert "E0510" not in {d.code for d in compile_text(tmp_path, text, CARDS).diagnostics}  # retired


def test_a_deck_that_runs_out_is_refilled_at_once(tmp_path):
    mini = engine(tmp_path, SPEC.replace("limit 2", "limit 9"), CARDS)
    s = _state(mini)
    for c in list(s.z["basket"][:-1]):
        mini.R.move(s, s.g, c, "compost", None)
    s._legal = None
    old = set(s.z["compost"])
    _act(s, "pick")  # the basket's last card: the compost becomes the basket now
    assert s.z["compost"] == [] and set(s.z["basket"]) == old


def test_an_empty_zone_that_is_full_refuses_without_asking(tmp_path):
    mini = engine(tmp_path, SPEC.replace("limit 2", "limit 0"), CARDS)
    s = _state(mini)
    top = s.z["basket"][-1]
    _act(s, "pick")  # nothing could be discarded to make room
    assert not s.pending and s.z["basket"][-1] == top and s.z["hand"][0] == []
