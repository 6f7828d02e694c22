"""Docs backend: one Markdown reference page per game, from its composed modes.

``render_game_page(composition, cards, mermaid)`` fills the Jinja template
``templates/docs/game.md.j2``.  Python prepares the content (tables, rules as
Markdown lines from :mod:`compiler.docs.english`); the template lays out the
sections.  Output is deterministic: everything follows declaration order (the
spec's, the catalogue's, the flow's).

Spec text is data (:mod:`compiler.docs.markdown`): what the page shows is either
:class:`~compiler.docs.markdown.Markdown` that our code wrote, with the spec text in
it escaped, or a plain ``str``, which the template escapes as text (its
``finalize``), as do the table cells and the ``lines`` filter.
"""

from __future__ import annotations

from functools import cache

from dsl import ast
from dsl.spans import span_text

from compiler.analysis import names as N
from compiler.docs import english
from compiler.docs import markdown as md
from compiler.analysis.compose import ComposedMode, Composition
from compiler.docs.changes import amendment_body, mode_body, module_body, names_in
from compiler.analysis.provenance import RuleName, catalogue_counts, provenance_notes
from compiler.docs.markdown import Markdown
from compiler.docs.english.seats import seating_words


def render_game_page(composition: Composition, cards: list[dict], mermaid: dict[str, str],
                     sources: dict[str, str] | None = None) -> str:
    """The reference page of one game, as Markdown for mkdocs-material.

    ``composition``: the composed spec (:func:`compiler.analysis.compose.compose`).
    ``cards``: the entries of the game's catalogue YAML (dicts with ``name``,
    ``title``, ``copies``, one key per card field, ``provenance``, ``source``,
    ``provisional_fields``).  ``mermaid``: mode name → mermaid flowchart source
    of that mode's phase graph.  ``sources``: spec path (as in spans) → spec text;
    with it, each rule (setup, flow, phase, action, procedure, trigger, end,
    derived value, card type, mode, module, amendment) is followed by its spec
    text, cut by its span, in a collapsed ```` ```rulebook ```` block.  Raises
    ``ValueError`` for a spec without a game.
    """
    if composition.game is None or composition.base is None:
        raise ValueError("the spec has no game to document")
    names_in(composition, None).glossed.clear()  # each page glosses a field once: a new page
    page = GamePage(composition, cards, mermaid, sources or {})
    return _environment().get_template("game.md.j2").render(page=page)


@cache
def _environment():
    """The docs templates' environment, made once: it keeps each template compiled."""
    return md.environment()


class GamePage:
    """What the template shows, computed on demand from the composition."""

    def __init__(self, composition: Composition, cards: list[dict], mermaid: dict[str, str],
                 sources: dict[str, str] | None = None):
        self.c = composition
        self.sources = sources or {}
        self.game: ast.Game = composition.game
        self.base: ComposedMode = composition.base
        self.modes: dict[str, ComposedMode] = composition.modes
        self.cards = cards
        self.mermaid = {name: mermaid.get(name, "").strip() for name in self.modes}
        self.names = names_in(composition, None)

    # ----------------------------------------------------------- layout
    @staticmethod
    def table_lines(head: list[str], rows: list[list[str]]) -> list[Markdown]:
        """A Markdown table as page lines: the head row, the rule, one line per row;
        every cell goes through :func:`compiler.docs.markdown.cell`."""
        def row(cells) -> Markdown:
            return Markdown("| {} |").format(Markdown(" | ").join(md.cell(c) for c in cells))
        return [row(head), Markdown("|" + " --- |" * len(head)), *map(row, rows)]

    def table(self, head: list[str], rows: list[list[str]]) -> Markdown:
        """:meth:`table_lines` as page text, each line ended by a newline."""
        return md.lines([*self.table_lines(head, rows), Markdown("")])

    def excerpt_block(self, decls) -> Markdown:
        """:meth:`excerpts` of ``decls`` as page text ending in a newline, or ``""``."""
        block = self.excerpts(decls)
        return md.lines([*block, Markdown("")]) if block else Markdown("")

    def mermaid_block(self, name: str) -> Markdown:
        """Mode ``name``'s phase graph in a ```` ```mermaid ```` fence (``""`` without one).
        The mermaid source escapes its labels (:func:`compiler.docs.flowchart.mermaid`)."""
        source = self.mermaid.get(name, "")
        return md.lines(md.fence(source, "mermaid")) if source else Markdown("")

    # ----------------------------------------------------------- summary
    def summary(self) -> Markdown:
        g = self.game
        low, high = g.players
        players = f"{low}" if low == high else f"{low} to {high}"
        modes = english.join([self._mode_label(m) for m in self.modes.values()])
        count = len(self.modes)
        return Markdown(
            "*{}* is a game for {} players; this reference is written from the *{}*. It has {} "
            "mode{}: {}. Every rule below is generated from the game's spec, the same text the "
            "engine is compiled from, and cites the rulebook section it encodes; rulings and "
            "provisional values are flagged where the rulebook is unclear or silent.").format(
                g.title, players, g.rulebook, count, "s" if count != 1 else "", modes)

    def _mode_label(self, mode: ComposedMode) -> Markdown:
        low, high = mode.players
        extra = []
        if self.game.default_mode and self.game.default_mode.name == mode.name:
            extra.append("the default")
        if mode.players != self.game.players:
            extra.append(f"{low} player{'s' if high > 1 else ''}" if low == high
                         else f"{low} to {high} players")
        label = Markdown("*{}*").format(mode.title)
        return label + Markdown(" ({})").format(", ".join(extra)) if extra else label

    def game_notes(self) -> list[Markdown]:
        out = english.provenance(self.game.meta)
        if self.game.players_provisional:
            out = english.paragraphs(out, english.admonition("provisional",
                                                              self.game.players_provisional))
        return out

    # ----------------------------------------------------------- components
    def resources(self) -> list[list[str]]:
        return [[r.title if r.per_enum is None else md.Markdown("{}, one per {}").format(
                    r.title, english.type_noun(r.per_enum.name, self.names)), md.code(r.name),
                 "non-renewable (spent when used)" if r.non_renewable else "renewable",
                 "unlimited" if r.supply is None else str(r.supply), self._src(r)]
                for r in self.base.resources.values()]

    def tracks(self) -> list[list[str]]:
        return [[t.title, md.code(t.name), english.scope_words(t, self.names, table=True),
                 "yes" if t.is_score else "no",
                 self._track_start(t), self._src(t)] for t in self.base.tracks.values()]

    def _track_start(self, t) -> str | Markdown:
        """The start column of the tracks table; a ranged track adds its ends (construct 12)."""
        start = english.expr(t.start, self.names) if t.start is not None else "0"
        if t.low is None or t.high is None:
            return start
        return Markdown("{} (runs from {} to {})").format(start, english.expr(t.low, self.names),
                                                          english.expr(t.high, self.names))

    def zones(self) -> list[list[str]]:
        rows = []
        for z in self.base.zones.values():
            states = Markdown(", ").join(
                Markdown("{} (starts {})").format(s.name, english.expr(s.default, self.names))
                for s in z.states)
            rows.append([z.title, z.kind, english.card_noun(z.name, self.names),
                         english.scope_words(z, self.names, table=True),
                         english.VISIBILITY.get(z.visibility, z.visibility),
                         (english.expr(z.limit, self.names) if z.limit is not None else Markdown("none"))
                         + (Markdown("; ") + english.overflow(z.overflow, self.names) if z.overflow
                            else Markdown("")),
                         self.names.title(z.refill.name) if z.refill else "—",
                         states or "—", self._src(z)])
        return rows

    def pieces(self) -> list[list[str]]:
        """Pieces in each player's colour: dice and tokens."""
        return [[pc.title, md.code(pc.name), english.piece_count(pc, self.names),
                 english.piece_kind(pc, self.names), self._src(pc)] for pc in self.base.pieces.values()]

    def dice(self) -> list[list[str]]:
        """Dice that belong to nobody (construct 16)."""
        return [[d.title, md.code(d.name), english.dice_words(d, self.names), self._src(d)]
                for d in self.base.dice.values()]

    def stocks(self) -> list[list[str]]:
        """Numbers held by places (construct 18)."""
        return [[st.title, md.code(st.name), english.stock_words(st, self.names), self._src(st)]
                for st in self.base.stocks.values()]

    def tallies(self) -> list[list[str]]:
        return [[t.title, md.code(t.name), english.tally_limit(t, self.names), self._src(t)]
                for t in self.base.tallies.values()]

    def all_params(self) -> list[ast.Param]:
        """Every param of the base rules or of any mode, first declaration of each."""
        seen: dict[str, ast.Param] = {}
        for mode in [self.base, *self.modes.values()]:
            for p in mode.params.values():
                seen.setdefault(p.name, p)
        return list(seen.values())

    def params(self) -> list[list[str]]:
        """Rows: title, name, then the value in each mode (``—`` where absent), source."""
        rows = []
        for p in self.all_params():
            name = p.name
            values = [english.expr(m.params[name].value, self.names) if name in m.params else "—"
                      for m in self.modes.values()]
            rows.append([p.title, md.code(name), *values, self._src(p)])
        return rows

    def component_notes(self) -> list[Markdown]:
        """Rulings and provisional values of the tabled components, as admonitions."""
        out: list[Markdown] = []
        for table in ("resources", "tracks", "zones", "params", "tallies"):
            for d in getattr(self.base, table).values():
                for m in d.meta:
                    if m.kind in ("ruling", "provisional"):
                        out = english.paragraphs(out, english.admonition(
                            m.kind, Markdown("*{}*: {}").format(d.title, md.prose(m.text))))
        return out

    def enums(self) -> list[tuple[str, list[Markdown]]]:
        """Each enum as ``(heading, lines)``; the heading is text (the template escapes it)."""
        return [(e.title[:1].upper() + e.title[1:], self.with_excerpt(english.enum(e, self.names), e))
                for e in self.base.enums.values()]

    def described(self, table: str) -> list[list[str]]:
        """Card types or derived values, each as Markdown lines."""
        if table == "derived":
            return [self.with_excerpt(english.derived(d, self.names), d)
                    for d in self.base.derived.values()]
        if table == "options":  # chosen when the game is created (construct 15)
            return [self.with_excerpt(english.decl(o, self.names), o) for o in self.base.options.values()]
        if table == "tables":
            return [self.with_excerpt(english.decl(t, self.names), t) for t in self.base.tables.values()]
        out = []
        for card in self.base.card_types.values():
            head = ["Field", "Type", "Default", "Meaning"]
            rows = [[f.name.replace("_", " "), self._type(f.type.name),
                     english.expr(f.default, self.names) if f.default is not None else "—",
                     f.description] for f in card.fields]
            kept = english.kept_words(card.states, self.names, "each")
            out.append(english.paragraphs([Markdown("**{}** cards{}:").format(card.title, kept)],
                                          self.table_lines(head, rows),
                                          english.provenance(card.meta), self.excerpt(card)))
        return out

    def card_rules(self) -> list[tuple[str, list[str]]]:
        """The "Card rules" section (construct 1): one block per rule field of a card
        type, each card with the rule it names."""
        out = []
        for ct in self.base.card_types.values():
            entries = [c for c in self.cards if c.get("_card_type") == ct.name]
            for f in ct.fields:
                if N.rule_kind(f):
                    out.append((f"{ct.title}: {f.description or f.name}",
                                english.card_rules(f, ct, entries, self.names)))
        return out

    def _type(self, name: str) -> str:
        if name.startswith("procedure ("):
            return "a rule: " + name
        if name in N.RULE_VALUE_TYPES:
            return {"value": "a number per player (a derived value)",
                    "condition": "yes/no per player (a derived value)"}[name]
        if name == "action":  # construct 3
            return "an action of the spec"
        decl = self.base.enums.get(name)
        return decl.title if decl else {"int": "number", "bool": "yes/no", "bag": "resources"}.get(
            name, name)

    # ----------------------------------------------------------- catalogue
    def catalogue_columns(self) -> list[str]:
        card = self._catalogue_card()
        return [f.name for f in card.fields] if card else []

    def _catalogue_card(self) -> ast.CardType | None:
        cat = next(iter(self.base.catalogues.values()), None)
        return self.base.card_types.get(cat.card_type.name) if cat else None

    def catalogue(self) -> list[list[str]]:
        card = self._catalogue_card()
        types = {f.name: f.type.name for f in card.fields} if card else {}
        rows = []
        for entry in self.cards:
            provisional = set(entry.get("provisional_fields") or ())
            invented = entry.get("provenance") == "provisional"
            row = [entry.get("title", entry.get("name", "?"))]
            for key in ["copies", *self.catalogue_columns()]:
                text = self._card_value(entry.get(key, 1 if key == "copies" else None),
                                        types.get(key))
                row.append(Markdown("*{}*").format(text) if (invented or key in provisional) and text
                           else text)
            row.append(self._card_provenance(entry, invented, provisional))
            rows.append(row)
        return rows

    def _card_value(self, value, type_name: str | None) -> str:
        if value is None or value == {}:
            return "—"
        if isinstance(value, dict):
            return Markdown(", ").join(Markdown("{} {}").format(n, self.names.title(str(k)))
                                       for k, n in value.items())
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, list):  # a `list of` field, in order
            element = (type_name or "").removeprefix("list of ")
            return ", ".join(str(self._card_value(x, element)) for x in value) or "—"
        if type_name in self.names.members:
            return self.names.member(type_name, str(value)) or str(value)
        if type_name in (*N.RULE_VALUE_TYPES, "action") or (type_name or "").startswith("procedure ("):
            return self.names.title(str(value))  # the rule's title (construct 1)
        return str(value)

    @staticmethod
    def _card_provenance(entry: dict, invented: bool, provisional: set[str]) -> Markdown:
        if invented:
            return Markdown("**provisional card** (not in the rulebook)")
        sources = Markdown("; ").join(Markdown("*{}*").format(s.strip())
                                      for s in str(entry.get("source", "")).split(";") if s.strip())
        text = Markdown("rulebook ({})").format(sources) if sources else Markdown("rulebook")
        if provisional:
            fields = [str(f).replace("_", " ") for f in entry.get("provisional_fields") or ()]
            text += Markdown("; provisional: ") + Markdown(", ").join(fields)
        return text

    def catalogue_totals(self) -> Markdown:
        copies = sum(int(c.get("copies", 1)) for c in self.cards)
        invented, fields = catalogue_counts(self.cards)
        return Markdown(f"{copies} cards in {len(self.cards)} distinct entries. {invented} entries are "
                f"provisional cards, invented so that complete games can be played; the "
                f"others leave {fields} field values provisional. Provisional values are in "
                "*italics*.")

    # ----------------------------------------------------------- the round
    def phase_order(self) -> list[ast.Phase]:
        """Phases in the order the flow first reaches them, then any others."""
        order: list[str] = []
        flow = self.base.flow
        for edge in flow.edges if flow else ():
            for node in (edge.source.name, edge.dest.name):
                if node in self.base.phases and node not in order:
                    order.append(node)
        order += [p for p in self.base.phases if p not in order]
        return [self.base.phases[p] for p in order]

    def round_intro(self) -> list[Markdown]:
        flow = self.base.flow
        if flow is None:
            return []
        first = [self._node(e.dest.name) for e in flow.edges if e.source.name == "start"]
        text = [Markdown("The game starts with {}.").format(english.join(first, "or"))] if first else []
        if flow.round_start is not None:
            text.append(Markdown("Each round starts with {}.").format(self._node(flow.round_start.name)))
        return self.with_excerpt(english.paragraphs([Markdown(" ").join(text)],
                                                    english.provenance(flow.meta)), flow)

    def phase_lines(self, decl: ast.Phase) -> list[Markdown]:
        nexts = []
        for edge in self.base.flow.edges if self.base.flow else ():
            if edge.source.name == decl.name:
                text = self._node(edge.dest.name)
                if edge.condition is not None:
                    text += Markdown(" when ") + english.expr(edge.condition, self.names)
                nexts.append(text)
        lines = english.phase(decl, self.names, english.join(nexts, "or") or None)
        return self.with_excerpt(english.paragraphs([self.in_modes(decl)], lines), decl)

    def _node(self, name: str) -> Markdown:
        if name == "end":
            return Markdown("the end of the game")
        return Markdown("*{}*").format(self.names.title(name))

    def in_modes(self, decl) -> Markdown:
        """Which modes play ``decl`` as written here (the others change it)."""
        attr = {ast.Action: "actions", ast.Phase: "phases", ast.Trigger: "triggers",
                ast.End: "ends", ast.Procedure: "procedures", ast.Automaton: "automata"}[type(decl)]
        keep = [m for m in self.modes.values() if getattr(m, attr).get(decl.name) is decl]
        if len(keep) == len(self.modes):
            return Markdown("*In every mode.*")
        if not keep:
            return Markdown("*Changed in every mode (see [Modes](#modes)).*")
        titles = english.join([m.title for m in keep])
        return Markdown("*As written here in {}; the other modes change it (see [Modes](#modes)).*"
                        ).format(titles)

    # ----------------------------------------------------------- rules
    def actions(self) -> list[tuple[str, list[str]]]:
        return [(a.title, self.with_excerpt(
            english.paragraphs([self.in_modes(a)], english.action(a, self.names)), a))
            for a in self.base.actions.values()]

    def triggers(self) -> list[tuple[str, list[str]]]:
        return [(t.title, self.with_excerpt(
            english.paragraphs([self.in_modes(t)], english.trigger(t, self.names)), t))
            for t in self.base.triggers.values()]

    def procedures(self) -> list[tuple[str, list[str]]]:
        return [(pr.title, self.with_excerpt(
            english.paragraphs([self.in_modes(pr)], english.procedure(pr, self.names)), pr))
            for pr in self.base.procedures.values()]

    def automata(self) -> list[tuple[str, list[str]]]:
        """Seats played by the rules (construct 20): each automaton of the spec once (the
        base's, then those modes add), its turns as step lists."""
        bots = {**self.base.automata}
        for mode in self.modes.values():
            for name, bot in mode.automata.items():
                bots.setdefault(name, bot)
        return [(bot.title, self.with_excerpt(english.paragraphs([self.in_modes(bot)],
                                                                 english.decl(bot, self.names)), bot))
                for bot in bots.values()]

    def ends(self) -> list[list[str]]:
        """One block per end; several are numbered, after a sentence saying they are
        tried in order."""
        ends = list(self.base.ends.values())
        several = len(ends) > 1
        blocks = [self.with_excerpt(english.paragraphs(
            [self.in_modes(e)], english.end(e, self.names, i if several else None)), e)
            for i, e in enumerate(ends, 1)]
        return [english.several_ends(len(ends)), *blocks] if several else blocks

    def setup(self) -> list[str]:
        setup = self.base.setup
        return self.with_excerpt(english.setup(setup, self.names), setup) if setup else []

    # ----------------------------------------------------------- modes and changes
    def mode_table(self) -> tuple[list[str], list[list[str]]]:
        params = self.all_params()
        head = ["Mode", "Players", "Builds on", "Modules", *[p.title for p in params]]
        rows = []
        for name, mode in self.modes.items():
            decl = self.c.mode_decls[name]
            low, high = mode.players
            parent = self.modes[decl.extends.name].title if decl.extends and \
                decl.extends.name in self.modes else "the base rules"
            modules = [self.c.modules[m].title for m in dict.fromkeys(
                o.module.name for o in decl.ops if isinstance(o, ast.UseModule)) if m in self.c.modules]
            values = [english.expr(mode.params[p.name].value, self.names)
                      if p.name in mode.params else "—" for p in params]
            rows.append([mode.title, str(low) if low == high else f"{low} to {high}", parent,
                         ", ".join(modules) or "—", *values])
        return head, rows

    def mode_sections(self) -> list[tuple[str, list[str]]]:
        return [(m.title, self.with_excerpt(_seated(m, self.names) + mode_body(self.c, name),
                                            self.c.mode_decls.get(name)))
                for name, m in self.modes.items()]

    def module_sections(self) -> list[tuple[str, list[str]]]:
        return [(m.title, self.with_excerpt(module_body(self.c, m), m)) for m in self.c.modules.values()]

    def amendment_sections(self) -> list[tuple[str, list[str]]]:
        return [(a.citation, self.with_excerpt(amendment_body(self.c, a), a)) for a in self.c.amendments]

    def default_mode(self) -> str | None:
        d = self.game.default_mode
        return self.modes[d.name].title if d and d.name in self.modes else None

    # ----------------------------------------------------------- spec excerpts
    def excerpt(self, decl) -> list[Markdown]:
        """``decl``'s spec text in a collapsed admonition (Markdown lines), or ``[]``
        when the page was rendered without the spec's text.  The text goes in a
        fence longer than any run of backticks in it (:func:`compiler.docs.markdown.fence`)."""
        source = self.sources.get(decl.span.path)
        text = span_text(source, decl.span) if source else ""
        if not text:
            return []
        return [self._excerpt_title(decl.span.path, str(decl.span.line)), Markdown(""),
                *md.fence(text, "rulebook", "    ")]

    @staticmethod
    def _excerpt_title(path: str, where: str) -> Markdown:
        return Markdown('??? example "Spec source: {}:{}"').format(md.title(path), where)

    def excerpts(self, decls) -> list[Markdown]:
        """Several declarations (a table's rows) in one collapsed admonition, their
        texts a blank line apart; titled with the spec and the line of each."""
        shown = [(d, span_text(self.sources[d.span.path], d.span)) for d in decls
                 if d.span.path in self.sources]
        shown = [(d, text) for d, text in shown if text]
        if not shown:
            return []
        where = ", ".join(str(d.span.line) for d, _ in shown)
        return [self._excerpt_title(shown[0][0].span.path, where), Markdown(""),
                *md.fence("\n\n".join(text for _, text in shown), "rulebook", "    ")]

    def with_excerpt(self, lines: list[Markdown], decl) -> list[Markdown]:
        """``lines`` (Markdown), then ``decl``'s spec text as :meth:`excerpt` gives it."""
        return english.paragraphs(lines, self.excerpt(decl) if decl is not None else [])

    # ----------------------------------------------------------- provenance
    def notes(self, kind: str) -> list[Markdown]:
        out = []
        for note in provenance_notes(self.c):
            if note.kind == kind:
                where = Markdown("; ").join(Markdown("*{}*").format(s) for s in note.sources) \
                    or Markdown("no rulebook section")
                rule = _rule_markdown(note.rule)
                rule = Markdown(rule[:1].upper() + rule[1:])  # starts with a word of ours
                context = Markdown(", in {}").format(note.context) if note.context else Markdown("")
                out.append(Markdown("{}{} ({}): {}").format(rule, context, where, md.prose(note.text)))
        return out

    def _src(self, decl) -> Markdown:
        return Markdown("; ").join(Markdown("*{}*").format(m.text) for m in decl.meta
                                   if m.kind == "source") or Markdown("—")


def _rule_markdown(rule: RuleName) -> Markdown:
    """The rule a provenance note belongs to, as the page names it: our words, then the
    rule's title in italics ("action *Upgrade*"), the title escaped."""
    if rule.title is None:
        return Markdown(rule.words)
    return Markdown("{} *{}*").format(Markdown(rule.words), rule.title)


def _seated(mode, names) -> list[Markdown]:
    """A mode's seats played by the rules, seating and sides as a paragraph and a blank
    line (construct 20); nothing without automata."""
    words = seating_words(mode, names)
    return [Markdown(" ").join(words), Markdown("")] if words else []
