"""Stress inputs for the newer constructs of issue 11: questions about players and
zones, ranged tracks, dice and stocks, ends, tables, top-only zones, card rules, pieces
and decisions in the middle of effects, each generator nesting or repeating its construct
``n`` times (``n`` drawn from :data:`compiler.tools.fuzzing_sizes.SIZES`).

Split from :mod:`compiler.tools.fuzzing_stress` (issue 9's size rule), which gathers
these into its ``STRESS``.
"""

from __future__ import annotations

import re

from compiler.tools.fuzzing_sizes import _name_of, _size

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


#: Uses of a card's rules (construct 1) in an effect, ``{c}`` a card bound by a loop: the
#: right ones and misuse (a procedure read, a value run, a field that is no rule).
_CARD_RULE_USES = ("do {c}.spell({c})", "score {c}.power", "if {c}.ready {{\n  score 1\n}}",
                   "do {c}.spell({c}, {c})", "score {c}.spell", "do {c}.power({c})", "do {c}.nothing({c})",
                   "do {c}.spell(1)")


def _stress_card_rules(draw, st, text: str) -> str:
    """Rules attached to cards (construct 1): a card type whose fields name, by default,
    one of ``n`` procedures and derived values (of the right kind or not, known or not),
    the procedures running the card's rule or the next one (loops included), and an
    effect running and reading the rules of the cards of a zone ``n`` times."""
    # statements of effects (a track's `score` item is not one)
    m = list(re.finditer(r"^( *)((?:score|gain|advance|move|draw) [^\n]*|done)$", text, re.M))
    if not m:
        return text
    found = m[draw(st.integers(0, len(m) - 1))]
    n = max(min(_size(draw, st), 1000), 1)
    pick = draw(st.sampled_from(("fzspell{i}", "fzspell{i}", "fzworth{i}", "fzready{i}", "nowhere")))
    pick = pick.format(i=draw(st.integers(0, n - 1)))
    decl = (f'card fzcharm "Fz charm" {{\n  field spell: procedure (c: fzcharm) = {pick} "spell"\n'
            f'  field power: value = {draw(st.sampled_from(("fzworth0", "fzready0", pick)))}\n'
            f'  field ready: condition = {draw(st.sampled_from(("fzready0", "fzworth0", pick)))}\n}}\n'
            'zone fzrow "Fz charms" of fzcharm {\n  public\n}\n')
    for i in range(n):
        body = draw(st.sampled_from(("", "", "do c.spell(c)", f"do fzspell{(i + 1) % n}(c)",
                                     "score c.power")))
        decl += (f'procedure fzspell{i} "Fz {i}" (c: fzcharm) {{\n  effect {{\n{body}\n  }}\n}}\n'
                 f'derived fzworth{i} "Fz {i}" = {i} {{\n}}\n'
                 f'derived fzready{i} "Fz {i}" = count fzrow >= {i} {{\n}}\n')
    pool = draw(st.sampled_from((_CARD_RULE_USES[:3], _CARD_RULE_USES)))  # the right uses only, or all
    uses = "\n".join(draw(st.sampled_from(pool)).format(c="fzc") for _ in range(min(n, 50)))
    loop = f"for each fzc in fzrow {{\n{uses}\n}}\n"
    return decl + text[:found.start()] + loop + found.group().strip() + text[found.end():]


#: Kinds of pieces and uses of kept states and zones of several kinds (constructs 8, 9).
_PIECES_COUNTS = ("per player {n}", "per player {n} of each fzke", "count {n}", "per player 1 of each nope",
                  "count {n}\n  per player 2", "per player {n}\n  faces 1, fzk0\n  sides 3")
_KIND_USES = ("score count fzz where it is fzp", "score count fzz where it is fzq and it is fzp",
              "score sum fzh over fzz as x where x is fzp", "score sum fzh over fzz",
              "for each v in fzz where v is fzp {{\nset v.fzs = v\n}}", "score count fzz where it is nope",
              "for each v in fzz {{\nif v is fzq {{\nmove v into fzz\n}}\n}}",
              "for each v in fzz where v is fzq {{\nset v.fzs = nothing\nscore v.fzh\n}}",
              "put fzp into fzz where owner == me", "put fzq into fzz")


def _a_statement(draw, st, text: str) -> re.Match | None:
    """One statement line of ``text`` (a score, gain, advance, move, draw or done), drawn;
    None when there is none."""
    m = list(re.finditer(r"^( *)(score|gain|advance|move|draw|done)\b[^\n]*$", text, re.M))
    return m[draw(st.integers(0, len(m) - 1))] if m else None


def _stress_pieces(draw, st, text: str) -> str:
    """Pieces of ``n`` per player (of each member of an enum of ``n`` members, or of
    nobody, with odd faces), keeping card-typed states, in a zone of several kinds (some
    named twice or unknown) read with ``is`` in an effect (constructs 8 and 9)."""
    found = _a_statement(draw, st, text)
    if found is None:
        return text
    n = _size(draw, st)
    members = "".join(f'  fzk{i} "Fz {i}"\n' for i in range(max(min(n, 50), 1)))
    count = draw(st.sampled_from(_PIECES_COUNTS)).format(n=draw(st.sampled_from((0, 1, 2, min(n, 40)))))
    kinds = draw(st.sampled_from(("fzp, fzq", "fzp, fzq, fzp", "fzp", "fzq, nowhere")))
    decl = (f'enum fzke "Fz kinds" {{\n{members}}}\n'
            f'pieces fzp "Fz piece" {{\n  {count}\n  state fzs: fzp = nothing\n}}\n'
            f'pieces fzq "Fz other" {{\n  count 2\n  field fzh: int = {n} "fz"\n'
            f'  state fzs: {draw(st.sampled_from(("fzp", "int")))} = nothing\n}}\n'
            f'zone fzz "Fz zone" of {kinds} {{\n}}\n')
    lines = [draw(st.sampled_from(_KIND_USES)).format() for _ in range(min(n, 100))]
    return decl + text[:found.start()] + "\n".join(lines) + "\n" + found.group().strip() + text[found.end():]


def _stress_mid_choices(draw, st, text: str) -> str:
    """Decisions in the middle of effects (construct 2): ``n`` binding choices, ``may``
    choices and choices of cards, one after another with statements between them, nested
    in ``if``s, each choice's name read (or not) by the statements after it."""
    zones = re.findall(r"^(?:zone|deck) ([a-z_][a-z0-9_]*)", text, re.M) or ["hand"]
    m = list(re.finditer(r"^( *)(score|gain|advance|move|draw|done|choose)\b[^\n]*$", text, re.M))
    if not m:
        return text
    found = m[draw(st.integers(0, len(m) - 1))]
    lines = []
    for i in range(min(_size(draw, st), 60)):
        zone = draw(st.sampled_from(("", "my "))) + draw(st.sampled_from(zones))
        kind = draw(st.sampled_from(("bind", "may", "cards", "if", "score")))
        if kind in ("bind", "may"):
            lines.append(f"{'may ' if kind == 'may' else ''}choose fzm{i}: card in {zone}")
            lines.append(draw(st.sampled_from((f"move fzm{i} into {zone}", "score 1", f"score fzm{i}"))))
        elif kind == "cards":
            count = draw(st.sampled_from(("1", "0", "up", "fzm0")))
            lines.append(f"choose {count} cards from {zone} into {zone}")
        elif kind == "if":
            lines.append(f"if count {zone} >= 1 {{\nchoose fzi{i}: card in {zone}\nscore 1\n}}")
        else:
            lines.append("score 1")
    return text[:found.start()] + "\n".join(lines) + "\n" + found.group().strip() + text[found.end():]


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


def _stress_take_action(draw, st, text: str) -> str:
    """Actions taken from effects (construct 3): ``n`` ``take action``, ``take one of``,
    ``may take`` and ``can take`` of the spec's actions (or a name it lacks, or the action
    itself: a cycle), with ``with`` naming a choice that may not exist."""
    actions = re.findall(r"^action ([a-z_][a-z0-9_]*)", text, re.M) or ["fzt"]
    found = _a_statement(draw, st, text)
    if found is None:
        return text
    lines = []
    for i in range(min(_size(draw, st), 60)):
        named = [draw(st.sampled_from((*actions, f"fzt{i}"))) for _ in range(draw(st.integers(1, 3)))]
        given = draw(st.sampled_from(("", " with c = 1", " with fzw = me", " with t = t")))
        kind = draw(st.sampled_from(("one", "may", "of", "can")))
        if kind == "can":
            lines.append(f"if can take one of {', '.join(named)}{given} {{\nscore 1\n}}" if len(named) > 1
                         else f"if can take action {named[0]}{given} {{\nscore 1\n}}")
        elif kind == "of" and len(named) > 1:
            lines.append(f"take one of {', '.join(named)}{given}")
        else:
            lines.append(f"{'may ' if kind == 'may' else ''}take action {named[0]}{given}")
    return text[:found.start()] + "\n".join(lines) + "\n" + found.group().strip() + text[found.end():]


def _stress_repetition(draw, st, text: str) -> str:
    """Repetition and acting as another player (constructs 13, 21), and loops whose
    rounds wait: ``repeat`` (a count written out, huge, 0, computed, or not a number;
    ``up to``), ``as`` (``me``, the first player, a number), nested inside one another and
    inside ``each player`` / ``for each``, each round holding a decision followed by
    statements (so rounds wait), or ``done``/``again``."""
    zones = re.findall(r"^(?:zone|deck) ([a-z_][a-z0-9_]*)", text, re.M) or ["hand"]
    m = list(re.finditer(r"^( *)(score|gain|advance|move|draw|choose)\b[^\n]*$", text, re.M))
    if not m:
        return text
    found = m[draw(st.integers(0, len(m) - 1))]
    body = draw(st.sampled_from(("score 1", "again", "done")))
    for i in range(min(_size(draw, st), 12)):
        zone = draw(st.sampled_from(("", "my "))) + draw(st.sampled_from(zones))
        inner = draw(st.sampled_from((f"choose fzr{i}: card in {zone}\nmove fzr{i} into {zone}",
                                      f"choose 1 cards from {zone} into {zone}", "score 1",
                                      f"choose up to {i} cards from {zone} into {zone}")))
        head = draw(st.sampled_from((
            "repeat {n} {{", "repeat up to {n} {{", "as me {{", "as first player {{", "as {n} {{",
            "each player {{", "for each fzf{i} in {zone} {{")))
        n = draw(st.sampled_from(("2", "0", "1", "5000", "count my " + zones[0], "true")))
        body = f"{head.format(n=n, i=i, zone=zone)}\n{inner}\n{body}\nscore 1\n}}"
    return text[:found.start()] + body + "\n" + found.group().strip() + text[found.end():]


#: Statements of an automaton's turn and conditions over seats (construct 20).
_SEAT_STATEMENTS = ("score 1", "each seat {{\nscore 1\n}}", "each {k} {{\nscore 1\n}}",
                    "if every {k} vp >= {e} {{\nscore 1\n}}", "if any seat vp >= seats {{\ndone\n}}",
                    "first player {k}[{e}]", "let fzs = {k}[{e}]\nif fzs != nobody {{\nscore 1\n}}",
                    # a question per seat, in the middle of its round (E0838 is retired)
                    'each {k} {{\nask me {{\n"Yes" {{\nscore 1\n}}\n"No" {{\nscore 0\n}}\n}}\nscore 1\n}}',
                    # `any KIND`, and `again` after a question (the villain's additional turn)
                    "if any {k} vp >= {e} {{\nscore 1\n}}",
                    'ask me {{\n"Again" {{\nagain\n}}\n"Stop" {{\nscore 1\n}}\n}}')
#: `controlled by` lines of an automaton (construct 20): a player, or values that are not
#: one (E0841), itself (E0843), a seat of an automaton (W0158).
_CONTROLLERS = ("", "first player", "the player with most vp", "me", "3", "{k}[1]", "nobody")


def _stress_automata(draw, st, text: str) -> str:
    """``n`` automata (construct 20), each with a turn in one of the spec's phases (or one
    that does not exist) and up to two ``controlled by`` lines, and a mode seating some of
    them, with sides and `seating alternate` sometimes, and an end won by a side."""
    phases = re.findall(r"^phase (\w+)", text, re.M) or ["fz_nowhere"]
    kinds = []
    out = []
    for i in range(min(_size(draw, st), 200)):
        kind = f"fzk{i}"
        kinds.append(kind)
        phase = draw(st.sampled_from((*phases, "fz_nowhere")))
        body = "\n".join(draw(st.sampled_from(_SEAT_STATEMENTS)).format(
            k=draw(st.sampled_from((kind, "fzk_unknown"))), e=draw(st.sampled_from(_NUMBERS)))
            for _ in range(draw(st.integers(0, 3))))
        controls = "".join(f"  controlled by {draw(st.sampled_from(_CONTROLLERS)).format(k=kind)}\n"
                           for _ in range(draw(st.integers(0, 2))))
        controls = controls.replace("  controlled by \n", "")
        out.append(f'automaton {kind} "Automaton {i}" {{\n{controls}  turn in {phase} {{\n{body}\n  }}\n}}\n')
    if kinds:
        seated = draw(st.lists(st.sampled_from((*kinds, "fzk_unknown")), max_size=4))
        lines = [f"  seats {k} {draw(st.integers(0, 3))}" for k in seated]
        if draw(st.booleans()):
            lines.append("  seating alternate")
        if draw(st.booleans()):
            sides = draw(st.lists(st.sampled_from(kinds), max_size=3))
            lines.append("  sides " + ", ".join(["players", *sides]))
        out.append('mode fz_seats "Seats" {\n  players 1 to 2\n' + "\n".join(lines) + "\n}\n")
        if draw(st.booleans()):
            out.append(f"end fz_side {{\n  when any seat vp >= 3\n  immediately\n"
                       f"  winner side {draw(st.sampled_from((*kinds, 'players')))}\n}}\n")
    return text + "\n" + "\n".join(out)


#: Options of construct 15: ``{i}`` a number, ``{e}`` an enum of the spec.
_OPTIONS = ("true or false\n  default {b}", "{i} to {j}\n  default {i}", "{j} to {i}\n  default random",
            "one of {e}\n  default random", "one of {e}\n  default fz_none", "true or false")


def _stress_selection(draw, st, text: str) -> str:
    """``n`` selectable modules and options (construct 15): the game's `modules` and
    `options` lines, modules that need and exclude each other (so that some sets are not
    allowed, and with more than six that all combine, too many sets: E0853), options whose
    values or defaults may be wrong, and a mode with its own lines."""
    n = min(_size(draw, st), 12)
    enum = _name_of(text, "enum") or "fz_enum"
    modules = [f"fzsel{m}" for m in range(n)]
    options = [f"fzopt{m}" for m in range(draw(st.integers(0, 4)))]
    lines = (f"  modules {', '.join(modules)}\n" if modules else "") + (
        f"  options {', '.join(options)}\n" if options else "")
    text = re.sub(r"^(game [^\n]*\{\n)", lambda m: m.group(1) + lines, text, count=1, flags=re.M)
    out = [text, "\n"]
    for m, name in enumerate(modules):
        ops = []
        if m and draw(st.booleans()):
            ops.append(f"{draw(st.sampled_from(('needs', 'excludes')))} fzsel{draw(st.integers(0, m - 1))}")
        if draw(st.booleans()):
            ops.append(f"players {draw(st.integers(1, 3))} to {draw(st.integers(1, 6))}")
        out.append(f'module {name} "S{m}" {{\n' + "".join(f"  {op}\n" for op in ops) + "}\n")
    for name in options:
        i, j = draw(st.integers(0, 9)), draw(st.integers(0, 9))
        truth = draw(st.sampled_from(("true", "false")))
        body = draw(st.sampled_from(_OPTIONS)).format(i=i, j=j, e=enum, b=truth)
        out.append(f'option {name} "O" {{\n  {body}\n}}\n')
    if modules and draw(st.booleans()):
        out.append(f'mode fzsel_mode "Fz" {{\n  modules {modules[-1]}\n}}\n')
    return "".join(out)


#: Domains of a value chosen in an effect: ``{e}`` an enum of the spec (or a name it
#: lacks), ``{i}``/``{j}`` numbers (an empty range among them: E0860), ``{r}`` a resource.
_VALUE_DOMAINS = ("{e}", "{e} where {n} != {n}", "{i} to {j}", "{j} to {i}", "player", "other player",
                  "{i} of {r}", "{i} to {j} of {r}", "some fz_none")


def _stress_value_choices(draw, st, text: str) -> str:
    """Values chosen in the middle of effects: ``n`` choices of members, numbers, players
    and bags (``may`` or not, with a block or the rest of the block), one after another
    and nested, each value read (or not: W0155) by what follows, put before a statement
    of an effect."""
    m = list(re.finditer(r"^( *)(score|gain|advance|move|draw|done|choose)\b[^\n]*$", text, re.M))
    if not m:
        return text
    found = m[draw(st.integers(0, len(m) - 1))]
    enum = _name_of(text, "enum") or "fz_enum"
    resource = _name_of(text, "resource") or "fz_res"
    lines = []
    for k in range(min(_size(draw, st), 60)):
        i, j = draw(st.integers(-2, 4)), draw(st.integers(0, 4))
        domain = draw(st.sampled_from(_VALUE_DOMAINS)).format(e=enum, n=f"fzv{k}", i=i, j=j, r=resource)
        head = f"{draw(st.sampled_from(('', 'may ')))}choose fzv{k}: {domain}"
        use = draw(st.sampled_from((f"score fzv{k}", "score 1", f"if fzv{k} == fzv{k} {{\nscore 1\n}}")))
        lines.append(f"{head} {{\n{use}\n}}" if draw(st.booleans()) else f"{head}\n{use}")
    return text[:found.start()] + "\n".join(lines) + "\n" + found.group().strip() + text[found.end():]
