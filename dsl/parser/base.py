"""The base of the parse-tree → AST transformer: spans, names, numbers, texts and
provenance clauses; the rules of declarations, statements and expressions are in
:mod:`dsl.parser.declarations`, :mod:`dsl.parser.statements` and
:mod:`dsl.parser.expressions`."""

from __future__ import annotations

from lark import Token, Transformer, v_args

from dsl import ast, codes, strings
from dsl.ast.base import KeywordOnly
from dsl.diagnostics import DiagnosticBag
from dsl.spans import Span

#: The largest number a spec may write (E0543); ``compiler.analysis.limits`` bounds what the
#: numbers count (players, pieces, options) well below it.
MAX_NUMBER = 1_000_000_000


def keyword_only(node: type[KeywordOnly]):
    """The transformer rule of a keyword-only node (``done``, ``me``): the node, where
    its keywords stand."""
    @v_args(meta=True)
    def rule(self, meta, _children):
        return node(self._span(meta))
    return rule


class TreeToAst(Transformer):
    """What every rule of the transformer uses: ``path`` names the spec in spans;
    ``report`` collects the texts and names that are wrong (E0006-E0008) and
    ``too_large`` the numbers past :data:`MAX_NUMBER` (E0543), reported after the
    whole tree is transformed."""

    def __init__(self, path: str):
        super().__init__()
        self.path = path
        #: problems of texts and names found while transforming (E0006, E0007, E0008)
        self.report = DiagnosticBag()
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
        reported at its place (a text is on one line: columns add up)."""
        value = strings.decode(tok[1:-1], self.report, lambda offset, width: Span(
            self.path, tok.line, tok.column + 1 + offset, tok.line, tok.column + 1 + offset + width))
        return tok.update(value=value)

    def NAME(self, tok: Token) -> Token:  # noqa: N802 - Lark naming
        """Names that begin with ``_`` are the engine's (E0008)."""
        if tok.startswith("_"):
            self.report.error(codes.RESERVED_NAME, f"names cannot begin with `_`: `{tok}` is reserved for "
                              "the engine", self._tok_span(tok),
                              hint=f"rename it, e.g. `{tok.lstrip('_') or 'name'}`")
        return tok

    @v_args(meta=True)
    def start(self, meta, items):
        return ast.Spec(self.path, tuple(items), self._span(meta))

    def _words(self, tok: Token, what: str) -> str:
        """The text of ``tok``, which the page or the players read (a title, a citation, a
        label): E0011 when it is empty or only spaces."""
        text = str(tok)
        if not text.strip():
            self.report.error(codes.BLANK_TEXT, f"{what} cannot be blank", self._tok_span(tok),
                              hint="write the words the rulebook prints")
        return text

    @v_args(meta=True)
    def source(self, meta, c):
        return ast.Meta("source", self._words(c[0], "a `source`"), self._span(meta))

    @v_args(meta=True)
    def ruling(self, meta, c):
        return ast.Meta("ruling", self._words(c[0], "a `ruling`"), self._span(meta))

    @v_args(meta=True)
    def provisional(self, meta, c):
        return ast.Meta("provisional", self._words(c[0], "a `provisional` note"), self._span(meta))

    def provisional_note(self, c):
        return ("provisional_note", self._words(c[0], "a `provisional` note"))

    def title(self, c):
        return self._words(c[0], "a title")

    @staticmethod
    def _metas(items) -> tuple[ast.Meta, ...]:
        return tuple(i for i in items if isinstance(i, ast.Meta))

    @staticmethod
    def _tagged(items, tag):
        return [i[1] for i in items if isinstance(i, tuple) and len(i) == 2 and i[0] == tag]
