"""Decisions that let the effect go on: `choose c: card in ZONE where ... { ... }`
(the acting player chooses one card, and the block runs with it) and
`choose N cards from A into B then { ... }` (the block runs once they are chosen)."""

from __future__ import annotations

from tests.helpers.specs import HEADER, compile_text, engine

CARDS = '''tiles:
  - name: low
    title: "Low tile"
    copies: 4
    value: 1
  - name: high
    title: "High tile"
    copies: 4
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
zone offer "tiles offered to you" of tile {
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
  first player random
  source "Setup"
}
flow {
  start -> play
  play -> end
  source "Flow"
}
phase play "Play" turns {
  actions take, swap
  source "Play"
}
action swap "Give up two tiles" {
  require (count my offer) >= 1
  effect {
    choose 2 cards from my offer into discard then {
      score (count discard) - 1
    }
  }
  source "Play"
}
action take "Take a tile" {
  require (count pile) >= 1
  effect {
    draw 3 from pile into my offer
    choose t: card in my offer where t.value >= 2 {
      move t into my tableau
      move all my offer into discard
      score t.value
    }
  }
  source "Play"
}
end game_over {
  when any player vp >= 3
  immediately
  winner most vp
  source "End"
}
'''


def _game(tmp_path, players=2, seed=1, spec=SPEC):
    mini = engine(tmp_path, spec, CARDS)
    return mini, mini.Game(num_players=players, seed=seed).new_initial_state()


def _arrange_pile(mini, s, values):
    """Put tiles of these values on top of the pile, the first drawn first."""
    ids = {v: [c for c in mini.CARDS_OF["tile"] if mini.F_value[c] == v] for v in (1, 3)}
    pile = s.z["pile"]
    for v in reversed(values):  # the top of a deck is the end of its list
        c = ids[v].pop()
        pile.remove(c)
        pile.append(c)
        ids[v].insert(0, c)  # never reuse it for a later value
    s._legal = None


def test_the_player_chooses_among_the_cards_meeting_the_condition(tmp_path):
    mini, s = _game(tmp_path)
    p = s.current_player()
    _arrange_pile(mini, s, [3, 1, 3])
    s.apply_action(s.game.action(p, "take"))
    offer = list(s.z["offer"][p])
    assert [mini.F_value[c] for c in offer] == [3, 1, 3]
    assert s.current_player() == p
    choices = [a.args[0] for a in s.legal_actions()]
    assert {a.name for a in s.legal_actions()} == {"choose_card"}
    assert choices == [c for c in offer if mini.F_value[c] >= 2]
    s.apply_action(s.game.action(p, "choose_card", choices[1]))
    # the rest of the effect ran with the card chosen, before the turn passed
    assert s.z["tableau"][p] == [choices[1]]
    assert s.z["offer"][p] == []
    assert sorted(s.z["discard"]) == sorted(c for c in offer if c != choices[1])
    assert s.scores()[p] == 3
    assert s.is_terminal() and s.winners_list() == [p]  # the end is checked at once


def test_bare_field_names_in_the_condition_read_the_card_considered(tmp_path):
    spec = SPEC.replace("where t.value >= 2", "where value >= 2 and t.value <= 3")
    mini, s = _game(tmp_path, spec=spec)
    p = s.current_player()
    _arrange_pile(mini, s, [1, 3, 1])
    s.apply_action(s.game.action(p, "take"))
    assert [mini.F_value[a.args[0]] for a in s.legal_actions()] == [3]


def test_nothing_is_asked_when_no_card_qualifies(tmp_path):
    mini, s = _game(tmp_path)
    p = s.current_player()
    _arrange_pile(mini, s, [1, 1, 1])
    s.apply_action(s.game.action(p, "take"))
    assert not s.pending and s.current_player() != p
    assert len(s.z["offer"][p]) == 3 and s.scores()[p] == 0


def test_a_pending_choice_survives_a_json_round_trip(tmp_path):
    mini, s = _game(tmp_path)
    p = s.current_player()
    _arrange_pile(mini, s, [3, 3, 3])
    s.apply_action(s.game.action(p, "take"))
    back = s.game.state_from_json(s.to_json())
    assert back.legal_actions() == s.legal_actions()
    c = s.legal_actions()[0].args[0]
    back.apply_action(back.game.action(p, "choose_card", c))
    assert back.z["tableau"][p] == [c] and back.scores()[p] == 3


def test_each_player_chooses_in_turn(tmp_path):
    spec = SPEC.replace('''  shuffle pile
  first player random''', '''  shuffle pile
  each player {
    draw 2 from pile into my offer
    choose t: card in my offer {
      move t into my tableau
    }
  }''')
    mini, s = _game(tmp_path, players=3, spec=spec)
    for p in range(3):
        assert s.current_player() == p
        c = s.legal_actions()[-1].args[0]
        assert s.z["offer"][p][-1] == c
        s.apply_action(s.game.action(p, "choose_card", c))
        assert s.z["tableau"][p] == [c]


def test_checks(tmp_path):
    # a statement after the choice is no error since construct 2 (E0510 is retired): it waits
    late = SPEC.replace("      score t.value\n    }\n", "      score t.value\n    }\n    score 1\n")
    assert not [d for d in compile_text(tmp_path, late, CARDS).diagnostics if d.severity == "error"]
    clash = SPEC.replace("action take \"Take a tile\" {\n",
                         "action take \"Take a tile\" {\n  choose t: card in pile\n")
    codes = {d.code for d in compile_text(tmp_path, clash, CARDS).diagnostics}
    assert "E0205" in codes  # the name is taken (and the pile is secret: E0603)
    secret = SPEC.replace("choose t: card in my offer", "choose t: card in pile")
    diags = compile_text(tmp_path, secret, CARDS).diagnostics
    assert any(d.code == "E0603" and "`pile`" in d.message for d in diags)
    theirs = SPEC.replace('action take "Take a tile" {\n',
                          'action take "Take a tile" {\n  choose q: other player\n') \
        .replace("choose t: card in my offer", "choose t: card in q.offer")
    diags = compile_text(tmp_path, theirs, CARDS).diagnostics
    assert any(d.code == "E0603" and "another player's hidden zone" in d.message for d in diags)
    typo = SPEC.replace("where t.value >= 2", "where t.valu >= 2")
    assert any(d.code == "E0502" and "valu" in d.message
               for d in compile_text(tmp_path, typo, CARDS).diagnostics)


def test_english(tmp_path):
    page = compile_text(tmp_path, SPEC, CARDS).page
    assert "Choose a tile t in your tiles offered to you whose value is at least 2; then:" in page, \
        [line for line in page.splitlines() if "Choose" in line]


def _offer(mini, s, p, k):
    """Put ``k`` low tiles of the pile into ``p``'s offer."""
    from generated import _runtime as R

    for c in [c for c in s.z["pile"] if mini.F_value[c] == 1][:k]:
        assert R.move(s, s.g, c, "offer", p)
    s._legal = None


def test_then_runs_once_the_cards_are_chosen(tmp_path):
    mini, s = _game(tmp_path)
    p = s.current_player()
    _offer(mini, s, p, 3)
    s.apply_action(s.game.action(p, "swap"))
    first = s.legal_actions()[0].args[0]
    s.apply_action(s.game.action(p, "choose_card", first))
    assert s.scores()[p] == 0 and s.current_player() == p  # one card still to choose
    back = s.game.state_from_json(s.to_json())
    for state in (s, back):
        state.apply_action(state.game.action(p, "choose_card", state.legal_actions()[0].args[0]))
        assert len(state.z["discard"]) == 2
        assert state.scores()[p] == 1  # counted after both cards went: 2 - 1
        assert not state.pending and state.current_player() != p


def test_then_runs_when_fewer_or_no_cards_are_left(tmp_path):
    mini, s = _game(tmp_path)
    p = s.current_player()
    _offer(mini, s, p, 1)
    s.apply_action(s.game.action(p, "swap"))
    s.apply_action(s.game.action(p, "choose_card", s.legal_actions()[0].args[0]))
    assert s.scores()[p] == 0 and not s.pending  # 1 card discarded: 1 - 1
    spec = SPEC.replace("  require (count my offer) >= 1\n", "")
    mini, s = _game(tmp_path, spec=spec)
    p = s.current_player()
    s.apply_action(s.game.action(p, "swap"))  # nothing to choose: the rest runs at once
    assert s.scores()[p] == -1 and not s.pending


def test_then_in_english(tmp_path):
    page = compile_text(tmp_path, SPEC, CARDS).page
    assert ("- Choose 2 cards from your tiles offered to you and put them into the discards; "
            "then:") in page, [line for line in page.splitlines() if "Choose 2" in line]
