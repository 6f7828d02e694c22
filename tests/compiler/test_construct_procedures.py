"""Procedures run by name (`do check(p)`), `first player most`, and `roll` as a
fresh roll inside an expression, with a chance tie-breaker repeated until broken."""

from __future__ import annotations

from collections import Counter

from tests.helpers.specs import HEADER, ONE_ROUND, compile_text, engine

SPEC = HEADER + '''
pieces worker "worker die" {
  per player 3
  sides 6
  source "Dice"
}
zone available "available workers" of worker {
  per player
  public
  source "Dice"
}
zone pool "worker pool" of worker {
  per player
  public
  source "Dice"
}
procedure check "Knowledge check" (who: player) {
  effect {
    if (sum value over available of who) >= 12 {
      let leaving = best available of who by value
      move leaving into pool of who
    }
  }
  source "Knowledge check"
}
setup {
  each player {
    put worker into my available where owner == me
    for each d in my available {
      roll d
    }
    do check(me)
  }
  first player most sum value over my available
  source "Setup"
}
''' + ONE_ROUND + '''end game_over {
  when true
  winner most vp
  tie_breaker "lowest roll" fewest sum roll over my available
  source "End"
}
'''


def test_the_procedure_runs_for_each_player(tmp_path):
    mini = engine(tmp_path, SPEC)
    for seed in range(40):
        s = mini.Game(num_players=3, seed=seed).new_initial_state()
        for p in range(3):
            total = sum(s.cst["value"][c] for c in s.z["available"][p])
            lost = s.z["pool"][p]
            if lost:
                assert len(lost) == 1
                assert s.cst["value"][lost[0]] >= max(s.cst["value"][c] for c in s.z["available"][p])
            else:
                assert total < 12


def test_first_player_has_the_highest_total(tmp_path):
    mini = engine(tmp_path, SPEC)
    for seed in range(40):
        s = mini.Game(num_players=3, seed=seed).new_initial_state()
        totals = [sum(s.cst["value"][c] for c in s.z["available"][p]) for p in range(3)]
        assert s.first == totals.index(max(totals))


def test_the_chance_tie_breaker_always_finds_one_winner(tmp_path):
    mini = engine(tmp_path, SPEC)
    wins = Counter()
    for seed in range(60):
        s = mini.Game(num_players=2, seed=seed).new_initial_state()
        while not s.is_terminal():
            s.apply_action(s.legal_actions()[0])
        assert len(s.winners_list()) == 1
        wins[s.winners_list()[0]] += 1
    assert set(wins) == {0, 1}


def test_checks(tmp_path):
    result = compile_text(tmp_path, SPEC.replace("do check(me)", "do check(me, me)"))
    assert any(d.code == "E0504" and "takes 1 value" in d.message for d in result.diagnostics)
    result = compile_text(tmp_path, SPEC.replace("do check(me)", "do chek(me)"))
    assert any("did you mean `check`" in (d.hint or "") for d in result.diagnostics)
    looped = SPEC.replace("      move leaving into pool of who\n",
                          "      move leaving into pool of who\n      do check(who)\n")
    result = compile_text(tmp_path, looped)
    assert any(d.code == "E0206" for d in result.diagnostics)


def test_english(tmp_path):
    page = compile_text(tmp_path, SPEC).page
    assert "## Procedures" in page and "Carry out *Knowledge check* for you." in page
    assert "takes the first player marker" in page
