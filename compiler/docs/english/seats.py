"""English for seats played by rules, and sides (construct 20): ``seats``, ``any seat``,
``every seat``, ``every KIND``, ``KIND[i]``, ``each seat``/``each KIND``, the automaton
declaration (its turns as step lists, and who decides for it) and a mode's seating.

Rulebook: Utopia › Dystopia: The Solo Game › Solo Gameplay; Utopia › 2 Player Co-op.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from dsl import ast
from compiler.docs.english.expressions import Voice, join, phrase
from compiler.docs.english.glossary import as_names
from compiler.docs.markdown import Markdown


def _kind_words(kind: ast.Ident | None, v: Voice, plural: bool = False) -> str:
    """"seat"/"seats", or the automaton's title ("Villain seat")."""
    if kind is None:
        return "seats" if plural else "seat"
    return f"{v.names.title(kind.name)} seat{'s' if plural else ''}"


def seat_count(node: ast.SeatCount, v: Voice) -> str:
    return "the number of seats (players and automata)"


def seat_test(node: ast.SeatTest, v: Voice) -> str:
    """``every villain missions_done >= 3`` → "every Villain seat's missions completed are at
    least 3"; ``any villain C`` → "any Villain seat ..." (some seat of the kind)."""
    who = f"{'every' if node.every else 'any'} {_kind_words(node.kind, v)}"
    return phrase(node.condition, replace(v, you=who, your=f"{who}'s"))


def kind_index(node: ast.Index, v: Voice) -> str:
    """``villain[1]``: "the first Villain seat" (the seat number, counting from 1)."""
    return f"{_kind_words(node.track, v)} number {phrase(node.key, v)} (nobody if there is none)"


def each_seat(node: ast.EachSeat, v: Voice, block) -> list[str]:
    """``each seat { }`` / ``each KIND { }`` as a nested step list (``block`` renders it)."""
    return block(f"Each {_kind_words(node.kind, v)}, in seat order:", node.body, v)


def automaton(decl: ast.Automaton, names: Mapping[str, str] | None = None, *, paragraphs, provenance,
              step_list) -> list[str]:
    """An automaton: its turns, each a step list, and who decides for it."""
    v = Voice(as_names(names))
    intro = Markdown("**{}** is a seat played by the rules: the engine plays its turns.").format(decl.title)
    default = Markdown("automaton number i (counting the automata from 1) is controlled by player "
                       "((i - 1) mod the number of players) + 1")
    if decl.controllers:  # `controlled by E`: "you" in E is the automaton's seat
        who = phrase(decl.controllers[0].expr, replace(v, you="the automaton", your="the automaton's"))
        rule = Markdown("Decisions in its rules are made by the player who controls it: {}, when the "
                        "question is asked (if that is no player, {}).").format(who, default)
    else:
        rule = Markdown("Decisions in its rules are made by the player who controls it: {}.").format(default)
    parts = [[intro, Markdown(""), rule]]
    for turn in decl.turns:
        heading = Markdown("**{}'s turn** (in {})").format(decl.title, v.names.title(turn.phase.name))
        parts.append(step_list(heading, turn.body, v))
    if not decl.turns:
        parts.append([Markdown("It has no turn: its seats never act.")])
    return paragraphs(*parts, provenance(decl.meta))


def seating_words(mode, names: Mapping[str, str] | None = None) -> list[Markdown]:
    """A mode's seats, seating and sides in words (empty without automata)."""
    v = Voice(as_names(names))
    if not mode.seats:
        return []
    seated = join([Markdown("{} {} seat{}").format(op.count, v.names.title(op.kind.name),
                                                   Markdown("s" * (op.count != 1))) for op in mode.seats])
    out = [Markdown("Seats played by the rules: {}, after the players.").format(seated)]
    if mode.seating is not None:
        out.append(Markdown("Turn order alternates: one player, then one automaton."))
    if mode.sides is not None:
        named = join([Markdown("the players") if s.name == "players"
                      else Markdown("the {} seats").format(v.names.title(s.name)) for s in mode.sides.sides])
        out.append(Markdown("Sides: {}; a side wins or loses together.").format(named))
    return out


def side_wins(side: ast.Ident, v: Voice) -> Markdown:
    """``winner side S``: "The players win together." / "The *Villain* seats win together."."""
    if side.name == "players":
        return Markdown("The players win together.")
    return Markdown("The {} seats win together.").format(v.names.title(side.name))
