"""Diagnostic codes, E04xx: phases and the flow of play.

One family of the registry :mod:`dsl.codes` (which joins the families and sorts them).
Append a new entry at the end, with a number from your range.
"""

from __future__ import annotations

from dsl.code_examples import MINIMAL_SPEC
from dsl.codes.entry import Code

#: This family's entries.
CODES: tuple[Code, ...] = (
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
    Code(TWO_WINNERS_RULES := "E0411", "an `end` block with two winners rules",
         "An `end` block says who wins in one way: `winner most E` (with its tie-breakers), "
         "`win when C`, `winners players where C` (or `with most E`) or `nobody wins`. With two, "
         "one of them would be silently ignored. Keep the one the rulebook states; to win on "
         "several grounds, write several `end` blocks, each with its own winners. The same rule "
         "written twice (two `winner most` lines) is reported too: only the first would decide.",
         MINIMAL_SPEC.replace("  winner most vp\n", "  winner most vp\n  win when vp >= 3\n"),
         standalone=True),
    Code(FINISH_ROUND_NEVER_ENDS := "E0412", "a `finish round` end that the flow never reaches",
         "An end with `finish round` does not stop the game by itself: once its condition holds "
         "it is latched (its name reads true), and a transition into `end` stops the game. When "
         "no transition into `end` is unconditional or reads the end's name, the latch is never "
         "acted on and the game goes on. Add `PHASE -> end when NAME` to the flow, at the point "
         "where the round is over, or make the end `immediately`.",
         'end rich "Rich" {\n  when any player coin >= 10\n  finish round\n'
         '  winner most coin\n  source "End of the game"\n}\n'),
    Code(NO_WINNERS_RULE := "E0413", "an `end` block with no winners rule",
         "An `end` block says who wins when it ends the game: `winner most E`, `win when C`, "
         "`winners players ...` or, for a game everybody loses, `nobody wins`. One with none of "
         "them would end the game with no winner, which is rarely what the rulebook says. Add the "
         "rule the rulebook states, or `nobody wins` when that is it.",
         MINIMAL_SPEC.replace("  winner most vp\n", ""), standalone=True),
    Code(TIE_BREAKER_UNUSED := "E0414", "a tie-breaker in an `end` block without `winner most`",
         "Tie-breakers break ties of `winner most E`: they compare the players tied on E. With "
         "`win when C`, `winners players ...` or `nobody wins` there is no such tie, and the "
         "tie-breakers would be silently ignored. Remove them, or write the rule as `winner most E` "
         "when that is what the rulebook says.",
         MINIMAL_SPEC.replace("  winner most vp\n", '  nobody wins\n  tie_breaker "more vp" most vp\n'),
         standalone=True),
)
