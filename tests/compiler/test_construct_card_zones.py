"""Zones of each card (`per space`), zones named with an owner (`here of sp`),
`it`, `x in ZONE` and choices of several cards (`some worker where ...`)."""

from __future__ import annotations

from tests.helpers.specs import HEADER, LOOP_FLOW, compile_text, engine

CARDS = """cards:
  - {name: mine, title: Mine, bonus: 1}
  - {name: farm, title: Farm, bonus: 2}
"""

SPEC = HEADER + '''
pieces worker "worker die" {
  per player 2
  sides 6
  source "Dice"
}
card space "action space" {
  field bonus: int "points for placing"
  source "Board"
}
catalogue board of space from "mini.cards.yaml" {
  source "Board"
}
zone spaces "Board" of space {
  public
  source "Board"
}
zone here "workers here" of worker {
  per space
  public
  limit 2
  source "Board"
}
zone available "available workers" of worker {
  per player
  public
  source "Dice"
}
setup {
  put board into spaces
  each player {
    put worker into my available where owner == me
    for each d in my available {
      roll d
    }
  }
  source "Setup"
}
''' + LOOP_FLOW + '''phase play "Play" turns {
  actions place, retrieve
  source "Turns"
}
action place "Place a worker" {
  choose d: card in my available
  choose sp: card in spaces where (count here of sp) < 2
  effect {
    move d into here of sp
    score sp.bonus
  }
  source "Placing"
}
action retrieve "Retrieve workers" {
  choose ds: some worker where owner == me and it in here
  effect {
    for each d in ds {
      move d into my available
      roll d
    }
    score count ds
  }
  source "Retrieving"
}
end game_over {
  when any player vp >= 12
  immediately
  winner most vp
  source "End"
}
'''


def test_each_space_holds_its_own_workers_up_to_its_limit(tmp_path):
    mini = engine(tmp_path, SPEC, CARDS)
    s = mini.Game(num_players=2, seed=2).new_initial_state()
    farm = mini.CARD_NAMES.index("farm")
    assert s.z["here"][farm] == [] and s.z["here"][mini.CARDS_OF["worker"][0]] is None
    p = s.current_player()
    die = s.z["available"][p][0]
    s.apply_action(s.game.action(p, "place", die, farm))
    assert s.z["here"][farm] == [die] and s.loc[die] == ("here", farm)
    assert s.scores()[p] == 2
    q = s.current_player()
    s.apply_action(s.game.action(q, "place", s.z["available"][q][0], farm))
    # the farm is full: nobody may place there now
    assert all(a.args[1] != farm for a in s.legal_actions() if a.name == "place")


def test_retrieving_offers_every_non_empty_set_of_my_placed_workers(tmp_path):
    mini = engine(tmp_path, SPEC, CARDS)
    s = mini.Game(num_players=1, seed=4).new_initial_state()
    mine, farm = mini.CARD_NAMES.index("mine"), mini.CARD_NAMES.index("farm")
    a, b = s.z["available"][0]
    assert not [x for x in s.legal_actions() if x.name == "retrieve"]
    s.apply_action(s.game.action(0, "place", a, mine))
    s.apply_action(s.game.action(0, "place", b, farm))
    sets = {x.args[0] for x in s.legal_actions() if x.name == "retrieve"}
    assert sets == {(a,), (b,), (a, b)}
    before = s.scores()[0]
    s.apply_action(s.game.action(0, "retrieve", (a, b)))
    assert sorted(s.z["available"][0]) == sorted([a, b]) and s.z["here"][mine] == []
    assert s.scores()[0] == before + 2
    assert "Retrieve workers" in str(s.applied_actions()[-1])


def test_a_zone_of_each_card_needs_its_owner(tmp_path):
    broken = SPEC.replace("move d into here of sp", "move d into here")
    result = compile_text(tmp_path, broken, CARDS)
    assert any(d.code == "E0505" and "say whose" in d.message for d in result.diagnostics)
    wrong = SPEC.replace("move d into here of sp", "move d into here of d")
    result = compile_text(tmp_path, wrong, CARDS)
    assert any(d.code == "E0503" for d in result.diagnostics)


def test_random_play_ends_and_replays(tmp_path):
    import random

    mini = engine(tmp_path, SPEC, CARDS)
    for seed in range(20):
        game = mini.Game(num_players=3, seed=seed)
        s, rng = game.new_initial_state(), random.Random(seed)
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
            clone = game.state_from_json(s.to_json())
            assert clone.to_json() == s.to_json()
        assert s.winners_list()


def test_english(tmp_path):
    page = compile_text(tmp_path, SPEC, CARDS).page
    assert "one or more worker dice" in page
    assert "the workers here of sp" in page
