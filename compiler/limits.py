"""How big a game the compiler accepts: bounds on the numbers an engine enumerates.

A spec may say ``players 2 to 99999999999999999999``; the engine would then lay
out a seat, and each seat's pieces, for every possible player, and a choice of
``2147483648 of electricity, water`` would list every bag.  The checker reports
numbers past these bounds as errors instead of letting codegen run for ever.
"""

from __future__ import annotations

from math import comb

#: Most players a game (or a mode) may be for.
MAX_PLAYERS = 100
#: Most pieces (dice, tokens) of one kind per player.
MAX_PIECES_PER_PLAYER = 1000
#: Most copies of one catalogue entry.
MAX_COPIES = 1000
#: Most options one `choose` may offer (a bag choice's combinations, a range's numbers).
MAX_CHOICES = 10_000


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
