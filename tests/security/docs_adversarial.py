"""Hostile texts in every text place of a spec, rendered into a reference page and
built into HTML the way the docs site builds it (docs side).

- :data:`PAYLOADS` and :func:`hostile_texts`: a Hypothesis strategy of printable
  texts that try to become Markdown, HTML or mermaid syntax.
- :data:`SPEC`: a spec (the kitchen sink, with provenance on every declaration)
  whose every string literal is a slot ``"@"``; :func:`spec_with` fills the
  slots, :func:`cards_with` makes a card catalogue holding texts in every field,
  and :func:`render_page` renders the page (spec excerpts included).
- :func:`to_html` converts a page with Python-Markdown and the extensions of
  ``mkdocs.yml``; :class:`PageHtml` reads it with ``html.parser``.

The engine side (``tests/security/adversarial.py``, written in parallel) has its
own hostile-text strategy and spec builder; the two should become one.
"""

from __future__ import annotations

import importlib
import re
import string
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import markdown
import yaml
from hypothesis import strategies as st

from compiler import phasegraph
from compiler.compose import compose
from compiler.docs_codegen import render_game_page
from dsl.diagnostics import DiagnosticBag
from dsl.parser import parse_spec

ROOT = Path(__file__).resolve().parents[2]

#: Texts that become live Markdown, HTML, attributes or mermaid syntax when written as they are.
PAYLOADS = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "[x](javascript:alert(1))",
    "![x](javascript:alert(1))",
    '<a href="javascript:alert(1)">x</a>',
    "[x](data:text/html,<script>alert(1)</script>)",
    '{: onclick="alert(1)" }',
    "Title { #id .cls onclick=alert(1) }",
    "a ``` b",
    "```",
    "````\n# live",
    "`code`",
    "a | b | c",
    'a"] --> B[click',
    'x"]\n  click x call alert(1)\n  y["',
    '%%{init: {"securityLevel": "loose"}}%%',
    "- item",
    "1. one",
    "> quote",
    '!!! danger "x"',
    "??? example",
    "---",
    "===",
    "~~~",
    "    indented code",
    "# heading #",
    "*em* _em_ **strong** __strong__",
    "&amp; &lt;b&gt; &#60;",
    "<!-- comment -->",
    "[TOC]",
    "<http://example.invalid>",
    "[a]: javascript:alert(1)",
    "trailing  ",
    "x\\",
    "\\*",
    "#quot; #35; #lt;",
]

#: Printable characters for random texts: ASCII (all Markdown and HTML syntax is in
#: it) and a few letters and signs of the shipped specs.
ALPHABET = "".join(c for c in string.printable if c not in "\t\n\r\x0b\x0c") + "éü›“”’—€😀"


def _dsl_safe(text: str) -> bool:
    # The parser reads a string literal holding an escape (\\ or \") with
    # `unicode_escape`, which mangles the non-ASCII letters of the same literal (a
    # title `"\\"é"` reads as `"Ã©`): keep the two apart until the parser is fixed.
    return text.isascii() or not any(c in text for c in '\\"')


def hostile_texts() -> st.SearchStrategy[str]:
    """Printable one-line texts with a visible character: a payload, random text, or
    payloads and random text run together."""
    payload = st.sampled_from([p.replace("\n", " ") for p in PAYLOADS])
    noise = st.text(alphabet=ALPHABET, min_size=1, max_size=24)
    mixed = st.lists(st.one_of(payload, noise), min_size=2, max_size=4).map(" ".join)
    return st.one_of(payload, noise, mixed).filter(lambda t: t.strip() and _dsl_safe(t))


@st.composite
def text_layouts(draw, slots: int) -> list[str]:
    """``slots`` hostile texts: a pool of one to eight texts dealt round the slots from a
    drawn offset (few values to draw, so a failure shrinks fast)."""
    pool = draw(st.lists(hostile_texts(), min_size=1, max_size=8))
    shift = draw(st.integers(0, 7))
    return [pool[(i + shift) % len(pool)] for i in range(slots)]


def dsl_string(text: str) -> str:
    """``text`` as a spec string literal."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


#: The kitchen sink, with a source, a ruling and a provisional value on every declaration
#: that takes them; every string literal is a slot ``"@"``.
SPEC = '''game kitchen "@" {
  rulebook "@"
  players 1 to 3 provisional "@"
  default mode basic
  source "@"
  ruling "@"
  provisional "@"
}

resource gold "@" {
  non_renewable
  supply 50
  source "@" ruling "@" provisional "@"
}
resource wood "@" {
  supply unlimited
  source "@"
}

track vp "@" {
  per player
  score
  start 0
  source "@" ruling "@" provisional "@"
}
track favour "@" {
  per suit
  start 0
  source "@"
}

enum suit "@" {
  red "@"
  blue "@"
  source "@" ruling "@"
}

card tile "@" {
  field value: int = 1 "@"
  field suit: suit "@"
  field cost: bag "@"
  field name_text: text = "@" "@"
  field rare: bool = false
  source "@" ruling "@" provisional "@"
}

catalogue tiles of tile from "@" {
  source "@" ruling "@"
}

pieces meeple "@" {
  per player 2
  sides 4
  source "@"
}
zone bench "@" of meeple {
  per player
  public
  source "@"
}

deck pile "@" of tile {
  secret
  refill from discard
  source "@" provisional "@"
}
deck discard "@" of tile {
  secret
  source "@"
}
zone market "@" of tile {
  public
  limit 4
  source "@"
}
zone hand "@" of tile {
  per player
  hidden
  limit 5
  overflow discard into discard or decline
  state used: bool = false
  source "@"
}

param goal "@" = 10 {
  source "@" ruling "@" provisional "@"
}
param label "@" = "@" {
  source "@"
}

derived worth "@" = sum value over my hand where not rare {
  source "@" provisional "@"
}

tally buys "@" {
  per player per turn
  max 2
  source "@" ruling "@" provisional "@"
}

setup {
  put tiles into pile where value >= 1
  shuffle pile
  reveal 4 from pile into market
  each player {
    gain gold 2, wood 1
    draw 3 from pile into my hand
    do tidy_bench(me)
  }
  first player random
  source "@" ruling "@" provisional "@"
}

flow {
  start -> draft_phase -> turns_phase -> tidy
  tidy -> draft_phase when not game_over
  tidy -> end
  round starts at draft_phase
  source "@" ruling "@"
}

phase draft_phase "@" draft {
  only when count market > 0
  actions take
  source "@" ruling "@" provisional "@"
}

phase turns_phase "@" turns {
  actions buy, trade
  source "@"
}

phase tidy "@" automatic {
  on enter {
    move all market into discard
  }
  source "@"
}

action take "@" {
  choose t: card in market
  effect {
    move t into my hand
    choose k: card in my hand where favour[suit] >= 1 {
      move k into market
    }
  }
  source "@" ruling "@" provisional "@"
}

action buy "@" {
  choose t: card in market where value <= 3
  uses buys 1
  effect {
    pay t.cost
    move t into my hand
  }
  source "@"
}

action trade "@" {
  choose p: player
  effect {
    ask p {
      "@" {
        gain wood 1
      }
      "@" {
      }
    }
  }
  source "@" ruling "@"
}

procedure tidy_bench "@" (who: player) {
  effect {
    score 1
  }
  source "@" provisional "@"
}

trigger bonus "@" {
  before buy, take
  effect {
    gain gold 1
  }
  source "@" ruling "@"
}

end game_over {
  when any player vp >= goal
  immediately
  winner most vp
  tie_breaker "@" fewest count my hand
  tie_breaker "@" roll_off most sides 6
  source "@" ruling "@" provisional "@"
}

mode basic "@" {
  players 2 to 3
  source "@" ruling "@" provisional "@"
}

module extra "@" {
  add param bonus_size "@" = 2 {
    source "@" ruling "@" provisional "@"
  }
  source "@" ruling "@"
}

mode advanced "@" extends basic {
  use extra
  set goal = 20
  set label = "@"
  remove trigger bonus
  replace action take "@" {
    choose t: card in market
    effect {
      move t into my hand
      score 1
    }
    source "@" ruling "@" provisional "@"
  }
  source "@"
}

amend advanced "@" {
  remove tally buys
  add phase extra_phase "@" automatic {
    source "@" ruling "@"
  }
  ruling "@" provisional "@"
}
'''

SLOTS = SPEC.count('"@"')
#: Texts of the card catalogue (:func:`cards_with`).
CARD_SLOTS = 8


def spec_with(texts: list[str]) -> str:
    """:data:`SPEC` with its slots filled, in order, by ``texts`` (:data:`SLOTS` of them)."""
    assert len(texts) == SLOTS, (len(texts), SLOTS)
    pieces = SPEC.split('"@"')
    return "".join(p + (dsl_string(t) if i < len(texts) else "")
                   for i, (p, t) in enumerate(zip(pieces, [*texts, ""])))


def cards_with(texts: list[str]) -> list[dict]:
    """A catalogue (as ``catalogue.load`` gives it) holding texts in every place a card
    entry shows one: title, enum field, bag key, text field, sources, provisional fields."""
    t = texts
    return [
        {"name": "first", "title": t[0], "copies": 2, "value": 1, "suit": t[1], "cost": {t[2]: 1},
         "name_text": t[3], "rare": False, "provenance": "rulebook", "source": t[4],
         "provisional_fields": [t[5]]},
        {"name": "second", "title": t[6], "copies": 1, "value": 2, "suit": "red", "cost": {"gold": 1},
         "name_text": t[7], "rare": True, "provenance": "provisional"},
    ]


def shown_texts(spec_texts: list[str], card_texts: list[str], path: str) -> list[str]:
    """What the page must show of the texts, as prose (outside the spec excerpts): every
    text; a card's sources split at ``;``; a bag key and a provisional field's name
    with spaces for underscores."""
    cards = [t for i, t in enumerate(card_texts) if i not in (2, 4, 5)]
    parts = [p for p in card_texts[4].split(";") if p.strip()]
    names = [card_texts[i].replace("_", " ") for i in (2, 5)]
    return [*spec_texts, *cards, *parts, *[n for n in names if n.strip()], path]


def render_page(spec_texts: list[str], card_texts: list[str], path: str = "specs/kitchen.rules") -> str:
    """The reference page of :data:`SPEC` filled with ``spec_texts``, its catalogue
    holding ``card_texts``, the spec read from ``path`` (shown in the excerpts' titles),
    spec excerpts and phase graphs included."""
    source = spec_with(spec_texts)
    spec, diagnostics = parse_spec(source, path)
    assert spec is not None, [d.message for d in diagnostics]
    composition = compose(spec, DiagnosticBag())
    graphs = {name: phasegraph.mermaid(m) for name, m in composition.modes.items()}
    return render_game_page(composition, cards_with(card_texts), graphs, {path: source})


def plain_texts(count: int, stem: str = "Plain") -> list[str]:
    """``count`` ordinary texts, none inside another: ``Plain 001``, ``Plain 002``..."""
    return [f"{stem} {i:03d}" for i in range(1, count + 1)]


# ----------------------------------------------------------------- the site's Markdown
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


#: One line of the mermaid flowchart :func:`compiler.phasegraph.mermaid` writes.
MERMAID_LINE = re.compile(r'flowchart TD|  (game_start|game_end)\(\["[^"]*"\]\)|  \w+\["[^"%`<>|]*"\]'
                          r'|  \w+ --> \w+|  \w+ -->\|"[^"%`<>|]*"\| \w+')
