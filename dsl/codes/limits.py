"""Diagnostic codes, E054x: limits of the compiler.

One family of the registry :mod:`dsl.codes` (which joins the families and sorts them).
Append a new entry at the end, with a number from your range.
"""

from __future__ import annotations

from dsl.codes.entry import Code

#: This family's entries.
CODES: tuple[Code, ...] = (
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
         "and the setup check would spend minutes on. Run the inner block once per player. "
         "`repeat N` blocks count too: their constant counts multiply the rounds of the blocks "
         "they hold, and of those that hold them.",
         'mode crowd "Crowd" {\n  players 2 to 100\n}\n\n'
         'action greet "Greet" {\n  effect {\n    each player {\n      each player {\n'
         '        each player {\n          gain coin 1\n        }\n      }\n    }\n  }\n'
         '  source "Turn"\n}\n'),
    Code(TOO_MANY_MODES := "E0545", "too many modes, or a mode too large to compose",
         "Every mode holds, checks and compiles every rule in force in it, so the compiler takes "
         "at most 2,000 modes, at most 50,000 rules in all modes together (modes times rules), "
         "and at most 50,000 changes applied to one mode (a mode applies each module once, however "
         "many modules `use` it). Split the spec's modes, or write fewer of them.",
         "mode m0 ..., mode m1 ..., ... up to mode m2000: 2,001 modes", runnable=False),
)
