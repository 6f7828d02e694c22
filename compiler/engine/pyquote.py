"""Spec text into Python source: one quoting rule for each place text can go.

A spec is data: its titles, sources, labels, paths and card fields must reach a
generated engine as data, never as code.  Each place of a Python file that can
hold text has one function here, and the engine backend goes through them:

- :func:`literal`: a Python literal of plain data (texts, whole numbers, true or
  false, None, and tuples, lists and dicts of them), built like ``repr``;
- :func:`docstring`: text inside ``\"\"\"...\"\"\"``; it can neither close the
  docstring nor hold a backslash escape of its own, and Python reads back exactly
  the text (quotes, backslashes and unprintable characters are escaped, ordinary
  titles stay as they are);
- :func:`comment`: text after ``#``; every character that is not printable (line
  breaks of every kind, form feeds, NUL...) is shown as an escape, so the comment
  stays on its line for Python and for editors;
- :func:`identifier`: a name checked to be a plain ASCII identifier that is not a
  Python keyword or built-in.

Each returns :class:`Code`, the type of generated Python source.  The engine
templates render through :func:`engine_environment`, whose ``finalize`` refuses
any value that is not :class:`Code` (or a whole number): a template that puts
text in the output without one of the filters above fails the build
(:class:`UnquotedText`) instead of writing the text as code.
"""

from __future__ import annotations

import builtins
import keyword
import re

import jinja2


class Code(str):
    """Python source produced by the compiler (or text quoted by this module):
    the only kind of string the engine templates output."""

    __slots__ = ()


class UnquotedText(TypeError):
    """A value reached an engine template's output without going through one of
    the quoting filters: a bug in the compiler, never in a spec."""


_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_BUILTINS = frozenset(dir(builtins))

#: Module-level names every engine module defines or imports; generated function
#: names are kept apart from them (see ``compiler.engine.codegen``).
ENGINE_GLOBALS = frozenset({
    "annotations", "R", "Action", "IllegalActionError", "RulesError", "State", "Game", "RULES",
    "ASKS", "RESOURCES", "CARD_FIELDS", "CARD_ENTRIES", "CARD_NAMES", "CARD_TITLES", "CARDS_OF",
    "_CARDS", "_div", "__all__", "__doc__", "__name__",
})


def literal(value) -> Code:
    """``value`` as a Python literal, as ``repr`` writes it.

    Accepts ``str``, ``int``, ``bool``, ``None`` and tuples, lists and dicts of
    them (subclasses are written as their base type: a Lark token as its text).
    Raises :class:`UnquotedText` for anything else (a date or a float that YAML
    read, an object), whose ``repr`` would not read back as the value."""
    return Code(_literal(value))


def _literal(value) -> str:
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, str):
        return str.__repr__(value)
    if isinstance(value, tuple):
        items = [_literal(v) for v in value]
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    if isinstance(value, list):
        return "[" + ", ".join(_literal(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_literal(k)}: {_literal(v)}" for k, v in value.items()) + "}"
    raise UnquotedText(f"not plain data, cannot be written as a Python literal: {type(value).__name__}")


def docstring(text: str) -> Code:
    """``text`` for the inside of a ``\"\"\"`` docstring: backslashes are escaped, and
    so is every character that is not printable (line breaks of every kind, tabs,
    NUL, lone surrogates...), and every double quote that is first, last or next to
    another one; so the docstring stays on one line and cannot be closed early, its
    ``__doc__`` is exactly ``text``, and a title with a quote in it reads as it is."""
    text = _text(text)
    out = []
    for i, ch in enumerate(text):
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            lone = 0 < i < len(text) - 1 and text[i - 1] != '"' and text[i + 1] != '"'
            out.append('"' if lone else '\\"')
        else:
            out.append(ch if ch.isprintable() else _escape(ch))
    return Code("".join(out))


def comment(text: str) -> Code:
    """``text`` for after ``# `` on one line: each character that is not printable
    (``\\n``, ``\\r``, form feed, U+0085, U+2028, NUL...) is written as its escape
    (``\\u2028``), so nothing can end the comment.  Tabs stay."""
    return Code("".join(ch if ch.isprintable() or ch == "\t" else _escape(ch) for ch in _text(text)))


def _text(text) -> str:
    if not isinstance(text, str):
        raise UnquotedText(f"not a text: {type(text).__name__}")
    return str(text)


def _escape(ch: str) -> str:
    """The Python escape of one character (``\\x00``, ``\\u2028``, ``\\U0001f600``)."""
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def identifier(name: str) -> Code:
    """``name`` checked as a Python identifier the engine may define: ASCII letters,
    digits and ``_``, not starting with a digit, not a keyword, not a built-in name.
    Raises :class:`UnquotedText` otherwise (names come from the spec's validated
    names, so that is a compiler bug)."""
    name = str(name)
    if not _IDENTIFIER.fullmatch(name) or keyword.iskeyword(name) or name in _BUILTINS:
        raise UnquotedText(f"not an identifier the engine may define: {name!r}")
    return Code(name)


def reference(name: str | None) -> Code:
    """A generated function's name (see :func:`identifier`), or ``None`` for none."""
    return Code("None") if name is None else identifier(name)


def _finalize(value):
    if isinstance(value, Code) or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    raise UnquotedText(f"an engine template outputs {type(value).__name__} {str(value)[:60]!r} "
                       "without quoting it: use one of the filters literal, docstring, comment, "
                       "ident, ref")


def engine_environment(loader: jinja2.BaseLoader) -> jinja2.Environment:
    """The Jinja environment of the engine templates: filters ``literal``,
    ``docstring``, ``comment``, ``ident`` and ``ref`` (the functions above), and a
    ``finalize`` that raises :class:`UnquotedText` for any output that is not
    :class:`Code` or a whole number."""
    env = jinja2.Environment(loader=loader, keep_trailing_newline=True, trim_blocks=True,
                             lstrip_blocks=True, finalize=_finalize, autoescape=False)
    env.filters.update(literal=literal, docstring=docstring, comment=comment, ident=identifier,
                       ref=reference)
    return env


class Writer:
    """Indented Python source, one ``line`` at a time (after Jinja's CodeGenerator).

    ``line`` takes code; text from the spec goes in through ``docstring`` and
    ``comment``, which quote it (above)."""

    def __init__(self, indent: int = 0):
        self.lines: list[str] = []
        self.level = indent

    def line(self, code: str) -> None:
        self.lines.append("    " * self.level + code)

    def docstring(self, text: str) -> None:
        """A one-line docstring whose ``__doc__`` is ``text``."""
        self.line(f'"""{docstring(text)}"""')

    def comment(self, text: str) -> None:
        """A ``# text`` comment line, ``text`` kept on the line."""
        self.line(f"# {comment(text)}")

    def source(self) -> Code:
        return Code("\n".join(self.lines))
