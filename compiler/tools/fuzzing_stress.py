"""Stress inputs for the fuzzer: specs and catalogues sized around the bounds of
:mod:`compiler.analysis.limits` (long mode chains, module fan-out, deep expressions and
blocks, huge literals, thousands of declarations, constructs of thousands of parts, and
the generators of the newer constructs), and catalogue files edited into odd YAML.

Split from :mod:`compiler.tools.fuzzing` (issue 9's size rule), whose Hypothesis loader,
token cutter and edits these build on; :func:`compiler.tools.fuzzing.fuzz_inputs` mixes
them into a campaign's inputs.  The edits themselves live by subject in
:mod:`compiler.tools.fuzzing_sizes` (sizes, declarations, expressions, blocks) and
:mod:`compiler.tools.fuzzing_constructs` (the newer constructs); this module gathers them
into :data:`STRESS` and keeps the catalogue edits.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from compiler.tools.fuzzing import _hypothesis
from compiler.tools.fuzzing_constructs import (
    _stress_automata,
    _stress_card_rules,
    _stress_dice,
    _stress_ends,
    _stress_extensions,
    _stress_mid_choices,
    _stress_pieces,
    _stress_questions,
    _stress_repetition,
    _stress_selection,
    _stress_table,
    _stress_take_action,
    _stress_top_only,
    _stress_track_ranges,
    _stress_value_choices,
)
from compiler.tools.fuzzing_sizes import (
    DIGITS,
    _size,
    _stress_deep_blocks,
    _stress_deep_expression,
    _stress_family,
    _stress_huge_literal,
    _stress_many_declarations,
    _stress_mode_chain,
    _stress_module_fanout,
    _stress_wide,
)


@dataclass(frozen=True)
class CatalogueCase:
    """A fuzz input with catalogue files: the spec's ``text`` and ``catalogues``, pairs of a
    file name (as the spec names it) and the YAML text that replaces that file."""

    text: str
    catalogues: tuple[tuple[str, str], ...]


#: Every stress edit: ``(draw, strategies, text) -> text``.
STRESS = (_stress_mode_chain, _stress_module_fanout, _stress_deep_expression, _stress_deep_blocks,
          _stress_huge_literal, _stress_many_declarations, _stress_wide, _stress_family,
          _stress_questions, _stress_ends, _stress_table, _stress_top_only, _stress_track_ranges,
          _stress_dice, _stress_card_rules, _stress_pieces, _stress_mid_choices, _stress_extensions,
          _stress_take_action,
          _stress_repetition,
          _stress_automata,
          _stress_selection,
          _stress_value_choices)


def spec_stress(text: str):
    """A strategy of texts: ``text`` with one stress edit (long mode chains, module fan-out,
    deep expressions, deep blocks, huge literals, thousands of declarations, constructs of
    thousands of parts), sized around the bounds of :mod:`compiler.analysis.limits`.  Raises
    FuzzingUnavailable without Hypothesis."""
    _, st = _hypothesis()

    @st.composite
    def stressed(draw) -> str:
        return draw(st.sampled_from(STRESS))(draw, st, text)

    return stressed()


def _yaml_alias(draw, n: int, cards: str) -> str:
    """Billion laughs: each level a list of 9 aliases of the level before (``n`` levels)."""
    levels = ['    note: &fz0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    levels += [f"    note: &fz{i} [" + ", ".join([f"*fz{i - 1}"] * 9) + "]" for i in range(1, n)]
    return cards + "".join(f"  - name: fz_laugh{i}\n{line}\n" for i, line in enumerate(levels))


#: YAML values of every shape, for places that expect another: numbers, null, true/false, a
#: date, not-a-number, lists and mappings (nested), a text.
_ODD_YAML = ("5", "1.5", "~", "true", "2024-01-01", ".nan", "[a]", "[[a]]", "[{a: 1}]", "{a: 1}",
             "{a: [1]}", "'text'", "[1, ~]", "{1: 2}", "{~: 1}")


def catalogue_stress(text: str, folder: Path):
    """A strategy of :class:`CatalogueCase`: ``text`` with its first catalogue file (read
    from ``folder``) edited: YAML anchors and aliases (billion laughs, a recursive alias,
    merge keys), lists nested thousands deep, numbers of thousands of digits, entries,
    copies, keys of one card or one key repeated by the thousand, an oversize file, a key
    or a value of another shape than its place takes (a number, null, a date, a list or a
    mapping where a name, a text or a list of names goes).
    Raises FuzzingUnavailable without Hypothesis."""
    _, st = _hypothesis()
    m = re.search(r'from "([^"]+)"', text)
    name = m.group(1) if m else None
    try:
        cards = (folder / name).read_text(encoding="utf-8") if name else ""
    except OSError:
        cards = ""
    key = next(iter(re.findall(r"^([a-z_]+):\s*$", cards, re.M)), "cards")

    @st.composite
    def stressed(draw) -> CatalogueCase:
        n = _size(draw, st)
        kind = draw(st.sampled_from(("alias", "recursive", "merge", "flow", "block", "digits",
                                     "entries", "copies", "keys", "same key", "oversize", "shape")))
        if kind == "alias":
            yaml_text = _yaml_alias(draw, min(n, 12) + 1, cards)
        elif kind == "recursive":
            yaml_text = f"{key}: &fzr\n  - *fzr\n"
        elif kind == "merge":
            yaml_text = cards + "  - &fzb {name: fz_base}\n  - <<: *fzb\n    name: fz_merged\n"
        elif kind == "flow":
            yaml_text = cards + "  - name: fz_deep\n    note: " + "[" * n + "]" * n + "\n"
        elif kind == "block":
            yaml_text = cards + "  - name: fz_deep\n    note:\n" + "".join(
                "  " * (i + 3) + "-\n" for i in range(n))
        elif kind == "digits":
            yaml_text = cards + f"  - name: fz_digits\n    copies: {'9' * draw(st.sampled_from(DIGITS))}\n"
        elif kind == "entries":
            yaml_text = cards + "".join(f"  - {{name: fz_card{i}}}\n" for i in range(n))
        elif kind == "keys":
            yaml_text = cards + "  - name: fz_keys\n" + "".join(f"    fz_key{i}: 1\n" for i in range(n))
        elif kind == "same key":
            yaml_text = cards + "  - name: fz_same\n" + "".join(f"    title: t{i}\n" for i in range(n))
        elif kind == "copies":
            yaml_text = cards + "".join(f"  - {{name: fz_card{i}, copies: 1000}}\n"
                                        for i in range(min(n, 100)))
        elif kind == "shape":  # a key, or a value where a name, a text or a list goes, of another shape
            field = draw(st.sampled_from(sorted(set(re.findall(r"^    ([a-z_]+):", cards, re.M))
                                                | {"name", "title", "copies", "provisional_fields"})))
            odd = draw(st.sampled_from(_ODD_YAML))
            entry = draw(st.sampled_from([f"    {field}: {odd}\n", f"    {odd}: 1\n"]))
            yaml_text = cards + "  -\n" + ("    name: fz_shape\n" if field != "name" else "") + entry
        else:
            yaml_text = cards + "# " + "x" * 600_000 + "\n"
        return CatalogueCase(text, ((name, yaml_text),) if name else ())

    return stressed()
