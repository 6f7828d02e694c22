"""The formatter: canonical layout, idempotent, same AST, every comment kept.

Comments and token boundaries are found here with a small regular expression of
our own, not with the formatter's Lark parser, so the checks do not share its bugs.
About 40 Hypothesis examples.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dsl.format import FormatError, FormatResult, format_source
from dsl.parser import parse_spec
from tests.golden import cases as golden

REPO_ROOT = Path(__file__).resolve().parents[2]
SPECS = sorted((REPO_ROOT / "specs").glob("*.rules"))
KITCHEN_SINK = Path(__file__).with_name("kitchen_sink.rules")
#: The golden-diagnostic cases, by the path they are analysed as (their text: ``golden.text``).
GOLDEN = [str(golden.CASES_FROM_ROOT / name) for name in golden.names()]
CORPUS = [str(p.relative_to(REPO_ROOT)) for p in (*SPECS, KITCHEN_SINK)] + GOLDEN

# A string, a comment, a multi-character operator, a word, or any other single character.
LEXEME = re.compile(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*|->|==|!=|<=|>=|//|\w+|\S')


def comments(text: str) -> list[str]:
    """The text of every comment, in order, without trailing whitespace."""
    return [m.group().rstrip() for m in LEXEME.finditer(text) if m.group().startswith("#")]


def fmt(text: str) -> str:
    return format_source(text, "spec.rules").formatted


def parse(text: str):
    spec, diagnostics = parse_spec(text, "spec.rules")
    assert spec is not None, diagnostics
    return spec


def _rel(path: Path) -> str:
    return str(path.relative_to(REPO_ROOT))


def dedent_and_pad(text: str) -> str:
    """Every line flush left with trailing blanks, blank lines doubled: a layout the
    formatter must undo completely."""
    return "".join(line.strip() + " \t\n" + ("\n" if not line.strip() else "")
                   for line in text.splitlines())


def _source(path: str) -> str:
    """The text of a corpus entry (``path`` relative to the repository root)."""
    if path in GOLDEN:
        return golden.text(Path(path).name)
    return (REPO_ROOT / path).read_text(encoding="utf-8")


# ------------------------------------------------------------------ every spec we have
@pytest.mark.parametrize("path", CORPUS)
def test_formatting_is_idempotent_keeps_the_tree_and_every_comment(path: str):
    source = _source(path)
    tree, diagnostics = parse_spec(source, "spec.rules")
    if tree is None:  # a golden syntax error: the formatter refuses it with the same diagnostics
        assert path in GOLDEN
        with pytest.raises(FormatError) as caught:
            fmt(source)
        assert caught.value.diagnostics == diagnostics
        return
    formatted = fmt(source)
    assert comments(formatted) == comments(source)
    if formatted != source:  # (when it is the source, both hold by themselves)
        assert fmt(formatted) == formatted
        assert parse(formatted) == tree
    if path in GOLDEN:
        return  # near-copies of specs/utopolis.rules: the rest would add time, not cover more
    # Throwing the layout away and formatting again gives the same text and tree.
    messy = dedent_and_pad(source)
    assert messy != source
    assert fmt(messy) == formatted
    assert parse(messy) == tree


@pytest.mark.parametrize("path", SPECS, ids=_rel)
def test_every_spec_in_the_repository_is_formatted(path: Path):
    result = format_source(path.read_text(encoding="utf-8"), _rel(path))
    assert not result.changed, f"run `rulebook fmt`:\n{result.diff()}"


def test_the_corpus_is_there():
    assert len(SPECS) >= 2 and all(comments(p.read_text(encoding="utf-8")) for p in SPECS)
    assert len(GOLDEN) >= 10 and "tests/dsl/kitchen_sink.rules" in CORPUS


# ------------------------------------------------------------------ the canonical form
def test_indentation_is_two_spaces_per_block_whatever_the_input():
    source = ('game g "G" {\nrulebook "R"\n        source "S"\n}\n'
              'action a "A" {\n\teffect {\n   if x {\n score 1\n      }\n  }\n}\n')
    assert fmt(source) == ('game g "G" {\n  rulebook "R"\n  source "S"\n}\n'
                           'action a "A" {\n  effect {\n    if x {\n      score 1\n    }\n  }\n}\n')


def test_spacing_between_tokens():
    source = ('action a "A"{\n  choose x : card in my hand where x . value>max( 1 ,2 )and y [ f ]!=- 1\n'
              '  effect {\n    score a-b*c//2\n    do p( x , y )\n    gain gold 1,wood 2\n  }\n}\n')
    assert fmt(source) == (
        'action a "A" {\n  choose x: card in my hand where x.value > max(1, 2) and y[f] != -1\n'
        '  effect {\n    score a - b * c // 2\n    do p(x, y)\n    gain gold 1, wood 2\n  }\n}\n')


def test_a_parenthesised_amount_keeps_its_space_and_a_call_stays_tight():
    source = ('action a "A" {\n  effect {\n    gain suit(a + b), wood (max(1,c))\n'
              '    gain disc[k](n+1)\n  }\n}\n')
    formatted = fmt(source)
    assert formatted == ('action a "A" {\n  effect {\n    gain suit (a + b), wood (max(1, c))\n'
                         '    gain disc[k] (n + 1)\n  }\n}\n')
    assert fmt(formatted) == formatted
    assert parse(formatted) == parse(source)


def test_arrows_equals_and_parentheses_after_keywords():
    source = ('flow {\n  start->a->end when(x)\n}\nparam p "P"=3 {\n}\n'
              'procedure q "Q"(who:player) {\n  effect {\n    let t=(1)\n  }\n}\n')
    assert fmt(source) == ('flow {\n  start -> a -> end when (x)\n}\nparam p "P" = 3 {\n}\n'
                           'procedure q "Q" (who: player) {\n  effect {\n    let t = (1)\n  }\n}\n')


def test_blank_lines_collapse_and_never_open_or_close_a_block():
    source = ('\n\n\ngame g "G" {\n\n\n  rulebook "R"\n\n\n\n  source "S"\n\n}\n\n\n'
              'setup {\n  shuffle d\n  shuffle e\n}\n\n\n')
    assert fmt(source) == ('game g "G" {\n  rulebook "R"\n\n  source "S"\n}\n\n'
                           'setup {\n  shuffle d\n  shuffle e\n}\n')


def test_the_file_ends_with_one_newline_and_no_trailing_whitespace():
    assert fmt('setup {   \n  shuffle d\t\n}') == "setup {\n  shuffle d\n}\n"
    assert fmt("setup {\r\n  shuffle d\r\n}\r\n\r\n") == "setup {\n  shuffle d\n}\n"
    assert fmt("") == "" and fmt(" \n\n\t") == ""


def test_comments_at_the_end_of_a_line_and_on_their_own():
    source = ("# head   \n\n\n"
              "setup {# opens\n"
              "      # about d\n"
              "shuffle d    # trailing\n"
              "  if x {\n"
              "          # last in the block\n"
              "  }\n"
              "# before the closing brace\n"
              "}\n"
              "   # at the end\n")
    assert fmt(source) == ("# head\n\n"
                           "setup {  # opens\n"
                           "  # about d\n"
                           "  shuffle d  # trailing\n"
                           "  if x {\n"
                           "    # last in the block\n"
                           "  }\n"
                           "  # before the closing brace\n"
                           "}\n"
                           "# at the end\n")


def test_a_hash_inside_a_text_is_not_a_comment():
    source = 'game g "G #1" {\n  source "A # B"  # a real one\n}\n'
    assert fmt(source) == source
    assert comments(fmt(source)) == ["# a real one"]


def test_nested_blocks_if_else_and_ask():
    source = ('action a "A" {\neffect {\nif x { score 1 }\nelse {\nask me {\n"yes" {\nscore 2\n}\n'
              '"no" {\n}\n}\n}\n}\n}\n')
    assert fmt(source) == ('action a "A" {\n  effect {\n    if x { score 1 }\n    else {\n'
                           '      ask me {\n        "yes" {\n          score 2\n        }\n'
                           '        "no" {\n        }\n      }\n    }\n  }\n}\n')


def test_a_choice_in_the_middle_of_a_block_and_may():
    """Construct 2: a binding `choose` without a block, and `may choose`, stay statements
    of their block; the statements after them keep its indentation."""
    source = ('action a "A" {\neffect {\nchoose c: card in my hand where value >= 1\nmove c into pile\n'
              'may   choose d: card in pile\nscore 1\n}\n}\n')
    assert fmt(source) == ('action a "A" {\n  effect {\n    choose c: card in my hand where value >= 1\n'
                           '    move c into pile\n    may choose d: card in pile\n    score 1\n  }\n}\n')


def test_continuation_lines_are_indented_one_more_level():
    source = ('game g "G" {\nplayers 2 to 6\nprovisional "a guess"\n}\n'
              'action a "A" {\nchoose c: card in my hand\nwhere c.value > 1\nand c.value < 5\n'
              'effect {\nfor each b in my city\nwhere active {\nscore max(1,\n2)\n}\n}\n}\n')
    assert fmt(source) == (
        'game g "G" {\n  players 2 to 6\n    provisional "a guess"\n}\n'
        'action a "A" {\n  choose c: card in my hand\n    where c.value > 1\n    and c.value < 5\n'
        '  effect {\n    for each b in my city\n      where active {\n      score max(1,\n        2)\n'
        '    }\n  }\n}\n')


def test_a_statement_after_a_closed_block_is_not_a_continuation():
    source = "setup {\n  if x {\n    score 1\n  }\n  else {\n    score 2\n  }\n}\n"
    assert fmt(source) == source


def test_the_real_spec_layout_is_already_canonical():
    source = (REPO_ROOT / "specs" / "utopolis.rules").read_text(encoding="utf-8")
    assert "players 2 to 6\n    provisional" in source  # the continuation style comes from the spec
    assert fmt(source) == source


# ------------------------------------------------------------------ the result and errors
def test_format_result_reports_change_and_diff():
    result = format_source("setup {\nshuffle d\n}\n", "specs/x.rules")
    assert isinstance(result, FormatResult) and result.changed and result.path == "specs/x.rules"
    assert result.diff().splitlines()[:2] == ["--- a/specs/x.rules", "+++ b/specs/x.rules"]
    assert "-shuffle d" in result.diff() and "+  shuffle d" in result.diff()
    same = format_source(result.formatted, "specs/x.rules")
    assert not same.changed and same.diff() == ""


@pytest.mark.parametrize("text", ['setup {\n  shuffle d\n', "setup {\n  shuffle 3\n}\n", "}\n",
                                  "(" * 300 + "1" + ")" * 300])
def test_text_that_does_not_parse_raises_format_error_with_diagnostics(text: str):
    with pytest.raises(FormatError) as caught:
        format_source(text, "specs/bad.rules")
    diagnostics = caught.value.diagnostics
    assert diagnostics and all(d.severity == "error" for d in diagnostics)
    assert diagnostics == parse_spec(text, "specs/bad.rules")[1]
    assert diagnostics[0].span.path == "specs/bad.rules"


def test_deep_nesting_formats_as_far_as_the_parser_reads_it():
    deep = lambda n: f'derived d "D" = {"(" * n}1{")" * n} {{\n}}\n'
    assert fmt(deep(20)) == deep(20)
    for n in (300, 3000):  # the parser gives up ("nests too deeply"): so does the formatter
        with pytest.raises(FormatError) as caught:
            fmt(deep(n))
        assert [d.code for d in caught.value.diagnostics] == ["E0003"]


# ------------------------------------------------------------------ whitespace perturbations
SPEC_TEXTS = {p.name: p.read_text(encoding="utf-8") for p in SPECS}
KITCHEN_SINK = Path(__file__).with_name("kitchen_sink.rules").read_text(encoding="utf-8")
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


PUNCTUATION = set("(),:.[]{}")


@st.composite
def perturbed_spec(draw) -> tuple[str, str]:
    """A real spec and the same spec with its whitespace shuffled where that cannot
    change the canonical form: any indentation, trailing blanks, spaces or tabs added
    between tokens (or removed next to punctuation), blank lines multiplied where
    one already is or where none may be, Windows line endings.  The thousands of
    choices come from a ``Random`` seeded by Hypothesis (a drawn ``Random`` would make
    every example too large for Hypothesis)."""
    name = draw(st.sampled_from(sorted(SPEC_TEXTS)))
    rnd = random.Random(draw(st.integers(0, 2**64)))
    blank = lambda: "".join(rnd.choice(" \t") for _ in range(rnd.choice([0, 0, 1, 2, 8])))
    out: list[str] = [""] * rnd.randint(0, 2)
    for line in SPEC_TEXTS[name].splitlines():
        code = line.strip()
        lexemes = [m.group() for m in LEXEME.finditer(code)]
        spaced = lexemes[:1]
        for before, after in zip(lexemes, lexemes[1:]):
            tight = (before in PUNCTUATION or after in PUNCTUATION) and rnd.random() < 0.5
            spaced.append(("" if tight else " " + blank()) + after)
        if code.startswith("}"):
            out += [""] * rnd.randint(0, 2)
        out.append(blank() + "".join(spaced) + blank())
        if not code or code.endswith("{"):
            out += [blank()] * rnd.randint(0, 2)
    newline = rnd.choice(["\n", "\r\n"])
    return SPEC_TEXTS[name], newline.join(out) + newline * rnd.randint(0, 3)


@st.composite
def rewrapped_spec(draw) -> str:
    """The kitchen sink (every construct) with line breaks added at random between
    tokens and comments added at the end of random lines and on lines of their own."""
    rnd = random.Random(draw(st.integers(0, 2**64)))
    pieces: list[str] = []
    for number, line in enumerate(KITCHEN_SINK.splitlines()):
        for m in LEXEME.finditer(line):
            roll = rnd.random()
            pieces.append("\n" if roll < 0.08 else f"  # c{number}\n" if roll < 0.1 else " ")
            pieces.append(m.group())
        pieces.append(f"  # end {number}\n" if rnd.random() < 0.1 else "\n")
        if rnd.random() < 0.05:
            pieces.append(f"# own {number}\n")
    return "".join(pieces)


# A few examples in the default run, more in the slow run (``pytest -m slow``, in CI).
@settings(max_examples=10, **SETTINGS)
@given(perturbed_spec())
def test_a_spec_with_its_whitespace_shuffled_formats_to_the_spec(case: tuple[str, str]):
    shuffled_whitespace_formats_to_the_spec(case)


@pytest.mark.slow
@settings(max_examples=40, **SETTINGS)
@given(perturbed_spec())
def test_a_spec_with_its_whitespace_shuffled_formats_to_the_spec_in_a_long_run(case: tuple[str, str]):
    shuffled_whitespace_formats_to_the_spec(case)


def shuffled_whitespace_formats_to_the_spec(case: tuple[str, str]) -> None:
    original, perturbed = case
    assert fmt(perturbed) == fmt(original) == original


@settings(max_examples=5, **SETTINGS)
@given(rewrapped_spec())
def test_new_line_breaks_and_comments_anywhere_format_idempotently(text: str):
    rewrapped_formats_idempotently(text)


@pytest.mark.slow
@settings(max_examples=20, **SETTINGS)
@given(rewrapped_spec())
def test_new_line_breaks_and_comments_anywhere_format_idempotently_in_a_long_run(text: str):
    rewrapped_formats_idempotently(text)


def rewrapped_formats_idempotently(text: str) -> None:
    formatted = fmt(text)
    assert fmt(formatted) == formatted
    assert comments(formatted) == comments(text)
    assert parse(formatted) == parse(text) == parse(KITCHEN_SINK)


def test_take_action_keeps_its_with_list_on_one_line():
    """Construct 3: `take ... with x = E, y = F` and `can take` are laid out as written."""
    source = ('action a "A" {\neffect {\nmay  take one of b,c with w = engineer,n=1\n'
              'if can take action b {\ntake action b\n}\n}\n}\n')
    assert fmt(source) == ('action a "A" {\n  effect {\n    may take one of b, c with w = engineer, n = 1\n'
                           '    if can take action b {\n      take action b\n    }\n  }\n}\n')


def test_repeat_and_as_blocks_are_indented_like_any_block():
    """Constructs 13 and 21: `repeat N`, `repeat up to N` and `as PLAYER` open blocks."""
    source = ('action a "A" {\neffect {\nrepeat   up to 2 {\nchoose c: card in my hand\nmove c into pile\n}\n'
              'repeat count my hand {\nscore 1\n}\nas  d.owner {\nscore 1\n}\n}\n}\n')
    assert fmt(source) == ('action a "A" {\n  effect {\n    repeat up to 2 {\n'
                           '      choose c: card in my hand\n      move c into pile\n    }\n'
                           '    repeat count my hand {\n      score 1\n    }\n'
                           '    as d.owner {\n      score 1\n    }\n  }\n}\n')


def test_a_value_chosen_in_an_effect_with_or_without_a_block():
    """`choose k: DOMAIN` without a block stays a statement of its block; with one, and
    `may choose`, its block is indented like any block."""
    source = ('action a "A" {\neffect {\nmay  choose n:1 to 2\nchoose k : knowledge where disc[k]>=n\n'
              'pay disc[k] n\nchoose q: other   player {\nscore 1\n}\n}\n}\n')
    assert fmt(source) == ('action a "A" {\n  effect {\n    may choose n: 1 to 2\n'
                           '    choose k: knowledge where disc[k] >= n\n    pay disc[k] n\n'
                           '    choose q: other player {\n      score 1\n    }\n  }\n}\n')
