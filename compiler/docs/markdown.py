"""Spec text on a Markdown page, never as Markdown: one escaping rule per context.

A spec or card file is data.  Its titles, citations, rulings, labels and file
names reach the reference pages, which mkdocs-material turns into HTML with
Python-Markdown and the extensions of ``mkdocs.yml`` (admonition, attr_list,
tables, toc, pymdownx.details, highlight, superfences with mermaid).  Text
written there as it is could add raw HTML (``<script>``, ``onerror=``), links
(``[x](javascript:...)``), attributes (``{: onclick=... }``), close a code
fence early or break the mermaid flowchart.

:class:`Markdown` marks text our code wrote (the ``Markup`` of markupsafe, for
Markdown): a ``str`` that is put on the page as it is.  Every other ``str`` is
text, escaped on the way in by the function of its context:

- :func:`inline`: running text (paragraphs, headings, list items, emphasis);
- :func:`prose`: running text in which spec text may quote the language between
  backticks (a ruling's `` `require has` ``): each quote a :func:`code` span, the rest
  :func:`inline`;
- :func:`cell`: a table cell;
- :func:`title`: the quoted title of an admonition (``!!! note "..."``);
- :func:`code`: a code span;
- :func:`fence`: a fenced code block (spec excerpts, mermaid source, examples);
- :func:`mermaid_label`: a node or edge label of a mermaid flowchart.

:func:`environment` is the Jinja environment of the docs templates: every
``{{ value }}`` that is not ``Markdown`` is escaped as text.

The pages are Markdown and hold no hand-written HTML, so there is no HTML
attribute context.  Escaping keeps ordinary text as it is: only the characters
that could start Markdown syntax are escaped, and only where they could.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from functools import cache

from jinja2 import Environment, PackageLoader

__all__ = ["Markdown", "cell", "code", "environment", "fence", "inline", "lines", "mermaid_label",
           "prose", "title"]


class Markdown(str):
    """Markdown our code wrote, trusted as it is; any ``str`` that is not one is text.

    Like markupsafe's ``Markup``: ``+``, :meth:`join` and :meth:`format` escape
    every operand that is not ``Markdown`` with :func:`inline` (``+`` keeps one
    space where the operand starts or ends with white space) and return ``Markdown``.
    Other ``str`` methods (slicing, ``replace``, f-strings) return a plain ``str``,
    which the page templates escape as text: losing the mark shows Markdown
    syntax on the page, it never makes text live.  Wrap an f-string in
    ``Markdown`` only when every value in it is ``Markdown`` or a number; put
    spec text in with :meth:`format`.
    """

    __slots__ = ()

    def __add__(self, other: str) -> Markdown:
        if not isinstance(other, str):
            return NotImplemented
        return Markdown(str.__add__(self, _part(other)))

    def __radd__(self, other: str) -> Markdown:
        if not isinstance(other, str):
            return NotImplemented
        return Markdown(str.__add__(_part(other), self))

    def join(self, parts: Iterable[str]) -> Markdown:  # type: ignore[override]
        """``sep.join(parts)``, each part that is not ``Markdown`` escaped."""
        return Markdown(str.join(self, (inline(p) for p in parts)))

    def format(self, *args, **kwargs) -> Markdown:  # type: ignore[override]
        """``str.format`` with every argument that is not ``Markdown`` escaped by
        :func:`inline` (after its format spec is applied)."""
        return Markdown(_FORMATTER.vformat(self, args, kwargs))

    def __repr__(self) -> str:
        return f"Markdown({str.__repr__(self)})"


class _EscapingFormatter(string.Formatter):
    def format_field(self, value, format_spec: str) -> str:
        if isinstance(value, Markdown) and not format_spec:
            return value
        return inline(format(value, format_spec))


_FORMATTER = _EscapingFormatter()

#: HTML's own three (``&`` first); ``<`` and ``>`` make raw HTML, autolinks, blockquotes.
_HTML = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
#: Characters that start Markdown syntax anywhere in a line, backslash-escaped (all are in
#: Python-Markdown's ESCAPED_CHARS with the tables extension): escapes, code, emphasis,
#: links and images, attribute lists, headings' closing hashes, table pipes; and an
#: ``_`` unless it stands between two letters or digits (``main_deck``), where it
#: cannot open or close emphasis.
_INLINE = re.compile(r"[&<>\\`*\[\]{}#|]|(?<![^\W_])_|_(?![^\W_])")
#: What can open a block when a text starts a line (in an admonition's body, say):
#: a list item, a numbered item, a rule, a setext underline, an admonition or a
#: collapsed block, a tilde fence.  The first character is escaped.
_LINE_START = re.compile(r"[-+](?=\s|$|-)|\d+(?=\.(?:\s|$))|[!=]|\?\?|~~")


def inline(text: object) -> Markdown:
    """``text`` as running Markdown text: shown as written, never as syntax.

    ``Markdown`` comes back as it is.  Anything else is read as ``str(text)``;
    line breaks and runs of white space become one space (a page line holds one
    text) and the ends are trimmed (a trailing double space would make ``<br>``);
    ``& < >`` become HTML entities; ``\\ ` * [ ] { } # |`` and an ``_`` at a word's
    edge are backslash-escaped; so is a first character that could start a block
    (``- + !``, a number before a full stop; ``= ?? ~~`` become entities).
    Python-Markdown shows every escape as the character itself.
    """
    if isinstance(text, Markdown):
        return text
    flat = " ".join(str(text).split())
    out = _INLINE.sub(_escape_char, flat)
    start = _LINE_START.match(out)
    if start:
        out = _escape_start(start.group(), out)
    return Markdown(out)


#: A quote of code in spec text: a run of backticks, the code, the same run again.
_QUOTED = re.compile(r"(`+)(?=[^`])(.+?)(?<=[^`])\1(?!`)")


def prose(text: object) -> Markdown:
    """``text`` as running text (:func:`inline`) whose quotes of code (`` `pay coin 2` ``,
    between matching runs of backticks, as the spec's own docs write them) are code
    spans (:func:`code`): the quote shows as code, never as Markdown or HTML (a code
    span shows ``<b>`` as written; Python-Markdown escapes it).  A backtick with no
    match stays a literal backtick.  ``Markdown`` comes back as it is."""
    if isinstance(text, Markdown):
        return text
    flat = " ".join(str(text).split())
    out: list[str] = []
    at = 0
    for m in _QUOTED.finditer(flat):
        if m.group(2).strip():
            out += [_part(flat[at:m.start()]) if at < m.start() else "", code(m.group(2).strip())]
            at = m.end()
    rest = flat[at:]
    if rest:
        out.append(_part(rest) if out else inline(rest))
    return Markdown("".join(out))


def _part(text: object) -> Markdown:
    """A piece of text joined to Markdown: :func:`inline`, keeping a space at either end."""
    if isinstance(text, Markdown):
        return text
    raw = str(text)
    lead = " " if raw[:1].isspace() else ""
    trail = " " if raw[-1:].isspace() and raw.strip() else ""
    return Markdown(f"{lead}{inline(raw)}{trail}")


def _escape_char(m: re.Match) -> str:
    c = m.group()
    return _HTML.get(c) or "\\" + c


def _escape_start(found: str, text: str) -> str:
    if found[0].isdigit():  # "1. x" would be a numbered item
        return found + "\\" + text[len(found):]
    if found[0] in "-+!":
        return "\\" + text
    return f"&#{ord(text[0])};" + text[1:]  # = ? ~ have no backslash escape


def cell(text: object) -> Markdown:
    """``text`` as one table cell: :func:`inline`, and a ``|`` of trusted
    ``Markdown`` escaped too (a cell ends at the first bare pipe)."""
    if isinstance(text, Markdown):
        return Markdown(re.sub(r"(?<!\\)\|", r"\\|", " ".join(text.split())))
    return inline(text)


def title(text: object) -> Markdown:
    """``text`` as the quoted title of an admonition or collapsed block
    (``!!! note "..."``, ``??? example "..."``): :func:`inline`, with ``"`` as an
    entity so a quote cannot end the title early."""
    return Markdown(inline(text).replace('"', "&quot;"))


def code(text: object) -> Markdown:
    """``text`` as a code span: a backtick fence longer than any run of backticks
    inside, padded with a space where the text starts or ends with a backtick.
    Python-Markdown escapes ``& < >`` inside code itself."""
    flat = " ".join(str(text).split())
    runs = [len(r) for r in re.findall(r"`+", flat)]
    ticks = "`" * (max(runs, default=0) + 1)
    pad = " " if flat.startswith("`") or flat.endswith("`") else ""
    return Markdown(f"{ticks}{pad}{flat}{pad}{ticks}")


def fence(text: str, info: str = "", indent: str = "") -> list[Markdown]:
    """``text`` as a fenced code block, as page lines: ```` ```info ````, the text's
    lines, the closing fence, each line after ``indent`` (four spaces inside an
    admonition; empty lines stay empty; lines end where Python-Markdown ends them,
    at ``\\n``, ``\\r\\n`` or ``\\r``).  The fence is one backtick longer than
    the longest run of backticks in ``text`` (three at least), so no line of the
    text can close it.  ``info`` (a language name: ``rulebook``, ``mermaid``)
    must be a word."""
    if not re.fullmatch(r"[\w-]*", info):
        raise ValueError(f"a fence's info string must be a word, not {info!r}")
    runs = [len(r) for r in re.findall(r"`+", text)]
    ticks = "`" * max(3, max(runs, default=0) + 1)
    body = [indent + line if line else "" for line in re.split(r"\r\n|\r|\n", text)]
    return [Markdown(indent + ticks + info), *map(Markdown, body), Markdown(indent + ticks)]


def lines(items: Iterable[str]) -> Markdown:
    """Page lines joined with newlines; a line that is not ``Markdown`` is text
    (:func:`inline`)."""
    return Markdown("\n").join(items)


#: Mermaid entity codes (``#name;`` or ``#decimal;``) for what could end a quoted
#: label (``"``), start an entity code (``#``), a directive or comment (``%``), a
#: Markdown string (a backtick), an edge label (``|``), or make HTML (``& < >``).
_MERMAID = {'"': "#quot;", "#": "#35;", "%": "#37;", "`": "#96;", "|": "#124;",
            "&": "#amp;", "<": "#lt;", ">": "#gt;"}
_MERMAID_RE = re.compile("[" + re.escape("".join(_MERMAID)) + "]")


def mermaid_label(text: object) -> str:
    """``text`` for the inside of a quoted mermaid label (``id["..."]``,
    ``-->|"..."|``): one line, and every character that could end the quotes or
    be read as syntax written as a mermaid entity code, which mermaid shows as
    the character itself.  Returns a plain ``str``: it is mermaid source, which
    goes on the page only inside a :func:`fence`."""
    flat = " ".join(str(text).split())
    return _MERMAID_RE.sub(lambda m: _MERMAID[m.group()], flat)


@cache
def environment() -> Environment:
    """The Jinja environment of the docs templates (``compiler/docs/templates``), made
    once, so each template is compiled once however many pages are rendered,
    escaping by construction: every ``{{ value }}`` that is not :class:`Markdown` is
    text, escaped by :func:`inline` (the environment's ``finalize``).  Filters:
    ``lines`` (:func:`lines`), ``fence(info, indent)`` (:func:`fence`, as page text),
    and ``trusted``, which marks Markdown that our own code holds (the diagnostic
    registry's titles and explanations), never spec text.  Jinja's ``autoescape``
    is for HTML; the pages are Markdown, so it stays off."""
    env = Environment(loader=PackageLoader("compiler.docs", "templates"), keep_trailing_newline=True,
                      trim_blocks=True, lstrip_blocks=True, autoescape=False, finalize=inline)
    env.filters["lines"] = lines
    env.filters["fence"] = lambda text, info="", indent="": lines(fence(text, info, indent))
    env.filters["trusted"] = Markdown
    return env
