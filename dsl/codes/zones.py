"""Diagnostic codes, E055x-E056x: overflow and roll-offs.

One family of the registry :mod:`dsl.codes` (which joins the families and sorts them).
Append a new entry at the end, with a number from your range.
"""

from __future__ import annotations

from dsl.codes.entry import Code

#: This family's entries.
CODES: tuple[Code, ...] = (
    Code(OVERFLOW_WITHOUT_LIMIT := "E0550", "`overflow` on a zone without a limit",
         "`overflow discard into ZONE` says what a zone's owner may do when a card would enter "
         "it while it is full, and a zone without `limit` is never full. Give the zone a "
         "`limit`, or remove the `overflow` line.",
         'card token "Token" {\n  source "Components"\n}\n\n'
         'deck spent "Spent" of token {\n  source "Components"\n}\n\n'
         'zone stash "Stash" of token {\n  per player\n  overflow discard into spent\n'
         '  source "Components"\n}\n'),
    Code(OVERFLOW_WITHOUT_OWNER := "E0551", "`overflow` on a zone nobody owns",
         "When a zone with `overflow` is full, its owner chooses the cards to discard. A shared "
         "zone (or a zone of each card) has no owner to ask, so `overflow` is for zones kept "
         "`per player`, such as a hand.",
         'card token "Token" {\n  source "Components"\n}\n\n'
         'deck spent "Spent" of token {\n  source "Components"\n}\n\n'
         'zone row "Row" of token {\n  limit 3\n  overflow discard into spent\n'
         '  source "Components"\n}\n'),
    Code(OVERFLOW_DESTINATION := "E0552", "cards discarded to make room cannot go there",
         "The zone named after `overflow discard into` receives the cards a player discards to "
         "make room, so it must hold the same type of cards as the full zone, and be another "
         "zone. Name a discard pile of those cards.",
         'card token "Token" {\n  source "Components"\n}\n\n'
         'zone stash "Stash" of token {\n  per player\n  limit 3\n'
         '  overflow discard into my stash\n  source "Components"\n}\n'),
    Code(TIE_BREAKER_AFTER_ROLL_OFF := "E0560", "a tie-breaker comes after a roll-off",
         "A `roll_off` tie-breaker has the tied players roll dice, and roll again while still "
         "tied, so it always breaks the tie: a tie-breaker written after it would never apply. "
         "Make the roll-off the last tie-breaker, or move the other one before it.",
         'mode lucky "Lucky" {\n  replace end game_over {\n    when any player vp >= 5\n'
         '    finish round\n    winner most vp\n    tie_breaker "roll-off" roll_off most sides 6\n'
         '    tie_breaker "more coins" most coin\n    source "End of the game"\n  }\n}\n'),
)
