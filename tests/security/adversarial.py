"""Hostile texts, a spec that holds them in every place it can hold text, and the
checks that they stayed data in the engine and on the page built from it.

The one shared module of ``tests/security`` (the property test is
``test_text_is_data.py``; the regressions are ``test_engine_text_safety.py`` and
``test_docs_text_safety.py``):

- :func:`hostile_texts`: a Hypothesis strategy of texts built to escape wherever they
  are pasted: quotes of every kind, backslash escapes, every kind of line break, ``#``,
  HTML, Markdown, attribute lists, mermaid, Jinja delimiters, characters outside the
  BMP, and Python payloads that create :data:`MARKER` in the working directory if
  they ever run.  ``hostile_texts(refused=False)`` keeps to texts the language
  accepts; :func:`language_refuses` says whether it refuses one (a line break, a
  control character...), which must then be a diagnostic at the text's place.
  :func:`hostile_names` and :func:`hostile_comments` are the same texts for the card
  file's places for names (all refused) and for the spec's comments (all accepted).
- :func:`spec_with_texts`: ``(spec_text, cards_yaml, places)``, a complete spec and
  its card catalogue with the given texts in every place that holds text (every
  place of the grammar, checked by the tests against the grammar, and every text of
  a card entry) and, when given, hostile card names, enum values, bag keys and
  provisional fields, and hostile comments; the :class:`Place` list says where each
  text went.  :func:`spec_with_text_at` puts one text in one place.
- :func:`build` and :func:`play`: ``rulebook build`` of a project, and the engine
  imported and played in a fresh interpreter (:data:`PLAY`); :func:`check_engine`
  (the texts the engine holds are the spec's), :func:`no_marker` (no payload ran).
- :func:`render_page` (the page of a spec without writing a project),
  :func:`to_html` (Python-Markdown with ``mkdocs.yml``'s extensions),
  :class:`PageHtml` (what the HTML holds) and :func:`check_page` (no live markup,
  every text shown as written, compared with the page of plain texts).

Usage::

    spec, cards, places = spec_with_texts(["a", "b"])     # texts used in turn
    path = write_project(tmp_path, spec, cards)            # specs/hostile.rules + catalogue
    result = build(tmp_path, path)                         # engine and page, or diagnostics
    check_engine(play(tmp_path, result.name), places)
    check_page(result.page, places)

The spec compiles cleanly when the texts are ordinary ones (``spec_with_texts(["x"])``).
When the grammar gains a place for text, :data:`SPEC_TEMPLATE` must gain it too
(``test_text_is_data.py`` checks the places against the grammar and the AST).
"""

from __future__ import annotations

import importlib
import json
import re
import string
import tempfile
from collections import Counter
from dataclasses import dataclass
from functools import cache
from html.parser import HTMLParser
from pathlib import Path, PureWindowsPath

import markdown
import yaml
from hypothesis import strategies as st

from compiler.docs import flowchart
from compiler import build as driver
from compiler import pipeline
from compiler.analysis.catalogue import load_catalogues
from compiler.analysis.compose import compose
from compiler.docs.codegen import render_game_page
from compiler.docs.markdown import _QUOTED
from compiler.engine.pyquote import comment
from dsl.diagnostics import DiagnosticBag
from dsl.parser import parse_spec
from dsl.strings import first_refused, quote
from tests.helpers.commands import python
from tests.helpers.projects import write_specs

ROOT = Path(__file__).resolve().parents[2]

# ===================================================================== hostile texts
#: The file every payload creates (in the working directory) if it ever runs.
MARKER = "rulebook-pwned.marker"

#: Python that creates :data:`MARKER` when run.
PAYLOAD = f"__import__('pathlib').Path('{MARKER}').touch()"

#: Ways out of a docstring, a string literal or a comment, each around :data:`PAYLOAD`,
#: on one line (so the language accepts them) ...
ONE_LINE_ESCAPES = tuple(wrap.format(PAYLOAD) for wrap in (
    '""" + {} + """', "''' + {} + '''", '" + {} + "', "' + {} + '", '""";{};"""', "''';{};'''",
    '";{};"', "';{};'", '\\" + {} + \\"', '\\""" + {} + """', "{}", "{{{}}}", "#{}",
))
#: ... and on several lines (the language refuses them: a text is one line).
LINE_BREAK_ESCAPES = tuple(wrap.format(PAYLOAD) for wrap in (
    '"""\n{}\n"""', "'''\n{}\n'''", '"\n{}\n"', "'\n{}\n'", "\n{}\n", "\r{}\r", "\r\n{}\r\n",
    "\u2028{}\u2028", "\x85{}\x85", "\x0c{}\x0c", "\x0b{}", "\\\n{}", "#\n{}", ")\n{}\n(",
))

#: Texts that become live Markdown, HTML, attributes or mermaid syntax when written as
#: they are (the ones with a line break are refused by the language).
MARKUP_PAYLOADS = (
    "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "[x](javascript:alert(1))",
    "![x](javascript:alert(1))", '<a href="javascript:alert(1)">x</a>',
    "[x](data:text/html,<script>alert(1)</script>)", '{: onclick="alert(1)" }',
    "Title { #id .cls onclick=alert(1) }", "a ``` b", "```", "````\n# live", "`code`", "a | b | c",
    'a"] --> B[click', 'x"]\n  click x call alert(1)\n  y["', '%%{init: {"securityLevel": "loose"}}%%',
    "- item", "1. one", "> quote", '!!! danger "x"', "??? example", "---", "===", "~~~",
    "    indented code", "# heading #", "*em* _em_ **strong** __strong__", "&amp; &lt;b&gt; &#60;",
    "<!-- comment -->", "[TOC]", "<http://example.invalid>", "[a]: javascript:alert(1)", "trailing  ",
    "x\\", "\\*", "#quot; #35; #lt;",
)

#: Pieces of hostile text the language accepts in a text, by what they attack (the spec
#: spells ``"`` and ``\\`` as escapes): Python source (quotes, backslash escapes, ``#``,
#: format and Jinja delimiters, shell) ...
PYTHON_PIECES = (
    '"', "'", '"""', "'''", '""', "''", "\\", "\\\\", "\\x41", "\\x", "\\u00e9", "\\u", "\\N{BULLET}",
    "\\N{", "\\U0001F600", "\\0", "\\n", "\\r", "\\t", "\\'", '\\"', "\\\\\\", "#", "# ", "%s", "{0}",
    "{}", "{x!r}", "{{", "}}", "{%", "%}", "{#", "#}", "{{ 7*7 }}", "{% raw %}", "$(touch x)",
    "`touch x`", ";", *ONE_LINE_ESCAPES,
)
#: ... Markdown, HTML and mermaid ...
MARKUP_PIECES = (
    "`", "```", "{: onclick=x}", "|", "| a | b |", "*", "_", "**", "<!--", "-->", "&amp;", "&#x3c;",
    "~", "---", "===", "[", "]", *(p for p in MARKUP_PAYLOADS if first_refused(p) is None),
)
#: ... and characters outside the BMP, invisible or non-ASCII.
UNICODE_PIECES = ("\U0001F600", "\U0001D11E", "\u200b", "\u00a0", "›", "é", "\ufeff")
ACCEPTED_PIECES = PYTHON_PIECES + MARKUP_PIECES + UNICODE_PIECES
#: Pieces the language refuses in a text: line breaks of every kind, control characters,
#: lone surrogates, bidirectional overrides.
REFUSED_PIECES = (
    "\n", "\r", "\r\n", "\u2028", "\u2029", "\x85", "\x0c", "\x0b", "\x00", "\t", "\x1b[2J",
    "\x7f", "\ud800", "\udfff", "\u202e", "\u2066", "\x1c", "\x02wzxhzdk:0\x03", *LINE_BREAK_ESCAPES,
    *(p for p in MARKUP_PAYLOADS if first_refused(p) is not None),
)

#: Printable characters for runs of random text: ASCII (all Markdown, HTML and Python
#: syntax is in it) and a few letters and signs of the shipped specs.
ALPHABET = "".join(c for c in string.printable if c not in "\t\n\r\x0b\x0c") + "éü›“”’—€😀"


def language_refuses(text: str) -> bool:
    """Whether the language refuses ``text`` as a text of a spec or a card file (a line
    break, a control character, a lone surrogate, a bidirectional control)."""
    return first_refused(text) is not None


def hostile_texts(refused: bool = True, max_pieces: int = 6) -> st.SearchStrategy[str]:
    """Texts of 1 to ``max_pieces`` hostile pieces (each group of :data:`ACCEPTED_PIECES`,
    and :data:`REFUSED_PIECES`, equally likely) and runs of random characters, run
    together or with a space between; with ``refused=False`` only texts the language
    accepts (see :func:`language_refuses`)."""
    groups = (PYTHON_PIECES, MARKUP_PIECES, UNICODE_PIECES) + ((REFUSED_PIECES,) if refused else ())
    anything = st.characters() if refused else st.characters(
        codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp"))
    piece = st.one_of(*map(st.sampled_from, groups), st.text(alphabet=anything, min_size=1, max_size=4),
                      st.text(alphabet=ALPHABET, min_size=1, max_size=24))
    texts = st.builds(str.join, st.sampled_from(["", " "]), st.lists(piece, min_size=1, max_size=max_pieces))
    return texts if refused else texts.filter(lambda t: not language_refuses(t))


def hostile_comments() -> st.SearchStrategy[str]:
    """Hostile texts for the spec's comments, which hold any character on one line:
    :func:`hostile_texts`, most with pieces that texts refuse (comments take them), line
    breaks as spaces and no lone surrogate (a file cannot hold one)."""
    def surrogate(text: str) -> bool:
        return any("\ud800" <= ch <= "\udfff" for ch in text)

    pieces = [p for p in REFUSED_PIECES if not surrogate(p)]
    piece = st.one_of(st.sampled_from(pieces), hostile_texts())
    return st.lists(piece, min_size=1, max_size=3).map(
        lambda parts: re.sub(r"\r\n|\r|\n", " ", "".join(parts))).filter(lambda t: not surrogate(t))


def hostile_names() -> st.SearchStrategy[str]:
    """Hostile texts that are not names (``lower_case_with_underscores``): for the places
    of a card file that hold a name (a card's name, an enum value, a bag key, a
    provisional field), where every one of them is refused."""
    return hostile_texts().filter(lambda t: not re.fullmatch(r"[a-z_][a-z0-9_]*", t))


# ===================================================================== the spec with holes
@dataclass(frozen=True)
class Place:
    """One place of :func:`spec_with_texts`'s output that holds a given text.

    ``where``: what the place is (``"action title"``, ``"card title (YAML)"``...);
    ``text``: the text put there; ``file``: ``"spec"`` or ``"cards"``; ``line``,
    ``column``: 1-based position of the opening quote of the text in that file (of
    the text itself in a comment); ``kind``: ``"text"`` (a quoted text of the spec or
    the card file), ``"name"`` (a card file's place for a name: the text is refused
    unless it is one), ``"path"`` (the catalogue's file name) or ``"comment"`` (the
    text of a spec's comment, after ``#``, as it is).
    """

    where: str
    text: str
    file: str
    line: int
    column: int
    kind: str = "text"

    @property
    def refused(self) -> bool:
        """Whether the compiler must refuse this text here, with a diagnostic at the place
        (a comment may hold any character but a lone surrogate, which no file holds)."""
        if self.kind == "comment":
            return any("\ud800" <= ch <= "\udfff" for ch in self.text)
        return language_refuses(self.text) or (self.kind == "name" and not re.fullmatch(
            r"[a-z_][a-z0-9_]*", self.text)) or (
            self.kind == "text" and not self.text.strip() and self.where not in VALUE_TEXTS)


#: The places of :func:`spec_with_texts` holding a value of the game (a text param, a
#: card's text field...), which may be blank; every other text names or cites something
#: on the page, and a blank one is refused (E0011).
VALUE_TEXTS = frozenset({"card state default", "text field default", "text param value", "mode set text",
                         "module set text", "card text field (YAML)", "second card text field (YAML)",
                         "card note (YAML)"})


#: The spec, with ``<<what>>`` where a given text goes (as a quoted text of the language)
#: and ``<<catalogue path>>`` for the catalogue file's name.  Every rule of the grammar
#: that holds a quoted text is here (checked by the tests against the grammar), and every
#: context the page shows a text in (a table, a heading, a superseded rule, an overflow
#: sentence, a choose-card block, a phase graph...).
SPEC_TEMPLATE = '''\
game hostile <<game title>> {
  rulebook <<rulebook name>>
  players 2 to 3 provisional <<player count provisional note>>
  default mode standard
  options hurry
  source <<game source>>
  ruling <<game ruling>>
  provisional <<game provisional>>
}

resource coin <<resource title>> {
  source <<resource source>>
  ruling <<resource ruling>>
  provisional <<resource provisional>>
}

track vp <<track title>> {
  per player
  score
  source <<track source>>
  ruling <<track ruling>>
  provisional <<track provisional>>
}

track heat <<track per enum title>> {
  per colour
  start 0
  source <<track per enum source>>
}

enum colour <<enum title>> {
  red <<enum member label>>
  blue <<second enum member label>>
  source <<enum source>>
  ruling <<enum ruling>>
  provisional <<enum provisional>>
}

card tile <<card type title>> {
  field value: int = 1 <<field description>>
  field hue: colour <<enum field description>>
  field cost: bag <<bag field description>>
  field words: text = <<text field default>> <<text field description>>
  source <<card type source>>
  ruling <<card type ruling>>
  provisional <<card type provisional>>
}

catalogue tiles of tile from <<catalogue path>> {
  source <<catalogue source>>
  ruling <<catalogue ruling>>
  provisional <<catalogue provisional>>
}

pieces pawn <<pieces title>> {
  per player 1
  sides 6
  source <<pieces source>>
  ruling <<pieces ruling>>
  provisional <<pieces provisional>>
}

stock heap <<stock title>> {
  source <<stock source>>
  ruling <<stock ruling>>
  provisional <<stock provisional>>
}

dice omen <<dice title>> {
  sides 6
  source <<dice source>>
  ruling <<dice ruling>>
  provisional <<dice provisional>>
}

automaton rival <<automaton title>> {
  turn in work {
    score 1
  }
  source <<automaton source>>
  ruling <<automaton ruling>>
  provisional <<automaton provisional>>
}

deck pile <<deck title>> of tile {
  hidden
  refill from discard
  source <<deck source>>
}

deck discard <<discard title>> of tile {
  hidden
  source <<discard source>>
}

zone market <<zone title>> of tile {
  public
  limit 5
  state note: text = <<card state default>>
  source <<zone source>>
  ruling <<zone ruling>>
  provisional <<zone provisional>>
}

zone hand <<hand title>> of tile {
  per player
  hidden
  limit 2
  overflow discard into discard or decline
  source <<hand source>>
}

zone seat <<pawn zone title>> of pawn {
  per player
  public
  source <<pawn zone source>>
}

param goal <<param title>> = 6 {
  source <<param source>>
  ruling <<param ruling>>
  provisional <<param provisional>>
}

option hurry <<option title>> {
  true or false
  default false
  source <<option source>>
  ruling <<option ruling>>
  provisional <<option provisional>>
}

param motto <<text param title>> = <<text param value>> {
  source <<text param source>>
}

derived worth <<derived title>> = (sum value over market where hue == red) + goal {
  source <<derived source>>
  ruling <<derived ruling>>
  provisional <<derived provisional>>
}

table worth_table <<table title>> {
  1 -> <<table row text>>
  else <<table else text>>
  source <<table source>>
  ruling <<table ruling>>
  provisional <<table provisional>>
}

tally moves <<tally title>> {
  per player
  per turn
  max 3
  source <<tally source>>
  ruling <<tally ruling>>
  provisional <<tally provisional>>
}

tally spare <<spare tally title>> {
  per player
  max 1
  source <<spare tally source>>
}

setup {
  put tiles into pile
  step shuffling <<setup step title>> {
    shuffle pile
  }
  each player {
    gain coin 3
    put pawn into my seat where owner == me
    draw 1 from pile into my hand
  }
  first player random
  source <<setup source>>
  ruling <<setup ruling>>
  provisional <<setup provisional>>
}

flow {
  start -> work
  work -> wrap_up
  wrap_up -> work when not game_over
  wrap_up -> end
  round starts at work
  source <<flow source>>
  ruling <<flow ruling>>
  provisional <<flow provisional>>
}

phase work <<phase title>> turns {
  only when worth >= 0
  on enter {
    reveal 1 from pile into market
  }
  on turn {
    gain coin 1
  }
  on exit {
    advance heat[red] by 1
  }
  actions earn, take, consult, finish
  source <<phase source>>
  ruling <<phase ruling>>
  provisional <<phase provisional>>
}

phase wrap_up <<automatic phase title>> automatic {
  on enter {
    move all market into discard
  }
  source <<automatic phase source>>
}

action earn <<action title>> {
  choose t: card in market
  require moves < 3
  require count market > 0
  uses moves 1
  effect {
    move t into pile bottom
    score 1  # <<trailing comment|#>>
    # <<line comment|#>>
    do tidy(me)
  }
  source <<action source>>
  ruling <<action ruling>>
  provisional <<action provisional>>
}

action take <<taking action title>> {
  choose t: card in market
  require has t.cost
  effect {
    pay t.cost
    move t into my hand
    choose k: card in my hand where heat[hue] >= 0 {
      move k into discard
    }
  }
  source <<taking action source>>
  ruling <<taking action ruling>>
}

action consult <<asking action title>> {
  effect {
    ask me {
      <<ask option label>> {
        gain coin 1
      }
    }
  }
  source <<asking action source>>
}

action finish <<finishing action title>> {
  effect {
    done
  }
  source <<finishing action source>>
}

procedure tidy <<procedure title>> (who: player) {
  effect {
    score 0
  }
  source <<procedure source>>
  ruling <<procedure ruling>>
  provisional <<procedure provisional>>
}

trigger bonus <<trigger title>> {
  before earn
  effect {
    gain coin 1
  }
  source <<trigger source>>
  ruling <<trigger ruling>>
  provisional <<trigger provisional>>
}

end game_over <<end title>> {
  when any player vp >= goal
  finish round
  winner most vp
  tie_breaker <<tie-breaker label>> most coin
  tie_breaker <<roll-off label>> roll_off fewest sides 6
  source <<end source>>
  ruling <<end ruling>>
  provisional <<end provisional>>
}

mode standard <<mode title>> {
  source <<mode source>>
  ruling <<mode ruling>>
  provisional <<mode provisional>>
}

module extras <<module title>> {
  set motto = <<module set text>>
  add param bonus <<module param title>> = 2 {
    source <<module param source>>
  }
  source <<module source>>
  ruling <<module ruling>>
  provisional <<module provisional>>
}

module more <<second module title>> {
  add step reshuffle <<added step title>> after shuffling {
    shuffle pile
  }
  replace step reshuffle <<replaced step title>> {
    shuffle pile
  }
}

module unplayed <<third module title>> {
  extend enum colour {
    green <<extended enum member label>>
  }
}

combine extras, more {
  set goal = 6
  source <<combine source>>
  ruling <<combine ruling>>
  provisional <<combine provisional>>
}

mode variant <<second mode title>> extends standard {
  use extras
  use more
  set motto = <<mode set text>>
  remove trigger bonus
  replace action take <<replaced action title>> {
    choose t: card in market
    effect {
      move t into discard
      score 1
      ask me {
        <<empty ask option label>> {
        }
      }
    }
    source <<replaced action source>>
    ruling <<replaced action ruling>>
  }
  source <<second mode source>>
}

amend variant <<amendment citation>> {
  set goal = 5
  add param extra <<amended param title>> = 1 {
    source <<amended param source>>
  }
  source <<amendment source>>
  ruling <<amendment ruling>>
  provisional <<amendment provisional>>
}

amend standard <<second amendment citation>> {
  remove tally spare
  ruling <<second amendment ruling>>
}
'''

#: The catalogue, with ``<<what>>`` where a given text goes (as a YAML double-quoted
#: text) and ``<<what|name>>`` where a name goes (``name`` unless hostile names are given).
CARDS_TEMPLATE = '''\
cards:
  - name: <<card name (YAML)|plain>>
    title: <<card title (YAML)>>
    value: 2
    hue: <<card enum field (YAML)|red>>
    cost: {<<card bag key (YAML)|coin>>: 1}
    words: <<card text field (YAML)>>
    copies: 3
    source: <<card source (YAML)>>
    note: <<card note (YAML)>>
    provisional_fields: [<<card provisional field (YAML)|value>>]
  - name: fancy
    title: <<second card title (YAML)>>
    hue: blue
    cost: {coin: 2}
    words: <<second card text field (YAML)>>
    provenance: provisional
    provisional_fields: [value]
  - name: <<untitled card name (YAML)|bare>>
    hue: red
    cost: {}
'''

_HOLE = re.compile(r"<<([^<>|]+)(?:\|([a-z_]+|#))?>>")
#: The card file's places for a name.
NAME_PLACES = tuple(m.group(1) for m in _HOLE.finditer(CARDS_TEMPLATE) if m.group(2) not in (None, "#"))
#: The spec's comments that hold a given text (``<<what|#>>`` in :data:`SPEC_TEMPLATE`).
COMMENT_PLACES = tuple(m.group(1) for m in _HOLE.finditer(SPEC_TEMPLATE) if m.group(2) == "#")

#: The catalogue's file name when no other is given.
CARDS_FILE = "hostile.cards.yaml"


def spec_with_texts(texts, names=None, cards_file: str = CARDS_FILE,
                    comments=None) -> tuple[str, str, list[Place]]:
    """A spec and its catalogue holding ``texts`` (a non-empty sequence of str, used in
    turn: one text goes everywhere) in every place that holds text.

    ``names``: None (the card file's places for names hold ordinary names), a
    non-empty sequence of str used in turn there, or a dict of place to str (the
    other places keep their ordinary names); places of kind ``"name"``.  The
    catalogue path of the spec is ``cards_file`` (a place of kind ``"path"`` when it
    is not :data:`CARDS_FILE`).  ``comments``: None (the spec's comments say ``a
    comment``) or a non-empty sequence of one-line str (no ``\\n`` nor ``\\r``) used in
    turn in the spec's comments, as they are (places of kind ``"comment"``).

    Returns ``(spec_text, cards_yaml, places)``: the ``.rules`` text, the YAML of the
    catalogue (to be written as ``cards_file`` beside the spec, see
    :func:`write_project`) and the :class:`Place` of each text, in file order.  Texts
    go into the spec as quoted texts (``"`` and ``\\`` escaped, nothing else) and into
    the YAML as double-quoted YAML texts (everything escaped), so a text with a line
    break makes a spec the parser refuses.  Raises ``ValueError`` for no texts (names,
    comments) or a comment with a line break.
    """
    texts = list(texts)
    if names is not None and not isinstance(names, dict):
        names = list(names)
    comments = None if comments is None else list(comments)
    if not texts or not all(isinstance(t, str) for t in texts) or names == [] or comments == []:
        raise ValueError("give one text or more")
    if comments and any("\n" in c or "\r" in c for c in comments):
        raise ValueError("a comment ends at a line break")
    places: list[Place] = []
    turn, name_turn, comment_turn = iter(range(10**9)), iter(range(10**9)), iter(range(10**9))

    def fill(template: str, file: str, quoting) -> str:
        out, last, line, column = [], 0, 1, 1
        for m in _HOLE.finditer(template):
            before = template[last:m.start()]
            out.append(before)
            line, column = _advance(line, column, before)
            what, default_name = m.groups()
            if what == "catalogue path":
                value = cards_file
                if cards_file != CARDS_FILE:
                    places.append(Place(what, value, file, line, column, "path"))
                quoted = quoting(value)
            elif default_name == "#":
                value = quoted = "a comment" if comments is None else \
                    comments[next(comment_turn) % len(comments)]
                if comments is not None:
                    places.append(Place(what, value, file, line, column, "comment"))
            elif default_name is not None:
                value = names.get(what) if isinstance(names, dict) else \
                    None if names is None else names[next(name_turn) % len(names)]
                if value is None:
                    quoted = default_name
                else:
                    places.append(Place(what, value, file, line, column, "name"))
                    quoted = quoting(value)
            else:
                value = texts[next(turn) % len(texts)]
                places.append(Place(what, value, file, line, column))
                quoted = quoting(value)
            out.append(quoted)
            line, column = _advance(line, column, quoted)
            last = m.end()
        out.append(template[last:])
        return "".join(out)

    spec = fill(SPEC_TEMPLATE, "spec", quote)
    cards = fill(CARDS_TEMPLATE, "cards", yaml_quote)
    return spec, cards, places


@cache
def text_places() -> tuple[str, ...]:
    """The ``where`` of every text place of :data:`SPEC_TEMPLATE` and :data:`CARDS_TEMPLATE`
    (places of kind ``"text"``), in file order."""
    return tuple(p.where for p in spec_with_texts(["x"])[2])


def plain_texts(count: int, stem: str = "Plain") -> list[str]:
    """``count`` ordinary texts, none inside another: ``Plain 001``, ``Plain 002``..."""
    return [f"{stem} {i:03d}" for i in range(1, count + 1)]


def spec_with_text_at(where: str, text: str) -> tuple[str, str, list[Place]]:
    """:func:`spec_with_texts` of ordinary texts (:func:`plain_texts`) with ``text`` at
    the place ``where`` (a text place, or a place for a name of the card file).  Raises
    ``ValueError`` for a place that does not exist."""
    wheres = text_places()
    if where in wheres:
        texts = plain_texts(len(wheres))
        texts[wheres.index(where)] = text  # one place each: as many texts as places
        return spec_with_texts(texts)
    if where not in NAME_PLACES:
        raise ValueError(f"no place {where!r}")
    return spec_with_texts(plain_texts(len(wheres)), names={where: text})


def _advance(line: int, column: int, text: str) -> tuple[int, int]:
    """Line and column after ``text`` (lines end at ``\\n`` only, as the parser counts)."""
    breaks = text.count("\n")
    if breaks:
        return line + breaks, len(text) - text.rfind("\n")
    return line, column + len(text)


def yaml_quote(text: str) -> str:
    """``text`` as a YAML double-quoted scalar that reads back as exactly ``text``
    (lone surrogates included): printable ASCII as it is, everything else escaped."""
    out = ['"']
    for ch in text:
        code = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif 0x20 <= code < 0x7f:
            out.append(ch)
        elif code <= 0xFFFF:
            out.append(f"\\u{code:04x}")
        else:
            out.append(f"\\U{code:08x}")
    out.append('"')
    return "".join(out)


def legal_file_name(text: str) -> bool:
    """Whether ``text`` can name a catalogue file beside the spec on this system: one
    path component, no refused character, no ``\\\\`` (a Windows separator) nor drive."""
    return (bool(text) and text not in (".", "..") and "/" not in text and "\\" not in text
            and not PureWindowsPath(text).anchor
            and first_refused(text) is None and len(text.encode("utf-8", "replace")) < 200
            and text.strip() == text and not text.startswith("-"))


def write_project(folder: Path, spec: str, cards: str, cards_file: str = CARDS_FILE,
                  spec_name: str = "hostile.rules") -> Path:
    """Write ``spec`` as ``folder/specs/<spec_name>`` and ``cards`` as ``folder/specs/<cards_file>``
    (bytes as given: lone surrogates are written with ``surrogatepass``); returns the spec's path."""
    return write_specs(folder, {spec_name: spec, cards_file: cards.encode("utf-8")}) / spec_name


def describe(places: list[Place]) -> str:
    """The places as JSON lines, for a failing test's message."""
    return "\n".join(json.dumps(p.__dict__) for p in places)


# ===================================================================== the engine
#: What the engine is asked for, in a fresh interpreter: import it, play every mode, print
#: the texts it holds as JSON.
PLAY = r'''
import json, random, sys
sys.path.insert(0, ".")
from generated import {game} as engine
Game = engine.Game
out = {{"doc": engine.__doc__, "title": Game.TITLE, "modes": {{}}, "card_titles": list(engine.CARD_TITLES),
       "action_titles": dict(Game.action_titles), "docs": {{}}}}
for name, value in vars(engine).items():
    if callable(value) and getattr(value, "__module__", "") == engine.__name__ and value.__doc__:
        out["docs"][name] = value.__doc__
for mode in Game.MODES:
    rules = engine.RULES[mode]
    out["modes"][mode] = {{"title": rules.title, "P": rules.P,
                          "phases": {{k: ph.title for k, ph in rules.phases.items()}}}}
    game = Game(num_players=2, mode=mode, seed=3)
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(60):
        if state.is_terminal():
            break
        action = rng.choice(state.legal_actions())
        game.describe(action)
        state.apply_action(action)
    game.describe_state(state)
    state.observation(0)
print(json.dumps(out))
'''


def build(folder: Path, spec_path: Path) -> pipeline.CompileResult:
    """``rulebook build`` of one spec into ``folder`` (runtime included): the engine in
    ``folder/generated``, the page in ``folder/docs/games``, or the diagnostics."""
    driver.write_runtime(folder)
    result, _ = driver.build_spec(spec_path, folder)
    return result


def play(folder: Path, game: str) -> dict:
    """Import ``generated.<game>`` from ``folder`` in a fresh interpreter, play every mode,
    and return what it printed (see :data:`PLAY`); fails with the interpreter's error."""
    run = python(PLAY.format(game=game), cwd=folder)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout)


def errors(result) -> list:
    """The error diagnostics of a compile result."""
    return [d for d in result.diagnostics if d.severity == "error"]


def no_marker(*folders: Path) -> None:
    """No payload ran: :data:`MARKER` is in none of ``folders`` nor the working directory."""
    for folder in (*folders, Path.cwd()):
        assert not (folder / MARKER).exists(), f"a payload ran: {folder / MARKER}"


def no_temp_files(folder: Path) -> None:
    """No write left a temporary file (``*.tmp``) anywhere under ``folder``."""
    left = list(folder.rglob("*.tmp"))
    assert not left, left


def engine_lines_are_lines(engine: str) -> None:
    """The engine has no line break but ``\\n`` (no text put a line break of another
    kind in) and compiles."""
    assert engine.splitlines() == engine.split("\n")[:-1] or engine.splitlines() == engine.split("\n")
    compile(engine, "engine.py", "exec")


@cache
def plain_engine() -> dict:
    """What :func:`play` prints of the engine of :func:`spec_with_texts` with ordinary
    texts (``Plain 001``... in place order), built in a temporary folder."""
    spec, cards, _ = spec_with_texts(plain_texts(len(text_places())))
    with tempfile.TemporaryDirectory() as tmp:
        result = build(Path(tmp), write_project(Path(tmp), spec, cards))
        assert result.ok, [d.render() for d in errors(result)]
        return play(Path(tmp), result.name)


def check_engine(out: dict, places: list[Place], path: str = "specs/hostile.rules") -> None:
    """What :func:`play` printed of the engine of :func:`spec_with_texts` (read from
    ``path``) holds each text as the spec gave it: titles, parameter values, every
    docstring are those of the engine of ordinary texts (:func:`plain_engine`), each
    ordinary text replaced by the text of its place."""
    given = [p.text for p in places if p.kind == "text"]

    def quoted(title: str) -> str:  # a title quoted in a docstring: '...', or "..." for an apostrophe
        return f'"{title}"' if "'" in title and '"' not in title else f"'{title}'"

    def expected(value):
        if isinstance(value, str):
            value = value.replace("specs/hostile.rules", path)
            value = re.sub(r"'Plain (\d{3})'", lambda m: quoted(given[int(m.group(1)) - 1]), value)
            return re.sub(r"Plain (\d{3})", lambda m: given[int(m.group(1)) - 1], value)
        if isinstance(value, dict):
            return {key: expected(v) for key, v in value.items()}
        if isinstance(value, list):
            return [expected(v) for v in value]
        return value

    text = {p.where: p.text for p in places}
    line = {p.where: p.line for p in places}
    assert out["title"] == text["game title"]
    assert out["doc"].startswith(text["game title"] + ": a playable engine")
    assert out["modes"]["standard"]["title"] == text["mode title"]
    assert out["modes"]["variant"]["title"] == text["second mode title"]
    assert out["modes"]["standard"]["P"]["motto"] == text["text param value"]
    assert out["modes"]["variant"]["P"]["motto"] == text["mode set text"]
    assert out["modes"]["standard"]["phases"]["work"] == text["phase title"]
    assert out["action_titles"]["earn"] == text["action title"]
    assert out["action_titles"]["take"] == text["taking action title"]
    titles = [text["card title (YAML)"]] * 3 + [text["second card title (YAML)"], "bare"]  # copies, each
    assert out["card_titles"][:5] == titles
    assert out["docs"]["apply_earn"].startswith(text["action title"] + " (spec line ")
    assert out["docs"]["derived_worth"].startswith(text["derived title"] + " (spec line ")
    assert out["docs"]["procedure_tidy"].startswith(text["procedure title"] + " (spec line ")
    assert out["docs"]["start_vp"] == f"Where {text['track title']} starts (spec line {line['track title']})."
    assert text["procedure source"] in out["docs"]["procedure_tidy"]
    wanted = expected(plain_engine())
    for key in wanted:
        assert out[key] == wanted[key], key


def check_engine_comments(engine: str, spec: str, places: list[Place]) -> None:
    """The engine's ``# spec line N:`` comment of the statement holding each trailing
    comment of the spec shows that line, unprintable characters as escapes."""
    lines = spec.split("\n")
    for place in places:
        if place.kind == "comment" and lines[place.line - 1].lstrip().startswith("score"):
            assert f"# spec line {place.line}: {comment(lines[place.line - 1].strip())}\n" in engine, place


# ===================================================================== the page
def render_page(spec: str, cards: str, path: str = "specs/hostile.rules",
                cards_file: str = CARDS_FILE) -> str:
    """The reference page of ``spec`` (read as if from ``path``, which the page shows),
    its catalogue ``cards`` written as ``cards_file`` in a temporary folder: parse,
    compose, catalogues, phase graphs, page, as the build does, without the checks
    (the page must stay text even for a card file the checker refuses)."""
    tree, diagnostics = parse_spec(spec, path)
    assert tree is not None, [d.render() for d in diagnostics]
    composition = compose(tree, DiagnosticBag())
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / cards_file).write_text(cards, encoding="utf-8")
        entries = load_catalogues(composition.modes.values(), Path(tmp), DiagnosticBag())
    return page_of(composition, entries, path, spec)


def page_of(composition, cards: list[dict], path: str, source: str) -> str:
    """The page of a composed spec, as :func:`compiler.pipeline.compile_spec` renders it."""
    graphs = {name: flowchart.mermaid(m) for name, m in composition.modes.items()}
    return render_game_page(composition, cards, graphs, {path: source})


class _MkdocsLoader(yaml.SafeLoader):
    """Reads mkdocs.yml; ``!!python/name:`` tags become the objects they name."""


def _python_name(loader, suffix, node):
    module, _, name = suffix.rpartition(".")
    return getattr(importlib.import_module(module), name)


_MkdocsLoader.add_multi_constructor("tag:yaml.org,2002:python/name:", _python_name)


@cache
def site_extensions() -> tuple[list, dict]:
    """``(extensions, extension_configs)`` of ``mkdocs.yml``'s ``markdown_extensions``."""
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_MkdocsLoader)
    names, configs = [], {}
    for item in config["markdown_extensions"]:
        if isinstance(item, dict):
            (name, options), = item.items()
            names.append(name)
            configs[name] = options or {}
        else:
            names.append(item)
    return names, configs


def to_html(page: str) -> str:
    """``page`` converted as mkdocs does, with the extensions of ``mkdocs.yml``."""
    names, configs = site_extensions()
    return markdown.markdown(page, extensions=names, extension_configs=configs)


class PageHtml(HTMLParser):
    """What an HTML page holds: ``tags`` (each element's tag and attributes), ``prose``
    (its visible text outside ``pre`` blocks) and ``pre`` (``(class, text)`` of each
    ``pre`` block: spec excerpts, phase graphs, whose class is ``mermaid``)."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.prose: list[str] = []
        self.pre: list[tuple[str | None, str]] = []
        self._depth = 0
        self.feed(html)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag == "pre":
            self._depth += 1
            self.pre.append((dict(attrs).get("class"), ""))

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        if tag == "pre":
            self._depth -= 1

    def handle_data(self, data):
        if self._depth:
            cls, text = self.pre[-1]
            self.pre[-1] = (cls, text + data)
        else:
            self.prose.append(data)

    def elements(self) -> set[tuple[str, str | None]]:
        """Each tag as ``(tag, None)`` and each attribute name it carries as ``(tag, name)``."""
        return {(tag, None) for tag, _ in self.tags} | {(tag, name) for tag, attrs in self.tags
                                                          for name in attrs}

    def text(self) -> str:
        """The visible text outside ``pre``, white space runs as one space, case-folded."""
        return fold(" ".join(self.prose))


def fold(text: str) -> str:
    """White space runs as one space, case-folded: how a text is looked for on a page."""
    return " ".join(text.split()).casefold()


#: One line of the mermaid flowchart :func:`compiler.docs.flowchart.mermaid` writes.
MERMAID_LINE = re.compile(r'flowchart TD|  (game_start|game_end)\(\["[^"]*"\]\)|  \w+\["[^"%`<>|]*"\]'
                          r'|  \w+ --> \w+|  \w+ -->\|"[^"%`<>|]*"\| \w+')

#: Tags whose number depends on the text itself: Pygments' token spans in the excerpts,
#: and the emphasis of each of a card's ``;``-separated sources.
COUNTED_LOOSELY = {"span", "em"}
DANGEROUS_TAGS = {"script", "img", "iframe", "object", "embed", "style", "link", "meta", "base", "form",
                  "input", "svg", "math", "video", "audio", "source", "textarea", "button"}
#: Places the page shows only inside the spec excerpts, and places it does not show (a
#: card's note; the name of a card with a title).
EXCERPT_ONLY = {"catalogue path"}
NOT_SHOWN = {"card note (YAML)", "card name (YAML)"}


@cache
def plain_page() -> PageHtml:
    """The page of :func:`spec_with_texts` with ordinary texts, as HTML: what every page
    of hostile texts is compared with."""
    spec, cards, _ = spec_with_texts(plain_texts(len(text_places())))
    return PageHtml(to_html(render_page(spec, cards)))


def quotes_code(place: Place) -> bool:
    """Whether the page shows ``place``'s text as prose whose quotes of code (between
    matching backticks) are code spans: a ruling's or a provisional value's text
    (:func:`compiler.docs.markdown.prose`), when it holds such a quote."""
    return place.where.endswith((" ruling", " provisional")) and bool(_QUOTED.search(place.text))


def shown(place: Place) -> list[str]:
    """What the page shows of a place's text, outside the excerpts: the text; a card's
    source split at ``;``; a name with spaces for underscores; a ruling's quotes of code
    without their backticks (they are code spans)."""
    if place.where == "card source (YAML)":
        return [part for part in place.text.split(";") if part.strip()]
    if place.where in ("card bag key (YAML)", "card provisional field (YAML)"):
        return [place.text.replace("_", " ")]
    if quotes_code(place):
        return [part for part in _QUOTED.split(place.text)[::3] if part.strip()] + [
            m.group(2).strip() for m in _QUOTED.finditer(place.text) if m.group(2).strip()]
    return [place.text]


def check_page(page: str, places: list[Place], path: str = "specs/hostile.rules") -> None:
    """``page`` (Markdown) of :func:`spec_with_texts`'s spec, as HTML, holds no live markup:
    no element or attribute the page of plain texts lacks and as many of each (no more,
    when a text is blank: Markdown drops an empty paragraph), no script, no event
    attribute, no link leaving the page, a phase graph of our own mermaid lines; and
    shows every text of ``places`` (and the spec's ``path``) as written."""
    html, plain = PageHtml(to_html(page)), plain_page()
    for tag, attrs in html.tags:
        assert tag not in DANGEROUS_TAGS, (tag, attrs)
        for name, value in attrs.items():
            assert not name.lower().startswith("on"), (tag, attrs)
            assert name.lower() not in ("src", "style", "srcdoc", "formaction"), (tag, attrs)
            if name.lower() in ("href", "xlink:href", "action"):
                assert (value or "").startswith("#"), (tag, attrs)  # only links within the page
    assert html.elements() <= plain.elements(), sorted(html.elements() - plain.elements())
    loose = COUNTED_LOOSELY | ({"code"} if any(quotes_code(p) for p in places) else set())
    shape = Counter(tag for tag, _ in html.tags if tag not in loose)
    plain_shape = Counter(tag for tag, _ in plain.tags if tag not in loose)
    if any(not p.text.strip() for p in places):  # a blank text may leave a paragraph empty: dropped
        assert not shape - plain_shape, shape - plain_shape
    else:
        assert shape == plain_shape, (shape - plain_shape, plain_shape - shape)

    graphs = [text for cls, text in html.pre if cls == "mermaid"]
    assert len(graphs) == len([1 for cls, _ in plain.pre if cls == "mermaid"])
    for graph in graphs:
        for line in graph.strip("\n").split("\n"):
            assert MERMAID_LINE.fullmatch(line), line

    prose, excerpts = html.text(), fold("\n".join(text for _, text in html.pre))
    for place in places:
        if place.where in NOT_SHOWN:
            continue
        if place.where in EXCERPT_ONLY:
            assert fold(quote(place.text)) in excerpts, place
            continue
        if place.kind == "comment":  # Python-Markdown drops STX and ETX (its placeholders' ends)
            assert fold(place.text.replace("\x02", "").replace("\x03", "")) in excerpts, place
            continue
        for text in shown(place):
            assert fold(text) in prose, (place, text)
    assert fold(path) in prose, path
