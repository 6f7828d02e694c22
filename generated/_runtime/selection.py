"""Modules and options chosen when a game is created (construct 15): checking what
``Game(num_players, mode, modules=..., options=...)`` asks for against what the mode
allows, and drawing the options whose default is ``random`` from the seed."""

from __future__ import annotations

from typing import Any

from .chance import MASK64
from .errors import RulesError
from .values import _is_int


def chosen_modules(game_cls: Any, mode: str, modules: object) -> tuple[str, ...]:
    """``modules`` (any order, each once) as the set ``mode`` allows, in declaration order;
    RulesError for a name that is no module of the game, one the mode does not offer, or
    a set that ``needs``/``excludes`` forbid."""
    if isinstance(modules, str) or not isinstance(modules, (tuple, list, set, frozenset)):
        raise RulesError(f"modules must be a tuple of module names, not {modules!r}")
    names = list(modules)
    known = game_cls.MODULES
    for name in names:
        if not isinstance(name, str) or name not in known:
            listed = ", ".join(known) if known else "none"
            raise RulesError(f"unknown module {name!r}; modules: {listed}")
    if len(set(names)) != len(names):
        raise RulesError(f"a module is named twice in {tuple(names)!r}")
    sets = [tuple(s) for s in game_cls._SETS.get(mode, [[]])]
    offered = {n for s in sets for n in s}
    for name in names:
        if name not in offered:
            raise RulesError(f"mode {mode!r} does not offer module {name!r}; it offers: "
                             + (", ".join(n for n in known if n in offered) or "none"))
    chosen = tuple(n for n in known if n in names)
    if chosen not in sets:
        raise RulesError(f"modules {', '.join(chosen)} cannot be played together in mode {mode!r}; "
                         "allowed sets: " + "; ".join(" + ".join(s) or "(none)" for s in sets))
    return chosen


def chosen_options(game_cls: Any, mode: str, options: object, seed: int,
                   selected: tuple[str, ...] = ()) -> dict[str, Any]:
    """Every option ``mode`` offers, with its value: the one given in ``options``, else its
    default, else (``random``) one drawn from ``seed``, among the values of ``mode`` played
    with the ``selected`` modules.  RulesError for an option the mode does not offer or a
    value that is not one of the option's in that composition."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise RulesError(f"options must be a dict of option name -> value, not {options!r}")
    offered = game_cls._OPTIONS.get("+".join((mode, *selected))) or game_cls._OPTIONS.get(mode, {})
    for name in options:
        if name not in offered:
            raise RulesError(f"mode {mode!r} has no option {name!r}; options: "
                             + (", ".join(offered) or "none"))
    out: dict[str, Any] = {}
    for number, (name, spec) in enumerate(offered.items()):
        values = spec["values"]
        if name in options:
            value = options[name]
            if not any(type(value) is type(v) and value == v for v in values) or (
                    isinstance(value, bool) != isinstance(values[0], bool)):
                shown = f"{values[0]} to {values[-1]}" if len(values) > 6 and _is_int(values[0]) \
                    and not isinstance(values[0], bool) else ", ".join(map(repr, values))
                raise RulesError(f"option {name!r} cannot be {value!r}; its values: {shown}")
        elif spec["default"] == "random":
            value = values[_draw(seed, number) % len(values)]
        else:
            value = spec["default"]
        out[name] = value
    return out


def _draw(seed: int, number: int) -> int:
    """A number drawn from ``seed`` for the ``number``-th option (splitmix64), apart from
    the stream the game's own chance uses."""
    z = (seed * 0x9E3779B97F4A7C15 + (number + 1) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)
