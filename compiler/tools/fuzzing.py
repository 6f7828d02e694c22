"""Fuzzing the compiler: Hypothesis strategies that edit real specs, and the check of one case.

Whatever the text, the compiler must end in success or diagnostics: never a
traceback, never a hang.  The strategies here are shared by the short fuzz
test run in CI (``tests/compiler/test_never_traceback.py``) and the long
campaign of ``rulebook fuzz`` (:mod:`compiler.tools.fuzz_campaign`).  The stress inputs
(sizes around the compiler's bounds, odd catalogues) are in :mod:`compiler.tools.fuzzing_stress`.

Hypothesis is a test extra, imported only when a strategy (or a campaign) is
built; without it those raise :class:`FuzzingUnavailable`, whose message says
how to install it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from dsl.keywords import keywords

#: How a spec is cut into tokens for token-level edits: strings, comments, words,
#: numbers, two-character operators, then any other visible character.
TOKEN_RE = re.compile(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*|[A-Za-z_][A-Za-z0-9_]*|[0-9]+|->|==|!=|<=|>=|//|\S')
WORD_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

#: Numbers a mutation puts in place of a spec's number.
ODD_NUMBERS = ("0", "-1", "1", "2", "7", "-0", "99999999999999999999999", "2147483648", "00")


class FuzzingUnavailable(RuntimeError):
    """Hypothesis is not installed."""


def _hypothesis():
    try:
        import hypothesis
        from hypothesis import strategies
    except ImportError:
        raise FuzzingUnavailable("fuzzing needs Hypothesis, a test extra: "
                                 "pip install -e '.[test]' (or pip install hypothesis)") from None
    return hypothesis, strategies


# ------------------------------------------------------------------ the edits
@dataclass(frozen=True)
class Tokens:
    """A text cut into tokens: ``spans`` are ``(start, end)`` offsets, ``kinds`` one of
    ``keyword``, ``name``, ``number``, ``string``, ``comment``, ``punct``."""

    text: str
    spans: tuple[tuple[int, int], ...]
    kinds: tuple[str, ...]

    @classmethod
    def of(cls, text: str) -> Tokens:
        """Cut ``text`` by :data:`TOKEN_RE`; whitespace is not a token."""
        spans, kinds = [], []
        words = keywords()
        for m in TOKEN_RE.finditer(text):
            tok = m.group()
            if tok[0] == '"':
                kind = "string"
            elif tok[0] == "#":
                kind = "comment"
            elif tok[0].isdigit():
                kind = "number"
            elif WORD_RE.fullmatch(tok):
                kind = "keyword" if tok in words else "name"
            else:
                kind = "punct"
            spans.append(m.span())
            kinds.append(kind)
        return cls(text, tuple(spans), tuple(kinds))

    def of_kind(self, *kinds: str) -> list[int]:
        """Indexes of the tokens of these kinds."""
        return [i for i, k in enumerate(self.kinds) if k in kinds]

    def replace(self, i: int, new: str) -> str:
        """The text with token ``i`` replaced by ``new``."""
        start, end = self.spans[i]
        return self.text[:start] + new + self.text[end:]

    def word(self, i: int) -> str:
        """The text of token ``i``."""
        start, end = self.spans[i]
        return self.text[start:end]


def _pick(draw, st, items):
    return items[draw(st.integers(0, len(items) - 1))]


def _edit_swap_name(draw, st, text: str) -> str:
    """An identifier becomes another identifier of the same spec."""
    toks = Tokens.of(text)
    names = toks.of_kind("name")
    if not names:
        return text
    others = sorted({toks.word(i) for i in names})
    return toks.replace(_pick(draw, st, names), _pick(draw, st, others))


def _edit_swap_keyword(draw, st, text: str) -> str:
    """A keyword becomes another keyword of the language."""
    toks = Tokens.of(text)
    found = toks.of_kind("keyword")
    if not found:
        return text
    return toks.replace(_pick(draw, st, found), _pick(draw, st, sorted(keywords())))


def _edit_delete_token(draw, st, text: str) -> str:
    toks = Tokens.of(text)
    if not toks.spans:
        return text
    return toks.replace(draw(st.integers(0, len(toks.spans) - 1)), "")


def _edit_number(draw, st, text: str) -> str:
    """A number becomes 0, -1, a huge number..."""
    toks = Tokens.of(text)
    numbers = toks.of_kind("number")
    if not numbers:
        return text
    return toks.replace(_pick(draw, st, numbers), _pick(draw, st, ODD_NUMBERS))


def _edit_unbalance(draw, st, text: str) -> str:
    """Delete a brace or parenthesis, or add one before a token."""
    toks = Tokens.of(text)
    brackets = [i for i in toks.of_kind("punct") if toks.word(i) in "{}()[]"]
    if brackets and draw(st.booleans()):
        return toks.replace(_pick(draw, st, brackets), "")
    if not toks.spans:
        return text + "{"
    i = draw(st.integers(0, len(toks.spans) - 1))
    return toks.replace(i, _pick(draw, st, "{}()") + " " + toks.word(i))


def _edit_duplicate_block(draw, st, text: str) -> str:
    """Copy a whole ``{ ... }`` block, from the start of its line, after itself."""
    toks = Tokens.of(text)
    opens = [i for i in toks.of_kind("punct") if toks.word(i) == "{"]
    if not opens:
        return text
    i = _pick(draw, st, opens)
    depth = 0
    for j in range(i, len(toks.spans)):
        w = toks.word(j) if toks.kinds[j] == "punct" else ""
        depth += (w == "{") - (w == "}")
        if depth == 0:
            break
    else:
        return text
    start = text.rfind("\n", 0, toks.spans[i][0]) + 1
    end = toks.spans[j][1]
    return text[:end] + "\n" + text[start:end] + text[end:]


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True) or [""]


def _edit_delete_line(draw, st, text: str) -> str:
    lines = _lines(text)
    i = draw(st.integers(0, len(lines) - 1))
    return "".join(lines[:i] + lines[i + 1:])


def _edit_duplicate_line(draw, st, text: str) -> str:
    lines = _lines(text)
    i = draw(st.integers(0, len(lines) - 1))
    return "".join(lines[:i + 1] + lines[i:])


def _edit_swap_lines(draw, st, text: str) -> str:
    lines = _lines(text)
    i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
    lines[i], lines[j] = lines[j], lines[i]
    return "".join(lines)


def _edit_move_line(draw, st, text: str) -> str:
    lines = _lines(text)
    line = lines.pop(draw(st.integers(0, len(lines) - 1)))
    lines.insert(draw(st.integers(0, len(lines))), line)
    return "".join(lines)


def _edit_delete_character(draw, st, text: str) -> str:
    if not text:
        return text
    i = draw(st.integers(0, len(text) - 1))
    return text[:i] + text[i + 1:]


def _edit_insert_text(draw, st, text: str) -> str:
    """A few random characters dropped somewhere."""
    i = draw(st.integers(0, len(text)))
    junk = draw(st.text(alphabet=st.characters(min_codepoint=9, max_codepoint=0x2FF,
                                               blacklist_categories=("Cs",)), min_size=1, max_size=4))
    return text[:i] + junk + text[i:]


#: What a bag item ``r N`` becomes (constructs 6 and 7): a computed amount, a family's
#: member, bag arithmetic (``{r}`` is the resource, ``{n}`` the amount, ``{x}`` a name).
_BAG_ITEMS = ("{r} ({n} - 1)", "{r} {x}", "{r} (-{n})", "{r}[{x}] {n}", "{r}[{r}] ({x})", "({r} {n}) * 2",
              "2 * {r} {n}", "{r} {n} - {r} 1", "{r} {n} + {x}", "{r} {n} * {r} 1", "{r} ({r} {n})",
              "{x}.{r}[{x}] {n}")


def _edit_bag_amount(draw, st, text: str) -> str:
    """A bag item ``r N`` after ``gain``, ``pay`` or ``has`` rewritten with a computed
    amount, a family key or bag arithmetic, right or wrong (:data:`_BAG_ITEMS`)."""
    m = list(re.finditer(r"\b(gain|pay|has|release) ([a-z_][a-z0-9_]*) ([0-9]+)\b", text))
    if not m:
        return text
    found = m[draw(st.integers(0, len(m) - 1))]
    names = WORD_RE.findall(text) or ["x"]
    item = draw(st.sampled_from(_BAG_ITEMS)).format(r=found.group(2), n=found.group(3),
                                                    x=draw(st.sampled_from(names)))
    return text[:found.start(2)] + item + text[found.end(3):]


#: Every edit: ``(draw, strategies, text) -> text``.
EDITS: tuple[Callable, ...] = (
    _edit_swap_name, _edit_swap_keyword, _edit_delete_token, _edit_number, _edit_unbalance,
    _edit_duplicate_block, _edit_delete_line, _edit_duplicate_line, _edit_swap_lines,
    _edit_move_line, _edit_delete_character, _edit_insert_text, _edit_bag_amount,
)
#: The edits that keep lines whole (the old line-level mutations).
LINE_EDITS = (_edit_delete_line, _edit_duplicate_line, _edit_swap_lines, _edit_move_line)


# ------------------------------------------------------------------ the strategies
def spec_mutations(text: str, max_edits: int = 3, edits: tuple[Callable, ...] = EDITS):
    """A strategy of texts: ``text`` after 1 to ``max_edits`` edits drawn from ``edits``
    (token swaps and deletions, odd numbers, unbalanced braces, duplicated blocks,
    line edits, stray characters).  Raises FuzzingUnavailable without Hypothesis."""
    _, st = _hypothesis()

    @st.composite
    def mutated(draw) -> str:
        out = text
        for _ in range(draw(st.integers(1, max_edits))):
            out = draw(st.sampled_from(edits))(draw, st, out)
        return out

    return mutated()


def random_text(max_size: int = 300):
    """A strategy of random text (any printable plane-0 character up to U+2FFF)."""
    _, st = _hypothesis()
    return st.text(alphabet=st.characters(min_codepoint=9, max_codepoint=0x2FFF,
                                          blacklist_categories=("Cs",)), max_size=max_size)


def token_soup(text: str, max_tokens: int = 60):
    """A strategy of texts made of ``text``'s own tokens (and the keywords), shuffled."""
    _, st = _hypothesis()
    toks = Tokens.of(text)
    vocab = sorted({toks.word(i) for i in range(len(toks.spans))
                    if toks.kinds[i] != "comment"} | keywords() | {"\n"})
    return st.lists(st.sampled_from(vocab), max_size=max_tokens).map(" ".join)


def fuzz_inputs(text: str, folder: Path | None = None):
    """Everything a campaign feeds the compiler: mostly edits of ``text``, some soup
    of its tokens, some random text, and stress inputs (:func:`spec_stress`, and
    :func:`catalogue_stress` of the catalogues in ``folder``, the spec's folder), both
    of :mod:`compiler.tools.fuzzing_stress`."""
    from compiler.tools.fuzzing_stress import catalogue_stress, spec_stress

    _, st = _hypothesis()
    kinds = [spec_mutations(text), spec_mutations(text), spec_mutations(text),
             token_soup(text), random_text(), spec_stress(text), spec_stress(text)]
    if folder is not None:
        kinds.append(catalogue_stress(text, folder))
    return st.one_of(*kinds)


# ------------------------------------------------------------------ one case
def check_input(spec_path: Path, text: str, codegen: bool = True,
                catalogues: tuple[tuple[str, str], ...] = ()) -> None:
    """Run the compiler on ``text`` as if it were the spec at ``spec_path`` (whose
    folder holds its catalogues; ``catalogues``, pairs of a file name and YAML text,
    replace some of them: the spec is then compiled in a temporary copy of the folder).
    Returns when the result is success or diagnostics that render; raises
    AssertionError (or whatever the compiler raised) otherwise.  With ``codegen``, a
    spec without errors is compiled into an engine whose source must ``compile()``,
    and into a docs page."""
    if catalogues:
        import shutil
        import tempfile

        with tempfile.TemporaryDirectory(prefix="rulebook-fuzz-") as folder:
            for other in spec_path.parent.glob("*.yaml"):
                shutil.copy(other, folder)
            for name, yaml_text in catalogues:
                target = Path(folder) / name
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(yaml_text, encoding="utf-8")
            check_input(Path(folder) / spec_path.name, text, codegen)
        return
    from compiler import pipeline
    from dsl.diagnostics import Diagnostic

    result = (pipeline.compile_spec if codegen else pipeline.analyse)(spec_path, text=text)
    assert isinstance(result.diagnostics, list)
    shown = pipeline.display_path(spec_path)
    for d in result.diagnostics:
        assert isinstance(d, Diagnostic), d
        assert d.severity in ("error", "warning"), d
        assert d.render({shown: text}), d
        d.to_json()
    if not result.ok:
        assert any(d.severity == "error" for d in result.diagnostics)
    elif codegen and result.composition is not None and result.composition.game is not None:
        assert result.engine is not None and result.page is not None
        compile(result.engine, f"generated/{result.name}.py", "exec")
