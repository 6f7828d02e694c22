"""Diagnostic codes, W01xx and W06xx: warnings.

One family of the registry :mod:`dsl.codes` (which joins the families and sorts them).
Append a new entry at the end, with a number from your range.
"""

from __future__ import annotations

from dsl.code_examples import CARDS_MODE as _CARD
from dsl.codes.entry import Code

#: This family's entries.
CODES: tuple[Code, ...] = (
    Code(ACTION_NOT_OFFERED := "W0101", "an action is offered in no phase",
         "No phase lists the action in its `actions`, so players can never take it. List it in a "
         "phase, or remove it. (Warnings fail `rulebook check` and `build` only with `--strict`.)",
         'action sell "Sell" {\n  effect {\n    pay coin 1\n  }\n  source "Turn"\n}\n'),
    Code(NO_CITATION := "W0102", "a rule cites no rulebook section",
         "Every rule says where in the rulebook it comes from, so the reference page can cite it. "
         "Add `source \"Section › Subsection\"`.",
         'resource gold "Gold" {\n}\n'),
    Code(COUNTS_NOTHING := "W0103", "a count that counts nothing",
         "`uses TALLY 0` counts nothing, and a tally whose `max` is 0 allows nothing. Count at "
         "least 1, or remove the line (or the actions that use the tally).",
         'tally gifts "Gifts" {\n  per round\n  max 0\n  source "Turn"\n}\n\n'
         'mode giving "Giving" {\n  replace action earn "Earn" {\n    uses gifts 1\n'
         '    effect {\n      score 1\n    }\n    source "Turn"\n  }\n}\n'),
    Code(UNUSED_COMPONENT := "W0104", "a component is declared but never used",
         "No rule of any mode names this resource, zone or deck, track, param, derived value, "
         "tally, enum (or enum member), card type, catalogue, set of pieces or procedure, and no "
         "card of a catalogue holds it. It is dead weight, or a rule that should use it is "
         "missing: remove it, or write the rule the rulebook states. `set` and `remove` do not "
         "count as uses.",
         'param bonus "Bonus points" = 3 {\n  source "Scoring"\n}\n'),
    Code(PROVISIONAL_VALUES := "W0105", "the spec holds provisional values",
         "Reported once per spec: how many values are provisional (guesses where the rulebook is "
         "silent): `provisional` notes in the rules, catalogue cards with `provenance: "
         "provisional` and fields listed in `provisional_fields`. The game's page lists them. "
         "It fails only `--strict` runs, to keep a release free of guesses.",
         'param hand_size "Hand size" = 5 {\n  source "Setup"\n  provisional "The rulebook never says."\n}\n'
         '\naction draw_up "Draw up" {\n  require hand_size > 0\n  effect {\n    score 1\n  }\n'
         '  source "Turn"\n}\n'),
    Code(NEVER_RESETS := "W0120", "a tally never goes back to 0",
         "A `per round` tally goes back to 0 when the phase that opens each round begins, and a "
         "`per turn` tally at the start of each player's turn in a `turns` phase. In a mode whose "
         "flow names no `round starts at`, or that has no `turns` phase, that moment never comes: "
         "the tally counts for the whole game. Add `round starts at PHASE` to the flow (or make "
         "the phase `turns`), or count `per game` if that is what the rulebook means.",
         'tally gifts "Gifts" {\n  per player per round\n  max 1\n  source "Turn"\n}\n\n'
         'mode giving "Giving" {\n  replace action earn "Earn" {\n    uses gifts 1\n'
         '    effect {\n      score 1\n    }\n    source "Turn"\n  }\n}\n'),
    Code(CHOICES_SEEN_IN_TURN := "W0601", "later players see earlier players' choices",
         "Inside `each player`, players choose one after another; cards chosen from a player's own "
         'hidden zone into a public one are seen by the players who choose later. If the rulebook '
         'has players choose at the same time, choose into a hidden zone and reveal it after the '
         'loop.',
         _CARD + '\n'
         + 'zone hand "Hand" of building {\n  per player\n  hidden\n  source "Components"\n}\n\n'
         'zone market "Market" of building {\n  public\n  source "Components"\n}\n\n'
         'mode dealt "Dealt" {\n  replace setup {\n    put buildings into pile\n    each player {\n'
         '      draw 1 from pile into my hand\n      choose 1 cards from my hand into market\n    }\n'
         '  }\n}\n',
         cards='cards:\n  - name: farm\n    value: 1\n    copies: 3\n'),
)
