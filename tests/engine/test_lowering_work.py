"""Lowerings that do less work for the same answers (issue 10, session 8): ``count ZONE
where C >= 1`` (``== 0``, and their like) stops at the first card meeting C; ``it in A
or it in B`` reads the card's place once; a phase's legal-action function reads the
game's memo and the lists its actions share from locals; the actions a memoised list
holds are taken from one table per action and player (``R.made_row``)."""

from __future__ import annotations

import itertools
import re

from tests.compiler.test_construct_overflow_trades import SPEC
from tests.helpers.specs import compile_text, engine

CARDS = """cards:
  - {name: apple, title: Apple, copies: 2, sweet: 3}
  - {name: lemon, title: Lemon, copies: 2, sweet: 0}
  - {name: pear, title: Pear, copies: 2, sweet: 2}
"""

#: ``eat`` needs a sweet fruit in hand, ``toss`` none
ACTIONS = '''action eat "Eat" {
  require (count my hand where sweet >= 2) >= 1
  effect {
    done
  }
  source "Work"
}
action toss "Toss" {
  require 0 == (count my hand where sweet >= 2)
  effect {
    done
  }
  source "Work"
}
'''


def _spec() -> str:
    text = SPEC.replace('card fruit "Fruit" {', 'card fruit "Fruit" {\n  field sweet: int "how sweet"')
    text = text.replace("actions pick, swap, stop", "actions pick, swap, eat, toss, stop")
    return text.replace('action stop "Stop" {', ACTIONS + 'action stop "Stop" {')


def test_a_count_compared_with_none_stops_at_the_first_card(tmp_path):
    text = compile_text(tmp_path, _spec(), CARDS).engine
    eat = text[text.index("def legal_eat"):text.index("def apply_eat")]
    toss = text[text.index("def legal_toss"):text.index("def apply_toss")]
    assert "any(" in eat and "len([1" not in eat
    assert "(not any(" in toss and "len([1" not in toss


def test_some_card_or_none_gives_what_counting_gives(tmp_path):
    mini = engine(tmp_path, _spec(), CARDS)
    s = mini.Game(num_players=2, seed=1).new_initial_state()
    p = s.current_player()
    fruits = sorted(set(s.z["basket"]))
    sweet = {c: mini.F_sweet[c] for c in fruits}
    for size in range(3):
        for hand in itertools.permutations(fruits, size):
            s.z["hand"][p][:] = list(hand)
            s._legal = None
            names = {a.name for a in s.legal_actions()}
            some = sum(1 for c in hand if sweet[c] >= 2) >= 1
            assert ("eat" in names) == some and ("toss" in names) == (not some), hand


def test_it_in_one_zone_or_another_reads_the_place_once(repo_root):
    text = (repo_root / "generated" / "euphoria.py").read_text(encoding="utf-8")
    assert "[0] in ('workers_on', 'market_workers'))" in text
    assert "== 'workers_on') or (" not in text


def test_a_phase_function_keeps_the_memo_and_the_shared_lists_in_locals(repo_root):
    text = (repo_root / "generated" / "euphoria.py").read_text(encoding="utf-8")
    play = text[text.index("def legal_phase_play("):]
    play = play[:play.index("\n\n\n")]
    assert play.count("s.game.memo") == 1 and "s._cse" not in play
    assert "    _cse0 = _cse1 = " in play and "_options1 = _cse0 = [" in play
    # the two ways of retrieving workers choose among the same sets: made once
    paying = play[play.index("legal_retrieve_paying\n"):play.index("legal_retrieve_free\n")]
    free = play[play.index("legal_retrieve_free\n"):play.index("legal_reveal_dilemma_match\n")]
    (shared,) = re.findall(r"_sets\d+ = (_cse\d+)\n", paying)
    assert f"= {shared}\n" in free and f"{shared} = _sets" in free


def test_the_actions_of_a_memoised_list_come_from_one_table_per_action_and_player():
    from generated import utopolis

    s = utopolis.Game(num_players=3, mode="family", seed=2).new_initial_state()
    while s.phase != "build_trade" or s.pending:
        s.apply_action(s.legal_actions()[0])
    trades = [a for a in s.legal_actions() if a.name == "offer_trade"]
    assert trades
    row = utopolis.R.made_row(s.game, s.current_player(), "offer_trade")
    assert all(row[a.args] is a for a in trades)
    assert utopolis.R.made(s.game, s.current_player(), "offer_trade", trades[0].args) is trades[0]


def test_lines_are_shared_only_when_they_read_nothing_of_the_code_around_them():
    from compiler.engine.hoisting import share_lines
    from compiler.engine.statements import Writer

    def shared(lines: list[str], table: dict) -> list[str]:
        w = Writer()
        w.lines = ["    x = 1", *lines]
        share_lines(table, lines[0].split(" = ")[0].strip(), 1, w)
        return w.lines[1:]

    table: dict[str, int] = {}
    first = shared(["    _items1 = [c for c in s.z['hand'][p]]"], table)
    assert first[0] == "    _items1 = s._cse.get(0)" and first[-1] == "        s._cse[0] = _items1"
    # the same code under other names is the same list; a choice or an outer local is not
    assert shared(["    _items7 = [c for c in s.z['hand'][p]]"], table)[0] == "    _items7 = s._cse.get(0)"
    for reads in ("    _items2 = [c for c in s.z['hand'][v_x]]", "    _items3 = [c for c in _t1]"):
        assert shared([reads], table) == [reads]
    assert table == {"_ = [c for c in s.z['hand'][p]]": 0}


def test_an_action_with_no_option_for_a_choice_leaves_before_the_other_lists(repo_root):
    text = (repo_root / "generated" / "euphoria.py").read_text(encoding="utf-8")
    work = text[text.index("def legal_work_area("):text.index("def apply_work_area(")]
    assert work.index("if not _options1:  # no option of d\n        return") < work.index("R.grouped(")
