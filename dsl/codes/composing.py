"""Diagnostic codes, E02xx: composing modes, modules and amendments.

One family of the registry :mod:`dsl.codes` (which joins the families and sorts them).
Append a new entry at the end, with a number from your range.
"""

from __future__ import annotations

from dsl.codes.entry import Code

#: This family's entries.
CODES: tuple[Code, ...] = (
    Code(NO_GAME_BLOCK := "E0201", "the spec has no `game` block",
         "Every spec starts with a `game` block naming the game and its player count. Add one.",
         'resource coin "Coin" {\n  source "Components"\n}\n', standalone=True),
    Code(DECLARED_TWICE := "E0202", "declared twice",
         "A spec has one `game`, one `setup`, one `flow` and one `default mode`. Merge the two "
         "declarations into one; modes change the setup or the flow with `replace`.",
         "setup {\n  first player random\n}\n"),
    Code(NO_SETUP_OR_FLOW := "E0203", "the spec has no `setup` or no `flow`",
         "The engine needs to know how the game is laid out (`setup`) and how its phases follow "
         "each other (`flow`). Add the missing block.",
         'game g "G" {\n  players 2 to 4\n}\n', standalone=True),
    Code(UNKNOWN_MODE := "E0204", "unknown mode or module",
         "An `extends`, `use`, `amend` or `default mode` names a mode or module that is not "
         "declared. Fix the name (the hint suggests the closest one) or declare it.",
         'mode solo "Solo" extends standrd {\n  players 1\n}\n'),
    Code(NAME_DECLARED_TWICE := "E0205", "a name is declared twice",
         "Two declarations, two choices, two enum members or two phase offers use the same name "
         "where names must be unique. Rename one of them; the note points at the other.",
         'resource coin "Another coin" {\n  source "Components"\n}\n'),
    Code(DEFINED_THROUGH_ITSELF := "E0206", "defined through itself",
         "A mode extends itself (through other modes), a module uses itself, a derived value is "
         "computed from itself or a procedure runs itself. Break the cycle: the message lists it "
         "in order.",
         'derived a "A" = b + 1 {\n  source "Scoring"\n}\n\n'
         'derived b "B" = a + 1 {\n  source "Scoring"\n}\n'),
    Code(SET_UNKNOWN_PARAM := "E0207", "`set` names an unknown param",
         "A mode's `set` changes a param declared with `param`; this one is not declared (in this "
         "mode). Fix the name or declare the param.",
         'mode short "Short" {\n  set targt = 3\n}\n'),
    Code(ADD_EXISTING_RULE := "E0208", "`add` of an existing rule",
         "`add` introduces a new rule; the name is already a rule here (the note shows it). Use "
         "`replace` to change an existing rule, or pick a new name. A mode also cannot `add` a "
         "second `setup` or `flow`: `replace` them.",
         'mode more "More" {\n  add action earn "Earn more" {\n    effect {\n      score 2\n    }\n'
         '    source "Turn"\n  }\n}\n'),
    Code(MISSING_RULE := "E0209", "`replace` or `remove` of a missing rule",
         "`replace` and `remove` change a rule the mode already has; this name is not one of them "
         "(misspelled, or removed earlier). Fix the name, or use `add` for a new rule.",
         "mode lean \"Lean\" {\n  remove action ern\n}\n"),
    Code(MODE_CANNOT_CHANGE := "E0210", "a mode cannot add or replace this",
         "Modes add, replace or remove rules (actions, phases, tallies, triggers, params, tracks, "
         "zones, ends...), not the game itself, another mode or an amendment. Move the declaration "
         "out of the mode.",
         'mode other "Other" {\n  add mode inner "Inner" {\n  }\n}\n'),
)
