"""Pieces that keep their attributes (construct 8) and zones of several kinds, with the
test for the kind (construct 9): the rules of :class:`KindRules`, a mixin of
:class:`~compiler.checks.typecheck.Checker`.

Declarations: ``of each`` an enum (E0606), one way of counting pieces (E0607), a state
name with one meaning per card (E0608), a state's default of its type (E0609), a kind
named once per zone (E0611), a pieces field with its value (E0613), dice pieces with
``sides`` or ``faces`` (E0614, E0534).  Rules: a field read on a card of a zone of
several kinds only where every kind it may be has it (E0610), ``x is KIND`` (E0612,
W0140, W0141), a card moved into a zone that holds its kind (E0615).
"""

from __future__ import annotations

from dsl import ast, codes
from dsl.diagnostics import Note, did_you_mean
from compiler.analysis import names as N
from compiler.analysis.types import Type


def kind_words(card: str) -> str:
    """``chronoship or drone`` for a card of several kinds (``chronoship|drone``)."""
    return " or ".join(N.kinds(card))


def fits(card: str, zone: str) -> bool:
    """Whether every kind a card of ``card`` may be is a kind zone ``zone`` holds
    (both as :func:`compiler.analysis.names.zone_kind` names them)."""
    return set(N.kinds(card)) <= set(N.kinds(zone))


class KindRules:
    """The type rules of construct 9 (``is``, reads and moves of cards of several kinds)
    and the declaration checks of constructs 8 and 9; mixed into the checker."""

    mode: object
    report: object

    # ------------------------------------------------------------ rules
    def _is_kind(self, e: ast.IsKind, scope: N.Scope) -> Type:
        got = self.infer(e.card, scope)
        kind = e.kind.name
        known = kind in self.mode.card_types or kind in self.mode.pieces
        if not known:
            self.report.error(codes.NOT_A_KIND, f"`{kind}` is not a card type or pieces", e.kind.span,
                              hint=did_you_mean(kind, [*self.mode.card_types, *self.mode.pieces],
                                                "card types and pieces") or "name a card type or pieces")
        elif not got.unknown and not got.is_card:
            self.report.error(codes.NOT_A_KIND, f"`is` tests the kind of a card, and this is {got.words()}",
                              e.card.span, hint="test a card: a choice, a loop's card, `it`, `top of ...`")
        elif not got.unknown and kind not in N.kinds(got.of):
            self.report.warning(codes.IS_NEVER, f"this is always false: {got.definite().words()} is never "
                                f"a {kind}", e.span,
                                hint=f"test a kind it may be ({', '.join(N.kinds(got.of))}), or read a zone "
                                f"that holds {kind}s")
        elif not got.unknown and not got.maybe and N.kinds(got.of) == (kind,):
            self.report.warning(codes.IS_ALWAYS, f"this is always true: the card is always a {kind}", e.span,
                                hint="remove the test")
        return N.BOOL

    def not_common(self, card: str, attr: str, span, written: str) -> bool:
        """E0610 when a card of ``card`` (several kinds) may be of a kind without the
        field or state ``attr``; whether it was reported."""
        missing = N.missing_kinds(self.mode, card, attr)
        if len(N.kinds(card)) < 2 or not missing or len(missing) == len(N.kinds(card)):
            return False
        having = [k for k in N.kinds(card) if k not in missing]
        self.report.error(codes.FIELD_NOT_COMMON, f"`{attr}` is a field of {', '.join(having)}, not of "
                          f"{', '.join(missing)}: this card may be either", span,
                          hint=f"test the kind first: `if {written} is {having[0]} {{ ... }}`, or "
                          f"`where it is {having[0]}`")
        return True

    def into(self, card: Type, dest: ast.ZoneRef, zone_card: str | None, span) -> None:
        """E0615 when a card of type ``card`` cannot enter ``dest`` (which holds ``zone_card``)."""
        if zone_card is None or not card.is_card or card.unknown or fits(card.of, zone_card):
            return
        self.report.error(codes.MOVED_INTO_WRONG_KIND, f"`{dest.zone.name}` holds {kind_words(zone_card)} "
                          f"cards, and this is {card.definite().words()}", span,
                          hint="move it into a zone of its kind, add its kind to the zone (`of a, b`), "
                          f"or test the kind first (`if x is {N.kinds(zone_card)[0]}`)",
                          notes=[Note(f"`{dest.zone.name}` is declared here",
                                      self.mode.zones[dest.zone.name].span)]
                          if dest.zone.name in self.mode.zones else [])

    # ------------------------------------------------------------ declarations
    def kinds_declared(self) -> None:
        """The declaration checks of constructs 8 and 9 (module docstring)."""
        m = self.mode
        for pc in m.pieces.values():
            self._pieces(pc)
        kept: dict[str, ast.CardState] = {}
        for decl in (*m.card_types.values(), *m.pieces.values()):
            self.once(decl.states, lambda st: st.name, codes.STATE_NAME_CLASH,
                      lambda st, d=decl: f"`{d.name}` keeps two states named `{st.name}`",
                      "give each state its own name", "the other state")
            for st in decl.states:
                self.state_default(st)
                self._kept_once(decl, st, kept)
        for z in m.zones.values():
            self.once(z.kinds, lambda k: k.name, codes.KINDS_DUPLICATE,
                      lambda k, z=z: f"`{z.name}` names `{k.name}` twice", "name each kind once",
                      "named first here")
            for k in z.also:
                if k.name not in m.card_types and k.name not in m.pieces:
                    self.report.error(codes.UNKNOWN_NAME, f"unknown card type `{k.name}`", k.span,
                                      hint=did_you_mean(k.name, [*m.card_types, *m.pieces],
                                                        "card types and pieces"))
            for st in z.states:
                clash = next((kept[st.name] for k in z.kinds if st.name in kept
                              and N.card_member(m, k.name, st.name) is not None
                              and N.card_member(m, k.name, st.name).decl is kept[st.name]), None)
                if clash is not None:
                    self.report.error(codes.STATE_NAME_CLASH, f"`{st.name}` is already a state the cards "
                                      f"of `{z.name}` keep wherever they go", st.span,
                                      hint="rename the zone's state, or drop it and use the kept one",
                                      notes=[Note("the kept state", clash.span)])

    def _kept_once(self, decl, st: ast.CardState, kept: dict) -> None:
        """E0608: a state kept under one name by two kinds, with different types or defaults."""
        first = kept.setdefault(st.name, st)
        if first is st:
            return
        same = first.type.name == st.type.name and _default(first.default) == _default(st.default)
        if not same:
            self.report.error(codes.STATE_NAME_CLASH, f"`{st.name}` is kept by two kinds of cards with "
                              "different types or defaults", st.span,
                              hint="give the states their own names, or the same type and default",
                              notes=[Note("the other state", first.span)])

    def state_default(self, st: ast.CardState) -> None:
        """E0501 for an unknown type; E0609 for a default not of the state's type."""
        m = self.mode
        want = N.state_type(st.type.name, m)
        if want == N.UNKNOWN:
            self.report.error(codes.UNKNOWN_NAME, f"unknown type `{st.type.name}`", st.type.span,
                              hint=did_you_mean(st.type.name, ["int", "bool", "bag", "text", *m.enums,
                                                               *m.card_types, *m.pieces], "types"))
            return
        got = N.NOTHING if isinstance(st.default, ast.Nothing) else N.literal_type(st.default, m)
        if got == N.NOTHING and want.is_card or got == want:
            return
        self.report.error(codes.STATE_DEFAULT_TYPE, f"the default of `{st.name}` must be {want.words()}, but "
                          f"this is {got.words() if got != N.UNKNOWN else 'no value of it'}", st.default.span,
                          hint="a state holding a card starts at `nothing`" if want.is_card else
                          f"write {want.definite().words()}")

    def _pieces(self, pc: ast.Pieces) -> None:
        m = self.mode
        if pc.clash_span is not None:
            self.report.error(codes.PIECES_COUNTED_TWICE, f"`{pc.name}` is counted twice: per player, or "
                              "pieces of nobody (`count`)", pc.clash_span, hint="keep one of the two lines",
                              notes=[Note("counted first here", pc.count_span)] if pc.count_span else [])
        if pc.each is not None and pc.each.name not in m.enums:
            self.report.error(codes.EACH_NOT_ENUM, f"`{pc.each.name}` is not an enum", pc.each.span,
                              hint=did_you_mean(pc.each.name, m.enums, "enums") or "declare the enum")
        if pc.sides is not None and pc.faces:
            self.report.error(codes.PIECES_SIDES_AND_FACES, f"`{pc.name}` has both `sides` and `faces`",
                              pc.span, hint="keep `sides N` (faces 1 to N) or `faces F, ...`")
        elif pc.faces and N.die_type(m, pc) == N.UNKNOWN:
            self.report.error(codes.DIE_FACES_MIXED, f"the faces of `{pc.name}` are neither all numbers nor "
                              "all members of one enum", pc.faces[0].span,
                              hint="write numbers (`faces 1, 2, 3`) or members of one enum")
        self.once(pc.fields, lambda f: f.name, codes.NAME_DECLARED_TWICE,
                  lambda f: f"`{pc.name}` has two fields named `{f.name}`",
                  "give each field its own name, or remove one", "the other field")
        for f in pc.fields:
            want = N.field_type(f.type.name, m)
            if f.default is None:
                self.report.error(codes.PIECES_FIELD_DEFAULT, f"`{f.name}` has no value: pieces have no "
                                  "catalogue to give one", f.span,
                                  hint=f"write it: `field {f.name}: {f.type.name} = ...`")
            elif want == N.UNKNOWN:
                self.report.error(codes.UNKNOWN_NAME, f"unknown type `{f.type.name}`", f.type.span,
                                  hint=did_you_mean(f.type.name, ["int", "bool", "text", *m.enums], "types"))
            elif N.literal_type(f.default, m) != want:
                self.report.error(codes.WRONG_TYPE, f"the value of `{f.name}` must be {want.words()}",
                                  f.default.span, hint=f"write {want.words()}, or change the field's type")


def _default(e) -> object:
    """A state's default as a plain value, to compare two declarations."""
    return (type(e).__name__, getattr(e, "value", getattr(e, "name", None)))
