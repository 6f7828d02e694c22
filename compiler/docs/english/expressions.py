"""Expressions, zones and choice domains as English phrases.

``expr(Compare('>=', Name('wellbeing'), Name('target')), names)`` →
``"your Well-being Points are at least *Well-being Points that end the game*"``.
Phrases are lower-case fragments, without a final full stop; statements and
declarations (``statements.py``, ``declarations.py``) build sentences from them.
Params read in italics (their values differ per mode and are tabled on the page).
Every phrase is :class:`~compiler.docs.markdown.Markdown`: spec text in it (titles,
text literals, variable names) is escaped where it is put in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from dsl import ast

from compiler.analysis.names import derived_is_condition
from compiler.docs.english.determiners import article, bare, determined
from compiler.docs.english.glossary import Names, as_names, plain
from compiler.docs.markdown import Markdown, inline

#: How each comparison operator reads.
COMPARISONS = {">=": "is at least", "<=": "is at most", "==": "is", "!=": "is not",
               "<": "is less than", ">": "is more than"}
_NEGATED_OP = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}
_ARITH = {"+": "plus", "-": "minus", "*": "times", "//": "divided by", "%": "modulo"}
_CALLS = {"max": "the greater of", "min": "the smaller of"}


@dataclass(frozen=True)
class Voice:
    """Who ``me`` is in a phrase: ``you`` in rules, ``they`` inside ``any player``."""

    names: Names
    you: str = "you"
    your: str = "your"
    card: bool = False  # inside ``count``/``sum``: bare field names are the card's

    def on_cards(self) -> Voice:
        return replace(self, card=True)

    def is_field(self, name: str) -> bool:
        """Whether a bare ``name`` reads a card field (fields win inside ``count``/``sum``)."""
        return name in self.names.fields and (self.card or name not in self.names.decls)

    def own(self, thing: str) -> str:
        """``your thing`` (just ``thing`` when the voice has no possessive)."""
        return determined(self.your, thing)

    def holds(self) -> str:
        return f"{self.you} hold" if self.you in ("you", "they") else f"{self.you} holds"

    def their(self) -> Voice:
        return replace(self, you="they", your="their")


# ----------------------------------------------------------------- public entry points
def expr(node: ast.Expr | ast.ZoneRef, names: Mapping[str, str] | None = None) -> Markdown:
    """``node`` as an English phrase (no final full stop)."""
    return phrase(node, Voice(as_names(names)))


def zone(node: ast.ZoneRef, names: Mapping[str, str] | None = None) -> Markdown:
    """``my hand`` → ``your hand``; ``p.hand`` → ``p's hand``; ``offer`` → ``the offer``."""
    return Markdown(_zone(node, Voice(as_names(names))))


def domain(node: ast.Domain, names: Mapping[str, str] | None = None,
           var: str | None = None) -> Markdown:
    """What an action's choice ranges over; ``var`` is the choice's name (``b``), which
    its ``where`` clause refers to: ``a building in your City that is not active``."""
    return Markdown(_domain(node, Voice(as_names(names)), var))


def _domain(node: ast.Domain, voice: Voice, var: str | None) -> str:
    """``node`` in ``voice``, by its class's renderer in DOMAIN_RENDERERS."""
    try:
        render = DOMAIN_RENDERERS[type(node)]
    except KeyError:
        raise TypeError(f"no English for domain {type(node).__name__}") from None
    return render(node, voice, var)


def _card_domain(node: ast.CardDomain, voice: Voice, var: str | None) -> str:
    noun = card_noun(node.zone, voice.names, plural=False)
    text = f"{_article(noun)} {noun} in {_zone(node.zone, voice)}"
    if node.where is not None:  # bare names there are the card's fields, as the checker reads them
        text += " " + relative(node.where, voice.on_cards(), var)
    return text


def _bag_domain(node: ast.BagDomain, voice: Voice, var: str | None) -> str:
    kinds = join([voice.names.title(k.name) for k in node.kinds], "or")
    if node.low is not None and node.low != node.size:
        fewest = "none" if node.low == 0 else str(node.low)
        return f"from {fewest} to {node.size} of {kinds}, in any mix"
    if node.size == 1:
        return f"one {kinds}" if len(node.kinds) == 1 else f"one of {kinds}"
    return f"any {node.size} of {kinds}, in any mix"


def _enum_domain(node: ast.EnumDomain, voice: Voice, var: str | None) -> str:
    noun = type_noun(node.enum.name, voice.names)
    text = f"{_article(str(noun))} {noun}"
    if node.where is not None:
        text += f" such that {phrase(node.where, voice)}"
    return text


def _subset_domain(node: ast.SubsetDomain, voice: Voice, var: str | None) -> str:
    decl = voice.names.decls.get(node.card_type.name)
    noun = inline(_noun(decl.title)) if decl is not None and hasattr(decl, "title") else plain(
        node.card_type.name)
    text = f"one or more {_plural(noun)}"
    if node.where is not None:
        text += " " + relative(node.where, voice.on_cards(), plural=True)
    return text


#: Renderer of every choice domain (``dsl.ast.Domain``): ``render(node, voice, var)``.
DOMAIN_RENDERERS: dict[type, Callable[..., str]] = {
    ast.CardDomain: _card_domain,
    ast.PlayerDomain: lambda n, v, var: "another player" if n.others_only else "a player",
    ast.BagDomain: _bag_domain,
    ast.RangeDomain: lambda n, v, var: f"a number from {n.low} to {n.high}",
    ast.SubsetDomain: _subset_domain,
    ast.EnumDomain: _enum_domain,
}


def phrase(node, voice: Voice) -> Markdown:
    """``node`` in ``voice``; dispatches on the node's class through EXPR_RENDERERS
    (each renderer escapes the spec text it puts in)."""
    try:
        render = EXPR_RENDERERS[type(node)]
    except KeyError:
        raise TypeError(f"no English for expression {type(node).__name__}") from None
    return Markdown(render(node, voice))


# ----------------------------------------------------------------- nouns
def card_noun(zone_ref: ast.ZoneRef | str, names: Names, plural: bool = True) -> Markdown:
    """What the cards of a zone are called: ``buildings`` (``cards`` when unknown)."""
    zone_name = zone_ref if isinstance(zone_ref, str) else zone_ref.zone.name
    decl = names.decls.get(zone_name)
    if isinstance(decl, ast.Catalogue):
        card = names.decls.get(decl.card_type.name)
    elif isinstance(decl, ast.Zone) and decl.also:  # several kinds (construct 9)
        nouns = [card_noun_of(k.name, names, plural) for k in decl.kinds]
        return join(nouns, "and" if plural else "or")
    elif isinstance(decl, ast.Zone):
        card = names.decls.get(decl.card_type.name)
    else:
        card = None
    noun = inline(_noun(card.title)) if isinstance(card, (ast.CardType, ast.Pieces)) else "card"
    return Markdown(_plural(noun) if plural else noun)


def card_noun_of(kind: str, names: Names, plural: bool = True) -> Markdown:
    """What the cards of the card type (or pieces) ``kind`` are called: ``drones``."""
    card = names.decls.get(kind)
    known = isinstance(card, (ast.CardType, ast.Pieces))
    noun = inline(_noun(card.title)) if known else Markdown(plain(kind))
    return Markdown(_plural(noun) if plural else noun)


def _is_kind(node: ast.IsKind, v) -> str:
    """``x is drone`` (construct 9): "*x* is a drone"."""
    noun = card_noun_of(node.kind.name, v.names, plural=False)
    return Markdown("{} is {} {}").format(phrase(node.card, v), _article(str(noun)), noun)


def type_noun(name: str, names: Names) -> Markdown:
    """What one thing of the enum or card type ``name`` is called: ``faction``,
    ``action space`` (its title, lower-cased if one plain word; the name read plainly
    when unknown), escaped."""
    decl = names.decls.get(name)
    title = getattr(decl, "title", None)
    return inline(_noun(title)) if title else Markdown(plain(name))


def _noun(title: str) -> str:
    """``Building`` → ``building``; titles of several words keep their case."""
    return title.lower() if " " not in title and title[1:].islower() else title


_IRREGULAR = {"die": "dice", "person": "people", "man": "men"}


def _plural(noun: str) -> str:
    head, _, last = noun.rpartition(" ")
    if last in _IRREGULAR:
        return (head + " " if head else "") + _IRREGULAR[last]
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


def _article(noun: str) -> str:
    return article(noun)


def join(parts: list[str], conj: str = "and") -> Markdown:
    """``["a", "b", "c"]`` → ``"a, b and c"`` (``conj``, a word of ours, joins the last
    two); a part that is not :class:`~compiler.docs.markdown.Markdown` is text, escaped."""
    if len(parts) <= 1:
        return Markdown("").join(parts)
    return Markdown(", ").join(parts[:-1]) + Markdown(f" {conj} ") + inline(parts[-1])


# ----------------------------------------------------------------- names
def _name(node: ast.Name, v: Voice) -> str:
    n = node.name
    if v.is_field(n):
        return plain(n)
    decl = v.names.decls.get(n)
    title = v.names.title(n)
    if isinstance(decl, ast.Param):
        return f"*{title}* is on" if isinstance(decl.value, ast.Bool) else f"*{title}*"
    if isinstance(decl, ast.Track):
        return v.own(title) if decl.per_player else determined("the", title)
    if isinstance(decl, ast.Derived) and derived_is_condition(decl, v.names.decls):
        return f"*{title}* holds"
    if isinstance(decl, (ast.Resource, ast.Derived, ast.Tally)):
        return v.own(title)
    if isinstance(decl, ast.End):
        return f"*{plain(n)}* is met"
    if isinstance(decl, (ast.Stock, ast.Dice)):
        return determined("the", title)
    return title


def _attribute(node: ast.Attribute, v: Voice) -> str:
    if v.names.fields.get(node.attr) == "bool":
        return f"{inline(node.obj)} is {plain(node.attr)}"
    decl = v.names.decls.get(node.attr)
    if node.attr not in v.names.fields and isinstance(decl, (ast.Track, ast.Resource,
                                                             ast.Derived, ast.Tally)):
        return f"{inline(node.obj)}'s {inline(decl.title)}"
    if node.attr in v.names.fields:
        return f"{inline(node.obj)}'s {v.names.field(node.attr)}"
    return f"{inline(node.obj)}'s {plain(node.attr)}"


def _zone(node: ast.ZoneRef, v: Voice) -> str:
    title = v.names.title(node.zone.name)
    if node.owner_expr is not None:
        return f"{determined('the', title)} of {phrase(node.owner_expr, v)}"
    if node.owner is None:
        return determined("the", title)
    if node.owner == "my":
        return v.own(title)
    return f"{inline(node.owner)}'s {bare(title)}"


# ----------------------------------------------------------------- logic
def _not(node: ast.Not, v: Voice) -> str:
    return negate(node.operand, v)


def negate(node, v: Voice) -> str:
    """The negation of a condition, phrased naturally where possible."""
    if isinstance(node, ast.Not):
        return phrase(node.operand, v)
    if isinstance(node, ast.Has):
        bag = phrase(node.bag, v)
        if node.who is None:
            aux = "do" if v.you in ("you", "they") else "does"
            return f"{v.you} {aux} not hold {bag}"
        return f"{phrase(node.who, v)} does not hold {bag}"
    if isinstance(node, ast.Attribute) and v.names.fields.get(node.attr) == "bool":
        return f"{inline(node.obj)} is not {plain(node.attr)}"
    if isinstance(node, ast.Name):
        decl = v.names.decls.get(node.name)
        if isinstance(decl, ast.Param) and isinstance(decl.value, ast.Bool):
            return f"*{v.names.title(node.name)}* is off"
        return f"not {phrase(node, v)}"
    if isinstance(node, ast.Compare):
        return phrase(ast.Compare(_NEGATED_OP[node.op], node.left, node.right), v)
    return f"it is not the case that {phrase(node, v)}"


def _and(node: ast.And, v: Voice) -> str:
    return " and ".join(_grouped(o, v, ast.Or) for o in node.operands)


def _or(node: ast.Or, v: Voice) -> str:
    return " or ".join(_grouped(o, v, ast.And) for o in node.operands)


def _grouped(node, v: Voice, nested: type) -> str:
    text = phrase(node, v)
    return f"({text})" if isinstance(node, nested) else text


#: ``x == nothing`` and the like, by operator and literal.
_ABSENT = {("==", ast.Nothing): "is no card", ("!=", ast.Nothing): "is a card",
           ("==", ast.Nobody): "is nobody", ("!=", ast.Nobody): "is a player"}


def _compare(node: ast.Compare, v: Voice) -> str:
    verb = COMPARISONS[node.op]
    if node.op in ("==", "!=") and isinstance(node.right, ast.EmptyBag):
        return f"{phrase(node.left, v)} {verb} empty"
    for this, other in ((node.left, node.right), (node.right, node.left)):
        absent = _ABSENT.get((node.op, type(other)))
        if absent == "is a player" and any(isinstance(d, ast.Automaton) for d in v.names.decls.values()):
            absent = "is someone"  # a seat that may be an automaton's (construct 20)
        if absent is not None:
            return f"{phrase(this, v)} {absent}"
    left, right = phrase(node.left, v), _operand(node.right, node.left, v)
    if _plural_title(node.left, v):
        verb = verb.replace("is", "are", 1)
    return f"{left} {verb} {right}"


def _plural_title(node, v: Voice) -> bool:
    """Whether ``node`` names a game-wide value whose title is plural (``Well-being Points``)."""
    if not isinstance(node, ast.Name) or v.is_field(node.name) or node.name not in v.names.decls:
        return False
    last = (v.names.title(node.name).split() or [""])[-1]  # a blank title has no last word
    return last.endswith("s") and not last.endswith("ss")


def _operand(node, other, v: Voice) -> str:
    """``node`` compared with ``other``: a bare name after an enum field is a member."""
    enum = field_type(other, v)
    if isinstance(node, ast.Name) and enum is not None:
        member = v.names.member(enum, node.name)
        if member is not None:
            return member
    return phrase(node, v)


def field_type(node, v: Voice) -> str | None:
    """The declared type of a card field read by ``node`` (``colour`` or ``b.colour``)."""
    if isinstance(node, ast.Attribute):
        return v.names.fields.get(node.attr)
    if isinstance(node, ast.Name) and v.is_field(node.name):
        return v.names.fields.get(node.name)
    return None


def _any_player(node: ast.AnyPlayer, v: Voice) -> str:
    """``any player wellbeing >= 20`` → ``any player's Well-being Points are at least 20``;
    a condition naming the player twice reads ``for at least one player, their ...``."""
    if _mentions_of_me(node.condition, v.names) <= 1:
        return phrase(node.condition, replace(v, you="any player", your="any player's"))
    return f"for at least one player, {phrase(node.condition, v.their())}"


def _mentions_of_me(node, names: Names) -> int:
    """How many times a condition refers to the player it is about."""
    if isinstance(node, (ast.Me, ast.AnyPlayer, ast.EveryPlayer, ast.CountPlayers, ast.ThePlayer)):
        return 1 if isinstance(node, ast.Me) else 0
    if isinstance(node, ast.ZoneRef):
        return int(node.owner == "my")
    if isinstance(node, ast.Name):
        decl = names.decls.get(node.name)
        mine = isinstance(decl, (ast.Resource, ast.Derived, ast.Tally)) or (
            isinstance(decl, ast.Track) and decl.per_player)
        return int(mine)
    count = int(isinstance(node, ast.Has) and node.who is None)
    for child in (getattr(node, f) for f in getattr(node, "__dataclass_fields__", ()) if f != "span"):
        for item in child if isinstance(child, tuple) else (child,):
            if hasattr(item, "__dataclass_fields__"):
                count += _mentions_of_me(item, names)
    return count


def _has(node: ast.Has, v: Voice) -> str:
    bag = phrase(node.bag, v)
    if node.who is None:
        return f"{v.holds()} {bag}"
    return f"{phrase(node.who, v)} holds {bag}"


# ----------------------------------------------------------------- numbers and bags
def _arith(node: ast.Arith, v: Voice) -> str:
    if any(_bag_like(x, v) for x in node.operands):
        return _bag_arith(node, v)
    parts = [_grouped(node.operands[0], v, ast.Arith)]
    for op, operand in zip(node.ops, node.operands[1:]):
        parts.append(f"{_ARITH[op]} {_grouped(operand, v, ast.Arith)}")
        if op == "//":
            parts[-1] += " (rounded down)"
        if op == "%":
            parts[-1] += " (the remainder of the division)"
    return " ".join(parts)


def _bag(node: ast.BagLiteral, v: Voice) -> str:
    return join([Markdown(_bag_item(item, v)) for item in node.items])


def _bag_item(item: ast.BagItem, v: Voice) -> str:
    """``2 Water``, ``as much Water as your Morale``, ``1 Knowledge Disc of type k``."""
    what = v.names.title(item.resource.name)
    if item.key is not None:
        what = f"{what} of type {phrase(item.key, v)}"
    if type(item.amount) is ast.Number:
        return f"{item.amount.value} {what}"
    return f"as much {what} as {_grouped(item.amount, v, ast.Arith)}"


def _bag_like(node, v: Voice) -> bool:
    """Whether ``node`` reads as a bag: written out, or a card's bag field."""
    if isinstance(node, (ast.BagLiteral, ast.EmptyBag)):
        return True
    if isinstance(node, ast.Arith):
        return any(_bag_like(x, v) for x in node.operands)
    return isinstance(node, ast.Attribute) and v.names.fields.get(node.attr) == "bag"


def _bag_arith(node: ast.Arith, v: Voice) -> str:
    """Bag arithmetic: ``the cost of b, less 1 Titanium (never below zero)``, ``twice
    what b gives``."""
    text = _grouped(node.operands[0], v, ast.Arith)
    for op, operand in zip(node.ops, node.operands[1:]):
        right = _grouped(operand, v, ast.Arith)
        if op == "+":
            text = f"{text} and {right}"
        elif op == "-":
            text = f"{text}, less {right} (never below zero)"
        elif type(operand) is ast.Number:
            text = {1: text, 2: f"twice {text}"}.get(operand.value, f"{operand.value} times {text}")
        else:
            text = f"{right} times {text}"
    return text


def _call(node: ast.Call, v: Voice) -> str:
    args = [phrase(a, v) for a in node.args]
    decl = v.names.decls.get(node.func.name)
    if isinstance(decl, ast.Derived):  # `presence(t)` (construct 14)
        if derived_is_condition(decl, v.names.decls):  # `open_to(sp)`: a condition
            return f"*{v.names.title(node.func.name)}* holds for {join(args)}"
        return f"{v.own(v.names.title(node.func.name))} for {join(args)}"
    if node.func.name in _CALLS:
        return f"{_CALLS[node.func.name]} {join(args)}"
    if node.func.name == "size" and len(args) == 1:
        return f"the number of entries in {args[0]}"
    if node.func.name == "abs" and len(args) == 1:
        return f"the size of {args[0]}"
    if node.func.name == "total" and len(args) == 1:
        decl = v.names.decls.get(getattr(node.args[0], "attr", getattr(node.args[0], "name", "")))
        if isinstance(decl, ast.Resource) and decl.per_enum is not None:  # total(disc)
            return f"the number of {args[0]} of every {type_noun(decl.per_enum.name, v.names)}"
        return f"the number of resources in {args[0]}"
    return f"{plain(node.func.name)} of {join(args)}"


# ----------------------------------------------------------------- relative clauses
def relative(cond, v: Voice, var: str | None = None, plural: bool = False) -> str:
    """A ``where`` clause about cards as a relative clause.

    With ``var`` None, bare field names are the card's (``count my city where
    colour == x``); otherwise ``var.field`` is (``choose b: card in ... where
    b.active``).  ``colour == basic_services`` → ``whose colour is Basic
    Services (light blue)``; ``not b.active`` → ``that is not active``; a
    condition not about the card → ``where ...``.  ``plural`` when the clause
    follows a plural noun ("buildings that are active").
    """
    be = "are" if plural else "is"

    def subject(node) -> str | None:
        if var is None and isinstance(node, ast.Name) and (
                v.is_field(node.name) or not v.names.fields and node.name not in v.names):
            return node.name
        if var is not None and v.card and isinstance(node, ast.Name) and v.is_field(node.name):
            return node.name  # a choice's `where` reads the candidate's fields bare too
        if var is not None and isinstance(node, ast.Attribute) and node.obj == var:
            return node.attr
        return None

    def clause(node) -> str:
        field = subject(node)
        if field is not None:
            return f"that {be} {plain(field)}"
        if isinstance(node, ast.Not) and subject(node.operand) is not None:
            return f"that {be} not {plain(subject(node.operand))}"
        if isinstance(node, ast.Compare) and subject(node.left) is not None:
            left = plain(subject(node.left))
            if node.op in ("==", "!=") and isinstance(node.right, ast.EmptyBag):
                return f"whose {left} {COMPARISONS[node.op]} empty"
            return f"whose {left} {COMPARISONS[node.op]} {_operand(node.right, node.left, v)}"
        if isinstance(node, ast.And):
            return " and ".join(clause(o) for o in node.operands)
        if isinstance(node, ast.Or):
            return " or ".join(clause(o) for o in node.operands)
        return f"where {phrase(node, v)}"

    return clause(cond)


# The phrases of the queries (counts, sums, table entries, zone order, players questions) build on
# the ones above: imported here, after them, for the table below.
from compiler.docs.english.queries import (  # noqa: E402
    _best, _count, _count_players, _every_player, _field_of, _in_zone, _index, _next_in, _sum,
    _table_read, _the_player, _top_of)
from compiler.docs.english.seats import seat_count, seat_test  # noqa: E402  (construct 20)

#: Renderer of every expression class (``dsl.ast.Expr``) and of ``ZoneRef``.
EXPR_RENDERERS: dict[type, Callable[..., str]] = {
    ast.Number: lambda n, v: str(n.value),
    ast.Bool: lambda n, v: "true" if n.value else "false",
    ast.Text: lambda n, v: f"“{inline(n.value)}”",
    ast.EmptyBag: lambda n, v: "nothing",
    ast.Name: _name,
    ast.Attribute: _attribute,
    ast.PlayerCount: lambda n, v: "the number of players",
    ast.Me: lambda n, v: v.you,
    ast.Not: _not,
    ast.And: _and,
    ast.Or: _or,
    ast.Compare: _compare,
    ast.Arith: _arith,
    ast.Neg: lambda n, v: f"minus {_grouped(n.operand, v, ast.Arith)}",
    ast.BagLiteral: _bag,
    ast.Has: _has,
    ast.Count: _count,
    ast.Sum: _sum,
    ast.AnyPlayer: _any_player,
    ast.Best: _best,
    ast.Index: _index,
    ast.TableRead: _table_read,
    ast.It: lambda n, v: "it",
    ast.RollValue: lambda n, v: "a fresh roll of it",
    ast.InZone: _in_zone,
    ast.Call: _call,
    ast.Nothing: lambda n, v: "no card",
    ast.Nobody: lambda n, v: "nobody",
    ast.TopOf: _top_of,
    ast.NextIn: _next_in,
    ast.FieldOf: _field_of,
    ast.ThePlayer: _the_player,
    ast.CountPlayers: _count_players,
    ast.EveryPlayer: _every_player,
    ast.SeatCount: seat_count,
    ast.SeatTest: seat_test,
    ast.RoundNumber: lambda n, v: "the number of the round",
    ast.FirstPlayer: lambda n, v: "the first player",
    ast.StockOf: lambda n, v: (f"{determined('the', v.names.title(n.stock.name))} "
                               f"of {phrase(ast.Name(n.owner.name), v)}"),
    ast.CountShowing: lambda n, v: f"the number of {v.names.title(n.dice.name)} showing {phrase(n.face, v)}",
    ast.ZoneRef: _zone,
    ast.IsKind: _is_kind,
}
