"""Diagnostic codes E0860-E0869 and W0155-W0157: values chosen in the middle of an
effect (``choose k: knowledge``, ``choose n: 1 to 3``, ``choose q: other player``,
``choose x: 2 of water, gold``; issue 11 design, construct 2).

One family of the registry :mod:`dsl.codes` (which joins the families and sorts them).
Append a new entry at the end, with a number from this range.
"""

from __future__ import annotations

from dsl.codes.entry import Code

#: This family's entries.
CODES: tuple[Code, ...] = (
    Code(VALUE_CHOICE_EMPTY := "E0860", "a choice in an effect that has no option",
         "The options of this choice are known when the spec is read, and there are none (a "
         "range whose first number is above its last, `choose n: 1 to 0`, or a bag range "
         "`3 to 2 of ...`). A choice with no option is never asked and skips the statements "
         "that wait for it, so they would never run. Write the smaller number first, or the "
         "numbers the rule says.",
         'action pick "Pick" {\n  effect {\n    choose n: 1 to 0\n    gain coin n\n  }\n'
         '  source "Turn"\n}\n'),
    Code(VALUE_CHOICE_DOMAIN := "E0861", "a set of cards chosen in the middle of an effect",
         "In an effect, `choose NAME:` may choose a card (`card in ZONE`), a member of an enum, "
         "a number (`1 to 3`), a player (`player`, `other player`) or a bag (`2 of water, "
         "gold`). A set of cards (`some KIND`) is an action's choice only: every set would be "
         "one option of the question, which grows too fast with the cards. Choose the cards "
         "one at a time (`choose up to N cards from ZONE into ZONE`), or make the set an "
         "action's choice.",
         'card worker "Worker" {\n  field power: int "power"\n  source "Cards"\n}\n'
         'action pick "Pick" {\n  effect {\n    choose w: some worker\n    gain coin 1\n  }\n'
         '  source "Turn"\n}\n'),
    Code(VALUE_CHOICE_NEVER := "W0156", "a choice in an effect that never has an option",
         "Whatever the state of the game, this choice has nothing to offer in this mode: its "
         "`where` is always false, or it chooses another player in a mode of one player (an "
         "automaton is no player to choose; in an automaton's own rules, its turns and `each "
         "KIND`, another player is another seat than it, the human one, and no warning is "
         "given). It is never asked, and the statements that wait "
         "for it never run. Fix the condition, or leave the choice out of that mode.",
         'enum colour "colour" {\n  red "Red"\n  blue "Blue"\n}\n'
         'action pick "Pick" {\n  effect {\n    choose k: colour where false\n    score 1\n  }\n'
         '  source "Turn"\n}\n'),
    Code(VALUE_CHOICE_UNUSED := "W0155", "a value chosen in an effect that is never used",
         "No statement that waits for this choice reads the value chosen: the question is "
         "asked for nothing (and, written without a block, a choice with no option skips "
         "the statements after it). Use the value (`gain disc[k] 1`), or remove the choice.",
         'action pick "Pick" {\n  effect {\n    choose n: 1 to 3\n    gain coin 1\n  }\n'
         '  source "Turn"\n}\n'),
)
