"""A card type, its catalogue and the rules its cards name, all added by a module that a
game offers (construct 15): the catalogue's cards are loaded for the module's
combinations, so the setup check counts them there (E0701 only when there are too few
for the player count), and the conditions its cards name need exist only where the
module is played.  The shape is Utopia's Rise of the Factions Expansion: a Faction
dealt to each player in setup, whose card names its unlock condition."""

from __future__ import annotations

from tests.helpers.constructs import take
from tests.helpers.specs import HEADER, ONE_ROUND, compile_text, engine_module

SPEC = HEADER.replace("players 1 to 3", "players 1 to PLAYERS\n  modules factions") + ONE_ROUND + '''setup {
  step deal "Deal" {
    first player random
  }
  source "Setup"
}
end over {
  when round >= 1
  winner most vp
  source "End"
}
module factions "Factions" {
  add card faction "Faction" {
    field power: int "its power"
    field unlock: condition "what unlocks it"
    source "Factions"
  }
  add catalogue faction_cards of faction from "mini.cards.yaml" {
    source "Factions"
  }
  add deck faction_deck "Faction cards" of faction {
    secret
    source "Factions"
  }
  add zone faction_hand "your Faction" of faction {
    per player
    public
    source "Factions"
  }
  add derived strong "a Faction of power 2 or more" = (count my faction_hand where power >= 2) >= 1 {
    source "Factions"
  }
  extend step deal {
    put faction_cards into faction_deck
    shuffle faction_deck
    each player {
      reveal 1 from faction_deck into my faction_hand
    }
  }
  extend action stop {
    effect first {
      for each f in my faction_hand {
        if f.unlock {
          score f.power
        }
      }
    }
  }
  source "Factions"
}
'''
CARDS = '''faction_cards:
  - {name: red, title: Red, power: 1, unlock: strong}
  - {name: blue, title: Blue, power: 2, unlock: strong}
  - {name: green, title: Green, power: 3, unlock: strong}
'''


def test_a_module_card_catalogue_is_counted_in_its_combinations(tmp_path):
    result = compile_text(tmp_path, SPEC.replace("PLAYERS", "3"), CARDS)
    assert [d.code for d in result.diagnostics] == [], [d.message for d in result.diagnostics]
    assert sorted(c["name"] for c in result.cards) == ["blue", "green", "red"]


def test_too_few_module_cards_for_the_player_count_is_still_e0701(tmp_path):
    result = compile_text(tmp_path, SPEC.replace("PLAYERS", "4"), CARDS)
    assert [d.code for d in result.diagnostics] == ["E0701"]
    assert "with 4 players" in result.diagnostics[0].message
    assert "holds 0 cards when setup takes 1" in result.diagnostics[0].message  # the fourth
    assert "with factions" in result.diagnostics[0].message


def test_the_module_deals_its_cards_and_their_conditions_are_played(tmp_path):
    game = engine_module(compile_text(tmp_path, SPEC.replace("PLAYERS", "3"), CARDS))
    assert "faction_hand" not in game.Game(num_players=3, seed=1).new_initial_state().z
    state = game.Game(num_players=3, modules=("factions",), seed=1).new_initial_state()
    hands = state.z["faction_hand"]
    assert sorted(len(h) for h in hands) == [1, 1, 1] and state.z["faction_deck"] == []
    powers = {"red": 1, "blue": 2, "green": 3}
    dealt = [powers[game.CARD_NAMES[h[0]]] for h in hands]
    for _ in range(3):
        take(state, "stop")
    # `strong` (power 2 or more) unlocks the Faction: its power is scored, else nothing
    assert state.is_terminal()
    assert state.tr["vp"] == [p if p >= 2 else 0 for p in dealt]
