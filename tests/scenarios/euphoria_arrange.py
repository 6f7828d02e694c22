"""Helpers to arrange Euphoria scenarios.

The helpers only *arrange* a state (advance through the recruit choice, set
dice faces, resources, tracks, recruits, artifacts, structures); the scenario
itself then acts through the public API (``apply_action``) so that legality is
checked by the engine.  After any manual change ``s._legal`` is reset so the
engine recomputes the legal actions; ``open_turn`` re-opens a turn so that its
``on turn`` effects (matched dice, recruits joining) see the arranged state.
"""

from __future__ import annotations

from generated import _runtime as R
from generated import euphoria

E = euphoria
RES = E.RESOURCES
FACTIONS = ("euphorian", "subterran", "wastelander", "icarite")
WORKERS = E.CARDS_OF["worker"]
TOKENS = E.CARDS_OF["token"]


# ---------------------------------------------------------------- states
def new_game(players: int = 4, seed: int = 1):
    return E.Game(num_players=players, seed=seed)


def new_state(players: int = 4, seed: int = 1, *, to_play: bool = True):
    """A fresh game; by default advanced through both recruit choices (each
    player keeps the first card offered) to the first turn of ``play``."""
    s = new_game(players, seed).new_initial_state()
    if to_play:
        advance_to_play(s)
    return s


def advance_to_play(s, *, limit: int = 100) -> None:
    """Answer the setup's recruit choices with the first card offered."""
    for _ in range(limit):
        if s.phase == "play" and not s.pending and s.stage == "act":
            return
        legal = s.legal_actions()
        assert legal and all(a.name == "choose_card" for a in legal), legal
        s.apply_action(legal[0])
    raise AssertionError("did not reach the play phase")


def touch(s) -> None:
    """Forget cached legal actions after a manual change."""
    s._legal = None


def open_turn(s, player: int, phase: str = "play") -> None:
    """Make ``player`` the one to act, with a fresh turn of ``phase`` (a ``turns`` phase
    of any engine): the per-turn tally is reset and ``on turn`` runs again on the
    arranged state."""
    assert not s.pending and s.phase == phase and not s.is_terminal()
    s.turn = (player - s.first) % s.n
    s.done = [False] * s.n
    s.again = False
    s.turn_open = False
    touch(s)
    s._advance()
    assert s.current_player() == player, (s.current_player(), player)


# ---------------------------------------------------------------- acting
def act(s, player: int, name: str, *args) -> None:
    """Apply ``name(*args)`` for ``player`` through the public API."""
    s.apply_action(s.game.action(player, name, *args))


def legal(s, name: str | None = None):
    return [a for a in s.legal_actions() if name is None or a.name == name]


def legal_args(s, name: str) -> set:
    return {a.args for a in legal(s, name)}


def legal_names(s) -> set[str]:
    return {a.name for a in s.legal_actions()}


# ---------------------------------------------------------------- names
def card(name: str) -> int:
    """Id of the (single-copy) catalogue card ``name``."""
    ids = [i for i, n in enumerate(E.CARD_NAMES) if n == name]
    assert len(ids) == 1, (name, ids)
    return ids[0]


def space(name: str) -> int:
    """Id of the action space called ``name`` (e.g. ``"generator"``)."""
    sp = card(name)
    assert sp in E.CARDS_OF["space"], name
    return sp


def territory(faction: str) -> int:
    return next(t for t in E.CARDS_OF["territory"] if E.F_faction[t] == faction)


# ---------------------------------------------------------------- dice
def dice_of(player: int) -> list[int]:
    return [d for d in WORKERS if E.F_owner[d] == player]


def value(s, die: int) -> int:
    return s.cst["value"][die]


def values(s, dice) -> list[int]:
    return [s.cst["value"][d] for d in dice]


def available(s, player: int) -> list[int]:
    return list(s.z["available"][player])


def set_dice(s, player: int, faces=(), *, on=()) -> tuple[list[int], list[int]]:
    """Give ``player`` exactly the available dice ``faces`` and dice on the
    spaces ``on`` (pairs ``(space, face)``); every other die of theirs goes back
    to their pool.  Returns (available dice, placed dice) in the given order."""
    mine = dice_of(player)
    assert len(faces) + len(on) <= len(mine), "only 4 dice per colour"
    for d in mine:
        R.move(s, s.g, d, "pool", player)
    it = iter(mine)
    avail, placed = [], []
    for f in faces:
        d = next(it)
        assert R.move(s, s.g, d, "available", player)
        s.cst["value"][d] = f
        avail.append(d)
    for sp, f in on:
        d = next(it)
        assert R.move(s, s.g, d, "workers_on", sp), f"space {sp} is full"
        s.cst["value"][d] = f
        placed.append(d)
    touch(s)
    return avail, placed


def next_rolls(s, k: int) -> list[int]:
    """The next ``k`` die rolls the state's generator will produce."""
    c = s.clone()
    return [R.randrange(c, 6) + 1 for _ in range(k)]


def force_next_roll(s, face: int) -> None:
    """Re-seed the state's generator so that its next die roll shows ``face``."""
    force_next_rolls(s, [face])


def force_next_rolls(s, faces) -> None:
    """Re-seed the state's generator so that its next die rolls show ``faces``, in order."""
    faces = list(faces)
    base = s.rng
    for k in range(1, 100_000):
        s.rng = (base + k * 7919) & R.MASK64
        if next_rolls(s, len(faces)) == faces:
            return
    raise AssertionError("no seed found")


# ---------------------------------------------------------------- resources and tracks
def set_res(s, player: int, **amounts) -> None:
    """Set ``player``'s resources exactly (unnamed ones to 0)."""
    bad = set(amounts) - set(RES)
    assert not bad, bad
    s.res[player] = [amounts.get(r, 0) for r in RES]
    touch(s)


def res(s, player: int) -> dict:
    return dict(zip(RES, s.res[player]))


def set_track(s, name: str, player: int, value: int) -> None:
    s.tr[name][player] = value
    touch(s)


def set_all(s, name: str, value: int) -> None:
    for p in range(s.n):
        s.tr[name][p] = value
    touch(s)


def set_loyalty(s, faction: str, level: int) -> None:
    s.gtr["loyalty"][faction] = level
    touch(s)


def set_digger(s, faction: str, level: int) -> None:
    s.gtr["digger"][faction] = level
    touch(s)


# ---------------------------------------------------------------- recruits
def set_recruits(s, player: int, active=(), inactive=()) -> tuple[list[int], list[int]]:
    """Give ``player`` exactly the active and inactive recruits of the named
    factions (their old recruits go back under the recruit deck)."""
    for zone in ("recruits_active", "recruits_inactive", "recruit_offer"):
        for r in list(s.z[zone][player]):
            R.move(s, s.g, r, "recruit_deck", None, bottom=True)
    out = []
    for zone, factions in (("recruits_active", active), ("recruits_inactive", inactive)):
        got = []
        for f in factions:
            r = next(c for c in reversed(s.z["recruit_deck"]) if E.F_faction[c] == f)
            assert R.move(s, s.g, r, zone, player)
            got.append(r)
        out.append(got)
    touch(s)
    return out[0], out[1]


def stack_recruits(s, factions) -> list[int]:
    """Put recruits of ``factions`` (with no authority token on them) on top of the
    recruit deck, to be drawn in that order; arrange them after ``spend_tokens``."""
    got = []
    for f in reversed(factions):
        r = next(c for c in s.z["recruit_deck"] if E.F_faction[c] == f and c not in got
                 and not s.z["recruit_tokens"][c])
        s.z["recruit_deck"].remove(r)
        s.z["recruit_deck"].append(r)
        got.append(r)
    touch(s)
    return got[::-1]


def clear_all_recruits(s) -> None:
    for p in range(s.n):
        set_recruits(s, p)


# ---------------------------------------------------------------- artifacts and dilemmas
def set_artifacts(s, player: int, kinds=()) -> list[int]:
    """Make ``player``'s hand exactly one artifact of each kind in ``kinds``."""
    for a in list(s.z["artifacts_hand"][player]):
        R.move(s, s.g, a, "artifact_deck", None, bottom=True)
    got = []
    for k in kinds:
        a = next(c for c in reversed(s.z["artifact_deck"]) if E.F_kind[c] == k)
        assert R.move(s, s.g, a, "artifacts_hand", player), "hand limit reached"
        got.append(a)
    touch(s)
    return got


def set_dilemma(s, player: int, name: str) -> int:
    """Put the dilemma card ``name`` in ``player``'s hand (swapping hands with
    whoever holds it)."""
    dl = card(name)
    mine = list(s.z["dilemma_hand"][player])
    where = s.loc[dl]
    for c in mine:
        if c != dl:
            if where[0] == "dilemma_hand":
                R.move(s, s.g, c, "dilemma_hand", where[1])
            else:
                R.move(s, s.g, c, "dilemma_deck", None, bottom=True)
    if s.loc[dl] != ("dilemma_hand", player):
        R.move(s, s.g, dl, "dilemma_hand", player)
    touch(s)
    return dl


# ---------------------------------------------------------------- structures
def set_site(s, site: str | int, structure: str | int, *, built: bool = False) -> int:
    """Put ``structure`` face down on construction site ``site`` (or built there
    when ``built``); the structure it displaces takes its former place."""
    sp = space(site) if isinstance(site, str) else site
    st = card(structure) if isinstance(structure, str) else structure
    old = s.z["structure_slot"][sp] + s.z["built_structure"][sp]
    src = s.loc[st]
    for o in old:
        if o != st:
            R.move(s, s.g, o, src[0], src[1])
    R.move(s, s.g, st, "built_structure" if built else "structure_slot", sp)
    touch(s)
    return st


# ---------------------------------------------------------------- authority tokens
def supply(s, player: int) -> list[int]:
    return list(s.z["supply"][player])


def spend_tokens(s, player: int, k: int, where=None) -> None:
    """Place ``k`` of ``player``'s authority tokens (and count them on the
    authority track).  ``where`` is a list of (zone, owner) destinations used
    in turn; by default the tokens go on recruits lying in the recruit deck or
    its discards (one each), which count for no tie-breaker."""
    if where is None:
        free = [r for r in s.z["recruit_deck"] + s.z["recruit_discard"]
                if not s.z["recruit_tokens"][r]]
        where = [("recruit_tokens", r) for r in free]
    where = list(where)
    for i in range(k):
        t = s.z["supply"][player][-1]
        zone, owner = where[i % len(where)]
        assert R.move(s, s.g, t, zone, owner), (zone, owner)
        s.tr["authority"][player] += 1
    touch(s)


def tokens_on(s, zone: str, owner) -> list[int]:
    """Owners of the tokens in ``zone`` of ``owner``."""
    return [E.F_owner[t] for t in s.z[zone][owner]]


# ---------------------------------------------------------------- bookkeeping
def card_count(s) -> int:
    return sum(1 for x in s.loc if x is not None)
