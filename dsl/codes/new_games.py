"""Diagnostic codes E0870-E0874 and W0161-W0163: checks found by writing new games (the
fresh user's defects of session 8: an automaton that plays on without end, card types
that give one field two types).

One family of the registry :mod:`dsl.codes` (which joins the families and sorts them).
Append a new entry at the end, with a number from this range.
"""

from __future__ import annotations

from dsl.codes.entry import Code

_TURNS = 'phase duel "Duel" turns {\n  actions earn\n  source "Turn"\n}\n\n'
_SOLO = 'mode solo "Solo" {\n  players 1\n  seats bot 1\n  source "Solo rules"\n}\n'

#: This family's entries.
CODES: tuple[Code, ...] = (
    Code(AGAIN_ALWAYS := "W0161", "an automaton's turn that always plays again",
         "`again` in an automaton's turn gives its seat another turn at once. With no `if` "
         "and no question (`ask`) before it, every turn asks for another: the engine stops "
         "the seat after 100 turns in a row and goes on, so the rule plays 100 turns "
         "without saying so. Put the `again` under the condition the rulebook gives (`if "
         "... { again }`), or remove it.",
         'automaton bot "Rival" {\n  turn in duel {\n    score 1\n    again\n  }\n'
         '  source "Solo rules"\n}\n\n' + _TURNS + _SOLO),
    Code(FIELD_TWO_TYPES := "E0870", "a field name with two types",
         "Two card types declare a field of the same name with different types (a `bag` "
         "`workers` in one, an `int` `workers` in the other). The engine reads fields by "
         "name and treats a name the same way for every card (such an engine failed on "
         "import), so one field name has one type in a spec. Rename one of the fields, or "
         "give both the same type.",
         'card building "Building" {\n  field workers: bag "workers it needs"\n'
         '  source "Components"\n}\n'
         'card crew "Crew" {\n  field workers: int "workers on it"\n  source "Components"\n}\n'),
)
