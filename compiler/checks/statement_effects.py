"""What statements change, as far as the facts of :mod:`compiler.checks.payments` care
(E0594): resources going out of or into holders, names written (tracks, card states,
locals, the first player), zones whose cards may move.  A fact that reads something a
statement changes is forgotten after it (:meth:`compiler.checks.held_facts.HeldFacts.forget`).

Split from :mod:`compiler.checks.payments` (issue 9's size rule).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dsl import ast

#: the card moves: they change the cards in zones (and may reset card states)
_MOVES = (ast.Draw, ast.Reveal, ast.MoveCard, ast.MoveAll, ast.PutCatalogue, ast.Shuffle)
#: expressions that read the cards in zones
_ZONE_READS = (ast.ZoneRef, ast.Count, ast.Sum, ast.Best, ast.TopOf, ast.NextIn, ast.InZone)
FIRST_PLAYER = "first player"  # what the first-player statements write, as a name no spec can use
ALL = "*"  # every zone (Effects.zones)


@dataclass
class Effects:
    """What a statement (or a block) may change, as far as facts care: resources going
    out of the holders ``out`` (expressions of the block's scope), or of any player or
    any stock; resources coming in; names written (tracks, card states, locals); the
    zones whose cards may move (``ALL``: any); ``everything`` when it is not known."""

    out: set = field(default_factory=set)
    out_players: bool = False
    out_stocks: bool = False
    incoming: bool = False
    writes: set[str] = field(default_factory=set)
    zones: set[str] = field(default_factory=set)
    everything: bool = False

    def add(self, other: Effects) -> None:
        self.out |= other.out
        self.out_players |= other.out_players
        self.out_stocks |= other.out_stocks
        self.incoming |= other.incoming
        self.writes |= other.writes
        self.zones |= other.zones
        self.everything |= other.everything

    def elsewhere(self) -> Effects:
        """These effects seen from another scope (a procedure's, another player's): a
        payment out of a holder named here may be out of any player or stock."""
        lifted = Effects(set(), self.out_players, self.out_stocks, self.incoming, set(self.writes),
                         set(self.zones), self.everything)
        for holder in self.out:
            if isinstance(holder, ast.StockOf):
                lifted.out_stocks = True
            else:
                lifted.out_players = True
        return lifted


class StatementEffects:
    """The rules of :class:`~compiler.checks.payments.PaymentCheck` (which gives them
    ``mode``, ``score_tracks`` and the cache ``_effects``) for what statements change."""

    def simple(self, st) -> bool:
        return isinstance(st, (ast.Pay, ast.Transfer, ast.TransferAll, ast.Gain, ast.GainInto, ast.Release,
                               ast.Clear, ast.Score, ast.Advance, ast.SetTrack, ast.SetState, ast.Let,
                               ast.Roll, *_MOVES, ast.Done, ast.Again, ast.PassFirstPlayer,
                               ast.FirstPlayerRandom, ast.FirstPlayerMost, ast.FirstPlayerTo,
                               ast.DoProcedure))

    def moved(self, *refs) -> set[str]:
        """The zones a card moved into or out of ``refs`` may have left or entered: those
        zones, and for a single card every zone of its card type (wherever it was)."""
        zones = {r.zone.name for r in refs}
        return zones | {ALL} if any(z not in self.mode.zones for z in zones) else zones

    def of_type(self, ref) -> set[str]:
        """Every zone holding the card type of the zone ``ref`` names (``ALL`` if unknown)."""
        zone = self.mode.zones.get(ref.zone.name)
        kind = getattr(getattr(zone, "card_type", None), "name", None)
        if kind is None:
            return {ALL}
        return {n for n, z in self.mode.zones.items() if getattr(z.card_type, "name", None) == kind}

    def effects(self, stmts) -> Effects:
        """What ``stmts`` (nested blocks and procedures run included) may change."""
        fx = Effects()
        for st in stmts:
            if isinstance(st, (ast.Pay, ast.Transfer, ast.TransferAll, ast.Clear)):
                fx.out.add(getattr(st, "stock", None) or getattr(st, "source", None) or ast.Me())
            if isinstance(st, (ast.Gain, ast.GainInto, ast.Release, ast.Transfer, ast.TransferAll)):
                fx.incoming = True
            if isinstance(st, ast.Score):
                fx.writes |= self.score_tracks
            elif isinstance(st, (ast.Advance, ast.SetTrack)):
                fx.writes.add(st.track.name)
            elif isinstance(st, ast.SetState):
                fx.writes.add(st.state.name)
            elif isinstance(st, ast.Let):
                fx.writes.add(st.var.name)
            elif isinstance(st, ast.Roll):
                fx.writes |= {"value", st.die.name}
            elif isinstance(st, ast.MoveCard):
                fx.zones |= self.of_type(st.dest)
            elif isinstance(st, ast.PutCatalogue):
                fx.zones |= self.of_type(st.dest)
            elif isinstance(st, (ast.Draw, ast.Reveal, ast.MoveAll, ast.ChooseCards)):
                fx.zones |= self.moved(st.source, st.dest)
            elif isinstance(st, ast.Shuffle):
                fx.zones |= self.moved(st.zone)
            elif isinstance(st, (ast.PassFirstPlayer, ast.FirstPlayerRandom, ast.FirstPlayerMost,
                                 ast.FirstPlayerTo)):
                fx.writes.add(FIRST_PLAYER)
            elif isinstance(st, ast.DoProcedure):
                fx.add(self.procedure_effects(st.procedure.name))
            elif isinstance(st, ast.EachPlayer):
                fx.add(self.effects(st.body).elsewhere())
                continue
            elif not self.simple(st) and not isinstance(st, (ast.If, ast.Ask, ast.ForEach, ast.LookAt,
                                                              ast.ChooseCard, ast.ChooseValue)):
                fx.everything = True
            for body in bodies(st):
                fx.add(self.effects(body))
        if fx.zones:  # a card's states belong to its zone: moved, they may change
            fx.writes |= {st.name for n, z in self.mode.zones.items()
                          if ALL in fx.zones or n in fx.zones for st in z.states}
        return fx

    def procedure_effects(self, name: str) -> Effects:
        known = self._effects.get(name)
        if known is not None:
            return known
        proc = self.mode.procedures.get(name)
        self._effects[name] = Effects(everything=True)  # while it is worked out (a cycle is E05xx)
        if proc is None:
            return self._effects[name]
        fx = self.effects(proc.effect).elsewhere()
        fx.writes -= {st.var.name for st in lets(proc.effect)}  # its own locals
        self._effects[name] = fx
        return fx


def bodies(st):
    """The blocks nested in a statement (an ``ask``'s options' bodies included)."""
    for name in getattr(st, "__dataclass_fields__", ()):
        value = getattr(st, name)
        if isinstance(value, tuple) and value and all(isinstance(v, ast.AskOption) for v in value):
            for option in value:
                yield option.body
        elif isinstance(value, tuple) and value and not isinstance(value[0], (tuple, str)) \
                and name in ("then", "otherwise", "body"):
            yield value


def lets(stmts):
    """The ``let`` statements of ``stmts``, nested blocks included."""
    for st in stmts:
        if isinstance(st, ast.Let):
            yield st
        for body in bodies(st):
            yield from lets(body)
