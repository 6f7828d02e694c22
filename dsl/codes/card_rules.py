"""Diagnostic codes, E0620-E0629: rules attached to cards (construct 1).

One family of the registry :mod:`dsl.codes` (which joins the families and sorts them).
Append a new entry at the end, with a number from this range.
"""

from __future__ import annotations

from dsl.codes.entry import Code

#: A crew card whose rule field names a procedure taking the card; a zone of them, and
#: two procedures a catalogue entry may name: what the examples below build on.
_CREW = '''card crew "Crew" {
  field secondary: procedure (c: crew) = no_ability "secondary ability"
  source "Components"
}

zone ship "Ship" of crew {
  per player
  public
  source "Components"
}

catalogue crews of crew from "example.cards.yaml" {
  source "Components"
}

procedure no_ability "No ability" (c: crew) {
  effect {
  }
  source "Crew"
}

procedure medic "Medic" (c: crew) {
  effect {
    score 1
  }
  source "Crew"
}

action abilities "Use the crew's abilities" {
  effect {
    for each c in my ship {
      do c.secondary(c)
    }
  }
  source "Crew"
}
'''

_MEDIC = "crews:\n  - name: nightingale\n    secondary: medic\n"

#: This family's entries.
CODES: tuple[Code, ...] = (
    Code(CARD_RULE_UNKNOWN := "E0620", "a card names a rule the spec does not declare",
         "A card field declared `procedure (...)`, `value` or `condition` holds a rule: each "
         "catalogue entry (or the field's default) names a procedure, or a derived value, of the "
         "spec. The name is looked up in every mode where the catalogue is used, and this one "
         "names nothing there. The error points at the value in the YAML file; correct the name "
         "or declare the rule.",
         _CREW, cards="crews:\n  - name: nightingale\n    secondary: medik\n"),
    Code(CARD_RULE_SIGNATURE := "E0621", "a card's rule takes other values than its field",
         "A field `procedure (c: crew)` runs, for each card, the procedure its entry names, with "
         "the values `do c.field(...)` gives; so that procedure must take exactly those types, in "
         "that order (the names may differ). Change the procedure's parameters, or name another. "
         "A `value` or `condition` field is worked out for a player only, so it names a derived "
         "value taking no parameters.",
         _CREW + '\nprocedure payday "Payday" (p: player) {\n  effect {\n    score 1\n  }\n'
         '  source "Crew"\n}\n',
         cards="crews:\n  - name: nightingale\n    secondary: payday\n"),
    Code(CARD_RULE_KIND := "E0622", "a card names a rule of the wrong kind",
         "A `procedure (...)` field names a procedure; a `value` field a derived value that is a "
         "number; a `condition` field a derived value that is true or false. The rule named here "
         "is of another kind. Name one of the kind the field holds, or change the field's type.",
         _CREW + '\nderived crew_size "Crew on your ship" = count my ship {\n  source "Crew"\n}\n',
         cards="crews:\n  - name: nightingale\n    secondary: crew_size\n"),
    Code(CARD_RULE_REMOVED := "E0623", "a mode removes a rule a card names",
         "A catalogue used in this mode names a procedure or derived value that the mode "
         "removes, so the card would have no rule. `replace` the rule instead (every card naming "
         "it then gets the new one), or name another rule in the catalogue.",
         _CREW + '\nmode plain "Plain" {\n  remove procedure medic\n}\n', cards=_MEDIC),
    Code(NOT_A_RULE_FIELD := "E0624", "a card field used as the wrong kind of rule",
         "`do c.f(...)` runs the procedure card `c`'s field `f` names, so `f` must be declared "
         "`procedure (...)`; and a `procedure` field is run with `do`, never read as a value "
         "(`value` and `condition` fields are read: `c.f`).",
         _CREW + '\naction boast "Boast" {\n  choose c: card in my ship\n  effect {\n'
         '    score c.secondary\n  }\n  source "Crew"\n}\n', cards=_MEDIC),
    Code(CARD_RULE_CYCLE := "E0625", "a card's rule runs itself",
         "`do c.f(...)` runs the procedure of each card's field `f`; a procedure named by a card "
         "that runs the same field again (directly or through other procedures) would run for "
         "ever. Cards' rules and procedures must not run one another in a loop; nor may a derived "
         "value read a `value` or `condition` field whose cards name it again.",
         _CREW + '\nprocedure echo "Echo" (c: crew) {\n  effect {\n    do c.secondary(c)\n  }\n'
         '  source "Crew"\n}\n', cards="crews:\n  - name: nightingale\n    secondary: echo\n"),
    Code(CARD_RULE_DECIDES_NOT_LAST := "E0626", "a card's rule that decides is followed by more",
         "Retired: the statements after a `do c.f(...)` whose card's procedure asks a question "
         "(`choose`, `ask`) now wait for the answer, as after any decision (see *Decisions* and "
         "*Rules attached to cards* in the language reference). Until the decision agenda (issue "
         "11, construct 2) reached cards' rules, such a `do` had to be the last thing its block "
         "did. The code stays registered and is never reused.",
         "`do c.secondary(c)` naming a procedure that asks, followed by `score 1`, before construct 2",
         runnable=False, retired=True),
)
