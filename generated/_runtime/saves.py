"""Saved states read back (``GameBase.state_from_json``), checked so that a save that
does not hold together is refused when it is loaded, never by a crash later.

A save (``State.to_json``) holds the state itself and ``moves``, the number of actions
played; with ``history=True`` it also holds those actions.  The two are read back in
two ways:

* **with its history**, the save is replayed: the actions are applied, one by one, to
  the game's first state, each of which must be legal, and the state they reach must
  be the very state the save holds.  The loaded state is the replayed one: it is a
  state of the game, and knows its history.  Loading costs a replay of the game.
* **without**, every field is checked against the rules of the mode and against the
  shape of the game's first state (the names of tracks, tallies, zones and card
  states, lengths, types and ranges of values, no track below the lowest value the
  rules let it take (``Rules.track_low``), each card in exactly the zone its location
  names and holding a value of each state of that zone, each waiting decision complete
  and naming zones, owners, cards and continuations that exist, no move played only
  in the game's first state, and no ``immediately`` end holding in a game that runs
  with no decision waiting); then the state is played on, on copies: its legal
  actions are worked out and each is applied, and the decisions waiting are answered
  in turn.  Loading costs about as much as the state is large.  Such a save is a
  state the engine can play on from, not a proof that the game can reach it (an
  edited amount of resources, still an amount, is taken as it is); and the loaded
  state does not know the actions before it (see ``State.history``).

Every refusal is a :class:`RulesError` whose message begins "not a saved state of
this game" and says what is wrong.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .actions import Action
from .chance import MASK64
from .errors import IllegalActionError, RulesError, _BadState
from .seats import may_answer
from .state import State
from .values import Owner, _from_json, _is_int, _same
from .values_chosen import VALUE_ANSWERS

if TYPE_CHECKING:
    from .game import GameBase

#: The fields of a save besides its ``game`` header (and ``history``, when it has one).
FIELDS = ("phase", "stage", "round", "first", "turn", "done", "res", "tr", "gtr", "z", "loc", "cst",
          "ta", "pending", "rng", "ended", "terminal", "winners", "again", "turn_open", "moves",
          "ended_by", "dice", "lead", "stk")
#: The keys of each kind of waiting decision (see :mod:`.decisions` and :func:`.zones.overflow`).
DECISION_KEYS = {
    "cards": {"kind", "player", "count", "src", "src_owner", "dst", "dst_owner", "bottom", "cards",
              "then", "env", "me"},
    "card": {"kind", "player", "cards", "src", "src_owner", "fn", "env", "me"},
    "ask": {"kind", "player", "labels", "fn", "env", "me"},
    "overflow": {"kind", "player", "zone", "owner", "card", "src", "src_owner", "count", "bottom"},
    "resume": {"kind", "fn", "env", "me"},
    "act": {"kind", "name", "me", "args", "step"},
    "done": {"kind", "name"},
    "action": {"kind", "player", "actions", "bound", "me"},
    "value": {"kind", "player", "options", "arg", "fn", "env", "me"},
}
#: Keys a record of a kind may have besides those of :data:`DECISION_KEYS`.
OPTIONAL_KEYS = {"card": {"optional"}, "action": {"optional"}, "cards": {"up_to"}, "value": {"optional"}}
#: At most this many waiting decisions are answered, on a copy, when a save is loaded.
PROBE_STEPS = 200
#: The most rounds one action (or the setup) can start: ``State._advance`` gives up after
#: this many automatic steps with no decision, and each step enters at most one phase.
STEPS_PER_MOVE = 10_000
#: The most actions a save may say were played: ten thousand times what `rulebook play`
#: plays before it gives up on a game (``--max-actions``, 100,000 by default) would take
#: the fastest engine days; a larger count is an edited save, not a game.
MAX_MOVES = 100_000_000


def load_state(game: GameBase, text: str) -> State:
    """The state saved in ``text`` (see the module); RulesError when it is not a saved
    state of ``game`` (its name, mode, player count and seed) or does not hold together."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError) as err:
        raise RulesError(f"not a saved state of this game: {err}") from None
    if not isinstance(data, dict) or not isinstance(data.get("game"), dict):
        raise RulesError("not a saved state of this game: expected a JSON object with a "
                         "'game' header")
    meta = data["game"]
    want = {"name": game.NAME, "mode": game.mode, "num_players": game.num_players, "seed": game.seed,
            **game.chosen()}  # construct 15: the modules and options it was created with
    unknown = [m for m in meta.get("modules") or () if m not in game.MODULES]
    if unknown:
        raise RulesError(f"not a saved state of this game: it names unknown module {unknown[0]!r}")
    got = {k: meta.get(k) for k in want}
    if not all(_same(got[k], v) for k, v in want.items()):
        raise RulesError(f"not a saved state of this game: it is for {got}, not {want}")
    try:
        if "history" in data:
            return _replayed(game, data)
        state = restore_state(game, data)
        _play_on(state)
        return state
    except _BadState as err:
        raise RulesError(f"not a saved state of this game: {err}") from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, RecursionError) as err:
        raise RulesError(f"not a saved state of this game: {type(err).__name__}: {err}") from None


def _check(ok: object, what: str) -> None:
    if not ok:
        raise _BadState(what)


def _ints(value: object, length: int | None = None, low: int | None = None) -> bool:
    return (isinstance(value, list) and all(_is_int(x) and (low is None or x >= low) for x in value)
            and (length is None or len(value) == length))


def _like(value: object, ref: object) -> bool:
    """``value`` has the shape of ``ref`` (JSON data): the same type (an integer for an
    integer, never a bool), the same keys of an object, the same length of a list."""
    if isinstance(ref, bool) or ref is None or isinstance(ref, str):
        return type(value) is type(ref)
    if _is_int(ref):
        return _is_int(value)
    if isinstance(ref, list):
        return isinstance(value, list) and len(value) == len(ref) and all(map(_like, value, ref))
    if isinstance(ref, dict):
        return isinstance(value, dict) and set(value) == set(ref) and all(
            _like(value[k], ref[k]) for k in ref)
    return False


def _plain(value: object, depth: int = 0) -> bool:
    """JSON data that an engine's locals can hold: integers, strings, bools, None, and
    lists of them (a card, a seat, a label, a bag, a list of cards)."""
    if value is None or isinstance(value, (bool, int, str)):
        return True
    return isinstance(value, list) and depth < 4 and all(_plain(v, depth + 1) for v in value)


def _replayed(game: GameBase, data: dict) -> State:
    """The state a save with its history holds, replayed (see the module)."""
    history = data["history"]
    _check(isinstance(history, list) and all(
        isinstance(h, list) and len(h) == 3 and _is_int(h[0]) and isinstance(h[1], str)
        and isinstance(h[2], list) for h in history), "bad history")
    _check(_is_int(data.get("moves")) and data["moves"] == len(history),
           f"bad moves {data.get('moves')!r}: its history has {len(history)} actions")
    state = game.new_initial_state()
    for i, (p, name, args) in enumerate(history):
        try:
            state.apply_action(Action(p, name, _from_json(args), game))
        except IllegalActionError as err:
            raise _BadState(f"action {i + 1} of its history is not legal there: {err}") from None
    held = {k: v for k, v in data.items() if k != "history"}
    reached = json.loads(state.to_json())
    differ = sorted(k for k in set(held) | set(reached) if held.get(k, ...) != reached.get(k, ...))
    _check(not differ and json.dumps(held, sort_keys=True, separators=(",", ":")) == state.to_json(),
           f"it is not the state its history leads to ({', '.join(differ) or 'types'} differ)")
    return state


def restore_state(game: GameBase, data: dict) -> State:
    """The state a save without its history holds, every field checked (see the module);
    :class:`_BadState` names the first that is wrong."""
    g, n, ncards = game.rules, game.num_seats, len(game.card_titles)
    check, ints = _check, _ints
    missing = [k for k in FIELDS if k not in data]
    check(not missing, f"missing field(s) {', '.join(missing)}")
    unknown = sorted(set(data) - {*FIELDS, "game", "history"})
    check(not unknown, f"unknown field(s) {', '.join(map(str, unknown))}")
    ref = json.loads(game.new_initial_state().to_json())  # the shape of every value
    d = data
    check(isinstance(d["phase"], str) and d["phase"] in g.phases, f"unknown phase {d['phase']!r}")
    check(d["stage"] in ("enter", "act", "exit", "leave"), f"bad stage {d['stage']!r}")
    for key in ("round", "turn", "rng", "moves"):
        check(_is_int(d[key]) and d[key] >= 0, f"bad {key} {d[key]!r}")
    check(d["rng"] <= MASK64, f"bad rng {d['rng']!r}")
    check(_is_int(d["first"]) and 0 <= d["first"] < n, f"bad first player {d['first']!r}")
    check(_is_int(d["lead"]) and 0 <= d["lead"] < n, f"bad lead {d['lead']!r}")
    for key in ("terminal", "again", "turn_open"):
        check(isinstance(d[key], bool), f"bad {key} {d[key]!r}")
    _check_counters(g, d)
    _check_ends(g, d)
    check(_like(d["done"], ref["done"]), "bad done flags")
    check(isinstance(d["res"], list) and len(d["res"]) == n
          and all(ints(r, len(game.resources), low=0) for r in d["res"]), "bad resources")
    check(isinstance(d["tr"], dict) and set(d["tr"]) == set(g.player_tracks)
          and all(ints(v, n) for v in d["tr"].values()), "bad player tracks")
    check(isinstance(d["gtr"], dict) and set(d["gtr"]) == set(g.global_tracks)
          and _like(d["gtr"], ref["gtr"]), "bad global tracks")
    check(isinstance(d["ta"], dict) and set(d["ta"]) == set(g.tallies)
          and all(ints(v, n, low=0) for v in d["ta"].values()), "bad tallies")
    check(isinstance(d["cst"], dict) and set(d["cst"]) == set(ref["cst"]) and all(
        isinstance(v, list) and len(v) == ncards and all(
            x is None or _like(x, r) or r is None and isinstance(x, (bool, int, str))
            for x, r in zip(v, ref["cst"][k])) for k, v in d["cst"].items()), "bad card states")
    check(ints(d["winners"]) and all(0 <= q < n for q in d["winners"])
          and len(set(d["winners"])) == len(d["winners"]), "bad winners")
    check(d["terminal"] or not d["winners"], "winners in a game that is not over")
    check(not d["terminal"] or not d["pending"], "decisions waiting in a game that is over")
    check(d["terminal"] or d["pending"] or d["stage"] == "act",
          f"no decision waiting at stage {d['stage']!r} of a phase")
    # zones and card locations, which must agree
    z = d["z"]
    check(isinstance(z, dict) and set(z) == set(g.zones), "bad zones")
    check(isinstance(d["loc"], list) and len(d["loc"]) == ncards, "bad card locations")
    loc: list[tuple[str, Owner] | None] = [None] * ncards
    owned: Any
    for name, cards in z.items():
        if game.per_player_zone[name]:
            check(isinstance(cards, list) and len(cards) == n, f"bad zone {name!r}")
            owned = enumerate(cards)
        elif game.per_card_zone[name]:
            owners = set(game.per_card_zone[name])
            check(isinstance(cards, list) and len(cards) == ncards
                  and all((c is not None) == (i in owners) for i, c in enumerate(cards)),
                  f"bad zone {name!r}")
            owned = ((i, c) for i, c in enumerate(cards) if c is not None)
        else:
            owned = [(None, cards)]
        for owner, held in owned:
            check(ints(held), f"bad zone {name!r}")
            for c in held:
                check(0 <= c < ncards and loc[c] is None, f"card {c!r} misplaced in {name!r}")
                loc[c] = (name, owner)
    for c, where in enumerate(d["loc"]):
        check(where is None and loc[c] is None or isinstance(where, list)
              and tuple(where) == loc[c], f"card {c} is not where its location says")
    _check_floors(g, d)
    _check_card_states(g, d, loc)
    _check_dice(g, d["dice"])
    check(_like(d["stk"], ref["stk"]) and all(
        x >= 0 for v in d["stk"].values() for x in v if _is_int(x)) and all(
        x >= 0 for v in d["stk"].values() for held in v if isinstance(held, list) for x in held),
        "bad stocks")
    pending = d["pending"]
    check(isinstance(pending, list), "bad pending decisions")
    for i, decision in enumerate(pending):
        _check_decision(game, decision, f"bad pending decision {i + 1}")
    check(d["moves"] != 0 or all(_same(d[k], ref[k]) for k in FIELDS),
          "no move played, yet it is not the game's first state")

    s = State(game)
    for key in ("phase", "stage", "round", "first", "turn", "done", "res", "tr", "gtr", "cst",
                "ta", "rng", "ended", "terminal", "winners", "again", "turn_open", "ended_by"):
        setattr(s, key, d[key])
    s.dice = {k: list(v) for k, v in d["dice"].items()}
    s.lead = d["lead"]
    s.stk = d["stk"]
    s.z = z
    s.loc = loc
    s.pending = [_from_json(x) for x in pending]
    for x in s.pending:
        if "labels" in x:
            x["labels"] = list(x["labels"])
    s._past, s._moves, s._known = None, d["moves"], d["moves"]
    _check_no_end_due(s)
    return s


def _check_counters(g: Any, d: dict) -> None:
    """``round`` and ``moves`` (already whole numbers, at least 0) within what a game of
    the mode can reach: no more moves than :data:`MAX_MOVES`; no round in a mode whose
    flow counts none (no ``round starts at``); round 0 only in a phase the flow reaches
    before the first round starts; and no more rounds than the moves played can have
    started (:data:`STEPS_PER_MOVE` each, and as many for the setup)."""
    moves, rounds = d["moves"], d["round"]
    _check(moves <= MAX_MOVES, f"bad moves {moves!r}: more than the {MAX_MOVES:,} actions a saved "
           "game may have played")
    if g.round_start is None:
        _check(rounds == 0, f"bad round {rounds!r}: this mode counts no rounds (its flow has no "
               "`round starts at`)")
        return
    if rounds == 0:
        started = d["phase"] == g.round_start and d["stage"] != "enter"
        _check(not started and d["phase"] in _before_first_round(g),
               f"bad round 0: phase {d['phase']!r} is played only once the first round has started")
    _check(rounds <= STEPS_PER_MOVE * (moves + 1),
           f"bad round {rounds!r}: {moves} action(s) cannot have started that many rounds")


def _before_first_round(g: Any) -> set[str]:
    """The phases the flow of ``g`` can be in before it first enters the phase that
    starts each round (that phase itself when it may be skipped: ``only when``)."""
    seen: set[str] = set()
    todo = [dest for dest, *_ in g.edges.get("start", ())]
    while todo:
        phase = todo.pop()
        if phase in seen or phase not in g.phases:
            continue
        if phase == g.round_start:
            if g.phases[phase].only_when is None:
                continue
        seen.add(phase)
        todo += [dest for dest, *_ in g.edges.get(phase, ())]
    return seen | {g.round_start}


def _check_floors(g: Any, d: dict) -> None:
    """No track of the save is below the lowest value the rules let it take
    (``Rules.track_low``: its range's low end, or 0 for a track nothing lowers)."""
    for key in ("tr", "gtr"):
        for name, value in d[key].items():
            low = g.track_low.get(name)
            if low is None:
                continue
            values = value if isinstance(value, list) else [value]
            flat = [x for v in values for x in (v.values() if isinstance(v, dict) else [v])]
            bad = [x for x in flat if _is_int(x) and x < low]
            _check(not bad, f"bad track {name!r}: {bad[0] if bad else ''} is below its lowest value {low}")


def _check_card_states(g: Any, d: dict, loc: list) -> None:
    """A card in a zone whose cards have a state (``state NAME: TYPE = default``) holds a
    value of that state's type there, never None."""
    for c, where in enumerate(loc):
        if where is None:
            continue
        for state, default in g.card_states.get(where[0], ()):
            value = d["cst"][state][c]
            _check(value is not None and (default is None or _like(value, default)),
                   f"bad card states: card {c} in {where[0]!r} has {state} {value!r}")


def _check_no_end_due(s: State) -> None:
    """A game that is running, with no decision waiting, has no end that ends it at once
    (``immediately``) whose condition holds: the engine would have ended it."""
    if s.terminal or s.pending:
        return
    for name, cond, at_once, _ in s.g.ends:
        _check(not (at_once and cond is not None and cond(s.g, s)),
               f"the game is running, yet its end {name!r} holds, which ends it at once")


def _check_dice(g: Any, dice: object) -> None:
    """The dice of a save (construct 16): each of the mode's, as many as it has, each
    showing one of its faces (a number for a number, never a bool)."""
    _check(isinstance(dice, dict) and set(dice) == set(g.dice), "bad dice")
    for name, shown in dice.items():
        count, faces = g.dice[name]
        _check(isinstance(shown, list) and len(shown) == count and all(
            any(type(x) is type(f) and x == f for f in faces) for x in shown), f"bad dice {name!r}")


def _check_ends(g: Any, d: dict) -> None:
    """``ended`` lists distinct ends of the mode (those latched); ``ended_by`` names the
    end that decided a game that is over, and is None in a game that is not."""
    names = [e[0] for e in g.ends]
    ended, by = d["ended"], d["ended_by"]
    _check(isinstance(ended, list) and all(isinstance(x, str) and x in names for x in ended)
           and len(set(ended)) == len(ended), f"bad ended {ended!r}")
    _check(by is None or isinstance(by, str) and by in names, f"bad ended_by {by!r}")
    _check((by is not None) == d["terminal"], "ended_by is set exactly when the game is over")


def _check_decision(game: GameBase, x: Any, what: str) -> None:
    """A waiting decision of a save: its kind's keys, each naming what exists."""
    g, n, ncards = game.rules, game.num_seats, len(game.card_titles)

    def seat(v: object) -> bool:
        return _is_int(v) and 0 <= v < n

    def card(v: object) -> bool:
        return _is_int(v) and 0 <= v < ncards

    def place(zone: object, owner: object) -> bool:
        if not isinstance(zone, str) or zone not in g.zones:
            return False
        if game.per_player_zone[zone]:
            return seat(owner)
        if game.per_card_zone[zone]:
            return _is_int(owner) and owner in game.per_card_zone[zone]
        return owner is None

    def rest(fn: object, env: object, me: object) -> bool:
        return (isinstance(fn, str) and fn in g.asks and isinstance(env, dict) and seat(me)
                and all(isinstance(k, str) and _plain(v) for k, v in env.items())
                and _env_fits(game, g.envs.get(fn), env))

    _check(isinstance(x, dict) and x.get("kind") in DECISION_KEYS, f"{what}: unknown kind")
    kind = x["kind"]
    _check(DECISION_KEYS[kind] <= set(x) <= DECISION_KEYS[kind] | OPTIONAL_KEYS.get(kind, set()),
           f"{what}: the keys of {kind!r} decisions are {', '.join(sorted(DECISION_KEYS[kind]))}")
    if kind in ("resume", "act", "done"):
        _check_continuation(game, x, what, rest)
        return
    _check(seat(x["player"]), f"{what}: bad player {x['player']!r}")
    _check(x.get("optional", True) is True, f"{what}: bad optional {x.get('optional')!r}")
    _check(x.get("up_to", True) is True, f"{what}: bad up_to {x.get('up_to')!r}")
    if kind in ("cards", "card"):
        _check(isinstance(x["cards"], list) and all(map(card, x["cards"]))
               and len(set(x["cards"])) == len(x["cards"]), f"{what}: bad cards")
        _check(place(x["src"], x["src_owner"]), f"{what}: bad zone {x['src']!r} of {x['src_owner']!r}")
    if kind == "cards":
        _check(_is_int(x["count"]) and x["count"] >= 1 and isinstance(x["bottom"], bool),
               f"{what}: bad count")
        _check(place(x["dst"], x["dst_owner"]), f"{what}: bad zone {x['dst']!r} of {x['dst_owner']!r}")
        _check(x["then"] is None and x["env"] is None and x["me"] is None
               or rest(x["then"], x["env"], x["me"]), f"{what}: bad continuation {x['then']!r}")
    elif kind == "card":
        _check(x["cards"] and rest(x["fn"], x["env"], x["me"]), f"{what}: bad continuation {x['fn']!r}")
    elif kind == "action":  # construct 3: actions of the game, choices fixed by index
        _check(isinstance(x["actions"], list) and x["actions"]
               and all(isinstance(a, str) and a in g.actions for a in x["actions"])
               and seat(x["me"]) and may_answer(game, x["me"], x["player"])
               and isinstance(x["bound"], list)
               and all(isinstance(b, list) and len(b) == 2 and _plain(b[0]) and isinstance(b[1], dict)
                       and all(a in g.actions and (_is_int(i) and i >= 0 or isinstance(i, str))
                               for a, i in b[1].items())
                       for b in x["bound"]), f"{what}: bad action to take")
    elif kind == "value":  # a member, number, seat or bag chosen in an effect
        _check(isinstance(x["options"], list) and x["options"] and all(map(_plain, x["options"]))
               and x["arg"] in VALUE_ANSWERS and rest(x["fn"], x["env"], x["me"])
               and may_answer(game, x["me"], x["player"]), f"{what}: bad value to choose")
    elif kind == "ask":
        _check(isinstance(x["labels"], list) and x["labels"]
               and all(isinstance(label, str) for label in x["labels"])
               and rest(x["fn"], x["env"], x["me"]), f"{what}: bad question")
    else:  # overflow
        _check(x["zone"] in g.overflow and place(x["zone"], x["owner"]) and x["player"] == x["owner"],
               f"{what}: bad zone {x['zone']!r} of {x['owner']!r}")
        _check(place(x["src"], x["src_owner"]), f"{what}: bad zone {x['src']!r} of {x['src_owner']!r}")
        _check((x["card"] is None or card(x["card"])) and _is_int(x["count"]) and x["count"] >= 1
               and isinstance(x["bottom"], bool), f"{what}: bad card or count")


def _check_continuation(game: GameBase, x: dict, what: str, rest: Any) -> None:
    """A continuation record of a save (``resume``, ``act``, ``done``): each naming a
    function, action and seat that exist, with locals of the types the function expects."""
    g, n = game.rules, game.num_seats
    kind = x["kind"]
    if kind == "resume":
        _check(rest(x["fn"], x["env"], x["me"]), f"{what}: bad continuation {x['fn']!r}")
        return
    _check(isinstance(x["name"], str) and x["name"] in g.actions, f"{what}: unknown action {x['name']!r}")
    if kind == "act":
        _check(_is_int(x["me"]) and 0 <= x["me"] < n, f"{what}: bad player {x['me']!r}")
        _check(_is_int(x["step"]) and 1 <= x["step"] < len(g.effects_of[x["name"]]),
               f"{what}: bad step {x['step']!r}")
        _check(isinstance(x["args"], (list, tuple)) and all(map(_plain, x["args"])),
               f"{what}: bad arguments")


def _env_fits(game: GameBase, schema: dict[str, str] | None, env: dict) -> bool:
    """Whether ``env``, the locals saved with a continuation, holds exactly the names its
    function expects (``schema``: name → type, design 1.1.5), each a value of its type
    (a card id, a seat, a number...); a forged env is refused here, not by a crash later."""
    if schema is None:
        return False
    if set(env) != set(schema):
        return False
    ncards, n = len(game.card_titles), game.num_seats
    for name, value in env.items():
        kind, _, of = schema[name].rstrip("?").partition(":")
        absent = schema[name].endswith("?") and value == -1
        if kind == "card":
            ok = absent or _is_int(value) and 0 <= value < ncards
        elif kind == "player":
            ok = absent or _is_int(value) and 0 <= value < n
        elif kind == "int":
            ok = _is_int(value)
        elif kind == "bool":
            ok = isinstance(value, bool)
        elif kind in ("enum", "text"):
            ok = isinstance(value, str)
        elif kind == "bag":
            ok = isinstance(value, (list, tuple)) and len(value) == len(game.resources) \
                and all(_is_int(v) for v in value)
        elif kind == "cards":
            ok = isinstance(value, (list, tuple)) and all(_is_int(v) and 0 <= v < ncards for v in value)
        elif kind == "players":  # the seats a loop runs over (design 1.1.3)
            ok = isinstance(value, (list, tuple)) and all(_is_int(v) and 0 <= v < n for v in value)
        elif kind == "members":  # the members of an enum a loop runs over
            ok = isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value)
        elif kind == "count":  # a loop's place or count: never below 0
            ok = _is_int(value) and value >= 0
        else:
            ok = _plain(value)
        if not ok:
            return False
    return True


def _play_on(state: State) -> None:
    """Play on from a restored state, on copies: it must be a state the engine stops at
    (running the flow on from it changes nothing: a player must decide, or the game is
    over); then work out its legal actions and apply each; then answer the decisions
    waiting in turn (the first choice each time, at most :data:`PROBE_STEPS`).
    :class:`_BadState` when it is not a state the engine stops at, when the player to
    act has no legal action, or when playing on fails."""
    if state.terminal:
        return
    try:
        saved, copy = state.to_json(), state.clone()
        copy._advance()
        moved = copy.to_json()
        if moved != saved:
            was, now = json.loads(saved), json.loads(moved)
            raise _BadState("it is not a state the engine stops at: the rules move on from it with "
                            f"no decision ({', '.join(sorted(k for k in was if was[k] != now[k]))} "
                            "change)")
        legal = state.legal_actions()
        _check(legal, f"player {state.current_player() + 1} is to act but has no legal action")
        for action in legal:
            state.clone().apply_action(action)
        copy, steps = state.clone(), 0
        while copy.pending and not copy.terminal and steps < PROBE_STEPS:
            copy.apply_action(copy.legal_actions()[0])
            steps += 1
    except _BadState:
        raise
    except Exception as err:  # noqa: BLE001 - whatever fails, the save is refused for it
        raise _BadState(f"playing on from it fails ({type(err).__name__}: {err})") from None


