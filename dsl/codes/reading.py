"""Diagnostic codes, E00xx: reading the spec.

One family of the registry :mod:`dsl.codes` (which joins the families and sorts them).
Append a new entry at the end, with a number from your range.
"""

from __future__ import annotations

from dsl.codes.entry import Code

#: This family's entries.
CODES: tuple[Code, ...] = (
    Code(SYNTAX_ERROR := "E0001", "syntax error",
         "The text does not follow the grammar of the language. The message names what the "
         "parser expected at that point, in words (\"expected a phase name\"); the caret is under "
         "the first thing it could not read. A misspelled keyword gets a did-you-mean hint; a spec "
         "that ends too early usually misses a closing `}`.",
         'acton bonus "Bonus" {\n  source "Turn"\n}\n'),
    Code(INTERNAL_PARSE_ERROR := "E0002", "internal error while reading the spec",
         "The parser accepted the text but turning it into a syntax tree failed. This is a bug in "
         "rulebook, not in the spec: please report the spec that caused it. Until it is fixed, "
         "rewording the construct named in the message usually avoids it.",
         "(no spec should produce it)", runnable=False),
    Code(NESTS_TOO_DEEPLY := "E0003", "the spec nests too deeply",
         "An expression or block is nested too deeply to read or to compile: blocks (`if`, "
         "`for each`, `each player`, `ask`) more than 16 inside one another, or an expression more "
         "than 40 levels deep (parentheses, `not`, counts of counts; each `//` of a chain counts a "
         "level). Split it: name parts with `let` or a `derived` value, or move an inner block into "
         "a procedure.",
         'derived deep "Deep" = ' + "not " * 41 + 'true {\n  source "Turn"\n}\n'),
    Code(NOT_UTF8 := "E0004", "the spec is not UTF-8 text",
         "Specs are read as UTF-8. The message gives the first byte that is not valid UTF-8 and the "
         "line it is on. Save the file as UTF-8 (most editors have an encoding option).",
         "a spec saved as Latin-1, with `é` as the single byte 0xE9", runnable=False),
    Code(CANNOT_READ_SPEC := "E0005", "cannot read the spec",
         "The spec file cannot be opened: it does not exist, is a folder, is not readable, is a "
         "link that leads nowhere (or back to itself), or is not an ordinary file (a device such "
         "as `/dev/zero` or a pipe, which the compiler does not read). Give the path of a "
         "`.rules` file.",
         "rulebook check specs/missing.rules", runnable=False),
    Code(TEXT_CHARACTER := "E0006", "a text holds a character it cannot",
         "A quoted text (a title, a `source`, a label, a catalogue path...) is one line of readable "
         "characters. It cannot hold control characters (a tab, a carriage return, NUL, ESC...), "
         "the line and paragraph separators U+2028 and U+2029, a lone surrogate or the "
         "bidirectional controls that display text in another order than it reads (U+202A to "
         "U+202E, U+2066 to U+2069): titles end up in engines, pages and terminals, where such "
         "characters break lines or hide text. The caret is under the character; remove it or "
         "use a space.",
         'resource gem "Gem\tStone" {\n  source "Components"\n}\n'),
    Code(UNKNOWN_ESCAPE := "E0007", "unknown escape in a text",
         "Inside a quoted text, `\\\"` stands for a double quote and `\\\\` for a backslash; no "
         "other backslash escape exists (`\\n`, `\\t`, `\\u00e9` are not escapes: a text is one "
         "line, and any character can be typed as it is). To write a backslash, double it: "
         "`\"C:\\\\rules\"`.",
         'resource gem "Gem" {\n  source "Components \\u00a7 2"\n}\n'),
    Code(RESERVED_NAME := "E0008", "a name the engine reserves",
         "Names that begin with `_` belong to the generated engine and its package (`_runtime`, "
         "`__init__`), so no name in a spec, nor a card's name in a catalogue, may begin with `_`. "
         "A game's name also names its "
         "engine module (`from generated import NAME`), so it cannot be a Python keyword "
         "(`class`, `import`...) or a Python built-in name (`list`, `print`...), which importing "
         "the engine would hide. Rename it.",
         'param _limit "Limit" = 3 {\n  source "Turn"\n}\n'),
    Code(CANNOT_WRITE := "E0009", "cannot write the engine or the page",
         "`rulebook build` could not write a generated file (the folder is read-only, the disk "
         "is full...). Nothing was half-written: the previous engine and page are still there. "
         "The message gives the file and the reason.",
         "rulebook build with generated/ read-only", runnable=False),
    Code(SAME_GAME_TWICE := "E0010", "two specs build the same game",
         "A game's name names its engine (`generated/NAME.py`) and its page "
         "(`docs/games/NAME.md`), so two specs of one project cannot name the same game: the "
         "second would overwrite the first's engine and page. `rulebook build` and `rulebook "
         "watch` build the first spec (in file-name order) and refuse the other, whose previous "
         "output is left in place; `rulebook check` reports it too. Rename one of the games.",
         "specs/copy.rules, a copy of specs/utopolis.rules, both with `game utopolis`",
         runnable=False),
    Code(BLANK_TEXT := "E0011", "a title or citation is blank",
         "A title, an enum member's or a field's description, a tie-breaker's or an option's "
         "label, a `source`, `ruling` or `provisional` note, the `rulebook` and an amendment's "
         "citation are what the reference page and the players read: each must say something, "
         "not be empty or only spaces. A card's `title` and `source` in a catalogue likewise. "
         "Write the words the rulebook prints, or leave an optional text out.",
         'param bonus " " = 3 {\n  source "Scoring"\n}\n'),
)
