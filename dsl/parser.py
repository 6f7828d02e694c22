"""Text → AST.  ``parse_spec`` never raises on bad input: syntax errors become
:class:`dsl.diagnostics.Diagnostic` objects whose messages name what was
expected in words, never Lark terminal names."""

from __future__ import annotations

import builtins
import keyword
import os
import re
from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

from dsl import ast, strings, syntax_words
from dsl.diagnostics import Diagnostic, Note
from dsl.spans import Span, source_lines

GRAMMAR = Path(__file__).with_name("grammar.lark")

#: Names a game cannot have (besides those beginning with ``_``, which no name may
#: have: the package's own modules, ``_runtime`` and ``__init__``, are among them):
#: Python keywords (``from generated import class`` is not Python) and built-in
#: names (importing the engine would hide the built-in).
RESERVED_GAME_NAMES = frozenset(n for n in {*keyword.kwlist, *dir(builtins)} if n.islower())

def grammar_cache(kind: str) -> str | bool:
    """Where Lark keeps the built parser tables of ``kind`` between runs (so a
    ``rulebook check`` on every save does not rebuild them: about 0.4 s), as Lark's
    ``cache`` option: a file under ``$XDG_CACHE_HOME/rulebook`` (``~/.cache``),
    or ``False`` when that folder cannot be made.  Lark checks a hash of the
    grammar and its options stored in the file and rebuilds on a mismatch."""
    folder = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "rulebook"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return str(folder / f"{kind}.lark")


class GluedKeyword(Exception):
    """A word the lexer split into a keyword and the rest (``moveb``: ``move`` + ``b``)."""

    def __init__(self, keyword: Token, rest: Token):
        super().__init__(f"{keyword}{rest}")
        self.keyword, self.rest = keyword, rest


class WholeWords:
    """A Lark post-lexer that keeps words whole.

    Lark's contextual lexer only tries the terminals the parser accepts next, so
    where a keyword is expected and a name is not, ``moveb`` would lex as the
    keyword ``move`` and the name ``b``.  Two word tokens with no gap between them
    can only come from such a split: this raises :class:`GluedKeyword` there."""

    always_accept = ()

    def process(self, stream):
        prev = None
        for tok in stream:
            if (prev is not None and prev.end_pos == tok.start_pos and _WORD.fullmatch(prev)
                    and _WORD_CHAR.match(tok)):
                raise GluedKeyword(prev, tok)
            prev = tok
            yield tok


_WORD = re.compile(r"[a-z_][a-z0-9_]*")
_WORD_CHAR = re.compile(r"[a-z0-9_]")


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark(GRAMMAR.read_text(encoding="utf-8"), parser="lalr", propagate_positions=True,
                maybe_placeholders=False, cache=grammar_cache("parser"), postlex=WholeWords())


def expected_words(expected: set[str], context: tuple[str, ...] = ()) -> str:
    """``{'NAME', 'RBRACE'}`` → ``"`}` or a name"``; ``context`` is the tokens before
    the error (``("phase",)`` makes the name "a phase name").  See :mod:`dsl.syntax_words`."""
    return syntax_words.expected_words(_parser(), expected, context)


class _ToAst(Transformer):
    def __init__(self, path: str):
        super().__init__()
        self.path = path
        #: problems of texts and names found while transforming (E0006, E0007, E0008)
        self.problems: list[Diagnostic] = []
        self.too_large: list[Token] = []  # number tokens past MAX_NUMBER (E0543)

    def _span(self, meta) -> Span:
        if getattr(meta, "empty", True):
            return Span(self.path, 0, 0, 0, 0)
        return Span(self.path, meta.line, meta.column, meta.end_line, meta.end_column)

    def _tok_span(self, tok: Token) -> Span:
        return Span(self.path, tok.line, tok.column, tok.end_line, tok.end_column)

    def _ident(self, tok: Token) -> ast.Ident:
        return ast.Ident(str(tok), self._tok_span(tok))

    def _int(self, tok: Token) -> int:
        """The value of a number token; one past :data:`MAX_NUMBER` is recorded (E0543) and
        read as ``MAX_NUMBER + 1``, so no later pass meets a number too long to print."""
        digits = str(tok).lstrip("0")
        if len(digits) > len(str(MAX_NUMBER)) or int(digits or "0") > MAX_NUMBER:
            self.too_large.append(tok)
            return MAX_NUMBER + 1
        return int(digits or "0")

    # -------------------------------------------------------------- leaves
    def STRING(self, tok: Token) -> Token:  # noqa: N802 - Lark naming
        """The text's value (see :mod:`dsl.strings`); a bad escape or character is
        an E0007 or E0006 at its place (a text is on one line: columns add up)."""
        value, problems = strings.decode(tok[1:-1])
        for offset, code, message in problems:
            column = tok.column + 1 + offset
            width = 2 if code == "E0007" else 1
            self.problems.append(Diagnostic(
                code, message, Span(self.path, tok.line, column, tok.line, column + width),
                hint='a text is one line of readable characters: write `\\"` for a double quote '
                     'and `\\\\` for a backslash' if code == "E0007" else
                     "remove it or replace it with a space; a text holds one line of readable "
                     "characters"))
        return tok.update(value=value)

    def NAME(self, tok: Token) -> Token:  # noqa: N802 - Lark naming
        """Names that begin with ``_`` are the engine's (E0008)."""
        if tok.startswith("_"):
            self.problems.append(Diagnostic(
                "E0008", f"names cannot begin with `_`: `{tok}` is reserved for the engine",
                self._tok_span(tok), hint=f"rename it, e.g. `{tok.lstrip('_') or 'name'}`"))
        return tok

    @v_args(meta=True)
    def start(self, meta, items):
        return ast.Spec(self.path, tuple(items), self._span(meta))

    @v_args(meta=True)
    def source(self, meta, c):
        return ast.Meta("source", str(c[0]), self._span(meta))

    @v_args(meta=True)
    def ruling(self, meta, c):
        return ast.Meta("ruling", str(c[0]), self._span(meta))

    @v_args(meta=True)
    def provisional(self, meta, c):
        return ast.Meta("provisional", str(c[0]), self._span(meta))

    def provisional_note(self, c):
        return ("provisional_note", str(c[0]))

    def title(self, c):
        return str(c[0])

    @staticmethod
    def _metas(items) -> tuple[ast.Meta, ...]:
        return tuple(i for i in items if isinstance(i, ast.Meta))

    @staticmethod
    def _tagged(items, tag):
        return [i[1] for i in items if isinstance(i, tuple) and len(i) == 2 and i[0] == tag]

    # -------------------------------------------------------------- game
    @v_args(meta=True)
    def game(self, meta, c):
        name, title, *items = c
        if name in RESERVED_GAME_NAMES:
            self.problems.append(Diagnostic(
                "E0008", f"`{name}` cannot name a game: the engine is imported as "
                f"`from generated import {name}`, and `{name}` is a Python "
                f"{'keyword' if keyword.iskeyword(name) else 'built-in name'}",
                self._tok_span(name), hint=f"rename the game, e.g. `{name}_game`"))
        players = self._tagged(items, "players")
        default = self._tagged(items, "default_mode")
        if len(default) > 1:
            default = [ast.Ident("", default[1].span)]  # reported by the checker
        rulebook = self._tagged(items, "rulebook")
        lo, hi, note, where = players[0] if players else (0, 0, None, None)
        return ast.Game(str(name), title, rulebook[0] if rulebook else title, (lo, hi), note,
                        default[0] if default else None, self._metas(items), self._span(meta),
                        where)

    def rulebook(self, c):
        return ("rulebook", str(c[0]))

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
        return ast.Resource(str(name), title, bool(self._tagged(items, "non_renewable")),
                            supply[0] if supply else None, self._metas(items), self._span(meta))

    def per_player(self, c):
        return ("per_player", True)

    def per_enum(self, c):
        return ("per_enum", self._ident(c[0]))

    def score_flag(self, c):
        return ("score", True)

    def start_value(self, c):
        return ("start", c[0])

    @v_args(meta=True)
    def track(self, meta, c):
        name, title, *items = c
        start = self._tagged(items, "start")
        per_enum = self._tagged(items, "per_enum")
        return ast.Track(str(name), title, bool(self._tagged(items, "per_player")),
                         bool(self._tagged(items, "score")), start[0] if start else None,
                         per_enum[0] if per_enum else None, self._metas(items), self._span(meta))

    @v_args(meta=True)
    def member(self, meta, c):
        return ast.EnumMember(str(c[0]), str(c[1]), self._span(meta))

    @v_args(meta=True)
    def enum_decl(self, meta, c):
        name, title, *items = c
        members = tuple(i for i in items if isinstance(i, ast.EnumMember))
        return ast.Enum(str(name), title, members, self._metas(items), self._span(meta))

    def type_name(self, c):
        return self._ident(c[0])

    @v_args(meta=True)
    def field(self, meta, c):
        name, type_, *rest = c
        default = next((x for x in rest if not isinstance(x, Token)), None)
        desc = next((str(x) for x in rest if isinstance(x, Token) and x.type == "STRING"), "")
        return ast.Field(str(name), type_, default, desc, self._span(meta))

    @v_args(meta=True)
    def card(self, meta, c):
        name, title, *items = c
        fields = tuple(i for i in items if isinstance(i, ast.Field))
        return ast.CardType(str(name), title, fields, self._metas(items), self._span(meta))

    @v_args(meta=True)
    def catalogue(self, meta, c):
        name, card_type, path, *items = c
        return ast.Catalogue(str(name), self._ident(card_type), str(path), self._metas(items),
                             self._span(meta), self._tok_span(path))

    def pieces_count(self, c):
        return ("count", self._int(c[0]))

    def pieces_sides(self, c):
        return ("sides", self._int(c[0]))

    @v_args(meta=True)
    def pieces(self, meta, c):
        name, title, *items = c
        count = self._tagged(items, "count")
        sides = self._tagged(items, "sides")
        return ast.Pieces(str(name), title, count[0] if count else 1, sides[0] if sides else None,
                          self._metas(items), self._span(meta))

    def visibility(self, c):
        return ("visibility", str(c[0]))

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
                        overflow[0] if overflow else None, self._metas(items), self._span(meta))

    @v_args(meta=True)
    def param(self, meta, c):
        name, title, value, *items = c
        return ast.Param(str(name), title, value, self._metas(items), self._span(meta))

    @v_args(meta=True)
    def derived(self, meta, c):
        name, title, expr, *items = c
        return ast.Derived(str(name), title, expr, self._metas(items), self._span(meta))

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
        stmts = tuple(i for i in c if not isinstance(i, ast.Meta))
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
    def range_domain(self, meta, c):
        return ast.RangeDomain(self._int(c[0]), self._int(c[1]), self._span(meta))

    @v_args(meta=True)
    def param_choice(self, meta, c):
        return ("choice", ast.Choice(str(c[0]), c[1], self._span(meta)))

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
                           self._span(meta))

    @v_args(meta=True)
    def proc_param(self, meta, c):
        return ast.ProcParam(str(c[0]), self._ident(c[1]), self._span(meta))

    @v_args(meta=True)
    def procedure(self, meta, c):
        name, title, *items = c
        params = tuple(i for i in items if isinstance(i, ast.ProcParam))
        return ast.Procedure(str(name), title, params, sum(self._tagged(items, "effect"), ()),
                             self._metas(items), self._span(meta))

    # -------------------------------------------------------------- end
    def end_when(self, c):
        return ("when", c[0])

    def finish_round(self, c):
        return ("finish_round", True)

    def immediately(self, c):
        return ("immediately", True)

    def winner_most(self, c):
        return ("winner_most", c[0])

    def win_when(self, c):
        return ("win_when", c[0])

    @v_args(meta=True)
    def tie_breaker(self, meta, c):
        return ("tie", ast.TieBreaker(str(c[0]), str(c[1]), c[2], self._span(meta)))

    @v_args(meta=True)
    def roll_off(self, meta, c):
        return ("tie", ast.RollOff(str(c[0]), str(c[1]), self._int(c[2]), self._span(meta)))

    @v_args(meta=True)
    def end(self, meta, c):
        name, *items = c
        when = self._tagged(items, "when")
        wm = self._tagged(items, "winner_most")
        ww = self._tagged(items, "win_when")
        return ast.End(str(name), when[0] if when else None,
                       bool(self._tagged(items, "finish_round")),
                       bool(self._tagged(items, "immediately")), wm[0] if wm else None,
                       ww[0] if ww else None, tuple(self._tagged(items, "tie")),
                       self._metas(items), self._span(meta))

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
        return ast.Amend(self._ident(mode), str(citation), self._ops(rest), self._metas(rest),
                         self._span(meta))

    # -------------------------------------------------------------- statements
    def block(self, c):
        return tuple(c)

    @v_args(meta=True)
    def bag_literal(self, meta, c):
        return ast.BagLiteral(tuple(c), self._span(meta))

    def bag_item(self, c):
        return (self._ident(c[0]), self._int(c[1]))

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
    move_all = _stmt("MoveAll")

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

    @v_args(meta=True)
    def again(self, meta, c):
        return ast.Again(self._span(meta))

    @v_args(meta=True)
    def move_card(self, meta, c):
        return ast.MoveCard(self._ident(c[0]), c[1], len(c) > 2, self._span(meta))

    @v_args(meta=True)
    def put_catalogue(self, meta, c):
        return ast.PutCatalogue(self._ident(c[0]), c[1], c[2] if len(c) > 2 else None,
                                self._span(meta))

    @v_args(meta=True)
    def choose_cards(self, meta, c):
        then = c.pop() if isinstance(c[-1], tuple) else ()
        return ast.ChooseCards(c[0], c[1], c[2], len(c) > 3, self._span(meta), then)

    @v_args(meta=True)
    def choose_card(self, meta, c):
        var, zone, *rest = c
        where = rest[0] if len(rest) == 2 else None
        return ast.ChooseCard(self._ident(var), zone, where, rest[-1], self._span(meta))

    @v_args(meta=True)
    def each_player(self, meta, c):
        return ast.EachPlayer(c[0], self._span(meta))

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
    def done(self, meta, c):
        return ast.Done(self._span(meta))

    @v_args(meta=True)
    def pass_first(self, meta, c):
        return ast.PassFirstPlayer(self._span(meta))

    @v_args(meta=True)
    def first_random(self, meta, c):
        return ast.FirstPlayerRandom(self._span(meta))

    @v_args(meta=True)
    def first_most(self, meta, c):
        return ast.FirstPlayerMost(c[0], self._span(meta))

    @v_args(meta=True)
    def do_procedure(self, meta, c):
        return ast.DoProcedure(self._ident(c[0]), tuple(c[1:]), self._span(meta))

    @v_args(meta=True)
    def ask_option(self, meta, c):
        return ast.AskOption(str(c[0]), c[1], self._span(meta))

    @v_args(meta=True)
    def roll(self, meta, c):
        return ast.Roll(self._ident(c[0]), self._span(meta))

    @v_args(meta=True)
    def let(self, meta, c):
        return ast.Let(self._ident(c[0]), c[1], self._span(meta))

    @v_args(meta=True)
    def ask(self, meta, c):
        return ast.Ask(c[0], tuple(c[1:]), self._span(meta))

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

    # -------------------------------------------------------------- expressions
    @v_args(meta=True)
    def or_(self, meta, c):
        if len(c) == 1:
            return c[0]
        return ast.Or(tuple(c), self._span(meta))

    @v_args(meta=True)
    def and_(self, meta, c):
        if len(c) == 1:
            return c[0]
        return ast.And(tuple(c), self._span(meta))

    @v_args(meta=True)
    def not_(self, meta, c):
        return ast.Not(c[0], self._span(meta))

    @v_args(meta=True)
    def compare(self, meta, c):
        if len(c) == 1:
            return c[0]
        return ast.Compare(str(c[1]), c[0], c[2], self._span(meta))

    @v_args(meta=True)
    def arith(self, meta, c):
        if len(c) == 1:
            return c[0]
        return ast.Arith(tuple(str(t) for t in c[1::2]), tuple(c[0::2]), self._span(meta))

    @v_args(meta=True)
    def neg(self, meta, c):
        return ast.Neg(c[0], self._span(meta))

    @v_args(meta=True)
    def player_has(self, meta, c):
        return ast.Has(c[1], c[0], self._span(meta))

    @v_args(meta=True)
    def has(self, meta, c):
        return ast.Has(c[0], None, self._span(meta))

    @v_args(meta=True)
    def number(self, meta, c):
        return ast.Number(self._int(c[0]), self._span(meta))

    @v_args(meta=True)
    def true(self, meta, c):
        return ast.Bool(True, self._span(meta))

    @v_args(meta=True)
    def false(self, meta, c):
        return ast.Bool(False, self._span(meta))

    @v_args(meta=True)
    def text(self, meta, c):
        return ast.Text(str(c[0]), self._span(meta))

    @v_args(meta=True)
    def empty_bag(self, meta, c):
        return ast.EmptyBag(self._span(meta))

    @v_args(meta=True)
    def name(self, meta, c):
        return ast.Name(str(c[0]), self._span(meta))

    @v_args(meta=True)
    def attribute(self, meta, c):
        return ast.Attribute(str(c[0]), str(c[1]), self._span(meta))

    @v_args(meta=True)
    def player_count(self, meta, c):
        return ast.PlayerCount(self._span(meta))

    @v_args(meta=True)
    def roll_value(self, meta, c):
        return ast.RollValue(self._span(meta))

    @v_args(meta=True)
    def it(self, meta, c):
        return ast.It(self._span(meta))

    @v_args(meta=True)
    def in_zone(self, meta, c):
        return ast.InZone(c[0], c[1], self._span(meta))

    @v_args(meta=True)
    def me(self, meta, c):
        return ast.Me(self._span(meta))

    @v_args(meta=True)
    def count(self, meta, c):
        return ast.Count(c[0], c[1] if len(c) > 1 else None, self._span(meta))

    @v_args(meta=True)
    def sum(self, meta, c):
        return ast.Sum(c[0], c[1], c[2] if len(c) > 2 else None, self._span(meta))

    @v_args(meta=True)
    def any_player(self, meta, c):
        return ast.AnyPlayer(c[0], self._span(meta))

    @v_args(meta=True)
    def best(self, meta, c):
        return ast.Best(c[0], c[1], self._span(meta))

    @v_args(meta=True)
    def index(self, meta, c):
        return ast.Index(self._ident(c[0]), c[1], self._span(meta))

    @v_args(meta=True)
    def call(self, meta, c):
        return ast.Call(self._ident(c[0]), tuple(c[1:]), self._span(meta))


def parse_spec(text: str, path: str) -> tuple[ast.Spec | None, list[Diagnostic]]:
    """Parse a spec's text.

    Returns ``(spec, [])`` on success and ``(None, diagnostics)`` on a syntax
    error (or on numbers past :data:`MAX_NUMBER`, E0543, each reported); ``path`` is
    used in spans and messages.  Never raises for bad text.
    """
    try:
        tree = _parser().parse(text)
        to_ast = _ToAst(path)
        spec = to_ast.transform(tree)
        problems = to_ast.problems + [_too_large(tok, path) for tok in to_ast.too_large]
        if problems:
            return None, sorted(problems, key=lambda d: (d.span.line, d.span.column))
        return spec, []
    except GluedKeyword as err:
        return None, [_glued_diagnostic(err, text, path)]
    except UnexpectedInput as err:
        return None, [_syntax_diagnostic(err, text, path)]
    except RecursionError:
        return None, [_too_deep(text, path)]
    except VisitError as err:  # a transformer bug on valid text: report, don't crash
        if isinstance(err.orig_exc, RecursionError):
            return None, [_too_deep(text, path)]
        span = Span(path, 1, 1, 1, 2)
        return None, [Diagnostic("E0002", f"internal error while reading the spec: {err.orig_exc}",
                                 span, hint="please report this spec")]


def _glued_diagnostic(err: GluedKeyword, text: str, path: str) -> Diagnostic:
    """E0001 for a word the lexer split after a keyword (see :class:`WholeWords`)."""
    start = err.keyword.start_pos or 0
    word = _WORD.match(text, start).group()
    keyword, rest = str(err.keyword), word[len(str(err.keyword)):]
    line, column = err.keyword.line or 1, err.keyword.column or 1
    hint = f"did you mean `{keyword} {rest}`? A keyword and the word after it need a space"
    return Diagnostic("E0001", f"unexpected name `{word}`: a keyword belongs here",
                      Span(path, line, column, line, column + len(word)), hint=hint)


def _too_deep(text: str, path: str) -> Diagnostic:
    """E0003, at the first bracket, `not` or `-` past :data:`_DEEP_AT` levels (a run of
    `not` or `-` nests as deep as brackets do), or at the first line."""
    depth = prefixes = 0
    for m in syntax_words._TOKEN.finditer(text):
        token = m.group()
        depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(token, 0)
        prefixes = prefixes + 1 if token in ("not", "-") else 0
        if depth + prefixes > _DEEP_AT:
            line = text.count("\n", 0, m.start()) + 1
            column = m.start() - (text.rfind("\n", 0, m.start()) + 1) + 1
            return Diagnostic("E0003", "the spec nests too deeply to read", Span(path, line, column, line,
                              column + 1), hint="split deeply nested expressions or blocks: name a "
                              "part with `let` or a derived value")
    return Diagnostic("E0003", "the spec nests too deeply to read", Span(path, 1, 1, 1, 2),
                      hint="split deeply nested expressions or blocks: name a part with `let` or a "
                      "derived value")


#: Bracket depth past which a spec that is too deep to read is reported.
_DEEP_AT = 50

#: The largest number a spec may write (E0543); ``compiler.analysis.limits`` bounds what the
#: numbers count (players, pieces, options) well below it.
MAX_NUMBER = 1_000_000_000


def _too_large(tok: Token, path: str) -> Diagnostic:
    """E0543 for a number token past :data:`MAX_NUMBER`."""
    digits = str(tok)
    shown = digits if len(digits) <= 24 else f"{digits[:12]}...{digits[-6:]} ({len(digits)} digits)"
    return Diagnostic("E0543", f"the number {shown} is too large: numbers in a spec are at most "
                      f"{MAX_NUMBER:,}", Span(path, tok.line, tok.column, tok.end_line, tok.end_column),
                      hint=f"write a number of at most {MAX_NUMBER:,}; no rule of a game needs more")


def _syntax_diagnostic(err: UnexpectedInput, text: str, path: str) -> Diagnostic:
    """A syntax error in words: what was found, what was expected (named for what it
    stands for where the tokens before tell), and a hint."""
    line, column = getattr(err, "line", 1), getattr(err, "column", 1)
    if isinstance(err, UnexpectedToken) and err.token.type == "$END":
        lines = source_lines(text) or [""]
        line, column = len(lines), len(lines[-1]) + 1
        accepted = _accepted(err)
        expected = expected_words(accepted, _context(err, text, len(text)))
        missing = _missing_brace(text, line + 1, path, "the spec ends too early")
        if missing is not None:
            return missing
        opener = _unclosed(text, len(text), accepted, path)
        return Diagnostic("E0001", f"the spec ends too early: expected {expected}",
                          Span(path, line, max(column - 1, 1), line, max(column, 2)),
                          hint=(f"close the `{opener[0]}` of line {opener[1].span.line} with "
                                f"`{_CLOSERS[opener[0]][0]}`" if opener
                                else "a block may be missing its closing `}`" if "RBRACE" in accepted
                                else "the last declaration is cut short: finish it"),
                          notes=[opener[1]] if opener else [])
    if isinstance(err, UnexpectedToken):
        tok = err.token
        accepted = _accepted(err)
        context = _context(err, text, tok.start_pos or 0)
        expected = expected_words(accepted, context)
        width = max(len(str(tok)), 1)
        found = f"`{tok}`" if tok.type != "STRING" else f"text {tok}"
        stop = Span(path, line, column, line, column + max(len(str(tok)), 1))
        missing = (_missing_brace(text, line + 1, path, f"the parser stops at `{tok}`", stop)
                   or _stray_brace(text, line, path, f"the parser stops at `{tok}`", stop))
        if missing is not None:
            return missing
        opener = _unclosed(text, tok.start_pos or 0, accepted, path)
        if opener and opener[1].span.line == line:
            opener = None  # the opener is on the same line: the caret shows it already
        hint = _keyword_hint(str(tok), err.expected) or (
            f"close the `{opener[0]}` of line {opener[1].span.line} with `{_CLOSERS[opener[0]][0]}` "
            "before this" if opener
            else _token_hint(tok, accepted, expected, context))
        return Diagnostic("E0001", f"unexpected {found}: expected {expected}",
                          Span(path, line, column, line, column + width), hint=hint,
                          notes=[opener[1]] if opener else [])
    if isinstance(err, UnexpectedCharacters):
        ch = text[err.pos_in_stream] if err.pos_in_stream < len(text) else "?"
        allowed = set(getattr(err, "allowed", None) or ()) - {"COMMENT", "WS"}
        context = syntax_words.tokens_before(text, err.pos_in_stream, 12)
        shown = f"`{ch}`" if ch.isprintable() and not ch.isspace() else f"U+{ord(ch):04X}"
        message = f"unexpected character {shown}"
        if allowed:
            message += f": expected {expected_words(allowed, context)}"
        if ch.isupper():
            hint = "names are lower_case_with_underscores; put capitals in a quoted title"
        elif ch in "'`":
            hint = 'texts go in double quotes: "..."'
        elif ch == '"':
            hint = 'a text must end with `"` on the same line'
        else:
            hint = "names are lower_case_with_underscores; texts go in double quotes"
        return Diagnostic("E0001", message, Span(path, line, column, line, column + 1), hint=hint)
    if isinstance(err, UnexpectedEOF):
        return Diagnostic("E0001", "the spec ends too early", Span(path, line, column, line, column + 1),
                          hint="a block may be missing its closing `}`")
    return Diagnostic("E0001", "syntax error", Span(path, line, column, line, column + 1),
                      hint="compare the line with the construct in the language reference")


def _context(err: UnexpectedInput, text: str, pos: int) -> tuple[str, ...]:
    """What the parser is in the middle of: the tokens and finished parts on its stack
    (``("mode", "m", '"..."', "{", "set")``: a `set` inside a mode), the parts as
    ``<rule>`` and titles as ``"..."``; the last tokens of the text when the stack is
    not available."""
    state = getattr(getattr(err, "interactive_parser", None), "parser_state", None)
    stack = getattr(state, "value_stack", None)
    if not stack:
        return syntax_words.tokens_before(text, pos, 12)
    return tuple(str(v) if isinstance(v, Token) else '"..."' if getattr(v, "data", None) == "title"
                 else f"<{getattr(v, 'data', '?')}>" for v in stack)


_CLOSERS = {"(": (")", "RPAR"), "[": ("]", "RSQB"), "{": ("}", "RBRACE")}
_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')


def _code_lines(text: str) -> list[tuple[int, int, str, int]]:
    """(1-based line, indentation, code without comment, offset of the line) of each line
    that holds code; texts are blanked to ``"xx"`` of the same length."""
    out, offset = [], 0
    for number, raw in enumerate(text.split("\n"), 1):
        code = _STRING.sub(lambda m: '"' + "x" * (len(m.group()) - 2) + '"', raw).split("#", 1)[0].rstrip()
        if code.strip():
            out.append((number, len(code) - len(code.lstrip()), code.strip(), offset))
        offset += len(raw) + 1
    return out


def _still_open(text: str, start: int, end: int) -> bool:
    """Whether the ``{`` at offset ``start`` is still open at offset ``end``."""
    depth = 0
    for m in syntax_words._TOKEN.finditer(text, start, end):
        depth += {"{": 1, "}": -1}.get(m.group(), 0)
        if depth == 0:
            return False
    return True


def _missing_brace(text: str, before: int, path: str, stopped: str,
                   stopped_at: Span | None = None) -> Diagnostic | None:
    """A syntax error read from the layout: the first block (a line ending in ``{``),
    still open, whose indentation ends before line ``before`` on a line that is not
    its ``}``.  That line is where the ``}`` is missing; the parser only notices later,
    where it stops (``stopped``, at ``stopped_at``).  ``None`` when the layout shows no
    such block (``rulebook fmt`` keeps the layout, so it tells where blocks end)."""
    lines = _code_lines(text)
    for i, (number, indent, code, offset) in enumerate(lines):
        if not code.endswith("{") or number >= before:
            continue
        body = [ln for ln in lines[i + 1:] if ln[0] < before]
        if not body or body[0][1] <= indent:
            continue  # an empty block, or a layout that shows nothing
        end = next((ln for ln in body if ln[1] <= indent), None)
        if end is None or (end[2].startswith("}") and end[1] == indent):
            continue
        brace = offset + indent + len(code) - 1
        if not _still_open(text, brace, end[3]):
            continue
        where, col = end[0], end[1] + 1
        column = indent + len(code)
        notes = [Note("this `{` is never closed", Span(path, number, column, number, column + 1))]
        if stopped_at is not None and stopped_at.line != where:
            notes.append(Note(stopped, stopped_at))
        return Diagnostic("E0001", f"a `}}` is missing before this line: the block of line {number} "
                          "is still open", Span(path, where, col, where, col + len(end[2])),
                          hint=f"close the block of line {number} with `}}` at the indentation of "
                          "its first line", notes=notes)
    return None


def _stray_brace(text: str, before: int, path: str, stopped: str, stopped_at: Span) -> Diagnostic | None:
    """A syntax error read from the layout: the first line before line ``before``
    that starts with ``}`` indented deeper than the block it would close (or with no
    block open), so it closes that block early.  ``None`` when the layout shows no
    such line."""
    opened: list[tuple[int, int, int]] = []  # (line, indentation, column of `{`) of each open block
    for number, indent, code, _ in _code_lines(text):
        if number > before:
            break
        if code.startswith("}"):
            if not opened or indent > opened[-1][1]:
                notes = []
                if opened:
                    at, _, col = opened[-1]
                    notes.append(Note(f"it closes the block of line {at}", Span(path, at, col, at, col + 1)))
                if stopped_at.line != number:
                    notes.append(Note(stopped, stopped_at))
                why = ("its indentation says it is one too many" if opened
                       else "every block before it is closed")
                return Diagnostic("E0001", f"this `}}` closes no block of its own: {why}",
                                  Span(path, number, indent + 1, number, indent + 2),
                                  hint="remove it, or the `{` it should close is missing", notes=notes)
            opened.pop()
        if code.endswith("{"):
            opened.append((number, indent, indent + len(code)))
    return None


def _unclosed(text: str, pos: int, accepted: set[str], path: str) -> tuple[str, Note] | None:
    """The innermost bracket still open at ``pos``, when the parser accepts its closer
    here: (the opening bracket, a note pointing at it)."""
    stack: list[tuple[str, int]] = []
    for m in syntax_words._TOKEN.finditer(text, 0, pos):
        t = m.group()
        if t in _CLOSERS:
            stack.append((t, m.start()))
        elif stack and t == _CLOSERS[stack[-1][0]][0]:
            stack.pop()
    if not stack or _CLOSERS[stack[-1][0]][1] not in accepted:
        return None
    bracket, offset = stack[-1]
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return bracket, Note(f"this `{bracket}` is never closed", Span(path, line, column, line, column + 1))


def _token_hint(tok: Token, accepted: set[str], expected: str, context: tuple[str, ...] = ()) -> str:
    """A hint for an unexpected token when no keyword is close to it."""
    if tok.type == "STRING" and "NAME" in accepted and context and context[-1] in syntax_words.TITLED:
        return f"give it a name before its title: `{context[-1]} some_name {tok} ...`"
    if "NAME" in accepted and tok.type != "NAME" and str(tok).isidentifier():
        return f"`{tok}` is a keyword of the language; pick another name"
    if "NAME" in accepted and tok.type == "INT":
        return "a name starts with a letter or `_`: lower_case_with_underscores"
    if tok.type == "RBRACE" and accepted <= _parser_item_starts() | {"$END"}:
        return "this `}` closes no block: remove it, or the `{` it should close is missing"
    if "RBRACE" in accepted and tok.type in _parser_item_starts():
        return "the block before it may be missing its closing `}`"
    if len(accepted) == 1:
        return f"write {expected} here"
    return "compare the line with the construct in the language reference"


@lru_cache(maxsize=1)
def _parser_item_starts() -> frozenset[str]:
    """Terminals that start a top-level declaration (`action`, `phase`...)."""
    state = _parser().parse_interactive("")
    return frozenset(state.accepts()) - {"$END"}


def _accepted(err: UnexpectedToken) -> set[str]:
    """Terminals the parser really accepts here (LALR's ``expected`` merges lookaheads
    of states that share a default reduction, so it can name tokens that would fail)."""
    parser = getattr(err, "interactive_parser", None)
    if parser is not None:
        try:
            accepted = {t for t in parser.accepts() if t != "$END" or err.token.type == "$END"}
            if accepted:
                return accepted
        except Exception:  # noqa: BLE001 - fall back to Lark's own list
            pass
    return set(err.expected)


def _keyword_hint(found: str, expected: set[str]) -> str | None:
    from dsl.diagnostics import did_you_mean

    keywords = []
    for t in expected:
        try:
            pattern = _parser().get_terminal(t).pattern
        except KeyError:
            continue
        if pattern.type == "str":
            keywords.append(pattern.value)
    return did_you_mean(found, keywords)


def parse_file(path: str | Path) -> tuple[ast.Spec | None, list[Diagnostic]]:
    """Read and parse a spec file; see :func:`parse_spec`."""
    path = Path(path)
    return parse_spec(path.read_text(encoding="utf-8"), str(path))


__all__ = ["parse_spec", "parse_file", "expected_words", "Tree"]
