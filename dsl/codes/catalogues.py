"""Diagnostic codes, E03xx: card catalogues.

One family of the registry :mod:`dsl.codes` (which joins the families and sorts them).
Append a new entry at the end, with a number from your range.
"""

from __future__ import annotations

from dsl.code_examples import CARDS_MODE as _CARD
from dsl.codes.entry import Code

#: This family's entries.
CODES: tuple[Code, ...] = (
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
    Code(NUMBER_NOTATION := "E0322", "a card's number is written in another notation",
         "YAML 1.1 reads `0x10` (hexadecimal), `017` (octal), `0b101` (binary), `1_000`, "
         "`1:20` (base 60: 80) and `+5` as whole numbers, silently: a card could hold 80 where "
         "the rulebook prints `1:20`. A whole number of a card (an `int` field, a bag's amount, "
         "`copies`) is written in plain digits, like `16` or `-2`.",
         _CARD, cards="cards:\n  - name: farm\n    value: 0x10\n"),
)
