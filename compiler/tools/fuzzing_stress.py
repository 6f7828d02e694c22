"""Stress inputs for the fuzzer: specs and catalogues sized around the bounds of
:mod:`compiler.analysis.limits` (long mode chains, module fan-out, deep expressions and
blocks, huge literals, thousands of declarations, constructs of thousands of parts, and
the generators of the newer constructs), and catalogue files edited into odd YAML.

Split from :mod:`compiler.tools.fuzzing` (issue 9's size rule), whose Hypothesis loader,
token cutter and edits these build on; :func:`compiler.tools.fuzzing.fuzz_inputs` mixes
them into a campaign's inputs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from compiler.tools.fuzzing import Tokens, _hypothesis, _pick

# ------------------------------------------------------------------ stress: the sizes of things
#: How many: the sizes a stress input is built with, around every bound of compiler.analysis.limits
#: (nesting 16 and 40, 50 links, 199/201 Python parentheses, 1,000 terms, 2,000 modes...).
SIZES = (0, 1, 2, 3, 7, 15, 17, 39, 41, 49, 51, 99, 150, 199, 201, 500, 999, 1001, 2001, 3000,
         5000, 12000)
#: How many digits a huge number has (Python reads at most 4,300 in decimal).
DIGITS = (9, 10, 11, 19, 20, 100, 4300, 4301, 6000)


@dataclass(frozen=True)
class CatalogueCase:
    """A fuzz input with catalogue files: the spec's ``text`` and ``catalogues``, pairs of a
    file name (as the spec names it) and the YAML text that replaces that file."""

    text: str
    catalogues: tuple[tuple[str, str], ...]


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


#: Statements of the questions about players, maybe values and order in zones (issue 11,
#: constructs 4 and 5): ``{z}`` a zone, ``{c}`` a condition, ``{e}`` a number, ``{s}`` a statement.
_QUESTIONS = ("each player where {c} with most {e} then fewest {e} where {c} {{\n{s}\n}}",
              "each player with fewest {e} {{\n{s}\n}}",
              "let fzq = the player with most {e} then most {e}\nif fzq != nobody {{\n{s}\n}}",
              "move top of {z} into {z} bottom", "move bottom of {z} where {c} into {z}",
              "move all {z} into {z} bottom", "score (count players where {c}) % ({e})",
              "let fzn = next in {z} after {e} by {e} where {c}\nif fzn != nothing {{\n{s}\n}}",
              "if every player {c} {{\n{s}\n}}",
              "score count {z} as fzc where (count {z} where it == fzc) >= {e}",
              "score (best {z} as fzb by {e}).value", "let fzt = top of {z}\nscore fzt.value",
              "if count {z} >= 1 {{\nscore (top of {z}).value\n}}")
_CONDITIONS = ("true", "vp >= 1", "count my hand > 0", "nothing == nothing", "me != nobody", "{e} % 2 == 0")
_NUMBERS = ("1", "vp", "count my hand", "7 % 3", "-2 % 5", "(1 - 3) % 0", "players")


def _stress_questions(draw, st, text: str) -> str:
    """Statements of questions about players, maybe values and order in zones (nested
    ``n`` deep, on the spec's own zones) put before a statement of an effect."""
    m = list(re.finditer(r"^( *)(score|gain|advance|move|draw|done)\b[^\n]*$", text, re.M))
    zones = re.findall(r"^(?:zone|deck) ([a-z_][a-z0-9_]*)", text, re.M) or ["hand"]
    if not m:
        return text
    found = m[draw(st.integers(0, len(m) - 1))]

    def zone() -> str:
        return draw(st.sampled_from(("", "my "))) + draw(st.sampled_from(zones))

    def number() -> str:
        return draw(st.sampled_from(_NUMBERS))

    stmt = found.group().strip()
    for _ in range(min(_size(draw, st), 60)):
        template = draw(st.sampled_from(_QUESTIONS))
        cond = draw(st.sampled_from(_CONDITIONS)).format(e=number())
        stmt = template.format(z=zone(), c=cond, e=number(), s=stmt)
    return text[:found.start()] + stmt + "\n" + found.group().strip() + text[found.end():]


#: Ends of a track's range and values it is set to (issue 11, construct 12): empty,
#: reversed, huge, computed, and a start outside the range.
_RANGES = ("0 to 0", "1 to 6", "6 to 1", "-5 to 5", "0 to 99999999999999999999999", "players to 2 * players",
           "round to 3", "1 to vp")
_SET_VALUES = ("0", "-1", "99999999999999999999999", "round", "round - 7", "{t} + 1", "true", "players * 9")


def _stress_track_ranges(draw, st, text: str) -> str:
    """A ranged track (construct 12) set, advanced and read ``n`` times in an effect, with
    odd ends (empty, reversed, huge, computed) and odd values."""
    m = list(re.finditer(r"^( *)(score|gain|advance|move|draw|done)\b[^\n]*$", text, re.M))
    if not m:
        return text
    found = m[draw(st.integers(0, len(m) - 1))]
    start = draw(st.sampled_from(("", "  start 3\n", "  start 99\n")))
    per = draw(st.sampled_from(("  per player\n", "")))
    decl = f'track fzr "Fz ranged" {{\n{per}  range {draw(st.sampled_from(_RANGES))}\n{start}}}\n'
    lines = []
    for _ in range(min(_size(draw, st), 200)):
        value = draw(st.sampled_from(_SET_VALUES)).format(t="fzr")
        lines.append(draw(st.sampled_from((f"set fzr = {value}", f"advance fzr by {value}",
                                           f"if fzr < round {{\nset fzr = {value}\n}}"))))
    stmt = "\n".join(lines)
    return decl + text[:found.start()] + stmt + "\n" + found.group().strip() + text[found.end():]


#: Faces and uses of dice of the game (issue 11, construct 16).
_FACES = ("1", "0, 0, 0", "fzf0, fzf1, fzf1", "fzf0, 1", "fzf0, nope", "99999999999999999999999, 1")
_DICE_USES = ("first player me", "first player nobody", "first player (the player with most vp)",
              "if first player == me {{\nfirst player {i}\n}}",
              "roll fzd", "roll fzd[{i}]", "set fzd = {f}", "set fzd[{i}] = {f}", "score fzd[{i}]",
              "score count fzd showing {f}", "gain water {i} into fzs", "clear fzs", "transfer all fzs to me",
              "transfer water {i} from fzs to me",
              "if fzs has water {i} {{\nclear fzs\n}}", "clear me", "if fzd == {f} {{\nroll fzd\n}}",
              "score fzd")


def _stress_dice(draw, st, text: str) -> str:
    """Dice of the game (construct 16) of ``n`` dice with odd faces (mixed, unknown, huge,
    an enum of many members), rolled, turned, indexed and counted in an effect, among
    hand-overs of the first player marker (construct 17) to odd values, and the moves of a
    stock (construct 18) kept per a card type, for the game or per nothing known."""
    m = list(re.finditer(r"^( *)(score|gain|advance|move|draw|done)\b[^\n]*$", text, re.M))
    if not m:
        return text
    found = m[draw(st.integers(0, len(m) - 1))]
    n = _size(draw, st)
    members = "".join(f'  fzf{i} "Fz {i}"\n' for i in range(max(min(n, 500), 2)))
    faces = draw(st.sampled_from(_FACES + ("sides 6", "sides 0", "sides 6\n  faces 1")))
    faces = faces if faces.startswith("sides") else "faces " + faces
    per = draw(st.sampled_from(("", "  per building\n", "  per nowhere\n")))
    decl = (f'enum fzfe "Fz faces" {{\n{members}}}\n'
            f'dice fzd "Fz dice" {{\n  count {draw(st.sampled_from((0, 1, 2, n)))}\n  {faces}\n}}\n'
            f'stock fzs "Fz stock" {{\n{per}}}\n')
    lines = [draw(st.sampled_from(_DICE_USES)).format(i=draw(st.sampled_from(("1", "2", "0", "n", str(n)))),
                                                     f=draw(st.sampled_from(("fzf0", "1", "fzf1", "true"))))
             for _ in range(min(n, 200))]
    return decl + text[:found.start()] + "\n".join(lines) + "\n" + found.group().strip() + text[found.end():]


_END_TIMINGS = ("immediately", "finish round", "")
_END_WINNERS = ("winner most {e}", "win when {c}", "winners players where {c}",
                "winners players with most {e} then fewest {e}", "winners players where {c} with most {e}",
                "nobody wins", "winner most {e}\n  nobody wins", "")


def _stress_ends(draw, st, text: str) -> str:
    """``n`` more `end` blocks (construct 19) after the spec's own: each with a title or
    none, a condition or none, a timing, and a winners rule (sometimes two, or none);
    their names sometimes read by a transition into `end` and sometimes removed by a mode."""
    ends = []
    for i in range(min(_size(draw, st), 200)):
        e = lambda: draw(st.sampled_from(_NUMBERS))  # noqa: E731
        cond = draw(st.sampled_from(_CONDITIONS)).format(e=e())
        title = draw(st.sampled_from(("", f' "Way {i}"')))
        when = draw(st.sampled_from((f"  when {cond}\n", "", f"  when fze{max(i - 1, 0)}\n")))
        timing = draw(st.sampled_from(_END_TIMINGS))
        win = draw(st.sampled_from(_END_WINNERS)).format(e=e(), c=cond)
        ends.append(f"end fze{i}{title} {{\n{when}" + (f"  {timing}\n" if timing else "")
                    + (f"  {win}\n" if win else "") + "}\n")
    if ends and draw(st.booleans()):
        text = re.sub(r"-> end\b(?! when)", f"-> end when fze{draw(st.integers(0, len(ends) - 1))}", text,
                      count=1)
    if ends and draw(st.booleans()):
        ends.append(f'mode fz_ends "Fewer ends" {{\n  remove end fze{len(ends) - 1}\n}}\n')
    return text + "\n" + "\n".join(ends)


#: Key parts and values of the rows of a generated table (construct 10): numbers, ranges
#: (some empty or overlapping), names that may or may not be enum members, wrong values.
_KEY_PARTS = ("{i}", "{i} to {j}", "{j} to {i}", "1 to 20000", "{m}", "fzz")
_VALUES = ("{i}", "{i}", "true", "{m}", '"t"', "0")
#: Reads of the table and of a list field: ``{t}`` the table, ``{e}`` a number, ``{m}`` a member.
_READS = ("score {t}[{e}]", "score {t}[{e}, {e}]", "score {t}[{m}]", "score {t}[{e}, {m}]",
          "let fzl = size({t})\nscore fzl", "score {t}[{e}] + 1", "if {t}[{e}] == {m} {{\nscore 1\n}}")


def _stress_table(draw, st, text: str) -> str:
    """A table of ``n`` rows of one or two keys (numbers, ranges, enum members, right or
    wrong), with or without ``else``, read before a statement of an effect."""
    m = list(re.finditer(r"^( *)(score|gain|advance|move|draw|done)\b[^\n]*$", text, re.M))
    members = re.findall(r"^  ([a-z_][a-z0-9_]*) \"", text, re.M) or ["red"]
    n = min(max(_size(draw, st), 1), 2000)
    arity = draw(st.sampled_from((1, 1, 2)))

    def fill(template: str) -> str:
        i = draw(st.integers(0, 12))
        return template.format(i=i, j=i + draw(st.integers(0, 3)), m=draw(st.sampled_from(members)))

    rows = []
    for _ in range(n):
        parts = [fill(draw(st.sampled_from(_KEY_PARTS))) for _ in range(arity)]
        key = parts[0] if arity == 1 else "(" + ", ".join(parts) + ")"
        rows.append(f"  {key} -> {fill(draw(st.sampled_from(_VALUES)))}\n")
    default = fill("  else {i}\n") if draw(st.booleans()) else ""
    table = f'table fzt "Fz table" {{\n{"".join(rows)}{default}}}\n'
    if not m:
        return table + text
    found = m[draw(st.integers(0, len(m) - 1))]
    read = draw(st.sampled_from(_READS)).format(t="fzt", e=draw(st.sampled_from(_NUMBERS)),
                                                m=draw(st.sampled_from(members)))
    return table + text[:found.start()] + read + "\n" + text[found.start():]


def _stress_top_only(draw, st, text: str) -> str:
    """Zones made ``public top`` (or ``secret top``) and statements of effects wrapped,
    ``n`` deep, in ``look at`` a zone of the spec (construct 11)."""
    zones = re.findall(r"^(?:zone|deck) ([a-z_][a-z0-9_]*)", text, re.M) or ["hand"]
    for name in draw(st.lists(st.sampled_from(zones), max_size=3)):
        m = re.search(rf"^(?:zone|deck) {name} [^\n]*\{{\n", text, re.M)
        vis = re.compile(r"^  (public|hidden|secret)\n", re.M)
        if m is not None:
            end = text.index("\n}", m.end())
            body = vis.sub("", text[m.end():end])
            top = draw(st.sampled_from(("public top", "public top", "secret top")))
            text = text[:m.end()] + f"  {top}\n" + body + text[end:]
    m = list(re.finditer(r"^( *)(score|gain|advance|move|draw|done|choose)\b[^\n]*$", text, re.M))
    if not m:
        return text
    found = m[draw(st.integers(0, len(m) - 1))]
    stmt = found.group().strip()
    for _ in range(min(_size(draw, st), 12)):
        zone = draw(st.sampled_from(("", "my "))) + draw(st.sampled_from(zones))
        stmt = f"look at {zone} {{\n{stmt}\n}}"
    return text[:found.start()] + stmt + text[found.end():]


#: Operations of a generated module (construct 14): ``{p}`` a phase, ``{a}`` an action,
#: ``{r}`` a procedure, ``{e}`` an enum of the spec (or a name it lacks), ``{i}`` a number
#: (also naming a step ``fzs{i}`` or a module ``fzm{i}`` that may not exist).
_EXTENSIONS = ("extend phase {p} {{\n    actions {a}\n  }}", "extend phase {p} {{\n    on enter first {{\n"
               "      score 1\n    }}\n  }}", "extend procedure {r} {{\n    score {i}\n  }}",
               "extend procedure {r} first {{\n  }}", "extend action {a} {{\n    require {i} >= 0\n"
               "    effect first {{\n      score 1\n    }}\n  }}",
               "extend enum {e} {{\n    fzx{i} \"X\"\n  }}",
               "extend flow {{\n    {p} -> end when round >= {i}\n  }}", "extend step fzs{i} {{\n  }}",
               "add step fzs{i} \"S\" after fzs0 {{\n  }}", "remove step fzs{i}", "remove action {a}",
               "replace step fzs0 \"S\" {{\n  }}", "needs fzm{i}", "excludes fzm{i}")


def _stress_extensions(draw, st, text: str) -> str:
    """``n`` modules (construct 14) extending, replacing and removing the spec's rules
    and setup steps (the setup gains steps ``fzs0``...), with ``needs``, ``excludes`` and
    ``combine`` blocks, used by modes in both orders: conflicts, unknown names, offers
    twice, steps that are missing or named twice."""
    n = min(_size(draw, st), 60)
    names = {k: _name_of(text, kw) or f"fz_{kw}" for k, kw in
             (("p", "phase"), ("a", "action"), ("r", "procedure"), ("e", "enum"))}
    steps = "".join(f'  step fzs{i} "Step {i}" {{\n  }}\n' for i in range(draw(st.integers(0, 3))))
    text = re.sub(r"^setup \{\n", "setup {\n" + steps, text, count=1, flags=re.M)
    out = [text, "\n"]
    for m in range(n):
        ops = [draw(st.sampled_from(_EXTENSIONS)).format(i=draw(st.integers(0, 3)), **names)
               for _ in range(draw(st.integers(0, 4)))]
        out.append(f'module fzm{m} "M{m}" {{\n' + "".join(f"  {op}\n" for op in ops) + "}\n")
    if n >= 2 and draw(st.booleans()):
        out.append(f'combine fzm0, fzm1 {{\n  extend procedure {names["r"]} {{\n  }}\n}}\n')
    used = draw(st.permutations([f"fzm{m}" for m in range(n)]))[:draw(st.integers(0, n))] if n else []
    for order, label in ((used, "a"), (list(reversed(used)), "b")):
        out.append(f'mode fzmodes_{label} "Fz" {{\n' + "".join(f"  use {u}\n" for u in order) + "}\n")
    return "".join(out)


#: Every stress edit: ``(draw, strategies, text) -> text``.
STRESS = (_stress_mode_chain, _stress_module_fanout, _stress_deep_expression, _stress_deep_blocks,
          _stress_huge_literal, _stress_many_declarations, _stress_wide, _stress_family,
          _stress_questions, _stress_ends, _stress_table, _stress_top_only, _stress_track_ranges,
          _stress_dice, _stress_extensions)


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
