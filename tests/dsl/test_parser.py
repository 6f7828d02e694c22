"""The parser: text → AST with spans, and syntax errors as diagnostics.

``kitchen_sink.rules`` (beside this file) is a small spec that uses every
construct of the grammar the Utópolis spec does not; together the two specs
produce every AST node class.
"""

from __future__ import annotations

import dataclasses
import inspect
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from dsl import ast
from dsl.diagnostics import Diagnostic
from dsl.parser import _parser, parse_file, parse_spec
from dsl.spans import Span

REPO_ROOT = Path(__file__).resolve().parents[2]
REAL_SPEC = REPO_ROOT / "specs" / "utopolis.rules"
KITCHEN_SINK = Path(__file__).with_name("kitchen_sink.rules")
SPECS = [REAL_SPEC, KITCHEN_SINK]


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def walk(node, parent=None, field_name=None):
    """Yield ``(node, parent, field_name)`` for every AST node under ``node``."""
    if isinstance(node, (tuple, list)):
        for item in node:
            yield from walk(item, parent, field_name)
    elif dataclasses.is_dataclass(node) and not isinstance(node, Span):
        yield node, parent, field_name
        for f in dataclasses.fields(node):
            yield from walk(getattr(node, f.name), node, f.name)


def _ast_classes() -> set[type]:
    return {c for _, c in inspect.getmembers(ast, inspect.isclass)
            if dataclasses.is_dataclass(c) and c.__module__.startswith(ast.__name__ + ".")}


# ------------------------------------------------------------------ valid specs
@pytest.mark.parametrize("path", SPECS, ids=lambda p: p.name)
def test_spec_parses_without_diagnostics(path: Path):
    spec, diags = parse_spec(_text(path), str(path))
    assert diags == []
    assert isinstance(spec, ast.Spec)
    assert spec.items


def test_real_spec_has_the_expected_declarations():
    spec, _ = parse_file(REAL_SPEC)
    kinds = {type(i) for i in spec.items}
    assert {ast.Game, ast.Resource, ast.Track, ast.Enum, ast.CardType, ast.Catalogue, ast.Zone,
            ast.Param, ast.Derived, ast.Tally, ast.Setup, ast.Flow, ast.Phase, ast.Action,
            ast.End, ast.Mode, ast.Module, ast.Amend} <= kinds
    modes = [i.name for i in spec.items if isinstance(i, ast.Mode)]
    assert {"family", "metropolis", "solo", "solo_easy", "solo_hard", "solo_family"} <= set(modes)


def test_every_node_class_is_exercised():
    seen = set()
    for path in SPECS:
        spec, _ = parse_file(path)
        seen |= {type(n) for n, _, _ in walk(spec)}
    assert _ast_classes() - seen == set()


@pytest.mark.parametrize("path", SPECS, ids=lambda p: p.name)
def test_every_node_has_a_real_span(path: Path):
    text = _text(path)
    spec, _ = parse_spec(text, "the.rules")
    n_lines = len(text.splitlines())
    for node, _, _ in walk(spec):
        s = node.span
        where = f"{type(node).__name__} {s}"
        assert s.path == "the.rules", where
        assert 1 <= s.line <= s.end_line <= n_lines + 1, where
        assert s.column >= 1 and s.end_column >= 1, where
        assert (s.line, s.column) <= (s.end_line, s.end_column), where


@pytest.mark.parametrize("path", SPECS, ids=lambda p: p.name)
def test_child_spans_lie_inside_their_parent(path: Path):
    spec, _ = parse_file(path)
    for node, parent, field_name in walk(spec):
        if parent is None or (isinstance(parent, ast.Edge) and field_name == "condition"):
            # A chain `a -> b -> c when x` shares one condition among its edges, and each
            # edge's span covers only its two ends.
            continue
        p, s = parent.span, node.span
        assert (p.line, p.column) <= (s.line, s.column), f"{type(node).__name__} {s} in {p}"
        assert (s.end_line, s.end_column) <= (p.end_line, p.end_column), \
            f"{type(node).__name__} {s} in {type(parent).__name__} {p}"


def test_spans_point_at_the_right_text():
    text = _text(KITCHEN_SINK)
    lines = text.splitlines()
    spec, _ = parse_spec(text, "k.rules")

    def at(span: Span) -> str:
        assert span.line == span.end_line, span
        return lines[span.line - 1][span.column - 1:span.end_column - 1]

    buy = next(i for i in spec.items if isinstance(i, ast.Action) and i.name == "buy")
    assert lines[buy.span.line - 1] == 'action buy "Buy" {'
    assert lines[buy.span.end_line - 1] == "}"
    pay, move, if_ = buy.effect
    assert at(pay.span) == "pay t.cost"
    assert at(pay.bag.span) == "t.cost"
    assert at(move.dest.span) == "my hand"
    assert at(if_.condition.span) == "t.suit == red"
    assert at(if_.then[0].amount.span) == "max(n, 1)"
    assert at(if_.then[0].amount.func.span) == "max"
    assert at(buy.choices[1].domain.span) == "1 to 3"
    assert at(buy.requires[0].span) == "has t.cost and n // 1 >= 1 or false"
    assert at(buy.uses[0].span) == "uses buys 1"
    phase = next(i for i in spec.items if isinstance(i, ast.Phase) and i.name == "turns_phase")
    assert [at(i.span) for i in phase.actions] == ["buy", "give", "trade", "pass_turn",
                                                   "perch_meeple", "unperch", "copy_take"]
    flow = next(i for i in spec.items if isinstance(i, ast.Flow))
    assert [at(e.span) for e in flow.edges[:3]] == [
        "start -> draft_phase", "draft_phase -> turns_phase", "turns_phase -> tidy"]
    conditional = flow.edges[3]
    assert at(conditional.span) == "tidy -> draft_phase"
    assert at(conditional.condition.span) == "not game_over"


# ------------------------------------------------------------------ equality ignores layout
def _with_noise_between_items(text: str, spec: ast.Spec) -> str:
    """Blank lines and comments before every top-level item (and at the end)."""
    lines = text.splitlines(keepends=True)
    starts = sorted({item.span.line for item in spec.items}, reverse=True)
    for n, line in enumerate(starts):
        lines.insert(line - 1, f"\n# inserted comment {n}\n   \n\t# another one\n\n")
    return "".join(lines) + "\n# trailing comment\n"


@pytest.mark.parametrize("path", SPECS, ids=lambda p: p.name)
def test_trees_compare_equal_regardless_of_layout(path: Path):
    text = _text(path)
    spec, _ = parse_spec(text, "same.rules")
    noisy = _with_noise_between_items(text, spec)
    again, diags = parse_spec(noisy, "same.rules")
    assert diags == []
    assert again == spec
    # ...and the comparison has teeth: the spans really moved.
    assert [i.span.line for i in again.items] != [i.span.line for i in spec.items]
    assert hash(again) == hash(spec)


def test_trees_differ_when_the_rules_differ():
    text = _text(REAL_SPEC)
    spec, _ = parse_spec(text, "u.rules")
    changed, _ = parse_spec(text.replace("supply unlimited", "supply 5", 1), "u.rules")
    assert changed is not None and changed != spec


def test_a_spec_parsed_twice_is_equal():
    assert parse_file(REAL_SPEC)[0] == parse_file(REAL_SPEC)[0]


# ------------------------------------------------------------------ syntax errors
#: Every terminal of the grammar, plus Lark's own names.  None may reach a person.
TERMINAL_NAMES = sorted({t.name for t in _parser().terminals} | {"$END", "__ANON"}, key=len,
                        reverse=True)
_TERMINAL_RE = re.compile("|".join(
    (re.escape(n) if not n[0].isalpha() else rf"\b{re.escape(n)}\b") for n in TERMINAL_NAMES
    if len(n) > 2 or not n.isalpha()))


def assert_in_words(diag: Diagnostic) -> None:
    for text in (diag.message, diag.hint or ""):
        found = _TERMINAL_RE.search(text)
        assert found is None, f"Lark terminal name {found.group()!r} in {text!r}"
        assert "__ANON" not in text and "Token(" not in text and "Tree(" not in text, text


REAL = _text(REAL_SPEC)
KITCHEN = _text(KITCHEN_SINK)


def edit(text: str, old: str, new: str) -> str:
    """``text`` with the one occurrence of ``old`` replaced (fails loudly if it is gone)."""
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times"
    return text.replace(old, new)


BROKEN = {
    "misspelled keyword": edit(REAL, 'action build "Build" {', 'acton build "Build" {'),
    "missing closing brace": REAL[:REAL.rindex("}")],
    "double arrow": edit(KITCHEN, "tidy -> end", "tidy -> -> end"),
    "stray character": edit(KITCHEN, "max 2", "max 2 @"),
    "unterminated text": 'game x "unterminated\n',
    "capitalised name": edit(KITCHEN, 'action take "Take"', 'action Take "Take"'),
    "missing title": edit(KITCHEN, 'phase tidy "Tidy" automatic', "phase tidy automatic"),
    "missing phase kind": edit(KITCHEN, 'phase tidy "Tidy" automatic', 'phase tidy "Tidy"'),
    "bad phase kind": edit(KITCHEN, '"Tidy" automatic', '"Tidy" parallel'),
    "number as name": edit(KITCHEN, "param goal", "param 20"),
    "extra closing brace": edit(KITCHEN, "tally buys \"buys\"", "}\ntally buys \"buys\""),
    "only braces": "}}}",
    "only a keyword": "game",
    "unclosed call": edit(KITCHEN, "score max(n, 1)", "score max(n, 1"),
    "dangling operator": edit(KITCHEN, "score min(n, 2) + abs(-1)", "score min(n, 2) +"),
    "empty bag item": edit(KITCHEN, "gain gold 2, wood 1", "gain gold 2, , wood 1"),
    "string where a number belongs": edit(KITCHEN, "supply 50", 'supply "50"'),
    "tab and unicode": "game g \"G\" {\n\tplayers 2 to 4 ✓\n}\n",
    "nul byte": "game g \"G\" {\x00}\n",
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_syntax_errors_are_diagnostics_in_words(name: str):
    text = BROKEN[name]
    spec, diags = parse_spec(text, "broken.rules")
    assert spec is None
    assert len(diags) == 1
    d = diags[0]
    assert d.code == "E0001" and d.severity == "error"
    assert d.span.path == "broken.rules"
    assert 1 <= d.span.line <= max(1, len(text.splitlines()))
    assert_in_words(d)
    rendered = d.render({"broken.rules": text})
    assert rendered.startswith(f"broken.rules:{d.span.line}:{d.span.column}: error[E0001]: ")
    assert "^" in rendered


def test_truncating_the_spec_anywhere_gives_a_diagnostic_in_words():
    """Cut the spec in the middle of every 7th line: each prefix is a different parser state."""
    lines = REAL.splitlines(keepends=True)
    for i in range(0, len(lines), 7):
        cut = "".join(lines[:i]) + lines[i][: len(lines[i]) // 2]
        spec, diags = parse_spec(cut, "cut.rules")
        if spec is None:
            assert len(diags) == 1, i
            assert_in_words(diags[0])


def test_misspelled_keyword_gets_a_did_you_mean_hint():
    _, [d] = parse_spec(BROKEN["misspelled keyword"], "s.rules")
    line = REAL[:REAL.index('action build "Build" {')].count("\n") + 1
    assert (d.span.line, d.span.column, d.span.end_column) == (line, 1, 6)  # under `acton`
    assert "`acton`" in d.message
    assert d.hint == "did you mean `action`?"


@pytest.mark.parametrize("typo, keyword", [("phse", "phase"), ("trak", "track"),
                                           ("resorce", "resource"), ("mdoe", "mode")])
def test_misspelled_top_level_keywords(typo: str, keyword: str):
    assert f"\n{keyword} " in KITCHEN
    text = KITCHEN.replace(f"\n{keyword} ", f"\n{typo} ", 1)
    _, [d] = parse_spec(text, "s.rules")
    assert f"`{typo}`" in d.message
    assert d.hint == f"did you mean `{keyword}`?"


# Found by a fresh-user check: a misspelt keyword inside a block stops the parser where a
# `}` would do, and the error went on to say the block's `{` "is never closed".
@pytest.mark.parametrize("keyword", ["require", "effect", "score", "move", "advance", "if"])
def test_a_misspelt_keyword_inside_a_block_claims_no_unclosed_brace(keyword: str):
    start = REAL.index(f"\n  {keyword} ") if f"\n  {keyword} " in REAL else REAL.index(f"    {keyword} ")
    at = REAL.index(keyword, start)
    text = REAL[:at] + keyword[0] + keyword[2:] + REAL[at + len(keyword):]  # one letter dropped
    _, diags = parse_spec(text, "s.rules")
    assert [d.code for d in diags] == ["E0001"]
    assert not diags[0].notes, diags[0].notes
    assert "close the" not in (diags[0].hint or "")


# Found by a fresh-user check: a blank title was accepted (and shown as nothing on the page).
@pytest.mark.parametrize("before", ['action build ', 'source ', 'rulebook ', 'amend metropolis '])
@pytest.mark.parametrize("blank", ["", " ", "\u00a0 "])
def test_a_blank_title_or_citation_is_e0011_at_its_text(before: str, blank: str):
    opening = REAL.index(before) + len(before)  # the first such text's opening quote
    closing = REAL.index('"', opening + 1)
    text = REAL[:opening] + f'"{blank}"' + REAL[closing + 1:]
    _, diags = parse_spec(text, "s.rules")
    assert [d.code for d in diags] == ["E0011"], [d.render() for d in diags]
    line = REAL[:opening].count("\n") + 1
    assert (diags[0].span.line, "cannot be blank") == (line, diags[0].message[-15:])


def test_deleted_closing_brace_reports_ends_too_early_at_the_end():
    text = BROKEN["missing closing brace"]
    _, [d] = parse_spec(text, "s.rules")
    assert "ends too early" in d.message
    last = len(text.splitlines())
    assert d.span.line == last
    assert d.hint and "`}`" in d.hint
    assert_in_words(d)


def test_deleted_inner_closing_brace_is_reported_where_the_next_item_starts():
    text = edit(KITCHEN, '      score best_tile.value\n    }\n  }\n}\n',
                '      score best_tile.value\n    }\n  }\n')
    _, [d] = parse_spec(text, "s.rules")
    line = text[:text.index('action buy "Buy" {')].count("\n") + 1
    assert d.span.line == line
    opener = text[:text.index('action take "Take" {')].count("\n") + 1
    assert d.message == f"a `}}` is missing before this line: the block of line {opener} is still open"
    assert [n.span.line for n in d.notes] == [opener]  # the parser stops on this line too


def test_a_missing_brace_is_read_from_the_layout():
    """The `}` of a nested block is missing: the parser only stops at `source`, two lines
    on, but the layout shows where the block ends."""
    text = ('game g "G" {\n  players 2 to 4\n}\n\naction a "A" {\n  effect {\n    if true {\n'
            '      score 1\n  }\n  source "S"\n}\n')
    _, [d] = parse_spec(text, "s.rules")
    assert (d.span.line, d.span.column) == (9, 3)
    assert d.message == "a `}` is missing before this line: the block of line 7 is still open"
    assert d.notes[0].span.line == 7 and d.notes[1].message == "the parser stops at `source`"
    assert_in_words(d)


def test_a_block_closed_on_its_own_line_is_not_missing_a_brace():
    """A one-line block, or a block whose layout says nothing, keeps the parser's message."""
    text = 'game g "G" {\n  players 2 to 4 }\n\naction a "A" { effect { score 1 }\n  sourc "S"\n}\n'
    _, [d] = parse_spec(text, "s.rules")
    assert d.message.startswith("unexpected `sourc`")


def test_ends_too_early_message_names_the_missing_brace():
    _, [d] = parse_spec(BROKEN["missing closing brace"], "s.rules")
    assert "`}`" in d.message


def test_top_level_error_lists_only_top_level_keywords():
    _, [d] = parse_spec(BROKEN["misspelled keyword"], "s.rules")
    assert "`add`" not in d.message and "`replace`" not in d.message


def test_keywords_are_contextual():
    """Keywords are not reserved: where a keyword cannot stand, the word is a name."""
    spec, diags = parse_spec(edit(KITCHEN, 'action take "Take"', 'action effect "Take"'), "k.rules")
    assert diags == [] and any(getattr(i, "name", None) == "effect" for i in spec.items)


def test_parse_file_reads_from_disk_with_the_path_in_spans(tmp_path: Path):
    spec_file = tmp_path / "g.rules"
    spec_file.write_text(_text(KITCHEN_SINK), encoding="utf-8")
    spec, diags = parse_file(spec_file)
    assert diags == [] and spec.path == str(spec_file)
    assert spec.items[0].span.path == str(spec_file)


def test_empty_and_comment_only_texts_parse_to_an_empty_spec():
    for text in ("", "\n\n", "# just a comment\n"):
        spec, diags = parse_spec(text, "e.rules")
        assert diags == [] and spec is not None and spec.items == ()


def test_parser_tables_are_cached_per_user_and_rebuilt_when_unusable(tmp_path):
    """The built tables go to $XDG_CACHE_HOME/rulebook; a damaged file is rebuilt,
    and a cache folder that cannot be made means no cache, not an error."""
    code = ("from dsl.parser import parse_spec; "
            "print(parse_spec('game g \"G\" {\\n  players 2 to 4\\n}\\n', 'g.rules')[1])")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    run = lambda: subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                                 cwd=Path(__file__).resolve().parents[2])
    first = run()
    assert (first.returncode, first.stdout.strip(), first.stderr) == (0, "[]", "")
    cache = tmp_path / "rulebook" / "parser.lark"
    assert cache.stat().st_size > 1000
    cache.write_bytes(b"not a parser")
    again = run()
    assert (again.returncode, again.stdout.strip()) == (0, "[]")
    assert cache.stat().st_size > 1000  # rebuilt and saved again
    (tmp_path / "blocked").write_text("a file, not a folder")
    env["XDG_CACHE_HOME"] = str(tmp_path / "blocked")
    blocked = run()
    assert (blocked.returncode, blocked.stdout.strip()) == (0, "[]")


@pytest.mark.parametrize("glued, keyword", [
    ('action a "A" {\n  effect {\n    moveb into my hand\n  }\n}\n', "move"),
    ('actionbuy "Buy" {\n}\n', "action")])
def test_a_keyword_glued_to_the_next_word_is_an_error(glued, keyword):
    """Lark's contextual lexer would read `moveb` as `move b`; the spec must say it."""
    text = 'game g "G" {\n  players 2 to 4\n}\n\n' + glued
    spec, [d] = parse_spec(text, "s.rules")
    word = next(w for w in glued.split() if w.startswith(keyword))
    assert spec is None and d.code == "E0001"
    assert d.message == f"unexpected name `{word}`: a keyword belongs here"
    assert d.span.end_column - d.span.column == len(word)
    assert d.hint.startswith(f"did you mean `{keyword} {word[len(keyword):]}`?")
    assert_in_words(d)


def test_too_deep_points_at_the_nesting():
    text = ('game g "G" {\n  players 2 to 4\n}\n\naction a "A" {\n  effect {\n    score '
            + "(" * 3000 + "1" + ")" * 3000 + "\n  }\n}\n")
    _, [d] = parse_spec(text, "s.rules")
    assert (d.code, d.span.line, d.span.column) == ("E0003", 7, 11 + 48)  # 2 braces + 49 brackets deep


def test_a_stray_closing_brace_is_named_at_its_line():
    text = ('game g "G" {\n  players 2 to 4\n}\n\nphase play "P" turns {\n  actions a\n  }\n'
            '  on enter {\n    score 1\n  }\n}\n')
    _, [d] = parse_spec(text, "s.rules")
    assert (d.span.line, d.span.column) == (7, 3)
    assert d.message.startswith("this `}` closes no block of its own")
    assert [(n.message, n.span.line, n.span.column) for n in d.notes] == [
        ("it closes the block of line 5", 5, 22), ("the parser stops at `on`", 8, 3)]
    assert_in_words(d)
