"""The spec text the examples of the diagnostic registry (:mod:`dsl.codes`) build on."""

#: A small complete spec that checks cleanly; examples are appended to it.
MINIMAL_SPEC = '''\
game tiny "Tiny" {
  players 2 to 4
  source "Rules"
}

resource coin "Coin" {
  source "Components"
}

track vp "Victory Points" {
  per player
  score
  source "Scoring"
}

setup {
  each player {
    gain coin 1
  }
}

flow {
  start -> work
  work -> work
  work -> end when game_over
}

phase work "Work" simultaneous {
  actions earn, finish
  source "Turn"
}

action earn "Earn" {
  effect {
    gain coin 1
    score 1
  }
  source "Turn › Earn"
}

action finish "Finish" {
  effect {
    done
  }
  source "Turn"
}

end game_over {
  when any player vp >= 5
  finish round
  winner most vp
  source "End of the game"
}
'''


#: A card type, a deck, a catalogue (``example.cards.yaml``) and a mode that deals it:
#: what the examples about cards add to :data:`MINIMAL_SPEC`.
CARDS_MODE = '''card building "Building" {
  field value: int "cost"
  source "Components"
}

deck pile "Pile" of building {
  source "Components"
}

catalogue buildings of building from "example.cards.yaml" {
  source "Components"
}

mode carded "With cards" {
  replace setup {
    put buildings into pile
  }
}
'''
