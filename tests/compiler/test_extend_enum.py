"""``extend enum`` played (construct 14, made real in slice C4): a module adds members to an
enum, and the compositions that apply it see them: pieces ``of each`` the enum, choices of
a member and options; the others never put the new members' pieces into play.  E0334 now
refuses only an enum a resource family is kept per (every bag has one slot per member).

Checked against Future Imperfect › Preparation (Setup) › Module 2 (each player's three
Hypersync tiles: pieces of a kind the base game does not have, one per action type)."""

from __future__ import annotations

import json

from compiler import pipeline
from tests.helpers.constructs import codes_of, take
from tests.helpers.specs import engine_module

SPEC = '''game g "G" {
  players 2 to 3
  modules hypersync
  source "Future Imperfect › Objective of the Game"
}
enum action_type "Action type" {
  construct "Construct"
  recruit "Recruit"
  source "Anachrony › Gameplay › Action Rounds Phase"
}
pieces tile "Action tile" {
  per player 1 of each action_type
  source "Future Imperfect › Preparation (Setup) › Module 2"
}
zone tiles "Tiles" of tile {
  per player
  public
  source "Future Imperfect › Preparation (Setup) › Module 2"
}
track vp "VP" {
  per player
  score
  source "Anachrony › End of the Game"
}
track picked "Picked" {
  per player
  source "Anachrony › End of the Game"
}
setup {
  each player {
    put tile into my tiles where owner == me
  }
  source "Future Imperfect › Preparation (Setup) › Module 2"
}
flow {
  start -> work
  work -> work
  work -> end when game_over
}
phase work "Work" turns {
  actions pick
  source "Anachrony › Gameplay › Action Rounds Phase"
}
action pick "Pick an action type" {
  choose k: action_type
  effect {
    score count my tiles
    if k != construct and k != recruit {
      advance picked by 1
    }
    done
  }
  source "Anachrony › Gameplay › Action Rounds Phase"
}
end game_over {
  when round >= 2
  finish round
  winner most vp
  source "Anachrony › End of the Game"
}
module hypersync "Hypersync Future Actions" {
  extend enum action_type {
    research "Research"
  }
  source "Future Imperfect › Preparation (Setup) › Module 2"
}
'''


def _game(tmp_path):
    path = tmp_path / "g.rules"
    path.write_text(SPEC, encoding="utf-8")
    result = pipeline.compile_spec(path)
    assert result.ok, [d.render() for d in result.diagnostics]
    return engine_module(result)


def test_a_module_adds_members_to_an_enum_of_pieces_and_choices(tmp_path):
    game = _game(tmp_path)
    base = game.Game(num_players=2, seed=1).new_initial_state()
    with_module = game.Game(num_players=2, modules=("hypersync",), seed=1).new_initial_state()
    # "Give each player their 3 Hypersync tiles": 2 without the module's new member, 3 with it
    assert [len(z) for z in json.loads(base.to_json())["z"]["tiles"]] == [2, 2]
    assert [len(z) for z in json.loads(with_module.to_json())["z"]["tiles"]] == [3, 3]
    assert sorted(a.args[0] for a in base.legal_actions()) == ["construct", "recruit"]
    assert sorted(a.args[0] for a in with_module.legal_actions()) == ["construct", "recruit", "research"]
    who = with_module.current_player()
    take(with_module, "pick", "research")
    assert json.loads(with_module.to_json())["tr"]["picked"][who] == 1


def test_an_enum_a_resource_family_is_kept_per_still_cannot_grow(tmp_path):
    text = SPEC + 'resource disc "Disc" {\n  per action_type\n}\n'
    assert "E0334" in codes_of(tmp_path, text)
