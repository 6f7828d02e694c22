"""Helpers to arrange Utopia scenarios.

The helpers only *arrange* a state (advance through the crew draft, give crew,
set discs, place ships, show a card on a Time Zone); the scenario itself then
acts through the public API (``apply_action``) so that legality is checked by
the engine.  After any manual change ``s._legal`` is reset so the engine
recomputes the legal actions; ``open_turn`` makes a player the one to act.
"""

from __future__ import annotations

from generated import _runtime as R
from generated import utopia
from tests.scenarios.euphoria_arrange import act, legal, touch  # generic: any engine
from tests.scenarios.euphoria_arrange import open_turn as open_euphoria_style_turn

__all__ = ["act", "legal", "touch"]  # re-exported for the scenarios

U = utopia
KNOWLEDGE = ("culture", "politics", "science", "exploration", "military")
SHIPS = U.CARDS_OF["chronoship"]


# ---------------------------------------------------------------- states
def new_state(players: int = 2, seed: int = 1, modules=()):
    """A fresh game advanced through the crew draft (each player takes the first
    Crew-member offered), at the first turn of Time Travel."""
    s = U.Game(num_players=players, seed=seed, modules=modules).new_initial_state()
    for _ in range(4 * players):
        if s.phase == "time_travel":
            break
        s.apply_action(s.legal_actions()[0])
    assert s.phase == "time_travel" and not s.pending
    return s


def open_turn(s, player: int) -> None:
    """Make ``player`` the one to act, with a fresh turn of Time Travel."""
    open_euphoria_style_turn(s, player, "time_travel")


# ---------------------------------------------------------------- acting
def answer(s, player: int, label: str) -> None:
    """Answer a waiting ``ask`` with the option titled ``label``."""
    act(s, player, "answer", label)


def decline_all(s, *, limit: int = 50) -> None:
    """Decline every optional question left in the turn (the Mission at its end...)."""
    for _ in range(limit):
        if not s.pending:
            return
        names = {a.name for a in s.legal_actions()}
        if "decline" not in names:
            return
        act(s, s.current_player(), "decline")


# ---------------------------------------------------------------- cards and pieces
def cid(s, name: str) -> int:
    """The id of the catalogue card (or location) called ``name``."""
    return s.game.card_ids(name)[0]


def ship(s, player: int, knowledge: str) -> int:
    """``player``'s Chronoship of the ``knowledge`` class."""
    return next(c for c in SHIPS if U.F_owner[c] == player and U.F_knowledge[c] == knowledge)


def give_crew(s, player: int, crew: str) -> int:
    """Put Crew-member ``crew`` on ``player``'s Mothership, commanding the Chronoship of
    its primary ability (what recruiting does), without paying."""
    c = cid(s, crew)
    assert R.move(s, s.g, c, "crew_station", player)
    sh = ship(s, player, U.F_primary[c])
    s.cst["commander"][sh] = c
    s.cst["secondary"][sh] = U.F_secondary[c]
    s.cst["wanted"][sh] = U.F_wanted[c]
    touch(s)
    return c


def clear_crew(s, player: int) -> None:
    """Take every Crew-member off ``player``'s Mothership (out of play): no ship is
    commanded any more."""
    for c in list(s.z["crew_station"][player]):
        R.move(s, s.g, c, "box", None)
    for sh in SHIPS:
        if U.F_owner[sh] == player:
            s.cst["commander"][sh] = -1
            s.cst["secondary"][sh] = "no_ability"
    touch(s)


def set_discs(s, player: int, **amounts: int) -> None:
    """Set ``player``'s Knowledge Discs exactly (types not named: 0)."""
    s.res[player] = [amounts.get(k, 0) for k in KNOWLEDGE]
    touch(s)


def discs(s, player: int) -> dict:
    return dict(zip(KNOWLEDGE, s.res[player]))


def recruit_location(s, tz: int) -> int:
    return cid(s, f"tz{tz}_recruit")


def show(s, tz: int, card: str) -> int:
    """Make ``card`` the TZ card shown on Time Zone ``tz`` (the one shown before goes
    on top of the deck beneath)."""
    r, c = recruit_location(s, tz), cid(s, card)
    for old in list(s.z["shown"][r]):
        R.move(s, s.g, old, "wormhole", r)
    assert R.move(s, s.g, c, "shown", r)
    touch(s)
    return c


def place(s, player: int, knowledge: str, location: str) -> int:
    """Stand ``player``'s Chronoship of class ``knowledge`` on ``location``."""
    sh = ship(s, player, knowledge)
    assert R.move(s, s.g, sh, "standing", cid(s, location))
    touch(s)
    return sh


def develop_for(s, player: int, tech: str) -> int:
    """Give ``player`` the developed Technology ``tech`` with one of their Drones on it."""
    t = cid(s, tech)
    assert R.move(s, s.g, t, "developed", player)
    drone = s.z["drone_bay"][player][-1]
    assert R.move(s, s.g, drone, "tech_drone", t)
    touch(s)
    return t


def give_mission(s, player: int, mission: str) -> int:
    m = cid(s, mission)
    assert R.move(s, s.g, m, "bridge", player)
    touch(s)
    return m


def crew_named(s, *, primary: str | None = None, secondary: str | None = None,
               avoid_tz: int | None = None) -> str:
    """The name of the first Crew-member in play, in a Time Zone deck, with that primary
    and secondary ability (and not of Time Zone ``avoid_tz``)."""
    for c in U.CARDS_OF["tz_card"]:
        if U.F_tech[c] or s.loc[c] is None or (primary and U.F_primary[c] != primary):
            continue
        if s.loc[c][0] not in ("wormhole", "shown"):
            continue
        if (secondary and U.F_secondary[c] != secondary) or U.F_tz[c] == avoid_tz:
            continue
        return s.game.card_names[c]
    raise ValueError(f"no crew {primary} {secondary}")


def crew(s, player: int, primary: str, secondary: str | None = None, *,
         avoid_tz: int | None = None) -> int:
    """Give ``player`` a Crew-member in play with that primary ability, and that secondary
    one if a card in play has both; otherwise the Chronoship it commands is arranged as
    led by that secondary ability (the ship's state, which the rules read)."""
    try:
        name = crew_named(s, primary=primary, secondary=secondary, avoid_tz=avoid_tz)
    except ValueError:
        name = crew_named(s, primary=primary, avoid_tz=avoid_tz)
    c = give_crew(s, player, name)
    if secondary:
        s.cst["secondary"][ship(s, player, primary)] = secondary
    return c
