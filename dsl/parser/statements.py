"""Parse-tree → AST rules of statements, blocks, bags and zone references."""

from __future__ import annotations

from dataclasses import replace

from lark import v_args

from dsl import ast
from dsl.parser.base import TreeToAst, keyword_only
from dsl.spans import Span


class StatementRules(TreeToAst):
    """The transformer's rules for statements, blocks, bags and zone references."""

    def block(self, c):
        return fold_rest(c)

    @v_args(meta=True)
    def bag_literal(self, meta, c):
        return ast.BagLiteral(tuple(c), self._span(meta))

    @v_args(meta=True)
    def bag_item(self, meta, c):
        key = c[1] if len(c) == 3 else None
        return ast.BagItem(self._ident(c[0]), c[-1], key, self._span(meta))

    def bag_expr(self, c):
        return c[0]

    @v_args(meta=True)
    def bag_name(self, meta, c):
        return ast.Name(str(c[0]), self._span(meta))

    @v_args(meta=True)
    def bag_attribute(self, meta, c):
        return ast.Attribute(str(c[0]), str(c[1]), self._span(meta))

    def _stmt(name):  # noqa: N805 - builds simple statement handlers
        def handler(self, meta, c):
            return getattr(ast, name)(*c, span=self._span(meta))
        return v_args(meta=True)(handler)

    gain = _stmt("Gain")
    pay = _stmt("Pay")
    release = _stmt("Release")
    score = _stmt("Score")
    shuffle = _stmt("Shuffle")
    draw = _stmt("Draw")
    reveal = _stmt("Reveal")

    @v_args(meta=True)
    def move_all(self, meta, c):
        return ast.MoveAll(c[0], c[1], self._span(meta), len(c) > 2)

    @v_args(meta=True)
    def transfer(self, meta, c):
        bag = c[0]
        source, dest = (c[1], c[2]) if len(c) == 3 else (None, c[1])
        return ast.Transfer(bag, source, dest, self._span(meta))

    @v_args(meta=True)
    def advance(self, meta, c):
        return ast.Advance(self._ident(c[0]), c[1], span=self._span(meta))

    @v_args(meta=True)
    def advance_indexed(self, meta, c):
        return ast.Advance(self._ident(c[0]), c[2], c[1], self._span(meta))

    again = keyword_only(ast.Again)

    @v_args(meta=True)
    def move_card(self, meta, c):
        return ast.MoveCard(c[0], c[1], len(c) > 2, self._span(meta))

    @v_args(meta=True)
    def put_catalogue(self, meta, c):
        return ast.PutCatalogue(self._ident(c[0]), c[1], c[2] if len(c) > 2 else None,
                                self._span(meta))

    @v_args(meta=True)
    def choose_cards(self, meta, c):
        then = c.pop() if isinstance(c[-1], tuple) else ()
        return ast.ChooseCards(c[0], c[1], c[2], len(c) > 3, self._span(meta), then)

    @v_args(meta=True)
    def choose_up_to_cards(self, meta, c):
        then = c.pop() if isinstance(c[-1], tuple) else ()
        return ast.ChooseCards(c[0], c[1], c[2], len(c) > 3, self._span(meta), then, True)

    @v_args(meta=True)
    def choose_card(self, meta, c):
        var, zone, *rest = c
        where = rest[0] if len(rest) == 2 else None
        return ast.ChooseCard(self._ident(var), zone, where, rest[-1], self._span(meta))

    @v_args(meta=True)
    def choose_card_rest(self, meta, c):
        """``choose r: card in Z [where C]`` with no block: the rest of its block becomes
        its body (:func:`fold_rest`)."""
        var, zone, *rest = c
        return ast.ChooseCard(self._ident(var), zone, rest[0] if rest else None, (), self._span(meta),
                              rest=True)

    @v_args(meta=True)
    def may_choose_card(self, meta, c):
        """``may choose r: card in Z [where C] [{ ... }]``: a choice the player may decline."""
        var, zone, *rest = c
        body = rest.pop() if rest and isinstance(rest[-1], tuple) else None
        return ast.ChooseCard(self._ident(var), zone, rest[0] if rest else None, body or (),
                              self._span(meta), rest=body is None, optional=True)

    @v_args(meta=True)
    def choose_value(self, meta, c):
        """``choose k: DOMAIN [{ ... }]``: a member, number, player, bag or set of cards
        chosen in an effect; without a block, the rest of its block waits for it
        (:func:`fold_rest`)."""
        return self._value_choice(meta, c, optional=False)

    @v_args(meta=True)
    def may_choose_value(self, meta, c):
        """``may choose k: DOMAIN [{ ... }]``: the same, which the player may decline."""
        return self._value_choice(meta, c, optional=True)

    def _value_choice(self, meta, c, optional: bool):
        var, domain, *body = c
        span = self._span(meta)
        head = Span(span.path, span.line, span.column, domain.span.end_line, domain.span.end_column)
        return ast.ChooseValue(ast.Choice(str(var), domain, head), body[0] if body else (), span,
                               rest=not body, optional=optional)

    @v_args(meta=True)
    def each_player(self, meta, c):
        return ast.EachPlayer(c[0], self._span(meta))

    @v_args(meta=True)
    def each_seat(self, meta, c):
        return ast.EachSeat(None, c[0], self._span(meta))

    @v_args(meta=True)
    def each_kind(self, meta, c):
        return ast.EachSeat(self._ident(c[0]), c[1], self._span(meta))

    @v_args(meta=True)
    def each_player_select(self, meta, c):
        where, measures, then_where = c[0]
        return ast.EachPlayer(c[1], self._span(meta), where, measures, then_where)

    @v_args(meta=True)
    def for_each(self, meta, c):
        var, zone, *rest = c
        where = rest[0] if len(rest) == 2 else None
        return ast.ForEach(self._ident(var), zone, where, rest[-1], self._span(meta))

    @v_args(meta=True)
    def if_stmt(self, meta, c):
        return ast.If(c[0], c[1], c[2] if len(c) > 2 else (), self._span(meta))

    @v_args(meta=True)
    def set_state(self, meta, c):
        return ast.SetState(self._ident(c[0]), self._ident(c[1]), c[2], self._span(meta))

    @v_args(meta=True)
    def transfer_all(self, meta, c):
        return ast.TransferAll(c[0], c[1], self._span(meta))

    @v_args(meta=True)
    def gain_into(self, meta, c):
        return ast.GainInto(c[0], c[1], self._span(meta))

    @v_args(meta=True)
    def clear_stock(self, meta, c):
        return ast.Clear(c[0], self._span(meta))

    @v_args(meta=True)
    def first_player_to(self, meta, c):
        return ast.FirstPlayerTo(c[0], self._span(meta))

    @v_args(meta=True)
    def set_track(self, meta, c):
        return ast.SetTrack(self._ident(c[0]), c[1], span=self._span(meta))

    @v_args(meta=True)
    def set_track_indexed(self, meta, c):
        return ast.SetTrack(self._ident(c[0]), c[2], c[1], self._span(meta))

    done = keyword_only(ast.Done)

    pass_first = keyword_only(ast.PassFirstPlayer)

    first_random = keyword_only(ast.FirstPlayerRandom)

    @v_args(meta=True)
    def first_most(self, meta, c):
        return ast.FirstPlayerMost(c[0], self._span(meta))

    @v_args(meta=True)
    def do_procedure(self, meta, c):
        return ast.DoProcedure(self._ident(c[0]), tuple(c[1:]), self._span(meta))

    @v_args(meta=True)
    def do_card_rule(self, meta, c):
        return ast.DoCardRule(self._ident(c[0]), self._ident(c[1]), tuple(c[2:]), self._span(meta))

    @v_args(meta=True)
    def ask_option(self, meta, c):
        return ast.AskOption(self._words(c[0], "an option's label"), c[1], self._span(meta))

    @v_args(meta=True)
    def roll(self, meta, c):
        return ast.Roll(self._ident(c[0]), span=self._span(meta))

    @v_args(meta=True)
    def roll_indexed(self, meta, c):
        return ast.Roll(self._ident(c[0]), c[1], self._span(meta))

    @v_args(meta=True)
    def look_at(self, meta, c):
        return ast.LookAt(c[0], tuple(c[1]), self._span(meta))

    @v_args(meta=True)
    def repeat(self, meta, c):
        return ast.Repeat(c[0], tuple(c[1]), span=self._span(meta))

    @v_args(meta=True)
    def repeat_up_to(self, meta, c):
        return ast.Repeat(c[0], tuple(c[1]), True, self._span(meta))

    @v_args(meta=True)
    def as_player(self, meta, c):
        return ast.AsPlayer(c[0], tuple(c[1]), self._span(meta))

    @v_args(meta=True)
    def let(self, meta, c):
        return ast.Let(self._ident(c[0]), c[1], self._span(meta))

    @v_args(meta=True)
    def ask(self, meta, c):
        return ast.Ask(c[0], tuple(c[1:]), self._span(meta))

    # -------------------------------------------------------------- construct 3
    @v_args(meta=True)
    def take_value(self, meta, c):
        return ast.TakeWith(self._ident(c[0]), c[1], self._span(meta))

    def take_with(self, c):
        return list(c)  # a list: told apart from the names before it

    def _taken(self, c) -> tuple[list, tuple]:
        """The names of ``take ...`` and its ``with`` values."""
        bound = tuple(c[-1]) if c and isinstance(c[-1], list) else ()
        return [self._ident(x) for x in c if not isinstance(x, list)], bound

    @v_args(meta=True)
    def take_action(self, meta, c):
        """``take action A [with ...]``."""
        names, bound = self._taken(c)
        return ast.TakeAction(tuple(names), bound, self._span(meta))

    take_one_of = take_action

    @v_args(meta=True)
    def take_card_action(self, meta, c):
        """``take action c.f [with ...]``: the action card ``c``'s field ``f`` names."""
        names, bound = self._taken(c)
        return ast.TakeAction((), bound, self._span(meta), card=names[0], field=names[1])

    @v_args(meta=True)
    def may_take(self, meta, c):
        """``may take ...``: the player may decline."""
        st = c[0]
        return ast.TakeAction(st.actions, st.bound, self._span(meta), True, st.card, st.field)

    @v_args(meta=True)
    def can_take(self, meta, c):
        """``can take action A`` / ``can take one of A, B``, ``with ...`` (an expression)."""
        names, bound = self._taken(c)
        return ast.CanTake(tuple(names), bound, self._span(meta))

    # -------------------------------------------------------------- zones
    @v_args(meta=True)
    def my_zone(self, meta, c):
        return ast.ZoneRef("my", self._ident(c[0]), span=self._span(meta))

    @v_args(meta=True)
    def player_zone(self, meta, c):
        return ast.ZoneRef(str(c[0]), self._ident(c[1]), span=self._span(meta))

    @v_args(meta=True)
    def owned_zone(self, meta, c):
        owner = ast.Name(str(c[1]), self._tok_span(c[1]))
        return ast.ZoneRef(None, self._ident(c[0]), owner, span=self._span(meta))

    @v_args(meta=True)
    def owned_zone_attr(self, meta, c):
        span = Span(self.path, c[1].line, c[1].column, c[2].end_line, c[2].end_column)
        return ast.ZoneRef(None, self._ident(c[0]), ast.Attribute(str(c[1]), str(c[2]), span),
                           span=self._span(meta))

    @v_args(meta=True)
    def global_zone(self, meta, c):
        return ast.ZoneRef(None, self._ident(c[0]), span=self._span(meta))


def fold_rest(stmts) -> tuple:
    """A block's statements, each statement-form ``choose r: card in Z`` (``rest``) given
    the statements after it as its body (construct 2: they wait for the card and may name
    it), so every later pass sees one block-shaped choice."""
    stmts = list(stmts)
    for i, st in enumerate(stmts):
        if isinstance(st, (ast.ChooseCard, ast.ChooseValue)) and st.rest:
            body = fold_rest(stmts[i + 1:])
            if not body:
                return (*stmts[:i], st)
            end = body[-1].span  # the choice spans the statements that wait for it
            span = Span(st.span.path, st.span.line, st.span.column, end.end_line, end.end_column)
            return (*stmts[:i], replace(st, body=body, span=span))
    return tuple(stmts)
