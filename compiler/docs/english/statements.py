"""Statements as Markdown bullets: one imperative sentence per statement.

``stmt(Gain(BagLiteral((BagItem(Ident('water'), Number(1)),))), names)`` →
``["- Take 1 Water from the supply."]``.  Blocks (``each player``, ``for
each``, ``if``, ``ask``, ``choose c: card in``) nest their bodies four spaces deeper,
as Python-Markdown wants for nested lists.  Lines are
:class:`~compiler.docs.markdown.Markdown`; the spec text in them (titles, labels,
variable names) is escaped where it is put in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from dsl import ast

from compiler.docs.english.expressions import (Voice, card_noun, join, phrase, relative,
                                               type_noun)
from compiler.docs.english.determiners import determined
from compiler.docs.english.glossary import as_names, plain
from compiler.docs.english.queries import selection
from compiler.docs.english.seats import each_seat
from compiler.docs.markdown import Markdown, inline

INDENT = Markdown("    ")


def stmt(node: ast.Stmt, names: Mapping[str, str] | None = None) -> list[Markdown]:
    """``node`` as Markdown bullet lines (nested bodies indented by four spaces)."""
    return lines(node, Voice(as_names(names)))


def stmts(body: tuple[ast.Stmt, ...], names: Mapping[str, str] | None = None) -> list[Markdown]:
    """A block of statements as one Markdown list; ``[]`` for an empty block."""
    voice = Voice(as_names(names))
    return [line for node in body for line in lines(node, voice)]


def lines(node, v: Voice) -> list[Markdown]:
    """``node`` in ``v``; dispatches on the node's class through STMT_RENDERERS (each
    renderer escapes the spec text it puts in)."""
    try:
        render = STMT_RENDERERS[type(node)]
    except KeyError:
        raise TypeError(f"no English for statement {type(node).__name__}") from None
    return [Markdown(line) for line in render(node, v)]


def _bullet(text: str, body: list[str] | None = None) -> list[str]:
    return [f"- {text}"] + [f"{INDENT}{line}" for line in body or []]


def _block(text: str, body: tuple, v: Voice) -> list[str]:
    """A bullet ending in a colon with its body nested, or ``...: nothing.``"""
    inner = [line for node in body for line in lines(node, v)]
    if not inner:
        return _bullet(f"{text.rstrip(':')}: nothing happens.")
    return _bullet(text, inner)


# ----------------------------------------------------------------- resources and score
def _gain(node: ast.Gain, v: Voice) -> list[str]:
    return _bullet(f"Take {phrase(node.bag, v)} from the supply.")


def _pay(node: ast.Pay, v: Voice) -> list[str]:
    return _bullet(f"Pay {phrase(node.bag, v)} to the supply.")


def _release(node: ast.Release, v: Voice) -> list[str]:
    resources = [d for d in v.names.decls.values() if isinstance(d, ast.Resource)]
    if isinstance(node.bag, ast.BagLiteral):
        kinds = {item.resource.name for item in node.bag.items}
        resources = [r for r in resources if r.name in kinds]
    back = join([r.title for r in resources if not r.non_renewable])
    spent = join([r.title for r in resources if r.non_renewable])
    if not resources:
        back, spent = "renewable resources", "non-renewable ones"
    parts = [f"{back} come back to you" if back else "", f"{spent} go to the supply" if spent else ""]
    return _bullet(f"Release {phrase(node.bag, v)}: " + "; ".join(p for p in parts if p) + ".")


def _transfer(node: ast.Transfer, v: Voice) -> list[str]:
    bag, dest = phrase(node.bag, v), phrase(node.dest, v)
    if node.source is None and isinstance(node.dest, ast.StockOf):  # construct 18
        return _bullet(f"Put {bag} of yours on {dest}.")
    if node.source is None:
        return _bullet(f"Give {bag} to {dest}.")
    return _bullet(f"Move {bag} from {phrase(node.source, v)} to {dest}.")


def _transfer_all(node: ast.TransferAll, v: Voice) -> list[str]:
    dest = "you" if isinstance(node.dest, ast.Me) else phrase(node.dest, v)
    return _bullet(f"Everything {phrase(node.source, v)} holds goes to {dest}.")


def _gain_into(node: ast.GainInto, v: Voice) -> list[str]:
    return _bullet(f"Put {phrase(node.bag, v)} from the supply on {phrase(node.dest, v)}.")


def _score(node: ast.Score, v: Voice) -> list[str]:
    title = v.names.score_title()
    if title is None:
        return _bullet(f"Score {phrase(node.amount, v)}.")
    if isinstance(node.amount, ast.Number):
        n = node.amount.value
        unit = title[:-1] if n == 1 and title.endswith("s") else title
        return _bullet(f"Score {n} {unit}.")
    return _bullet(f"Score {title} equal to {phrase(node.amount, v)}.")


def _advance(node: ast.Advance, v: Voice) -> list[str]:
    decl = v.names.decls.get(node.track.name)
    title = v.names.title(node.track.name)
    track = v.own(title) if isinstance(decl, ast.Track) and decl.per_player else determined("the", title)
    if node.key is not None:
        track = f"{determined('the', title)} of {phrase(node.key, v)}"
    return _bullet(f"Advance {track} by {phrase(node.amount, v)}.")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _roll_words(node: ast.Roll, v: Voice) -> str:
    decl = v.names.decls.get(node.die.name)
    if isinstance(decl, ast.Dice):  # dice of the game (construct 16)
        title = v.names.title(node.die.name)
        if node.index is not None:
            return f"Roll die {phrase(node.index, v)} of the {title}: it shows a face at random."
        return f"Roll the {title}: {'it shows' if decl.count == 1 else 'each shows'} a face at random."
    return f"Roll {plain(node.die.name)}: it shows a new value at random."


def _set_track(node: ast.SetTrack, v: Voice) -> list[str]:
    decl = v.names.decls.get(node.track.name)
    if isinstance(decl, ast.Dice):  # turn a die to a face (construct 16)
        which = f"die {phrase(node.key, v)} of the " if node.key is not None else "the "
        return _bullet(f"Turn {which}{v.names.title(node.track.name)} to show {phrase(node.value, v)}.")
    title = v.names.title(node.track.name)
    track = v.own(title) if isinstance(decl, ast.Track) and decl.per_player else determined("the", title)
    if node.key is not None:
        track = f"{determined('the', title)} of {phrase(node.key, v)}"
    return _bullet(f"Set {track} to {phrase(node.value, v)}.")


# ----------------------------------------------------------------- cards
def _full_note(dest: ast.ZoneRef, v: Voice) -> str:
    decl = v.names.decls.get(dest.zone.name)
    if isinstance(decl, ast.Zone) and decl.limit is not None:
        full = phrase(dest, v)
        if decl.overflow is not None:
            where = phrase(decl.overflow.discard, v).replace("your ", "their ")
            owner = "you" if dest.owner == "my" else inline(dest.owner or "its owner")
            can = "may" if decl.overflow.decline else "must"
            text = f"; if {full} is full, {owner} {can} first discard cards of "
            text += f"{'your' if owner == 'you' else 'their'} choice from it into {where} to make room"
            return text + (", or leave the card" if decl.overflow.decline else "")
        return f"; once {full} is full, it refuses further cards"
    return ""


def _draw(node, v: Voice, verb: str, face: str) -> list[str]:
    src, dest = phrase(node.source, v), phrase(node.dest, v)
    one = isinstance(node.count, ast.Number) and node.count.value == 1
    if isinstance(node.count, ast.Number):
        what = "the top card" if one else f"the top {node.count.value} cards"
        text = f"{verb} {what} of {src}{face} into {dest}"
    else:
        text = f"{verb} cards from the top of {src}{face} into {dest}, as many as {phrase(node.count, v)}"
    if not one:
        text += ", one at a time"
    return _bullet(text + _full_note(node.dest, v) + ".")


def _move_card(node: ast.MoveCard, v: Voice) -> list[str]:
    dest = phrase(node.dest, v)
    card = inline(node.card.name) if isinstance(node.card, ast.Name) else phrase(node.card, v)
    if node.bottom:
        return _bullet(f"Put {card} at the bottom of {dest}{_overflow_note(node.dest, v)}.")
    return _bullet(f"Move {card} into {dest}{_overflow_note(node.dest, v)}.")


def _move_all(node: ast.MoveAll, v: Voice) -> list[str]:
    if node.bottom:
        return _bullet(f"Put every card in {phrase(node.source, v)} at the bottom of {phrase(node.dest, v)}, "
                       "keeping their order.")
    return _bullet(f"Move every card in {phrase(node.source, v)} into {phrase(node.dest, v)}.")


def _each_player(node: ast.EachPlayer, v: Voice) -> list[str]:
    if not node.selects:
        return _block("Each player, in turn order from the first player:", node.body, v)
    which = selection(node.where, node.measures, node.then_where, v)
    tied = " (all of them, if tied)" if node.measures else ""
    return _block(f"Each player {which}{tied}, in turn order from the first player:", node.body, v)


def _overflow_note(dest: ast.ZoneRef, v: Voice) -> str:
    """The note on a zone that lets its owner make room (``""`` for any other zone)."""
    decl = v.names.decls.get(dest.zone.name)
    return _full_note(dest, v) if isinstance(decl, ast.Zone) and decl.overflow else ""


def _put_catalogue(node: ast.PutCatalogue, v: Voice) -> list[str]:
    cards = card_noun(node.catalogue.name, v.names)
    text = f"Put every copy of the {plain(node.catalogue.name)} catalogue into {phrase(node.dest, v)}"
    if node.where is not None:
        text += f", keeping only the {cards} {relative(node.where, v.on_cards(), plural=True)}"
    return _bullet(text + ".")


def _choose_cards(node: ast.ChooseCards, v: Voice) -> list[str]:
    src, dest = phrase(node.source, v), phrase(node.dest, v)
    where = f"at the bottom of {dest}" if node.bottom else f"into {dest}"
    up = "up to " if node.up_to else ""
    if isinstance(node.count, ast.Number):
        n = node.count.value
        what = f"{up}{n} card from {src} and put it" if n == 1 else f"{up}{n} cards from {src} and put them"
    else:
        what = f"cards from {src}, {up or 'as many as '}{phrase(node.count, v)}, and put them"
    owner = node.source.owner
    who = "Choose" if owner in (None, "my") else f"Ask {inline(owner)} to choose"
    note = _overflow_note(node.dest, v)
    if node.then:
        return _block(f"{who} {what} {where}{note}; then:", node.then, v)
    return _bullet(f"{who} {what} {where}{note}.")


def _choose_card(node: ast.ChooseCard, v: Voice) -> list[str]:
    noun = card_noun(node.zone, v.names, plural=False)
    verb = "You may choose" if node.optional else "Choose"
    text = f"{verb} {determined('a', noun)} {plain(node.var.name)} in {phrase(node.zone, v)}"
    if node.where is not None:
        text += " " + relative(node.where, v, node.var.name)
    return chosen(text, node, v)


def chosen(text: str, node: ast.ChooseCard | ast.ChooseValue, v: Voice) -> list[str]:
    """The bullets of a choice of one thing whose words are ``text`` ("Choose a card *c*
    in ..."): with no block (construct 2), the rest of its block follows at the same
    level, after what happens when there is none; else its block, nested."""
    if node.rest:
        skip = "If you do not, or there is none" if node.optional else "If there is none"
        return _bullet(f"{text}. ({skip}, skip the rest of this step.)") + [
            line for st in node.body for line in lines(st, v)]
    if node.optional:
        text += " (or none)"
    return _block(text + "; then:", node.body, v)


# ----------------------------------------------------------------- control
def _for_each(node: ast.ForEach, v: Voice) -> list[str]:
    decl = v.names.decls.get(node.zone.zone.name)
    if isinstance(decl, ast.Enum) and node.zone.owner is None and node.zone.owner_expr is None:
        text = f"For each {type_noun(decl.name, v.names)} {inline(node.var.name)}"
        if node.where is not None:
            text += f" such that {phrase(node.where, v)}"
        return _block(text + ", in order:", node.body, v)
    noun = card_noun(node.zone, v.names, plural=False)
    text = f"For each {noun} {inline(node.var.name)} in {phrase(node.zone, v)}"
    if node.where is not None:
        text += " " + relative(node.where, v, node.var.name)
    return _block(text + ":", node.body, v)


def _if(node: ast.If, v: Voice) -> list[str]:
    out = _block(f"If {phrase(node.condition, v)}:", node.then, v)
    if node.otherwise:
        out += _block("Otherwise:", node.otherwise, v)
    return out


def _look_at(node: ast.LookAt, v: Voice) -> list[str]:
    """``look at Z { ... }``: "Look through Z (the other players still see only its top card):"."""
    zone = v.names.decls.get(node.zone.zone.name)
    others = " (the others still see only its top card)" if getattr(zone, "visibility", "") == "top" else ""
    return _block(f"Look through {phrase(node.zone, v)}{others}:", node.body, v)


def _set_state(node: ast.SetState, v: Voice) -> list[str]:
    decl = v.names.decls.get(node.state.name)
    if isinstance(decl, ast.Track) and decl.per_player:  # `set p.morale = 3`: a player's track
        return _bullet(f"Set {inline(node.var.name)}'s {v.names.title(node.state.name)} to "
                       f"{phrase(node.value, v)}.")
    var, state = inline(node.var.name), plain(node.state.name)
    if isinstance(node.value, ast.Bool):
        return _bullet(f"Mark {var} as {'' if node.value.value else 'not '}{state}.")
    return _bullet(f"Set {var}'s {state} to {phrase(node.value, v)}.")


def _ask(node: ast.Ask, v: Voice) -> list[str]:
    who = "Choose one:" if isinstance(node.who, ast.Me) else f"Ask {phrase(node.who, v)} to choose one:"
    body: list[str] = []
    for option in node.options:
        body += _block(f"“{inline(option.label)}”:", option.body, v)
    return _bullet(who, body)


def _repeat(node: ast.Repeat, v: Voice) -> list[str]:
    """``repeat 2 { }``: "Twice:"; ``repeat up to 2 { }``: "Up to twice (you may stop before
    each time):"; a computed count: "As many times as ...:" (construct 13)."""
    if isinstance(node.count, ast.Number):
        n = node.count.value
        times = {1: "once", 2: "twice"}.get(n, f"{n} times")
    else:
        times = f"as many times as {phrase(node.count, v)}"
    if node.up_to:
        return _block(f"Up to {times} (you may stop before each time):", node.body, v)
    return _block(f"{times[:1].upper()}{times[1:]}:", node.body, v)


def _as_player(node: ast.AsPlayer, v: Voice) -> list[str]:
    """``as d.owner { }``: "Acting as d's owner (“you” is that player here):" (construct 21)."""
    return _block(f"Acting as {phrase(node.player, v)} (“you” is that player here):", node.body, v)


#: Renderer of every statement class (``dsl.ast.Stmt``).
STMT_RENDERERS: dict[type, Callable[..., list[str]]] = {
    ast.Repeat: _repeat,
    ast.AsPlayer: _as_player,
    ast.Gain: _gain,
    ast.Pay: _pay,
    ast.Release: _release,
    ast.Transfer: _transfer,
    ast.Score: _score,
    ast.Advance: _advance,
    ast.Draw: lambda n, v: _draw(n, v, "Draw", ""),
    ast.Reveal: lambda n, v: _draw(n, v, "Reveal", " face up"),
    ast.MoveCard: _move_card,
    ast.MoveAll: _move_all,
    ast.PutCatalogue: _put_catalogue,
    ast.Shuffle: lambda n, v: _bullet(f"Shuffle {phrase(n.zone, v)}."),
    ast.ChooseCards: _choose_cards,
    ast.ChooseCard: _choose_card,
    ast.EachPlayer: _each_player,
    ast.EachSeat: lambda node, v: each_seat(node, v, _block),  # construct 20
    ast.ForEach: _for_each,
    ast.If: _if,
    ast.LookAt: _look_at,
    ast.SetState: _set_state,
    ast.SetTrack: _set_track,
    ast.TransferAll: _transfer_all,
    ast.GainInto: _gain_into,
    ast.Clear: lambda n, v: _bullet(f"Return everything on {phrase(n.stock, v)} to the supply."),
    ast.FirstPlayerTo: lambda n, v: _bullet(
        "You take the first player marker." if isinstance(n.player, ast.Me)
        else f"{_capital(phrase(n.player, v))} takes the first player marker."),
    ast.Done: lambda n, v: _bullet("You are finished with this phase (you pass)."),
    ast.PassFirstPlayer: lambda n, v: _bullet("The first player marker passes to the left."),
    ast.FirstPlayerRandom: lambda n, v: _bullet("The first player is chosen at random."),
    ast.Ask: _ask,
    ast.FirstPlayerMost: lambda n, v: _bullet(
        f"The player with the most {phrase(n.expr, v.their())} takes the first player marker "
        "(on a tie, the earliest seat)."),
    ast.DoProcedure: lambda n, v: _bullet(
        f"Carry out *{v.names.title(n.procedure.name)}*"
        + (f" for {join([phrase(a, v) for a in n.args])}" if n.args else "") + "."),
    ast.Again: lambda n, v: _bullet("You take another action in this turn."),
    ast.DoCardRule: lambda n, v: _bullet(
        f"Carry out the *{v.names.title(n.field.name)}* of {phrase(ast.Name(n.card.name, n.card.span), v)}: "
        "each card's own rule (see *Card rules*)"
        + (f", for {join([phrase(a, v) for a in n.args])}" if n.args else "") + "."),
    ast.Roll: lambda n, v: _bullet(_roll_words(n, v)),
    ast.Let: lambda n, v: _bullet(f"Call {phrase(n.value, v)} *{plain(n.var.name)}*."),
}
