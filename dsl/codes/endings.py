"""Diagnostic codes, E057x: how the game ends.

One family of the registry :mod:`dsl.codes` (which joins the families and sorts them).
Append a new entry at the end, with a number from your range.
"""

from __future__ import annotations

from dsl.codes.entry import Code

#: This family's entries.
CODES: tuple[Code, ...] = (
    Code(SECOND_END := "E0570", "a second `end` block would never be played",
         "Retired: a mode may now have several `end` blocks, tried in the order written, each "
         "with its own winners (see *End of the game* in the language reference). Until then the "
         "engine played only the first `end` block in force, so every later one was an error "
         "here. The code stays registered and is never reused.",
         "a second block `end second_way { when any player vp >= 3  immediately }` after "
         "`end game_over`, before several endings were part of the language",
         runnable=False, retired=True),
)
