"""Diagnostic codes E0830-E0849 and W0126, W0127, W0129, W0158-W0160: seats played by rules
(automata), seats per mode, sides and who controls an automaton (construct 20).

One family of the registry :mod:`dsl.codes` (which joins the families and sorts them).
Append a new entry at the end, with a number from this range.
"""

from __future__ import annotations

from dsl.codes.entry import Code

_BOT = ('automaton bot "Rival" {\n  turn in work {\n    score 1\n  }\n  source "Solo rules"\n}\n\n')
_TURNS = ('phase duel "Duel" turns {\n  actions earn\n  source "Turn"\n}\n\n')

#: This family's entries.
CODES: tuple[Code, ...] = (
    Code(AUTOMATON_PHASE_UNKNOWN := "E0830", "an automaton's turn in a phase that does not exist",
         "`turn in PHASE { ... }` says what a seat played by rules does when its turn comes in "
         "PHASE, which must be a phase of the spec (or of the mode). Check the phase's name.",
         'automaton bot "Rival" {\n  turn in duel {\n    score 1\n  }\n  source "Solo rules"\n}\n'),
    Code(AUTOMATON_PHASE_KIND := "E0831", "an automaton's turn in a phase without turns",
         "Seats played by rules take turns in `turns` and `draft` phases only: in an `automatic` "
         "phase nobody has a turn, and in a `simultaneous` phase the automata take no part (they "
         "are finished as it begins). Make the phase `turns` or `draft`, or put the statements in "
         "the phase's `on enter` with `each bot { ... }`.",
         _BOT),
    Code(SEATS_UNKNOWN_AUTOMATON := "E0832", "seats for an automaton that does not exist",
         "`seats KIND N` in a mode seats N automata of the kind KIND after the human players; KIND "
         "must be an `automaton` declared in the spec.",
         'mode solo "Solo" {\n  players 1\n  seats robot 1\n  source "Solo rules"\n}\n'),
    Code(SEAT_KIND_UNKNOWN := "E0833", "a kind of seat that does not exist",
         "`each KIND { }`, `every KIND C`, `KIND[i]` and `winner side KIND` name the seats of an "
         "automaton kind: KIND must be declared with `automaton KIND \"Title\" { ... }` (or be "
         "`seat`, or `players` for a side).",
         'trigger bonus "Bonus" {\n  after earn\n  effect {\n    each robot {\n      score 1\n    }\n  }\n'
         '  source "Turn"\n}\n'),
    Code(SIDES_UNKNOWN := "E0834", "a side that is neither the players nor an automaton seated here",
         "`sides players, KIND` makes the human players one side and the seats of each automaton "
         "kind named one side each. A kind that this mode does not seat (`seats KIND N`) has no "
         "seat to make a side of. Seat it, or leave it out of `sides`.",
         _BOT.replace("turn in work", "turn in duel") + _TURNS
         + 'mode solo "Solo" {\n  players 1\n  sides players, bot\n  source "Solo rules"\n}\n'),
    Code(SIDES_OVERLAP := "E0835", "a side named twice",
         "Each seat belongs to one side: `sides` names the players and each automaton kind once.",
         _BOT.replace("turn in work", "turn in duel") + _TURNS
         + 'mode solo "Solo" {\n  players 1\n  seats bot 1\n  sides players, bot, bot\n'
         '  source "Solo rules"\n}\n'),
    Code(SIDE_NEEDS_SIDES := "E0836", "`winner side` in a mode without sides",
         "`winner side S` makes every seat of the side S win, which needs the mode to play in "
         "sides (`sides players, KIND`). Add the `sides` line to the mode, or name the winners "
         "another way (`winner most`, `winners players where ...`).",
         'end team_win "The team" {\n  when any player vp >= 9\n  immediately\n  winner side players\n'
         '  source "End of the game"\n}\n'),
    Code(SEATS_COUNT := "E0837", "seats for no automaton",
         "`seats KIND N` seats N automata of the kind KIND: N must be at least 1 (leave the line "
         "out for none).",
         _BOT.replace("turn in work", "turn in duel") + _TURNS
         + 'mode solo "Solo" {\n  players 1\n  seats bot 0\n  source "Solo rules"\n}\n'),
    Code(DECISION_IN_EACH_SEAT := "E0838", "a decision inside `each seat`",
         "Retired: a round of `each seat { }` or `each KIND { }` may now ask a question, in its "
         "middle too: each round's rest runs after its answers, before the next seat's round "
         "starts, and a question asked of an automaton seat goes to the human who controls it "
         "(see *Seats played by rules* in the language reference). Until then a decision inside "
         "those loops was refused. The code stays registered and is never reused.",
         "`each seat { ask me { \"Yes\" { score 1 } \"No\" { score 0 } } }`, before seats could be asked",
         runnable=False, retired=True),
    Code(SEATS_TOO_MANY := "E0839", "too many seats played by the rules",
         "A mode seats at most 100 automata in all (its `seats` lines and those of its modules), "
         "as a game is for at most 100 players: the engine lays out every seat's pieces.",
         _BOT.replace("turn in work", "turn in duel") + _TURNS
         + 'mode solo "Solo" {\n  players 1\n  seats bot 99999\n  source "Solo rules"\n}\n'),
    Code(SEAT_INDEX_BELOW_ONE := "E0840", "`KIND[i]` with an index below 1",
         "`KIND[i]` is the i-th seat of the automaton kind KIND, counting from 1: `KIND[1]` is the "
         "first. An index below 1 names no seat, so the value is always `nobody`.",
         _BOT.replace("turn in work", "turn in duel") + _TURNS
         + 'mode solo "Solo" {\n  players 1\n  seats bot 1\n  source "Solo rules"\n}\n\n'
         'trigger bonus "Bonus" {\n  after earn\n  effect {\n    let rival = bot[0]\n'
         '    if rival != nobody {\n      score 1\n    }\n  }\n  source "Turn"\n}\n'),
    Code(CONTROLLER_NOT_PLAYER := "E0841", "`controlled by` a value that is not a player",
         "`controlled by EXPR` in an automaton names the human seat that answers the questions "
         "its rules ask (\"you\" in EXPR is the automaton's seat): EXPR must be a player, such as "
         "`first player` or `the player with most vp`.",
         _BOT.replace("  turn in work", "  controlled by 3\n  turn in duel") + _TURNS
         + 'mode solo "Solo" {\n  players 1\n  seats bot 1\n  source "Solo rules"\n}\n'),
    Code(CONTROLLED_TWICE := "E0842", "an automaton controlled twice",
         "An automaton has at most one `controlled by` line: the questions of its rules go to one "
         "human seat. Keep the line the rulebook gives and remove the other.",
         _BOT.replace("  turn in work", "  controlled by first player\n  controlled by first player\n"
                      "  turn in duel") + _TURNS
         + 'mode solo "Solo" {\n  players 1\n  seats bot 1\n  source "Solo rules"\n}\n'),
    Code(CONTROLLED_BY_ITSELF := "E0843", "an automaton controlled by itself",
         "In `controlled by EXPR`, `me` is the automaton's own seat, which is played by the rules "
         "and answers nothing. Name the human who decides for it (`first player`, `the player "
         "with ...`), or leave the line out: automaton number i is then controlled by player "
         "i mod the number of players.",
         _BOT.replace("  turn in work", "  controlled by me\n  turn in duel") + _TURNS
         + 'mode solo "Solo" {\n  players 1\n  seats bot 1\n  source "Solo rules"\n}\n'),
    Code(AUTOMATON_UNUSED := "W0126", "an automaton no mode seats",
         "The automaton is declared but no mode has a `seats KIND N` line for it, so it never "
         "plays. Seat it in the modes it belongs to, or remove it.",
         _BOT.replace("turn in work", "turn in duel") + _TURNS),
    Code(SEATING_WITHOUT_AUTOMATA := "W0127", "`seating alternate` in a mode without automata",
         "`seating alternate` puts one automaton seat after each human seat in the turn order; a "
         "mode that seats no automaton has nothing to alternate, so the line does nothing.",
         'mode family "Family" {\n  seating alternate\n  source "Rules"\n}\n'),
    Code(AUTOMATON_NEVER_ACTS := "W0129", "an automaton with no turn",
         "The automaton has no `turn in PHASE { ... }`, so its seats never act: each is finished "
         "in every phase at once. Give it the turns the rulebook gives it.",
         'automaton bot "Rival" {\n  source "Solo rules"\n}\n\n'
         'mode solo "Solo" {\n  players 1\n  seats bot 1\n  source "Solo rules"\n}\n'),
    Code(CONTROLLER_NEVER_HUMAN := "W0158", "`controlled by` a seat of an automaton",
         "`KIND[i]` names a seat played by the rules, which answers nothing: the questions go to "
         "the default controller (automaton number i is controlled by player i mod the number of "
         "players), as if the line were not there. Name a human seat, or remove the line.",
         _BOT.replace("  turn in work", "  controlled by bot[1]\n  turn in duel") + _TURNS
         + 'mode solo "Solo" {\n  players 1\n  seats bot 1\n  source "Solo rules"\n}\n'),
)
