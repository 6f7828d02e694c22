"""Declarations as Markdown blocks: lines, with blank lines between paragraphs.

Each renderer returns ``list[str]`` without a heading (the page decides on
headings) and ends with the declaration's provenance: ``Source: *Section ›
Sub*``, then a ``!!! note "Ruling"`` per ruling and a ``!!! warning
"Provisional"`` per provisional value.  Lines are
:class:`~compiler.docs.markdown.Markdown`: every piece of spec text in them (titles,
citations, rulings, field descriptions, labels, file names) is escaped where
it is put in, by :func:`compiler.docs.markdown.inline` or ``Markdown.format``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from dsl import ast

from compiler.analysis.names import derived_is_condition
from compiler.docs.english.expressions import (Voice, card_noun, domain, join, phrase,
                                               type_noun)
from compiler.docs.english.determiners import determined, type_word
from compiler.docs.english.glossary import as_names, plain
from compiler.docs.english.queries import selection
from compiler.docs.english import extensions, seats
from compiler.docs.english import options as chosen_options
from compiler.docs.english.statements import lines
from compiler.docs.markdown import Markdown, cell, code, inline, prose

#: How each kind of phase is played.
PHASE_KINDS = {
    "simultaneous": "every player, asked in seat order",
    "draft": "each player once, in turn order from the first player",
    "turns": "players take turns in turn order from the first player",
    "automatic": "no player decides anything; the phase runs by itself",
}
VISIBILITY = {"public": "face up", "hidden": "seen only by its owner", "secret": "face down",
              "top": "face up, only the top card shown"}


# ----------------------------------------------------------------- provenance
def sources(meta: tuple[ast.Meta, ...]) -> Markdown:
    """``Source: *Cycle › 1 Place*`` (``Sources: *A*; *B*`` for several)."""
    texts = [m.text for m in meta if m.kind == "source"]
    if not texts:
        if any(m.kind in ("ruling", "provisional") for m in meta):
            return Markdown("Source: none in the rulebook; see the note below.")
        return Markdown("Source: not given.")
    label = "Source" if len(texts) == 1 else "Sources"
    return Markdown(f"{label}: ") + Markdown("; ").join(Markdown("*{}*").format(t) for t in texts)


def admonition(kind: str, text: str) -> list[Markdown]:
    """A ruling (``note``) or provisional value (``warning``) box, as lines; ``text``
    is escaped unless it is :class:`~compiler.docs.markdown.Markdown`, its quotes of code
    (`` `require has` ``) shown as code (:func:`~compiler.docs.markdown.prose`)."""
    style = {"ruling": ("note", "Ruling"), "provisional": ("warning", "Provisional")}[kind]
    return [Markdown(f'!!! {style[0]} "{style[1]}"'), Markdown("    ") + prose(text)]


def provenance(meta: tuple[ast.Meta, ...]) -> list[Markdown]:
    """Source line, then one admonition per ruling and per provisional value."""
    out = [sources(meta)]
    for m in meta:
        if m.kind in ("ruling", "provisional"):
            out += [""] + admonition(m.kind, m.text)
    return out


def paragraphs(*blocks: list[str]) -> list[str]:
    """Non-empty blocks joined with one blank line between them."""
    out: list[str] = []
    for block in blocks:
        if block:
            out += ([""] if out else []) + block
    return out


def _list(intro: Markdown, body: tuple[ast.Stmt, ...], v: Voice) -> list[Markdown]:
    items = [line for node in body for line in lines(node, v)]
    return [intro + Markdown(":"), Markdown("")] + items if items else [intro + Markdown(": nothing.")]


# ----------------------------------------------------------------- actions and phases
def tally_limit(decl: ast.Tally, names: Mapping[str, str] | None = None) -> Markdown:
    """``at most 1 per player per round`` (``no limit per ...`` without ``max``)."""
    scope = " ".join(f"per {inline(s)}" for s in decl.scopes)
    most = "no limit" if decl.maximum is None else f"at most {phrase(decl.maximum, Voice(as_names(names)))}"
    return Markdown(f"{most} {scope}".strip())


def action(decl: ast.Action, names: Mapping[str, str] | None = None) -> list[str]:
    """Choices, requirements, tallies used, effect bullets and provenance."""
    v = Voice(as_names(names))
    choices = [Markdown("- **{}**: {}").format(plain(c.name), domain(c.domain, v.names, c.name))
               for c in decl.choices]
    uses = []
    for u in decl.uses:
        tally = v.names.decls.get(u.tally.name)
        limit = Markdown(" ({})").format(tally_limit(tally, v.names)) if isinstance(tally, ast.Tally) \
            else ""
        uses.append([Markdown("Counts {} against {}{}.").format(u.amount, v.names.title(u.tally.name),
                                                                 limit)])
    requires = [Markdown("Only if {}.").format(join([phrase(r, v) for r in decl.requires]))] \
        if decl.requires else []
    return paragraphs([Markdown("Choose:"), Markdown("")] + choices if choices else [], requires, *uses,
                      _list(Markdown("Effect"), decl.effect, v), provenance(decl.meta))


def phase(decl: ast.Phase, names: Mapping[str, str] | None = None,
          next_phases: str | None = None) -> list[str]:
    """How the phase is played, what happens on entering and leaving, the actions
    it offers and (``next_phases``, a phrase from the flow: escaped unless it is
    :class:`~compiler.docs.markdown.Markdown`) what follows it."""
    v = Voice(as_names(names))
    kind = [Markdown("*{}*: {}.").format(decl.kind.capitalize(), PHASE_KINDS.get(decl.kind, decl.kind))]
    only = [Markdown("Played only when {}.").format(phrase(decl.only_when, v))] \
        if decl.only_when is not None else []
    enter = _list(Markdown("On entering the phase"), decl.on_enter, v) if decl.on_enter else []
    turn = _list(Markdown("At the start of each player's turn"), decl.on_turn, v) if decl.on_turn else []
    offered = [Markdown("*{}*").format(v.names.title(a.name)) for a in decl.actions]
    acts = [Markdown("Actions offered: {}.").format(join(offered))] if offered else []
    leave = _list(Markdown("On leaving the phase"), decl.on_exit, v) if decl.on_exit else []
    after = [Markdown("Next: {}.").format(next_phases)] if next_phases else []
    return paragraphs(kind, only, enter, turn, acts, leave, after, provenance(decl.meta))


def trigger(decl: ast.Trigger, names: Mapping[str, str] | None = None) -> list[str]:
    """A trigger: what happens before an action's own effect."""
    v = Voice(as_names(names))
    return paragraphs(_list(extensions.trigger_timing(decl, v), decl.effect, v), provenance(decl.meta))


def card_type(decl: ast.CardType, names: Mapping[str, str] | None = None) -> list[str]:
    fields = join([Markdown("*{}* ({})").format(plain(f.name), f.description or f.type.name)
                   for f in decl.fields])
    return paragraphs([Markdown("**{}** cards have: {}{}.").format(
        decl.title, fields, kept_words(decl.states, names, "a card"))], provenance(decl.meta))


#: What each kind of rule field (construct 1) gives, in words.
RULE_KINDS = {"procedure": "effects each card carries out", "value": "a number worked out for each player",
              "condition": "a condition that holds or not for each player",
              "action": "an action that a player takes through it"}


def card_rules(field: ast.Field, card_type: ast.CardType, entries: list[dict],
               names: Mapping[str, str] | None = None) -> list[str]:
    """The "Card rules" of one rule field (construct 1): what the field gives, then each
    card of ``card_type`` (``entries``: its catalogue entries, dicts with ``title`` and
    the field) with the title of the rule it names; the rules themselves are rendered
    in their own sections (procedures, derived values)."""
    v = Voice(as_names(names))
    kind = ("procedure" if isinstance(field.type, ast.ProcedureType) else field.type.name)
    intro = Markdown("Each **{}** card has its own *{}*: {}.").format(
        card_type.title, plain(field.description or field.name), RULE_KINDS[kind])
    rows = [Markdown("- {}: *{}*").format(inline(str(e.get("title", e.get("name", "?")))),
                                         v.names.title(str(e.get(field.name))))
            for e in entries if e.get(field.name) is not None]
    default = [Markdown("A card that names none has *{}*.").format(v.names.title(field.default.name))] \
        if isinstance(field.default, ast.Name) else []
    return paragraphs([intro], rows, default)


def catalogue(decl: ast.Catalogue, names: Mapping[str, str] | None = None) -> list[str]:
    v = Voice(as_names(names))
    return paragraphs([Markdown("The {} cards listed in {}.").format(
        v.names.title(decl.card_type.name), code(decl.path))], provenance(decl.meta))


def procedure(decl: ast.Procedure, names: Mapping[str, str] | None = None) -> list[str]:
    """A procedure: the effects other rules carry out by name."""
    v = Voice(as_names(names))
    params = join([Markdown("*{}* ({}{})").format(p.name, v.names.title(p.type.name),
                                                  ", or none" if p.maybe else "") for p in decl.params])
    intro = Markdown("**{}**, for {}").format(decl.title, params) if decl.params \
        else Markdown("**{}**").format(decl.title)
    return paragraphs(_list(intro, decl.effect, v), provenance(decl.meta))


def setup(decl: ast.Setup, names: Mapping[str, str] | None = None) -> list[str]:
    """The setup as bullets in order, each named step numbered with its statements nested
    (construct 14), then provenance."""
    v = Voice(as_names(names))
    if not decl.steps:
        return paragraphs(_list(Markdown("In order"), decl.body, v), provenance(decl.meta))
    items, number = [], 0
    for item in decl.items:
        if type(item) is ast.SetupStep:
            number += 1
            items += extensions.setup_step(item, number, v)
        else:
            items += lines(item, v)
    return paragraphs([Markdown("In order:"), Markdown("")] + items, provenance(decl.meta))


def flow(decl: ast.Flow, names: Mapping[str, str] | None = None) -> list[str]:
    """The phase graph as words: each transition as a bullet (with its condition), the
    phase each round starts with, then provenance (the page draws the graph too)."""
    v = Voice(as_names(names))

    def node(name: str) -> Markdown:
        words = {"start": "the start of the game", "end": "the end of the game"}
        return Markdown(words[name]) if name in words else Markdown("*{}*").format(v.names.title(name))

    steps = [Markdown("- From {} to {}").format(node(e.source.name), node(e.dest.name))
             + (Markdown(" when {}").format(phrase(e.condition, v)) if e.condition is not None else "")
             + Markdown(".") for e in decl.edges]
    order = [Markdown("The phases follow each other:"), Markdown("")] + steps if steps else []
    rounds = [Markdown("Each round starts with {}.").format(node(decl.round_start.name))] \
        if decl.round_start is not None else []
    return paragraphs(order, rounds, provenance(decl.meta))


def end(decl: ast.End, names: Mapping[str, str] | None = None, number: int | None = None) -> list[str]:
    """When the game ends, who wins, and the tie-breakers as an ordered list; with
    ``number`` (one of several ends, in the order they are tried), a first line
    ``**N. Title.**`` (the title, else the name); without, ``**Title.**`` if it has one."""
    v = Voice(as_names(names))
    heading = [Markdown("**{}. {}.**").format(number, decl.title or plain(decl.name))] if number is not None \
        else [Markdown("**{}.**").format(decl.title)] if decl.title else []
    when = []
    if decl.when is not None:
        how = (", at once" if decl.immediately
               else ", after the round in progress is played to its end" if decl.finish_round else "")
        when = [Markdown(f"The game ends when {phrase(decl.when, v)}{how}.")]
    win = []
    if decl.winner_most is not None:
        most = phrase(decl.winner_most, Voice(v.names, "the player", ""))
        win.append(Markdown("The player with the most {} wins.").format(most))
    if decl.win_when is not None:
        win.append(Markdown("You win if {}.").format(phrase(decl.win_when, v)))
    if decl.winners is not None:
        w = decl.winners
        tied = " (all of them, if tied)" if w.measures else ""
        who = "seat" if w.seats else "player"  # `winners seats`: automata too (construct 20)
        win.append(Markdown(f"Every {who} {{}}{{}} wins (nobody, if no {who} is left).").format(
            selection(w.where, w.measures, w.then_where, v), tied))
    if decl.nobody_wins:
        win.append(Markdown("Nobody wins."))
    if decl.winner_side is not None:  # construct 20
        win.append(seats.side_wins(decl.winner_side, v))
    ties = []
    if decl.tie_breakers:
        ties = [Markdown("Ties are broken by, in order:"), Markdown("")]
        for i, tb in enumerate(decl.tie_breakers, 1):
            label = tb.label[:1].upper() + tb.label[1:]
            if isinstance(tb, ast.RollOff):
                low = "lowest" if tb.direction == "fewest" else "highest"
                ties.append(Markdown("{}. {} (a roll-off: each player still tied rolls one die with {} "
                                     "sides; the {} roll wins, and the players tied for it roll again)."
                                     ).format(i, label, tb.sides, low))
            else:
                ties.append(Markdown("{}. {} ({}: {}).").format(i, label, tb.direction,
                                                                 phrase(tb.expr, v.their())))
    return paragraphs(heading, when, win, ties, provenance(decl.meta))


def several_ends(count: int) -> list[str]:
    """The sentence before ``count`` ends (more than one): they are tried in order."""
    return [Markdown("The game ends in any of these {} ways, tried in this order after every action "
                     "and effect: the first that holds decides who wins.").format(count)]


# ----------------------------------------------------------------- components
def tally(decl: ast.Tally, names: Mapping[str, str] | None = None) -> list[str]:
    return paragraphs([Markdown("**{}**: {}.").format(decl.title, tally_limit(decl, names))],
                      provenance(decl.meta))


def resource(decl: ast.Resource, names: Mapping[str, str] | None = None) -> list[str]:
    kind = "non-renewable (spent when used)" if decl.non_renewable else "renewable"
    supply = "unlimited supply" if decl.supply is None else f"supply of {decl.supply}"
    if decl.per_enum is not None:  # a family: one resource per member of the enum
        per = Markdown("one per {}").format(type_noun(decl.per_enum.name, as_names(names)))
        return paragraphs([Markdown("**{}**: {}, each {}, {}.").format(decl.title, per, kind, supply)],
                          provenance(decl.meta))
    return paragraphs([Markdown("**{}**: {}, {}.").format(decl.title, kind, supply)], provenance(decl.meta))


def scope_words(decl: ast.Track | ast.Zone, names: Mapping[str, str] | None = None, *,
                table: bool = False) -> Markdown:
    """Whose a track or a zone is, as the language reference says it (*Track*, *Tracks
    kept per enum member*, *Zones of each card*).  A track: ``one per player``, ``one per
    faction, shared by all players`` (``per ENUM``), ``one for the game``.  A zone: ``one
    per player``, ``one per action space`` (``per CARD``), ``shared``.  With ``table``,
    the words of the components tables: ``per player`` for a track, and the zone's owner
    (``each player``, ``each action space``)."""
    n = as_names(names)
    if isinstance(decl, ast.Track):
        if decl.per_player:
            return Markdown("per player" if table else "one per player")
        if decl.per_enum is not None:
            return Markdown("one per {}, shared by all players").format(type_noun(decl.per_enum.name, n))
        return Markdown("one for the game")
    if decl.per_player:
        return Markdown("each player" if table else "one per player")
    if decl.per_card is not None:
        return Markdown("each {}" if table else "one per {}").format(type_noun(decl.per_card.name, n))
    return Markdown("shared")


def track(decl: ast.Track, names: Mapping[str, str] | None = None) -> list[str]:
    v = Voice(as_names(names))
    parts = [scope_words(decl, v.names)]
    if decl.is_score:
        parts.append("the score track")
    if decl.start is not None:
        parts.append(Markdown("starts at {}").format(phrase(decl.start, v)))
    if decl.low is not None and decl.high is not None:  # construct 12
        parts.append(Markdown("runs from {} to {} and never goes past either end").format(
            phrase(decl.low, v), phrase(decl.high, v)))
    return paragraphs([Markdown("**{}**: {}.").format(decl.title, Markdown(", ").join(parts))],
                      provenance(decl.meta))


def zone_decl(decl: ast.Zone, names: Mapping[str, str] | None = None) -> list[str]:
    v = Voice(as_names(names))
    parts = [Markdown("a {} of {}").format(decl.kind, card_noun(decl.name, v.names)),
             scope_words(decl, v.names),
             VISIBILITY.get(decl.visibility, decl.visibility)]
    if decl.limit is not None:
        parts.append(Markdown("at most {} cards").format(phrase(decl.limit, v)))
    if decl.overflow is not None:
        parts.append(overflow(decl.overflow, v.names))
    if decl.refill is not None:
        parts.append(Markdown("refilled from the {} when empty").format(v.names.title(decl.refill.name)))
    return paragraphs([Markdown("**{}**: {}.").format(decl.title, Markdown(", ").join(parts))],
                      provenance(decl.meta))


def overflow(node: ast.Overflow, names: Mapping[str, str] | None = None) -> Markdown:
    """``overflow discard into trash or decline`` as a clause: ``when a card would enter
    it while it is full, its owner may discard cards of their choice into the Trash Deck
    to make room and take the card, or leave the card where it is``."""
    v = Voice(as_names(names))
    where = phrase(node.discard, v).replace("your ", "their ")
    text = (f"when a card would enter it while it is full, its owner "
            f"{'may' if node.decline else 'must'} discard cards of their choice into {where} "
            "to make room and take the card")
    return Markdown(text + (", or leave the card where it is" if node.decline else ""))


def pieces(decl: ast.Pieces, names: Mapping[str, str] | None = None) -> list[str]:
    kind = f"dice with {decl.sides} sides, whose values start at 1" if decl.sides else "tokens"
    if decl.each is None and not decl.nobody and not decl.faces and not decl.fields and not decl.states:
        return paragraphs([Markdown("**{}**: {} per player, in the player's colour; {}.").format(
            decl.title, decl.count, kind)], provenance(decl.meta))
    return paragraphs([Markdown("**{}**: {}; {}.").format(decl.title, piece_count(decl, names),
                                                         piece_kind(decl, names))], provenance(decl.meta))


def piece_count(decl: ast.Pieces, names: Mapping[str, str] | None = None) -> Markdown:
    """How many pieces there are (construct 8): ``4``, ``1 of each knowledge type``,
    ``none: 3 of the game, belonging to nobody``."""
    if decl.nobody:
        return Markdown("none: {} of the game, belonging to nobody").format(str(decl.count))
    if decl.each is not None:
        each = type_noun(decl.each.name, Voice(as_names(names)).names)
        return Markdown("{} of each {}").format(str(decl.count), each)
    return Markdown(str(decl.count))


def piece_kind(decl: ast.Pieces, names: Mapping[str, str] | None = None) -> Markdown:
    """What a piece is and keeps: ``a token``, ``a die with 6 sides (its value starts at
    1)``, ``a die with the faces 1, 2, 3``; then its fields and the states it keeps
    wherever it goes (construct 8)."""
    v = Voice(as_names(names))
    if decl.faces:
        text = Markdown("a die with the faces {} (showing the first at the start)").format(
            Markdown(", ").join(phrase(f, v) for f in decl.faces))
    elif decl.sides:
        text = Markdown(f"a die with {decl.sides} sides (its value starts at 1)")
    else:
        text = Markdown("a token")
    for f in decl.fields:
        text += Markdown("; {}: {}").format(f.description or plain(f.name.replace("_", " ")),
                                             phrase(f.default, v))
    return text + kept_words(decl.states, names, "a piece")


def kept_words(states, names: Mapping[str, str] | None, what: str) -> Markdown:
    """``; a piece keeps its commander (a crew-member, or none at first) and its deployed
    round (0 at first) wherever it goes`` (construct 8), or nothing without states."""
    if not states:
        return Markdown("")
    v = Voice(as_names(names))
    parts = []
    for st in states:
        if isinstance(st.default, ast.Nothing):
            start = Markdown("a {}, or none at first").format(type_noun(st.type.name, v.names))
        else:
            start = Markdown("{} at first").format(phrase(st.default, v))
        parts.append(Markdown("its {} ({})").format(plain(st.name.replace("_", " ")), start))
    return Markdown("; {} keeps {} wherever it goes").format(what, join(parts))


def dice(decl: ast.Dice, names: Mapping[str, str] | None = None) -> list[str]:
    """A ``dice`` declaration (construct 16): how many, and their faces in words."""
    return paragraphs([Markdown("**{}**: {}.").format(decl.title, dice_words(decl, names))],
                      provenance(decl.meta))


def dice_words(decl: ast.Dice, names: Mapping[str, str] | None = None) -> Markdown:
    """``2 dice of the game, each with the faces +, +, -, -, blank, blank``."""
    v = Voice(as_names(names))
    many = "a die of the game," if decl.count == 1 else f"{decl.count} dice of the game, each"
    if decl.sides is not None and not decl.faces:
        return Markdown("{} numbered 1 to {}, showing 1 at the start").format(many, decl.sides)
    faces = Markdown(", ").join(phrase(f, v) for f in decl.faces)
    return Markdown("{} with the faces {}, showing the first at the start").format(many, faces)


def stock(decl: ast.Stock, names: Mapping[str, str] | None = None) -> list[str]:
    """A ``stock`` declaration (construct 18): who holds one."""
    return paragraphs([Markdown("**{}**: {}.").format(decl.title, stock_words(decl, names))],
                      provenance(decl.meta))


def stock_words(decl: ast.Stock, names: Mapping[str, str] | None = None) -> Markdown:
    """``resources held by each TZ location, empty at the start``."""
    if decl.per_card is None:
        return Markdown("resources held by the game, empty at the start")
    return Markdown("resources held by each {}, empty at the start").format(
        type_noun(decl.per_card.name, as_names(names)))


def param(decl: ast.Param, names: Mapping[str, str] | None = None) -> list[str]:
    value = phrase(decl.value, Voice(as_names(names)))
    return paragraphs([Markdown("**{}** ({}): {}.").format(decl.title, code(decl.name), value)],
                      provenance(decl.meta))


def derived(decl: ast.Derived, names: Mapping[str, str] | None = None) -> list[str]:
    """A derived value: "**title** of a player: ...", or "**title**, a condition on a
    player: ..." when its expression is a condition; its parameters, if any, follow
    ("for *t* (a tile)", construct 14)."""
    v = Voice(as_names(names))
    text = phrase(decl.expr, v.their())
    what = Markdown("**{}**, a condition on a player").format(decl.title) \
        if derived_is_condition(decl, v.names.decls) else Markdown("**{}** of a player").format(decl.title)
    if decl.params:  # construct 14: `presence(t)`
        given = join([_param_given(p, v) for p in decl.params])
        return paragraphs([Markdown("{}, for {}: {}.").format(what, given, text)], provenance(decl.meta))
    return paragraphs([Markdown("{}: {}.").format(what, text)], provenance(decl.meta))


def _param_given(p, v: Voice) -> Markdown:
    """``*t* (a tile)``, ``*r* (a number)``: a derived value's parameter and its type."""
    word = type_word(p.type.name)
    noun = v.names.title(p.type.name) if word == p.type.name else Markdown(word)
    return Markdown("*{}* ({})").format(p.name, Markdown(determined("a", noun)))


def enum(decl: ast.Enum, names: Mapping[str, str] | None = None) -> list[str]:
    members = join([m.title for m in decl.members])
    return paragraphs([Markdown("**{}**: {}.").format(decl.title, members)], provenance(decl.meta))


def _key_cell(part, v: Voice) -> Markdown:
    if isinstance(part, ast.KeyRange):
        return Markdown("{} to {}").format(part.low, part.high)
    return phrase(part, v)


def table(decl: ast.Table, names: Mapping[str, str] | None = None) -> list[str]:
    """A table (construct 10) as a Markdown table: one column per index (headed by the enum
    it is keyed by, or "Number"), then the value; ``else`` as a last row, "any other"."""
    v = Voice(as_names(names))
    kinds = []
    for part in decl.rows[0].keys if decl.rows else ():
        enum = next((e for e, ms in v.names.members.items()
                     if isinstance(part, ast.Name) and part.name in ms), None)
        kinds.append(str(type_noun(enum, v.names)).capitalize() if enum else "Number")
    title = decl.title[:1].upper() + decl.title[1:]
    head = [*(kinds or ["Key"]), title]

    def row(cells) -> Markdown:
        return Markdown("| {} |").format(Markdown(" | ").join(cell(c) for c in cells))
    rows = [row(head), Markdown("|" + " --- |" * len(head))]
    rows += [row([*(_key_cell(p, v) for p in r.keys), phrase(r.value, v)]) for r in decl.rows]
    if decl.default is not None:
        rows.append(row([*(["any other"] * max(len(kinds), 1)), phrase(decl.default, v)]))
    elif decl.rows:  # the zero of the value type
        zero = {ast.Number: "0", ast.Bool: "false", ast.Text: "an empty text"}.get(
            type(decl.rows[0].value), "none")
        rows.append(row([*(["any other"] * max(len(kinds), 1)), zero]))
    return paragraphs([Markdown("**{}** ({}):").format(title, code(decl.name))], rows, provenance(decl.meta))


#: Renderer of every declaration a mode can add or replace (and a few more).
DECL_RENDERERS: dict[type, Callable[..., list[str]]] = {
    ast.Action: action, ast.Phase: phase, ast.Trigger: trigger, ast.Setup: setup, ast.End: end,
    ast.Flow: flow, ast.Tally: tally, ast.Resource: resource, ast.Track: track, ast.Zone: zone_decl,
    ast.Param: param, ast.Derived: derived, ast.Enum: enum, ast.Pieces: pieces,
    ast.Procedure: procedure, ast.CardType: card_type, ast.Catalogue: catalogue, ast.Table: table,
    ast.Dice: dice, ast.Stock: stock,
    ast.Automaton: lambda decl, names=None: seats.automaton(decl, names, paragraphs=paragraphs,
                                                            provenance=provenance, step_list=_list),
    ast.Option: chosen_options.option,
}


def decl(node, names: Mapping[str, str] | None = None) -> list[str]:
    """Any declaration in DECL_RENDERERS as Markdown lines."""
    try:
        render = DECL_RENDERERS[type(node)]
    except KeyError:
        raise TypeError(f"no English for declaration {type(node).__name__}") from None
    return render(node, names)


def title(node) -> Markdown:
    """How a declaration is named on the page: its title, or its name read plainly (escaped)."""
    return inline(getattr(node, "title", None) or plain(getattr(node, "name", type(node).__name__)))
