"""Hidden information: what the rules let a player see (codes E06xx).

A zone's visibility says who sees its cards in an engine's ``observation``:
``public`` (everyone, in order), ``hidden`` (its owner), ``secret`` (no one) or ``top``
(``public top``: everyone sees the top card and the count, nobody the rest).
The statements and choices of the rules must agree with it:

* E0601: a deck, or a zone that is shuffled, is face down: if it were public,
  every player would see the order of the cards still to come.
* E0602: ``draw`` moves cards face down, so drawing from a zone nobody sees into a
  public zone shows them to everyone (that is ``reveal``); ``reveal`` shows them,
  so revealing into a zone that hides them contradicts itself.
* E0603: a choice of a card (``choose c: card in ZONE``, as an action's choice or
  as a statement, and ``choose N cards from ZONE``) shows the chooser every card
  of the zone, so the zone must be one the chooser sees: public, or their own
  hidden zone.
* E0604: a zone declared ``public top`` shows only its top card: a choice from it is
  allowed inside ``look at`` that zone only (and so is a choice from any zone looked at);
  E0605: only a public zone shows its top (``secret top``); W0113: ``look at`` a zone
  the player already sees.
* W0601 (a warning): inside ``each player``, players choose one after another;
  cards each chooses from their own hidden zone into a public one are seen by
  the players who choose after them, which is wrong when the rules have them
  choose in secret (choose into a hidden zone, then reveal it with ``move all``).
"""

from __future__ import annotations

from dsl import ast, codes
from dsl.diagnostics import Note, Report


def statements(stmts):
    """Every statement of a block, nested ones included, in order."""
    for st in stmts:
        yield st
        for body in (getattr(st, "then", ()), getattr(st, "otherwise", ()), getattr(st, "body", ())):
            yield from statements(body)
        for option in getattr(st, "options", ()):
            yield from statements(option.body)


def rule_blocks(mode):
    """Every statement block of a composed mode: setup, phases, actions, triggers
    and procedures."""
    if mode.setup is not None:
        yield mode.setup.body
    for ph in mode.phases.values():
        yield from (ph.on_enter, ph.on_exit, ph.on_turn)
    for decl in (*mode.actions.values(), *mode.triggers.values(), *mode.procedures.values()):
        yield decl.effect


def check_mode(mode, report: Report) -> None:
    """Check one composed mode; ``report`` (a :class:`dsl.diagnostics.Report`) receives
    each problem."""
    shuffled: dict[str, ast.Shuffle] = {}
    for block in rule_blocks(mode):
        for st, looking in _looked(block):
            if isinstance(st, ast.Shuffle):
                shuffled.setdefault(st.zone.zone.name, st)
            elif isinstance(st, (ast.Draw, ast.Reveal)):
                _draw(mode, st, report)
            elif isinstance(st, ast.ChooseCards):
                _choose_cards(mode, st, report, looking)
            elif isinstance(st, ast.ChooseCard):
                _choose_card(mode, st.zone, report, looking)
            elif isinstance(st, ast.LookAt):
                _look_at(mode, st, report)
    for block in rule_blocks(mode):
        for st in _inside_each_player(block):
            if isinstance(st, ast.ChooseCards):
                _choose_in_turn(mode, st, report)
    for zone in mode.zones.values():
        if zone.visibility.endswith(" top"):
            report.error(codes.TOP_NOT_PUBLIC, f"`{zone.name}` is declared `{zone.visibility}`: only a "
                         "public stack shows its top card", zone.span,
                         hint="write `public top` (the top card face up, the others covered), or leave "
                         "`top` out")
        if zone.visibility == "public" and (zone.kind == "deck" or zone.name in shuffled):
            what = "deck" if zone.kind == "deck" else "zone"
            notes = [Note("it is shuffled here", shuffled[zone.name].span)] if zone.name in shuffled else []
            report.error(codes.SHUFFLED_ZONE_PUBLIC, f"{what} `{zone.name}` is public, so every player would "
                         "see the order of its cards", zone.span, hint="make it `secret` (face down)",
                         notes=notes)
    for action in mode.actions.values():
        for choice in action.choices:
            if isinstance(choice.domain, ast.CardDomain):
                _choose_card(mode, choice.domain.zone, report)


def _looked(stmts, looking: frozenset = frozenset()):
    """Every statement of a block, nested ones included, in order, each with the names of
    the zones a ``look at`` around it lets the acting player look through."""
    for st in stmts:
        yield st, looking
        inner = looking | {st.zone.zone.name} if isinstance(st, ast.LookAt) else looking
        for body in (getattr(st, "then", ()), getattr(st, "otherwise", ()), getattr(st, "body", ())):
            yield from _looked(body, inner)
        for option in getattr(st, "options", ()):
            yield from _looked(option.body, inner)


def _top_only(mode, zone: ast.Zone, ref: ast.ZoneRef, report: Report, what: str) -> None:
    """E0604: a choice from a ``public top`` zone outside ``look at`` it."""
    report.error(codes.CHOICE_FROM_TOP_ONLY, f"{what} of `{zone.name}` shows the chooser every card in it, "
                 f"and `{zone.name}` shows only its top card", ref.span,
                 hint=f"take `top of {zone.name}`, or choose inside `look at {zone.name} ... {{ }}` where "
                 "the rules let the player look through it",
                 notes=[Note(f"`{zone.name}` is declared public top here", zone.span)])


def _look_at(mode, st: ast.LookAt, report: Report) -> None:
    """W0113: ``look at`` a zone the acting player sees already."""
    zone = mode.zones.get(st.zone.zone.name)
    if zone is not None and _sees(zone, st.zone):
        report.warning(codes.LOOK_AT_VISIBLE, f"the player sees every card of `{zone.name}` already, so "
                       "`look at` changes nothing", st.span, hint="write the statements without `look at`",
                       notes=[Note(f"`{zone.name}` is declared {zone.visibility} here", zone.span)])


def _choose_card(mode, ref: ast.ZoneRef, report: Report, looking: frozenset = frozenset()) -> None:
    """``choose c: card in ZONE`` (an action's choice, or the statement): the acting
    player chooses, so they must see the zone (or look through it: ``look at``)."""
    zone = mode.zones.get(ref.zone.name)
    if zone is None or zone.name in looking:
        return
    if zone.visibility == "top":
        _top_only(mode, zone, ref, report, "choosing a card")
    elif not _sees(zone, ref):
        report.error(codes.CHOSEN_UNSEEN, f"choosing a card of `{zone.name}` shows the chooser every card in "
                     f"it, and `{zone.name}` is {_whose(zone)}", ref.span,
                     hint="choose from a zone the player sees: a public one, or `my ...`",
                     notes=[Note(f"`{zone.name}` is declared {zone.visibility} here", zone.span)])


def _sees(zone: ast.Zone, ref: ast.ZoneRef) -> bool:
    """Does the acting player see the cards of ``zone`` named by ``ref``?"""
    if zone.visibility == "public":
        return True
    own = ref.owner == "my" or isinstance(ref.owner_expr, ast.Me)
    return zone.visibility == "hidden" and zone.per_player and own


def _whose(zone: ast.Zone) -> str:
    if zone.visibility == "secret":
        return "face down (secret)"
    return "another player's hidden zone" if zone.per_player else "hidden from every player"


def _draw(mode, st, report) -> None:
    src, dst = mode.zones.get(st.source.zone.name), mode.zones.get(st.dest.zone.name)
    if src is None or dst is None:
        return
    top_card = src.visibility == "top" and isinstance(st.count, ast.Number) and st.count.value == 1
    if isinstance(st, ast.Draw) and src.visibility != "public" and dst.visibility == "public" \
            and not top_card:
        report.error(codes.CARDS_CHANGE_SIDES, f"`draw` keeps cards face down, but `{dst.name}` is public: "
                     f"every player would see the cards drawn from `{src.name}`", st.span,
                     hint=f"write `reveal` to show them, or make `{dst.name}` hidden",
                     notes=[Note(f"`{dst.name}` is declared public here", dst.span)])
    if isinstance(st, ast.Reveal) and dst.visibility != "public":
        report.error(codes.CARDS_CHANGE_SIDES, f"`reveal` shows the cards to every player, but `{dst.name}` "
                     f"is {dst.visibility}", st.span, hint="write `draw` to keep them face down",
                     notes=[Note(f"`{dst.name}` is declared {dst.visibility} here", dst.span)])


def _choose_cards(mode, st: ast.ChooseCards, report: Report, looking: frozenset = frozenset()) -> None:
    """``choose N cards from ZONE``: the zone's owner picks, so a zone without an owner
    who sees it (secret, or hidden and shared) would show its cards to the picker."""
    zone = mode.zones.get(st.source.zone.name)
    if zone is None or zone.visibility == "public" or zone.name in looking:
        return
    if zone.visibility == "top":
        _top_only(mode, zone, st.source, report, "choosing cards")
        return
    if zone.visibility == "hidden" and zone.per_player:
        return
    report.error(codes.CHOSEN_UNSEEN, f"choosing cards of `{zone.name}` shows the chooser every card in it, "
                 f"and `{zone.name}` is {_whose(zone)}", st.source.span,
                 hint="choose from a zone the player sees, or `draw` from the top",
                 notes=[Note(f"`{zone.name}` is declared {zone.visibility} here", zone.span)])


def _inside_each_player(stmts, inside: bool = False):
    """The statements of a block that run inside an ``each player``."""
    for st in stmts:
        if inside:
            yield st
        deeper = inside or isinstance(st, ast.EachPlayer)
        for body in (getattr(st, "then", ()), getattr(st, "otherwise", ()), getattr(st, "body", ())):
            yield from _inside_each_player(body, deeper)
        for option in getattr(st, "options", ()):
            yield from _inside_each_player(option.body, deeper)


def _choose_in_turn(mode, st: ast.ChooseCards, report: Report) -> None:
    src, dst = mode.zones.get(st.source.zone.name), mode.zones.get(st.dest.zone.name)
    if src is None or dst is None or st.source.owner != "my":
        return
    if src.visibility == "hidden" and dst.visibility == "public":
        report.warning(codes.CHOICES_SEEN_IN_TURN, "players choose one after another in `each player`, "
                       f"and the cards chosen into `{dst.name}` are public: later players see what "
                       "earlier ones chose", st.span,
                       hint=f"if they choose in secret, choose into a hidden zone and `move all` of it "
                       f"into `{dst.name}` once everyone has chosen",
                       notes=(Note(f"`{dst.name}` is declared public here", dst.span),))
