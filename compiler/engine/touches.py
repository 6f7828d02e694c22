"""What parts of the state an expression reads and an effect writes, as far as the
engine needs to know: after which actions ``end when`` must be checked again.

A part is ``"track:NAME"`` (a track, per player or global), ``"res"`` (resources held),
``"zones"`` (cards in zones, and their states), ``"cst"`` (card states), ``"ta"``
(tallies) or ``"turn"`` (who acts, passing, taking another turn).  Anything the
analysis does not know (a construct added later, dice, the end itself) is ``None``:
"may read or write anything", so the engine keeps checking after every action.
"""

from __future__ import annotations

from dsl import ast

#: expressions that read nothing of the state themselves (their parts are walked)
_PURE_EXPRS = (ast.Number, ast.Bool, ast.Text, ast.EmptyBag, ast.PlayerCount, ast.Me, ast.It,
               ast.Not, ast.And, ast.Or, ast.Compare, ast.Arith, ast.Neg, ast.BagItem,
               ast.BagLiteral, ast.AnyPlayer, ast.EveryPlayer, ast.CountPlayers, ast.Call,
               ast.Ident, ast.Nothing, ast.Nobody)
#: expressions that read the cards in zones (and the states of those cards)
_ZONE_EXPRS = (ast.ZoneRef, ast.Count, ast.Sum, ast.InZone)

#: statements that write nothing themselves (their bodies are walked)
_PLAIN_STMTS = (ast.Let, ast.If, ast.EachPlayer, ast.ForEach, ast.Ask, ast.AskOption, ast.ChooseValue)
_MOVES = (ast.Draw, ast.Reveal, ast.MoveCard, ast.MoveAll, ast.PutCatalogue, ast.Shuffle,
          ast.ChooseCards, ast.ChooseCard)
_TURN = (ast.Done, ast.Again, ast.PassFirstPlayer, ast.FirstPlayerRandom, ast.FirstPlayerMost)
_RESOURCES = (ast.Gain, ast.Pay, ast.Release, ast.Transfer)


def _name_parts(mode, name: str) -> set[str] | None:
    """What a bare name reads: a track, a tally, a resource, a card state, or a derived
    value (what its expression reads); nothing for a param, a card field or an enum
    member."""
    parts: set[str] = set()
    if name in mode.tracks:
        parts.add(f"track:{name}")
    if name in mode.tallies:
        parts.add("ta")
    if name in mode.resources:
        parts.add("res")
    if any(st.name == name for z in mode.zones.values() for st in z.states) or (
            name == "value" and any(pc.is_die for pc in mode.pieces.values())):
        parts.add("cst")
    if name in mode.ends:
        return None  # whether that end has been reached: the end check writes it
    derived = mode.derived.get(name)
    if derived is not None:
        inner = reads(derived.expr, mode)
        if inner is None:
            return None
        parts |= inner
    return parts


def reads(e, mode) -> set[str] | None:
    """The parts of the state that expression ``e`` reads in ``mode`` (see the module's
    docstring), or None when it may read anything."""
    parts: set[str] = set()
    for node in ast.walk(e):
        kind = type(node)
        if kind is ast.Name or kind is ast.Attribute:
            named = _name_parts(mode, node.name if kind is ast.Name else node.attr)
            if named is None:
                return None
            parts |= named
            if kind is ast.Attribute:
                parts.add("zones")  # ``p.hand``-like reads go through zones too
        elif kind is ast.Index:
            parts |= {f"track:{node.track.name}", "res"}
        elif kind is ast.Has:
            parts.add("res")
        elif kind in _ZONE_EXPRS:
            parts |= {"zones", "cst"}
        elif kind not in _PURE_EXPRS:
            return None
    return parts


def writes(stmts, mode, seen: frozenset = frozenset()) -> set[str] | None:
    """The parts of the state that the statements ``stmts`` may write in ``mode``,
    through the procedures they call too, or None when they may write anything."""
    parts: set[str] = set()
    for node in ast.walk(stmts):
        kind = type(node)
        if not type(node).__module__.endswith("statements"):
            continue  # an expression: reads only (a die rolled inside one is not a statement)
        if kind in _PLAIN_STMTS:
            continue
        if kind is ast.Score:
            parts |= {f"track:{t}" for t, decl in mode.tracks.items() if decl.is_score}
        elif kind is ast.Advance:
            parts.add(f"track:{node.track.name}")
        elif kind in _RESOURCES:
            parts.add("res")
        elif kind in _MOVES:
            parts |= {"zones", "cst", "turn"}  # a full zone may ask its owner to make room
        elif kind is ast.SetState or kind is ast.Roll:
            parts.add("cst")
        elif kind in _TURN:
            parts.add("turn")
        elif kind is ast.DoProcedure:
            name = node.procedure.name
            proc = mode.procedures.get(name)
            if proc is None:
                return None
            if name not in seen:
                inner = writes(proc.effect, mode, seen | {name})
                if inner is None:
                    return None
                parts |= inner
        else:
            return None
    return parts


def end_after(mode, condition) -> tuple[str, ...] | None:
    """The actions of ``mode`` after which ``end when`` (``condition``) must be checked
    again: those whose effect (with its ``uses`` and the triggers that run before it)
    may write something the condition reads.  None: after every action (the condition
    may read anything, or some action may write anything)."""
    read = reads(condition, mode)
    if read is None:
        return None
    out = []
    for name, a in mode.actions.items():
        stmts = [a.effect] + [t.effect for t in mode.triggers.values()
                              if any(b.name == name for b in t.before + t.after)]
        written = writes(stmts, mode)
        if written is None:
            return None
        if a.uses:
            written.add("ta")
        if written & read:
            out.append(name)
    return tuple(out)


def end_after_answer(mode, condition) -> bool:
    """Whether ``end when`` (``condition``) must be checked after a player answers a
    question asked inside an effect (an ``ask``, a choice of cards, making room in a
    full zone, the action to take): whether what runs then (the cards moving, the rest of the effect) may
    write something the condition reads."""
    read = reads(condition, mode)
    if read is None:
        return True
    bodies: list = [a.effect for a in mode.actions.values()]
    bodies += [t.effect for t in mode.triggers.values()]
    bodies += [p.effect for p in mode.procedures.values()]
    bodies += [hook for ph in mode.phases.values() for hook in (ph.on_enter, ph.on_exit, ph.on_turn)]
    if mode.setup is not None:
        bodies.append(mode.setup.body)
    written = {"zones", "cst", "turn"}  # the cards chosen move; a full zone's owner makes room
    for node in ast.walk(bodies):
        if type(node) is ast.TakeAction:  # construct 3: the answer runs the action taken
            return True
        if type(node) is ast.Ask:
            rest = [o.body for o in node.options]
        elif type(node) is ast.ChooseCards:
            rest = [node.then]
        elif type(node) is ast.ChooseCard or type(node) is ast.ChooseValue:
            rest = [node.body]
        else:
            continue
        more = writes(rest, mode)
        if more is None:
            return True
        written |= more
    return bool(written & read)
