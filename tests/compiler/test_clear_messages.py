"""Messages that misled a fresh user, each now one clear diagnostic (exact codes, places
and words asserted).

* `resource disc { per player }`: E0501 (no enum `player`), then E0522/E0523 at each use
  ("its key must be a player, but this is a player"): now E0501 alone.
* `(the player with most banked).banked`: E0580 ("may be nobody: reading needs a player")
  and E0503 ("this is a player") contradicted each other: now E0503 alone, whose hint names
  the player first.
* `winners players with most` and nothing after it: E0001 on the next line, at the text
  after `source`: now at the end of the line cut short.
* an `end` with no winners rule checked clean and the game ended with no winner: E0413.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from tests.helpers.specs import HEADER, ONE_ROUND, analyse_text

BASE = HEADER + ONE_ROUND + '''setup {
}
%s
end game_over {
  when any player vp >= 3
%s
  source "End"
}
'''


def _found(text: str) -> list[tuple[str, int, int, str]]:
    result = analyse_text(Path(tempfile.mkdtemp()), text)
    return [(d.code, d.span.line, d.span.column, d.message)
            for d in result.diagnostics if d.severity == "error"]


def _line(text: str, line: str) -> int:
    return text.splitlines().index(line) + 1


def test_a_family_kept_per_player_is_one_error():
    text = BASE % ('''resource disc "Disc" {
  per player
  source "C"
}
action look "Look" {
  effect {
    gain disc 1
    gain disc[me] 1
    score disc[me] + p_disc
  }
  source "C"
}
derived p_disc "discs" = disc {
  source "C"
}''', "  winner most vp")
    line = _line(text, 'resource disc "Disc" {') + 1
    assert _found(text) == [("E0501", line, 7, "unknown enum `player`")]


def test_a_field_of_the_player_with_most_is_one_error():
    text = BASE % ('''track banked "Banked" {
  per player
  source "C"
}
action look "Look" {
  effect {
    score (the player with most banked).banked
  }
  source "C"
}''', "  winner most vp")
    found = analyse_text(Path(tempfile.mkdtemp()), text).diagnostics
    errors = [d for d in found if d.severity == "error"]
    assert [(d.code, d.span.line, d.span.column) for d in errors] == [
        ("E0503", _line(text, "    score (the player with most banked).banked"), 12)]
    assert errors[0].message == "`(...).banked` reads a card's field, and this is a player"
    assert errors[0].hint == ("name the player first and test it: `let p = ...`, then "
                              "`if p != nobody { ... p.banked ... }`")


def test_a_missing_measure_is_reported_where_it_is_missing():
    text = BASE % ("", "  winners players with most  # the measure is missing")
    line = _line(text, "  winners players with most  # the measure is missing")
    assert _found(text) == [("E0001", line, 28, "this line ends too early: expected an expression")]


def test_an_end_with_no_winners_rule_is_e0413():
    text = BASE % ("", "")
    assert _found(text) == [("E0413", _line(text, "end game_over {"), 1,
                             "the end `game_over` does not say who wins: the game would end with no winner")]
    assert _found(BASE % ("", "  nobody wins")) == []


# -- where no player acts (E0595): a player's value read for the game silently meant the
# first player, and the page said "your"

NOBODY_ACTS = (HEADER + '''resource coin "Coin" {
  source "C"
}
''' + ONE_ROUND.replace('''  actions stop
''', '''  actions stop
  on enter {
%s
  }
  on exit {
%s
  }
''') + '''setup {
%s
}
end game_over {
  when %s
  winner most vp
  source "End"
}
''')


def _errors(text: str):
    return [d for d in analyse_text(Path(tempfile.mkdtemp()), text).diagnostics if d.severity == "error"]


def test_a_players_value_where_no_player_acts_is_e0595_at_each_place():
    text = NOBODY_ACTS % ("    gain coin 2", "    if coin >= 1 {\n      score 1\n    }\n    pay coin 1",
                          "  score 1", "vp >= 3")
    found = [(d.code, d.span.line, d.span.column, d.message) for d in _errors(text)]
    assert found == sorted([
        ("E0595", _line(text, "  when vp >= 3"), 8, "`vp` is a player's value, read for the acting "
         "player, but no player acts in the `when` of end `game_over`: it would mean the first player"),
        ("E0595", _line(text, "    gain coin 2"), 5, "`gain` gives to the acting player, but no player "
         "acts in the `on enter` of phase `play`: it would mean the first player"),
        ("E0595", _line(text, "    if coin >= 1 {"), 8, "`coin` is a player's value, read for the acting "
         "player, but no player acts in the `on exit` of phase `play`: it would mean the first player"),
        ("E0595", _line(text, "    pay coin 1"), 5, "`pay` takes from the acting player, but no player "
         "acts in the `on exit` of phase `play`: it would mean the first player"),
        ("E0595", _line(text, "  score 1"), 3, "`score` scores for the acting player, but no player "
         "acts in the setup: it would mean the first player"),
    ])  # and no E0594 for the `pay`: one mistake, one diagnostic
    hints = {d.span.line: d.hint for d in _errors(text)}
    assert hints[_line(text, "    if coin >= 1 {")] == (
        "to mean every player, put it inside `each player { ... }`; for one player, name them: "
        "`let p = first player`, then `p.coin`")
    assert hints[_line(text, "  when vp >= 3")] == (
        "say which player: `any player ...` or `every player ...` (`any player vp >= 1`)")


def test_the_hints_of_e0595_check_cleanly():
    text = NOBODY_ACTS % ("    each player where me == first player {\n      gain coin 2\n    }",
                          "    let p = first player\n    if p.coin >= 1 {\n      each player {\n"
                          "        score 1\n      }\n    }",
                          "  each player {\n    score 1\n  }", "any player vp >= 3")
    assert _errors(text) == []


def test_a_procedure_or_derived_value_that_needs_a_player_is_e0595_where_nobody_acts():
    text = NOBODY_ACTS % ("    do reward()", "    if ahead {\n      each player {\n        score 1\n"
                          "      }\n    }", "", "any player vp >= 3") + '''procedure reward "Reward" () {
  effect {
    score 1
  }
  source "C"
}
derived ahead "ahead" = vp >= 2 {
  source "C"
}
'''
    found = [(d.code, d.span.line, d.message.split(",")[0]) for d in _errors(text)]
    assert found == [
        ("E0595", _line(text, "    do reward()"), "procedure `reward` runs for the acting player"),
        ("E0595", _line(text, "    if ahead {"), "`ahead` is a player's value")]


# -- E0594 says where the guard goes

PAYS = HEADER + '''resource coin "Coin" {
  source "C"
}
card building "Building" {
  field cost: bag "its cost"
  source "C"
}
zone hand "Hand" of building {
  per player
  source "C"
}
''' + ONE_ROUND.replace("  actions stop\n", "  actions stop, spend, build\n") + '''setup {
  each player {
    gain coin 1
  }
}
procedure buy "Buy" (n: int) {
  effect {
    pay coin n
  }
  source "C"
}
action spend "Spend" {
  effect {
    do buy(2)
  }
  source "C"
}
action build "Build" {
  effect {
    choose b: card in my hand
    pay b.cost
  }
  source "C"
}
end game_over {
  when any player vp >= 3
  winner most vp
  source "End"
}
'''


def test_e0594_in_a_procedure_hints_at_the_procedure_or_each_do():
    found = {d.span.line: d for d in _errors(PAYS) if d.code == "E0594"}
    pay = found[_line(PAYS, "    pay coin n")]
    do = _line(PAYS, "    do buy(2)")
    assert pay.message == ("this pay may exceed what is held there: nothing before it shows the player "
                           f"has it (procedure `buy`, run by the `do` at line {do})")
    assert pay.hint == ("guard it in the procedure: `if has coin n { ... }` around it; or make each `do` "
                        "of it run only when it can be paid (a `require has` on each action that does it)")


def test_e0594_after_a_choice_in_the_effect_hints_at_an_if_inside_it():
    pay = next(d for d in _errors(PAYS) if d.code == "E0594" and d.span.line == _line(PAYS, "    pay b.cost"))
    assert pay.hint == ("test it inside the effect, where `b` is known: `if has b.cost { ... }` "
                        "(a `require` of the action cannot see `b`, named in the effect)")


# -- cascades: one mistake, one diagnostic (a name reported unknown feeds no later check)

CONSTRUCTS = Path(__file__).resolve().parent / "constructs"


def _construct(name: str, old: str, new: str) -> tuple[str, str]:
    text = (CONSTRUCTS / f"{name}.rules").read_text(encoding="utf-8")
    assert old in text
    text = text.replace(old, new).replace(f'"{name}.cards.yaml"', '"mini.cards.yaml"')
    return text, (CONSTRUCTS / f"{name}.cards.yaml").read_text(encoding="utf-8")


def _all_found(text: str, cards: str | None = None) -> list[tuple[str, int, int, str]]:
    result = analyse_text(Path(tempfile.mkdtemp()), text, cards)
    return [(d.code, d.span.line, d.span.column, d.message) for d in result.diagnostics
            if d.code != "W0105"]


def test_a_misspelt_enum_in_of_each_is_e0606_alone():
    text, cards = _construct("pieces_attributes", "per player 1 of each knowledge",
                             "per player 1 of each knowlege")
    assert _all_found(text, cards) == [
        ("E0606", _line(text, "  per player 1 of each knowlege"), 24, "`knowlege` is not an enum")]


def test_a_misspelt_kind_in_a_zone_of_several_kinds_is_e0501_alone():
    text, cards = _construct("mixed_zones", 'zone standing "on the location" of chronoship, drone {',
                             'zone standing "on the location" of chronoship, drnoe {')
    line = _line(text, 'zone standing "on the location" of chronoship, drnoe {')
    assert _all_found(text, cards) == [("E0501", line, 48, "unknown card type `drnoe`")]


def test_a_kind_named_twice_in_a_zone_is_e0611_alone():
    text, cards = _construct("mixed_zones", 'zone standing "on the location" of chronoship, drone {',
                             'zone standing "on the location" of chronoship, chronoship {')
    line = _line(text, 'zone standing "on the location" of chronoship, chronoship {')
    assert _all_found(text, cards) == [("E0611", line, 48, "`standing` names `chronoship` twice")]


def test_an_amount_written_past_its_item_is_e0527_alone_with_the_brackets_meant():
    text = NOBODY_ACTS % ("    each player {\n      gain coin 3\n      pay coin 0 - 3\n    }", "", "",
                          "any player vp >= 3")
    errors = _errors(text)
    found = analyse_text(Path(tempfile.mkdtemp()), text).diagnostics
    assert [(d.code, d.span.line, d.span.column) for d in found] == [
        ("E0527", _line(text, "      pay coin 0 - 3"), 11)]
    assert errors[0].hint == ("`coin 0 - 3` reads as `(coin 0) - 3`, a bag and then a number: for an "
                              "amount worked out, put it in brackets: `coin (0 - 3)`")


# -- messages that misled

def test_no_pieces_of_nobody_is_e0506_without_the_per_player_hint():
    text, cards = _construct("pieces_attributes", '  count 3\n  field acts_as', '  count 0\n  field acts_as')
    [error] = [d for d in analyse_text(Path(tempfile.mkdtemp()), text, cards).diagnostics
               if d.severity == "error"]
    assert (error.code, error.message, error.hint) == (
        "E0506", "pieces of nobody number at least 1", "write `count 1` or more")


MODULES = HEADER + '''resource coin "Coin" {
  source "C"
}
''' + ONE_ROUND + '''setup {
}
end game_over {
  when any player vp >= 3
  winner most vp
  source "End"
}
module a "A" {
  excludes a
  replace action stop "Stop at once" {
    effect {
      done
    }
    source "Play"
  }
}
module b "B" {
  extend action stop {
    effect {
      each player {
        gain coin 1
      }
    }
  }
}
mode ab "A then B" {
  use a
  use b
}
mode ba "B then A" {
  use b
  use a
}
'''


def test_a_module_that_excludes_itself_is_e0596():
    found = [(d.code, d.span.line, d.message) for d in _errors(MODULES) if d.code != "E0328"]
    assert found == [("E0596", _line(MODULES, "  excludes a"), "module `a` excludes itself")]
    assert _errors(MODULES)[0].hint == ("name another module; or remove the line: no mode could apply it")


def test_a_conflict_of_two_modules_is_reported_once_for_the_modes_it_is_in():
    text = MODULES.replace("  excludes a\n", "")
    [conflict] = _errors(text)
    assert (conflict.code, conflict.span.line) == ("E0328", _line(text, "  extend action stop {"))
    assert conflict.message == ("modules `a` and `b` both change action `stop` (replace and extend): the "
                                "result depends on their order")  # once, though each mode finds it


def test_putting_a_catalogue_into_a_zone_of_another_kind_is_e0615():
    text, cards = _construct("mixed_zones", "  put anomalies into anomaly_pile\n",
                             "  put anomalies into anomaly_pile\n  put buildings into anomaly_pile\n")
    line = _line(text, "  put buildings into anomaly_pile")
    assert _all_found(text, cards) == [
        ("E0615", line, 7, "`anomaly_pile` holds anomaly cards, and this is a building card")]


def test_a_misspelt_action_of_a_phase_is_not_also_a_phase_nobody_finishes():
    text = BASE.replace("  actions stop\n", "  actions stpo\n") % ("", "  winner most vp")
    assert _found(text) == [("E0501", _line(text, "  actions stpo"), 11,
                             "phase `play` offers unknown action `stpo`")]
