"""Diagnostic codes E0606-E0619 and W0140-W0144: pieces that keep their attributes
(construct 8) and zones of several kinds, with the test for the kind (construct 9).

One family of the registry :mod:`dsl.codes` (which joins the families and sorts them).
Append a new entry at the end, with a number from this range.
"""

from __future__ import annotations

from dsl.codes.entry import Code

_KNOWLEDGE = ('enum knowledge "Knowledge" {\n  culture "Culture"\n  science "Science"\n'
              '  source "Components"\n}\n\n')
_SHIPS = ('pieces ship "Ship" {\n  per player 2\n  source "Components"\n}\n\n'
          'pieces drone "Drone" {\n  per player 1\n  field speed: int = 2 "how far it flies"\n'
          '  source "Components"\n}\n\n')
_STANDING = ('zone standing "Standing" of ship, drone {\n  source "Board"\n}\n\n')

#: This family's entries.
CODES: tuple[Code, ...] = (
    Code(EACH_NOT_ENUM := "E0606", "pieces made one of each member of something that is not an enum",
         "`per player N of each ENUM` gives every player N pieces for each member of the enum ENUM, "
         "the piece's field named after the enum saying which member it is. ENUM must name an enum "
         "of the spec.",
         'pieces ship "Ship" {\n  per player 1 of each colour\n  source "Components"\n}\n'),
    Code(PIECES_COUNTED_TWICE := "E0607", "pieces counted in two ways",
         "Pieces are either kept per player (`per player N`, `per player N of each ENUM`) or are "
         "pieces of the game that belong to nobody (`count N`), and say so once. Keep one of the "
         "lines.",
         'pieces guard "Guard" {\n  per player 2\n  count 3\n  source "Components"\n}\n'),
    Code(STATE_NAME_CLASH := "E0608", "a state name given two meanings",
         "A card keeps a `state` declared on its card type or pieces wherever it goes, and holds a "
         "zone's `state` only while it lies there. One name cannot be both for the same cards, nor "
         "be kept with two different types or defaults by two kinds of cards (the engine holds one "
         "value per card and name). Rename one of them.",
         'pieces ship "Ship" {\n  per player 2\n  state ready: bool = false\n  source "Components"\n}\n\n'
         'zone dock "Dock" of ship {\n  per player\n  state ready: bool = true\n  source "Board"\n}\n'),
    Code(STATE_DEFAULT_TYPE := "E0609", "a state whose default is not of its type",
         "`state NAME: TYPE = DEFAULT` starts every card at DEFAULT, which must be of TYPE: a number "
         "for `int`, `true` or `false` for `bool`, a member of the enum for an enum, and `nothing` "
         "for a state that holds a card (`state commander: crew = nothing`), which only such a state "
         "may start at.",
         'pieces ship "Ship" {\n  per player 2\n  state moves: int = nothing\n  source "Components"\n}\n'),
    Code(FIELD_NOT_COMMON := "E0610", "a field read on a card that may be of a kind without it",
         "A zone of several kinds (`zone z \"T\" of a, b`) holds cards of each; a field or state is "
         "read on one of its cards only when every kind it may be has it, with the same type. Test "
         "the kind first: `if x is drone { ... }`, `... where it is drone`, or in `sum E over Z "
         "where it is drone`.",
         _SHIPS + _STANDING
         + 'derived speeds "Speeds" = sum speed over standing {\n  source "Board"\n}\n'),
    Code(KINDS_DUPLICATE := "E0611", "a kind named twice in a zone",
         "`zone z \"T\" of a, b` lists the card types and pieces the zone holds; naming one twice "
         "says nothing more. Name each kind once.",
         _SHIPS + 'zone standing "Standing" of ship, ship {\n  source "Board"\n}\n'),
    Code(NOT_A_KIND := "E0612", "`is` tests something that is not a kind of card",
         "`x is KIND` tests whether card `x` is a card of type (or a piece of) KIND: `x` must be a "
         "card and KIND a card type or pieces of the spec.",
         _SHIPS + _STANDING
         + 'derived ships "Ships" = count standing where it is boat {\n  source "Board"\n}\n'),
    Code(PIECES_FIELD_DEFAULT := "E0613", "a field of pieces without a value",
         "Pieces have no catalogue: a `field` line on `pieces` gives every piece of the kind the same "
         "value, which it must write (`field speed: int = 2 \"how far\"`). A value that differs "
         "between pieces made `of each ENUM` is read from a table keyed by the member.",
         'pieces drone "Drone" {\n  per player 2\n  field speed: int "how far it flies"\n'
         '  source "Components"\n}\n'),
    Code(PIECES_SIDES_AND_FACES := "E0614", "pieces with both sides and faces",
         "Pieces that are dice number their faces with `sides N` (1 to N) or list them with `faces "
         "F, ...`: one of the two. Keep one.",
         'pieces worker "Worker" {\n  per player 2\n  sides 6\n  faces 1, 2, 3\n  source "Components"\n}\n'),
    Code(MOVED_INTO_WRONG_KIND := "E0615", "a card moved into a zone that does not hold its kind",
         "A zone holds the kinds of cards it is declared `of`; a card of another kind (or a card of "
         "a zone of several kinds, not all of which it holds) cannot enter it. Move it into a zone "
         "of its kind, add the kind to the zone (`of a, b`), or test the kind first (`if x is a`).",
         _SHIPS + _STANDING
         + 'zone hangar "Hangar" of ship {\n  per player\n  source "Board"\n}\n\n'
         'action land "Land" {\n  choose x: card in standing\n  effect {\n    move x into my hangar\n'
         '  }\n  source "Turn"\n}\n'),
    Code(IS_NEVER := "W0140", "`is` tests a kind the card is never",
         "`x is KIND` where `x` comes from a zone (or choice) that never holds KIND is always false, "
         "so what it guards never happens. Test a kind the card may be, or read another zone.",
         _SHIPS + _STANDING
         + 'zone hangar "Hangar" of ship {\n  source "Board"\n}\n\n'
         'derived drones "Drones" = count hangar where it is drone {\n  source "Board"\n}\n'),
    Code(IS_ALWAYS := "W0141", "`is` tests the only kind the card may be",
         "`x is KIND` where `x` can only be a KIND (it comes from a zone of that one kind) is true "
         "whenever `x` is a card: the test says nothing. Remove it, or test `x != nothing` for a "
         "card that may be absent.",
         _SHIPS + 'zone hangar "Hangar" of ship {\n  source "Board"\n}\n\n'
         'derived ships "Ships" = count hangar where it is ship {\n  source "Board"\n}\n'),
)
