"""Hostile texts, and a spec that holds given texts in every place a spec can hold text.

For tests that check that spec text stays data in everything generated from it
(engines, pages).  Two things:

- :func:`hostile_texts`: a Hypothesis strategy of texts built to escape wherever they
  are pasted: quotes of every kind, backslash escapes, every kind of line break,
  ``#``, HTML, Markdown, Jinja delimiters, characters outside the BMP, and Python
  payloads that create the file :data:`MARKER` in the working directory if they ever
  run (``hostile_texts(refused=False)`` keeps to texts the language accepts);
- :func:`spec_with_texts`: ``(spec_text, cards_yaml, places)``, a small complete spec
  (and its catalogue) with the given texts in every text place, and the list of
  :class:`Place` it filled, so a test can check each of them.

Usage::

    spec, cards, places = spec_with_texts(["a", "b"])     # texts used in turn
    folder = write_project(tmp_path, spec, cards)          # specs/hostile.rules + catalogue

The spec compiles cleanly when the texts are ordinary ones (``spec_with_texts(["x"])``);
a text the language refuses makes it fail with a diagnostic at that text's place.
When the grammar gains a place for text, :data:`SPEC_TEMPLATE` must gain it too:
``tests/security/test_engine_text_safety.py`` checks the places against the grammar.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from hypothesis import strategies as st

from dsl.strings import first_refused, quote

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

#: Pieces of hostile text the language accepts in a text (the spec spells ``"`` and ``\\``
#: as escapes).
ACCEPTED_PIECES = (
    '"', "'", '"""', "'''", '""', "''", "`", "```", "\\", "\\\\", "\\x41", "\\x", "\\u00e9", "\\u",
    "\\N{BULLET}", "\\N{", "\\U0001F600", "\\0", "\\n", "\\r", "\\t", "\\'", '\\"', "#", "# ", "%s",
    "{0}", "{}", "{x!r}", "<script>alert(1)</script>", "<img src=x onerror=alert(1)>",
    "javascript:alert(1)", "[x](javascript:alert(1))", "![x](javascript:alert(1))", "{: onclick=x}",
    "|", "| a | b |", "*", "_", "**", "<!--", "-->", "&amp;", "&#x3c;", "{{", "}}", "{%", "%}",
    "{#", "#}", "{{ 7*7 }}", "{% raw %}", "\U0001F600", "\U0001D11E", "\u200b", "\u00a0", "›",
    "é", "\ufeff", "$(touch x)", "`touch x`", ";", "\\\\\\", "~", "---", "===", "[", "]",
    *ONE_LINE_ESCAPES,
)
#: Pieces the language refuses in a text: line breaks of every kind, control characters,
#: lone surrogates, bidirectional overrides.
REFUSED_PIECES = (
    "\n", "\r", "\r\n", "\u2028", "\u2029", "\x85", "\x0c", "\x0b", "\x00", "\t", "\x1b[2J",
    "\x7f", "\ud800", "\udfff", "\u202e", "\u2066", "\x1c", *LINE_BREAK_ESCAPES,
)


def hostile_texts(refused: bool = True, max_pieces: int = 6) -> st.SearchStrategy[str]:
    """Texts of 1 to ``max_pieces`` hostile pieces (and short runs of random
    characters); with ``refused=False`` only texts the language accepts (no line
    breaks, control characters, lone surrogates or bidirectional controls)."""
    pieces = ACCEPTED_PIECES + (REFUSED_PIECES if refused else ())
    alphabet = st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp")) \
        if not refused else st.characters()
    piece = st.one_of(st.sampled_from(pieces), st.text(alphabet=alphabet, min_size=1, max_size=4))
    texts = st.lists(piece, min_size=1, max_size=max_pieces).map("".join)
    if not refused:
        texts = texts.filter(lambda t: first_refused(t) is None)
    return texts


@dataclass(frozen=True)
class Place:
    """One place of :func:`spec_with_texts`'s output that holds a given text.

    ``where``: what the place is (``"action title"``, ``"card title (YAML)"``...);
    ``text``: the text put there; ``file``: ``"spec"`` or ``"cards"``; ``line``,
    ``column``: 1-based position of the opening quote of the text in that file.
    """

    where: str
    text: str
    file: str
    line: int
    column: int


#: The spec, with ``<<what>>`` where a given text goes (as a quoted text of the language)
#: and ``<<catalogue path>>`` for the catalogue file's name.  Every rule of the grammar
#: that holds a quoted text is here (checked by the tests against the grammar).
SPEC_TEMPLATE = '''\
game hostile <<game title>> {
  rulebook <<rulebook name>>
  players 2 to 3 provisional <<player count provisional note>>
  default mode standard
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

deck pile <<deck title>> of tile {
  hidden
  source <<deck source>>
}

zone market <<zone title>> of tile {
  public
  limit 5
  state note: text = <<card state default>>
  source <<zone source>>
  ruling <<zone ruling>>
  provisional <<zone provisional>>
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

param motto <<text param title>> = <<text param value>> {
  source <<text param source>>
}

derived worth <<derived title>> = count market + goal {
  source <<derived source>>
  ruling <<derived ruling>>
  provisional <<derived provisional>>
}

tally moves <<tally title>> {
  per player
  per turn
  max 3
  source <<tally source>>
  ruling <<tally ruling>>
  provisional <<tally provisional>>
}

setup {
  put tiles into pile
  shuffle pile
  each player {
    gain coin 1
    put pawn into my seat where owner == me
  }
  source <<setup source>>
  ruling <<setup ruling>>
  provisional <<setup provisional>>
}

flow {
  start -> work
  work -> work
  work -> end when game_over
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
  actions earn, consult, finish
  source <<phase source>>
  ruling <<phase ruling>>
  provisional <<phase provisional>>
}

action earn <<action title>> {
  choose t: card in market
  require moves < 3
  uses moves 1
  effect {
    move t into pile bottom
    score 1
    do tidy(me)
  }
  source <<action source>>
  ruling <<action ruling>>
  provisional <<action provisional>>
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

end game_over {
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

mode variant <<second mode title>> extends standard {
  use extras
  set motto = <<mode set text>>
  source <<second mode source>>
}

amend variant <<amendment citation>> {
  set goal = 5
  source <<amendment source>>
  ruling <<amendment ruling>>
  provisional <<amendment provisional>>
}
'''

#: The catalogue, with ``<<what>>`` where a given text goes (as a YAML double-quoted text).
CARDS_TEMPLATE = '''\
cards:
  - name: plain
    title: <<card title (YAML)>>
    value: 2
    hue: red
    words: <<card text field (YAML)>>
    copies: 3
    source: <<card source (YAML)>>
    note: <<card note (YAML)>>
  - name: fancy
    title: <<second card title (YAML)>>
    hue: blue
    provenance: provisional
    provisional_fields: [value]
'''

_HOLE = re.compile(r"<<([^<>]+)>>")

#: The catalogue's file name when no other is given.
CARDS_FILE = "hostile.cards.yaml"


def spec_with_texts(texts, cards_file: str = CARDS_FILE) -> tuple[str, str, list[Place]]:
    """A spec and its catalogue holding ``texts`` (a non-empty sequence of str, used in
    turn: one text goes everywhere) in every place that holds text.

    Returns ``(spec_text, cards_yaml, places)``: the ``.rules`` text, the YAML of the
    catalogue (to be written as ``cards_file`` beside the spec, see
    :func:`write_project`) and the :class:`Place` of each text, in file order.  The
    catalogue path of the spec is ``cards_file`` (it is a place only when it is not
    the default).  Texts go into the spec as quoted texts (``"`` and ``\\`` escaped,
    nothing else) and into the YAML as double-quoted YAML texts (everything
    escaped), so a text with a line break makes a spec the parser refuses.
    """
    texts = list(texts)
    if not texts or not all(isinstance(t, str) for t in texts):
        raise ValueError("give one text or more")
    places: list[Place] = []
    turn = iter(range(10**9))

    def fill(template: str, file: str, quoting) -> str:
        out, last, line, column = [], 0, 1, 1
        for m in _HOLE.finditer(template):
            before = template[last:m.start()]
            out.append(before)
            line, column = _advance(line, column, before)
            what = m.group(1)
            if what == "catalogue path":
                value = cards_file
                if cards_file != CARDS_FILE:
                    places.append(Place(what, value, file, line, column))
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
    path component, no refused character, no ``\\\\`` (a Windows separator)."""
    return (bool(text) and text not in (".", "..") and "/" not in text and "\\" not in text
            and first_refused(text) is None and len(text.encode("utf-8", "replace")) < 200
            and text.strip() == text and not text.startswith("-"))


def write_project(folder: Path, spec: str, cards: str, cards_file: str = CARDS_FILE,
                  spec_name: str = "hostile.rules") -> Path:
    """Write ``spec`` as ``folder/specs/<spec_name>`` and ``cards`` as ``folder/specs/<cards_file>``
    (bytes as given: lone surrogates are written with ``surrogatepass``); returns the spec's path."""
    specs = folder / "specs"
    specs.mkdir(parents=True, exist_ok=True)
    path = specs / spec_name
    path.write_bytes(spec.encode("utf-8", "surrogatepass"))
    (specs / cards_file).write_bytes(cards.encode("utf-8"))
    return path


def describe(places: list[Place]) -> str:
    """The places as JSON lines, for a failing test's message."""
    return "\n".join(json.dumps(p.__dict__) for p in places)
