"""The canonical layout of a spec: what ``rulebook fmt`` writes.

Formatting only changes whitespace, so ``parse(format(x)) == parse(x)`` and every
comment is kept.  It works on the token stream of the real parse (Lark with
``keep_all_tokens``), with the comments found in the gaps between tokens:

* the author's line breaks are kept; runs of blank lines become one blank line, and
  there is none at the start of the file, right after a line ending in ``{``, ``(``
  or ``[``, or right before a line starting with a closing bracket;
* indentation is two spaces a level: the contents of ``{ }`` are one level deeper
  than the block around it, those of ``( )`` and ``[ ]`` one level deeper than the
  line that opened them; a line that continues a statement or declaration begun
  on an earlier line (the parse tree says which) is one level deeper still, except
  inside parentheses and brackets, when it starts with ``{``, or after a ``}``;
* between two tokens of a line there is one space, except none after ``(``, ``[``
  and ``.``, before ``)``, ``]``, ``,``, ``:`` and ``.``, between a name and the
  ``(`` of a call or the ``[`` of an index (a bag item's parenthesised amount keeps
  its space: ``gain suit (a + b)``), after a unary ``-`` and inside ``{}``;
* a comment at the end of a line follows two spaces; a comment on a line of its own
  is indented like the code line after it (or like its block, before a closing
  bracket); trailing whitespace goes, and the file ends with exactly one newline.

The result is idempotent: formatting formatted text changes nothing.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import lru_cache

from lark import Lark, Token, Tree
from lark.exceptions import LarkError

from dsl import codes
from dsl.diagnostics import Diagnostic, DiagnosticBag
from dsl.parser import GRAMMAR, grammar_cache, parse_spec
from dsl.spans import Span, source_lines

INDENT = "  "
_OPENERS = frozenset("{([")
_CLOSERS = frozenset("})]")
_NO_SPACE_AFTER = frozenset({"(", "[", "."})
_NO_SPACE_BEFORE = frozenset({")", "]", ",", ":", ".", "?"})
_GAP = re.compile(r"#[^\n]*|\n")
#: A parse tree deeper than this is also given to ``parse_spec``, which refuses trees
#: some hundreds of levels deep ("nests too deeply"); the specs are under 30 deep.
_DEEP = 100


class FormatError(Exception):
    """The text could not be formatted because it does not parse.

    ``diagnostics`` holds the syntax errors, as :func:`dsl.parser.parse_spec`
    reports them (never empty); render them with ``Diagnostic.render``.
    """

    def __init__(self, diagnostics: list[Diagnostic]):
        super().__init__(f"{len(diagnostics)} diagnostic(s)")
        self.diagnostics = diagnostics


@dataclass(frozen=True, slots=True)
class FormatResult:
    """A spec's text before (``source``) and after (``formatted``) formatting;
    ``path`` is the name given to :func:`format_source`."""

    path: str
    source: str
    formatted: str

    @property
    def changed(self) -> bool:
        """True when formatting changes the text."""
        return self.formatted != self.source

    def diff(self) -> str:
        """A unified diff from the source to the formatted text (``""`` if unchanged),
        with ``a/<path>`` and ``b/<path>`` headers (the path alone if it is absolute)."""
        old, new = (self.path, self.path) if self.path.startswith("/") else (f"a/{self.path}",
                                                                              f"b/{self.path}")
        return "".join(difflib.unified_diff(
            source_lines(self.source, keepends=True), source_lines(self.formatted, keepends=True),
            old, new))


def format_source(text: str, path: str = "<spec>") -> FormatResult:
    """Format a spec's text in the canonical layout.

    ``path`` names the spec in the result and in diagnostics.  Raises
    :class:`FormatError` carrying the diagnostics of :func:`dsl.parser.parse_spec`
    when that refuses the text (a syntax error, or nesting too deep to read);
    nothing else is raised for any text.
    """
    tokens: list[_Token] | None = None
    try:
        tokens, depth = _tokens(_token_parser().parse(text))
    except (LarkError, RecursionError):
        pass
    if tokens is None or depth > _DEEP:  # refused, or maybe refused by parse_spec: ask it
        spec, diagnostics = parse_spec(text, path)
        if spec is None or tokens is None:
            if not diagnostics:  # the formatter's grammar refuses what the parser reads
                report = DiagnosticBag()
                report.error(codes.SYNTAX_ERROR, "the spec does not parse", Span(path, 1, 1, 1, 2))
                diagnostics = report.items
            raise FormatError(diagnostics)
    return FormatResult(path, text, _render(_lines(text, tokens)))


# ------------------------------------------------------------------ tokens
@dataclass(slots=True)
class _Token:
    text: str
    kind: str           # the Lark terminal name: NAME, STRING, LPAR...
    start: int          # offsets in the source
    end: int
    opens_statement: bool = False  # first token of a statement or declaration in a block
    unary: bool = False            # a unary minus
    amount: bool = False           # the ``(`` of a bag item's amount: ``gain suit (a + b)``


@lru_cache(maxsize=1)
def _token_parser() -> Lark:
    """The spec grammar, keeping punctuation and keywords in the tree."""
    return Lark(GRAMMAR.read_text(encoding="utf-8"), parser="lalr", keep_all_tokens=True,
                maybe_placeholders=False, cache=grammar_cache("format"))


def _tokens(tree: Tree) -> tuple[list[_Token], int]:
    """The tokens of a parse tree in source order, and the depth of the tree.

    Tokens are marked: a subtree between a node's ``{`` and ``}`` (or at the top
    level) opens a statement; ``neg`` starts with a unary minus.  Iterative, so deep
    nesting does not exhaust the stack."""
    out: list[_Token] = []
    opens_statement = unary = False
    stack = [[iter(tree.children), tree.data == "start", tree.data]]
    depth = 1
    while stack:
        depth = max(depth, len(stack))
        frame = stack[-1]
        child = next(frame[0], None)
        if child is None:
            stack.pop()
        elif isinstance(child, Token):
            if child.type in ("LBRACE", "RBRACE"):
                frame[1] = child.type == "LBRACE"
            out.append(_Token(str(child), child.type, child.start_pos, child.end_pos,
                              opens_statement, unary, frame[2] == "amount" and child.type == "LPAR"))
            opens_statement = unary = False
        else:
            opens_statement = opens_statement or frame[1]
            unary = child.data == "neg"
            stack.append([iter(child.children), False, child.data])
    return out, depth


# ------------------------------------------------------------------ lines
@dataclass(slots=True)
class _Line:
    tokens: list[_Token]
    comment: str | None = None
    blank_before: bool = False


def _lines(text: str, tokens: list[_Token]) -> list[_Line]:
    """The author's lines: the tokens of each, its comment, and whether blank lines
    came before it.  Only whitespace and comments lie between tokens."""
    lines: list[_Line] = []
    newlines = 0
    position = 0

    def gap(until: int) -> None:
        nonlocal newlines
        for match in _GAP.finditer(text, position, until):
            if match.group() == "\n":
                newlines += 1
            else:
                place(None, match.group().rstrip())

    def place(token: _Token | None, comment: str | None) -> None:
        nonlocal newlines
        if not lines or newlines:
            lines.append(_Line([], blank_before=newlines >= 2 and bool(lines)))
        newlines = 0
        if token is not None:
            lines[-1].tokens.append(token)
        else:
            lines[-1].comment = comment

    for token in tokens:
        gap(token.start)
        place(token, None)
        position = token.end
    gap(len(text))
    return lines


def _render(lines: list[_Line]) -> str:
    indents = _indents(lines)
    out: list[str] = []
    for i, (line, indent) in enumerate(zip(lines, indents)):
        if line.blank_before and out and not _ends_with_opener(lines[i - 1]) \
                and not (line.tokens and line.tokens[0].text in _CLOSERS):
            out.append("")
        parts = [_join(line.tokens)] if line.tokens else []
        if line.comment is not None:
            parts.append(line.comment)
        out.append(INDENT * indent + "  ".join(parts))
    return "".join(text + "\n" for text in out)


def _ends_with_opener(line: _Line) -> bool:
    return bool(line.tokens) and line.tokens[-1].text in _OPENERS


def _indents(lines: list[_Line]) -> list[int]:
    """The indentation level of every line (see the module docstring).

    Every open bracket remembers the level of its contents and of its closing
    bracket: for ``{`` they follow the block it is in, so a block opened on a
    continuation line is not indented twice; for ``(`` and ``[`` they follow the
    opening line as it is indented."""
    indents: list[int | None] = []
    bases: list[int] = []
    open_brackets: list[tuple[str, int, int]] = []  # (bracket, level inside, level of its closer)
    last: _Token | None = None                       # the last token of the previous code line
    for line in lines:
        tokens = line.tokens
        closer_level = None
        k = 0
        while k < len(tokens) and tokens[k].text in _CLOSERS:
            if open_brackets:
                closer_level = open_brackets.pop()[2]
            k += 1
        base = open_brackets[-1][1] if open_brackets else 0
        bases.append(base)
        if not tokens:
            indents.append(None)  # a comment line: decided by the code line after it
            continue
        if k:
            indent = base if closer_level is None else closer_level
        else:
            continues = (not tokens[0].opens_statement and tokens[0].text != "{" and last is not None
                         and last.text != "}" and (not open_brackets or open_brackets[-1][0] == "{"))
            indent = base + continues
        indents.append(indent)
        for token in tokens[k:]:
            if token.text == "{":
                level = next((inside for b, inside, _ in reversed(open_brackets) if b == "{"), 0)
                open_brackets.append((token.text, level + 1, level))
            elif token.text in _OPENERS:
                open_brackets.append((token.text, indent + 1, indent))
            elif token.text in _CLOSERS and open_brackets:
                open_brackets.pop()
        last = tokens[-1]
    following = 0
    for i in range(len(lines) - 1, -1, -1):
        if indents[i] is None:
            indents[i] = max(bases[i], following)
        following = indents[i]
    return indents  # type: ignore[return-value]


def _join(tokens: list[_Token]) -> str:
    parts = [tokens[0].text]
    for before, after in zip(tokens, tokens[1:]):
        tight = (before.text in _NO_SPACE_AFTER or after.text in _NO_SPACE_BEFORE or before.unary
                 or (after.text in ("(", "[") and before.kind == "NAME" and not after.amount)
                 or (before.text == "{" and after.text == "}"))
        if not tight:
            parts.append(" ")
        parts.append(after.text)
    return "".join(parts)


__all__ = ["FormatError", "FormatResult", "format_source"]
