"""The edits of ``rulebook mutate``: one operator per category of seeded bug
(:data:`compiler.tools.mutate.CATEGORIES`), each finding its edit sites in a parsed
spec (spans give exact text positions) and returning one :class:`Mutation` per
site; :data:`OPERATORS` lists them in report order."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from dsl import ast
from dsl.spans import Span


#: Words that open an item or a statement on their own line.
LINE_KEYWORDS = (
    "action", "actions", "add", "advance", "ask", "card", "catalogue", "choose", "deck", "default",
    "derived", "do", "done", "draw", "each", "effect", "end", "enum", "field", "finish", "first",
    "flow", "for", "gain", "game", "if", "let", "limit", "mode", "module", "move", "on", "param",
    "pass", "pay", "per", "phase", "pieces", "players", "procedure", "provisional", "put",
    "refill", "release", "remove", "replace", "require", "resource", "reveal", "roll", "round",
    "ruling", "score", "set", "setup", "shuffle", "source", "state", "supply", "tally",
    "tie_breaker", "track", "transfer", "trigger", "use", "uses", "when", "win", "winner", "zone",
)


@dataclass(frozen=True)
class Mutation:
    """One edit of a spec: its category, a one-line description, the edited line
    (1-based, in the edited text), the line before and after the edit, and the
    whole edited text.  A deleted line leaves no line to point at: ``last_line`` is
    then the first line holding code after the deletion (blank and comment lines
    between show nothing), and a diagnostic from ``line`` to ``last_line`` points
    at the edit."""

    category: str
    description: str
    line: int
    before: str
    after: str
    text: str = field(repr=False, compare=False)
    last_line: int | None = None

    def to_json(self) -> dict:
        return {"category": self.category, "description": self.description, "line": self.line,
                "before": self.before, "after": self.after}


# ------------------------------------------------------------------ text edits
class Source:
    """The spec's text with offsets of its lines, for span-based edits."""

    def __init__(self, text: str):
        self.text = text
        self.lines = text.split("\n")
        self.starts = [0]
        for line in self.lines[:-1]:
            self.starts.append(self.starts[-1] + len(line) + 1)

    def offset(self, line: int, column: int) -> int:
        return self.starts[line - 1] + column - 1

    def edit(self, category: str, description: str, start: tuple[int, int], end: tuple[int, int],
             new: str) -> Mutation:
        """Replace the text from ``start`` to ``end`` (line, column; end exclusive)."""
        a, b = self.offset(*start), self.offset(*end)
        text = self.text[:a] + new + self.text[b:]
        line = start[0]
        after = text.split("\n")[line - 1] if line <= text.count("\n") + 1 else ""
        return Mutation(category, description, line, self.lines[line - 1].strip(), after.strip(), text)

    def span_edit(self, category: str, description: str, span, new: str) -> Mutation:
        return self.edit(category, description, (span.line, span.column),
                         (span.end_line, span.end_column), new)

    def delete_line(self, category: str, description: str, line: int) -> Mutation:
        lines = self.lines[:line - 1] + self.lines[line:]
        text = "\n".join(lines)
        at = min(line, len(lines))
        last = next((i for i in range(at, len(lines) + 1)
                     if lines[i - 1].strip() and not lines[i - 1].lstrip().startswith("#")), at)
        return Mutation(category, description, at, self.lines[line - 1].strip(),
                        "(line deleted)", text, last)

    def insert_lines(self, category: str, description: str, before_line: int, new_lines: list[str],
                     edited: int) -> Mutation:
        """Insert ``new_lines`` before line ``before_line``; ``edited`` is the index of
        the inserted line the mutation is about."""
        lines = self.lines[:before_line - 1] + new_lines + self.lines[before_line - 1:]
        return Mutation(category, description, before_line + edited, "(line inserted)",
                        new_lines[edited].strip(), "\n".join(lines))


def declared_names(spec: ast.Spec) -> set[str]:
    names = set(LINE_KEYWORDS)
    for node in ast.walk(spec):
        value = getattr(node, "name", None)
        if isinstance(value, str):
            names.add(value)
    return names


def _misspell(name: str, taken: set[str], rng: random.Random) -> str:
    """A typo of ``name`` (one letter dropped or two swapped) that names nothing."""
    options = []
    for i in range(1, len(name)):
        options.append(name[:i] + name[i + 1:])
        if i + 1 < len(name) and name[i] != name[i + 1]:
            options.append(name[:i] + name[i + 1] + name[i] + name[i + 2:])
    options = [o for o in dict.fromkeys(options)
               if o and re.fullmatch(r"[a-z_][a-z0-9_]*", o) and o not in taken]
    return rng.choice(options) if options else name + "_x"


# ------------------------------------------------------------------ context
@dataclass
class Context:
    """What the operators read: the text, the parsed spec and its composition."""

    name: str
    src: Source
    spec: ast.Spec
    comp: object
    rng: random.Random
    taken: set[str]

    def nodes(self, kind):
        return [n for n in ast.walk(self.spec) if isinstance(n, kind) and n.span.line > 0]

    def all_modes(self):
        return list(self.comp.modes.values())

    def max_players(self) -> int:
        return max([m.players[1] for m in self.all_modes()] or [1])

    def zone(self, name):
        for m in self.all_modes():
            if name in m.zones:
                return m.zones[name]
        return None

    def action(self, name):
        for m in self.all_modes():
            if name in m.actions:
                return m.actions[name]
        return None


# ------------------------------------------------------------------ operators
def drop_transition(ctx: Context) -> list[Mutation]:
    """Each transition of a flow, dropped (a chain ``a -> b -> c`` is split)."""
    out = []
    for flow in ctx.nodes(ast.Flow):
        chains: dict[int, list[ast.Edge]] = {}
        for edge in flow.edges:
            chains.setdefault(edge.source.span.line, []).append(edge)
        for line, edges in sorted(chains.items()):
            if any(e.dest.span.line != line for e in edges):
                continue  # a chain written over several lines: not rewritten
            text = ctx.src.lines[line - 1]
            indent = text[:len(text) - len(text.lstrip())]
            nodes = [edges[0].source.name] + [e.dest.name for e in edges]
            cond = ""
            if edges[0].condition is not None:
                c = edges[0].condition.span
                cond = " when " + ctx.src.text[ctx.src.offset(c.line, c.column):
                                                ctx.src.offset(c.end_line, c.end_column)]
            for i, edge in enumerate(edges):
                left, right = nodes[:i + 1], nodes[i + 1:]
                parts = [" -> ".join(p) + cond for p in (left, right) if len(p) > 1]
                new = "\n".join(indent + p for p in parts)
                desc = f"drop the transition {edge.source.name} -> {edge.dest.name}"
                if new:
                    out.append(ctx.src.edit("drop_transition", desc, (line, 1),
                                            (line, len(text) + 1), new))
                else:
                    out.append(ctx.src.delete_line("drop_transition", desc, line))
    return out


def _finishes(stmts) -> bool:
    return any(isinstance(s, ast.Done) or (isinstance(s, ast.If) and (_finishes(s.then)
               or _finishes(s.otherwise))) for s in stmts)


def _is_pass(action, phase_kind: str) -> bool:
    if action is None:
        return False
    return _finishes(action.effect) or (phase_kind == "turns" and not action.effect
                                        and not action.choices)


def remove_pass(ctx: Context) -> list[Mutation]:
    """The pass action of a phase that waits for every player (simultaneous or turns),
    taken off its list; or the pass action's own ``done`` deleted."""
    out = []
    passing: set[str] = set()
    for phase in ctx.nodes(ast.Phase):
        if phase.kind not in ("simultaneous", "turns"):
            continue
        idents = list(phase.actions)
        for i, ident in enumerate(idents):
            if not _is_pass(ctx.action(ident.name), phase.kind):
                continue
            passing.add(ident.name)
            if len(idents) == 1:
                continue
            if i > 0:  # remove ", name"
                prev = idents[i - 1].span
                start, end = (prev.end_line, prev.end_column), (ident.span.end_line, ident.span.end_column)
            else:
                nxt = idents[1].span
                start, end = (ident.span.line, ident.span.column), (nxt.line, nxt.column)
            out.append(ctx.src.edit("remove_pass", f"phase `{phase.name}` no longer offers its pass "
                                    f"action `{ident.name}`", start, end, ""))
    for action in ctx.nodes(ast.Action):
        if action.name in passing:
            for st in action.effect:
                if isinstance(st, ast.Done):
                    out.append(ctx.src.delete_line("remove_pass", f"the pass action `{action.name}` "
                                                   "no longer says `done`", st.span.line))
    return out


def undeclared_reference(ctx: Context) -> list[Mutation]:
    """A reference to a resource, zone, phase or card field, misspelt."""
    sites: list[tuple[str, Span, str]] = []  # (what, span of the name, name)
    resources = {r.name for r in ctx.nodes(ast.Resource)}
    fields = {f.name for f in ctx.nodes(ast.Field)}
    for node in ast.walk(ctx.spec):
        if isinstance(node, ast.BagLiteral):
            sites += [("resource", i.resource.span, i.resource.name) for i in node.items
                      if i.resource.span.line > 0]
        elif isinstance(node, ast.BagDomain):
            sites += [("resource", k.span, k.name) for k in node.kinds]
        elif isinstance(node, ast.ZoneRef) and node.zone.span.line > 0:
            sites.append(("zone", node.zone.span, node.zone.name))
        elif isinstance(node, ast.Edge):
            sites += [("phase", n.span, n.name) for n in (node.source, node.dest)
                      if n.name not in ("start", "end")]
        elif isinstance(node, ast.Attribute) and node.attr in fields and node.span.line > 0:
            s = node.span
            sites.append(("card field", Span(s.path, s.end_line, s.end_column - len(node.attr),
                                                 s.end_line, s.end_column), node.attr))
        elif isinstance(node, ast.Name) and node.name in resources and node.span.line > 0:
            sites.append(("resource", node.span, node.name))
    sites = sorted(set(sites), key=lambda s: (s[1].line, s[1].column, s[0]))
    out = []
    for what, span, name in sites:
        typo = _misspell(name, ctx.taken, ctx.rng)
        out.append(ctx.src.span_edit("undeclared_reference", f"{what} `{name}` misspelt `{typo}`",
                                     span, typo))
    return out


def _sccs(flow: ast.Flow) -> list[set[str]]:
    import networkx as nx

    g = nx.DiGraph()
    g.add_edges_from((e.source.name, e.dest.name) for e in flow.edges)
    return [c for c in nx.strongly_connected_components(g)
            if len(c) > 1 or any(g.has_edge(n, n) for n in c)]


def loop_exit(ctx: Context) -> list[Mutation]:
    """A loop's exit made unreachable: its transition `when false`, moved to a phase
    outside the loop, or waiting for more players than any mode allows; or an end
    condition that cannot hold, or no longer `immediately` ending a turns phase."""
    out = []
    too_many = f"players > {ctx.max_players()}"
    for flow in ctx.nodes(ast.Flow):
        loops = _sccs(flow)
        for edge in flow.edges:
            loop = next((c for c in loops if edge.source.name in c), None)
            if loop is None or edge.dest.name in loop:
                continue
            desc = f"the exit {edge.source.name} -> {edge.dest.name} of the loop"
            if edge.condition is not None:
                c = edge.condition.span
                cond_text = ctx.src.text[ctx.src.offset(c.line, c.column):ctx.src.offset(c.end_line,
                                                                                     c.end_column)]
                out.append(ctx.src.span_edit("loop_exit", desc + " waits for `false`", c, "false"))
                out.append(ctx.src.span_edit("loop_exit", desc + f" also needs `{too_many}`", c,
                                             f"{cond_text} and {too_many}"))
            else:
                end = edge.dest.span
                out.append(ctx.src.edit("loop_exit", desc + " waits for `false`",
                                        (end.end_line, end.end_column), (end.end_line, end.end_column),
                                        " when false"))
            outside = [e.source for e in flow.edges if e.source.name not in loop
                       and e.source.name != "start" and e.source.span.line < edge.span.line]
            if outside:
                out.append(ctx.src.span_edit("loop_exit", desc + f" moved to `{outside[0].name}`, "
                                             "outside the loop", edge.source.span, outside[0].name))
    for end in ctx.nodes(ast.End):
        if end.when is None:
            continue
        c = end.when.span
        cond_text = ctx.src.text[ctx.src.offset(c.line, c.column):ctx.src.offset(c.end_line, c.end_column)]
        out.append(ctx.src.span_edit("loop_exit", f"end condition `{end.name}` also needs `{too_many}`",
                                     c, f"({cond_text}) and {too_many}"))
        if end.immediately:
            for i, line in enumerate(ctx.src.lines[end.span.line - 1:end.span.end_line], end.span.line):
                if line.strip() == "immediately":
                    out.append(ctx.src.edit("loop_exit", f"end `{end.name}` no longer ends the game "
                                            "immediately (the turns go on)", (i, 1),
                                            (i, len(line) + 1), line.replace("immediately",
                                                                             "finish round")))
    return out


def player_count(ctx: Context) -> list[Mutation]:
    """A `players` line widened by ten or more (past what the components of a real
    game support), or starting at 0.  A spec without a card catalogue is not widened:
    its components (tracks, pieces per player) grow with the players, so any count can
    be set up and a wider one is no bug (Pig is played by any number)."""
    widen = bool(ctx.nodes(ast.Catalogue))
    out = []
    for i, line in enumerate(ctx.src.lines, 1):
        m = re.match(r"(\s*players )(\d+)(?: to (\d+))?\s*$", line)
        if not m:
            continue
        lo, hi = int(m.group(2)), int(m.group(3) or m.group(2))
        was = line.strip()
        for new_hi in sorted({hi + 10, hi * 2 + 10, hi * 4 + 10}) if widen else ():  # far past the components
            out.append(ctx.src.edit("player_count", f"`{was}` widened to {lo} to {new_hi}",
                                    (i, 1), (i, len(line) + 1), f"{m.group(1)}{lo} to {new_hi}"))
        out.append(ctx.src.edit("player_count", f"`{was}` made to start at 0", (i, 1),
                                (i, len(line) + 1), f"{m.group(1)}0 to {hi}"))
    return out


def expose_hidden(ctx: Context) -> list[Mutation]:
    """A hidden or secret deck or hand made public; a choice of a card from a secret
    zone; a `draw` into a hidden zone made a `reveal`."""
    out = []
    for zone in ctx.nodes(ast.Zone):
        if zone.visibility == "public" or not (zone.kind == "deck" or zone.per_player):
            continue
        for i in range(zone.span.line, zone.span.end_line + 1):
            line = ctx.src.lines[i - 1]
            if line.strip() == zone.visibility:
                out.append(ctx.src.edit("expose_hidden", f"{zone.kind} `{zone.name}` made public "
                                        f"(was {zone.visibility})", (i, 1), (i, len(line) + 1),
                                        line.replace(zone.visibility, "public")))
    secret_of: dict[str, str] = {}
    for zone in sorted(ctx.nodes(ast.Zone), key=lambda z: z.name):
        if zone.visibility == "secret" and zone.per_card is None:
            secret_of.setdefault(zone.card_type.name, zone.name)
    for choice in ctx.nodes(ast.Choice):
        if isinstance(choice.domain, ast.CardDomain):
            zone = ctx.zone(choice.domain.zone.zone.name)
            target = secret_of.get(zone.card_type.name) if zone is not None else None
            if target and target != zone.name:
                out.append(ctx.src.span_edit("expose_hidden", f"choice `{choice.name}` picks from the "
                                             f"face-down `{target}` instead of `{zone.name}`",
                                             choice.domain.zone.span, target))
    for st in ctx.nodes(ast.Draw):
        zone = ctx.zone(st.dest.zone.name)
        if zone is not None and zone.visibility == "hidden":
            s = st.span
            out.append(ctx.src.edit("expose_hidden", f"the draw into `{zone.name}` made a reveal",
                                    (s.line, s.column), (s.line, s.column + len("draw")), "reveal"))
    return out


def unpayable_cost(ctx: Context) -> list[Mutation]:
    """A new resource that no rule gives, required by an action."""
    name = next(n for n in ("favour", "favour_token", "favour_mark") if n not in ctx.taken)
    out = []
    for action in ctx.nodes(ast.Action):
        head = ctx.src.lines[action.span.line - 1]
        indent = head[:len(head) - len(head.lstrip())]
        block = [f'{indent}resource {name} "Favour" {{', f"{indent}  supply unlimited",
                 f'{indent}  source "Contents"', f"{indent}}}"]
        lines = block + [head, f"{indent}  require has {name} 1"]
        src = ctx.src
        new_lines = src.lines[:action.span.line - 1] + lines + src.lines[action.span.line:]
        if indent:  # inside a mode: `add resource` is how a mode declares one
            new_lines[action.span.line - 1] = f'{indent}add resource {name} "Favour" {{'
        out.append(Mutation("unpayable_cost", f"action `{action.name}` requires `{name}`, a new "
                            "resource no rule gives", action.span.line + len(block) + 1,
                            "(line inserted)", lines[-1].strip(), "\n".join(new_lines)))
    return out


def duplicate_name(ctx: Context) -> list[Mutation]:
    """A declaration pasted twice, a declaration renamed to an existing name, an enum
    member listed twice, or two choices of one action with one name."""
    out = []
    top = [d for d in ctx.spec.items if hasattr(d, "name") and not isinstance(
        d, (ast.Game, ast.Mode, ast.Module, ast.Amend))]
    for decl in top:
        lines = ctx.src.lines[decl.span.line - 1:decl.span.end_line]
        out.append(ctx.src.insert_lines("duplicate_name", f"{ast.decl_kind(decl)} `{decl.name}` pasted "
                                        "twice", decl.span.end_line + 1, lines, 0))
    by_kind: dict[type, list] = {}
    for decl in top:
        by_kind.setdefault(type(decl), []).append(decl)
    for decls in by_kind.values():
        for first, second in zip(decls, decls[1:]):
            line = ctx.src.lines[second.span.line - 1]
            new = re.sub(rf"\b{re.escape(second.name)}\b", first.name, line, count=1)
            if new != line:
                out.append(ctx.src.edit("duplicate_name", f"{ast.decl_kind(second)} `{second.name}` "
                                        f"renamed `{first.name}`, an existing name",
                                        (second.span.line, 1), (second.span.line, len(line) + 1), new))
    for enum in ctx.nodes(ast.Enum):
        member = enum.members[0]
        line = ctx.src.lines[member.span.line - 1]
        out.append(ctx.src.insert_lines("duplicate_name", f"`{member.name}` listed twice in "
                                        f"`{enum.name}`", member.span.line + 1, [line], 0))
    for action in ctx.nodes(ast.Action):
        if len(action.choices) >= 2:
            a, b = action.choices[0], action.choices[1]
            s = b.span
            out.append(ctx.src.edit("duplicate_name", f"action `{action.name}` chooses `{a.name}` "
                                    "twice", (s.line, s.column + len("choose ")),
                                    (s.line, s.column + len("choose ") + len(b.name)), a.name))
    return out


def second_end(ctx: Context) -> list[Mutation]:
    """An `end` block pasted again under a new name: a second way for the game to end
    with the same condition, which never decides (W0125 after an `immediately` end;
    E0412 for a `finish round` end no transition into `end` reads)."""
    out = []
    for end in (d for d in ctx.spec.items if isinstance(d, ast.End) and d.span.line > 0):
        lines = ctx.src.lines[end.span.line - 1:end.span.end_line]
        new_name = end.name + "_also"
        while new_name in ctx.taken:
            new_name += "_x"
        header = re.sub(rf"\b{re.escape(end.name)}\b", new_name, lines[0], count=1)
        out.append(ctx.src.insert_lines("second_end", f"end `{end.name}` pasted again as a second "
                                        f"end, `{new_name}`", end.span.end_line + 1,
                                        [header, *lines[1:]], 0))
    return out


def misspell_keyword(ctx: Context) -> list[Mutation]:
    """The keyword that opens a line, misspelt."""
    out = []
    for i, line in enumerate(ctx.src.lines, 1):
        m = re.match(r"(\s*)([a-z_]+)\b", line)
        if not m or m.group(2) not in LINE_KEYWORDS:
            continue
        word = m.group(2)
        typo = _misspell(word, ctx.taken | set(LINE_KEYWORDS), ctx.rng)
        start = len(m.group(1)) + 1
        out.append(ctx.src.edit("misspell_keyword", f"keyword `{word}` misspelt `{typo}`",
                                (i, start), (i, start + len(word)), typo))
    return out


def delete_brace(ctx: Context) -> list[Mutation]:
    """A line that only closes a block, deleted."""
    return [ctx.src.delete_line("delete_brace", "a closing `}` deleted", i)
            for i, line in enumerate(ctx.src.lines, 1) if line.strip() == "}"]


def type_error(ctx: Context) -> list[Mutation]:
    """A resource where a bag belongs (`pay worker` for `pay worker 1`), or a card's
    bag field where a number belongs (`b.input` for `b.points`)."""
    out = []
    for node in ast.walk(ctx.spec):
        if isinstance(node, ast.BagLiteral) and len(node.items) == 1 and node.span.line > 0 \
                and node.items[0].key is None and type(node.items[0].amount) is ast.Number:
            ident, amount = node.items[0].resource, node.items[0].amount.value
            out.append(ctx.src.span_edit("type_error", f"`{ident.name} {amount}` written `{ident.name}`, "
                                         "a number where a bag belongs", node.span, ident.name))
    card_fields = {c.name: c.fields for c in ctx.nodes(ast.CardType)}
    int_to_bag: dict[str, str] = {}
    for fields in card_fields.values():
        bags = [f.name for f in fields if f.type.name == "bag"]
        for f in fields:
            if f.type.name == "int" and bags:
                int_to_bag[f.name] = bags[0]
    for node in ctx.nodes(ast.Attribute):
        if node.attr in int_to_bag:
            s = node.span
            out.append(ctx.src.edit("type_error", f"`{node.obj}.{node.attr}` written "
                                    f"`{node.obj}.{int_to_bag[node.attr]}`, a bag where a number belongs",
                                    (s.end_line, s.end_column - len(node.attr)), (s.end_line, s.end_column),
                                    int_to_bag[node.attr]))
    return out


OPERATORS = {
    "drop_transition": drop_transition, "remove_pass": remove_pass,
    "undeclared_reference": undeclared_reference, "loop_exit": loop_exit,
    "player_count": player_count, "expose_hidden": expose_hidden, "unpayable_cost": unpayable_cost,
    "duplicate_name": duplicate_name, "second_end": second_end, "misspell_keyword": misspell_keyword,
    "delete_brace": delete_brace, "type_error": type_error,
}
