"""Diagnostic codes, E06xx: hidden information.

One family of the registry :mod:`dsl.codes` (which joins the families and sorts them).
Append a new entry at the end, with a number from your range.
"""

from __future__ import annotations

from dsl.code_examples import CARDS_MODE as _CARD
from dsl.codes.entry import Code

#: This family's entries.
CODES: tuple[Code, ...] = (
    Code(SHUFFLED_ZONE_PUBLIC := "E0601", 'a shuffled zone is public',
         'A deck, or any zone the rules shuffle, is `public`, so every player would see the order '
         'of its cards. Make it `hidden` (nobody sees the cards) or `secret`. A note points at the '
         'shuffle.',
         _CARD.replace('deck pile "Pile" of building {\n', 'deck pile "Pile" of building {\n  public\n')
         + '\nmode shuffled "Shuffled" {\n  replace setup {\n    put buildings into pile\n'
         '    shuffle pile\n  }\n}\n',
         cards='cards:\n  - name: farm\n    value: 1\n    copies: 3\n'),
    Code(CARDS_CHANGE_SIDES := "E0602", 'cards change sides without saying so',
         '`draw` moves cards face down: drawing from a zone nobody sees into a `public` zone would '
         'show them to every player without the spec saying so; `reveal` moves them face up, so '
         'revealing into a hidden zone contradicts itself. Write `reveal ... into` for cards laid '
         "out face up, or make the zone hidden. A note points at the zone's declaration.",
         _CARD + '\n'
         + 'zone market "Market" of building {\n  public\n  source "Components"\n}\n\n'
         'mode dealt "Dealt" {\n  replace setup {\n    put buildings into pile\n'
         '    draw 2 from pile into market\n  }\n}\n',
         cards='cards:\n  - name: farm\n    value: 1\n    copies: 3\n'),
    Code(CHOSEN_UNSEEN := "E0603", 'a card is chosen from a zone the chooser cannot see',
         'The engine offers one legal action per card, so choosing a card of a `secret` zone, of '
         "another player's hidden zone or of a shared hidden zone would show the chooser every "
         'card in it. Draw from the zone first (`draw 1 from pile into my hand`) and choose from '
         'what was drawn, or make the zone visible to the chooser.',
         _CARD + '\n'
         + 'mode picking "Picking" {\n  replace action earn "Earn" {\n    choose b: card in pile\n'
         '    effect {\n      score b.value\n    }\n    source "Turn"\n  }\n}\n',
         cards='cards:\n  - name: farm\n    value: 1\n    copies: 3\n'),
    Code(CHOICE_FROM_TOP_ONLY := "E0604", 'a card is chosen from a stack that shows only its top card',
         'A zone declared `public top` shows everyone its top card and how many cards it holds, '
         'and nobody the rest. Choosing a card of it offers one legal action per card, which '
         'would show the chooser every card. Take the top card (`top of ZONE`), or choose inside '
         '`look at ZONE { ... }`, where the rules let the player look through the stack.',
         _CARD.replace('deck pile "Pile" of building {\n', 'deck pile "Pile" of building {\n  public top\n')
         + '\nmode picking "Picking" {\n  replace action earn "Earn" {\n    choose b: card in pile\n'
         '    effect {\n      score b.value\n    }\n    source "Turn"\n  }\n}\n',
         cards='cards:\n  - name: farm\n    value: 1\n    copies: 3\n'),
    Code(TOP_NOT_PUBLIC := "E0605", 'only a public stack shows its top card',
         '`top` after the visibility of a zone says that its top card is face up: `public top`. '
         '`hidden top` and `secret top` say the top card is both shown and hidden. Write `public '
         'top` for a face-up stack whose other cards are covered, or leave `top` out.',
         _CARD.replace('deck pile "Pile" of building {\n', 'deck pile "Pile" of building {\n  secret top\n'),
         cards='cards:\n  - name: farm\n    value: 1\n    copies: 3\n'),
)
