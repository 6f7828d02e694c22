"""The phrases of the expressions that query the game: counts and sums over a zone, whether
a card is in a zone, table and track entries, the best, top or next card of a zone, a
card's field, and the questions about players (``the player with most ...``, ``count
players where ...``, ``every player ...``).

Split from :mod:`compiler.docs.english.expressions` (issue 9's size rule), whose
:func:`~compiler.docs.english.expressions.phrase` and nouns these build on; its
``EXPR_RENDERERS`` table names them.
"""

from __future__ import annotations

from dataclasses import replace

from dsl import ast

from compiler.docs.english.expressions import (Voice, _mentions_of_me, _zone, card_noun, join, phrase,
                                               relative)
from compiler.docs.english.determiners import determined
from compiler.docs.english.glossary import plain
from compiler.docs.markdown import inline


def _called(name: ast.Ident | None) -> str:
    """`` (each one *s*)`` for the card named by ``as s``, else nothing."""
    return f" (each one *{plain(name.name)}*)" if name is not None else ""


def _count(node: ast.Count, v: Voice) -> str:
    text = f"the number of {card_noun(node.zone, v.names)} in {_zone(node.zone, v)}{_called(node.name)}"
    if node.where is not None:
        text += " " + relative(node.where, v.on_cards(), plural=True)
    return text


def _sum(node: ast.Sum, v: Voice) -> str:
    cards = f"the {card_noun(node.zone, v.names)} in {_zone(node.zone, v)}{_called(node.name)}"
    if node.where is not None:
        cards += " " + relative(node.where, v.on_cards(), plural=True)
    value = phrase(node.value, v.on_cards())
    if isinstance(node.value, (ast.Name, ast.Attribute)):
        return f"the total {value} of {cards}"
    return f"the total of ({value}) over {cards}"


def _in_zone(node: ast.InZone, v: Voice) -> str:
    z = node.zone
    decl = v.names.decls.get(z.zone.name)
    owned = isinstance(decl, ast.Zone) and (decl.per_player or decl.per_card is not None)
    if owned and z.owner is None and z.owner_expr is None:
        where = f"any {v.names.title(z.zone.name)}"
    else:
        where = _zone(z, v)
    return f"{phrase(node.card, v)} is in {where}"


def _table_read(node: ast.TableRead, v: Voice) -> str:
    """``recruit_cost[k]``: "the *discs to recruit your next crew-member* for k"."""
    keys = join([phrase(k, v) for k in node.keys])
    title = v.names.title(node.table.name)
    return f"{determined('the', title)} for {keys}"


def _index(node: ast.Index, v: Voice) -> str:
    decl = v.names.decls.get(node.track.name)
    if isinstance(decl, ast.Automaton) and node.owner is None:  # villain[1]: construct 20
        from compiler.docs.english.seats import kind_index
        return kind_index(node, v)
    if isinstance(decl, ast.Table) and node.owner is None:
        return _table_read(ast.TableRead(node.track, (node.key,), node.span), v)
    if node.owner is not None and str(v.names.fields.get(node.track.name, "")).startswith("list of "):
        return (f"entry {phrase(node.key, v)} of {inline(node.owner)}'s {plain(node.track.name)} "
                "(counting from 1)")
    if isinstance(decl, ast.Resource):  # a member of a resource family, held by you or p
        what = f"{v.names.title(node.track.name)} of type {phrase(node.key, v)}"
        return v.own(what) if node.owner is None else f"{inline(node.owner)}'s {what}"
    return f"{determined('the', v.names.title(node.track.name))} of {phrase(node.key, v)}"


def _best(node: ast.Best, v: Voice) -> str:
    noun = card_noun(node.zone, v.names, plural=False)
    key = phrase(node.key, v.on_cards())
    return (f"the {noun} in {_zone(node.zone, v)}{_called(node.name)} with the highest {key} "
            "(the first one on a tie)")


def _top_of(node: ast.TopOf, v: Voice) -> str:
    noun = card_noun(node.zone, v.names, plural=False)
    text = f"the {node.side} {noun} of {_zone(node.zone, v)}"
    if node.where is not None:
        text = f"the {'topmost' if node.side == 'top' else 'bottommost'} {noun} of {_zone(node.zone, v)} " \
               + relative(node.where, v.on_cards())
    return text + " (no card if there is none)"


def _next_in(node: ast.NextIn, v: Voice) -> str:
    noun = card_noun(node.zone, v.names, plural=False)
    key = phrase(node.key, v.on_cards())
    start = "from" if node.inclusive else "after"
    text = f"the next {noun} of {_zone(node.zone, v)}, going round by {key} {start} {phrase(node.start, v)}"
    if node.where is not None:
        text += ", " + relative(node.where, v.on_cards())
    return text + f" (from the highest {key} back to the lowest; no card if none qualifies)"


def _field_of(node: ast.FieldOf, v: Voice) -> str:
    return f"({phrase(node.obj, v)})'s {v.names.field(node.attr)}"


def selection(where, measures, then_where, v: Voice) -> str:
    """The clauses of ``each player``/``the player`` after the word "player": ``who ...``,
    ``with the most ...``, ``then the fewest ...``, in the order written."""
    they = v.their()
    parts = []
    if where is not None:
        parts.append(f"for whom {phrase(where, they)}")
    for i, (direction, measure) in enumerate(measures):
        parts.append(f"{'with' if i == 0 else 'then'} the {direction} "
                     f"{phrase(measure, replace(they, your=''))}")
    if then_where is not None:
        parts.append(f"{'among those, ' if measures else ''}for whom {phrase(then_where, they)}")
    return ", ".join(parts)


def _the_player(node: ast.ThePlayer, v: Voice) -> str:
    return (f"the player {selection(node.where, node.measures, node.then_where, v)} "
            "(nobody if none or several are still tied)")


def _count_players(node: ast.CountPlayers, v: Voice) -> str:
    return f"the number of players for whom {phrase(node.condition, v.their())}"


def _every_player(node: ast.EveryPlayer, v: Voice) -> str:
    if _mentions_of_me(node.condition, v.names) <= 1:
        return phrase(node.condition, replace(v, you="every player", your="every player's"))
    return f"for every player, {phrase(node.condition, v.their())}"
