"""The agenda (issue 11 design, 1.1): ``State.pending``, the records waiting inside
effects, front first, and how the runtime answers and settles them.

Two families of records, each a dict of JSON values that is never changed once it is on
the agenda (an answer that changes one puts a new dict in its place, so ``clone`` copies
the list only):

* **questions** (with a ``player``), answered through ``apply_action``: ``cards``
  (choose N cards, one at a time), ``card`` (choose one card; ``fn`` runs with it),
  ``ask`` (a labelled option; ``fn`` runs it), ``overflow`` (make room in a full zone:
  deferred, 1.1.4), ``action`` (take one legal instance of the ``actions`` named, the
  choices of ``bound`` fixed: construct 3; its triggers and effect then run), ``value``
  (choose a member, number, player or bag; ``fn`` runs with it: :mod:`.values_chosen`);
* **continuations**, run by :func:`settle` as soon as they reach the front: ``resume``
  (``fn`` runs the rest of an effect with the locals ``env``, for player ``me``),
  ``act`` (the effects of action ``name`` from ``step`` on, with its ``args``), ``done``
  (action ``name`` is over: the turn's bookkeeping, ``again`` read then).

**Nested first**: whatever a record makes while it runs goes in front of the records
that were waiting, in the order made (:func:`_run`), so a procedure's questions and the
rest of its effect come before its caller's rest.  After ``apply_action`` the front is
always a question, or the agenda is empty.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Action, made, memo_table, remember
from .seats import decider
from .values import _to_json
from .values_chosen import legal_value, settle_value
from .zones import _enter, _leave, draw, in_zone, move, room, zone

if TYPE_CHECKING:
    from .state import State

#: The kinds of record that wait for an answer (the others are run when at the front).
QUESTIONS = frozenset({"cards", "card", "ask", "overflow", "action", "value"})


def instances(s: State, p: int, names, bound) -> list[Action]:
    """The legal instances of the actions ``names`` for player ``p``, as a phase offers
    them (their choices, ``require`` lines and ``uses`` tallies), keeping those whose
    choices match ``bound``: ``[value, {action name: index of the choice}]`` pairs, a
    ``with x = value`` of ``take action`` (construct 3); for a ``given x`` input of the
    action, ``{action name: "x"}``, and its legal actions are made with that value."""
    g = s.g
    out: list[Action] = []
    for name in names:
        found: list[Action] = []
        inputs = {("given", idx[name]): value for value, idx in bound if type(idx.get(name)) is str}
        s._cse.update(inputs)  # read by `given` (:func:`given`) while the legal actions are made
        try:
            g.actions[name][0](g, s, p, found)
        finally:
            for key in inputs:
                s._cse.pop(key, None)
        tests = [(idx[name], value) for value, idx in bound if type(idx.get(name)) is int]
        out += [a for a in found
                if all(i < len(a.args) and _to_json(a.args[i]) == value for i, value in tests)]
    return out


def given(s: State, name: str, default: Any) -> tuple:
    """The values of the ``given`` input ``name`` of an action (construct 3): the one a
    ``take ... with name = E`` gives while its legal actions are made, else ``default``."""
    return (s._cse.get(("given", name), default),)


def take(s: State, p: int, names: tuple[str, ...], bound: tuple = (), optional: bool = False) -> bool:
    """``take action`` (construct 3): ask ``p`` which legal instance of the actions
    ``names`` (with the choices of ``bound`` fixed, see :func:`instances`) to take; the
    action's triggers and effect run once answered, then the effect that took it goes
    on.  ``optional``: the player may decline.  Nothing is asked when no instance is
    legal; True when the question is asked (the effect waits for it).  The instances are
    ``p``'s (``me``); an automaton's controller answers for it (construct 20)."""
    bound = [[_to_json(value), dict(idx)] for value, idx in bound]
    if not instances(s, p, names, bound):
        return False
    record = {"kind": "action", "player": decider(s, p), "actions": list(names), "bound": bound, "me": p}
    if optional:
        record["optional"] = True
    s.pending.append(record)
    return True


def can_take(s: State, p: int, names: tuple[str, ...], bound: tuple = ()) -> bool:
    """``can take ...``: whether ``p`` has a legal instance of the actions ``names`` (see
    :func:`instances`)."""
    return bool(instances(s, p, names, [[_to_json(value), dict(idx)] for value, idx in bound]))


def _row(game, p: int, name: str) -> dict:
    """Player ``p``'s actions ``name`` with one argument, by that argument (a card or a
    label), kept in ``game``'s memo and filled as they are first needed: the answers to a
    question are taken from it rather than made again."""
    return memo_table(game, (None, "rows", name, p))  # None first: never a legal-action function's key


def _one(game, row: dict, p: int, name: str, value: Any) -> Action:
    """The action ``p: name (value,)`` of ``row`` (see :func:`_row`), made the first time."""
    found = row.get(value)
    if found is None:
        found = row[value] = Action(p, name, (value,), game)
    return found


def _legal_cards(s: State, p: int, ask_: dict) -> list[Action]:
    game = s.game
    row = _row(game, p, "choose_card")
    allowed = ask_["cards"]
    out = [row.get(c) or _one(game, row, p, "choose_card", c)
           for c in zone(s, ask_["src"], ask_["src_owner"]) if c in allowed]
    if ask_.get("up_to") and out:  # `choose up to N cards`: stop here
        out.append(made(game, p, "decline", ()))
    return out


def _legal_card(s: State, p: int, ask_: dict) -> list[Action]:
    game = s.game
    row = _row(game, p, "choose_card")
    src, owner = ask_["src"], ask_["src_owner"]
    out = [row.get(c) or _one(game, row, p, "choose_card", c) for c in ask_["cards"]
           if in_zone(s, c, src, owner)]
    if ask_.get("optional") and out:
        out.append(made(game, p, "decline", ()))
    return out


def _legal_overflow(s: State, p: int, ask_: dict) -> list[Action]:
    game = s.game
    row = _row(game, p, "make_room")
    out = [row.get(c) or _one(game, row, p, "make_room", c)
           for c in zone(s, ask_["zone"], ask_["owner"])]
    if s.g.overflow[ask_["zone"]][2]:
        out.append(made(game, p, "decline_card", ()))
    return out


def _legal_ask(s: State, p: int, ask_: dict) -> list[Action]:
    """The answers to an ``ask``: one action per label, the list kept in the game's memo
    for ``p`` and those labels (a new list each time: the caller may change it)."""
    game = s.game
    key = (None, "answers", p, *ask_["labels"])  # None first: never the key of a legal-action function
    found = game.memo.get(key)
    if found is None:
        row = _row(game, p, "answer")
        found = [row.get(label) or _one(game, row, p, "answer", label) for label in ask_["labels"]]
        remember(game, key).extend(found)
    return found[:]


#: record kind → the legal actions of the player who answers it: (s, p, record) → list
#: (a question of a kind not listed is an ``ask``)
def _legal_action(s: State, p: int, ask_: dict) -> list[Action]:
    me = ask_.get("me", p)  # the seat taking the action; p answers for it (an automaton's controller)
    out = instances(s, me, ask_["actions"], ask_["bound"])
    if me != p:
        game = s.game
        out = [made(game, p, a.name, a.args) for a in out]
    if ask_.get("optional") and out:
        out.append(made(s.game, p, "decline", ()))
    return out


LEGAL = {"cards": _legal_cards, "card": _legal_card, "overflow": _legal_overflow,
         "action": _legal_action, "value": legal_value}


def question_legal(s: State, p: int) -> list[Action]:
    """The legal actions of player ``p`` on the question at the front of the agenda."""
    ask_ = s.pending[0]
    return LEGAL.get(ask_["kind"], _legal_ask)(s, p, ask_)


def _run(s: State, fn: str, me: int, env: Any, value: Any) -> None:
    """Run continuation ``fn`` (a key of the mode's ``asks``) with an empty agenda, then
    put the records that were waiting behind what it made (nested first)."""
    rest, s.pending = s.pending, []
    s.g.asks[fn](s.g, s, me, env, value)
    if not s.terminal:
        s.pending.extend(rest)


def _answer_cards(s: State, front: dict, action: Action) -> None:
    if action.name == "decline":  # `choose up to`: no more cards
        s.pending[0] = {**front, "count": 0}  # settled next: `then` runs
        return
    card = action.args[0]
    rest, s.pending = s.pending[1:], []
    moved = move(s, s.g, card, front["dst"], front["dst_owner"], front["bottom"])
    # a card that cannot move (its destination full, no overflow asked) ends the choice
    count = front["count"] - 1 if moved or s.pending else 0
    cards = front["cards"]  # a card lies in a zone once: the one chosen is left out
    at = cards.index(card) if card in cards else len(cards)
    s.pending.append({**front, "cards": cards[:at] + cards[at + 1:],
                      "count": count})  # behind the owner of a full zone, asked first
    s.pending.extend(rest)


def _answer_overflow(s: State, front: dict, action: Action) -> None:
    if action.name == "decline_card":
        s.pending.pop(0)
    else:  # make room: the card chosen is discarded
        discard, per_player, _ = s.g.overflow[front["zone"]]
        _leave(s, s.g, action.args[0])
        _enter(s, action.args[0], discard, front["owner"] if per_player else None)


def _answer_run(s: State, front: dict, action: Action) -> None:
    """An option of ``ask``, or the card of ``choose c: card in ...``: the rest follows."""
    s.pending.pop(0)
    if action.name != "decline":  # `may choose`, declined: the rest of its block is skipped
        _run(s, front["fn"], front["me"], front["env"], action.args[0])


#: question kind → how an answer to it is applied: (s, record, action) → None (a kind
#: not listed runs its ``fn`` with the answer: ``ask``, ``card``)
def _answer_action(s: State, front: dict, action: Action) -> None:
    """Construct 3: the action taken runs, then what waited behind it."""
    s.pending.pop(0)
    if action.name != "decline":
        rest, s.pending = s.pending, []
        s._effects(action.name, front["me"], action.args, 0)
        if not s.terminal:
            s.pending.extend(rest)


ANSWER = {"cards": _answer_cards, "overflow": _answer_overflow, "action": _answer_action,
          "value": _answer_run}


def answer(s: State, action: Action) -> None:
    """Apply the answer ``action`` to the question at the front of the agenda."""
    front = s.pending[0]
    ANSWER.get(front["kind"], _answer_run)(s, front, action)


def _settle_cards(s: State, it: dict) -> bool:
    if it["count"] > 0 and any(map(it["cards"].__contains__, zone(s, it["src"], it["src_owner"]))):
        return True
    s.pending.pop(0)
    if it.get("then"):  # the rest of the effect (`choose ... cards ... then { }`)
        _run(s, it["then"], it["me"], it["env"], None)
    s._check_end()
    return False


def _settle_card(s: State, it: dict) -> bool:
    if any(in_zone(s, c, it["src"], it["src_owner"]) for c in it["cards"]):
        return True
    s.pending.pop(0)  # every card it offered has moved away: nothing to choose
    return False


def _settle_resume(s: State, it: dict) -> bool:
    s.pending.pop(0)
    _run(s, it["fn"], it["me"], it["env"], None)
    s._check_end()
    return False


def _settle_act(s: State, it: dict) -> bool:
    pending = s.pending
    pending.pop(0)
    rest, s.pending = pending, []
    s._effects(it["name"], it["me"], it["args"], it["step"])
    if not s.terminal:
        s.pending.extend(rest)
    return False


def _settle_done(s: State, it: dict) -> bool:
    s.pending.pop(0)
    s._turn_over(it["name"])
    return False


def _settle_overflow(s: State, it: dict) -> bool:
    """An ``overflow`` record at the front: True when it waits for its owner to make room;
    else it is settled (the card enters, is drawn, or is dropped) and False."""
    g, pending = s.g, s.pending
    card = it["card"]
    if card is not None and s.loc[card] != (it["src"], it["src_owner"]):
        pending.pop(0)
        return False
    if not room(s, g, it["zone"], it["owner"]):
        if zone(s, it["zone"], it["owner"]):
            return True
        pending.pop(0)  # a limit of 0: no card can make room
        return False
    if card is not None:
        _leave(s, g, card)
        _enter(s, card, it["zone"], it["owner"], it["bottom"])
        pending.pop(0)
        return False
    moved = draw(s, g, 1, it["src"], it["src_owner"], it["zone"], it["owner"])
    if not moved or it["count"] <= 1:
        pending.pop(0)
    else:
        pending[0] = {**it, "count": it["count"] - 1}
    return False


#: record kind → how it is settled at the front of the agenda: (s, record) → True when it
#: is a question that waits for its answer, else it is run or dropped and False (a kind
#: not listed waits: ``ask``)
def _settle_action(s: State, it: dict) -> bool:
    if instances(s, it.get("me", it["player"]), it["actions"], it["bound"]):
        return True
    s.pending.pop(0)  # no instance is legal any more: nothing is taken, the effect goes on
    return False


SETTLE = {"action": _settle_action, "cards": _settle_cards, "card": _settle_card,
          "overflow": _settle_overflow, "resume": _settle_resume, "act": _settle_act, "done": _settle_done,
          "value": settle_value}


def settle(s: State) -> None:
    """Settle the records at the front of the agenda that need no answer: run the
    continuations (``resume``, ``act``, ``done``); drop a choice of cards none of which is
    left, an action to take none of whose instances is legal, or a card waiting for room
    that has moved elsewhere; let a card enter a zone that has room now.
    Stops at the first question that needs an answer."""
    pending = s.pending
    while pending and not s.terminal:
        it = pending[0]
        run = SETTLE.get(it["kind"])
        if run is None or run(s, it):
            return
        pending = s.pending
