"""Syntax errors in words: what was found, what was expected (named for what it
stands for, see :mod:`dsl.syntax_words`), and a hint (a missing or stray brace, a
keyword misspelt, a keyword glued to the next word); specs too deep to read (E0003)
and numbers too large (E0543)."""

from __future__ import annotations

import re
from functools import lru_cache

from lark import Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from dsl import codes, syntax_words
from dsl.diagnostics import Note, Report
from dsl.parser.base import MAX_NUMBER
from dsl.parser.lark_parser import _WORD, GluedKeyword, _parser, expected_words
from dsl.spans import Span, source_lines


def glued_keyword(err: GluedKeyword, text: str, path: str, report: Report) -> None:
    """E0001 for a word the lexer split after a keyword (see :class:`WholeWords`)."""
    start = err.keyword.start_pos or 0
    word = _WORD.match(text, start).group()
    keyword, rest = str(err.keyword), word[len(str(err.keyword)):]
    line, column = err.keyword.line or 1, err.keyword.column or 1
    hint = f"did you mean `{keyword} {rest}`? A keyword and the word after it need a space"
    report.error(codes.SYNTAX_ERROR, f"unexpected name `{word}`: a keyword belongs here",
                 Span(path, line, column, line, column + len(word)), hint=hint)


def too_deep(text: str, path: str, report: Report) -> None:
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
            report.error(codes.NESTS_TOO_DEEPLY, "the spec nests too deeply to read",
                         Span(path, line, column, line, column + 1),
                         hint="split deeply nested expressions or blocks: name a part with `let` or a "
                         "derived value")
            return
    report.error(codes.NESTS_TOO_DEEPLY, "the spec nests too deeply to read", Span(path, 1, 1, 1, 2),
                 hint="split deeply nested expressions or blocks: name a part with `let` or a "
                 "derived value")


#: Bracket depth past which a spec that is too deep to read is reported.
_DEEP_AT = 50


def number_too_large(tok: Token, path: str, report: Report) -> None:
    """E0543 for a number token past :data:`MAX_NUMBER`."""
    digits = str(tok)
    shown = digits if len(digits) <= 24 else f"{digits[:12]}...{digits[-6:]} ({len(digits)} digits)"
    report.error(codes.NUMBER_TOO_LARGE, f"the number {shown} is too large: numbers in a spec are at "
                 f"most {MAX_NUMBER:,}", Span(path, tok.line, tok.column, tok.end_line, tok.end_column),
                 hint=f"write a number of at most {MAX_NUMBER:,}; no rule of a game needs more")


def syntax_error(err: UnexpectedInput, text: str, path: str, report: Report) -> None:
    """A syntax error in words: what was found, what was expected (named for what it
    stands for where the tokens before tell), and a hint."""
    line, column = getattr(err, "line", 1), getattr(err, "column", 1)
    if isinstance(err, UnexpectedToken) and err.token.type == "$END":
        lines = source_lines(text) or [""]
        line, column = len(lines), len(lines[-1]) + 1
        accepted = _accepted(err)
        expected = expected_words(accepted, _context(err, text, len(text)))
        if _missing_brace(text, line + 1, path, "the spec ends too early", report):
            return
        opener = _unclosed(text, len(text), accepted, path)
        report.error(codes.SYNTAX_ERROR, f"the spec ends too early: expected {expected}",
                     Span(path, line, max(column - 1, 1), line, max(column, 2)),
                     hint=(f"close the `{opener[0]}` of line {opener[1].span.line} with "
                           f"`{_CLOSERS[opener[0]][0]}`" if opener
                           else "a block may be missing its closing `}`" if "RBRACE" in accepted
                           else "the last declaration is cut short: finish it"),
                     notes=[opener[1]] if opener else [])
        return
    if isinstance(err, UnexpectedToken) and _line_cut_short(err, text, path, report):
        return
    if isinstance(err, UnexpectedToken):
        tok = err.token
        accepted = _accepted(err)
        context = _context(err, text, tok.start_pos or 0)
        expected = expected_words(accepted, context)
        width = max(len(str(tok)), 1)
        found = f"`{tok}`" if tok.type != "STRING" else f"text {tok}"
        stop = Span(path, line, column, line, column + max(len(str(tok)), 1))
        if (_missing_brace(text, line + 1, path, f"the parser stops at `{tok}`", report, stop)
                or _stray_brace(text, line, path, f"the parser stops at `{tok}`", stop, report)):
            return
        opener = _unclosed(text, tok.start_pos or 0, accepted, path)
        if opener and opener[1].span.line == line:
            opener = None  # the opener is on the same line: the caret shows it already
        before = syntax_words.tokens_before(text, tok.start_pos or 0, 1)
        hint = (before and syntax_words.reserved_name_hint(before[-1]) if tok.type != "INT" else None) \
            or _keyword_hint(str(tok), err.expected) or (
            f"close the `{opener[0]}` of line {opener[1].span.line} with `{_CLOSERS[opener[0]][0]}` "
            "before this" if opener
            else _token_hint(tok, accepted, expected, context))
        report.error(codes.SYNTAX_ERROR, f"unexpected {found}: expected {expected}",
                     Span(path, line, column, line, column + width), hint=hint,
                     notes=[opener[1]] if opener else [])
        return
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
        report.error(codes.SYNTAX_ERROR, message, Span(path, line, column, line, column + 1), hint=hint)
    elif isinstance(err, UnexpectedEOF):
        report.error(codes.SYNTAX_ERROR, "the spec ends too early",
                     Span(path, line, column, line, column + 1),
                     hint="a block may be missing its closing `}`")
    else:
        report.error(codes.SYNTAX_ERROR, "syntax error", Span(path, line, column, line, column + 1),
                     hint="compare the line with the construct in the language reference")


_PROVENANCE = ("source", "ruling", "provisional")


def _line_cut_short(err: UnexpectedToken, text: str, path: str, report: Report) -> bool:
    """A line cut short before a provenance line (``winners players with most`` then
    ``source "..."``): the parser reads ``source`` as the missing name and stops at the
    text after it, a line too late.  Reported where the line before ends, with what it
    expected there (the text up to that line, parsed again); False when it is not so."""
    tok = err.token
    start = tok.start_pos or 0
    before = syntax_words.tokens_before(text, start, 1)
    if tok.type != "STRING" or not before or before[-1] not in _PROVENANCE:
        return False
    word_at = text.rfind(before[-1], 0, start)
    line_start = text.rfind("\n", 0, word_at) + 1
    if text[line_start:word_at].strip():
        return False
    try:
        _parser().parse(text[:line_start])
        return False
    except UnexpectedToken as cut:
        if cut.token.type != "$END" or "NAME" not in _accepted(cut):
            return False
        expected = expected_words(_accepted(cut), _context(cut, text, line_start))
    except UnexpectedInput:
        return False
    lines = source_lines(text[:line_start])
    number = len(lines)
    while number > 1 and not _code(lines[number - 1]):
        number -= 1
    code = _code(lines[number - 1]) if lines else ""
    column = len(code) + 1
    report.error(codes.SYNTAX_ERROR, f"this line ends too early: expected {expected}",
                 Span(path, number, column, number, column + 1),
                 hint=f"finish the line; `{before[-1]}` on the next line was read as part of it")
    return True


def _code(line: str) -> str:
    """A line without its comment and trailing blanks."""
    masked = _STRING.sub(lambda m: "x" * len(m.group()), line)  # a `#` inside a text is no comment
    return line[:len(masked.split("#")[0].rstrip())]


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


def _missing_brace(text: str, before: int, path: str, stopped: str, report: Report,
                   stopped_at: Span | None = None) -> bool:
    """A syntax error read from the layout: the first block (a line ending in ``{``),
    still open, whose indentation ends before line ``before`` on a line that is not
    its ``}``.  That line is where the ``}`` is missing; the parser only notices later,
    where it stops (``stopped``, at ``stopped_at``).  Whether it was reported: not when
    the layout shows no such block (``rulebook fmt`` keeps the layout, so it tells where
    blocks end)."""
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
        report.error(codes.SYNTAX_ERROR, f"a `}}` is missing before this line: the block of line "
                     f"{number} is still open", Span(path, where, col, where, col + len(end[2])),
                     hint=f"close the block of line {number} with `}}` at the indentation of "
                     "its first line", notes=notes)
        return True
    return False


def _stray_brace(text: str, before: int, path: str, stopped: str, stopped_at: Span,
                 report: Report) -> bool:
    """A syntax error read from the layout: the first line before line ``before``
    that starts with ``}`` indented deeper than the block it would close (or with no
    block open), so it closes that block early.  Whether it was reported: not when the
    layout shows no such line."""
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
                report.error(codes.SYNTAX_ERROR, f"this `}}` closes no block of its own: {why}",
                             Span(path, number, indent + 1, number, indent + 2),
                             hint="remove it, or the `{` it should close is missing", notes=notes)
                return True
            opened.pop()
        if code.endswith("{"):
            opened.append((number, indent, indent + len(code)))
    return False


def _unclosed(text: str, pos: int, accepted: set[str], path: str) -> tuple[str, Note] | None:
    """The innermost bracket still open at ``pos`` and never closed after it, when the
    parser accepts its closer here: (the opening bracket, a note pointing at it).  A
    bracket closed further on is not the problem (a misspelt keyword inside a block
    stops the parser where a `}` would do)."""
    stack: list[tuple[str, int]] = []
    target = None
    for m in syntax_words._TOKEN.finditer(text):
        if target is None and m.start() >= pos:
            if not stack or _CLOSERS[stack[-1][0]][1] not in accepted:
                return None
            target = stack[-1]
        t = m.group()
        if t in _CLOSERS:
            stack.append((t, m.start()))
        elif stack and t == _CLOSERS[stack[-1][0]][0] and stack.pop() == target:
            return None
    if target is None:
        if not stack or _CLOSERS[stack[-1][0]][1] not in accepted:
            return None
        target = stack[-1]
    bracket, offset = target
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
