"""Diagnostic codes, E057x: how the game ends.

One family of the registry :mod:`dsl.codes` (which joins the families and sorts them).
Append a new entry at the end, with a number from your range.
"""

from __future__ import annotations

from dsl.codes.entry import Code

#: This family's entries.
CODES: tuple[Code, ...] = (
    Code(SECOND_END := "E0570", "a second `end` block would never be played",
         "The engine plays one `end` block: the first in force in the mode (its condition, when "
         "the game stops and who wins). A later one would be shown on the reference page but never "
         "end a game. Join the conditions in the first block (`when A or B`), or remove the extra "
         "block. Several endings, each with its own winners, come with the language's issue 11 "
         "(construct 19). A note points at the block the engine plays.",
         'end early_finish {\n  when any player coin >= 3\n  immediately\n  winner most coin\n'
         '  source "End of the game"\n}\n'),
)
