"""Parse-tree → AST rules of declarations: the game, components, setup, flow, phases,
actions, triggers, procedures, ends and modes."""

from __future__ import annotations

import builtins
import keyword

from lark import Token, v_args

from dsl import ast, codes
from dsl.parser.base import TreeToAst
from dsl.parser.statements import fold_rest
from dsl.spans import Span


#: Names a game cannot have (besides those beginning with ``_``, which no name may
#: have: the package's own modules, ``_runtime`` and ``__init__``, are among them):
#: Python keywords (``from generated import class`` is not Python) and built-in
#: names (importing the engine would hide the built-in).
RESERVED_GAME_NAMES = frozenset(n for n in {*keyword.kwlist, *dir(builtins)} if n.islower())


class DeclarationRules(TreeToAst):
    """The transformer's rules for declarations."""

    @v_args(meta=True)
    def game(self, meta, c):
        name, title, *items = c
        if name in RESERVED_GAME_NAMES:
            self.report.error(
                codes.RESERVED_NAME, f"`{name}` cannot name a game: the engine is imported as "
                f"`from generated import {name}`, and `{name}` is a Python "
                f"{'keyword' if keyword.iskeyword(name) else 'built-in name'}",
                self._tok_span(name), hint=f"rename the game, e.g. `{name}_game`")
        players = self._tagged(items, "players")
        default = self._tagged(items, "default_mode")
        if len(default) > 1:
            default = [ast.Ident("", default[1].span)]  # reported by the checker
        rulebook = self._tagged(items, "rulebook")
        lo, hi, note, where = players[0] if players else (0, 0, None, None)
        selected = [i for i in items if isinstance(i, ast.SelectModules)]
        options = [i for i in items if isinstance(i, ast.SelectOptions)]
        return ast.Game(str(name), title, rulebook[0] if rulebook else title, (lo, hi), note,
                        default[0] if default else None, self._metas(items), self._span(meta),
                        where, tuple(n for line in selected for n in line.names),
                        tuple(n for line in options for n in line.names))

    def rulebook(self, c):
        return ("rulebook", self._words(c[0], "the `rulebook`"))

    @v_args(meta=True)
    def players(self, meta, c):
        note = next((x[1] for x in c if isinstance(x, tuple)), None)
        nums = [self._int(x) for x in c if isinstance(x, Token)]
        return ("players", (nums[0], nums[-1], note, self._span(meta)))

    def default_mode(self, c):
        return ("default_mode", self._ident(c[0]))

    # -------------------------------------------------------------- components
    def non_renewable(self, c):
        return ("non_renewable", True)

    def supply_unlimited(self, c):
        return ("supply", None)

    def supply_count(self, c):
        return ("supply", self._int(c[0]))

    @v_args(meta=True)
    def resource(self, meta, c):
        name, title, *items = c
        supply = self._tagged(items, "supply")
        per_enum = self._tagged(items, "per_enum")
        return ast.Resource(str(name), title, bool(self._tagged(items, "non_renewable")),
                            supply[0] if supply else None, per_enum[0] if per_enum else None,
                            self._metas(items), self._span(meta))

    def per_player(self, c):
        return ("per_player", True)

    def per_enum(self, c):
        return ("per_enum", self._ident(c[0]))

    def score_flag(self, c):
        return ("score", True)

    def start_value(self, c):
        return ("start", c[0])

    @v_args(meta=True)
    def dice_count(self, meta, c):
        return ("count", (int(c[0]), self._span(meta)))

    def dice_faces(self, c):
        return ("faces", tuple(c))

    def dice_sides(self, c):
        return ("sides", int(c[0]))

    @v_args(meta=True)
    def stock(self, meta, c):
        name, title, *items = c
        per = self._tagged(items, "per_card")
        return ast.Stock(str(name), title, per[0] if per else None, self._metas(items), self._span(meta))

    @v_args(meta=True)
    def dice(self, meta, c):
        name, title, *items = c
        count = self._tagged(items, "count")
        faces = self._tagged(items, "faces")
        sides = self._tagged(items, "sides")
        return ast.Dice(str(name), title, count[0][0] if count else 1, faces[0] if faces else (),
                        sides[0] if sides else None, self._metas(items),
                        count[0][1] if count else None, self._span(meta))

    def track_range(self, c):
        return ("range", (c[0], c[1]))

    @v_args(meta=True)
    def track(self, meta, c):
        name, title, *items = c
        start = self._tagged(items, "start")
        per_enum = self._tagged(items, "per_enum")
        bounds = self._tagged(items, "range")
        low, high = bounds[0] if bounds else (None, None)
        return ast.Track(str(name), title, bool(self._tagged(items, "per_player")),
                         bool(self._tagged(items, "score")), start[0] if start else None,
                         per_enum[0] if per_enum else None, self._metas(items), low, high,
                         self._span(meta))

    @v_args(meta=True)
    def member(self, meta, c):
        return ast.EnumMember(str(c[0]), self._words(c[1], "a member's title"), self._span(meta))

    @v_args(meta=True)
    def enum_decl(self, meta, c):
        name, title, *items = c
        members = tuple(i for i in items if isinstance(i, ast.EnumMember))
        return ast.Enum(str(name), title, members, self._metas(items), self._span(meta))

    def type_name(self, c):
        return self._ident(c[0])

    @v_args(meta=True)
    def list_type(self, meta, c):
        return ast.ListType(self._ident(c[0]), self._span(meta))

    @v_args(meta=True)
    def procedure_type(self, meta, c):
        return ast.ProcedureType(tuple(c), self._span(meta))

    @v_args(meta=True)
    def key_number(self, meta, c):
        return ast.Number(self._int(c[0]), self._span(meta))

    @v_args(meta=True)
    def key_range(self, meta, c):
        return ast.KeyRange(self._int(c[0]), self._int(c[1]), self._span(meta))

    @v_args(meta=True)
    def key_member(self, meta, c):
        return ast.Name(str(c[0]), self._span(meta))

    def table_key(self, c):
        return tuple(c)

    @v_args(meta=True)
    def table_row(self, meta, c):
        return ast.TableRow(c[0], c[1], self._span(meta))

    def table_else(self, c):
        return ("else", c[0])

    @v_args(meta=True)
    def table(self, meta, c):
        name, title, *items = c
        rows = tuple(i for i in items if isinstance(i, ast.TableRow))
        default = next(iter(self._tagged(items, "else")), None)
        return ast.Table(str(name), title, rows, default, self._metas(items), self._span(meta))

    @v_args(meta=True)
    def field(self, meta, c):
        name, type_, *rest = c
        default = next((x for x in rest if not isinstance(x, Token)), None)
        desc = next((self._words(x, "a field's description") for x in rest
                     if isinstance(x, Token) and x.type == "STRING"), "")
        return ast.Field(str(name), type_, default, desc, self._span(meta))

    @v_args(meta=True)
    def card(self, meta, c):
        name, title, *items = c
        fields = tuple(i for i in items if isinstance(i, ast.Field))
        return ast.CardType(str(name), title, fields, self._metas(items), tuple(self._tagged(items, "state")),
                            self._span(meta))

    @v_args(meta=True)
    def catalogue(self, meta, c):
        name, card_type, path, *items = c
        return ast.Catalogue(str(name), self._ident(card_type), str(path), self._metas(items),
                             self._span(meta), self._tok_span(path))

    @v_args(meta=True)
    def pieces_count(self, meta, c):
        return ("count", (self._int(c[0]), None, False, self._span(meta)))

    @v_args(meta=True)
    def pieces_each(self, meta, c):
        return ("count", (self._int(c[0]), self._ident(c[1]), False, self._span(meta)))

    @v_args(meta=True)
    def pieces_nobody(self, meta, c):
        return ("count", (self._int(c[0]), None, True, self._span(meta)))

    def pieces_sides(self, c):
        return ("sides", self._int(c[0]))

    def pieces_faces(self, c):
        return ("faces", tuple(c))

    @v_args(meta=True)
    def pieces(self, meta, c):
        """``pieces NAME "T" { per player N [of each ENUM] | count N  sides N | faces ...
        field ...  state ... }`` (constructs 8 and 16)."""
        name, title, *items = c
        counts = self._tagged(items, "count")
        count, each, nobody, count_span = counts[0] if counts else (1, None, False, None)
        sides = self._tagged(items, "sides")
        faces = self._tagged(items, "faces")
        return ast.Pieces(str(name), title, count, sides[0] if sides else None, self._metas(items),
                          each, nobody, faces[0] if faces else (),
                          tuple(i for i in items if isinstance(i, ast.Field)),
                          tuple(self._tagged(items, "state")), count_span,
                          counts[1][3] if len(counts) > 1 else None, self._span(meta))

    def visibility(self, c):
        return ("visibility", str(c[0]))

    def visibility_top(self, c):
        """``public top``: the top card is public, the rest face down (construct 11)."""
        # `hidden top`, `secret top` are kept as written for the checks to report (E0594)
        return ("visibility", "top" if str(c[0]) == "public" else f"{c[0]} top")

    def limit(self, c):
        return ("limit", c[0])

    def refill(self, c):
        return ("refill", self._ident(c[0]))

    @v_args(meta=True)
    def card_state(self, meta, c):
        return ("state", ast.CardState(str(c[0]), c[1], c[2], self._span(meta)))

    def per_card(self, c):
        return ("per_card", self._ident(c[0]))

    @v_args(meta=True)
    def overflow(self, meta, c):
        return ("overflow", ast.Overflow(c[0], len(c) > 1, self._span(meta)))

    @v_args(meta=True)
    def zone(self, meta, c):
        kind, name, title, card_type, *items = c
        also = tuple(self._ident(t) for t in items if isinstance(t, Token) and t.type == "NAME")
        items = [i for i in items if not (isinstance(i, Token) and i.type == "NAME")]
        vis = self._tagged(items, "visibility")
        limit = self._tagged(items, "limit")
        refill = self._tagged(items, "refill")
        per_card = self._tagged(items, "per_card")
        overflow = self._tagged(items, "overflow")
        return ast.Zone(str(kind), str(name), title, self._ident(card_type),
                        bool(self._tagged(items, "per_player")),
                        vis[0] if vis else ("secret" if str(kind) == "deck" else "public"),
                        limit[0] if limit else None, refill[0] if refill else None,
                        tuple(self._tagged(items, "state")), per_card[0] if per_card else None,
                        overflow[0] if overflow else None, self._metas(items), also, self._span(meta))

    @v_args(meta=True)
    def param(self, meta, c):
        name, title, value, *items = c
        return ast.Param(str(name), title, value, self._metas(items), self._span(meta))

    @v_args(meta=True)
    def derived(self, meta, c):
        name, title, *rest = c
        params = rest.pop(0)[1] if isinstance(rest[0], tuple) else ()
        expr, *items = rest
        return ast.Derived(str(name), title, expr, self._metas(items), params, self._span(meta))

    def derived_params(self, c):
        return ("params", tuple(c))

    def scope(self, c):
        return ("scope", str(c[0]))

    def maximum(self, c):
        return ("max", c[0])

    @v_args(meta=True)
    def tally(self, meta, c):
        name, title, *items = c
        mx = self._tagged(items, "max")
        return ast.Tally(str(name), title, tuple(self._tagged(items, "scope")),
                         mx[0] if mx else None, self._metas(items), self._span(meta))

    # -------------------------------------------------------------- setup and flow
    @v_args(meta=True)
    def setup(self, meta, c):
        stmts = fold_rest(i for i in c if not isinstance(i, ast.Meta))
        return ast.Setup(stmts, self._metas(c), self._span(meta))

    def flow_node(self, c):
        return self._ident(c[0])

    @v_args(meta=True)
    def chain(self, meta, c):
        nodes = [x for x in c if isinstance(x, ast.Ident)]
        cond = c[-1] if not isinstance(c[-1], ast.Ident) else None
        span = self._span(meta)
        edges = []
        for a, b in zip(nodes, nodes[1:]):
            edge_span = Span(self.path, a.span.line, a.span.column, b.span.end_line, b.span.end_column)
            edges.append(ast.Edge(a, b, cond, edge_span))
        return ("edges", (tuple(edges), span))

    def round_start(self, c):
        return ("round_start", self._ident(c[0]))

    @v_args(meta=True)
    def flow(self, meta, c):
        edges = tuple(e for group, _ in self._tagged(c, "edges") for e in group)
        rs = self._tagged(c, "round_start")
        return ast.Flow(edges, rs[0] if rs else None, self._metas(c), self._span(meta))

    def only_when(self, c):
        return ("only_when", c[0])

    def on_enter(self, c):
        return ("on_enter", c[0])

    def on_exit(self, c):
        return ("on_exit", c[0])

    def on_turn(self, c):
        return ("on_turn", c[0])

    def offers(self, c):
        return ("actions", tuple(self._ident(t) for t in c))

    @v_args(meta=True)
    def phase(self, meta, c):
        name, title, kind, *items = c
        ow = self._tagged(items, "only_when")
        acts = self._tagged(items, "actions")
        return ast.Phase(str(name), title, str(kind), ow[0] if ow else None,
                         sum(self._tagged(items, "on_enter"), ()),
                         sum(self._tagged(items, "on_exit"), ()),
                         sum(acts, ()), sum(self._tagged(items, "on_turn"), ()),
                         self._metas(items), self._span(meta))

    # -------------------------------------------------------------- actions
    @v_args(meta=True)
    def card_domain(self, meta, c):
        return ast.CardDomain(c[0], c[1] if len(c) > 1 else None, self._span(meta))

    @v_args(meta=True)
    def other_player_domain(self, meta, c):
        return ast.PlayerDomain(True, self._span(meta))

    @v_args(meta=True)
    def player_domain(self, meta, c):
        return ast.PlayerDomain(False, self._span(meta))

    @v_args(meta=True)
    def bag_domain(self, meta, c):
        return ast.BagDomain(self._int(c[0]), tuple(self._ident(t) for t in c[1:]), span=self._span(meta))

    @v_args(meta=True)
    def bag_range_domain(self, meta, c):
        return ast.BagDomain(self._int(c[1]), tuple(self._ident(t) for t in c[2:]), self._int(c[0]),
                             self._span(meta))

    @v_args(meta=True)
    def subset_domain(self, meta, c):
        return ast.SubsetDomain(self._ident(c[0]), c[1] if len(c) > 1 else None, self._span(meta))

    @v_args(meta=True)
    def enum_domain(self, meta, c):
        return ast.EnumDomain(self._ident(c[0]), c[1] if len(c) > 1 else None, self._span(meta))

    @v_args(meta=True)
    def range_domain(self, meta, c):
        return ast.RangeDomain(self._int(c[0]), self._int(c[1]), self._span(meta))

    @v_args(meta=True)
    def param_choice(self, meta, c):
        return ("choice", ast.Choice(str(c[0]), c[1], self._span(meta)))

    @v_args(meta=True)
    def given_choice(self, meta, c):
        """``given w: worker = genius`` (construct 3): a choice of one value, the default,
        that ``take action ... with w = E`` replaces."""
        span = self._span(meta)
        return ("choice", ast.Choice(str(c[0]), ast.GivenDomain(c[1], c[2], span), span))

    def require(self, c):
        return ("require", c[0])

    @v_args(meta=True)
    def uses(self, meta, c):
        return ("uses", ast.Uses(self._ident(c[0]), self._int(c[1]), self._span(meta)))

    def effect(self, c):
        return ("effect", c[0])

    @v_args(meta=True)
    def action(self, meta, c):
        name, title, *items = c
        return ast.Action(str(name), title, tuple(self._tagged(items, "choice")),
                          tuple(self._tagged(items, "require")), tuple(self._tagged(items, "uses")),
                          sum(self._tagged(items, "effect"), ()), self._metas(items),
                          self._span(meta))

    def before(self, c):
        return ("before", tuple(self._ident(t) for t in c))

    @v_args(meta=True)
    def trigger(self, meta, c):
        name, title, *items = c
        before = self._tagged(items, "before")
        return ast.Trigger(str(name), title, sum(before, ()),
                           sum(self._tagged(items, "effect"), ()), self._metas(items),
                           sum(self._tagged(items, "after"), ()), self._span(meta))

    @v_args(meta=True)
    def proc_param(self, meta, c):
        return ast.ProcParam(str(c[0]), self._ident(c[1]), self._span(meta), len(c) > 2)

    @v_args(meta=True)
    def procedure(self, meta, c):
        name, title, *items = c
        params = tuple(i for i in items if isinstance(i, ast.ProcParam))
        return ast.Procedure(str(name), title, params, sum(self._tagged(items, "effect"), ()),
                             self._metas(items), self._span(meta))

    # -------------------------------------------------------------- end
    def end_when(self, c):
        return ("when", c[0])

    @v_args(meta=True)
    def finish_round(self, meta, c):
        return ("finish_round", self._span(meta))

    @v_args(meta=True)
    def immediately(self, meta, c):
        return ("immediately", self._span(meta))

    def winner_most(self, c):
        return ("winner_most", c[0])

    def win_when(self, c):
        return ("win_when", c[0])

    @v_args(meta=True)
    def tie_breaker(self, meta, c):
        return ("tie", ast.TieBreaker(self._words(c[0], "a tie-breaker's label"), str(c[1]), c[2],
                                      self._span(meta)))

    @v_args(meta=True)
    def roll_off(self, meta, c):
        return ("tie", ast.RollOff(self._words(c[0], "a tie-breaker's label"), str(c[1]), self._int(c[2]),
                                   self._span(meta)))

    @v_args(meta=True)
    def winners(self, meta, c):
        where, measures, then_where = c[0]
        return ("winners", ast.Winners(where, measures, then_where, self._span(meta)))

    @v_args(meta=True)
    def nobody_wins(self, meta, c):
        return ("nobody_wins", self._span(meta))

    @v_args(meta=True)
    def end(self, meta, c):
        name, *items = c
        title = items.pop(0) if items and isinstance(items[0], str) else None
        when = self._tagged(items, "when")
        wm = self._tagged(items, "winner_most")
        ww = self._tagged(items, "win_when")
        winners = self._tagged(items, "winners")
        self._written_twice(items)
        return ast.End(str(name), when[0] if when else None,
                       bool(self._tagged(items, "finish_round")),
                       bool(self._tagged(items, "immediately")), wm[0] if wm else None,
                       ww[0] if ww else None, tuple(self._tagged(items, "tie")),
                       self._metas(items), self._span(meta), title=title,
                       winners=winners[0] if winners else None,
                       nobody_wins=bool(self._tagged(items, "nobody_wins")),
                       winner_side=side[0] if (side := self._tagged(items, "winner_side")) else None)

    def _written_twice(self, items) -> None:
        """An `end` block's lines that it takes once, written again: the block keeps only
        the first, so each later one is reported (E0411 for a winners rule, E0514 else)."""
        for tag, word in _ONCE_IN_AN_END.items():
            for again in self._tagged(items, tag)[1:]:
                span = getattr(again, "span", again)  # a flag's value is its span
                if tag in _WINNERS_RULES:
                    self.report.error(codes.TWO_WINNERS_RULES, f"`{word}` is written twice in this `end` "
                                      "block: only the first would decide", span,
                                      hint="keep the one the rulebook states; for several ways to win, "
                                      "write several `end` blocks, each with its own winners")
                else:
                    self.report.error(codes.END_LINE_TWICE, f"`{word}` is written twice in this `end` "
                                      "block: only the first would count", span,
                                      hint="remove this line, or write the other way the game ends "
                                      "as its own `end` block")

    # -------------------------------------------------------------- modes
    @v_args(meta=True)
    def mode_players(self, meta, c):
        return ast.ModePlayers(self._int(c[0]), self._int(c[-1]), self._span(meta))

    @v_args(meta=True)
    def use_module(self, meta, c):
        return ast.UseModule(self._ident(c[0]), self._span(meta))

    @v_args(meta=True)
    def set_param(self, meta, c):
        return ast.SetParam(self._ident(c[0]), c[1], self._span(meta))

    @v_args(meta=True)
    def add(self, meta, c):
        return ast.Add(c[0], self._span(meta))

    @v_args(meta=True)
    def replace(self, meta, c):
        return ast.Replace(c[0], self._span(meta))

    @v_args(meta=True)
    def remove(self, meta, c):
        return ast.Remove(str(c[0]), self._ident(c[1]), self._span(meta))

    @staticmethod
    def _ops(items):
        return tuple(i for i in items if not isinstance(i, ast.Meta))

    @v_args(meta=True)
    def mode(self, meta, c):
        name, title, *rest = c
        extends = None
        if rest and isinstance(rest[0], Token):
            extends = self._ident(rest.pop(0))
        return ast.Mode(str(name), title, extends, self._ops(rest), self._metas(rest),
                        self._span(meta))

    @v_args(meta=True)
    def module(self, meta, c):
        name, title, *rest = c
        return ast.Module(str(name), title, self._ops(rest), self._metas(rest), self._span(meta))

    @v_args(meta=True)
    def amend(self, meta, c):
        mode, citation, *rest = c
        return ast.Amend(self._ident(mode), self._words(citation, "an amendment's citation"),
                         self._ops(rest), self._metas(rest), self._span(meta))


#: The lines an `end` block takes once (their tags, and their words in the language).
_ONCE_IN_AN_END = {"when": "when", "finish_round": "finish round", "immediately": "immediately",
                   "winner_most": "winner most", "win_when": "win when", "winners": "winners players",
                   "nobody_wins": "nobody wins", "winner_side": "winner side"}
_WINNERS_RULES = frozenset({"winner_most", "win_when", "winners", "nobody_wins", "winner_side"})
