"""Shared runtime of every rulebook engine: state, turn structure, zones, chance.

This package is ``compiler/engine/runtime/``; `rulebook build` copies its modules byte
for byte into ``generated/_runtime/``, which every generated engine imports as ``R``
(``from generated import _runtime as R``): this module re-exports what engines and
tests use, so ``R.has``, ``R.move``, ``R.State``... name the functions and classes of
the modules below.  It knows no game: each engine passes its rules in as data (a
:class:`Rules` table per mode, and the class attributes of its ``Game``, a
:class:`GameBase`).  Standard library only.

The modules, each importing only those above it (and the standard library):

* :mod:`.errors` the errors an engine raises; :mod:`.values` constants, the names of
  the runtime's types, and JSON conversions; :mod:`.chance` the seeded generator;
* :mod:`.actions` :class:`Action`; :mod:`.resources` bags held, paid and gained;
  :mod:`.zones` cards in zones, moved, drawn and shuffled; :mod:`.tables` lists read by
  position; :mod:`.seats` seats played by rules and sides; :mod:`.decisions` the
  questions asked inside effects; :mod:`.agenda` the questions waiting, answered and settled;
* :mod:`.rules` a mode's :class:`Rules` and :class:`Phase`; :mod:`.turns` the turn
  loop (:class:`Turns`); :mod:`.state` the :class:`State`, built on it; :mod:`.saves`
  saved states read back and checked; :mod:`.game` :class:`GameBase`.

Names used throughout: ``s`` is a :class:`State`, ``g`` the :class:`Rules` of its
mode, ``p`` and ``q`` are seats (0-based), a *bag* is a tuple of amounts, one per
resource in the game's order, and a zone is addressed by its name and its owner
(a seat, a card id for the zones each card has, or ``None`` for a shared zone).

The API follows OpenSpiel's names: ``Game.new_initial_state()``, and on a
state ``current_player()``, ``legal_actions()``, ``apply_action(action)``,
``is_terminal()``, ``returns()``, ``clone()``, ``observation(player)``.
Chance is sampled inside the engine from the game's seed, so the same seed
and the same actions always replay the same game.
"""

from .errors import IllegalActionError, RulesError, _BadState
from .values import (TERMINAL, Apply, Bag, Continuation, Decision, Effect, Legal, Owner, Predicate,
                     _from_json, _is_int, _same, _seat, _to_json)
from .chance import MASK64, _next, randrange, roll_dice, set_die, shuffle_list
from .actions import ANSWER_NAMES, MEMO_LIMIT, Action, made, made_row, memo_table, remember, unknown_name
from .resources import (bag_minus, bag_of, bag_plus, bag_times, gain, has, holds, move_bag, pay, pay_one,
                        release, stock_holds, transfer)
from .zones import (_copy_zone, _copy_zones, _enter, _leave, _refill, best, draw, group_by, grouped, in_zone,
                    move, move_all, overflow, put, room, sets_of_size, shuffle, zone)
from .tables import lookup, nth, size
from .seats import (automaton_turn, check_observer, controller, decider, kind_seat, kind_seats, seat_at,
                    seat_game,
                    seat_kinds_of, side_seats, with_sides, may_answer, pass_first, _turn_passes)
from .decisions import ask, choose_card, choose_cards, only, resume, select_players, turn_order
from .rules import Phase, Rules, combines, without
from .agenda import (ANSWER, LEGAL, QUESTIONS, SETTLE, _answer_action, _answer_cards, _answer_overflow,
                     _answer_run, _legal_action, _legal_ask, _legal_card, _legal_cards, _legal_overflow,
                     _one, _row, _run,
                     _settle_act, _settle_action, _settle_card, _settle_cards, _settle_done, _settle_overflow,
                     _settle_resume, answer, can_take, given, instances, question_legal, settle, take)
from .turns import Turns
from .values_chosen import VALUE_ANSWERS, choose_value, legal_value, settle_value
from .state import State, _top_view
from .saves import load_state, restore_state
from .selection import _draw, chosen_modules, chosen_options
from .game import GameBase

__all__ = [
    # values and errors
    "TERMINAL", "MASK64", "Bag", "Owner", "Decision", "Predicate", "Effect", "Legal", "Apply",
    "Continuation", "RulesError", "IllegalActionError",
    # what generated engines call
    "randrange", "shuffle_list", "Action", "MEMO_LIMIT", "remember", "made", "made_row", "memo_table",
    "has", "holds",
    "gain", "pay", "pay_one", "release", "transfer",
    "bag_of", "bag_plus", "bag_minus", "bag_times", "zone", "nth", "size", "lookup",
    "in_zone", "best", "group_by", "grouped", "sets_of_size", "room", "move", "move_all", "overflow", "put",
    "shuffle", "draw",
    "choose_cards", "choose_card", "ask", "resume", "turn_order", "select_players", "only", "Phase", "Rules",
    "combines",
    "without", "State", "answer", "question_legal", "settle",
    "load_state", "restore_state", "GameBase",
    "roll_dice", "set_die", "move_bag", "stock_holds", "chosen_modules", "chosen_options",
    "take", "can_take", "instances", "given",
    # seats played by rules, and sides (construct 20)
    "automaton_turn", "check_observer", "controller", "decider", "kind_seat", "kind_seats", "seat_at",
    "seat_game",
    "seat_kinds_of", "side_seats", "with_sides", "may_answer", "pass_first", "_turn_passes",
    # internals, re-exported for the runtime's own tests
    "_BadState", "_next", "_is_int", "_same", "_seat", "_to_json", "_from_json", "_leave", "_enter",
    "_refill", "_copy_zone", "_copy_zones", "_top_view", "_run", "_settle_overflow", "QUESTIONS",
    "Turns", "ANSWER", "LEGAL", "SETTLE", "_answer_cards", "_answer_overflow", "_answer_run", "_legal_ask",
    "_legal_card", "_legal_cards", "_legal_overflow", "_one", "_row", "_settle_act", "_settle_card",
    "_settle_cards", "_settle_done", "_settle_resume", "_answer_action", "_legal_action", "_settle_action",
    "_draw",
    # the refusal of an action name the game does not have
    "ANSWER_NAMES", "unknown_name",
    # a value chosen in the middle of an effect
    "choose_value", "VALUE_ANSWERS", "legal_value", "settle_value",
]
