"""compiler.docs.markdown: one escaping rule per output context, and the trusted Markdown type."""

from __future__ import annotations

import pytest

from compiler.docs import markdown as md
from compiler.build import errors_page
from compiler.docs.markdown import Markdown
from tests.security.adversarial import PageHtml, fold, to_html


def html_of(page: str) -> PageHtml:
    return PageHtml(to_html(page))


@pytest.mark.parametrize("text", [
    "Cycle › 4 Build / Trade › Build", "2 Take a Card", "Well-being Points", "main_deck",
    "The knowledge marker starts on the track's + level, whose number is not printed; it is taken as 3.",
    "Metropolis Mode (before the leaflet)",
])
def test_ordinary_text_is_left_as_it_is(text):
    assert md.inline(text) == text


@pytest.mark.parametrize("text, escaped", [
    ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
    ("a & b", "a &amp; b"),
    ("[x](javascript:alert(1))", "\\[x\\](javascript:alert(1))"),
    ("![x](y)", "\\!\\[x\\](y)"),
    ('T {: onclick="x" }', 'T \\{: onclick="x" \\}'),
    ("*a* `b` _c_ a_b", "\\*a\\* \\`b\\` \\_c\\_ a_b"),
    ("a | b # c", "a \\| b \\# c"),
    ("x\\", "x\\\\"),
    ("- item", "\\- item"),
    ("+ item", "\\+ item"),
    ("--- rule", "\\--- rule"),
    ("1. one", "1\\. one"),
    ("12. twelve", "12\\. twelve"),
    ("1 Place", "1 Place"),
    ("-1", "-1"),
    ('!!! danger "x"', '\\!!! danger "x"'),
    ("??? example", "&#63;?? example"),
    ("===", "&#61;=="),
    ("~~~", "&#126;~~"),
    ("  two\nlines  and  spaces  ", "two lines and spaces"),
])
def test_inline_escapes_syntax(text, escaped):
    assert md.inline(text) == escaped


@pytest.mark.parametrize("text", [
    "<script>alert(1)</script>", '<a href="javascript:alert(1)">x</a>', "[x](javascript:alert(1))",
    "![x](javascript:alert(1))", 'Title {: onclick="alert(1)" }', "# h #", "- item", "1. one",
    '!!! note "x"', "??? example", "---", "===", "~~~", "> quote", "*em* __strong__", "&amp; &#60;",
    "[TOC]", "<http://example.invalid>", "a | b", "x\\", "    code",
])
@pytest.mark.parametrize("layout", [
    "### {}\n", "{}\n", "!!! note \"Ruling\"\n    {}\n", "- **{}**: {}\n", "*{}*\n",
    "| a | b |\n| --- | --- |\n| {} | x |\n", "??? example \"{title}\"\n\n    x\n",
])
def test_escaped_text_renders_as_itself(text, layout):
    page = layout.format(md.inline(text), md.inline(text), title=md.title(text))
    if layout.startswith("|"):
        page = layout.format(md.cell(text))
    html = html_of(page)
    plain = html_of(layout.format("plain", "plain", title="plain"))
    assert [t for t, _ in html.tags] == [t for t, _ in plain.tags]
    assert [sorted(a) for _, a in html.tags] == [sorted(a) for _, a in plain.tags]
    assert fold(text) in html.text()


def test_a_table_cell_keeps_trusted_markdown_and_escapes_its_pipes():
    assert md.cell(Markdown("*a* | b")) == "*a* \\| b"
    assert md.cell(Markdown("a \\| b")) == "a \\| b"
    assert md.cell("a | b") == "a \\| b"


def test_admonition_titles_quote_their_quotes():
    assert md.title('say "hi"') == "say &quot;hi&quot;"
    html = html_of(f'!!! note "{md.title(chr(34) + "x" + chr(34) + " y")}"\n    body\n')
    assert '"x" y' in html.text()


@pytest.mark.parametrize("text, span", [
    ("gold", "`gold`"), ("a`b", "``a`b``"), ("`x", "`` `x ``"), ("a``b`", "``` a``b` ```"),
    ("<b>", "`<b>`"),
])
def test_code_spans_are_longer_than_any_backtick_run(text, span):
    assert md.code(text) == span
    html = html_of(f"before {span} after")
    assert [t for t, _ in html.tags] == ["p", "code"]
    assert fold(f"before {text} after") == html.text()


def test_a_fence_is_longer_than_any_backtick_run_in_its_text():
    text = 'action a "x" {\n```\n<script>alert(1)</script>\n}'
    lines = md.fence(text, "rulebook", "    ")
    assert lines[0] == "    ````rulebook" and lines[-1] == "    ````"
    assert lines[2] == "    ```"
    html = html_of('??? example "Spec"\n\n' + "\n".join(lines) + "\n\nafter\n")
    assert "script" not in {t for t, _ in html.tags}
    assert "<script>alert(1)</script>" in html.pre[0][1]


def test_a_fence_splits_lines_where_markdown_does():
    lines = md.fence("a\r```\r\n<b>live</b>", "text", "    ")
    assert lines == ["    ````text", "    a", "    ```", "    <b>live</b>", "    ````"]
    assert md.fence("", "text") == ["```text", "", "```"]
    with pytest.raises(ValueError):
        md.fence("x", "text {: onclick=x}")


def test_mermaid_labels_cannot_end_their_quotes_or_add_syntax():
    label = md.mermaid_label('a"] --> B[click B call alert(1) %%{init}%% <b>x</b> `md` | #quot;')
    assert '"' not in label and "%" not in label and "<" not in label and "`" not in label
    assert "|" not in label and "#quot;" in label and "#35;quot;" in label
    assert md.mermaid_label("2 Take a Card (if condition)") == "2 Take a Card (if condition)"


def test_the_markdown_type_escapes_what_it_is_joined_with():
    assert Markdown("**{}**: {}").format("<b>", Markdown("*ok*")) == "**&lt;b&gt;**: *ok*"
    assert Markdown("a") + " *b* " == "a \\*b\\* "
    assert "  - x" + Markdown("*y*") == " \\- x*y*"
    assert Markdown(", ").join(["*a*", Markdown("*b*")]) == "\\*a\\*, *b*"
    assert isinstance(Markdown("{}").format(1), Markdown) and isinstance(Markdown("a") + "b", Markdown)
    assert md.inline(Markdown("*kept*")) == "*kept*"
    assert md.lines([Markdown("*a*"), "*b*", ""]) == "*a*\n\\*b\\*\n"


def test_the_docs_environment_escapes_every_value_that_is_not_markdown():
    env = md.environment()
    template = env.from_string("### {{ title }}\n{{ trusted }}\n{{ lines | lines }}\n"
                               "{{ code | fence('text') }}")
    out = template.render(title="<i>x</i> {: .c }", trusted=Markdown("*t*"), lines=[Markdown("*l*"), "*r*"],
                          code="```")
    assert out == "### &lt;i&gt;x&lt;/i&gt; \\{: .c \\}\n*t*\n*l*\n\\*r\\*\n````text\n```\n````"


def test_the_errors_page_is_unchanged_markdown_of_the_registry():
    page = errors_page()
    html = html_of(page)
    assert "script" not in {t for t, _ in html.tags}
    assert "```rulebook" in page and "??? example" in page


# found by the fresh-user check: a ruling's backticks were shown as literal characters
@pytest.mark.parametrize("text, written, spans", [
    ("Use `require has b.cost` first.", "Use `require has b.cost` first.", 1),
    ("a `<b>x</b>` here", "a `<b>x</b>` here", 1),
    ("``a`b`` and a lone ` tick *em*", "``a`b`` and a lone \\` tick \\*em\\*", 1),
    ("`pay` at the start", "`pay` at the start", 1),
    ("- a list? `x`", "\\- a list? `x`", 1),
    ("[x](javascript:1) `y`", "\\[x\\](javascript:1) `y`", 1),
    ("no quote at all", "no quote at all", 0),
])
def test_prose_shows_quotes_of_code_as_code_and_the_rest_as_text(text, written, spans):
    assert md.prose(text) == written
    html = PageHtml(to_html('!!! note "Ruling"\n    ' + md.prose(text) + "\n"))
    assert [t for t, _ in html.tags if t not in ("div", "p")] == ["code"] * spans  # no link, no em


def test_a_rulings_quoted_code_is_a_code_span_on_the_page():
    from compiler.docs.english import admonition

    box = admonition("ruling", "A `pay` with no `require has` is refused.")
    assert box == ['!!! note "Ruling"', "    A `pay` with no `require has` is refused."]
    html = html_of("\n".join(box) + "\n")
    assert [t for t, _ in html.tags].count("code") == 2 and "`" not in html.text()
