"""Diagnostic codes E0815-E0829 and W0145-W0149: taking another action from inside an
effect (construct 3, ``take action``, ``take one of``, ``can take``).

One family of the registry :mod:`dsl.codes` (which joins the families and sorts them).
Append a new entry at the end, with a number from this range.
"""

from __future__ import annotations

from dsl.codes.entry import Code


def _bonus(effect: str) -> str:
    """An action ``bonus`` whose effect is ``effect`` (one line), offered nowhere."""
    return f'action bonus "Bonus" {{\n  effect {{\n    {effect}\n  }}\n  source "Turn"\n}}\n'


_PICK = ('action pick "Pick" {\n  choose n: 1 to 3\n  effect {\n    gain coin n\n  }\n'
         '  source "Turn"\n}\n\n')

#: This family's entries.
CODES: tuple[Code, ...] = (
    Code(TAKE_UNKNOWN_ACTION := "E0815", "`take action` names no action",
         "`take action A`, `take one of A, B` and `can take ...` name actions of the spec (of every "
         "mode where the effect is played). Fix the name, or declare the action.",
         _bonus("take action eran")),
    Code(TAKE_WITH_UNKNOWN := "E0816", "`with` names no choice of the action taken",
         "`take action A with x = E` fixes the choice `x` of `A` (written `choose x: ...` in `A`) "
         "to the value of `E`. With `take one of A, B`, every action listed must choose `x`. Fix "
         "the name, or drop the `with`.",
         _bonus("take action earn with n = 1")),
    Code(TAKE_WITH_TYPE := "E0817", "a `with` value of the wrong type",
         "The value given to a choice with `with` must be of the choice's type: a number for a "
         "range, a member for an enum, a card of the zone's type for a card, a player for a "
         "player.",
         _PICK + _bonus("take action pick with n = me")),
    Code(TAKE_CYCLE := "E0818", "actions take each other in a cycle",
         "An action that takes itself, directly or through other actions (or the procedures "
         "their effects run), would never end. Break the cycle: take the last action's own "
         "statements instead, or take another action.",
         'action loop_a "A" {\n  effect {\n    take action loop_b\n  }\n  source "Turn"\n}\n\n'
         'action loop_b "B" {\n  effect {\n    take action loop_a\n  }\n  source "Turn"\n}\n'),
    Code(TAKE_SAYS_AGAIN := "W0145", "an action taken from an effect says `done` or `again`",
         "`done` and `again` act on the phase and turn of the player who takes the action: "
         "taken from another action's effect, the taker is then finished with the phase "
         "(`done`), or takes another turn (`again`). If that is the rule, say so with a "
         "`ruling`; else take an action without them, or write the statements wanted.",
         _bonus("take action finish")),
    Code(TAKE_FIRST_PLAYER_ONLY := "W0146", "an action taken in the setup or a phase's start or end",
         "The setup and a phase's `on enter` and `on exit` run for the first player: a `take` "
         "there asks the first player alone. Write it inside `each player { ... }` when every "
         "player takes it, or in `on turn`, which runs for the player whose turn it is.",
         'phase bonus "Bonus" automatic {\n  on enter {\n    take action earn\n  }\n'
         '  source "Turn"\n}\n'),
    Code(TAKE_FIELD_NOT_ACTION := "E0819", "`take action c.f` where `f` is not an action field",
         "`take action c.f` takes the action that card `c` names in its field `f`, declared "
         "`field f: action \"...\"` on the card type, with each catalogue entry naming an action "
         "of the spec. Declare the field that way, or take an action by its name.",
         'card building "Building" {\n  field value: int "cost"\n  source "Components"\n}\n\n'
         'zone pile "Pile" of building {\n  source "Components"\n}\n\n'
         'action bonus "Bonus" {\n  choose b: card in pile\n  effect {\n    take action b.value\n  }\n'
         '  source "Turn"\n}\n'),
)
