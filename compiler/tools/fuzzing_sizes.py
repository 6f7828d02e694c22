"""Stress inputs sized around the bounds of :mod:`compiler.analysis.limits`: the sizes
a stress input is built with, and the edits that grow a spec's declarations, expressions
and blocks (long mode chains, module fan-out, deep expressions and blocks, huge literals,
thousands of declarations, constructs of thousands of parts, a family of many members).

Split from :mod:`compiler.tools.fuzzing_stress` (issue 9's size rule), which gathers
these with the generators of the newer constructs
(:mod:`compiler.tools.fuzzing_constructs`) into its ``STRESS``.
"""

from __future__ import annotations

import re

from compiler.tools.fuzzing import Tokens, _pick

# ------------------------------------------------------------------ stress: the sizes of things
#: How many: the sizes a stress input is built with, around every bound of compiler.analysis.limits
#: (nesting 16 and 40, 50 links, 199/201 Python parentheses, 1,000 terms, 2,000 modes...).
SIZES = (0, 1, 2, 3, 7, 15, 17, 39, 41, 49, 51, 99, 150, 199, 201, 500, 999, 1001, 2001, 3000,
         5000, 12000)
#: How many digits a huge number has (Python reads at most 4,300 in decimal).
DIGITS = (9, 10, 11, 19, 20, 100, 4300, 4301, 6000)


def _size(draw, st) -> int:
    return draw(st.sampled_from(SIZES))


def _name_of(text: str, keyword: str) -> str | None:
    """The name of the first ``keyword NAME`` declaration of ``text``, if any."""
    m = re.search(rf"^{keyword} ([a-z_][a-z0-9_]*)", text, re.M)
    return m.group(1) if m else None


def _stress_mode_chain(draw, st, text: str) -> str:
    """Modes each extending the one before (or the one after: composed deepest first),
    each setting a param."""
    n = _size(draw, st) + 1
    param = _name_of(text, "param")
    reverse = draw(st.booleans())
    body = f"  set {param} = 1\n" if param and draw(st.booleans()) else ""
    out = [text, "\n"]
    for i in range(n):
        parent = (i + 1 if i + 1 < n else None) if reverse else (i - 1 if i else None)
        extends = f" extends fz{parent}" if parent is not None else ""
        out.append(f'mode fz{i} "Fz {i}"{extends} {{\n{body}}}\n')
    return "".join(out)


def _stress_module_fanout(draw, st, text: str) -> str:
    """Modules each using the one before ``k`` times, used by one mode: k^levels changes."""
    levels, k = _size(draw, st) % 40 + 1, draw(st.integers(1, 4))
    param = _name_of(text, "param")
    first = f"  set {param} = 1\n" if param else ""
    out = [text, f'\nmodule fzm0 "M0" {{\n{first}}}\n']
    out += [f'module fzm{i} "M{i}" {{\n' + f"  use fzm{i - 1}\n" * k + "}\n" for i in range(1, levels)]
    out.append(f'mode fzmode "Fz" {{\n  use fzm{levels - 1}\n}}\n')
    return "".join(out)


#: Ways to nest an expression ``x`` one level deeper.
_NESTINGS = ("({})", "not {}", "-{}", "max({}, 1)", "abs({})", "{} // 2", "({} + 1)",
             "count my hand where {} > 0", "({} == 1)")
#: Long flat chains of ``n`` terms.
_CHAINS = (" + ", " - ", " * ", " // ", " and ", " or ", " < ")


def _stress_deep_expression(draw, st, text: str) -> str:
    """A number of the spec replaced by an expression nested ``n`` deep, or by a chain of
    ``n`` terms."""
    toks = Tokens.of(text)
    numbers = toks.of_kind("number")
    if not numbers:
        return text
    n = _size(draw, st)
    if draw(st.booleans()):
        expr = "1"
        for _ in range(n):
            expr = draw(st.sampled_from(_NESTINGS)).format(expr)
    else:
        expr = draw(st.sampled_from(_CHAINS)).join(["1"] * max(n, 1))
    return toks.replace(_pick(draw, st, numbers), expr)


#: Blocks a statement can be wrapped in (``{}`` is the statement).
_BLOCKS = ("if true {{\n{}\n}}", "each player {{\n{}\n}}", "if false {{\n}} else {{\n{}\n}}",
           'ask me {{\n"a" {{\n{}\n}}\n}}')


def _stress_deep_blocks(draw, st, text: str) -> str:
    """A statement of an effect wrapped in ``n`` blocks one inside another."""
    m = list(re.finditer(r"^( *)(score|gain|advance|move|draw|done)\b[^\n]*$", text, re.M))
    if not m:
        return text
    found = m[draw(st.integers(0, len(m) - 1))]
    stmt = found.group().strip()
    for _ in range(_size(draw, st)):
        stmt = draw(st.sampled_from(_BLOCKS)).format(stmt)
    return text[:found.start()] + stmt + text[found.end():]


def _stress_huge_literal(draw, st, text: str) -> str:
    """A number with thousands of digits, or a text of a hundred thousand characters."""
    toks = Tokens.of(text)
    if draw(st.booleans()):
        numbers = toks.of_kind("number")
        if numbers:
            return toks.replace(_pick(draw, st, numbers), "9" * draw(st.sampled_from(DIGITS)))
    strings = toks.of_kind("string")
    if not strings:
        return text
    length = draw(st.sampled_from((1000, 100_000, 400_000)))
    return toks.replace(_pick(draw, st, strings), '"' + "x" * length + '"')


def _stress_many_declarations(draw, st, text: str) -> str:
    """Thousands of declarations: params, copies of an action, or rules naming unknown names."""
    n = _size(draw, st)
    kind = draw(st.sampled_from(("param", "derived", "unknown", "copy")))
    if kind == "param":
        extra = "".join(f'param fzp{i} "Fz {i}" = {i} {{\n}}\n' for i in range(n))
    elif kind == "derived":  # each reads the one before: a chain of n
        extra = "".join(f'derived fzd{i} "Fz {i}" = {f"fzd{i - 1} + 1" if i else "1"} {{\n}}\n'
                        for i in range(n))
    elif kind == "unknown":
        extra = "".join(f'derived fzu{i} "Fz {i}" = fz_missing{i} {{\n}}\n' for i in range(n))
    else:
        m = re.search(r"^action ([a-z_][a-z0-9_]*)\b.*?^}\n", text, re.M | re.S)
        if m is None:
            return text
        block = m.group()
        extra = "".join(block.replace(f"action {m.group(1)} ", f"action {m.group(1)}_fz{i} ", 1)
                        for i in range(n))
    return text + "\n" + extra


def _stress_wide(draw, st, text: str) -> str:
    """One construct with ``n`` parts side by side: options of an `ask`, values of `max`,
    statements of a block, `choose` lines of an action, kinds of a bag choice, transitions."""
    n = max(_size(draw, st), 1)
    kind = draw(st.sampled_from(("ask", "max", "statements", "choices", "bag", "edges")))
    resource = _name_of(text, "resource") or "coin"
    if kind == "edges":
        phase = _name_of(text, "phase")
        m = re.search(r"^flow \{\n", text, re.M)
        if phase is None or m is None:
            return text
        edges = "".join(f"  {phase} -> {phase} when players == {i}\n" for i in range(n))
        return text[:m.end()] + edges + text[m.end():]
    m = re.search(r"^action ([a-z_][a-z0-9_]*) [^\n]*\{\n", text, re.M)
    if m is None:
        return text
    if kind == "choices":
        lines = "".join(f"  choose fzc{i}: 1 to 2\n" for i in range(n))
    elif kind == "bag":
        lines = f"  choose fzb: {draw(st.sampled_from((1, 2, 3)))} of " + ", ".join([resource] * n) + "\n"
    else:
        if kind == "ask":
            stmt = "    ask me {\n" + "".join(f'      "o{i}" {{\n        score {i}\n      }}\n'
                                          for i in range(n)) + "    }\n"
        elif kind == "max":
            stmt = "    score max(" + ", ".join(str(i) for i in range(n)) + ")\n"
        else:
            stmt = f"    gain {resource} 1\n" * n
        lines = "  effect {\n" + stmt + "  }\n"
        rest = text[m.end():]
        effect = re.search(r"^  effect \{\n.*?^  \}\n", rest, re.M | re.S)
        if effect is not None:  # one effect per action: replace it
            rest = rest[:effect.start()] + rest[effect.end():]
        return text[:m.end()] + lines + rest
    return text[:m.end()] + lines + text[m.end():]


def _stress_family(draw, st, text: str) -> str:
    """A resource family kept per an enum of ``n`` members, chosen from, looped over and
    drawn from in a bag choice (E0506 counts a family's members as kinds)."""
    n = max(_size(draw, st), 1)
    m = re.search(r"^action ([a-z_][a-z0-9_]*) [^\n]*\{\n", text, re.M)
    if m is None:
        return text
    members = "".join(f'  fzm{i} "Fz {i}"\n' for i in range(n))
    family = (f'enum fzk "Fz kind" {{\n{members}}}\n'
              'resource fzr "Fz resource" {\n  per fzk\n}\n')
    lines = (f"  choose fzk1: fzk where fzr[fzk1] >= 0\n"
             f"  choose fzb: {draw(st.sampled_from((1, 2, 3)))} of fzr\n"
             "  require has fzr[fzk1] (fzr[fzm0] + 1) and has (fzb * 2 - fzr[fzk1] 1)\n")
    loop = "    for each fzk2 in fzk where fzr[fzk2] < 3 {\n      gain fzr[fzk2] fzr[fzk1]\n    }\n"
    body = text[:m.end()] + lines + text[m.end():]
    effect = re.search(r"^  effect \{\n", body[m.end():], re.M)
    if effect is not None:
        at = m.end() + effect.end()
        body = body[:at] + loop + body[at:]
    return family + body
