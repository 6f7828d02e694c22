"""The naming context of the English backend: what each name of a spec is called.

A :class:`Names` is a ``dict`` from a spec name to the title a reader sees
(``wellbeing`` → ``Well-being Points``), plus three side tables that make the
English more precise: the declaration behind each game-wide name, the type of
every card field and state, and the members of every enum.  A plain
``dict[str, str]`` works wherever a ``Names`` is accepted; without the side
tables the English falls back to generic words ("cards", "your X").

Titles are spec text: the table holds them as written, and :meth:`Names.title`,
:meth:`Names.member` and :meth:`Names.score_title` give them escaped, as
:class:`~compiler.docs.markdown.Markdown` ready for a page.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from dsl import ast

from compiler.docs.markdown import Markdown, inline


class Names(dict):
    """``name → title`` with what each name is.

    ``decls``: game-wide name → its declaration (resource, track, zone, param,
    derived, tally, phase, action, trigger, end, card type, catalogue, enum).
    ``fields``: card field or card state name → type name (``int``, ``bool``,
    ``bag`` or an enum name).  ``members``: enum name → member name → title.
    ``descriptions``: card field name → its description (``field needed: int "power
    needed"``), for the fields every card type that has one describes alike; the first
    time prose names such a field (:meth:`field`), the description follows it.
    """

    def __init__(self, titles: Mapping[str, str] | Iterable = (), *,
                 decls: Mapping[str, object] | None = None,
                 fields: Mapping[str, str] | None = None,
                 members: Mapping[str, Mapping[str, str]] | None = None,
                 descriptions: Mapping[str, str] | None = None):
        super().__init__(titles)
        self.descriptions: dict[str, str] = dict(descriptions or {})
        self.glossed: set[str] = set()  # the fields whose description prose has given
        self.decls: dict[str, object] = dict(decls or {})
        self.fields: dict[str, str] = dict(fields or {})
        self.members: dict[str, dict[str, str]] = {k: dict(v) for k, v in (members or {}).items()}

    def title(self, name: str) -> Markdown:
        """The title of ``name``, escaped; unknown names read with underscores as spaces."""
        return inline(self.get(name) or plain(name))

    def field(self, name: str) -> Markdown:
        """A card field as prose names it, escaped: its name, and, the first time these
        names give it, its description after it when that says more (``needed (power
        needed)``; then ``needed``), so a page glosses each field once."""
        said = self.descriptions.get(name, "")
        if name in self.glossed or not said.strip() \
                or " ".join(said.split()).lower() == name.replace("_", " ").lower():
            return plain(name)
        self.glossed.add(name)
        return Markdown("{} ({})").format(plain(name), said)

    def member(self, enum: str | None, name: str) -> Markdown | None:
        """The title of member ``name`` of ``enum`` (any enum when ``enum`` is None), escaped."""
        if enum in self.members:
            found = self.members[enum].get(name)
            return None if found is None else inline(found)
        for table in self.members.values():
            if name in table:
                return inline(table[name])
        return None

    def score_title(self) -> Markdown | None:
        """The title of the score track (``Well-being Points``), escaped, if one is declared."""
        return next((inline(d.title) for d in self.decls.values()
                     if isinstance(d, ast.Track) and d.is_score), None)


def as_names(names: Mapping[str, str] | None) -> Names:
    """``names`` as a :class:`Names` (a plain dict gets empty side tables)."""
    if isinstance(names, Names):
        return names
    return Names(names or {})


def plain(name: str) -> Markdown:
    """``main_deck`` → ``main deck``: how a name without a title reads (escaped)."""
    return inline(name.replace("_", " "))


#: ComposedMode tables whose declarations carry a name and a title.
_TITLED = ("resources", "tracks", "zones", "params", "derived", "tallies", "phases", "actions",
           "triggers", "card_types", "enums", "pieces", "procedures", "tables", "automata")


def names_for(*modes, extra: Iterable[object] = (), fallback: Names | None = None) -> Names:
    """Build the naming context of one or more composed modes (first mode wins a name).

    ``modes`` are :class:`compiler.analysis.compose.ComposedMode` objects; pass the mode
    being rendered first and the others after it so names that only exist in
    other modes (a removed tally, say) still read with their titles.  ``extra``
    declarations (e.g. the old and new rules of every change) come last, then the
    tables of ``fallback`` (the names of other modes, built once for many calls).
    """
    titles: dict[str, str] = {}
    decls: dict[str, object] = {}
    fields: dict[str, str] = {}
    members: dict[str, dict[str, str]] = {}
    described: dict[str, set[str]] = {}
    for mode in modes:
        for table in _TITLED:
            for name, decl in getattr(mode, table).items():
                decls.setdefault(name, decl)
        for name, decl in mode.catalogues.items():
            decls.setdefault(name, decl)
        for name, decl in mode.ends.items():
            decls.setdefault(name, decl)
        for name, decl in getattr(mode, "options", {}).items():  # chosen at creation (construct 15)
            decls.setdefault(name, decl)
        for name, decl in getattr(mode, "dice", {}).items():  # construct 16
            decls.setdefault(name, decl)
        for name, decl in getattr(mode, "stocks", {}).items():  # construct 18
            decls.setdefault(name, decl)
        for card in mode.card_types.values():
            for f in card.fields:
                fields.setdefault(f.name, f.type.name)
                described.setdefault(f.name, set()).add(f.description or "")
        for pieces in mode.pieces.values():
            fields.setdefault("owner", "player")
            if pieces.sides:
                fields.setdefault("value", "int")
        for zone in mode.zones.values():
            for state in zone.states:
                fields.setdefault(state.name, state.type.name)
        for enum in mode.enums.values():
            table = members.setdefault(enum.name, {})
            for m in enum.members:
                table.setdefault(m.name, m.title)
    for decl in extra:
        name = getattr(decl, "name", None)
        if name is not None and not isinstance(decl, (ast.CardType, ast.Enum)):
            decls.setdefault(name, decl)
    if fallback is not None:
        for name, decl in fallback.decls.items():
            decls.setdefault(name, decl)
        for name, type_name in fallback.fields.items():
            fields.setdefault(name, type_name)
        for enum, table in fallback.members.items():
            mine = members.setdefault(enum, {})
            for name, title in table.items():
                mine.setdefault(name, title)
    for name, decl in decls.items():
        if not isinstance(decl, (ast.CardType, ast.Enum)):  # types, not values: fields win
            titles[name] = getattr(decl, "title", None) or plain(name)
    for name in fields:
        titles.setdefault(name, plain(name))
    for table in members.values():
        for name, title in table.items():
            titles.setdefault(name, title)
    descriptions = {name: next(iter(said)) for name, said in described.items() if len(said) == 1}
    if fallback is not None:
        for name, said in fallback.descriptions.items():
            descriptions.setdefault(name, said)
    return Names(titles, decls=decls, fields=fields, members=members, descriptions=descriptions)
