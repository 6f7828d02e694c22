"""Pieces, zones and card types: counts and dice (E0506), names given twice (E0205),
unknown card types and zones (E0501), owners (E0505), zone limits and states, overflow
(E0550-E0552), field defaults (E0503)."""

from __future__ import annotations

from dsl import ast, codes
from dsl.diagnostics import Note, did_you_mean
from compiler.analysis import limits
from compiler.analysis import names as N
from compiler.analysis.types import TypeRecord
from compiler.checks.kinds import fits, kind_words
from compiler.checks.typecheck import Checker


def check_mode(mode, report, types: TypeRecord | None = None) -> None:
    """Report the problems above in ``mode``; ``report`` (a
    :class:`dsl.diagnostics.Report`) receives each, ``types`` the types found."""
    _Checks(mode, report, types).run()


class _Checks(Checker):
    def run(self) -> None:
        m = self.mode
        hi = m.players[1]
        pieces = 0  # of every kind, for the most players: the engine lays each one out
        seats = min(max(hi, 1), limits.MAX_PLAYERS)
        for pc in m.pieces.values():
            line = "count" if pc.nobody else "per player"  # pieces of nobody, or each player's
            if pc.count < 1:
                self.report.error(codes.OUT_OF_RANGE, "pieces of nobody number at least 1" if pc.nobody
                                  else "each player needs at least 1 piece", pc.span,
                                  hint=f"write `{line} 1` or more")
            elif pc.count > limits.MAX_PIECES_PER_PLAYER:
                self.report.error(codes.OUT_OF_RANGE, ("there can be at most " if pc.nobody else
                                                       "each player can have at most ")
                                  + f"{limits.MAX_PIECES_PER_PLAYER} "
                                  f"pieces of a kind, not {pc.count}", pc.span,
                                  hint=f"write `{line} {limits.MAX_PIECES_PER_PLAYER}` or fewer")
            made = pc.count * (1 if pc.nobody else seats) * _members(m, pc)
            if 1 <= pc.count <= limits.MAX_PIECES_PER_PLAYER and pieces <= limits.MAX_PIECES < pieces + made:
                self.report.error(codes.OUT_OF_RANGE, f"with {seats} players the pieces number more than "
                                  f"{limits.MAX_PIECES:,} in all by these", pc.span,
                                  hint="use fewer pieces per player, or fewer kinds of pieces")
            pieces += max(made, 0)
            if pc.sides is not None and pc.sides < 2:
                self.report.error(codes.OUT_OF_RANGE, "a die needs at least 2 sides", pc.span,
                                  hint="write `sides 6` (any number from 2), or leave `sides` out for pieces "
                                  "that do not roll")
            if pc.name in m.card_types:
                self.report.error(codes.NAME_DECLARED_TWICE, f"`{pc.name}` is both a card type and pieces",
                                  pc.span, hint="rename one of them",
                                  notes=[Note("the card type", m.card_types[pc.name].span)])
        self.kinds_declared()  # constructs 8 and 9 (compiler.checks.kinds)
        for z in m.zones.values():
            if z.card_type.name not in m.card_types and z.card_type.name not in m.pieces:
                self.report.error(codes.UNKNOWN_NAME, f"unknown card type `{z.card_type.name}`",
                                  z.card_type.span,
                                  hint=did_you_mean(z.card_type.name, [*m.card_types, *m.pieces],
                                                    "card types and pieces"))
            if z.per_card is not None and z.per_card.name not in m.card_types \
                    and z.per_card.name not in m.pieces:
                self.report.error(codes.UNKNOWN_NAME, f"unknown card type `{z.per_card.name}`",
                                  z.per_card.span,
                                  hint=did_you_mean(z.per_card.name, [*m.card_types, *m.pieces],
                                                    "card types and pieces"))
            if z.per_card is not None and z.per_player:
                self.report.error(codes.WHOSE, f"`{z.name}` cannot belong both to each player and to each "
                                  f"{z.per_card.name}", z.span,
                                  hint=f"keep one of `per player` and `per {z.per_card.name}`")
            if z.limit is not None:
                owner_scope = N.Scope(card=z.per_card.name) if z.per_card else N.Scope()
                self.expect(z.limit, N.INT, owner_scope, "a zone limit")
            if z.overflow is not None:
                self.overflow(z)
            if z.refill is not None and z.refill.name not in m.zones:
                self.report.error(codes.UNKNOWN_NAME, f"unknown zone `{z.refill.name}`", z.refill.span,
                                  hint=did_you_mean(z.refill.name, m.zones, "zones and decks"))
            for st in z.states:
                want = N.field_type(st.type.name, m)
                if want == N.UNKNOWN or isinstance(st.default, ast.Nothing):
                    self.state_default(st)  # a card-typed state (construct 8), or unknown
                else:
                    self.expect(st.default, want, N.Scope(), f"the default of `{st.name}`")
        for ct in m.card_types.values():
            self.once(ct.fields, lambda f: f.name, codes.NAME_DECLARED_TWICE,
                      lambda f, ct=ct: f"card `{ct.name}` has two fields named `{f.name}`",
                      "give each field its own name, or remove one", "the other field")
            for f in ct.fields:
                if N.rule_kind(f) is not None:  # a rule attached to each card (construct 1)
                    self.rule_field(f)
                    continue
                want = N.field_type(f.type.name, m)
                if f.default is not None and want != N.UNKNOWN:
                    got = N.literal_type(f.default, m)
                    if got != want and not (want == N.BAG and isinstance(f.default, ast.EmptyBag)):
                        this = (f"`{f.default.name}` names no value" if got == N.UNKNOWN
                                and isinstance(f.default, ast.Name) else f"this is {got.words()}")
                        self.report.error(codes.WRONG_TYPE, f"the default of `{f.name}` must be "
                                          f"{want.words()}, but {this}", f.default.span,
                                          hint="a bag field has no default: give each card its value"
                                          if want == N.BAG else
                                          f"write {want.words()}, or change the field's type")
                if N.field_type(f.type.name, m) == N.UNKNOWN:
                    self.report.error(codes.UNKNOWN_NAME, f"unknown type `{f.type.name}`", f.type.span,
                                      hint=did_you_mean(f.type.name, ["int", "bool", "bag", "text", *m.enums],
                                                        "types"))

    def overflow(self, z: ast.Zone) -> None:
        """``overflow discard into ZONE``: the zone has a limit and an owner, and the
        discard zone holds the same cards (E0550-E0552)."""
        o = z.overflow
        if z.limit is None:
            self.report.error(codes.OVERFLOW_WITHOUT_LIMIT, f"`{z.name}` has no limit, so it never overflows",
                              o.span, hint="add `limit N` to the zone, or remove the `overflow` line")
        if not z.per_player:
            self.report.error(codes.OVERFLOW_WITHOUT_OWNER,
                              f"`{z.name}` belongs to no player, so nobody can make room in it", o.span,
                              hint="`overflow` is for a zone kept `per player`, such as a hand")
        card = self.zone_ref(o.discard, N.Scope())
        if o.discard.zone.name == z.name:
            self.report.error(codes.OVERFLOW_DESTINATION, f"cards discarded to make room in `{z.name}` "
                              "cannot go back into it", o.discard.span,
                              hint="discard into another zone, such as a discard pile")
        elif card and not fits(N.zone_kind(z), card):
            self.report.error(codes.OVERFLOW_DESTINATION, f"`{z.name}` holds {kind_words(N.zone_kind(z))} "
                              f"cards but `{o.discard.zone.name}` holds {kind_words(card)} cards",
                              o.discard.span,
                              hint=f"discard into a zone of {kind_words(N.zone_kind(z))} cards",
                              notes=[Note(f"`{o.discard.zone.name}` is declared here",
                                          self.mode.zones[o.discard.zone.name].span)])


def _members(mode, pc: ast.Pieces) -> int:
    """How many pieces ``per player N of each ENUM`` makes per N: the enum's members (1
    without ``of each``, or when the enum is unknown, reported elsewhere)."""
    enum = mode.enums.get(pc.each.name) if pc.each is not None else None
    return len(enum.members) if enum is not None and enum.members else 1
