"""End conditions that can never hold (code E0409).

An end condition is folded (see :mod:`compiler.analysis.constfold`) for every player
count the mode allows.  One that is false for some count means the game cannot
end that way with that many players: the flow's transitions that wait for it are
never taken, and a ``turns`` phase that ends only when the game ends
``immediately`` would go on forever.
"""

from __future__ import annotations

from dsl import ast, codes
from dsl.diagnostics import Note
from compiler.analysis.constfold import fold, mode_env, player_counts, players_words


def check_mode(mode, report) -> None:
    """Report E0409 for ``mode``; ``report`` (a :class:`dsl.diagnostics.Report`) receives it."""
    counts = player_counts(mode)
    for end in mode.ends.values():
        if end.when is None:
            continue
        never = [n for n in counts if fold(end.when, mode_env(mode, n)) is False]
        if not counts and fold(end.when, mode_env(mode)) is False:
            never = [0]
        if not never:
            continue
        who = "" if set(never) == set(counts) or never == [0] else f" with {players_words(never)}"
        waiting = [e for e in (mode.flow.edges if mode.flow else ())
                   if e.condition is not None and end.name in _names(e.condition)]
        notes = [Note("this transition waits for it", e.span) for e in waiting][:3]
        report.error(codes.END_NEVER_HOLDS, f"the end condition `{end.name}` can never hold{who}, so "
                     "the game cannot end this way", end.when.span, hint=_hint(mode), notes=notes)


def _hint(mode) -> str:
    score = next((t.name for t in mode.tracks.values() if t.is_score), None)
    example = f", e.g. `any player {score} >= 20`" if score else ""
    return "write a condition that some game reaches" + example


def _names(e):
    """Every bare name in an expression tree."""
    return (node.name for node in ast.walk(e) if isinstance(node, ast.Name))
