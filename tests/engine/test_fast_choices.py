"""The lowering of an action's choices keeps the rules' legal actions while working
less (issue 10, lever 1): a bag choice's bundles come with their totals worked out by
the compiler, ``who has CHOICE`` filters the bundles once, and requirements bounding a
number choice narrow its range.  Each test checks the engine's legal actions, in order,
against a plain enumeration of every combination filtered by the requirements."""

from __future__ import annotations

import itertools
import random

from compiler.engine.choices import bag_items
from tests.compiler.test_construct_overflow_trades import CARDS, SPEC
from tests.helpers.specs import compile_text, engine

SWAP = '''action swap "Swap" {
  choose other: other player
  choose given: 0 to 2 of coin, gem
  choose wanted: 1 to 2 of coin, gem
  choose n: 0 to 3
  choose m: 0 to 3
  require has given
  require other has wanted
  require count my hand >= n
  require total(given) + n > 0
  require n + m + total(wanted) < 4
  require 1 <= m + total(given)
  require has coin 1
  effect {
    transfer given to other
  }
  source "Work"
}'''


def _spec() -> str:
    start = SPEC.index('action swap "Swap" {')
    end = SPEC.index('action stop "Stop" {')
    return SPEC[:start] + SWAP + "\n" + SPEC[end:]


def _bundles(low: int, high: int) -> list[tuple[int, int]]:
    return [(b.get("coin", 0), b.get("gem", 0)) for size in range(low, high + 1)
            for b in bag_items(["coin", "gem"], size)]


def _expected(s, p: int) -> list[tuple]:
    res = s.res
    out = []
    if not res[p][0] >= 1:
        return out
    for other, given, wanted, n, m in itertools.product(
            range(s.n), _bundles(0, 2), _bundles(1, 2), range(4), range(4)):
        if other == p or not all(res[p][i] >= given[i] for i in range(2)):
            continue
        if not all(res[other][i] >= wanted[i] for i in range(2)):
            continue
        if not (len(s.z["hand"][p]) >= n and sum(given) + n > 0
                and n + m + sum(wanted) < 4 and 1 <= m + sum(given)):
            continue
        out.append((other, given, wanted, n, m))
    return out


def test_narrowed_choices_offer_exactly_the_rules_actions_in_order(tmp_path):
    mini = engine(tmp_path, _spec(), CARDS)
    s = mini.Game(num_players=3, seed=5).new_initial_state()
    p = s.current_player()
    seen = 0
    for coins, gems, other_coins, other_gems, hand in itertools.product(
            range(3), range(3), range(3), range(2), range(3)):
        for q in range(s.n):
            s.res[q][:] = [other_coins, other_gems]
        s.res[p][:] = [coins, gems]
        s.z["hand"][p][:] = s.z["basket"][:hand]
        s._legal = None
        got = [a.args for a in s.legal_actions() if a.name == "swap"]
        assert got == _expected(s, p)
        seen += len(got)
    assert seen > 100


def test_the_engine_does_the_work_once(tmp_path):
    text = compile_text(tmp_path, _spec(), CARDS).engine
    swap = text[text.index("def legal_swap"):text.index("def apply_swap")]
    assert "sum(" not in swap and "R.has" not in swap
    assert "for v_n in range(_low" in swap and "for v_m in range(_low" in swap
    assert "for v_given, t_given in _fit" in swap
    # below the choice of the other player, nothing reads the state: the actions are
    # worked out once per game for each key (the resources clipped to what a bundle asks)
    assert "\n        _found = _memo.get(_key)" in swap and "_memo = s.game.memo" in swap
    assert "_held" in swap.split("_key = ")[1].split("\n")[0]


def test_remembered_actions_are_the_rules_actions_whatever_the_amounts(tmp_path):
    """The memo's key clips each amount to the most a bundle asks for: amounts above it
    (and the states met before) give the same actions as a plain enumeration."""
    mini = engine(tmp_path, _spec(), CARDS)
    s = mini.Game(num_players=3, seed=5).new_initial_state()
    p = s.current_player()
    for coins, gems, other_coins, other_gems, hand in itertools.product(
            (5, 1, 3, 0, 2), (2, 4, 0), (0, 6, 2), (3, 1), (2, 0, 3)):
        for q in range(s.n):
            s.res[q][:] = [other_coins, other_gems]
        s.res[p][:] = [coins, gems]
        s.z["hand"][p][:] = s.z["basket"][:hand]
        s._legal = None
        got = [a.args for a in s.legal_actions() if a.name == "swap"]
        assert got == _expected(s, p)
    assert s.game.memo


def _history(mod, seed: int, players: int = 4, mode: str = "family") -> list:
    s = mod.Game(num_players=players, mode=mode, seed=seed).new_initial_state()
    rng = random.Random(seed)
    taken = []
    while not s.is_terminal():
        action = rng.choice(s.legal_actions())
        taken.append((action.player, action.name, action.args))
        s.apply_action(action)
    return taken


def test_the_memo_of_actions_changes_no_game(monkeypatch):
    """Legal actions remembered across states and games (issue 10), or a memo that
    starts again empty every few entries, list the same actions: the same seeded
    random games, action for action."""
    from generated import utopolis
    from generated._runtime import actions

    fresh = _history(utopolis, 11, mode="metropolis")  # the memo fills from empty
    again = _history(utopolis, 11, mode="metropolis")  # every list comes from the memo
    monkeypatch.setattr(actions, "MEMO_LIMIT", 7)  # read by R.remember and R.made
    utopolis.Game._memos.clear()
    small = _history(utopolis, 11, mode="metropolis")
    assert fresh == again == small
    assert len(utopolis.Game(num_players=4, mode="metropolis").memo) <= 7


def test_remembered_actions_are_shared_not_rebuilt():
    """An action listed again in a later state (or game) is the same object: the
    engine built it once."""
    from generated import utopolis

    a = utopolis.Game(num_players=2, seed=3).new_initial_state()
    b = utopolis.Game(num_players=2, seed=3).new_initial_state()
    assert a.legal_actions() == b.legal_actions()
    assert all(x is y for x, y in zip(a.legal_actions(), b.legal_actions()))
    assert str(b.legal_actions()[0]) == str(a.legal_actions()[0])


def test_a_shared_action_cannot_be_changed():
    """Engines share one Action object between states and games: changing it would
    change every game that offers it, so it refuses."""
    import pytest

    from generated.utopolis import Game

    state = Game(num_players=2, mode="family", seed=3).new_initial_state()
    action = state.legal_actions()[0]
    for name in ("player", "name", "args", "_game"):
        with pytest.raises(AttributeError, match="immutable"):
            setattr(action, name, None)
    with pytest.raises(AttributeError, match="immutable"):
        del action.args
    assert state.legal_actions()[0] is action


def test_the_sets_of_one_size_come_in_the_order_of_every_set():
    """``require count S == N`` on a subset choice makes only the sets of N cards
    (``R.sets_of_size``), in the order the choice lists all its sets."""
    from compiler.engine.runtime import sets_of_size
    for k in range(8):
        items = list(range(10, 10 + k))
        every = [()]
        for c in items:
            every += [part + (c,) for part in every]
        for size in range(1, k + 2):
            assert sets_of_size(items, size) == [x for x in every if len(x) == size]


def test_actions_of_cards_chosen_are_kept_in_rows_by_card_id(repo_root):
    """An action whose options depend only on the cards chosen keeps its lists in rows
    indexed by card id (no tuple key per option); the actions are still made once and
    shared: the same objects at every decision that offers them."""
    text = (repo_root / "generated" / "utopolis.py").read_text(encoding="utf-8")
    build = text[text.index("def legal_build("):text.index("def apply_build(")]
    assert "_found = _rows0[v_b]" in build and "_key" not in build
    from generated import utopolis
    s = utopolis.Game(num_players=2, mode="family", seed=3).new_initial_state()
    first = {(a.name, a.args): a for a in s.legal_actions()}
    again = s._compute_legal(s.current_player())  # worked out again, from the memo
    assert all(first[(a.name, a.args)] is a for a in again)


def test_the_tables_an_option_list_reads_are_looked_up_once():
    """The tables the condition of a list of options reads are bound before it, once
    (issue 10); text inside a string of the condition is left as it is."""
    from compiler.engine.hoisting import hoist_reads
    from compiler.engine.statements import Writer
    w, names = Writer(), iter(f"_t{i}" for i in range(1, 9))
    code = ("[v for v in s.z['hand'][p] if s.cst['on'][v] and g.P['k'] > s.ta['n'][p]"
            " and F[v] != \"s.z['x']\"]")
    out = hoist_reads(code, lambda stem: next(names), w)
    assert out == "[v for v in s.z['hand'][p] if _t1[v] and _t2 > _t3 and F[v] != \"s.z['x']\"]"
    assert "\n".join(w.lines).split() == ["_t1", "=", "s.cst['on']", "_t2", "=", "g.P['k']",
                                          "_t3", "=", "s.ta['n'][p]"]
    assert hoist_reads("[v for v in s.z['hand'][p]]", lambda stem: "_t9", w) == "[v for v in s.z['hand'][p]]"


def test_a_requirement_side_that_no_later_choice_changes_is_worked_out_before_the_loop(repo_root):
    """``require count my hand - 1 >= b.value`` counts the hand once, before the loop over
    the cards ``b`` of the hand, not once per card (issue 10)."""
    text = (repo_root / "generated" / "utopolis.py").read_text(encoding="utf-8")
    build = text[text.index("def legal_build("):text.index("def apply_build(")]
    before, loop = build.split("for v_b in s.z['hand'][p]:")
    assert "= (len(s.z['hand'][p]) - 1)" in before and "len(" not in loop
