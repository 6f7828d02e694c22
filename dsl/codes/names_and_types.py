"""Diagnostic codes, E05xx: names and types.

One family of the registry :mod:`dsl.codes` (which joins the families and sorts them).
Append a new entry at the end, with a number from your range.
"""

from __future__ import annotations

from dsl.code_examples import CARDS_MODE as _CARD, MINIMAL_SPEC
from dsl.codes.entry import Code

#: The enum and the two dice the examples of construct 16's codes build on.
_SIGN = 'enum sign "Sign" {\n  plus "+"\n  minus "-"\n  blank "blank"\n  source "Rules"\n}\n\n'
_DICE = 'dice d "D" {\n  count 2\n  faces plus, minus\n  source "Rules"\n}\n\n'

#: This family's entries.
CODES: tuple[Code, ...] = (
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
         "An expression divides by 0: written out, or a divisor that is always 0, which a param "
         "folds to (`goal - 100` with `param goal = 100`) or whose terms cancel (`pot - pot`). "
         "The language reads `x // 0` as 0, so the rule would do nothing. Divide by another number.",
         'action split "Split" {\n  effect {\n    score coin // 0\n  }\n  source "Turn"\n}\n'),
    Code(DECISION_NOT_LAST := "E0510", "a decision is not the last thing its block does",
         "Retired: a decision may now stand anywhere in a block, and the statements after it wait "
         "for the answer (see *Decisions* in the language reference). Until then a decision "
         "(`choose ... cards`, `ask`) had to be the last statement of its block, or be followed "
         "only by other decisions, since the statements after it ran before it was asked. The "
         "code stays registered and is never reused.",
         "`ask me { \"Yes\" { score 1 } }` followed by `score 1` in one effect, before construct 2",
         runnable=False, retired=True),
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
    Code(FAMILY_NEEDS_KEY := "E0522", "a resource family is named without saying which member",
         "A resource declared `per ENUM` is a family of resources, one per member of the enum: "
         "`disc[science]`. Where one amount is meant (a bag item, a number), say which member, "
         "`disc[k]`; a bare family name means all its members only in a bag choice (`2 of disc`).",
         'enum colour "Colour" {\n  red "Red"\n  blue "Blue"\n  source "Components"\n}\n\n'
         'resource paint "Paint" {\n  per colour\n  source "Components"\n}\n\n'
         'action mix "Mix" {\n  effect {\n    gain paint 1\n  }\n  source "Turn"\n}\n'),
    Code(FAMILY_KEY_TYPE := "E0523", "the key of a resource family is not a member of its enum",
         "`disc[k]` reads one member of a family kept per an enum, so `k` must be a member of "
         "that enum: written out (`disc[science]`), chosen (`choose k: knowledge`) or looped over "
         "(`for each k in knowledge`). A resource kept per nothing takes no `[...]`.",
         'enum colour "Colour" {\n  red "Red"\n  blue "Blue"\n  source "Components"\n}\n\n'
         'resource paint "Paint" {\n  per colour\n  source "Components"\n}\n\n'
         'action mix "Mix" {\n  effect {\n    gain paint[2] 1\n  }\n  source "Turn"\n}\n'),
    Code(ENUM_LOOP_NOT_ZONE := "E0524", "`for each` over something that is neither a zone nor an enum",
         "`for each x in Z` runs once for each card of the zone `Z`, or once for each member of "
         "the enum `Z`, in declaration order. The name after `in` is neither. Name a zone, a "
         "deck or an enum.",
         'action tidy "Tidy" {\n  effect {\n    for each c in vp {\n      score 1\n    }\n  }\n'
         '  source "Turn"\n}\n'),
    Code(AMOUNT_TYPE := "E0525", "an amount that is not a number",
         "The amount of a bag item (`water morale`, `disc[k] (n + 1)`) is any number expression, "
         "worked out when the rule runs. This one is not a number: a bag, a card, a player or a "
         "condition. Write a number, or add bags with `+`.",
         'action hoard "Hoard" {\n  effect {\n    gain coin (coin >= 1)\n  }\n  source "Turn"\n}\n'),
    Code(AMOUNT_NEGATIVE := "E0526", "a negative amount is written out",
         "An amount worked out in play that falls below zero counts as zero, but one written "
         "out below zero (`coin (-1)`) is always nothing, so it is a mistake: to take resources "
         "away, `pay` them, or subtract a bag (`b.cost - coin 1`).",
         'action hoard "Hoard" {\n  effect {\n    gain coin (-1)\n  }\n  source "Turn"\n}\n'),
    Code(BAG_ARITHMETIC := "E0527", "bags combined the wrong way",
         "Bags add (`a + b`), subtract (`a - b`, never below zero in any resource) and scale by "
         "a number (`a * 2` or `2 * a`). Multiplying two bags, dividing a bag, or adding a number "
         "to a bag means nothing. Use one of those forms, or count one resource (`me.coin`).",
         'action hoard "Hoard" {\n  effect {\n    gain coin 1 + 2\n  }\n  source "Turn"\n}\n'),
    Code(MAYBE_USED := "E0580", "a value that may be absent is used without a test",
         "`top of`, `bottom of`, `next in`, `best` and `the player with` may give no card "
         "(`nothing`) or no player (`nobody`): the zone can be empty, the players can be tied. "
         "Such a value may be compared (`==`, `!=`), tested with `in`, or moved (`move x into ...` "
         "moves nothing when there is no card); anything else (a field, a zone of it, `transfer ... "
         "to x`) needs it present. Name it and test it first: `let t = top of deck` then "
         "`if t != nothing { ... }` (also `and` after the test, and `require`). A test "
         "`count ZONE >= 1` in force makes `best ZONE` and `top of ZONE` present.",
         'action bribe "Bribe" {\n  effect {\n    let richest = the player with most coin\n'
         '    transfer coin 1 to richest\n  }\n  source "Turn"\n}\n'),
    Code(PLAYER_MEASURE_TYPE := "E0581", "players are compared by something that is not a number",
         "`with most E`, `with fewest E` and `then most|fewest E` compare the players by the number "
         "`E` (\"you\" is each player measured): a track, a resource, a count. Compare by a "
         "number; test a condition with `where`.",
         'action crown "Crown" {\n  effect {\n    each player with most has coin 1 {\n      score 1\n'
         '    }\n  }\n  source "Turn"\n}\n'),
    Code(NEXT_KEY_TYPE := "E0582", "`next in` goes round by something that is not a number",
         "`next in ZONE from|after START by KEY` orders the cards of a zone by the number KEY read "
         "from each card, and START is a number on that scale. Give a number field of the cards "
         "(`by tz`) and a number to start from.",
         _CARD + '\naction look "Look" {\n  require next in pile from 1 by true != nothing\n'
         '  effect {\n    score 1\n  }\n  source "Turn"\n}\n',
         cards='cards:\n  - name: farm\n    value: 1\n    copies: 3\n'),
    Code(AS_NAME_TAKEN := "E0583", "`as` names the card with a name already in use",
         "`count ZONE as NAME`, `sum ... over ZONE as NAME` and `best ZONE as NAME` name the card "
         "considered, so that a nested `count` can tell it from its own card; NAME must be new "
         "here, not a choice, a parameter or a `let` in force. Pick another name.",
         _CARD + '\naction pick "Pick" {\n  choose b: card in pile\n'
         '  require (count pile as b where value >= 1) >= 1\n  effect {\n    score 1\n  }\n'
         '  source "Turn"\n}\n',
         cards='cards:\n  - name: farm\n    value: 1\n    copies: 3\n'),
    Code(REMAINDER_BY_ZERO := "E0584", "remainder of a division by zero",
         "`x % 0` is written with 0, or with a divisor that is always 0 (a param that folds to 0, "
         "terms that cancel such as `pot - pot`): the language reads it as 0 (as `x // 0`), which "
         "is never what a rule means, and a score or a track moved by it never moves. `%` gives the "
         "remainder, with the sign of the divisor: `(tz - k) % 8` goes round a ring of 8.",
         'action wrap "Wrap" {\n  effect {\n    score (coin + 3) % 0\n  }\n  source "Turn"\n}\n'),
    Code(MOVE_NOT_CARD := "E0585", "`move` of something that is not a card",
         "`move X into ZONE` moves one card: a chosen card, a `let` naming one, `top of ...`. X is "
         "a number, a player or a condition. Move a card; `move all ZONE into ...` moves a zone's "
         "cards.",
         _CARD + '\naction shove "Shove" {\n  effect {\n    move coin into pile\n  }\n'
         '  source "Turn"\n}\n',
         cards='cards:\n  - name: farm\n    value: 1\n    copies: 3\n'),
    Code(MAYBE_PARAM_TYPE := "E0586", "a parameter that may be absent is not a card or a player",
         "`name: type?` declares a procedure parameter that may be `nothing` (a card) or `nobody` "
         "(a player), so that a value that may be absent can be passed without a test. A number, "
         "a bag or an enum member is never absent: drop the `?`.",
         'procedure tip "Tip" (n: int?) {\n  effect {\n    score n\n  }\n  source "Turn"\n}\n'),
    Code(TABLE_KEY_TYPE := "E0587", "a table key of the wrong kind",
         "A table's keys are numbers, ranges `a to b` or members of one enum, the same kind in "
         "every row at each position (`(row, 1 to 3) -> 1`), and a read gives one key per "
         "position: `cost[3]`, `slot_cost[factory, 2]`. A key that is another kind of value, a "
         "name that is no enum member, or a read with too many or too few keys cannot be looked up.",
         'table cost "Cost" {\n  1 -> 2\n  big -> 3\n  source "Turn"\n}\n\n'
         'action buy "Buy" {\n  effect {\n    score cost[1]\n  }\n  source "Turn"\n}\n'),
    Code(TABLE_KEY_DUPLICATE := "E0588", "a table gives two values for one key",
         "Two rows of a table name the same key, or their ranges overlap (`1 to 3` and `3`), so "
         "the table says two things about it. Keep one row per key.",
         'table cost "Cost" {\n  1 to 3 -> 2\n  3 -> 4\n  source "Turn"\n}\n\n'
         'action buy "Buy" {\n  effect {\n    score cost[1]\n  }\n  source "Turn"\n}\n'),
    Code(TABLE_VALUE_TYPE := "E0589", "a table's values are of different types",
         "Every value of a table (and its `else`) is of one type: all numbers, all true/false, all "
         "texts or all members of one enum, so that a read has one type wherever it is used.",
         'table cost "Cost" {\n  1 -> 2\n  2 -> true\n  source "Turn"\n}\n\n'
         'action buy "Buy" {\n  effect {\n    score cost[1]\n  }\n  source "Turn"\n}\n'),
    Code(TABLE_MISSING_KEY := "E0590", "a table read with a key the table does not have",
         "The key is known when the spec is compiled and no row of the table names it, and the "
         "table has no `else`: the read would always give the zero of its type. Add the row, "
         "add `else V`, or read another key.",
         'table cost "Cost" {\n  1 -> 2\n  2 -> 3\n  source "Turn"\n}\n\n'
         'action buy "Buy" {\n  effect {\n    score cost[5]\n  }\n  source "Turn"\n}\n'),
    Code(LIST_INDEX := "E0591", "a list read that is not a list, or not by a number",
         "`x.f[i]` reads the i-th value (1 first) of a card's `list of` field, and `size(x.f)` "
         "counts them. The field must be declared `field f: list of T` and the index must be a "
         "number.",
         _CARD + '\naction pick "Pick" {\n  choose b: card in pile\n  require b.value[1] >= 1\n'
         '  effect {\n    score 1\n  }\n  source "Turn"\n}\n',
         cards='cards:\n  - name: farm\n    value: 1\n    copies: 3\n'),
    Code(TABLE_TOO_LARGE := "E0592", "a table with too many keys",
         "A table names more than 10,000 keys, its ranges spread out (`1 to 20000`): the engine "
         "writes every key out. Use narrower ranges, or work the value out with arithmetic "
         "(`2 * n + 1`), which a derived value can name.",
         'table cost "Cost" {\n  1 to 20000 -> 2\n  source "Turn"\n}\n\n'
         'action buy "Buy" {\n  effect {\n    score cost[1]\n  }\n  source "Turn"\n}\n'),
    Code(SET_NOT_TRACK := "E0531", "`set` of something that is not a track",
         "`set NAME = E` puts a track's marker at E (`set p.NAME = E`: player p's track; "
         "`set NAME[k] = E`: the one of member k). NAME is a param (fixed for a game: a mode "
         "changes it with its own `set`), a derived value (worked out from others), a tally or a "
         "resource (`gain` and `pay` change what a player holds). Declare a track to change it "
         "during play, or use the statement the hint names.",
         'param goal "Goal" = 5 {\n  source "Rules"\n}\n\n'
         'action reset "Reset" {\n  effect {\n    set goal = 3\n  }\n  source "Turn"\n}\n'),
    Code(START_OUTSIDE_RANGE := "E0532", "a track starts outside its range",
         "A track with `range LOW to HIGH` never leaves that range, and its `start` (0 when not "
         "written) lies outside it: the first move would jump to an end. Start it inside the range.",
         'track morale "Morale" {\n  per player\n  range 1 to 6\n  start 8\n  source "Rules"\n}\n'),
    Code(RANGE_EMPTY := "E0533", "a track's range is empty",
         "`range LOW to HIGH` gives the lowest and the highest value of a track, in that order; "
         "here LOW is above HIGH, so no value is in the range. Write the low end first.",
         'track morale "Morale" {\n  per player\n  range 6 to 1\n  start 3\n  source "Rules"\n}\n'),
    Code(DIE_FACES_MIXED := "E0534", "the faces of dice mix numbers and enum members",
         "`faces F, ...` lists what each side of a die shows: all numbers (`faces 0, 1, 1, 2`) or all "
         "members of one enum (`faces plus, minus, blank`), so that reading the die gives one kind of "
         "value. Here they mix numbers and members, or members of two enums. Keep one kind.",
         _SIGN + 'dice d "D" {\n  faces plus, 1, 2\n  source "Rules"\n}\n'),
    Code(DIE_FACE_UNKNOWN := "E0535", "a face the dice do not have",
         "`count d showing F` and `set d = F` name a face; this die has no such face (a member of "
         "the right enum that is not printed on it, or a number past its sides), so the count is "
         "always 0 or the die cannot be turned to it. Name one of its faces.",
         _SIGN + _DICE + 'action look "Look" {\n  require (count d showing blank) >= 1\n  effect {\n'
         '    score 1\n  }\n  source "Turn"\n}\n'),
    Code(DIE_INDEX := "E0536", "a die of a set named by a number it does not have",
         "`d[i]` and `roll d[i]` name the i-th die of a `dice` declaration, counting from 1 up to its "
         "`count`. A number written out below 1 or above the count names no die.",
         _SIGN + _DICE + 'action look "Look" {\n  require d[3] == plus\n  effect {\n    score 1\n  }\n'
         '  source "Turn"\n}\n'),
    Code(DICE_SIDES_AND_FACES := "E0537", "dice with both `sides` and `faces`, or neither",
         "A die is either numbered (`sides 6`: the faces 1 to 6) or has the faces listed "
         "(`faces 0, 1, 1, 2`). Write one of the two.",
         'dice d "D" {\n  sides 6\n  faces 1, 2\n  source "Rules"\n}\n'),
    Code(DIE_NEEDS_INDEX := "E0538", "one face of several dice",
         "A `dice` declaration with `count` above 1 is several dice: its bare name does not say which "
         "face is meant. Name one die (`d[1]`), count the dice showing a face (`count d showing F`), "
         "or roll them all (`roll d`).",
         _SIGN + _DICE + 'action look "Look" {\n  require d == plus\n  effect {\n    score 1\n  }\n'
         '  source "Turn"\n}\n'),
    Code(STOCK_PER_UNKNOWN := "E0539", "a stock kept per something that is not a card type",
         "`stock NAME \"Title\" { per CARD }` gives every card of type CARD its own bag of resources "
         "(`NAME of c`); without `per` there is one for the game. CARD must name a card type or pieces "
         "of the spec.",
         'stock heap "Heap" {\n  per spots\n  source "Rules"\n}\n'),
    Code(STOCK_OWNER_TYPE := "E0528", "a stock named of something that does not hold it",
         "`NAME of c` reads the stock that card `c` holds: `c` must be a card of the stock's type (a "
         "choice, a `let`, a parameter, a loop's card). A stock without `per` is one for the game and "
         "is named alone, without `of`.",
         'card spot "Spot" {\n  field n: int "number"\n  source "Rules"\n}\n\n'
         'stock heap "Heap" {\n  source "Rules"\n}\n\n'
         'action peek "Peek" {\n  choose p: player\n  require total(heap of p) >= 1\n  effect {\n'
         '    score 1\n  }\n  source "Turn"\n}\n'),
    Code(TRANSFER_ENDPOINTS := "E0529", "resources moved to or from something that cannot hold them",
         "`transfer BAG [from X] to Y` and `transfer all X to Y` move resources between players and "
         "stocks; `gain BAG into S` and `clear S` take a stock. Each side here is a bag worked out "
         "from something else (a card's cost, a sum), which holds nothing. Name a player or a stock "
         "(`left_here of loc`).",
         'action give "Give" {\n  effect {\n    transfer coin 1 to coin 2\n  }\n  source "Turn"\n}\n'),
    Code(TABLE_NO_ROWS := "E0593", "a table with no rows",
         "A table gives a value for each key of its rows (`1 to 3 -> 2`); one with none has no key, "
         "no value and no type for its reads. Write its rows, or use a `param` for a single value.",
         'table cost "Cost" {\n  source "Turn"\n}\n\n'
         'action buy "Buy" {\n  effect {\n    score cost[vp]\n  }\n  source "Turn"\n}\n'),
    Code(PAY_MAY_EXCEED := "E0594", "a payment that may exceed what is held",
         "An action offered as legal must apply, so every `pay` (and every `transfer` out of a "
         "player or a stock) must be shown held where it runs: by a `require has BAG` of the action "
         "(or a comparison, `require coin >= 2`), an `if has BAG` around it, or a `gain` just before "
         "it. Without one, the engine would offer the action to a player who cannot pay and fail "
         "half-way through its effect. Add the `require has` the hint names; in a procedure, which "
         "may run from anywhere, test it inside (`if has BAG { pay BAG }`).",
         'action spend "Spend" {\n  effect {\n    pay coin 2\n    score 1\n  }\n'
         '  source "Turn"\n}\n'),
    Code(NO_ACTING_PLAYER := "E0595", "a player's value where no player acts",
         "\"You\" is the acting player: the one taking the action, the player whose turn starts, "
         "the player who runs a procedure, each player in turn inside `each player`. Nobody acts "
         "in the `setup`, in a phase's `on enter` and `on exit` and `only when`, in a transition's "
         "condition or in an end's `when`: there `my hand`, a bare `coin`, `me`, `gain`, `score` "
         "or `done` would silently mean the first player while the page says \"you\". Put the "
         "statements inside `each player { ... }` to mean every player, test `any player ...` or "
         "`every player ...` in a condition, or name the player (`let p = first player`, then "
         "`p.coin`).",
         MINIMAL_SPEC.replace("  each player {\n    gain coin 1\n  }\n", "  gain coin 1\n"),
         standalone=True),
    Code(MODULE_NAMES_ITSELF := "E0596", "a module `needs` or `excludes` itself",
         "`needs` and `excludes` in a module name the other modules it must or must not be "
         "played with. A module always has itself: `needs` naming it says nothing, and "
         "`excludes` naming it would forbid every mode that applies it. Name the other module "
         "meant (the hint suggests the closest one), or remove the line.",
         'module a "A" {\n  excludes a\n}\n\nmode m "M" {\n  use a\n}\n'),
    Code(LOOP_ROUND_WAITS := "E0513", "a statement after a decision inside a loop",
         "Retired: a round of `for each`, `each player` or `repeat` may now wait in its middle; "
         "each round's rest runs after its answers, before the next round starts (see "
         "*Decisions* in the language reference). Until then a decision had to be the last "
         "thing a round did, or be followed only by other decisions. The code stays registered "
         "and is never reused.",
         "`each player { choose 1 cards from my hand into pile  score 1 }`, before rounds could wait",
         runnable=False, retired=True),
    Code(END_LINE_TWICE := "E0514", "an `end` block says when it ends, or how, twice",
         "An `end` block takes one `when C` and at most one of `immediately` and `finish round`: "
         "a second would be silently dropped. For another way the game ends, write another `end` "
         "block; for two conditions at once, join them with `and` or `or`.",
         MINIMAL_SPEC.replace("  finish round\n", "  finish round\n  when any player vp >= 9\n"),
         standalone=True),
)
