"""Spec text never becomes code: the focused regressions of the engine side, one per
case reproduced, and the quoting rules of :mod:`compiler.engine.pyquote` themselves.

The property test that puts hostile texts in every place at once, and builds, plays
and renders each example, is ``tests/security/test_text_is_data.py``; the helpers
shared by all three files are in ``tests/security/adversarial.py``.
"""

from __future__ import annotations

import ast as pyast
import os
import subprocess
import sys
from pathlib import Path

import jinja2
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jinja2 import nodes
from lark import Token

from compiler import build as driver
from compiler import pipeline
from compiler.engine.codegen import render_runtime
from compiler.engine.pyquote import UnquotedText, comment, docstring, engine_environment, identifier, literal
from dsl.code_examples import CARDS_MODE as _CARD
from dsl.codes import MINIMAL_SPEC
from dsl.spans import source_lines
from tests.security.adversarial import (MARKER, PAYLOAD, build, engine_lines_are_lines, errors, hostile_texts,
                                        no_marker, no_temp_files, play)
from tests.helpers.projects import write_specs

REPO_ROOT = Path(__file__).resolve().parents[2]


# ------------------------------------------------------------------ regressions: each reproduced case
def _position(text: str, needle: str) -> tuple[int, int]:
    """1-based line and column of the first ``needle`` in ``text``."""
    at = text.index(needle)
    return text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)


EARN = _position(MINIMAL_SPEC, '"Earn"')  # where the title of the action earn opens


def _spec_with(old: str, new: str) -> str:
    assert old in MINIMAL_SPEC
    return MINIMAL_SPEC.replace(old, new, 1)


def _build_text(tmp_path: Path, spec: str, cards: str | None = None, name: str = "tiny.rules"):
    files = {name: spec} | ({} if cards is None else {"example.cards.yaml": cards})
    return build(tmp_path, write_specs(tmp_path, files) / name)


_DECLS_WITH_DOCSTRINGS = {  # a declaration whose title (and source) go into a docstring
    "track": 'track heat "{t}" {{\n  start 0\n  source "{t}"\n}}\n',
    "derived": 'derived twice "{t}" = vp * 2 {{\n  source "{t}"\n}}\n',
    "procedure": 'procedure bump "{t}" (who: player) {{\n  effect {{\n    score 1\n  }}\n  source "{t}"\n}}\n'
                 'action bumped "Bumped" {{\n  effect {{\n    do bump(me)\n  }}\n  source "Turn"\n}}\n',
    "trigger": 'trigger extra "{t}" {{\n  before earn\n  effect {{\n    gain coin 1\n  }}\n'
               '  source "{t}"\n}}\n',
    "action": 'action other "{t}" {{\n  effect {{\n    score 1\n  }}\n  source "{t}"\n}}\n',
    "zone": 'card chip "Chip" {{\n  source "Components"\n}}\nzone tray "{t}" of chip {{\n  limit 2\n'
            '  source "{t}"\n}}\n',
}
_ONE_LINE = '\\"\\"\\" + __import__(\'pathlib\').Path(\'' + MARKER + '\').touch() + \\"\\"\\"'


@pytest.mark.parametrize("decl", sorted(_DECLS_WITH_DOCSTRINGS))
def test_a_title_that_closes_a_docstring_stays_a_title(decl, tmp_path: Path):
    """``\"\"\"`` and Python after it, in a title and a source, on the same line."""
    text = _DECLS_WITH_DOCSTRINGS[decl].format(t=_ONE_LINE)
    spec = MINIMAL_SPEC + "\n" + text
    if decl in ("procedure", "action"):
        offered = "bumped" if decl == "procedure" else "other"
        spec = spec.replace("actions earn, finish", "actions earn, finish, " + offered)
    result = _build_text(tmp_path, spec)
    assert errors(result) == [], [d.render() for d in errors(result)]
    engine_lines_are_lines(result.engine)
    out = play(tmp_path, result.name)
    hostile = '""" + ' + PAYLOAD + ' + """'
    assert any(hostile in doc for doc in out["docs"].values())
    no_marker(tmp_path)


@pytest.mark.parametrize("where", ["source", "title", "phase"])
def test_a_line_break_in_a_text_is_refused_at_its_place(where, tmp_path: Path):
    """``\\n`` is no escape: the text cannot end a docstring's line."""
    if where == "source":
        spec = _spec_with('source "Turn › Earn"', 'source "x\\"\\"\\"\\n' + PAYLOAD + '\\n\\"\\"\\""')
    elif where == "title":
        spec = _spec_with('"Earn"', '"\\"\\"\\"\\n' + PAYLOAD + ' #"')
    else:
        spec = _spec_with('phase work "Work"', 'phase work "Work\\n' + PAYLOAD + '"')
    result = _build_text(tmp_path, spec)
    assert {d.code for d in errors(result)} == {"E0007"}
    d = errors(result)[0]
    line = source_lines(spec)[d.span.line - 1]
    assert line[d.span.column - 1:d.span.column + 1] == "\\n"
    assert result.engine is None and not (tmp_path / "generated" / "tiny.py").exists()


def test_an_action_title_of_double_quotes_is_data_during_play(tmp_path: Path):
    """Its quoted copy in the docstring of ``legal_earn`` used to be ``repr``, which chose
    single quotes and let the title's \"\"\" close the docstring."""
    title = '""" + ' + PAYLOAD + ' + """'
    result = _build_text(tmp_path, _spec_with('"Earn"', '"' + title.replace('"', '\\"') + '"'))
    assert errors(result) == []
    out = play(tmp_path, result.name)
    assert out["action_titles"]["earn"] == title
    assert out["docs"]["legal_earn"] == f"Choices of '{title}' open to player p (spec line {EARN[0]})."
    no_marker(tmp_path)


@pytest.mark.parametrize("path, code", [
    ("cards\\n.yaml", "E0007"), ("cards\r.yaml", "E0001"), ("cards\u2028.yaml", "E0006"),
    ("../outside.cards.yaml", "E0311"), ("sub/../../outside.cards.yaml", "E0311"),
    ("/dev/zero", "E0311"), ("/etc/passwd", "E0311"), ("C:\\\\cards.yaml", "E0311"),
    ("link.cards.yaml", "E0311"), (".", "E0312"), ("sub", "E0312"), ("fifo.cards.yaml", "E0312"),
])
def test_a_catalogue_path_stays_in_the_spec_folder(path, code, tmp_path: Path):
    outside = tmp_path / "outside.cards.yaml"
    outside.write_text("cards:\n  - name: farm\n    value: 1\n", encoding="utf-8")
    project = tmp_path / "project"
    (project / "specs" / "sub").mkdir(parents=True)
    (project / "specs" / "link.cards.yaml").symlink_to(outside)
    os.mkfifo(project / "specs" / "fifo.cards.yaml")
    spec = MINIMAL_SPEC + "\n" + _CARD.replace("example.cards.yaml", path)
    spec_path = project / "specs" / "tiny.rules"
    spec_path.write_text(spec, encoding="utf-8")
    result = pipeline.analyse(spec_path)
    found = errors(result)
    assert [d.code for d in found] == [code], [d.render() for d in found]
    line = source_lines(spec)[found[0].span.line - 1]
    assert line.startswith("catalogue buildings") and line[found[0].span.column - 1] in '"\\\r\u2028'
    assert pipeline.catalogue_paths(result) <= {(project / "specs" / "fifo.cards.yaml").resolve(),
                                                (project / "specs" / "sub").resolve(),
                                                (project / "specs").resolve()}


def test_a_link_inside_the_folder_is_read(tmp_path: Path):
    (tmp_path / "specs" / "data").mkdir(parents=True)
    (tmp_path / "specs" / "data" / "real.yaml").write_text("cards:\n  - name: farm\n    value: 1\n")
    (tmp_path / "specs" / "example.cards.yaml").symlink_to(tmp_path / "specs" / "data" / "real.yaml")
    result = _build_text(tmp_path, MINIMAL_SPEC + "\n" + _CARD)
    assert errors(result) == [] and len(result.cards) == 1


@pytest.mark.parametrize("title", ["C:\\\\users", "\\\\x41", "\\\\u00e9", "\\\\N{BULLET}", "a\\\\", "\\\\"])
def test_backslashes_in_a_title_are_kept_as_written(title, tmp_path: Path):
    """``\\\\`` is a backslash; Python's escapes (\\x, \\u, \\N) mean nothing in a docstring."""
    result = _build_text(tmp_path, _spec_with('"Earn"', f'"{title}"').replace(
        'source "Turn › Earn"', f'source "{title}"'))
    assert errors(result) == [], [d.render() for d in errors(result)]
    out = play(tmp_path, result.name)
    value = title.replace("\\\\", "\\")
    assert out["action_titles"]["earn"] == value
    assert out["docs"]["apply_earn"] == f"{value} (spec line {EARN[0]}). Source: {value}."


@pytest.mark.parametrize("escape", ["\\x41", "\\u00e9", "\\N{BULLET}", "\\n", "\\t", "\\0", "\\U0001F600",
                                    "\\q"])
def test_python_escapes_in_a_text_are_unknown_escapes(escape, tmp_path: Path):
    spec = _spec_with('"Earn"', f'"Earn {escape}"')
    result = _build_text(tmp_path, spec)
    [d] = errors(result)
    assert d.code == "E0007" and (d.span.line, d.span.column) == (EARN[0], EARN[1] + 6), d.render()
    assert escape[:2] in d.message and d.hint
    no_temp_files(tmp_path)


@pytest.mark.parametrize("ch", ["\x00", "\t", "\x0b", "\x0c", "\x1b", "\x85", "\u2028", "\u2029",
                                "\u202e", "\ud800", "\udc80"])
def test_a_control_character_in_a_text_is_refused_where_it_is(ch, tmp_path: Path):
    spec = _spec_with('"Earn"', f'"Ea{ch}rn"')
    if "\ud800" <= ch <= "\udfff":  # no file holds one; an editor or a tool may pass one in
        result = pipeline.analyse(tmp_path / "tiny.rules", spec)
    else:
        result = _build_text(tmp_path, spec)
    [d] = errors(result)
    assert d.code == "E0006" and (d.span.line, d.span.column) == (EARN[0], EARN[1] + 3), d.render()
    assert f"U+{ord(ch):04X}" in d.message
    rendered = d.render({d.span.path: spec})
    assert ch not in rendered and "\x1b" not in rendered  # shown, not sent to the terminal
    no_temp_files(tmp_path)


def test_a_lone_surrogate_outside_texts_never_leaves_a_temp_file(tmp_path: Path, monkeypatch):
    """Only a tool can pass one in (a file is UTF-8): in a comment of a statement's line,
    the engine shows it as an escape; whatever cannot be written as UTF-8 is E0009."""
    spec = MINIMAL_SPEC.replace("    gain coin 1\n", "    gain coin 1  # a note \ud800\n", 1)
    (tmp_path / "specs").mkdir()
    path = tmp_path / "specs" / "tiny.rules"
    path.write_text("placeholder", encoding="utf-8")
    driver.write_runtime(tmp_path)
    compile_spec = pipeline.compile_spec
    monkeypatch.setattr(pipeline, "compile_spec", lambda p: compile_spec(p, spec))
    result, _ = driver.build_spec(path, tmp_path)
    assert result.engine is not None and "# a note \\ud800" in result.engine
    engine_lines_are_lines(result.engine)
    assert [d.code for d in errors(result)] in ([], ["E0009"])
    target = tmp_path / "generated" / "tiny.py"
    target.write_text("previous\n", encoding="utf-8")
    with pytest.raises(UnicodeEncodeError):
        driver.write_if_changed(target, "x \ud800")
    assert target.read_text(encoding="utf-8") == "previous\n"
    no_temp_files(tmp_path)


def test_a_failed_write_keeps_the_previous_file_and_no_temp_file(tmp_path: Path, monkeypatch):
    target = tmp_path / "generated" / "tiny.py"
    target.parent.mkdir()
    target.write_text("previous\n", encoding="utf-8")

    def fail(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError):
        driver.write_if_changed(target, "new\n")
    assert target.read_text(encoding="utf-8") == "previous\n"
    no_temp_files(tmp_path)


def test_a_build_that_cannot_write_reports_e0009(tmp_path: Path, monkeypatch):
    def fail(*args):
        raise PermissionError(13, "Permission denied")

    specs = write_specs(tmp_path, {"tiny.rules": MINIMAL_SPEC})
    driver.write_runtime(tmp_path)
    monkeypatch.setattr(os, "replace", fail)
    result, changed = driver.build_spec(specs / "tiny.rules", tmp_path)
    assert not changed and not (tmp_path / "generated" / "tiny.py").exists()
    [d] = errors(result)
    assert d.code == "E0009" and "Permission denied" in d.message and d.hint
    no_temp_files(tmp_path)


@pytest.mark.parametrize("name", ['a"""b', "a'''b", "x\\y", "#x", "{{x}}", 'q"'])
def test_a_spec_file_name_is_not_code(name, tmp_path: Path):
    spec = _spec_with('game tiny "Tiny"', 'game tiny "Tiny \\"\\"\\" + ' + PAYLOAD + ' + \\"\\"\\""')
    result = _build_text(tmp_path, spec, name=f"{name}.rules")
    assert errors(result) == [], [d.render() for d in errors(result)]
    out = play(tmp_path, "tiny")
    assert out["doc"].startswith('Tiny """ + ' + PAYLOAD + ' + """: a playable engine generated by rulebook '
                                 f"from specs/{name}.rules.")
    no_marker(tmp_path)


@pytest.mark.parametrize("value, kind", [("2024-05-01", "a date"), (".nan", "a number"), ("12", "a number"),
                                         ("yes", "true/false"), ("[a, b]", "a list"), ("~", "nothing")])
def test_a_card_title_that_yaml_reads_as_something_else(value, kind, tmp_path: Path):
    cards = f"cards:\n  - name: farm\n    title: {value}\n    value: 1\n"
    result = _build_text(tmp_path, MINIMAL_SPEC + "\n" + _CARD, cards)
    [d] = errors(result)
    assert d.code == "E0313" and kind in d.message and (d.span.line, d.span.column) == (3, 12), d.render()
    assert d.span.path.endswith("example.cards.yaml")


@pytest.mark.parametrize("key", ["title", "source", "note", "value_text"])
def test_a_control_character_in_a_card_text_is_refused(key, tmp_path: Path):
    spec = MINIMAL_SPEC + "\n" + _CARD.replace('field value: int "cost"',
                                               'field value: int "cost"\n  field value_text: text = "x"')
    cards = f'cards:\n  - name: farm\n    value: 1\n    {key}: "a\\u2028b\\ud800"\n'
    result = _build_text(tmp_path, spec, cards)
    [d] = errors(result)
    assert d.code == "E0314" and "U+2028" in d.message and d.span.line == 4, d.render()


@pytest.mark.parametrize("name", ["_runtime", "__init__", "_x", "class", "import", "list", "print", "id"])
def test_a_game_name_that_cannot_name_its_module(name, tmp_path: Path):
    result = _build_text(tmp_path, _spec_with("game tiny", f"game {name}"))
    [d] = errors(result)
    assert d.code == "E0008" and (d.span.line, d.span.column) == (1, 6), d.render()
    if name not in ("_runtime", "__init__"):
        assert not (tmp_path / "generated" / f"{name}.py").exists()
    assert {p.name: p.read_text(encoding="utf-8")
            for p in (tmp_path / "generated" / "_runtime").glob("*.py")} == render_runtime()
    assert "Generated engines" in (tmp_path / "generated" / "__init__.py").read_text(encoding="utf-8")


def test_a_name_beginning_with_an_underscore_is_refused_everywhere(tmp_path: Path):
    spec = _spec_with('resource coin "Coin"', 'resource _coin "Coin"').replace("gain coin 1", "gain _coin 1")
    result = _build_text(tmp_path, spec)
    lines = [n for n, line in enumerate(source_lines(spec), 1) if "_coin" in line]
    assert len(lines) == 3
    assert [(d.code, d.span.line) for d in errors(result)] == [("E0008", n) for n in lines]


# Found by a fresh-user check: a card name beginning with `_` was accepted, as were YAML's
# other notations of numbers (`0x10` read as 16, `1:20` as 80), silently.
def test_a_card_name_beginning_with_an_underscore_is_refused_at_its_line(tmp_path: Path):
    cards = "cards:\n  - name: farm\n    value: 1\n  - name: _mill\n    value: 2\n"
    [d] = errors(_build_text(tmp_path, MINIMAL_SPEC + "\n" + _CARD, cards))
    assert d.code == "E0008" and "`_mill`" in d.message, d.render()
    assert (d.span.line, d.span.column) == (4, 11) and d.span.path.endswith("example.cards.yaml")


@pytest.mark.parametrize("written, read", [("0x10", 16), ("1_000", 1000), ("1:20", 80), ("017", 15),
                                           ("0b11", 3), ("+2", 2), ("-0x2", -2)])
@pytest.mark.parametrize("place", ["value", "cost", "copies"])
def test_a_number_in_another_notation_is_refused_at_its_line(written, read, place, tmp_path: Path):
    spec = MINIMAL_SPEC + "\n" + _CARD.replace('field value: int "cost"',
                                               'field value: int "cost"\n  field cost: bag "price"')
    value = {"value": written, "cost": f"{{coin: {written}}}", "copies": written}[place]
    cards = f"cards:\n  - name: farm\n    value: 1\n    cost: {{}}\n  - name: mill\n    {place}: {value}\n" \
        + "".join(f"    {k}: {v}\n" for k, v in (("value", 2), ("cost", "{}")) if k != place)
    found = [d for d in errors(_build_text(tmp_path, spec, cards)) if d.code == "E0322"]
    assert len(found) == 1 and found[0].span.line == 6, [d.render() for d in found]
    assert f"YAML reads `{written}`" in found[0].message and f"as {read}" in found[0].message
    assert found[0].hint == f"write it in plain digits: `{read}`"


# Found auditing the numbers above: a text or enum field that YAML typed (`no`, `on`,
# `0x10`) was reported as Python's `False`, `True`, `16`, with no hint that quotes fix it.
@pytest.mark.parametrize("written, kind", [("no", "true/false"), ("on", "true/false"), ("0x10", "a number"),
                                           ("2024-01-01", "a date"), ("~", "nothing (null)")])
def test_a_text_yaml_reads_as_something_else_names_what_was_written(written, kind, tmp_path: Path):
    spec = MINIMAL_SPEC + "\n" + _CARD.replace('field value: int "cost"',
                                               'field value: int "cost"\n  field label: text "label"')
    cards = f"cards:\n  - name: farm\n    value: 1\n    label: {written}\n"
    [d] = errors(_build_text(tmp_path, spec, cards))
    assert d.code == "E0308" and d.span.line == 4, d.render()
    assert d.message.endswith(f"YAML reads `{written}` as {kind}, not a text")
    assert d.hint == f'put it in quotes: `label: "{written}"`'


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85", "\x0c", "\x0b", "\x1c", "\x1d", "\x1e"])
def test_other_line_breaks_in_a_spec_do_not_shift_the_spec_line_comments(separator, tmp_path: Path):
    """Only ``\\n`` ends a line, for the parser and for every line number the compiler writes."""
    spec = MINIMAL_SPEC.replace("action earn", f"# a{separator}b{separator}c\naction earn", 1)
    spec = spec.replace("    score 1\n", f"    score 1  # x{separator}y\n", 1)
    result = _build_text(tmp_path, spec)
    assert errors(result) == []
    engine_lines_are_lines(result.engine)
    lines = source_lines(spec)
    found = 0
    for line in result.engine.split("\n"):
        text = line.strip()
        if text.startswith("# spec line "):
            number, _, rest = text[len("# spec line "):].partition(": ")
            assert rest == comment(lines[int(number) - 1].strip())
            found += 1
    assert found >= 3
    assert "score 1  # x\\" in result.engine
    d = errors(_build_text(tmp_path, spec.replace("score 1  #", "score oops  #")))[0]
    assert d.span.line == lines.index("    score 1  # x" + separator + "y") + 1


# ------------------------------------------------------------------ the quoting rules themselves
@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(), max_size=40) | hostile_texts())
def test_each_quoting_rule_keeps_text_as_data(text):
    source = (f'"""{docstring(text)}"""\n'
              f"# {comment(text)}\n"
              f"x = {literal(text)}\n"
              f"def f():\n    \"\"\"{docstring(text)}\"\"\"\n")
    assert source.splitlines() == source.split("\n")[:-1]  # no line break but the five
    namespace: dict = {}
    exec(compile(source, "quoted.py", "exec"), namespace)
    assert namespace["__doc__"] == text and namespace["x"] == text and namespace["f"].__doc__ == text
    assert set(namespace) == {"__builtins__", "__doc__", "x", "f"}


def test_literal_refuses_what_repr_would_not_read_back():
    import datetime

    for value in (datetime.date(2024, 5, 1), float("nan"), 1.5, object(), {1, 2}, b"x"):
        with pytest.raises(UnquotedText):
            literal(value)
    assert literal(Token("NAME", "x")) == "'x'" and literal((1,)) == "(1,)"
    assert literal({"a": [True, None, ("b",)]}) == repr({"a": [True, None, ("b",)]})


@pytest.mark.parametrize("name", ["class", "list", "print", "1x", "a-b", "é", "", "a b", "x\n"])
def test_identifier_refuses_keywords_builtins_and_non_names(name):
    with pytest.raises(UnquotedText):
        identifier(name)


def test_the_engine_templates_refuse_unquoted_text():
    env = engine_environment(jinja2.DictLoader({"t": "x = {{ value }}"}))
    for value in ("text", Token("NAME", "x"), None, 1.5, ["a"]):
        with pytest.raises(UnquotedText):
            env.get_template("t").render(value=value)
    assert env.get_template("t").render(value=3) == "x = 3"


_SAFE_FILTERS = {"literal", "docstring", "comment", "ident", "ref"}
#: Outputs of the engine templates without a quoting filter: generated code or whole numbers.
_UNFILTERED = {"fn", "table", "line", "lo", "hi", "loop.index0", "players"}


def test_every_output_of_the_engine_templates_goes_through_a_quoting_filter():
    """Read statically, so a branch the shipped specs never take is checked too."""
    env = jinja2.Environment()
    for path in sorted((REPO_ROOT / "compiler" / "engine" / "templates").glob("*.j2")):
        tree = env.parse(path.read_text(encoding="utf-8"))
        for output in tree.find_all(nodes.Output):
            for node in output.nodes:
                if isinstance(node, nodes.TemplateData) or (isinstance(node, nodes.Filter)
                                                            and node.name in _SAFE_FILTERS):
                    continue
                names = {n.name for n in node.find_all(nodes.Name)} | (
                    {node.name} if isinstance(node, nodes.Name) else set())
                attrs = {f"{n.node.name}.{n.attr}" for n in node.find_all(nodes.Getattr)
                         if isinstance(n.node, nodes.Name)}
                if isinstance(node, nodes.Getattr) and isinstance(node.node, nodes.Name):
                    attrs.add(f"{node.node.name}.{node.attr}")
                ok = (isinstance(node, nodes.Name) and node.name in _UNFILTERED) or attrs == {"loop.index0"} \
                    or isinstance(node, nodes.CondExpr) and "players" in {a.split(".")[-1] for a in attrs} | {
                        n.attr for n in node.find_all(nodes.Getattr)}
                assert ok, f"{path.name}:{node.lineno}: output without a quoting filter ({names or attrs})"


#: Attributes of the AST that hold spec text (not names).
_TEXT_ATTRIBUTES = {"title", "text", "label", "path", "description", "rulebook", "citation",
                    "players_provisional", "meta", "source_lines"}


def test_codegen_puts_spec_text_in_code_only_through_the_quoting_rules():
    """In the engine backend (compiler/engine/codegen.py, legal.py, pyexpr.py, bags.py,
    statements.py and the modules of compiler/engine/ that write source): no ``repr`` (a
    token's repr is not its text), and no f-string that becomes a line of code reads a text
    attribute except inside ``literal``/``docstring``/``comment``."""
    for name in ("codegen.py", "legal.py", "pyexpr.py", "bags.py", "statements.py", "choices.py",
                 "mode_tables.py", "naming.py", "end_checks.py"):
        path = REPO_ROOT / "compiler" / "engine" / name
        tree = pyast.parse(path.read_text(encoding="utf-8"))
        for node in pyast.walk(tree):
            assert not (isinstance(node, pyast.FormattedValue) and node.conversion != -1), \
                f"{name}:{node.lineno}: !r/!s/!a in an f-string: use literal()"
            assert not (isinstance(node, pyast.Call) and isinstance(node.func, pyast.Name)
                        and node.func.id == "repr"), f"{name}:{node.lineno}: repr(): use literal()"
            if isinstance(node, pyast.Call) and isinstance(node.func, pyast.Attribute) \
                    and node.func.attr == "line" and node.args:
                for value in pyast.walk(node.args[0]):
                    if isinstance(value, pyast.FormattedValue):
                        _assert_no_raw_text(name, value.value)


def _assert_no_raw_text(name: str, expr) -> None:
    if isinstance(expr, pyast.Call) and isinstance(expr.func, pyast.Name) and expr.func.id in (
            "literal", "docstring", "comment"):
        return
    for sub in pyast.iter_child_nodes(expr):
        _assert_no_raw_text(name, sub)
    assert not (isinstance(expr, pyast.Attribute) and expr.attr in _TEXT_ATTRIBUTES), \
        f"{name}:{expr.lineno}: spec text `.{expr.attr}` in a line of code without quoting"


def test_a_carriage_return_ends_a_line_in_a_file_and_is_refused_in_a_text(tmp_path: Path):
    """Spec files are read with universal newlines (``\\r`` and ``\\r\\n`` end lines, as in
    editors); a text given as a string keeps the ``\\r``, which no text may hold."""
    spec = _spec_with('"Earn"', '"Ea\rrn"')
    [d] = errors(_build_text(tmp_path, spec))
    assert d.code == "E0001" and (d.span.line, d.span.column) == EARN, d.render()
    [d] = errors(pipeline.analyse(tmp_path / "tiny.rules", spec))
    assert d.code == "E0006" and (d.span.line, d.span.column) == (EARN[0], EARN[1] + 3), d.render()


def test_each_mode_calls_its_own_version_of_a_replaced_derived_value(tmp_path: Path):
    """Function names are made once, with __<mode> for a later version: code must look a
    derived value up in the mode's table, not call the first version by its name."""
    spec = MINIMAL_SPEC.replace("    score 1\n", "    score bonus\n", 1) + (
        '\nderived bonus "Bonus" = 1 {\n  source "Turn"\n}\n\n'
        'mode big "Big" {\n  replace derived bonus "Bonus" = 3 {\n    source "Turn"\n  }\n}\n\n'
        'mode small "Small" {\n}\n')
    result = _build_text(tmp_path, spec)
    assert errors(result) == [], [d.render() for d in errors(result)]
    scores = {}
    for mode in ("big", "small"):
        run = subprocess.run([sys.executable, "-c", (
            "from generated import tiny\n"
            f"g = tiny.Game(2, mode={mode!r}); s = g.new_initial_state()\n"
            "s.apply_action(next(a for a in s.legal_actions() if a.name == 'earn'))\n"
            "print(max(s.scores()))")], cwd=tmp_path, capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
        scores[mode] = int(run.stdout)
    assert scores == {"big": 3, "small": 1}
