"""Diagnostic codes, E07xx: can the rules be played.

One family of the registry :mod:`dsl.codes` (which joins the families and sorts them).
Append a new entry at the end, with a number from your range.
"""

from __future__ import annotations

from dsl.code_examples import CARDS_MODE as _CARD
from dsl.codes.entry import Code

#: This family's entries.
CODES: tuple[Code, ...] = (
    Code(SETUP_IMPOSSIBLE := "E0701", 'setup cannot be done for some player counts',
         'Setup is run on card counts for every mode and every allowed player count (catalogue '
         'copies, pieces, draws, refills): a zone that runs out means the physical game cannot be '
         'set up that way. The error points at the `players` line in force and names the failing '
         'counts; notes point at the step that runs out and at the zone. Narrow the player counts, '
         'or add cards.',
         _CARD + '\n'
         + 'zone hand "Hand" of building {\n  per player\n  hidden\n  source "Components"\n}\n\n'
         'mode dealt "Dealt" {\n  replace setup {\n    put buildings into pile\n    each player {\n'
         '      draw 2 from pile into my hand\n    }\n  }\n}\n',
         cards='cards:\n  - name: farm\n    value: 1\n    copies: 3\n'),
    Code(COST_NEVER_PAYABLE := "E0702", 'a cost nobody can ever pay',
         'A `pay` or `has` costs a resource that no `gain` anywhere (rules, setup, start values, a '
         "card's bag field) ever gives, so the action can never be taken. Give the resource "
         'somewhere, as the rulebook says, or cost something players get. `transfer` and `release` '
         'move what exists and do not count as sources.',
         'resource gold "Gold" {\n  source "Components"\n}\n\nmode dear "Dear" {\n'
         '  replace action earn "Earn" {\n    effect {\n      pay gold 1\n      score 1\n    }\n'
         '    source "Turn"\n  }\n}\n'),
)
