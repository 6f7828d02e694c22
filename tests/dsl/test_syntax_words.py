"""Syntax errors say what was expected in words, never with a Lark terminal name, and
name what a name stands for where the tokens before the error tell ("a phase name")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dsl import codes
from dsl.codes import MINIMAL_SPEC
from dsl.parser import _parser, parse_spec
from dsl.syntax_words import _TOKEN, TERMINAL_WORDS, word

KITCHEN = (Path(__file__).with_name("kitchen_sink.rules")).read_text(encoding="utf-8")
#: Every terminal name of the grammar, and Lark's own; none may reach a person.
LARK_NAMES = sorted({t.name for t in _parser().terminals} | {"$END", "__ANON", "Token(", "Tree("},
                    key=len, reverse=True)
_LARK_NAME = re.compile("|".join(
    re.escape(n) if not n[0].isalpha() else rf"\b{re.escape(n)}\b" for n in LARK_NAMES
    if len(n) > 2 or not n.isalpha()))


def _in_words(text: str) -> None:
    found = _LARK_NAME.search(text)
    assert found is None, f"Lark name {found.group()!r} in {text!r}"


def test_every_terminal_of_the_grammar_has_words():
    for terminal in _parser().terminals:
        words = word(_parser(), terminal.name)
        assert words != "something else", f"add {terminal.name} to TERMINAL_WORDS"
        _in_words(words)
        if terminal.pattern.type == "re":
            assert terminal.name in TERMINAL_WORDS, terminal.name


def _broken_variants(text: str):
    """Each top-level declaration of ``text`` cut after every token, and with every single
    token deleted: every parser state of that declaration, as the end of the file and as
    an unexpected token."""
    for item in re.split(r"\n(?=[a-z])", text):
        tokens = [m for m in _TOKEN.finditer(item) if not m.group().startswith("#")]
        for m in tokens:
            yield item[:m.end()]
            yield item[:m.start()] + item[m.end():]


#: The codes the parser reports: syntax errors, and lines of an `end` block written twice.
_PARSER_CODES = {codes.SYNTAX_ERROR, codes.TWO_WINNERS_RULES, codes.END_LINE_TWICE}


@pytest.mark.parametrize("every, at_least", [
    pytest.param(5, 300, id="one-in-five"),
    pytest.param(1, 1500, id="all", marks=pytest.mark.slow)])
def test_no_broken_input_shows_lark_names_and_each_has_a_hint(every, at_least):
    """About 2,000 broken inputs: the kitchen sink (every construct) and the small spec of the
    error index, each declaration truncated at every token and with every token deleted.
    The default run tries one in five of them; the slow run (CI) tries them all."""
    seen = 0
    for text in (KITCHEN, MINIMAL_SPEC):
        for broken in list(_broken_variants(text))[::every]:
            spec, diags = parse_spec(broken, "broken.rules")
            if spec is not None:
                continue  # deleting a token can leave valid text
            [d] = diags
            # a syntax error, or what the parser itself checks of what it read (a line an
            # `end` block takes once, written twice when a token between two is deleted)
            assert d.code in _PARSER_CODES and d.hint, (broken, d.message)
            _in_words(d.message)
            _in_words(d.hint)
            assert "one of a few more" not in d.message or d.message.count(",") >= 6
            seen += 1
    assert seen > at_least


CONTEXT_CASES = {
    'phase ': "expected a phase name",
    'phase "Work" simultaneous {': 'unexpected text "Work": expected a phase name',
    'action ': "expected an action name",
    'deck ': "expected a zone name",
    'resource coin': 'expected the resource\'s title, a quoted text ("...")',
    'tally t "T" { per ': "expected player, round, game or turn",
    'phase p "P" simultaneous { actions ': "expected an action name",
    'flow { start -> ': "expected `end`, `start` or a phase name",
    'flow { round starts at ': "expected a phase name",
    'setup { draw 1 from ': "expected `my` or a zone name",
    'setup { advance ': "expected a track name",
    'setup { do ': "expected a procedure name",
    'mode m "M" extends ': "expected the name of the mode it extends",
    'mode m "M" { use ': "expected a module name",
    'mode m "M" { remove ': "expected `step` or a kind of rule (action, phase, tally, param...)",
    'mode m "M" { remove action ': "expected an action name",
    'card c "C" { field f: ': "expected a type (int, bool, bag, text, player, an enum, `list of T`; on a "
                              "card, a rule: `procedure (...)`, `value`, `condition`)",
    'phase p "P" ': "expected a phase kind (simultaneous, turns, draft or automatic)",
    'setup { ': "expected `}`, a statement (",
    'mode m "M" { ': "expected `}`, a mode rule (",
    'derived d "D" = ': "expected an expression",
    'end over { when ': "expected an expression",
    'resource coin "Coin" { source ': 'expected the source text, quoted ("...")',
    'acton build "Build" {': "unexpected `acton`: expected a declaration (",
    # the parser's stack tells a `set` in a mode from a `set` in an effect
    'mode m "M" { set ': "expected a param name",
    'setup { set ': "expected a track or a chosen card",
    'mode m "M" { replace action a "A" { effect { set ': "expected a track or a chosen card",
    'zone z "Z" of ': "expected a card type name",
    'setup { for each ': "expected a name for each card",
}


@pytest.mark.parametrize("text", sorted(CONTEXT_CASES))
def test_what_is_expected_is_named_for_what_it_is(text: str):
    spec, [d] = parse_spec(text, "broken.rules")
    assert CONTEXT_CASES[text] in d.message, d.message


def test_hints_for_common_slips():
    def hint(text: str) -> str:
        return parse_spec(text, "x.rules")[1][0].hint

    assert hint("acton build") == "did you mean `action`?"
    stray = parse_spec('resource coin "Coin" {\n}\n}\n', "x.rules")[1][0]
    assert "closes no block" in stray.message and stray.hint.startswith("remove it")
    assert "letter" in hint('param 20 "P" = 1 { }')
    assert "lower_case" in hint('action Take "Take" { }')
    assert "double quotes" in hint("resource coin 'Coin' { }")
    assert hint('resource coin "Coin" {\n') == "close the `{` of line 1 with `}`"


@pytest.mark.parametrize("word, use", [("top", "score top"), ("next", "score next + 1"),
                                       ("nobody", "transfer coin 1 to nobody.owner")])
def test_a_word_that_starts_an_expression_used_as_a_name_is_told_to_be_renamed(word, use):
    """Issue 11: `top`, `next`, `the`... start expressions, so a local named so reads as
    that word where a value is expected; the hint says so and how to fix it."""
    text = f'action a "A" {{\n  effect {{\n    let {word} = 3\n    {use}\n  }}\n}}\n'
    _, diagnostics = parse_spec(text, "s.rules")
    assert diagnostics and diagnostics[0].code == "E0001"
    assert diagnostics[0].hint.startswith(f"`{word}` is a word of the language where a value is expected")
