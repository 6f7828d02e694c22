"""The engines' runtime (the package :mod:`compiler.engine.runtime`) tested directly, on a small
game written here by hand: no spec is compiled and no engine generated.

The game, *Tokens*: six cards dealt from a shared deck (refilled from the discard
pile) into hands of at most two cards (a full hand may make room), and points
bought with coins or a gem.  Variants of its rules (a question, a choice of cards,
turns, a loop with no decision) are built with ``Rules.changed``, as generated
engines build their modes.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

import compiler.engine.runtime as R
from compiler.engine.codegen import render_runtime

REPO_ROOT = Path(__file__).resolve().parents[2]
CARDS = 6


# ------------------------------------------------------------------ the game
def _setup(g, s, p):
    R.put(s, g, range(CARDS), "deck", None)
    R.shuffle(s, "deck", None)


def _legal_draw(g, s, p, out):
    if s.z["deck"] or s.z["discard"]:
        out.append(R.Action(p, "draw", (), s.game))


def _apply_draw(g, s, p, args):
    R.draw(s, g, 1, "deck", None, "hand", p)


def _legal_buy(g, s, p, out):
    for bag in ((2, 0), (0, 1)):
        if R.has(s, p, bag):
            out.append(R.Action(p, "buy", (bag,), s.game))


def _apply_buy(g, s, p, args):
    (bag,) = args
    R.pay(s, p, bag)
    s.tr["vp"][p] += 1


def _always(name):
    """The legal function of an action with no choices that is always open."""
    def legal(g, s, p, out):
        out.append(R.Action(p, name, (), s.game))
    return legal


_legal_finish = _always("finish")


def _apply_finish(g, s, p, args):
    s.done[p] = True


def _outcome(g, s):
    best = max(s.tr["vp"])
    return [q for q in range(s.n) if s.tr["vp"][q] == best]


RULES = R.Rules(
    title="Tokens",
    players=(2, 3),
    P={"hand_limit": 2},
    actions={"draw": (_legal_draw, _apply_draw), "buy": (_legal_buy, _apply_buy),
             "finish": (_legal_finish, _apply_finish)},
    phases={"play": R.Phase("play", "Play", "simultaneous", ("draw", "buy", "finish"))},
    edges={"start": (("play", None),), "play": (("end", None),)},
    zones=("deck", "discard", "hand"),
    zone_limits={"hand": lambda g, s, owner: g.P["hand_limit"]},
    refills={"deck": "discard"},
    overflow={"hand": ("discard", False, True)},
    card_states={"hand": (("marked", False),)},
    nonrenewable=(False, True),
    player_tracks=("vp",),
    track_start={"vp": lambda g, s: 0},
    setup=_setup,
    ends=(("game_over", None, False, _outcome),),
)


class Tokens(R.GameBase):
    NAME = "tokens"
    TITLE = "Tokens"
    MODES = ("standard",)
    DEFAULT_MODE = "standard"
    _RULES = {"standard": RULES}
    resources = ("coin", "gem")
    card_titles = tuple(f"Card {i}" for i in range(CARDS))
    card_names = tuple(f"card_{i % 3}" for i in range(CARDS))
    score_track = "vp"
    per_player_zone = {"deck": False, "discard": False, "hand": True}
    per_card_zone = {"deck": (), "discard": (), "hand": ()}
    visibility = {"deck": "secret", "discard": "public", "hand": "hidden"}
    action_titles = {"draw": "Draw a card", "buy": "Buy a point", "finish": "Finish",
                     "choose_card": "choose a card", "answer": "answer",
                     "make_room": "make room: discard a card", "decline_card": "leave the card"}
    action_args = {"draw": (), "buy": ("bag",), "finish": (), "choose_card": ("card",),
                   "answer": ("label",), "make_room": ("card",), "decline_card": ()}


def game_with(rules: R.Rules, players: int = 2, seed: int = 1) -> R.GameBase:
    """A Tokens game played with other rules (a variant built with ``changed``)."""
    variant = type("Variant", (Tokens,), {"_RULES": {"standard": rules}})
    return variant(players, seed=seed)


def names(s: R.State) -> list[str]:
    return [a.name for a in s.legal_actions()]


def act(s: R.State, name: str, *args) -> None:
    s.apply_action(R.Action(s.current_player(), name, tuple(args), s.game))


def changed(s: R.State) -> R.State:
    """``s`` after a test changed it by hand: its cached legal actions are dropped."""
    s._legal = None
    return s


# ------------------------------------------------------------------ the module itself
RUNTIME = REPO_ROOT / "compiler" / "engine" / "runtime"


def test_the_build_copies_the_runtime_byte_for_byte():
    sources = {p.name: p.read_bytes() for p in RUNTIME.glob("*.py")}
    assert "__init__.py" in sources and "state.py" in sources
    assert {name: text.encode("utf-8") for name, text in render_runtime().items()} == sources
    assert {p.name: p.read_bytes() for p in (REPO_ROOT / "generated" / "_runtime").glob("*.py")} == sources


@pytest.mark.parametrize("name", sorted(p.name for p in RUNTIME.glob("*.py")))
def test_the_runtime_imports_only_the_standard_library_and_itself(name: str):
    import ast
    import sys

    tree = ast.parse(render_runtime()[name])
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and node.module and not node.level}
    assert imported <= set(sys.stdlib_module_names) | {"__future__"}, imported
    relative = [node for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.level]
    assert all(node.level == 1 for node in relative)  # only its own modules, never generated's engines


def test_the_runtime_package_re_exports_every_name_of_its_modules():
    """Engines and tests read ``R.name``: every function and class the modules define is
    there, the very same object (the private helpers of reading a save aside)."""
    import importlib
    import inspect

    for path in sorted(RUNTIME.glob("*.py")):
        if path.stem == "__init__":
            continue
        module = importlib.import_module(f"compiler.engine.runtime.{path.stem}")
        for name, value in vars(module).items():
            if (inspect.isfunction(value) or inspect.isclass(value)) and value.__module__ == module.__name__ \
                    and (not name.startswith("_") or path.stem not in ("saves",)):
                assert getattr(R, name) is value, f"{path.name}: {name} is not re-exported"


# ------------------------------------------------------------------ chance
def test_the_generator_is_splitmix64():
    s = SimpleNamespace(rng=0)
    assert [R._next(s) for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    assert s.rng == 3 * 0x9E3779B97F4A7C15 & R.MASK64


def test_randrange_is_uniform_over_its_range_and_repeats_from_the_same_state():
    draws = [R.randrange(SimpleNamespace(rng=seed), 6) for seed in range(600)]
    assert set(draws) == set(range(6)) and min(draws.count(k) for k in range(6)) > 60
    s, t = SimpleNamespace(rng=42), SimpleNamespace(rng=42)
    assert [R.randrange(s, 1000) for _ in range(20)] == [R.randrange(t, 1000) for _ in range(20)]
    with pytest.raises(ZeroDivisionError):
        R.randrange(s, 0)


def test_shuffle_list_permutes_in_place_as_the_generator_says():
    items = list(range(20))
    R.shuffle_list(SimpleNamespace(rng=7), items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    again = list(range(20))
    R.shuffle_list(SimpleNamespace(rng=7), again)
    assert again == items


def test_roll_dice_draws_each_face_from_the_generator_and_set_die_turns_to_faces_it_has():
    """Construct 16: dice of the game, ``s.dice[name]`` the faces shown, ``g.dice[name]``
    (count, faces)."""
    g = SimpleNamespace(dice={"omen": (3, ("red", "red", "blue"))})
    s = SimpleNamespace(rng=5, dice={"omen": ["red"] * 3})
    t = SimpleNamespace(rng=5, dice={"omen": ["red"] * 3})
    R.roll_dice(s, g, "omen")
    R.roll_dice(t, g, "omen")
    assert s.dice == t.dice and s.rng == t.rng != 5
    seen = set()
    for seed in range(60):
        u = SimpleNamespace(rng=seed, dice={"omen": ["red"] * 3})
        R.roll_dice(u, g, "omen", 2)
        assert u.dice["omen"][0] == u.dice["omen"][2] == "red"
        seen.add(u.dice["omen"][1])
    assert seen == {"red", "blue"}
    R.roll_dice(s, g, "omen", 4)  # no die 4: nothing is drawn
    R.set_die(s, g, "omen", 1, "blue")
    R.set_die(s, g, "omen", 2, "green")  # not a face
    R.set_die(s, g, "omen", 0, "red")  # not a die
    assert s.dice["omen"][0] == "blue" and s.dice["omen"][1:] == t.dice["omen"][1:]


def test_move_bag_moves_between_holders_and_the_supply_and_holds_compares():
    """Construct 18: a player's amounts or a stock's list on each side, None the supply."""
    player, stock = [3, 1, 0], [0, 0, 0]
    R.move_bag(player, stock, (2, 1, 0))
    assert (player, stock) == ([1, 0, 0], [2, 1, 0])
    with pytest.raises(R.IllegalActionError):
        R.move_bag(player, stock, (1, 1, 0))  # lacks the second: nothing moves
    assert (player, stock) == ([1, 0, 0], [2, 1, 0])
    R.move_bag(None, stock, (0, 0, 4))  # from the supply
    R.move_bag(stock, None, (1, 0, 0))  # back to it
    assert stock == [1, 1, 4]
    assert R.stock_holds(stock, (1, 1, 3)) and not R.stock_holds(stock, (0, 2, 0))


def test_the_seed_decides_the_deal_and_nothing_else_does():
    decks = {seed: Tokens(2, seed=seed).new_initial_state().z["deck"] for seed in range(10)}
    assert decks[3] == Tokens(2, seed=3).new_initial_state().z["deck"]
    assert len({tuple(deck) for deck in decks.values()}) > 5
    assert all(sorted(deck) == list(range(CARDS)) for deck in decks.values())


# ------------------------------------------------------------------ resources
def test_gain_pay_transfer_and_has():
    s = Tokens(2).new_initial_state()
    R.gain(s, 0, (3, 1))
    assert s.res == [[3, 1], [0, 0]] and R.has(s, 0, (3, 1)) and not R.has(s, 0, (0, 2))
    R.transfer(s, 0, 1, (2, 1))
    assert s.res == [[1, 0], [2, 1]]
    R.pay(s, 1, (2, 0))
    assert s.res == [[1, 0], [0, 1]]
    with pytest.raises(R.IllegalActionError, match="not enough"):
        R.pay(s, 0, (2, 0))


def test_release_returns_only_renewable_resources():
    s = Tokens(2).new_initial_state()
    R.release(s, s.g, 0, (2, 5))  # the gem is non-renewable: it goes to the supply
    assert s.res[0] == [2, 0]


def test_legal_actions_follow_what_a_player_holds():
    s = Tokens(2).new_initial_state()
    assert names(s) == ["draw", "finish"]
    R.gain(s, 0, (2, 1))
    assert [a.args for a in changed(s).legal_actions() if a.name == "buy"] == [((2, 0),), ((0, 1),)]
    act(s, "buy", (0, 1))
    assert s.res[0] == [2, 0] and s.scores() == [1, 0]


# ------------------------------------------------------------------ zones
def test_cards_move_between_zones_and_know_where_they_are():
    s = Tokens(2).new_initial_state()
    top = s.z["deck"][-1]
    assert R.draw(s, s.g, 1, "deck", None, "hand", 1) == 1
    assert s.z["hand"][1] == [top] and s.loc[top] == ("hand", 1)
    assert R.in_zone(s, top, "hand", 1) and R.in_zone(s, top, "hand") and not R.in_zone(s, top, "hand", 0)
    bottom = s.z["deck"][0]
    assert R.move(s, s.g, top, "deck", None, bottom=True)
    assert s.z["deck"][:2] == [top, bottom] and s.z["hand"][1] == []


def test_a_card_that_leaves_a_zone_loses_its_card_states():
    s = Tokens(2).new_initial_state()
    card = s.z["deck"][-1]
    R.move(s, s.g, card, "hand", 0)
    s.cst["marked"][card] = True
    R.move(s, s.g, card, "discard", None)
    assert s.cst["marked"][card] is False


def test_a_full_zone_with_an_overflow_rule_asks_its_owner_to_make_room():
    s = Tokens(2).new_initial_state()
    act(s, "draw")
    act(s, "draw")
    assert not R.room(s, s.g, "hand", 0) and R.room(s, s.g, "hand", 1)
    act(s, "draw")  # a third card: player 1 must make room, or leave the card
    assert len(s.z["hand"][0]) == 2 and s.pending[0]["kind"] == "overflow"
    assert names(s) == ["make_room", "make_room", "decline_card"]
    kept, dropped = s.z["hand"][0]
    act(s, "make_room", dropped)
    assert s.z["hand"][0][0] == kept and len(s.z["hand"][0]) == 2 and s.z["discard"] == [dropped]
    assert not s.pending


def test_a_full_zone_without_an_overflow_rule_refuses_the_card():
    s = game_with(RULES.changed(overflow={})).new_initial_state()
    for _ in range(2):
        act(s, "draw")
    deck = list(s.z["deck"])
    assert not R.move(s, s.g, deck[-1], "hand", 0) and s.z["deck"] == deck and not s.pending
    assert R.draw(s, s.g, 3, "deck", None, "hand", 0) == 0


def test_an_empty_deck_is_refilled_from_its_discard_pile_at_once():
    s = Tokens(2).new_initial_state()
    R.move_all(s, s.g, "deck", None, "discard", None)
    assert s.z["deck"] == [] and len(s.z["discard"]) == CARDS
    assert R.draw(s, s.g, 1, "deck", None, "hand", 0) == 1
    assert s.z["discard"] == [] and len(s.z["deck"]) == CARDS - 1
    R.move_all(s, s.g, "deck", None, "discard", None)
    R.move(s, s.g, s.z["discard"][0], "deck", None)
    R.draw(s, s.g, 1, "deck", None, "hand", 1)  # the last card: the deck is refilled now
    assert len(s.z["deck"]) == CARDS - 2 and s.z["discard"] == []


def test_moving_a_whole_zone_at_once_is_moving_its_cards_one_by_one():
    """``move_all`` into a zone without a limit moves the cards at once (issue 10): the
    same order, places and card states as moving them bottom first, one at a time."""
    one, whole = Tokens(2).new_initial_state(), Tokens(2).new_initial_state()
    for s in (one, whole):
        R.draw(s, s.g, 2, "deck", None, "hand", 0)
        s.cst["marked"][s.z["hand"][0][0]] = True
        R.move(s, s.g, s.z["deck"][-1], "discard", None)
    for card in list(one.z["hand"][0]):
        R.move(one, one.g, card, "discard", None)
    R.move_all(whole, whole.g, "hand", 0, "discard", None)
    assert whole.z == one.z and whole.loc == one.loc and whole.cst == one.cst
    assert whole.z["hand"][0] == [] and not any(whole.cst["marked"])


def test_a_zone_grouped_by_a_card_field_is_kept_for_the_same_cards():
    """``grouped`` is ``group_by``, worked out once for the same cards and kept in the
    game's memo (issue 10); other cards are grouped anew."""
    game = Tokens(2)
    field = tuple(i % 3 for i in range(CARDS))
    first = R.grouped(game, [5, 0, 3, 1], field)
    assert first == R.group_by([5, 0, 3, 1], field) == {2: [5], 0: [0, 3], 1: [1]}
    assert R.grouped(game, [5, 0, 3, 1], field) is first
    assert R.grouped(game, [5, 0, 3], field) == {2: [5], 0: [0, 3]}


def test_put_places_new_cards_and_moves_placed_ones():
    game = game_with(RULES.changed(setup=None))
    s = game.new_initial_state()
    assert s.loc == [None] * CARDS and s.z["deck"] == []
    R.put(s, s.g, [4, 2], "deck", None)
    R.put(s, s.g, [2], "discard", None)
    assert s.z["deck"] == [4] and s.z["discard"] == [2] and s.loc[2] == ("discard", None)


def test_turn_order_starts_from_the_first_player():
    s = Tokens(3).new_initial_state()
    s.first = 2
    assert R.turn_order(s) == [2, 0, 1]


# ------------------------------------------------------------------ decisions inside effects
def _apply_offer(g, s, p, args):
    R.ask(s, 1 - p, ("accept", "decline"), "answer_offer", {"points": 3}, p)


def _answer_offer(g, s, p, env, label):
    if label == "accept":
        s.tr["vp"][p] += env["points"]


def _apply_discard_two(g, s, p, args):
    R.choose_cards(s, g, p, 2, "hand", p, "discard", None, then="after_discard", env={"bonus": 5}, me=p)


def _after_discard(g, s, p, env, card):
    s.tr["vp"][p] += env["bonus"]


QUESTIONS = RULES.changed(
    actions={**RULES.actions, "offer": (_always("offer"), _apply_offer),
             "discard_two": (_always("discard_two"), _apply_discard_two)},
    phases={"play": R.Phase("play", "Play", "simultaneous", ("offer", "draw", "discard_two", "finish"))},
    asks={"answer_offer": _answer_offer, "after_discard": _after_discard},
)


def test_a_question_waits_for_its_answer_then_runs_the_chosen_option():
    s = game_with(QUESTIONS).new_initial_state()
    act(s, "offer")
    assert s.current_player() == 1 and [a.args for a in s.legal_actions()] == [("accept",), ("decline",)]
    with pytest.raises(R.IllegalActionError, match="not legal now"):
        act(s, "answer", "maybe")
    act(s, "answer", "accept")
    assert s.scores() == [3, 0] and not s.pending and s.current_player() == 0


def test_cards_are_chosen_one_at_a_time_then_the_effect_goes_on():
    s = game_with(QUESTIONS).new_initial_state()
    act(s, "draw")
    act(s, "draw")
    hand = list(s.z["hand"][0])
    act(s, "discard_two")
    assert [a.args for a in s.legal_actions()] == [(c,) for c in hand]
    act(s, "choose_card", hand[1])
    assert s.scores() == [0, 0] and [a.args for a in s.legal_actions()] == [(hand[0],)]
    act(s, "choose_card", hand[0])
    assert s.z["discard"] == [hand[1], hand[0]] and s.scores() == [5, 0] and not s.pending


def test_with_nothing_to_choose_the_effect_goes_on_at_once():
    s = game_with(QUESTIONS).new_initial_state()
    act(s, "discard_two")
    assert not s.pending and s.scores() == [5, 0]


# ------------------------------------------------------------------ rules of a mode
def test_changed_rules_are_a_copy_that_shares_what_did_not_change():
    variant = RULES.changed(title="Big hands", P={**RULES.P, "hand_limit": 5})
    assert (variant.title, variant.P, variant.players) == ("Big hands", {"hand_limit": 5}, (2, 3))
    assert (RULES.title, RULES.P) == ("Tokens", {"hand_limit": 2})
    assert variant.actions is RULES.actions and variant.phases is RULES.phases
    with pytest.raises(TypeError):
        RULES.changed(no_such_field=1)


def test_without_removes_names_and_keeps_the_order():
    assert list(R.without({"a": 1, "b": 2, "c": 3, "d": 4}, "b", "d")) == ["a", "c"]
    assert R.without({"a": 1}, "z") == {"a": 1}


def test_a_phase_without_actions_passes_at_once():
    log = []
    rules = RULES.changed(
        phases={**RULES.phases, "count": R.Phase("count", "Count", "automatic",
                                                 on_enter=lambda g, s, p: log.append(("enter", p)),
                                                 on_exit=lambda g, s, p: log.append(("exit", p)))},
        edges={"start": (("count", None),), "count": (("play", None),), "play": (("end", None),)})
    s = game_with(rules).new_initial_state()
    assert log == [("enter", 0), ("exit", 0)] and s.phase == "play"


def test_a_phase_is_skipped_when_its_only_when_is_false():
    rules = RULES.changed(
        phases={**RULES.phases, "never": R.Phase("never", "Never", "simultaneous", ("finish",),
                                                 only_when=lambda g, s: False)},
        edges={"start": (("never", None),), "never": (("play", None),), "play": (("end", None),)})
    assert game_with(rules).new_initial_state().phase == "play"


def test_transitions_are_tried_in_order():
    rules = RULES.changed(edges={"start": (("play", None),),
                                 "play": (("end", lambda g, s: s.tr["vp"][0] > 0), ("play", None))})
    s = game_with(rules).new_initial_state()
    for _ in range(2):
        act(s, "finish")
    assert s.phase == "play" and not s.is_terminal() and s.round == 0  # round_start is None
    R.gain(s, 0, (0, 1))
    act(changed(s), "buy", (0, 1))
    for _ in range(2):
        act(s, "finish")
    assert s.is_terminal() and s.winners_list() == [0]


def test_a_turns_phase_goes_round_the_table_from_the_first_player():
    turns = []
    rules = RULES.changed(phases={"play": R.Phase("play", "Play", "turns", ("draw", "finish"),
                                                  on_turn=lambda g, s, p: turns.append(p))})
    s = game_with(rules, players=3).new_initial_state()
    seen = []
    for name in ("draw", "draw", "finish", "draw", "finish", "finish"):
        seen.append(s.current_player())
        act(s, name)
    assert seen == [0, 1, 2, 0, 1, 0] and turns == seen
    assert s.is_terminal()


def test_rules_that_loop_with_no_decision_stop_with_an_error():
    rules = RULES.changed(phases={"spin": R.Phase("spin", "Spin", "automatic")},
                          edges={"start": (("spin", None),), "spin": (("spin", None),)})
    with pytest.raises(RuntimeError, match="loop through phase 'spin'"):
        game_with(rules).new_initial_state()


def test_the_end_of_the_game_and_its_winners():
    s = Tokens(2).new_initial_state()
    R.gain(s, 1, (0, 1))
    act(s, "finish")
    act(changed(s), "buy", (0, 1))
    act(s, "finish")
    assert s.is_terminal() and s.current_player() == R.TERMINAL == -4
    assert s.returns() == [-1.0, 1.0] and s.winners_list() == [1] and s.legal_actions() == []


def test_end_when_ends_the_game_at_once_if_the_rules_say_so():
    rules = RULES.changed(ends=(("game_over", lambda g, s: max(s.tr["vp"]) >= 1, True, _outcome),))
    s = game_with(rules).new_initial_state()
    R.gain(s, 0, (0, 1))
    act(changed(s), "buy", (0, 1))
    assert s.is_terminal() and s.winners_list() == [0]
    assert s.outcome() == {"end": "game_over", "winners": [0]} and s.ended == ["game_over"]


def test_ends_are_tried_in_order_and_latched():
    """Several ends (construct 19): one whose condition holds but that waits for the round
    is latched and the game goes on; an `immediately` end after it ends the game and
    decides; a latched end decides when the flow reaches `end` naming none."""
    nobody = (lambda g, s: [])
    rules = RULES.changed(ends=(("late", lambda g, s: max(s.tr["vp"]) >= 1, False, _outcome),
                                ("sudden", lambda g, s: max(s.tr["vp"]) >= 2, True, nobody)))
    s = game_with(rules).new_initial_state()
    R.gain(s, 0, (0, 2))
    act(changed(s), "buy", (0, 1))
    assert s.ended == ["late"] and not s.is_terminal() and s.outcome() is None
    c = s.clone()
    act(changed(s), "buy", (0, 1))
    assert s.ended == ["late", "sudden"] and s.outcome() == {"end": "sudden", "winners": []}
    assert s.returns() == [-1.0, -1.0] and c.ended == ["late"]  # the clone kept its own latches
    act(changed(c), "finish")
    act(changed(c), "finish")
    assert c.outcome() == {"end": "late", "winners": _outcome(c.g, c)}


# ------------------------------------------------------------------ the API
def test_the_mode_player_count_and_seed_are_checked():
    assert Tokens.player_counts() == [2, 3] and Tokens(3).mode == "standard"
    for bad in (1, 4, True, 2.0, "2"):
        with pytest.raises(R.RulesError, match="2 to 3 players"):
            Tokens(bad)
    with pytest.raises(R.RulesError, match="unknown mode 'solo'; modes: standard"):
        Tokens(2, mode="solo")
    for seed in (1.5, True, "3", None):
        with pytest.raises(R.RulesError, match="seed must be an integer"):
            Tokens(2, seed=seed)


def test_an_illegal_action_is_refused_and_the_state_is_unchanged():
    s = Tokens(2).new_initial_state()
    before = s.to_json()
    for action, why in ((R.Action(1, "draw"), "it is player 1's decision"),
                        (R.Action(0, "buy", ((2, 0),)), "not legal now"),
                        (R.Action(0, "draw", (1,)), "not legal now"),
                        ("draw", "not an action")):
        with pytest.raises(R.IllegalActionError, match=why):
            s.apply_action(action)
        assert s.to_json() == before
    act(s, "finish")
    act(s, "finish")
    with pytest.raises(R.IllegalActionError, match="the game is over"):
        s.apply_action(R.Action(0, "draw"))


def test_an_argument_equal_to_a_legal_one_but_of_another_type_is_refused():
    s = Tokens(2).new_initial_state()
    R.gain(s, 0, (0, 1))
    changed(s)
    assert R.Action(0, "buy", ((0, 1),)) == R.Action(0, "buy", ((0, True),))  # Python's equality
    with pytest.raises(R.IllegalActionError):
        s.apply_action(R.Action(0, "buy", ((0, True),)))
    s.apply_action(R.Action(0, "buy", ((0, 1),)))


def test_a_clone_is_independent():
    s = Tokens(2).new_initial_state()
    act(s, "draw")
    c = s.clone()
    assert c.to_json() == s.to_json() and c.legal_actions() == s.legal_actions()
    act(c, "draw")
    act(c, "finish")
    assert len(s.z["hand"][0]) == 1 and s.history == [(0, "draw", ())] and not s.done[0]
    act(s, "draw")
    act(s, "finish")
    assert c.to_json() == s.to_json()


def test_a_saved_state_plays_on_as_the_original():
    game = Tokens(3, seed=5)
    s = game.new_initial_state()
    act(s, "draw")
    act(s, "draw")
    act(s, "draw")  # a decision is waiting (make room)
    text = s.to_json()
    t = game.state_from_json(text)
    assert t.to_json() == text and t.legal_actions() == s.legal_actions()
    for state in (s, t):
        act(state, "decline_card")
        act(state, "finish")
        act(state, "draw")
    assert t.to_json() == s.to_json()
    assert json.loads(text)["game"] == {"name": "tokens", "mode": "standard", "num_players": 3, "seed": 5}


@pytest.mark.parametrize("edit, why", [
    (lambda d: d.pop("rng"), "missing field"),
    (lambda d: d["game"].update(seed=6), "it is for"),
    (lambda d: d.update(phase="nowhere"), "unknown phase"),
    (lambda d: d["z"]["deck"].append(d["z"]["deck"][0]), "misplaced"),
    (lambda d: d["loc"].__setitem__(0, ["discard", None]), "not where its location says"),
    (lambda d: d["res"][0].append(1), "bad resources"),
    (lambda d: d["pending"].append({"kind": "ask", "player": 7}), "bad pending decision 1"),
])
def test_a_saved_state_that_does_not_hold_together_is_refused(edit, why):
    game = Tokens(2, seed=5)
    data = json.loads(game.new_initial_state().to_json())
    edit(data)
    with pytest.raises(R.RulesError, match=why):
        game.state_from_json(json.dumps(data))
    with pytest.raises(R.RulesError, match="not a saved state"):
        game.state_from_json("{not json")


def test_actions_compare_by_value_and_round_trip_through_json():
    game = Tokens(2)
    action = game.action(0, "buy", (2, 0))
    assert action == R.Action(0, "buy", ((2, 0),)) and hash(action) == hash(R.Action(0, "buy", ((2, 0),)))
    data = json.loads(json.dumps(action.to_json()))
    assert data == {"player": 0, "name": "buy", "args": [[2, 0]]} and game.action_from_json(data) == action
    for bad, why in (([], "not an action"), ({"player": 0, "name": "x"}, "no 'args'"),
                     ({"player": True, "name": "x", "args": []}, "not a seat number")):
        with pytest.raises(R.RulesError, match=why):
            game.action_from_json(bad)


def test_actions_and_states_read_as_text():
    game = Tokens(2)
    assert str(game.action(0, "buy", (2, 0))) == "player 1: Buy a point (coin 2)"
    assert str(game.action(1, "make_room", 4)) == "player 2: make room: discard a card (Card 4 #4)"
    assert str(game.action(0, "buy", "junk")) == "player 1: Buy a point ('junk')"
    assert str(R.Action(-1, "x", (1,))) == "player -1: x (1,)"
    assert game.card_ids("card_1") == [1, 4]
    s = game.new_initial_state()
    R.gain(s, 1, (2, 0))
    assert str(s) == "Tokens (standard), round 0, phase play, first player 1\n" \
                     "  player 1: vp 0\n  player 2: vp 0; coin 2"


def test_an_observation_shows_public_zones_own_hidden_zones_and_sizes_of_the_rest():
    s = Tokens(2).new_initial_state()
    act(s, "draw")
    R.move(s, s.g, s.z["deck"][-1], "discard", None)
    mine, = s.z["hand"][0]
    seen = s.observation(1)
    assert seen["zones"] == {"deck": CARDS - 2, "discard": s.z["discard"], "hand": [1, []]}
    assert set(seen["card_states"]["marked"]) == set(s.z["discard"])
    assert s.observation(0)["zones"]["hand"] == [[mine], 0]
    with pytest.raises(R.RulesError, match="no player 2"):
        s.observation(2)


# ----------------------------------------------------------------- bag arithmetic (construct 7)
def test_bag_arithmetic_never_goes_below_zero():
    assert R.bag_plus((1, 0, 2), (0, 3, 1)) == (1, 3, 3)
    assert R.bag_minus((2, 1, 0), (1, 1, 1)) == (1, 0, 0)  # a titanium discount on no titanium
    assert R.bag_times((1, 0, 2), 2) == (2, 0, 4)
    assert R.bag_times((1, 0, 2), -1) == (0, 0, 0)
    assert R.bag_of(3, ((2, 4), (0, -1), (2, 1))) == (0, 0, 5)  # below zero counts as none


def test_pay_one_checks_the_one_resource():
    s = SimpleNamespace(res=[[3, 1]])
    R.pay_one(s, 0, 0, 2)
    R.pay_one(s, 0, 1, -4)  # nothing to pay
    assert s.res == [[1, 1]]
    with pytest.raises(R.IllegalActionError):
        R.pay_one(s, 0, 1, 2)
    assert s.res == [[1, 1]]


def test_a_list_is_read_by_position_from_1_and_outside_reads_the_zero():
    """Construct 10: ``v.track[i]`` counts from 1; a position outside the list, or a card
    without a list (the defaults row), reads the zero given."""
    assert R.nth(("drone", "comms"), 1) == "drone" and R.nth(("drone", "comms"), 2) == "comms"
    assert R.nth(("drone", "comms"), 0) is None and R.nth(("drone", "comms"), 3, 0) == 0
    assert R.nth(None, 1, False) is False
    assert R.size(("drone", "comms")) == 2 and R.size(()) == 0 and R.size(None) == 0


def test_a_table_a_mode_changes_is_looked_up_with_its_other_value():
    assert R.lookup(({3: 2, 4: 3}, 0), 4) == 3 and R.lookup(({3: 2, 4: 3}, 0), 9) == 0
    assert R.lookup(({("factory", 1): 1}, 2), ("factory", 1)) == 1


def test_applying_an_action_runs_the_triggers_before_it_then_its_effect_then_those_after_it():
    """Rules.after (construct 14): a trigger `after` an action runs once its effect is over."""
    ran = []

    def note(word):
        return lambda g, s, p, args: ran.append(word)

    rules = RULES.changed(actions={**RULES.actions, "buy": (RULES.actions["buy"][0], note("buy"))},
                          triggers={"buy": (note("before"),)}, after={"buy": (note("after"), note("last"))})
    assert rules.effects_of["buy"][1:-2] == (rules.actions["buy"][1],)
    for effect in rules.effects_of["buy"]:
        effect(rules, None, 0, ())
    assert ran == ["before", "buy", "after", "last"]
    assert RULES.effects_of["draw"] == (RULES.actions["draw"][1],)  # no triggers: the effect alone


# ------------------------------------------------------------------ seats played by rules (construct 20)
def _bot_turn(g, s, p):
    s.tr["vp"][p] += 2


def _bot_rules(**more) -> R.Rules:
    play = R.Phase("play", "Play", "turns", ("draw", "finish"))
    fields = {"phases": {"play": play}, "seats": ("bot",), "automata": {"bot": {"play": _bot_turn}}, **more}
    return RULES.changed(**fields)


def test_an_automaton_seat_sits_after_the_humans_and_the_engine_plays_its_turns():
    game = game_with(_bot_rules(players=(1, 2)), players=1)
    assert game.num_seats == 2 and game.kinds == ("player", "bot") and game.order is None
    assert type(game).seat_kinds(None, 1) == ["player", "bot"]
    s = game.new_initial_state()
    assert s.n == 2 and s.h == 1 and len(s.returns()) == 2
    act(s, "draw")  # seat 0's turn; then the bot's, played at once: 2 points
    assert s.tr["vp"] == [0, 2] and s.current_player() == 0
    act(s, "finish")  # every human is done: the bot is finished too, and the game ends
    assert s.is_terminal() and s.winners == [1] and s.returns() == [-1.0, 1.0]
    assert R.decider(s, 1) == 0 and R.decider(s, 0) == 0
    assert R.kind_seat(s, "bot", 1) == 1 and R.kind_seat(s, "bot", 2) == -1
    with pytest.raises(R.RulesError, match="seat 1 is played by the rules"):
        s.observation(1)


def test_sides_win_together_and_alternate_seating_interleaves_the_automata():
    game = game_with(_bot_rules(players=(2, 2), seats=("bot", "bot"), alternate=True,
                                sides=("players", "bot")), players=2)
    assert game.order == (0, 2, 1, 3)
    s = game.new_initial_state()
    assert R.with_sides(s, [3]) == [2, 3] and R.with_sides(s, [0]) == [0, 1]
    assert R.side_seats(s, "players") == [0, 1] and R.kind_seats(s, "bot") == [2, 3]
    act(s, "draw")  # seat 0, then bot seat 2 plays
    assert s.current_player() == 1 and s.tr["vp"] == [0, 0, 2, 0]


def _bot_again(g, s, p):
    s.tr["vp"][p] += 1
    s.again = s.tr["vp"][p] % 3 != 0  # an additional turn until its points are a multiple of 3


def test_an_automaton_that_says_again_takes_its_additional_turns_at_once():
    game = game_with(_bot_rules(players=(1, 2), automata={"bot": {"play": _bot_again}}), players=1)
    s = game.new_initial_state()
    act(s, "draw")
    assert s.tr["vp"] == [0, 3] and s.current_player() == 0 and not s.again


def _bot_draws_three(g, s, p):
    R.draw(s, g, 3, "deck", None, "hand", p)


def test_an_automatons_full_hand_is_tidied_by_its_controller():
    game = game_with(_bot_rules(players=(1, 2), automata={"bot": {"play": _bot_draws_three}}), players=1)
    s = game.new_initial_state()
    act(s, "draw")  # the bot draws three into a hand of two: its controller makes room
    assert s.pending[0]["kind"] == "overflow" and s.pending[0]["owner"] == 1
    assert s.current_player() == 0 and {a.name for a in s.legal_actions()} == {"make_room", "decline_card"}
    act(s, "make_room", s.z["hand"][1][0])
    assert len(s.z["hand"][1]) == 2 and s.current_player() == 0


def test_again_after_an_automatons_question_gives_it_another_turn_and_never_the_human():
    """The question of an automaton's turn goes to its controller; `again` in what runs
    after the answer gives the automaton (not the human who answered) its next turn, at
    once (Utopia › Dystopia › Villain's Action Deck Table, Assassination, step 5)."""

    def turn(g, s, p):
        s.tr["vp"][p] += 1
        if s.tr["vp"][p] == 1:  # its first turn asks; "Again" gives it another turn
            R.ask(s, p, ("Again", "Stop"), "again", {}, p)

    def answered(g, s, me, env, value):
        s.again = value == "Again"

    game = game_with(_bot_rules(players=(1, 2), automata={"bot": {"play": turn}},
                                asks={"again": answered}), players=1)
    s = game.new_initial_state()
    act(s, "draw")  # the bot's turn asks its controller, the human
    assert s.pending[0]["player"] == 0 and s.pending[0]["me"] == 1 and s.current_player() == 0
    act(s, "answer", "Again")  # the bot's additional turn runs at once: 2 points in all
    assert s.tr["vp"] == [0, 2] and s.current_player() == 0 and not s.again and not s.pending
    act(s, "draw")  # the human's turn was not doubled: the bot plays once more (no question)
    assert s.tr["vp"] == [0, 3] and s.current_player() == 0


def test_pass_first_and_may_answer():
    game = game_with(_bot_rules(players=(2, 2), seats=("bot", "bot"), alternate=True), players=2)
    s = game.new_initial_state()
    for first, after in ((0, 2), (2, 1), (1, 3), (3, 0)):
        s.first = first
        assert R.pass_first(s) == after
    assert R.may_answer(game, 2, 0) and R.may_answer(game, 3, 1) and not R.may_answer(game, 2, 1)
    chosen = game_with(_bot_rules(players=(2, 2), seats=("bot", "bot"),
                                  controllers={"bot": lambda g, s, q: 1}), players=2)
    t = chosen.new_initial_state()
    assert R.decider(t, 2) == 1 == R.decider(t, 3) and R.may_answer(chosen, 2, 1)
    nobody = game_with(_bot_rules(players=(2, 2), seats=("bot", "bot"),
                                  controllers={"bot": lambda g, s, q: -1}), players=2)
    assert [R.decider(nobody.new_initial_state(), q) for q in range(4)] == [0, 1, 0, 1]
