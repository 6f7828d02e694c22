"""The module sets a mode allows at creation, and their compositions (construct 15).

A mode's *selectable* modules are the game's ``modules`` line, or the nearest ``modules``
line of the mode or a mode it extends.  Whoever creates a game picks any subset that the
modules' ``needs``/``excludes`` allow; each allowed non-empty set is composed as the mode
with those modules applied after the mode's own operations and amendments, in the order
the modules are declared in the spec (so ``("a", "b")`` and ``("b", "a")`` are the same
game), then the ``combine`` blocks whose modules are all applied.

Design: ``design/language/README.md`` › Construct 15 (b), (c), (d).
"""

from __future__ import annotations

from itertools import combinations as _subsets

from dsl import ast

#: The most module sets one mode may allow (E0853): each is composed, checked and tabled.
MAX_COMBINATIONS = 64
#: The most numbers one option's range (``LOW to HIGH``) may hold (E0854): the engine
#: lists them in ``Game.options(mode)`` and draws ``default random`` among them.
MAX_OPTION_VALUES = 1000


def combination_name(mode: str, modules: tuple[str, ...]) -> str:
    """The canonical name of ``mode`` played with ``modules`` (declaration order):
    ``"standard"``, ``"standard+hypersync+intrigues"``."""
    return "+".join((mode, *modules))


def _relations(module: ast.Module | None) -> tuple[set[str], set[str]]:
    needs: set[str] = set()
    excludes: set[str] = set()
    for op in module.ops if module is not None else ():
        if isinstance(op, ast.ModuleNeeds):
            needs.update(m.name for m in op.modules)
        elif isinstance(op, ast.ModuleExcludes):
            excludes.update(m.name for m in op.modules)
    return needs, excludes


def allowed(chosen: tuple[str, ...], decls: dict[str, ast.Module],
            used: tuple[str, ...] = ()) -> str | None:
    """Why the set ``chosen`` cannot be played (a sentence), or None when it can.  A module
    that ``needs`` another needs it chosen (or ``used``, applied by the mode anyway); two
    modules of which one ``excludes`` the other cannot be played together."""
    present = set(chosen) | set(used)
    for name in chosen:
        needs, excludes = _relations(decls.get(name))
        missing = sorted(needs - present)
        if missing:
            return f"module {name!r} needs module {missing[0]!r}"
        clash = sorted(excludes & present)
        if clash:
            return f"module {name!r} cannot be played with module {clash[0]!r}"
        for other in present - {name}:
            if name in _relations(decls.get(other))[1]:
                return f"module {other!r} cannot be played with module {name!r}"
    return None


def module_sets(selectable: tuple[str, ...], decls: dict[str, ast.Module],
                used: tuple[str, ...] = (), limit: int | None = None) -> list[tuple[str, ...]]:
    """Every set of ``selectable`` (given in declaration order) that :func:`allowed` allows,
    the empty set first, then by size; at most ``limit`` + 1 of them when ``limit`` is given
    (enough to tell that there are too many)."""
    out: list[tuple[str, ...]] = []
    for size in range(len(selectable) + 1):
        for chosen in _subsets(selectable, size):
            if allowed(chosen, decls, used) is None:
                out.append(chosen)
                if limit is not None and len(out) > limit:
                    return out
    return out


def option_values(option: ast.Option, enums: dict, entries: dict | None = None):
    """The values ``option`` may take, in order (a tuple of enum member names, of the names
    of a catalogue's entries, or False and True; a ``range`` of numbers, never listed here),
    or None when its values line names nothing (E0850).  ``entries`` maps each catalogue to
    its entries' names."""
    if option.kind == "one_of" and option.of is not None and entries and option.of.name in entries:
        return tuple(dict.fromkeys(entries[option.of.name])) or None
    if option.kind == "bool":
        return (False, True)
    if option.kind == "range":
        return range(option.low, option.high + 1) or None
    if option.kind == "one_of" and option.of is not None and option.of.name in enums:
        return tuple(m.name for m in enums[option.of.name].members) or None
    return None


def default_value(option: ast.Option):
    """The literal default of ``option`` as the engine holds it (None for none or random)."""
    d = option.default
    if isinstance(d, (ast.Number, ast.Bool)):
        return d.value
    if isinstance(d, ast.Name):
        return d.name
    return None


def catalogue_entries(cards) -> dict[str, tuple[str, ...]]:
    """Catalogue name → the names of its entries, in order (from the loaded ``cards``)."""
    out: dict[str, list[str]] = {}
    for card in cards or ():
        out.setdefault(card.get("_catalogue", ""), []).append(str(card.get("name")))
    return {k: tuple(v) for k, v in out.items()}


def select_line(mode, op, by: str, bag) -> None:
    """A ``modules`` or ``options`` line met while composing ``mode``: a mode's (``by`` is
    the mode's name, which has no space) replaces the one in force; elsewhere E0338."""
    from dsl import codes

    word = "modules" if isinstance(op, ast.SelectModules) else "options"
    if " " in by:  # a module, an amendment or a combine block
        bag.error(codes.SELECT_LINE_MISPLACED, f"`{word}` belongs in the game block or a mode: in a "
                  f"{by.split(' ')[0]} it would be ignored", op.span,
                  hint="move the line to the game block, or to the mode that offers the choice")
        return
    if word == "modules":
        mode.selectable = op
    else:
        mode.offered = op


def compose_sets(composer, modes: dict, bag) -> dict:
    """Compose every allowed non-empty module set of every mode of ``modes`` (each a
    ComposedMode, given its ``module_sets``); returns them by canonical name.  Also keeps
    in each mode only the options its ``options`` line offers.  Reports E0335 (a name
    that is no module), E0339 (a module both used and selectable), E0853 (too many sets)
    and E0337 (a module whose players and the mode's do not meet)."""
    from dsl import codes
    from dsl.diagnostics import did_you_mean

    decls = composer.modules
    out: dict = {}
    for mode in modes.values():
        offered = {n.name for n in mode.offered.names} if mode.offered is not None else set()
        mode.options = {n: o for n, o in mode.options.items() if n in offered}
        if mode.selectable is None or mode.incomplete:
            continue
        names: list[str] = []
        for ident in mode.selectable.names:
            if ident.name not in decls:
                bag.error(codes.SELECT_UNKNOWN_MODULE, f"`modules` names unknown module `{ident.name}`",
                          ident.span, hint=did_you_mean(ident.name, decls, "modules")
                          or f"declare it with `module {ident.name} \"Title\" {{ ... }}`")
            elif ident.name in mode.modules_applied:
                bag.error(codes.SELECTED_AND_USED, f"mode `{mode.name}` always plays module "
                          f"`{ident.name}` (it `use`s it), so it cannot also be chosen at creation",
                          ident.span, hint=f"drop `use {ident.name}` to make it a choice, or drop it "
                          "from the `modules` line")
            elif ident.name not in names:
                names.append(ident.name)
        ordered = tuple(n for n in decls if n in names)  # declaration order
        sets = module_sets(ordered, decls, mode.modules_applied, MAX_COMBINATIONS)
        if len(sets) > MAX_COMBINATIONS:
            bag.error(codes.TOO_MANY_COMBINATIONS, f"mode `{mode.name}` allows more than "
                      f"{MAX_COMBINATIONS} sets of modules ({len(ordered)} selectable modules)",
                      mode.selectable.span, hint="group modules that always go together into one, "
                      "or say with `needs`/`excludes` which cannot be played together")
            continue
        kept = [()]
        for chosen in sets[1:]:
            combo = composer.select(mode, chosen)
            if combo.players[0] > combo.players[1]:
                if len(chosen) == 1:
                    lo, hi = mode.players
                    bag.error(codes.MODULE_PLAYERS_EMPTY, f"module `{chosen[0]}` allows none of mode "
                              f"`{mode.name}`'s player counts ({lo} to {hi})", combo.players_span
                              or mode.selectable.span, hint="make the two `players` lines meet, or "
                              "leave the module out of the mode's `modules` line")
                continue
            kept.append(chosen)
            out[combo.name] = combo
        mode.module_sets = tuple(kept)
    return out
