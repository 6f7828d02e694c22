"""Checks of options chosen when a game is created (construct 15): each option's values
and default (E0850–E0852, E0854), the names on ``options`` lines (E0336), and options that no
line offers (W0152).

Design: ``design/language/README.md`` › Construct 15 (c).
"""

from __future__ import annotations

from dsl import codes
from dsl.diagnostics import DiagnosticBag, did_you_mean
from compiler.analysis.selection import MAX_OPTION_VALUES, catalogue_entries, default_value, option_values


def check_composition(comp, cards, bag: DiagnosticBag) -> None:
    """E0850–E0852, E0854, E0336 and W0152 for the whole spec ``comp`` (a Composition)."""
    base = comp.base
    if base is None:
        return
    enums = {**base.enums, **{n: e for m in comp.modes.values() for n, e in m.enums.items()}}
    catalogues = {n for m in (base, *comp.modes.values()) for n in m.catalogues}
    entries = catalogue_entries(cards)
    for option in base.options.values():
        if option.of is not None and option.of.name in catalogues and option.of.name not in entries:
            continue  # a catalogue that did not load (reported) or holds no card
        if option.kind == "range" and option.high - option.low + 1 > MAX_OPTION_VALUES:
            bag.error(codes.OPTION_RANGE_TOO_LONG, f"option `{option.name}` holds "
                      f"{option.high - option.low + 1:,} numbers: at most {MAX_OPTION_VALUES:,}",
                      option.values_span or option.span,
                      hint="narrow the range, or make it a param the rules set")
            continue
        values = option_values(option, enums, entries)
        if values is None:
            what = (f"`one of {option.of.name}` names no enum or catalogue" if option.kind == "one_of"
                    else f"`{option.low} to {option.high}` holds no number" if option.kind == "range"
                    else "it has no values line")
            bag.error(codes.OPTION_VALUES, f"option `{option.name}` has no values: {what}",
                      option.values_span or option.span,
                      hint=did_you_mean(option.of.name, enums, "enums") if option.kind == "one_of"
                      else "write `one of ENUM`, `LOW to HIGH` or `true or false`")
            continue
        if option.random:
            continue
        if option.default is None:
            bag.error(codes.OPTION_NO_DEFAULT, f"option `{option.name}` has no default", option.span,
                      hint=f"write `default {_words(values[0])}` or `default random`")
        elif (value := default_value(option)) not in values or type(value) is not type(values[0]):
            bag.error(codes.OPTION_DEFAULT, f"the default of option `{option.name}` is not one of its "
                      f"values ({_shown(values)})", option.default.span,
                      hint=f"write `default {_words(values[0])}`, or `default random`")
    offered: set[str] = set()
    lines = [base.offered] + [m.offered for m in comp.modes.values()]
    for line in dict.fromkeys(line for line in lines if line is not None):
        for ident in line.names:
            offered.add(ident.name)
            if ident.name not in base.options:
                bag.error(codes.SELECT_UNKNOWN_OPTION, f"`options` names unknown option `{ident.name}`",
                          ident.span, hint=did_you_mean(ident.name, base.options, "options")
                          or f"declare it with `option {ident.name} \"Title\" {{ ... }}`")
    for option in base.options.values():
        if option.name not in offered:
            bag.warning(codes.OPTION_NEVER_OFFERED, f"option `{option.name}` is offered by no "
                        "`options` line: no game can set it", option.span,
                        hint=f"add `options {option.name}` to the game block or a mode")


def _words(value) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def _shown(values: tuple) -> str:
    if len(values) > 6 and all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return f"{values[0]} to {values[-1]}"
    return ", ".join(_words(v) for v in values)
