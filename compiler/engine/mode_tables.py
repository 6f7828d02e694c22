"""The mode tables of an engine: ``RULES_<MODE> = ...``, one per mode, each written as
the changes to the mode it is built on, laid out as a person would write them.

:meth:`compiler.engine_codegen.EngineGenerator.mode_rules` gives the fields of each
mode's ``R.Rules`` table (see :mod:`compiler.engine.runtime`) as source, and
:func:`rules_tables` writes them: the first mode built on the base rules in full
(fields at their default left out), a mode that ``extends`` another as
``RULES_<PARENT>.changed(<the fields it changes>)``, and the other modes built on
the base rules as the changes to the first of them.  In a table of rules (actions,
phases, params...) only the entries a mode adds, replaces or removes are written
(:func:`table_change`), so the tables built when the engine is imported are exactly
each mode's rules, entries in the same order, while the text shows what each mode
changes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from compiler.engine.statements import Writer
from compiler.engine.pyquote import Code, literal


# ---------------------------------------------------------------- data laid out as source
# A value of a table is Python source (:class:`Code`, already quoted) or one of the
# three shapes below, which :func:`layout` lays out on lines.
@dataclass(frozen=True)
class PyTuple:
    """``(item, ...)``."""

    items: tuple


@dataclass(frozen=True)
class PyDict:
    """``{key: value, ...}``; an item whose key is None is ``**value``."""

    items: tuple[tuple[Code | None, object], ...]


@dataclass(frozen=True)
class PyCall:
    """``func(args..., name=value...)``; ``exploded``: one argument a line, always (a
    table of fields, read down the page)."""

    func: Code
    args: tuple = ()
    kwargs: tuple[tuple[str, object], ...] = ()
    exploded: bool = False


#: The longest line :func:`layout` writes when it can help it.
WIDTH = 100


def flat(value) -> Code:
    """``value`` (a :class:`Code`, :class:`PyTuple`, :class:`PyDict` or :class:`PyCall`)
    as source on one line."""
    if isinstance(value, PyTuple):
        items = [flat(v) for v in value.items]
        return Code("(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")")
    if isinstance(value, PyDict):
        return Code("{" + ", ".join(f"{k}: {flat(v)}" if k is not None else f"**{flat(v)}"
                                    for k, v in value.items) + "}")
    if isinstance(value, PyCall):
        args = [flat(v) for v in value.args] + [f"{k}={flat(v)}" for k, v in value.kwargs]
        return Code(f"{value.func}({', '.join(args)})")
    assert isinstance(value, Code), value
    return value


def layout(value, indent: str = "", prefix: str = "", suffix: str = "") -> list[str]:
    """``value`` as lines of source, ``indent + prefix`` before it and ``suffix`` after,
    as a person would lay it out: on one line if that fits in :data:`WIDTH`; else a
    dict one entry a line, and a tuple or a call with its items filling the lines
    (one too long for a line is laid out in turn), or one a line if ``exploded``."""
    one = f"{indent}{prefix}{flat(value)}{suffix}"
    exploded = isinstance(value, PyCall) and value.exploded
    if isinstance(value, Code) or (len(one) <= WIDTH and not exploded):
        return [one]
    inner = indent + "    "
    if isinstance(value, PyDict):
        body = [line for k, v in value.items
                for line in layout(v, inner, f"{k}: " if k is not None else "**", ",")]
        return [f"{indent}{prefix}{{", *body, f"{indent}}}{suffix}"]
    if isinstance(value, PyTuple):
        opening, parts = "(", [("", v) for v in value.items]
    else:
        opening, parts = f"{value.func}(", [("", v) for v in value.args]
        parts += [(f"{k}=", v) for k, v in value.kwargs]
    lines: list[str] = []
    line = ""
    for name, v in parts:
        text = f"{name}{flat(v)},"
        if line and not exploded and len(inner) + len(line) + 1 + len(text) <= WIDTH:
            line += " " + text
            continue
        if line:
            lines.append(inner + line)
        line = ""
        if len(inner) + len(text) <= WIDTH:
            line = text
        else:
            lines += layout(v, inner, name, ",")
    if line:
        lines.append(inner + line)
    return [f"{indent}{prefix}{opening}", *lines, f"{indent}){suffix}"]


# ---------------------------------------------------------------- the tables of the modes
#: The default of each field of ``R.Rules`` that has one (a mode written in full leaves
#: out the fields at their default), in the shapes :meth:`EngineGenerator.mode_rules` gives.
RULES_DEFAULTS: dict[str, object] = {
    **{k: PyDict(()) for k in ("P", "E", "T", "D", "PR", "actions", "triggers", "after", "phases", "edges",
                               "zone_limits", "refills", "overflow", "card_states", "track_start",
                               "track_low", "dice", "stocks", "card_rules")},
    **{k: PyTuple(()) for k in ("round_tallies", "turn_tallies", "tallies", "zones", "player_tracks",
                                "global_tracks")},
    **{k: literal(()) for k in ("piece_states", "nonrenewable")},
    **{k: literal(None) for k in ("round_start", "setup")},
    "ends": PyTuple(()),
    "end_after": literal(None),
    "end_after_answer": literal(True),
    # seats played by rules, and sides (construct 20)
    "seats": literal(()), "alternate": literal(False), "sides": literal(None), "automata": PyDict(()),
    "controllers": PyDict(()), "kind_titles": PyDict(()),
}


def table(entries: dict[str, object]) -> PyDict:
    """A table of the rules keyed by the spec's names (values already source)."""
    return PyDict(tuple((literal(k), v) for k, v in entries.items()))


def names_tuple(names: Iterable[str]) -> PyTuple:
    """A tuple of the spec's names (tallies, zones...)."""
    return PyTuple(tuple(literal(n) for n in names))


def table_change(parent: Code, old: PyDict, new: PyDict):
    """Source for the table ``new`` of a mode built on a mode whose table (``old``) is
    the expression ``parent``: ``{**parent, <entries added or replaced>}``,
    ``{**R.without(parent, <names removed>), ...}``, or ``new`` in full when that is
    shorter or the order of its entries cannot be kept (the table is exactly ``new``,
    order included).  None when nothing changes."""
    if old == new:
        return None
    before, after = dict(old.items), dict(new.items)
    drop = [k for k in before if k not in after]
    put = tuple((k, v) for k, v in new.items if k not in before or before[k] != v)
    order = [k for k in before if k in after] + [k for k, _ in put if k not in before]
    if order != list(after) or len(drop) + len(put) >= len(after):
        return new
    if drop:
        rest = PyCall(Code("R.without"), (parent, *drop))
        return PyDict(((None, rest),) + put) if put else rest
    return PyDict(((None, parent),) + put)


def rules_tables(modes: dict[str, dict[str, object]], mode_decls: dict,
                 constant: Callable[[str, str], Code]) -> tuple[list[Code], dict[str, Code]]:
    """One ``RULES_<MODE> = ...`` statement per mode, each after the mode it is built
    on, and the name of each mode's table (made by ``constant("RULES", mode)``).

    ``modes`` maps each mode, in the spec's order, to its fields (see the module's
    docstring); ``mode_decls`` maps it to its declaration (``ast.Mode``).  A mode that
    ``extends`` another is written as that mode's table ``.changed(...)``: only the
    fields it changes, and in a table of rules (actions, phases...) only the entries it
    adds, replaces or removes.  The first mode built on the base rules is written in
    full; the other modes built on the base rules as changes of it."""
    consts = {name: constant("RULES", name) for name in modes}
    parent: dict[str, str | None] = {}
    for name in modes:
        extends = mode_decls[name].extends
        parent[name] = extends.name if extends is not None and extends.name in modes else None
    first = next(name for name in modes if parent[name] is None)
    for name in modes:
        if parent[name] is None and name != first:
            parent[name] = first
    order: dict[str, None] = {}  # parents first; a chain of thousands of modes is walked, not recursed
    for name in modes:
        chain = [name]
        while parent[chain[-1]] is not None and parent[chain[-1]] not in order:
            chain.append(parent[chain[-1]])
        order.update(dict.fromkeys(reversed(chain)))
    out = []
    for name in order:
        w = Writer()
        decl = mode_decls[name]
        base = parent[name]
        w.comment(f"Mode {name} (spec line {decl.span.line})"
                  + (f": the rules of mode {base}, with what it changes" if base else ""))
        fields = modes[name]
        if base is None:
            call = PyCall(Code("R.Rules"), (), tuple((k, v) for k, v in fields.items()
                                                     if v != RULES_DEFAULTS.get(k)), exploded=True)
        else:
            changes = []
            for k, v in fields.items():
                old = modes[base][k]
                if isinstance(v, PyDict):
                    v = table_change(Code(f"{consts[base]}.{k}"), old, v)
                if v is not None and v != old:
                    changes.append((k, v))
            call = PyCall(Code(f"{consts[base]}.changed"), (), tuple(changes), exploded=True)
        for line in layout(call, prefix=f"{consts[name]} = "):
            w.line(line)
        out.append(w.source())
    return out, consts
