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
)
