"""The fields of a mode's ``Rules`` for seats played by rules and sides (construct 20):
the automaton kind of each automaton seat (``seats``), ``alternate``, ``sides`` and each
automaton's turns (``automata``: kind → phase → the function of its ``turn in`` block).

Split from :mod:`compiler.engine.codegen` (issue 9's size rule), which writes these
fields into each mode's ``Rules``; a mode without automata leaves every one at its
default (:data:`compiler.engine.mode_tables.RULES_DEFAULTS`), so its engine is unchanged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from compiler.engine.mode_tables import PyDict, names_tuple, table
from compiler.engine.pyexpr import expr
from compiler.engine.pyquote import literal, reference

if TYPE_CHECKING:
    from compiler.engine.codegen import EngineGenerator


def seat_fields(gen: EngineGenerator, mode) -> dict[str, object]:
    """The ``Rules`` fields of ``mode`` for construct 20, in the shapes of
    :data:`~compiler.engine.mode_tables.RULES_DEFAULTS`."""
    seats = tuple(op.kind.name for op in mode.seats for _ in range(op.count))
    played = {op.kind.name for op in mode.seats}
    turns = {bot.name: table({t.phase.name: reference(gen.effect_fn(
        mode, "turn", t, f"{bot.name}_{t.phase.name}", t.body,
        f"The turn of {bot.title} in phase {t.phase.name}")) for t in bot.turns if t.body})
        for bot in mode.automata.values() if bot.name in played}
    return {
        "seats": literal(seats),
        "alternate": literal(mode.seating is not None and bool(seats)),
        "sides": names_tuple(s.name for s in mode.sides.sides) if mode.sides is not None else literal(None),
        "automata": table({k: v for k, v in turns.items() if v.items}) if turns else PyDict(()),
        "controllers": table({bot.name: reference(controller_fn(gen, mode, bot))
                              for bot in mode.automata.values() if bot.name in played and bot.controllers}),
        "kind_titles": table({bot.name: literal(bot.title) for bot in mode.automata.values()
                              if bot.name in played}),
    }


def controller_fn(gen: EngineGenerator, mode, bot) -> str:
    """The function ``controller_KIND(g, s, p)``: the seat the ``controlled by`` line of
    automaton ``bot`` names, "you" (``p``) being one of its seats (the runtime's
    ``decider`` falls back on the default when it is no human seat)."""
    fn = gen.namer.known("controller", id(bot))
    if fn is not None:
        return fn
    line = bot.controllers[0]
    fn = gen.namer("controller", id(bot), bot.name)
    w = gen._fn(f"def {fn}(g, s, p):", f"Who controls {bot.title} (spec line {line.span.line}).")
    w.line(f"return {expr(line.expr, gen._ctx(mode), gen.res)}")
    gen._emit(w)
    return fn
