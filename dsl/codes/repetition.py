"""Diagnostic codes E0800-E0814 and W0131-W0134: bounded repetition (``repeat``,
construct 13), loops whose rounds wait, and acting as another player (``as``,
construct 21).

One family of the registry :mod:`dsl.codes` (which joins the families and sorts them).
Append a new entry at the end, with a number from this range.
"""

from __future__ import annotations

from dsl.codes.entry import Code

#: This family's entries.
CODES: tuple[Code, ...] = (
    Code(REPEAT_TOO_MANY := "E0800", "`repeat` with a count above 1,000",
         "`repeat N { ... }` runs its block N times, and a constant N above 1,000 (the *Limits* "
         "of the language reference) is no rule a game has: a mistyped count, or a loop the "
         "engine would spend its time in. Lower the count, or say what ends it (`repeat up to N`, "
         "which asks before each round, or a condition inside).",
         'action drill "Drill" {\n  effect {\n    repeat 5000 {\n      gain coin 1\n    }\n  }\n'
         '  source "Turn"\n}\n'),
    Code(AS_ENDS_TURN := "E0801", "`done` or `again` inside `as`",
         "Inside `as PLAYER { ... }`, \"you\" is another player for a few statements; `done` and "
         "`again` would finish or extend *that* player's turn, which no rule of another player's "
         "turn does; so would a procedure run inside the block that says them (the `do` is "
         "reported). Move the statement after the block, where \"you\" is the acting player again.",
         'action help "Help" {\n  effect {\n    as first player {\n      gain coin 1\n      again\n'
         '    }\n  }\n  source "Turn"\n}\n'),
    Code(REPEAT_ONCE := "W0131", "`repeat 1`",
         "`repeat 1 { ... }` runs its block once, as the block's statements would without it. "
         "Write them without the `repeat` (or give the count the rule says).",
         'action drill "Drill" {\n  effect {\n    repeat 1 {\n      gain coin 1\n    }\n  }\n'
         '  source "Turn"\n}\n'),
    Code(AS_ME := "W0132", "`as me`",
         "`as me { ... }` makes \"you\" the player who already is \"you\": the block does what "
         "its statements do without it. Name the player the rule means (`as d.owner`), or drop "
         "the `as`.",
         'action help "Help" {\n  effect {\n    as me {\n      gain coin 1\n    }\n  }\n'
         '  source "Turn"\n}\n'),
    Code(REPEAT_NEVER := "W0133", "`repeat` whose count is never above 0",
         "The count of this `repeat` is a constant of 0 or less (written out, or a param that "
         "folds to it), so its block never runs. Give the count the rule says, or remove the "
         "block.",
         'action drill "Drill" {\n  effect {\n    repeat 0 {\n      gain coin 1\n    }\n  }\n'
         '  source "Turn"\n}\n'),
)
