"""Spec text is data, in the engine and on the page: whatever the titles, sources,
labels, comments, paths and card texts of a spec hold, the compiler either refuses the
text with a diagnostic at its place, or builds an engine that imports, plays and keeps
every text as data, and a page that shows every text as written and holds no live
markup.

One property test puts Hypothesis texts (:func:`tests.security.adversarial.hostile_texts`:
quotes of every kind, backslash escapes, line and paragraph separators, ``#``, HTML,
Markdown, mermaid, Jinja delimiters, characters outside the BMP, Python payloads) into
every place a spec can hold text (every quoted text, checked against the grammar, and
its comments) and a card file can hold a string (titles, names, enum values, bag keys,
text fields, source, note, provisional fields), and names the spec and its catalogue
file after them when it can.  Each example is compiled once (``rulebook build``); the
engine is imported and played in a fresh interpreter, and the page is converted to
HTML with Python-Markdown and ``mkdocs.yml``'s extensions and read back.  A payload
that ran would create :data:`~tests.security.adversarial.MARKER`.  Some examples hold
a text the language refuses, or a card name, enum value, bag key or provisional field
that is no name: those must fail with diagnostics at such places and write no engine;
the page of a card file that only holds such names is still rendered, and must be text.

The default run tries :data:`QUICK_EXAMPLES` examples (and the two explicit ones); the
slow run (``pytest -m slow``, in CI) tries ``RULEBOOK_SECURITY_EXAMPLES`` (default 60);
raise it for a long search, e.g.
``RULEBOOK_SECURITY_EXAMPLES=2000 pytest -m slow tests/security/test_text_is_data.py``
(some minutes).

The other tests here check the builder itself: it fills every place the grammar has
for text, and every text field of the AST, so a new text place cannot be forgotten.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, event, example, given, settings
from hypothesis import strategies as st
from lark import Token, Tree

from dsl import ast
from dsl.parser import _parser, parse_spec
from dsl.spans import Span, source_lines
from dsl.strings import first_refused, quote
from tests.security.adversarial import (CARDS_FILE, COMMENT_PLACES, NAME_PLACES, REFUSED_PIECES,
                                        SPEC_TEMPLATE, Place, build, check_engine, check_engine_comments,
                                        check_page, describe, engine_lines_are_lines, errors,
                                        hostile_comments, hostile_names, hostile_texts, language_refuses,
                                        legal_file_name, no_marker, no_temp_files, page_of, play, plain_texts,
                                        spec_with_texts, text_places, write_project)

EXAMPLES = int(os.environ.get("RULEBOOK_SECURITY_EXAMPLES", "60"))
QUICK_EXAMPLES = 4  # and the two explicit examples; the long run below makes EXAMPLES
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow],
                phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink])


# ------------------------------------------------------------------ the property
@st.composite
def cases(draw) -> tuple[list[str], list[str] | None, list[str]]:
    """``(texts, names, comments)`` for :func:`spec_with_texts`: one to four hostile
    texts dealt round the text places from a drawn offset (all accepted by the language
    in three examples of four), in one example of eight hostile names for the card
    file, and one or two hostile comments."""
    accepted = draw(st.sampled_from([True, True, True, False]))
    pool = draw(st.lists(hostile_texts(refused=not accepted), min_size=1, max_size=4))
    shift = draw(st.integers(0, 3)) % len(pool)
    names = draw(st.lists(hostile_names(), min_size=1, max_size=2)) \
        if draw(st.sampled_from([False] * 7 + [True])) else None
    comments = draw(st.lists(hostile_comments(), min_size=1, max_size=2))
    return pool[shift:] + pool[:shift], names, comments


@settings(max_examples=QUICK_EXAMPLES, **SETTINGS)
@given(cases())
@example(case=(["\xa0"], None, [" "]))  # blank texts everywhere: titles and citations refused (E0011)
@example(case=(["\n\ud800"], None, [" "]))  # E0004 is on the line of the byte, after the break
def test_hostile_text_in_every_place_stays_data_in_the_engine_and_on_the_page(case):
    hostile_text_stays_data(case)


@pytest.mark.slow
@settings(max_examples=EXAMPLES, **SETTINGS)
@given(cases())
def test_hostile_text_in_every_place_stays_data_in_a_long_run(case):
    hostile_text_stays_data(case)


def hostile_text_stays_data(case) -> None:
    """Build the spec of ``case`` (see :func:`cases`) and check the engine and the page,
    or the diagnostics of the refused texts."""
    texts, names, comments = case
    cards_file = texts[0] if legal_file_name(texts[0]) else CARDS_FILE
    spec_name = f"{texts[-1]}.rules" if legal_file_name(f"{texts[-1]}.rules") else "hostile.rules"
    spec, cards, places = spec_with_texts(texts, names, cards_file, comments)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        result = build(folder, write_project(folder, spec, cards, cards_file, spec_name))
        path = f"specs/{spec_name}"
        refused = [p for p in places if p.refused]
        if not refused:
            event("built, imported, played and rendered")
            assert errors(result) == [], [d.render() for d in errors(result)]
            engine_lines_are_lines(result.engine)
            check_engine_comments(result.engine, spec, places)
            check_engine(play(folder, result.name), places, path)
            check_page(result.page, places, path)
        else:
            check_refused(result, places, f"specs/{cards_file}")
            assert result.engine is None and not (folder / "generated" / "hostile.py").exists()
            if all(p.kind == "name" and not language_refuses(p.text) for p in refused):
                event("card names refused; the page rendered anyway")
                check_page(page_of(result.composition, result.cards, path, result.source), places, path)
            else:
                event("refused with a diagnostic")
        no_marker(folder)
        no_temp_files(folder)


def check_refused(result, places: list[Place], cards_path: str) -> None:
    """A spec or card file (shown as ``cards_path``) holding a text the language refuses
    (or a card file holding a name that is none) fails with diagnostics, each at such a
    text; when every text of the spec is accepted, every refused place of the card file
    has one."""
    found = errors(result)
    assert found, "a refused text was accepted:\n" + describe([p for p in places if p.refused])
    for d in found:
        in_cards = d.span.path == cards_path
        at = [p for p in places if p.refused and p.line == d.span.line and (p.file == "cards") == in_cards]
        if d.code == "E0004":  # a lone surrogate: the spec file cannot be UTF-8, from that line on
            first = next(p for p in places
                         if p.file == "spec" and any("\ud800" <= c <= "\udfff" for c in p.text))
            at = next(i for i, c in enumerate(first.text) if "\ud800" <= c <= "\udfff")
            assert d.span.line == first.line + first.text[:at].count("\n"), d.render()
            continue
        assert at, f"{d.render()} is not at a refused text:\n{describe(places)}"
        if d.code == "E0006":  # under the character, inside the quoted text
            assert any(p.column < d.span.column < p.column + len(quote(p.text)) for p in at), d.render()
        elif d.code == "E0001":  # a line break in a text (files are read with universal newlines)
            assert any(p.column == d.span.column and ("\n" in p.text or "\r" in p.text) for p in at), \
                d.render()
        elif d.code in ("E0305", "E0306", "E0308", "E0310"):  # a card's name, enum value, bag key...
            assert any(p.kind == "name" for p in at), d.render()
        elif d.code == "E0011":  # a blank title, citation or label, at its opening quote
            assert any(not p.text.strip() and p.column == d.span.column for p in at), d.render()
        else:
            assert d.code == "E0314", d.render()  # a card's text holds a refused character
    if not any(p.refused for p in places if p.file == "spec"):
        lines = {d.span.line for d in found if d.span.path == cards_path}
        assert all(p.line in lines for p in places if p.file == "cards" and p.refused), \
            ([d.render() for d in found], describe(places))


# ------------------------------------------------------------------ the builder covers the grammar
_WRAPPERS = {"title", "source", "ruling", "provisional", "text"}


def _grammar_places() -> set[tuple[str, ...]]:
    """Every place of the grammar that holds a quoted text (STRING): the tree node it
    sits in and, for the nodes used in many rules (title, source, ruling, provisional,
    text), the node that holds that one."""
    rules = _parser().rules

    def transparent(rule) -> bool:  # Lark inlines the node of this rule into its parent
        name = rule.origin.name
        return name.startswith("_") or (rule.options.expand1 and not rule.alias and len(rule.expansion) == 1)

    def holders(symbol: str, seen=frozenset()) -> set[str]:
        out: set[str] = set()
        for rule in rules:
            if symbol in (s.name for s in rule.expansion) and rule.origin.name not in seen:
                if transparent(rule):
                    out |= holders(rule.origin.name, seen | {rule.origin.name})
                else:
                    out.add(rule.alias or rule.origin.name)
        return out

    places: set[tuple[str, ...]] = set()
    for rule in rules:
        if "STRING" in (s.name for s in rule.expansion):
            node = rule.alias or rule.origin.name
            if node in _WRAPPERS:
                places |= {(node, holder) for holder in holders(rule.origin.name)}
            else:
                places.add((node,))
    return places


def _tree_places(text: str) -> dict[tuple[str, ...], list[Token]]:
    """The places of the quoted texts of a spec's parse tree, keyed as :func:`_grammar_places`."""
    tree = _parser().parse(text)
    found: dict[tuple[str, ...], list[Token]] = {}

    def walk(node: Tree, parent: Tree | None) -> None:
        for child in node.children:
            if isinstance(child, Token) and child.type == "STRING":
                key = (str(node.data), str(parent.data)) if str(node.data) in _WRAPPERS else (str(node.data),)
                found.setdefault(key, []).append(child)
            elif isinstance(child, Tree):
                walk(child, node)

    walk(tree, None)
    return found


def test_the_builder_fills_every_place_the_grammar_has_for_text():
    """When the grammar gains a place for text, tests/security/adversarial.py must gain it."""
    spec, _, _ = spec_with_texts(["x"])
    grammar, built = _grammar_places(), set(_tree_places(spec))
    assert len(grammar) > 60
    assert grammar - built == set(), "add these places to SPEC_TEMPLATE in tests/security/adversarial.py"
    assert built - grammar == set()


def test_each_place_holds_its_own_text_where_the_builder_says():
    texts = [f"text number {i}" for i in range(200)]
    names = [f"Name {i}" for i in range(10)]
    comments = [f"Comment {i}" for i in range(10)]
    spec, cards, places = spec_with_texts(texts, names, "cards of the game.yaml", comments)
    assert len({p.text for p in places}) == len(places)  # one text each: enough texts given
    lines = {"spec": source_lines(spec), "cards": source_lines(cards)}
    for place in places:
        line = lines[place.file][place.line - 1]
        written = f"# {place.text}" if place.kind == "comment" else f'"{place.text}"'
        assert line[place.column - 1 - (place.kind == "comment") * 2:].startswith(written), place
    tokens = [tok for toks in _tree_places(spec).values() for tok in toks]
    assert sorted(str(t.value)[1:-1] for t in tokens) == sorted(
        p.text for p in places if p.file == "spec" and p.kind != "comment")
    assert [p.where for p in places if p.kind == "comment"] == list(COMMENT_PLACES)
    card_places = {p.where for p in places if p.file == "cards"}
    assert card_places == {"card title (YAML)", "card text field (YAML)", "card source (YAML)",
                           "card note (YAML)", "second card title (YAML)", "second card text field (YAML)",
                           *NAME_PLACES}
    assert {p.where for p in places} >= {"game title", "action title", "ask option label", "catalogue path",
                                         "enum member label", "text param value", "replaced action title",
                                         "card bag key (YAML)", "card enum field (YAML)"}
    assert {p.kind for p in places if p.where in NAME_PLACES} == {"name"}


def test_the_builder_writes_a_card_file_that_reads_back():
    """Every text and name of the card file reads back from the YAML as given."""
    import yaml

    texts = ["a \"quoted\" \\ text", "\U0001F600 \u2028 x", "\ud800"]
    spec, cards, places = spec_with_texts(texts, names=["a\tb", "é"])
    data = yaml.safe_load(cards)["cards"]
    read = [data[0]["name"], data[0]["title"], data[0]["hue"], *data[0]["cost"], data[0]["words"],
            data[0]["source"], data[0]["note"], *data[0]["provisional_fields"], data[1]["title"],
            data[1]["words"], data[2]["name"]]
    assert read == [p.text for p in places if p.file == "cards"]


def test_the_parsed_builder_spec_holds_every_text_of_the_ast():
    """Every text field of the AST holds one of the builder's texts, every other string
    field holds a name or a keyword: a new text field of the AST, if the builder does
    not fill it, or if it is not listed here, fails this test."""
    texts = [f"Text {i}" for i in range(200)]
    spec, _, places = spec_with_texts(texts)
    tree, diagnostics = parse_spec(spec, "hostile.rules")
    assert diagnostics == [] and tree is not None
    given_texts = {p.text for p in places} | {CARDS_FILE}
    text_fields = {"title", "text", "label", "path", "description", "rulebook", "citation",
                   "players_provisional"}
    seen: set[str] = set()
    for node in ast.walk(tree.items):
        if isinstance(node, Span):
            continue
        for field in node.__dataclass_fields__:
            value = getattr(node, field)
            if not isinstance(value, str) or field == "span":
                continue
            if field in text_fields or isinstance(node, ast.Text):
                assert value in given_texts, (type(node).__name__, field, value)
                seen.add(value)
            else:
                assert re.fullmatch(r"[a-z_][a-z0-9_]*|[=!<>]=?|[-+*]|//|", value), \
                    (type(node).__name__, field, value)
    assert seen == {p.text for p in places if p.file == "spec"} | {CARDS_FILE}


def test_the_refused_pieces_are_all_refused():
    for piece in REFUSED_PIECES:
        assert first_refused(piece) is not None, repr(piece)
    assert "\n" in SPEC_TEMPLATE


def test_the_spec_of_ordinary_texts_builds_plays_and_shows_every_text(tmp_path: Path):
    spec, cards, places = spec_with_texts(plain_texts(len(text_places())))
    result = build(tmp_path, write_project(tmp_path, spec, cards))
    assert errors(result) == [], [d.render() for d in errors(result)]
    out = play(tmp_path, result.name)
    assert out["title"] == "Plain 001" and set(out["modes"]) == {"standard", "variant"}
    check_engine(out, places)
    check_page(result.page, places)
