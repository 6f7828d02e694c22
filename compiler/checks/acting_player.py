"""Where no player acts (E0595): a player's value read, or an effect that needs the acting
player, in a place of the rules that runs for the game rather than for a player.

"You" is the acting player (the language reference, *Statements*): the one taking the
action, the player whose turn starts (`on turn`), the player who runs a procedure, each
player in turn inside `each player` (and inside `any player`, `every player`, `count
players`, `the player with ...`, `first player most`). Nobody acts in the `setup`, in a
phase's `on enter` and `on exit`, in a phase's `only when`, in the conditions of the
flow's transitions or in an end's `when`: there, `my hand`, a bare `coin`, `me`, `gain`,
`score`, `done`... used to mean the first player silently, while the page said "you".

The check walks those places only; a derived value or a procedure counts as needing the
acting player when its own rules do (worked out once per mode, cycles reported
elsewhere).
"""

from __future__ import annotations

import dataclasses

from dsl import ast, codes
from compiler.analysis import names as N

#: Expressions and statements that give "you" a value of their own: what is inside
#: them reads each player in turn.
_BINDS_A_PLAYER = (ast.EachPlayer, ast.AnyPlayer, ast.ThePlayer, ast.CountPlayers, ast.EveryPlayer,
                   ast.FirstPlayerMost, ast.SeatTest, ast.EachSeat)

#: Statements that act for "you", whatever they read: (class, how the message names it).
_ACTS = {ast.Gain: "`gain` gives to", ast.Pay: "`pay` takes from", ast.Release: "`release` gives back to",
         ast.Score: "`score` scores for", ast.Done: "`done` finishes the phase for",
         ast.Again: "`again` gives another action to", ast.LookAt: "`look at` shows the cards to",
         ast.ChooseCard: "`choose` asks", ast.ChooseValue: "`choose` asks"}

#: Per-player names (the kinds :func:`compiler.analysis.names.resolve` gives them).
_PLAYERS_VALUES = ("resource", "family", "track", "tally")

_BLOCK_FIELDS = ("body", "then", "otherwise", "options")


def check_mode(mode, report) -> None:
    """Report E0595 at each place of ``mode`` that runs for no player and needs one;
    ``report`` (a :class:`dsl.diagnostics.Report`) receives each, one per statement."""
    _NoActingPlayer(mode, report).run()


class _NoActingPlayer:
    def __init__(self, mode, report) -> None:
        self.mode = mode
        self.report = report
        self._derived: dict[str, bool] = {}
        self._procedures: dict[str, bool] = {}

    def run(self) -> None:
        m = self.mode
        if m.setup is not None:
            self.block(m.setup.body, "the setup")
        for ph in m.phases.values():
            self.block(ph.on_enter, f"the `on enter` of phase `{ph.name}`")
            self.block(ph.on_exit, f"the `on exit` of phase `{ph.name}`")
            if ph.only_when is not None:
                self.condition(ph.only_when, f"the `only when` of phase `{ph.name}`")
        if m.flow is not None:
            for e in m.flow.edges:
                if e.condition is not None:
                    self.condition(e.condition, f"the condition of `{e.source.name} -> {e.dest.name}`")
        for end in m.ends.values():
            if end.when is not None:
                self.condition(end.when, f"the `when` of end `{end.name}`")

    # -- reporting

    def block(self, stmts, where: str) -> None:
        local: frozenset = frozenset()
        for st in stmts:
            found = self.first_use(st, local)
            if found is not None:
                self.say(found, where, statement=True)
            if isinstance(st, ast.Let):
                local = local | {st.var.name}

    def condition(self, expr, where: str) -> None:
        found = self.first_use(expr, frozenset())
        if found is not None:
            self.say(found, where, statement=False)

    def say(self, found: tuple[object, str], where: str, statement: bool) -> None:
        node, what = found
        name = _spelt(node)
        if not statement:
            hint = "say which player: `any player ...` or `every player ...`" + (
                f" (`any player {name} >= 1`)" if isinstance(node, ast.Name) else "")
        elif name is not None and not isinstance(node, ast.ZoneRef):
            hint = ("to mean every player, put it inside `each player { ... }`; for one player, "
                    f"name them: `let p = first player`, then `p.{name}`")
        else:
            hint = ("to mean every player, put it inside `each player { ... }`; for one player, "
                    "`each player where me == first player { ... }`")
        self.report.error(codes.NO_ACTING_PLAYER, f"{what} the acting player, but no player acts in "
                          f"{where}: it would mean the first player", node.span, hint=hint)

    # -- what needs the acting player

    def first_use(self, node, local: frozenset) -> tuple[object, str] | None:
        """The first part of ``node`` (an expression or a statement, with the names in
        ``local`` bound by the rule) that needs "you", with the words for it; or None."""
        if isinstance(node, _BINDS_A_PLAYER):
            return None
        if isinstance(node, ast.AsPlayer):  # "you" is the player named, once it is worked out
            return self.first_use(node.player, local)
        own = self.own_use(node, local)
        if own is not None or not dataclasses.is_dataclass(node):
            return own
        var = getattr(node, "var", None)
        inner = local | {var.name} if isinstance(var, ast.Ident) else local
        for f in dataclasses.fields(node):
            value = getattr(node, f.name)
            parts = value if isinstance(value, tuple) else (value,)
            bound = inner if f.name in _BLOCK_FIELDS or f.name == "where" else local
            for part in parts:
                if isinstance(part, tuple):  # (label, Expr) pairs
                    part = part[-1]
                found = self.first_use(part, bound)
                if found is not None:
                    return found
                if isinstance(part, ast.Let):
                    bound = bound | {part.var.name}
        return None

    def own_use(self, node, local: frozenset) -> tuple[object, str] | None:
        if type(node) in _ACTS:
            return node, _ACTS[type(node)]
        if isinstance(node, ast.ChooseCards):  # the owner of a player's zone chooses, else "you"
            zone = self.mode.zones.get(node.source.zone.name)
            if zone is not None and not zone.per_player:
                return node, "`choose ... cards` from a shared zone asks"
        if isinstance(node, ast.Me):
            return node, "`me` is"
        if isinstance(node, ast.ZoneRef) and node.owner == "my":
            return node, f"`my {node.zone.name}` belongs to"
        if isinstance(node, ast.Has) and node.who is None:
            return node, "`has` asks about"
        if isinstance(node, ast.Transfer) and node.source is None:
            return node, "`transfer` without `from` takes from"
        if isinstance(node, (ast.Advance, ast.SetTrack)):
            track = self.mode.tracks.get(node.track.name)
            if track is not None and track.per_player:
                verb = "set" if isinstance(node, ast.SetTrack) else "advance"
                return node, f"`{verb} {node.track.name}` moves the marker of"
        if isinstance(node, ast.Name) and node.name not in local and self.reads_player(node.name):
            return node, f"`{node.name}` is a player's value, read for"
        if isinstance(node, ast.Index) and node.owner is None and node.track.name not in local \
                and self.reads_player(node.track.name):
            return node, f"`{node.track.name}[...]` is a player's value, read for"
        if isinstance(node, ast.Call) and node.func.name in self.mode.derived \
                and self.derived_needs(node.func.name):
            return node, f"`{node.func.name}(...)` is worked out for"
        if isinstance(node, ast.DoProcedure) and self.procedure_needs(node.procedure.name):
            return node, f"procedure `{node.procedure.name}` runs for"
        return None

    def reads_player(self, name: str) -> bool:
        binding = N.player_member(self.mode, name)
        if binding is None:
            return False
        if binding.kind == "derived":
            return self.derived_needs(name)
        return binding.kind in _PLAYERS_VALUES

    def derived_needs(self, name: str) -> bool:
        if name not in self._derived:
            self._derived[name] = False  # a cycle is E0206's, not this check's
            d = self.mode.derived[name]
            params = frozenset(p.name for p in d.params)
            self._derived[name] = self.first_use(d.expr, params) is not None
        return self._derived[name]

    def procedure_needs(self, name: str) -> bool:
        proc = self.mode.procedures.get(name)
        if proc is None:
            return False
        if name not in self._procedures:
            self._procedures[name] = False
            params = frozenset(p.name for p in proc.params)
            found = None
            for st in proc.effect:
                found = self.first_use(st, params)
                if found is not None:
                    break
                if isinstance(st, ast.Let):
                    params = params | {st.var.name}
            self._procedures[name] = found is not None
        return self._procedures[name]


def _spelt(node) -> str | None:
    """The per-player name ``node`` reads, for the hint's `p.NAME`, or None."""
    if isinstance(node, ast.Name):
        return node.name
    if isinstance(node, ast.ZoneRef):
        return node.zone.name
    return None
