"""`tie_breaker "..." roll_off fewest sides 6`: a roll-off among the players still
tied, one die each, the tied players rolling again until one is left."""

from __future__ import annotations

from collections import Counter

from tests.helpers.specs import HEADER, ONE_ROUND, compile_text, engine

SPEC = HEADER + '''
resource coin "Coin" {
  source "Coins"
}
setup {
  first player random
  source "Setup"
}
''' + ONE_ROUND + '''end game_over {
  when true
  winner most vp
  tie_breaker "more coins" most coin
  tie_breaker "roll-off, lowest die wins" roll_off fewest sides 6
  source "End"
}
'''


def _play(mini, players, seed, coins=None):
    s = mini.Game(num_players=players, seed=seed).new_initial_state()
    for q, n in enumerate(coins or ()):
        s.res[q][0] = n
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    return s.winners_list()


def test_the_roll_off_always_finds_one_winner_and_is_fair(tmp_path):
    mini = engine(tmp_path, SPEC)
    wins = Counter()
    for seed in range(600):
        winners = _play(mini, 3, seed)
        assert len(winners) == 1
        wins[winners[0]] += 1
    # each of three tied players wins about a third of the roll-offs
    assert all(150 <= wins[q] <= 250 for q in range(3)), wins


def test_the_roll_off_only_breaks_what_the_earlier_steps_leave_tied(tmp_path):
    mini = engine(tmp_path, SPEC)
    for seed in range(60):
        s = mini.Game(num_players=3, seed=seed).new_initial_state()
        s.res[2][0] = 1  # player 3 has the most coins: the roll-off never comes into it
        while not s.is_terminal():
            s.apply_action(s.legal_actions()[0])
        assert s.winners_list() == [2]
    wins = Counter()
    for seed in range(300):
        s = mini.Game(num_players=3, seed=seed).new_initial_state()
        s.res[0][0] = s.res[2][0] = 1  # players 1 and 3 tie on coins; player 2 is out
        while not s.is_terminal():
            s.apply_action(s.legal_actions()[0])
        wins[s.winners_list()[0]] += 1
    assert set(wins) == {0, 2} and min(wins.values()) >= 110, wins


def test_checks(tmp_path):
    after = SPEC.replace('  tie_breaker "more coins" most coin\n', "").replace(
        '  source "End"\n}', '  tie_breaker "more coins" most coin\n  source "End"\n}')
    diags = compile_text(tmp_path, after).diagnostics
    assert [d.code for d in diags if d.severity == "error"] == ["E0560"]
    assert "never applies" in diags[0].message and diags[0].notes
    flat = SPEC.replace("sides 6", "sides 1")
    assert any(d.code == "E0506" and "2 sides" in d.message
               for d in compile_text(tmp_path, flat).diagnostics)


def test_english(tmp_path):
    page = compile_text(tmp_path, SPEC).page
    assert ("2. Roll-off, lowest die wins (a roll-off: each player still tied rolls one die with 6 "
            "sides; the lowest roll wins, and the players tied for it roll again).") in page
