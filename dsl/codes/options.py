"""Diagnostic codes, E0335–E0339, E0850–E0859 and W0152–W0154: modules and options chosen
when a game is created (issue 11, construct 15): the ``modules`` and ``options`` lines of
the game and of modes, ``option`` declarations, and the combinations they allow.

One family of the registry :mod:`dsl.codes` (which joins the families and sorts them).
Append a new entry at the end, with a number from this range.
"""

from __future__ import annotations

from dsl.code_examples import MINIMAL_SPEC
from dsl.codes.entry import Code


def _with_game_lines(lines: str, rest: str) -> str:
    """The small clean spec with ``lines`` added to its game block, then ``rest``."""
    return MINIMAL_SPEC.replace("  players 2 to 4\n", "  players 2 to 4\n" + lines, 1) + "\n" + rest


_MODULE_A = 'module a "A" {\n  extend action earn {\n    effect {\n      score 1\n    }\n  }\n}\n'
_FLAG = 'option short "Short game" {\n  true or false\n  default false\n}\n'

#: This family's entries.
CODES: tuple[Code, ...] = (
    Code(SELECT_UNKNOWN_MODULE := "E0335", "`modules` names an unknown module",
         "The `modules` line of the game (or of a mode) lists the modules a game may be "
         "created with (`Game(..., modules=(\"a\",))`). Each name must be a `module` of the "
         "spec: fix the name (the hint suggests the closest one), or declare the module.",
         _with_game_lines("  modules b\n", _MODULE_A), standalone=True),
    Code(SELECT_UNKNOWN_OPTION := "E0336", "`options` names an unknown option",
         "The `options` line of the game (or of a mode) lists the options a game is created "
         "with (`Game(..., options={\"short\": True})`). Each name must be an `option` of the "
         "spec: fix the name, or declare it with `option NAME \"Title\" { ... }`.",
         _with_game_lines("  options shrot\n", _FLAG), standalone=True),
    Code(MODULE_PLAYERS_EMPTY := "E0337", "a selectable module allows none of the mode's player counts",
         "A `players` line in a selectable module narrows the player counts of a game that "
         "selects it (Utopia's Custom Setup Variant is for 1 to 4 players). When it and the "
         "mode's counts do not meet, the module can never be selected in that mode: fix one of "
         "the two lines, or leave the module out of the mode's `modules`.",
         _with_game_lines("  modules a\n", 'module a "A" {\n  players 5 to 6\n}\n'), standalone=True),
    Code(SELECT_LINE_MISPLACED := "E0338", "`modules` or `options` outside the game and its modes",
         "Only the game block and modes say which modules and options a game is created with. "
         "In a module, an amendment or a `combine` block the line would be ignored: move it to "
         "the game block or to a mode.",
         'module b "B" {\n  modules b\n}\n\nmode m "M" {\n  use b\n}\n'),
    Code(SELECTED_AND_USED := "E0339", "a mode both `use`s a module and lets it be selected",
         "A module the mode `use`s is always played in that mode, so selecting it at creation "
         "would do nothing. Drop the `use` line to make it a choice, or drop the module from "
         "the `modules` line.",
         _with_game_lines("  modules a\n", _MODULE_A + '\nmode m "M" {\n  use a\n}\n'),
         standalone=True),
    Code(OPTION_VALUES := "E0850", "an option has no values, or values that cannot be",
         "An option says what it may be set to, in one line: `one of ENUM` (the enum's "
         "members), `one of CATALOGUE` (its entries, by name), `LOW to HIGH` (numbers, LOW at "
         "most HIGH) or `true or false`. Write one such line, naming an enum or catalogue of "
         "the spec.",
         _with_game_lines("  options rounds\n", 'option rounds "Rounds" {\n  9 to 5\n  default 7\n}\n'),
         standalone=True),
    Code(OPTION_DEFAULT := "E0851", "an option's default is not one of its values",
         "`default V` is the value a game gets when it is created without the option; it must be "
         "one of the option's values (a member of its enum, a number in its range, true or "
         "false). Write `default random` to draw it from the game's seed.",
         _with_game_lines("  options rounds\n", 'option rounds "Rounds" {\n  5 to 9\n  default 12\n}\n'),
         standalone=True),
    Code(OPTION_NO_DEFAULT := "E0852", "an option has no default",
         "A game created without naming the option still needs its value: write `default V` "
         "(one of its values) or `default random` (drawn from the game's seed before the setup).",
         _with_game_lines("  options short\n", 'option short "Short game" {\n  true or false\n}\n'),
         standalone=True),
    Code(TOO_MANY_COMBINATIONS := "E0853", "a mode allows too many combinations of modules",
         "The checker composes and checks every set of selectable modules a mode allows, and "
         "the engine holds the rules of each: more than 64 sets (seven modules that all combine) "
         "are more than it takes. Group modules that always go together into one, or say with "
         "`needs`/`excludes` which sets cannot be played.",
         _with_game_lines("  modules " + ", ".join(f"m{i}" for i in range(7)) + "\n",
                          "\n".join(f'module m{i} "M{i}" {{\n}}\n' for i in range(7))), standalone=True),
    Code(OPTION_RANGE_TOO_LONG := "E0854", "an option's range holds too many numbers",
         "An option's `LOW to HIGH` holds at most 1,000 numbers: the engine lists them for "
         "whoever creates a game and draws `default random` among them. A wider choice is "
         "no option a rulebook offers at the table: narrow the range.",
         _with_game_lines("  options rounds\n", 'option rounds "Rounds" {\n  0 to 1000000\n  default 7\n}\n'),
         standalone=True),
    Code(OPTION_NEVER_OFFERED := "W0152", "an option is offered by neither the game nor any mode",
         "An option is chosen at creation only in the modes whose `options` line (or the "
         "game's) lists it; this one is listed nowhere, so no game can set it and no rule can "
         "read it. Add it to an `options` line, or remove it.",
         _FLAG),
)
