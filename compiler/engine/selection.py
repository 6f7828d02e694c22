"""What a generated ``Game`` says about the modules and options it is created with
(construct 15): the class attributes ``MODULES``, ``_SETS`` and ``_OPTIONS`` that
:class:`compiler.engine.runtime.GameBase` reads to check ``Game(..., modules=...,
options=...)`` and to pick the rules of the chosen set.

Design: ``design/language/README.md`` › Construct 15 (d).
"""

from __future__ import annotations

from compiler.analysis.selection import catalogue_entries, default_value, option_values


def _first_ids(entries: list[dict], ranges: dict[str, tuple[int, int]]) -> dict[str, dict[str, int]]:
    """Catalogue name → {entry name → the id of its first copy}: a catalogue's cards are
    the ids of its range in ``ranges`` (upper-case names, as the engine's ``CATALOGUE_``
    constants), its entries in order, each ``copies`` ids long.  Two catalogues may hold
    entries of one name (Utopia's faction and villain The Neb): each keeps its own."""
    out: dict[str, dict[str, int]] = {}
    for cat, (lo, _hi) in ranges.items():
        ids, at = {}, lo
        for c in entries:
            if str(c.get("_catalogue", "")).upper() == cat:
                ids.setdefault(str(c.get("name")), at)
                at += int(c.get("copies", 1))
        out[cat] = ids
    return out


def selection_tables(comp, entries: list[dict], ranges: dict[str, tuple[int, int]] | None = None) -> dict:
    """``{"modules": (name, ...), "titles": {name: title}, "sets": {mode: [set, ...]},
    "options": {mode: {name: {"title", "values", "default"}}}}``: every selectable module
    in declaration order; per mode, the module sets it allows (the empty set first) and
    the options it offers (values as the engine holds them, those of the mode's own
    enums; ``"random"`` for a default drawn from the seed; for an option naming a
    catalogue's entry, ``"catalogue"`` and ``"first"``: value → the id of the entry's first
    copy in that catalogue, from the catalogue ``ranges``).  ``options`` also holds, under
    ``mode+module+...``, the options of a module set whose values differ from the mode's
    (a module that ``extend``s the enum of an option adds a value only when selected)."""
    selectable = {n for m in comp.modes.values() for s in m.module_sets for n in s}
    modules = tuple(n for n in comp.modules if n in selectable)
    named = catalogue_entries(entries)
    first = _first_ids(entries, ranges or {})
    options = {}
    for name, mode in comp.every().items():  # the modes, then the module sets they allow
        offered = {}
        for option in mode.options.values():
            offered[option.name] = {"title": option.title,
                                    "values": list(option_values(option, mode.enums, named) or ()),
                                    "default": "random" if option.random else default_value(option)}
            if option.of is not None and option.of.name in named:  # read as the entry's first card
                offered[option.name]["catalogue"] = option.of.name
                offered[option.name]["first"] = first.get(option.of.name.upper(), {})
        if name in comp.modes or offered != options.get(name.split("+")[0]):
            options[name] = offered  # a module set's table only where its values differ
    return {"modules": modules, "titles": {n: comp.modules[n].title for n in modules},
            "sets": {name: [list(s) for s in mode.module_sets] for name, mode in comp.modes.items()},
            "options": options}
