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
    Code(NO_AMOUNT := "W0115", "a bag item of no amount",
         "A bag item written with the amount 0 (`gain coin 0`) moves nothing, and `has coin 0` always "
         "holds: the rule does nothing there, or the amount is a slip. Write the amount the rulebook "
         "gives, or remove the item. (An amount worked out in play that comes to zero is fine.)",
         'action idle "Idle" {\n  effect {\n    gain coin 0\n    score 1\n  }\n  source "Turn"\n}\n'),
    Code(FILTER_IGNORES_MEMBER := "W0116", "an enum filter that does not read the member",
         "In `choose k: ENUM where C` and `for each k in ENUM where C`, the condition C is asked of "
         "each member `k` in turn. One that never names `k` gives the same answer for every member: "
         "it keeps them all or none, which is seldom what the rulebook means (`where disc[give] >= 1` "
         "written in the choice of `get`). Name the member in the condition, or drop the filter.",
         'enum colour "Colour" {\n  red "Red"\n  blue "Blue"\n  source "Components"\n}\n\n'
         'action paint "Paint" {\n  choose c: colour where coin >= 1\n  effect {\n    score 1\n'
         '  }\n  source "Turn"\n}\n'),
    Code(TOP_OF_SET := "W0110", "`top of` or `bottom of` a set chosen with `some`",
         "A set of cards chosen with `some` has no order: its top and bottom card are whichever the "
         "engine lists last or first, not a card the rules name. Take the top of a zone (a deck, a "
         "row), or use `best SET by KEY` to say which card.",
         _CARD + '\naction keep "Keep" {\n  choose kept: some building\n'
         '  require top of kept != nothing\n  effect {\n    score 1\n  }\n  source "Turn"\n}\n',
         cards='cards:\n  - name: farm\n    value: 1\n    copies: 3\n'),
    Code(NEVER_ABSENT := "W0111", "a test for `nothing` or `nobody` of a value that is never absent",
         "`x != nothing` (or `== nothing`, `nobody`) tests a card or player that is always there: "
         "an action's choice, a parameter not declared with `?`, or a value already tested in "
         "an enclosing `if`. The test always gives the same answer, so it is dead, or it was meant "
         "for a value that may be absent (`top of`, `best`, `the player with`).",
         _CARD + '\naction pick "Pick" {\n  choose b: card in pile\n  require b != nothing\n'
         '  effect {\n    score 1\n  }\n  source "Turn"\n}\n',
         cards='cards:\n  - name: farm\n    value: 1\n    copies: 3\n'),
    Code(END_SAME_CONDITION := "W0125", "two ends with the same condition",
         "Ends are tried in the order written. A later end with the same condition as an earlier "
         "`immediately` end never triggers: the earlier one has ended the game by then, and its "
         "winners rule decides. Give the later end the condition the rulebook states for it, or "
         "remove it.",
         'end rich "Rich" {\n  when any player coin >= 10\n  immediately\n  winner most coin\n'
         '  source "End of the game"\n}\n\nend rich_again "Rich again" {\n'
         '  when any player coin >= 10\n  immediately\n  nobody wins\n'
         '  source "End of the game"\n}\n'),
    Code(TABLE_ENUM_NOT_TOTAL := "W0112", "a table keyed by an enum that misses members",
         "The table's keys are members of an enum, some members have no row, and there is no "
         "`else`: reading one of them gives the zero of the value type, which is seldom what "
         "a printed table means. Give every member a row, or say `else V`.",
         'enum colour "Colour" {\n  red "Red"\n  blue "Blue"\n  source "Components"\n}\n\n'
         'table worth "Worth" {\n  red -> 2\n  source "Components"\n}\n\n'
         'action paint "Paint" {\n  choose c: colour\n  effect {\n    score worth[c]\n'
         '  }\n  source "Turn"\n}\n'),
    Code(LOOK_AT_VISIBLE := "W0113", "`look at` a zone the player already sees",
         "`look at ZONE { ... }` lets the acting player look through the cards of a zone that "
         "shows only its top card (`public top`), or that they do not see. This zone is public, "
         "or their own hidden zone: they see every card already, so `look at` changes nothing. "
         "Write the statements without it.",
         _CARD.replace('deck pile "Pile" of building {\n', 'zone row "Row" of building {\n  public\n'
                       '  source "Components"\n}\n\ndeck pile "Pile" of building {\n')
         + '\nmode looking "Looking" {\n  replace action earn "Earn" {\n    effect {\n'
         '      look at row {\n        score count row\n      }\n    }\n    source "Turn"\n  }\n}\n',
         cards='cards:\n  - name: farm\n    value: 1\n    copies: 3\n'),
    Code(SET_OUTSIDE_RANGE := "W0128", "a track set to a value outside its range",
         "`set TRACK = E` with E a number known before the game that lies outside the track's "
         "`range`: the marker stops at the end of the range, so the value written is never the "
         "value held. Write the value the track will hold, or widen the range.",
         'track morale "Morale" {\n  per player\n  range 1 to 6\n  start 3\n  source "Rules"\n}\n\n'
         'action cheer "Cheer" {\n  effect {\n    set morale = 9\n  }\n  source "Turn"\n}\n'),
    Code(CHOICE_UNUSED := "W0130", "a choice whose card is never used",
         "`choose r: card in Z` names the card it chooses for the statements after it, and "
         "skips them all when there is no card to choose. When none of them names it, write "
         "`choose 1 cards from Z into W` (the effect goes on when there is none) or use the "
         "card.",
         _CARD + '\nzone hand "Hand" of building {\n  per player\n  hidden\n  source "Components"\n}\n\n'
         'action pick "Pick" {\n  effect {\n    choose r: card in my hand\n    score 1\n  }\n'
         '  source "Turn"\n}\n',
         cards='cards:\n  - name: farm\n    value: 1\n    copies: 3\n'),
)
