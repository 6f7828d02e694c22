"""The registry of diagnostic codes: the one place every code is declared.

Each :class:`Code` has a short title, a paragraph saying when it fires and how
to fix it, and a small example spec that triggers it.  ``rulebook explain CODE``
prints an entry; ``docs/errors.md`` lists them all; :class:`dsl.diagnostics.Diagnostic`
refuses a code that is not here.  Codes are stable: never renumber or reuse one.

To add a code, append one ``Code(NAME := "E....", ...)`` to :data:`REGISTRY` (kept
sorted): errors are ``E`` + 4 digits, warnings ``W`` + 4 digits; ``NAME`` (taken from
the title) is the constant the compiler names the code by (``codes.WRONG_TYPE``): the
number is written here and nowhere else.  An example is added to :data:`MINIMAL_SPEC`
(a small clean spec) unless ``standalone`` is true; ``cards`` is written beside it as
``example.cards.yaml``.  The test suite compiles every example and checks that it
produces its code.  The spec the examples extend, and the card type, deck and catalogue
several of them use, are in :mod:`dsl.code_examples`.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from dsl.code_examples import CARDS_MODE as _CARD
from dsl.code_examples import MINIMAL_SPEC

__all__ = ["MINIMAL_SPEC", "Code", "REGISTRY", "GROUPS", "group_of", "CODES", "lookup"]


@dataclass(frozen=True)
class Code:
    """One diagnostic code.

    ``code``: ``E0001``...; ``severity``: ``error`` for ``E`` codes, ``warning``
    for ``W`` codes.  ``title``: a few words.  ``explanation``: when it fires
    and how to fix it (Markdown).  ``example``: spec text that triggers it,
    appended to :data:`MINIMAL_SPEC` unless ``standalone``; ``cards``: YAML of
    ``example.cards.yaml`` beside it; ``example`` is prose, not spec text, when
    ``runnable`` is false (the code cannot come from spec text alone).
    """

    code: str
    title: str
    explanation: str
    example: str
    standalone: bool = False
    cards: str | None = None
    runnable: bool = True

    @property
    def severity(self) -> str:
        return "warning" if self.code.startswith("W") else "error"

    def example_spec(self) -> str:
        """The whole spec the example stands for (the minimal spec plus the snippet)."""
        return self.example if self.standalone else MINIMAL_SPEC + "\n" + self.example

    def render(self) -> str:
        """The entry as ``rulebook explain`` prints it: plain text, example included."""
        lines = [f"{self.code}: {self.title} ({self.severity})", "",
                 textwrap.fill(self.explanation.strip(), width=88), ""]
        if not self.runnable:
            lines += ["Example:", "", *("    " + x for x in self.example.strip().splitlines())]
        else:
            where = "a whole spec" if self.standalone else "added to a small clean spec"
            lines += [f"Example ({where}):", ""]
            lines += ["    " + x if x else "" for x in self.example.rstrip().splitlines()]
            if self.cards:
                lines += ["", "with example.cards.yaml:", ""]
                lines += ["    " + x if x else "" for x in self.cards.rstrip().splitlines()]
        return "\n".join(lines) + "\n"


REGISTRY: tuple[Code, ...] = (
    # ------------------------------------------------------------ E00xx: reading the spec
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
         "`__init__`), so no name in a spec may begin with `_`. A game's name also names its "
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
         "output is left in place. Rename one of the games.",
         "specs/copy.rules, a copy of specs/utopolis.rules, both with `game utopolis`",
         runnable=False),
    # ------------------------------------------------------------ E02xx: composing the spec
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
    # ------------------------------------------------------------ E03xx: card catalogues
    Code(CATALOGUE_UNKNOWN_CARD_TYPE := "E0301", "catalogue of an unknown card type",
         "`catalogue NAME of TYPE` names the card type of its entries; TYPE is not declared with "
         "`card`. Fix the name or declare the card type.",
         'catalogue extras of buildng from "example.cards.yaml" {\n  source "Components"\n}\n',
         cards="cards: []\n"),
    Code(CANNOT_READ_CATALOGUE := "E0302", "cannot read a catalogue file",
         "The YAML file named by a `catalogue` cannot be read. The path is relative to the spec's "
         "folder; check it, or create the file.",
         _CARD.replace("example.cards.yaml", "missing.cards.yaml")),
    Code(CATALOGUE_NOT_YAML := "E0303", "a catalogue is not valid YAML",
         "The catalogue file is not YAML, or uses tags (`!!python/...`) instead of plain data. The "
         "caret shows where the YAML parser stopped. Use plain values: numbers, true/false, texts, "
         "lists and mappings.",
         _CARD, cards="cards:\n  - name: farm\n    value: [1, 2\n"),
    Code(CATALOGUE_SHAPE := "E0304", "a catalogue has the wrong shape",
         "A catalogue file holds `NAME:` (or `cards:`), a list of cards, each a mapping of "
         "`field: value`. Put the cards in that list.",
         _CARD, cards="cards:\n  farm: 1\n"),
    Code(CARD_NAME := "E0305", "a card has no valid name",
         "Each card needs `name: lower_case_with_underscores`: specs and game logs refer to cards "
         "by it. Put the printed name in `title`.",
         _CARD, cards="cards:\n  - name: Big Farm\n    value: 1\n"),
    Code(LISTED_TWICE := "E0306", "a card or a card field is listed twice",
         "Two cards of a catalogue have the same name, or one card gives a field twice. Keep one "
         "(use `copies` for several identical cards).",
         _CARD, cards="cards:\n  - name: farm\n    value: 1\n  - name: farm\n    value: 2\n"),
    Code(UNDECLARED_CARD_FIELD := "E0307", "a card has a field its card type does not declare",
         "Every key of a card entry (besides name, title, copies and the provenance keys) must be "
         "a field of the card type. Fix the key (the hint suggests the closest field) or declare "
         "the field in the `card` block.",
         _CARD, cards="cards:\n  - name: farm\n    value: 1\n    valu: 2\n"),
    Code(CARD_FIELD_TYPE := "E0308", "a card field has a value of the wrong type",
         "The value does not fit the field's type: an `int` needs a whole number, a `bool` "
         "true/false, a `bag` a mapping of resources to amounts, an enum field one of its "
         "members. `copies` must be a whole number of at least 1. The note shows the field.",
         _CARD, cards="cards:\n  - name: farm\n    value: two\n"),
    Code(CARD_FIELD_MISSING := "E0309", "a card lacks a field that has no default",
         "The card gives no value for a field declared without a default. Give the card the "
         "field, or give the field a default in the `card` block (`field value: int = 0`).",
         _CARD, cards="cards:\n  - name: farm\n"),
    Code(CARD_PROVENANCE := "E0310", "bad card provenance",
         "`provenance` is `rulebook` (printed in the rulebook) or `provisional` (invented so the "
         "game can be played); `provisional_fields` lists fields of the card type (or `copies`, "
         "`title`) whose values are guesses.",
         _CARD, cards="cards:\n  - name: farm\n    value: 1\n    provenance: guessed\n"),
    Code(CATALOGUE_OUTSIDE_FOLDER := "E0311", "a catalogue path leaves the spec's folder",
         "A catalogue file is named relative to the spec's folder and must be inside it (or in "
         "a folder below it): an absolute path (`/data/cards.yaml`, `C:\\cards.yaml`), a path "
         "that climbs out with `..`, or a link that points outside, is refused, so a spec "
         "cannot make the compiler read any file on the machine. Move the catalogue beside the "
         "spec.",
         _CARD.replace("example.cards.yaml", "../example.cards.yaml"), cards="cards: []\n"),
    Code(CATALOGUE_NOT_A_FILE := "E0312", "a catalogue path is not a file",
         "A catalogue path names a folder, a device or a pipe, not an ordinary file. Name the "
         "`.cards.yaml` file itself.",
         _CARD.replace("example.cards.yaml", "."), cards="cards: []\n"),
    Code(CARD_TEXT_NOT_TEXT := "E0313", "a card's title or text is not a text",
         "A card's `title` (and its `source` and `note`) is a text, but YAML read this one as "
         "something else: a date (`2024-05-01`), a number (`12`, `.nan`), true/false (`yes`, "
         "`no`, `on`) or a list. Put it in quotes: `title: \"2024-05-01\"`.",
         _CARD, cards="cards:\n  - name: farm\n    title: 2024-05-01\n    value: 1\n"),
    Code(CATALOGUE_TEXT_CHARACTER := "E0314", "a catalogue text holds a character it cannot",
         "Texts in a catalogue follow the rule of texts in a spec (see E0006): one line of "
         "readable characters, without control characters (a tab, a line break written "
         "`\\n` in a quoted YAML text...), line separators, lone surrogates or bidirectional "
         "controls. Remove the character or use a space.",
         _CARD, cards='cards:\n  - name: farm\n    title: "Farm\\tHouse"\n    value: 1\n'),
    Code(YAML_ANCHOR_OR_ALIAS := "E0320", "a catalogue uses YAML anchors or aliases",
         "Catalogues are plain YAML: a YAML anchor (`&name`) and alias (`*name`), or a merge key "
         "(`<<: *name`), are refused, because a few lines of aliases can stand for billions of "
         "values once expanded. Write each card and value out in full.",
         _CARD, cards="cards:\n  - name: farm\n    value: &cheap 1\n  - name: mill\n"
         "    value: *cheap\n"),
    Code(CATALOGUE_TOO_LARGE := "E0321", "a catalogue is too large or nests too deeply",
         "A catalogue file holds at most 500,000 characters, its lists and mappings nest at most "
         "20 deep, and the catalogues of a spec hold at most 10,000 cards, copies included. A "
         "game's box holds far fewer: look for text pasted or generated by mistake. The limits are "
         "in `compiler/analysis/limits.py`.",
         _CARD, cards="cards:\n  - name: farm\n    value: 1\n    note: " + "[" * 21 + "1"
         + "]" * 21 + "\n"),
    # ------------------------------------------------------------ E04xx: phases and flow
    Code(UNKNOWN_PHASE := "E0401", "the flow names an unknown phase",
         "A transition or `round starts at` names a phase that is not declared (in this mode), a "
         "transition leads back to `start`, or one leaves `end`. Fix the name (the hint suggests "
         "the closest phase) or declare the phase.",
         'mode typo "Typo" {\n  replace flow {\n    start -> wrok\n    work -> work\n'
         '    work -> end when game_over\n  }\n}\n'),
    Code(UNREACHABLE_PHASE := "E0402", "a phase can never be reached",
         "No chain of transitions from `start` leads to this phase, so it is never played. Add a "
         "transition into it in `flow`, or remove the phase.",
         'phase rest "Rest" automatic {\n  source "Turn"\n}\n'),
    Code(NO_WAY_TO_END := "E0403", "no way to the end of the game",
         "From `start`, or from some phase, no chain of transitions reaches `end`, so the game "
         "could never finish. Add a transition to `end` (usually `... -> end when game_over`). A "
         "transition `when false` is never taken: a note points at it.",
         'mode endless "Endless" {\n  replace flow {\n    start -> work\n    work -> work\n'
         '    work -> end when false\n  }\n}\n'),
    Code(LOOP_WITHOUT_EXIT := "E0404", "a loop of phases has no exit",
         "Some phases lead only to each other, so once the game enters them it never ends. Add a "
         "transition out of the loop, e.g. `... -> end when game_over`. The notes point at the "
         "loop's transitions.",
         'mode endless "Endless" {\n  replace flow {\n    start -> work\n    work -> work\n  }\n}\n'),
    Code(TWO_DEFAULT_TRANSITIONS := "E0405", "two default transitions out of a phase",
         "A phase has more than one transition without a condition, so the next phase is "
         "ambiguous. Add `when ...` to all but one: the one without a condition is the default.",
         'mode twice "Twice" {\n  replace flow {\n    start -> work\n    work -> work\n'
         '    work -> end\n  }\n}\n'),
    Code(NO_DEFAULT_TRANSITION := "E0406", "no default transition out of a phase",
         "Every transition out of this phase has a condition, so the game gets stuck when none "
         "holds. Make one transition unconditional: it is taken when no other one applies. The "
         "usual case is a phase whose only way out is `play -> end when game_over`: while the game "
         "goes on, the flow has nowhere to go. Add `play -> play` to play the phase again (the "
         "game still ends when `game_over` holds), or, if the `end` block says `immediately` (its "
         "condition is checked after every action, so the turns go on until it holds), write "
         "`play -> end` without `when`. Two transitions with opposite conditions "
         "(`when not game_over`, `when game_over`) also lack a default: drop one `when`.",
         'mode stuck "Stuck" {\n  replace flow {\n    start -> work\n'
         '    work -> end when game_over\n  }\n}\n'),
    Code(PHASE_NEVER_FINISHES := "E0407", "players can never finish a phase",
         "A `simultaneous` (or `turns`) phase waits until every player is done, but none of the "
         "actions it offers says `done`. Offer an action whose effect says `done` (a pass), or, "
         "for a `turns` phase, end the game `immediately` when it is won.",
         'phase rush "Rush" simultaneous {\n  actions earn\n  source "Turn"\n}\n'),
    Code(PHASE_KIND_FORBIDS := "E0408", "the phase kind does not allow this",
         "An `automatic` phase offers no actions (it only runs its `on enter` and `on exit` "
         "effects), and only a `turns` phase has `on turn`. Change the phase's kind, or move the "
         "actions or effects.",
         'phase tidy "Tidy" automatic {\n  actions earn\n  source "Turn"\n}\n'),
    Code(END_NEVER_HOLDS := "E0409", 'an end condition can never hold',
         'The condition of an `end` block is false for every allowed player count (or for the '
         'counts named), after the params of the mode are put in: the game can never end this way, '
         'and the transitions that wait for it are dead. Fix the condition, or the player counts '
         'it compares with. Notes point at the transitions that wait for it.',
         'mode crowded "Crowded" {\n  replace end game_over {\n    when players > 9\n    finish round\n'
         '    winner most vp\n    source "End of the game"\n  }\n}\n'),
    Code(LOOP_ALL_SKIPPED := "E0410", "every phase of a loop is skipped",
         "For some allowed player count every phase of a loop of the flow has an `only when` that is "
         "false, so the game would go round the loop for ever with nobody playing. Fix the `only when` "
         "conditions, or the player counts. Notes point at each `only when`.",
         MINIMAL_SPEC.replace('phase work "Work" simultaneous {\n',
                              'phase work "Work" simultaneous {\n  only when players >= 5\n'),
         standalone=True),
    # ------------------------------------------------------------ E05xx: names and types
    Code(UNKNOWN_NAME := "E0501", "unknown name",
         "A rule names a resource, zone, track, param, action, tally, procedure, card type or "
         "local choice that does not exist here (in this mode, or in this scope). Fix the name: "
         "the hint suggests the closest one that does.",
         'action spend "Spend" {\n  effect {\n    pay gold 1\n  }\n  source "Turn"\n}\n'),
    Code(UNKNOWN_FIELD := "E0502", "unknown field, state or counter",
         "`x.name` names something `x` does not have: a card field or zone state its card type "
         "lacks, or a counter (resource, track, derived value) players lack. Fix the name, or "
         "declare the field or the state.",
         'action peek "Peek" {\n  choose p: player\n  require p.gold >= 1\n  effect {\n    score 1\n  }\n'
         '  source "Turn"\n}\n'),
    Code(WRONG_TYPE := "E0503", "wrong type",
         "A value of one type is used where another belongs: a bag of resources where a number "
         "belongs, a number as a condition, two things that cannot be compared. The message "
         "names both types; the hint shows the usual fix.",
         'action boast "Boast" {\n  require coin\n  effect {\n    score 1\n  }\n  source "Turn"\n}\n'),
    Code(WRONG_CALL := "E0504", "unknown function or wrong number of values",
         "A function call names no built-in function (`max`, `min`, `abs`, `total`), or a function or "
         "procedure is given the wrong number of values. Fix the call.",
         'action grow "Grow" {\n  effect {\n    score maximum(coin, 1)\n  }\n  source "Turn"\n}\n'),
    Code(WHOSE := "E0505", "whose zone or track?",
         "A zone or track is named without saying whose it is, or with an owner it does not have: "
         "a per-player zone needs `my hand` or `p.hand`, a shared zone takes no owner, a zone of "
         "each card needs `zone of x`, a track kept per enum member needs `[member]`.",
         'card token "Token" {\n  source "Components"\n}\n\n'
         'zone stash "Stash" of token {\n  per player\n  source "Components"\n}\n\n'
         'action count_stash "Count" {\n  require count stash >= 1\n  effect {\n    score 1\n  }\n'
         '  source "Turn"\n}\n'),
    Code(OUT_OF_RANGE := "E0506", "a value out of range",
         "A number or word is outside what the construct allows: an empty range `5 to 2`, a bag "
         "choice of no items, fewer than 1 piece per player, a die with fewer than 2 sides, a "
         "tally scope other than player, round, game or turn; or past the limits of the compiler "
         "(see the language reference, *Limits*): more than 10,000 options of one choice or "
         "combinations of an action's choices, more than 8 choices of one action, more than 1,000 "
         "options of one `ask`, more than 1,000 pieces of a kind per player or 100,000 pieces in "
         "all.",
         'action pick "Pick" {\n  choose n: 5 to 2\n  effect {\n    score n\n  }\n  source "Turn"\n}\n'),
    Code(DIVISION_BY_ZERO := "E0507", "division by zero",
         "An expression divides by the literal 0. Divide by another number.",
         'action split "Split" {\n  effect {\n    score coin // 0\n  }\n  source "Turn"\n}\n'),
    Code(DECISION_NOT_LAST := "E0510", "a decision is not the last thing its block does",
         "A decision (`choose ... cards`, `ask`) pauses the effect until the player answers, so it "
         "must be the last statement of its block, or be followed only by other decisions (they "
         "are asked one after another). Move the statements after it before it.",
         'action trade "Trade" {\n  effect {\n    ask me {\n      "Yes" {\n        score 1\n      }\n'
         '    }\n    score 1\n  }\n  source "Turn"\n}\n'),
    Code(ASK_LABEL_TWICE := "E0511", "two options of `ask` have the same label",
         "The player picks an option of `ask` by its label, so labels must differ. Rename one.",
         'action vote "Vote" {\n  effect {\n    ask me {\n      "Yes" {\n        score 1\n      }\n'
         '      "Yes" {\n        score 2\n      }\n    }\n  }\n  source "Turn"\n}\n'),
    Code(MISSPELT_CLAUSE := "E0512",
         'an enum member reads like a misspelt `source`, `ruling` or `provisional`',
         'Inside an `enum`, a line `sourc "Buildings"` is read as a member named `sourc`, so the '
         'citation is silently lost. A member named like `source`, `ruling` or `provisional` with '
         'one letter dropped, added or two swapped is refused. Spell the keyword right, or rename '
         'the member.',
         'enum colour "Colour" {\n  red "Red"\n  sourc "Components"\n}\n'),
    Code(SCORE_TRACK := "E0520", "the score track is missing or wrong",
         "Exactly one track is marked `score`, and it is kept `per player`: it is what players "
         "score into and what `winner most` usually compares. Mark the victory-point track "
         "`score` and `per player`.",
         'game g "G" {\n  players 2 to 4\n}\n\nsetup {\n}\n\nflow {\n  start -> end\n}\n\n'
         'end over {\n  when true\n}\n', standalone=True),
    Code(PLAYER_COUNT := "E0521", "the player count is missing or wrong",
         "The `game` block says how many players the game is for (`players 2 to 4`), at least 1, "
         "with the smaller number first; a mode may change it (`players 1`).",
         'mode crowd "Crowd" {\n  players 6 to 5\n}\n'),
    Code(NO_END := "E0530", "the spec never says how the game ends",
         "A spec needs an `end` block saying when the game is over and who wins. Add "
         "`end game_over { when ... winner most ... }`.",
         'game g "G" {\n  players 2 to 4\n}\n\ntrack vp "VP" {\n  per player\n  score\n}\n\n'
         'setup {\n}\n\nflow {\n  start -> end\n}\n', standalone=True),
    # ------------------------------------------------------------ E054x: limits of the compiler
    Code(SPEC_TOO_LARGE := "E0540", "the spec is too large",
         "The compiler reads specs of up to 1,000,000 characters and 50,000 tokens (words, "
         "numbers, texts and symbols; comments do not count), 15 times the largest shipped "
         "spec. A larger one is refused before it is parsed, so that no pass runs for minutes or "
         "fills the memory. A real game's rules fit in far less: look for text pasted or generated "
         "by mistake. The limits are in `compiler/analysis/limits.py`.",
         "a spec of 120,000 tokens (12,000 params, say)", runnable=False),
    Code(CHAIN_TOO_DEEP := "E0541", "derived values or procedures depend on one another too deeply",
         "A derived value reads another derived value, which reads another... (or a procedure runs "
         "another, which runs another...), more than 50 in a row. The engine computes each link "
         "with a call inside the one before, and Python stops at about 1,000 nested calls. "
         "Compute the later values from the first ones directly.",
         "derived d1 = d0 + 1, derived d2 = d1 + 1, ... up to d60", runnable=False),
    Code(EXPRESSION_TOO_LONG := "E0542", "an expression is too long",
         "One expression has more than 1,000 terms (numbers, names, counts: what `+`, `and`, `<` "
         "and the other operators combine). The engine compiles each expression into one Python "
         "expression, and Python cannot compile one of some 3,000 terms. Split it: name parts "
         "with `let` or derived values and add those up.",
         "score 1 + 1 + 1 + ... with 1,001 terms", runnable=False),
    Code(NUMBER_TOO_LARGE := "E0543", "a number is too large",
         "Numbers in a spec, and in its catalogues, are at most 1,000,000,000. Larger ones are "
         "refused where they are written: no rule of a game needs them, and the engine would count "
         "to them (a range, a bag, a draw) or print them. Write a smaller number.",
         'action hoard "Hoard" {\n  effect {\n    gain coin 10000000000\n  }\n  source "Turn"\n}\n'),
    Code(REPEATS_TOO_OFTEN := "E0544", "`each player` inside `each player` repeats too often",
         "Blocks `each player` one inside another run their body once for every pair (or triple...) "
         "of players: with the most players a mode allows, more than 10,000 times, which the engine "
         "and the setup check would spend minutes on. Run the inner block once per player.",
         'mode crowd "Crowd" {\n  players 2 to 100\n}\n\n'
         'action greet "Greet" {\n  effect {\n    each player {\n      each player {\n'
         '        each player {\n          gain coin 1\n        }\n      }\n    }\n  }\n'
         '  source "Turn"\n}\n'),
    Code(TOO_MANY_MODES := "E0545", "too many modes, or a mode too large to compose",
         "Every mode holds, checks and compiles every rule in force in it, so the compiler takes "
         "at most 2,000 modes, at most 50,000 rules in all modes together (modes times rules), "
         "and at most 50,000 changes applied to one mode, counting a module again each time it is "
         "used, also through other modules. A module used twice by a module used twice... doubles "
         "the work at each level: use each module once.",
         'param bonus "Bonus" = 1 {\n  source "Turn"\n}\n\nmodule m0 "M0" {\n  set bonus = 2\n}\n\n'
         + "".join(f'module m{i} "M{i}" {{\n' + f"  use m{i - 1}\n" * 4 + "}\n\n" for i in range(1, 9))
         + 'mode big "Big" {\n  use m8\n}\n'),
    # ------------------------------------------------------------ E055x-E056x: overflow, roll-offs
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
    # ------------------------------------------------------------ E057x: how the game ends
    Code(SECOND_END := "E0570", "a second `end` block would never be played",
         "The engine plays one `end` block: the first in force in the mode (its condition, when "
         "the game stops and who wins). A later one would be shown on the reference page but never "
         "end a game. Join the conditions in the first block (`when A or B`), or remove the extra "
         "block. Several endings, each with its own winners, come with the language's issue 11 "
         "(construct 19). A note points at the block the engine plays.",
         'end early_finish {\n  when any player coin >= 3\n  immediately\n  winner most coin\n'
         '  source "End of the game"\n}\n'),
    # ------------------------------------------------------------ E06xx: hidden information
    Code(SHUFFLED_ZONE_PUBLIC := "E0601", 'a shuffled zone is public',
         'A deck, or any zone the rules shuffle, is `public`, so every player would see the order '
         'of its cards. Make it `hidden` (nobody sees the cards) or `secret`. A note points at the '
         'shuffle.',
         _CARD.replace('deck pile "Pile" of building {\n', 'deck pile "Pile" of building {\n  public\n')
         + '\nmode shuffled "Shuffled" {\n  replace setup {\n    put buildings into pile\n'
         '    shuffle pile\n  }\n}\n',
         cards='cards:\n  - name: farm\n    value: 1\n    copies: 3\n'),
    Code(CARDS_CHANGE_SIDES := "E0602", 'cards change sides without saying so',
         '`draw` moves cards face down: drawing from a zone nobody sees into a `public` zone would '
         'show them to every player without the spec saying so; `reveal` moves them face up, so '
         'revealing into a hidden zone contradicts itself. Write `reveal ... into` for cards laid '
         "out face up, or make the zone hidden. A note points at the zone's declaration.",
         _CARD + '\n'
         + 'zone market "Market" of building {\n  public\n  source "Components"\n}\n\n'
         'mode dealt "Dealt" {\n  replace setup {\n    put buildings into pile\n'
         '    draw 2 from pile into market\n  }\n}\n',
         cards='cards:\n  - name: farm\n    value: 1\n    copies: 3\n'),
    Code(CHOSEN_UNSEEN := "E0603", 'a card is chosen from a zone the chooser cannot see',
         'The engine offers one legal action per card, so choosing a card of a `secret` zone, of '
         "another player's hidden zone or of a shared hidden zone would show the chooser every "
         'card in it. Draw from the zone first (`draw 1 from pile into my hand`) and choose from '
         'what was drawn, or make the zone visible to the chooser.',
         _CARD + '\n'
         + 'mode picking "Picking" {\n  replace action earn "Earn" {\n    choose b: card in pile\n'
         '    effect {\n      score b.value\n    }\n    source "Turn"\n  }\n}\n',
         cards='cards:\n  - name: farm\n    value: 1\n    copies: 3\n'),
    # ------------------------------------------------------------ E07xx: can the rules be played
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
    # ------------------------------------------------------------ W01xx: warnings
    Code(ACTION_NOT_OFFERED := "W0101", "an action is offered in no phase",
         "No phase lists the action in its `actions`, so players can never take it. List it in a "
         "phase, or remove it. (Warnings fail `rulebook check` and `build` only with `--strict`.)",
         'action sell "Sell" {\n  effect {\n    pay coin 1\n  }\n  source "Turn"\n}\n'),
    Code(NO_CITATION := "W0102", "a rule cites no rulebook section",
         "Every rule says where in the rulebook it comes from, so the reference page can cite it. "
         "Add `source \"Section › Subsection\"`.",
         'resource gold "Gold" {\n}\n'),
    Code(COUNTS_NOTHING := "W0103", "a count that counts nothing",
         "`uses TALLY 0` counts nothing, and a tally whose `max` is 0 allows nothing. Count at "
         "least 1, or remove the line (or the actions that use the tally).",
         'tally gifts "Gifts" {\n  per round\n  max 0\n  source "Turn"\n}\n\n'
         'mode giving "Giving" {\n  replace action earn "Earn" {\n    uses gifts 1\n'
         '    effect {\n      score 1\n    }\n    source "Turn"\n  }\n}\n'),
    Code(UNUSED_COMPONENT := "W0104", "a component is declared but never used",
         "No rule of any mode names this resource, zone or deck, track, param, derived value, "
         "tally, enum (or enum member), card type, catalogue, set of pieces or procedure, and no "
         "card of a catalogue holds it. It is dead weight, or a rule that should use it is "
         "missing: remove it, or write the rule the rulebook states. `set` and `remove` do not "
         "count as uses.",
         'param bonus "Bonus points" = 3 {\n  source "Scoring"\n}\n'),
    Code(PROVISIONAL_VALUES := "W0105", "the spec holds provisional values",
         "Reported once per spec: how many values are provisional (guesses where the rulebook is "
         "silent): `provisional` notes in the rules, catalogue cards with `provenance: "
         "provisional` and fields listed in `provisional_fields`. The game's page lists them. "
         "It fails only `--strict` runs, to keep a release free of guesses.",
         'param hand_size "Hand size" = 5 {\n  source "Setup"\n  provisional "The rulebook never says."\n}\n'
         '\naction draw_up "Draw up" {\n  require hand_size > 0\n  effect {\n    score 1\n  }\n'
         '  source "Turn"\n}\n'),
    Code(CHOICES_SEEN_IN_TURN := "W0601", "later players see earlier players' choices",
         "Inside `each player`, players choose one after another; cards chosen from a player's own "
         'hidden zone into a public one are seen by the players who choose later. If the rulebook '
         'has players choose at the same time, choose into a hidden zone and reveal it after the '
         'loop.',
         _CARD + '\n'
         + 'zone hand "Hand" of building {\n  per player\n  hidden\n  source "Components"\n}\n\n'
         'zone market "Market" of building {\n  public\n  source "Components"\n}\n\n'
         'mode dealt "Dealt" {\n  replace setup {\n    put buildings into pile\n    each player {\n'
         '      draw 1 from pile into my hand\n      choose 1 cards from my hand into market\n    }\n'
         '  }\n}\n',
         cards='cards:\n  - name: farm\n    value: 1\n    copies: 3\n'),
)

#: Families of codes (the first three characters of a code, or four) and their headings.
GROUPS: dict[str, str] = {
    "E00": "Reading the spec", "E02": "Composing modes, modules and amendments",
    "E03": "Card catalogues", "E04": "Phases and the flow of play", "E05": "Names and types",
    "E054": "Limits of the compiler",
    "E06": "Hidden information", "E07": "Can the rules be played", "W01": "Warnings",
    "W06": "Warnings about hidden information",
}


def group_of(code: str) -> str:
    """The heading of ``code``'s family (``E0501`` → ``Names and types``; a family of four
    characters, ``E054``, before one of three)."""
    return GROUPS.get(code[:4]) or GROUPS.get(code[:3],
                                              f"{'Warnings' if code.startswith('W') else 'Errors'} "
                                              f"{code[:3]}xx")


#: Code → entry, for lookups.
CODES: dict[str, Code] = {c.code: c for c in REGISTRY}


def lookup(code: str) -> Code | None:
    """The entry of ``code`` (case-insensitive, ``e501`` → ``E0501``), or ``None``."""
    text = code.strip().upper()
    if len(text) >= 2 and text[0] in "EW" and text[1:].isdigit():
        text = text[0] + text[1:].zfill(4)
    return CODES.get(text)
