"""How big a game the compiler accepts: bounds on the size of a spec and on the numbers
an engine enumerates.

A spec may say ``players 2 to 99999999999999999999``; the engine would then lay
out a seat, and each seat's pieces, for every possible player, and a choice of
``2147483648 of electricity, water`` would list every bag.  The checker reports
numbers past these bounds as errors instead of letting codegen run for ever.

The size bounds keep every pass linear and every generated engine compilable:
a spec past them is refused with a diagnostic (see :mod:`compiler.analysis.bounds`) before
any pass walks it.  Each bound is far above what a real game needs: the two
shipped specs are under 30,000 characters, nest blocks at most 4 deep and
expressions 5 levels deep, and their longest expression has 11 terms.
``docs/language.md`` (*Limits*) lists them for spec authors.
"""

from __future__ import annotations

from math import comb

from dsl.parser import MAX_NUMBER  # noqa: F401 - the parser refuses larger numbers (E0543)

#: Most players a game (or a mode) may be for.
MAX_PLAYERS = 100
#: Most seats played by the rules (automata) in one mode, its modules' included (E0839).
MAX_SEATS = 100
#: Most pieces (dice, tokens) of one kind per player.
MAX_PIECES_PER_PLAYER = 1000
#: Most pieces of all kinds for the most players (E0506): the engine lays each one out.
MAX_PIECES = 100_000
#: Most copies of one catalogue entry.
MAX_COPIES = 1000
#: Most options one `choose` may offer (a bag choice's combinations, a range's numbers),
#: and most combinations the choices of one action may offer together, where they are
#: known before the game (ranges, bags, players).
MAX_CHOICES = 10_000
#: Most keys of one table, its ranges spread out (E0592): the engine writes each key out.
MAX_TABLE_KEYS = 10_000
#: Most `choose` lines of one action: the engine tries their options one inside another.
MAX_ACTION_CHOICES = 8
#: Most options of one `ask` (E0506): the engine tests the answer against each in turn,
#: and Python cannot compile a chain of some 3,000 tests.
MAX_ASK_OPTIONS = 1000

#: Most characters of a spec file (E0540): over 30 times the largest shipped spec.
MAX_SPEC_CHARS = 1_000_000
#: Most tokens (words, numbers, texts, symbols; comments are free) of a spec (E0540):
#: 15 times the largest shipped spec (3,300).  Parsing a statement-dense spec takes some
#: 80 µs of CPU a token, so the bound keeps the worst case near 4 s.
MAX_SPEC_TOKENS = 50_000
#: Most blocks (`if`, `for each`, `each player`, `ask`) one inside another (E0003).
#: Python refuses more than 20 nested loops in a function.
MAX_BLOCK_DEPTH = 16
#: Most levels of an expression inside another (E0003); a chain of ``//`` counts a
#: level for each ``//``.  Python refuses more than 200 nested parentheses.
MAX_EXPR_DEPTH = 40
#: Most terms (numbers, names, counts...: whatever is not an operator) of one expression
#: (E0542): Python cannot compile a chain of some 3,000 terms.
MAX_EXPR_TERMS = 1000
#: Longest chain of derived values reading one another, or of procedures running one
#: another (E0541): each link is a call in the engine, whose stack is about 1,000 deep.
MAX_REFERENCE_DEPTH = 50
#: Most times `each player` and `repeat` blocks one inside another may run their body
#: (E0544): the product of the most players (for each `each player`) and of the
#: constant counts (for each `repeat`).
MAX_REPEATS = 10_000
#: Most rounds a `repeat` with a constant count may run (E0800); a computed count is
#: bounded in play by the engine's guard of rounds run without a decision.
MAX_REPEAT_COUNT = 1000

#: Most modes of a spec (E0545); composing a chain of modes copies each parent.
MAX_MODES = 2000
#: Most rules of all modes together, as modes times the rules of the spec (E0545):
#: each mode holds, checks and compiles every rule in force in it.  Utopolis has 490.
MAX_MODE_RULES = 50_000
#: Most mode operations one mode may apply (E0545); a mode applies each module once,
#: however many modules use it (construct 14).
MAX_MODE_OPS = 50_000

#: Steps (statements run, cards counted) the setup check of one mode may take for all
#: its player counts (E0701 is then not looked for further): a setup of nested
#: `each player` blocks over thousands of cards would otherwise take minutes.
MAX_SETUP_STEPS = 200_000

#: Name comparisons the did-you-mean hints of one run may make: thousands of unknown names
#: among thousands of declarations would take minutes; past it, hints list the names.
MAX_NAME_COMPARISONS = 300_000

#: Most characters of a catalogue file (E0321): over 15 times the largest shipped one.
MAX_CATALOGUE_CHARS = 500_000
#: Most levels of YAML lists and mappings one inside another in a catalogue (E0321).
MAX_YAML_DEPTH = 20
#: Most cards (copies included) of all catalogues of a spec (E0321).
MAX_CARDS = 10_000


def bag_choices(kinds: int, size: int, smallest: int | None = None) -> int:
    """How many bags of ``size`` items drawn from ``kinds`` kinds there are (with
    repetition): C(kinds + size - 1, size); 0 for no kinds or a size below 1.  With
    ``smallest``, the bags of ``smallest`` to ``size`` items (the empty bag counts
    once): C(kinds + size, size) - C(kinds + smallest - 1, smallest - 1)."""
    if kinds < 1 or size < 1:
        return 0
    if smallest is None or smallest == size:
        return comb(kinds + size - 1, size)
    below = comb(kinds + smallest - 1, smallest - 1) if smallest > 0 else 0
    return comb(kinds + size, size) - below
