"""Construct 4 (issue 11): questions about players.

The construct spec `tests/compiler/constructs/players.rules` states Utopia's Recover Crew
from Limbo (the payee: the one player with the fewest missions completed, then the fewest
crew-members; still tied, the bank) and Anachrony's Paradox Phase (for each Timeline tile,
the players with the most warp tiles on it, ties included, take Paradox); each is played
through its engine with the rulebooks' own rule, then misuse is reported.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.constructs import compiled, construct_spec
from tests.helpers.specs import HEADER, ONE_ROUND, compile_text, engine, engine_module
from compiler import pipeline

SPEC = construct_spec("players")


@pytest.fixture(scope="module")
def game():
    return engine_module(compiled(SPEC))


def _start(game, missions: list[int], limbo: list[int]):
    """A game of ``len(missions)`` players: each has completed ``missions[p]`` missions and
    has ``limbo[p]`` of their 5 ships in Limbo, and holds 4 Knowledge Discs."""
    state = game.Game(num_players=len(missions), seed=1).new_initial_state()
    g = state.g
    for p, (done, lost) in enumerate(zip(missions, limbo)):
        state.tr["missions_done"][p] = done
        for ship in list(state.z["fleet"][p])[:lost]:
            game.R.move(state, g, ship, "limbo", p)
    return state, g


def _discs(state) -> list[int]:
    return [state.res[p][0] for p in range(state.n)]


def _recover(state, g) -> None:
    g.PR["recover_from_limbo"](g, state, 0, 1)


def test_the_player_with_fewest_missions_is_paid(game):
    """Missions 1, 0, 2: player 2 (index 1) alone has the fewest; player 1 pays them 2 discs
    for their ship in Limbo, and player 3, with none in Limbo, pays nothing."""
    state, g = _start(game, missions=[1, 0, 2], limbo=[1, 0, 0])
    _recover(state, g)
    assert _discs(state) == [2, 6, 4]
    assert state.z["limbo"][0] == [] and len(state.z["fleet"][0]) == 5


def test_a_tie_on_missions_is_broken_by_fewest_crew(game):
    """Missions 0, 0, 2: players 1 and 2 are tied; player 1 has 2 ships in Limbo (3 crew),
    player 2 has 1 (4 crew), so player 1 is paid. Player 2 pays player 1 for one ship;
    player 1, who would pay themselves, pays the bank for two (the ruling)."""
    state, g = _start(game, missions=[0, 0, 2], limbo=[2, 1, 0])
    _recover(state, g)
    assert _discs(state) == [4 - 4 + 2, 2, 4]
    assert [len(state.z["limbo"][p]) for p in range(3)] == [0, 0, 0]


def test_still_tied_pays_the_bank(game):
    """Missions 0, 0, 1 and one ship each in Limbo (4 crew each): players 1 and 2 are still
    tied after the crew count, so nobody is the payee: each pays the bank."""
    state, g = _start(game, missions=[0, 0, 1], limbo=[1, 1, 0])
    _recover(state, g)
    assert _discs(state) == [2, 2, 4]


def test_a_player_with_every_ship_in_limbo_is_freed_without_cost(game):
    state, g = _start(game, missions=[0, 1], limbo=[5, 1])
    _recover(state, g)
    assert _discs(state) == [4 + 2, 2]  # player 2 pays player 1, who has the fewest missions
    assert len(state.z["fleet"][0]) == 5 and state.z["limbo"][0] == []


def test_a_player_who_cannot_pay_keeps_the_ship_in_limbo(game):
    state, g = _start(game, missions=[1, 0], limbo=[1, 0])
    state.res[0][0] = 1
    _recover(state, g)
    assert _discs(state) == [1, 4] and len(state.z["limbo"][0]) == 1


def _warp_tiles(game, state, g, tile: str, counts: list[int]) -> None:
    tile_id = game.CARD_NAMES.index(tile)
    for p, n in enumerate(counts):
        for warp in list(state.z["warp_supply"][p])[:n]:
            game.R.move(state, g, warp, "warps_on", tile_id)


def test_paradox_goes_to_every_player_tied_for_the_most_warp_tiles_on_a_tile(game):
    """Era I holds 2, 2 and 1 warp tiles of three players: the two tied for the most take a
    Paradox token. Era II holds one of player 3's: they alone have the most there. Era III
    holds none: nobody rolls for it."""
    state, g = _start(game, missions=[0, 0, 0], limbo=[0, 0, 0])
    _warp_tiles(game, state, g, "era_one", [2, 2, 1])
    _warp_tiles(game, state, g, "era_two", [0, 0, 1])
    g.PR["paradox_phase"](g, state, 0, 1)
    assert state.tr["paradox"] == [1, 1, 1]
    _warp_tiles(game, state, g, "era_three", [1, 0, 0])
    g.PR["paradox_phase"](g, state, 0, 2)
    assert state.tr["paradox"] == [3, 2, 2]  # Era I again for players 1 and 2; Era II for 3


def test_endgame_card_goes_to_all_players_tied_for_best(game):
    state, g = _start(game, missions=[0, 0, 0], limbo=[1, 0, 0])
    g.PR["endgame_card"](g, state, 0, 1)
    assert state.scores() == [0, 3, 3]


def test_english_on_the_page():
    page = compiled(SPEC).page
    assert ("Call the player with the fewest missions completed, then the fewest crew-members (ships "
            "not in Limbo) (nobody if none or several are still tied) *payee*.") in page
    assert "If payee is a player and payee is not you:" in page
    assert "(all of them, if tied), in turn order from the first player:" in page
    assert "every player's Paradox tokens are at least 3" in page
    assert "the number of players for whom their Victory points are at least 20" in page


# ------------------------------------------------- the order of the clauses; misuse
ORDER = HEADER + '''
track paradox "Paradox" {
  per player
  source "Paradox"
}
resource coin "Coin" {
  source "Coins"
}
setup {
  each player {
    gain coin 1
  }
  source "Setup"
}
procedure reward "Reward" (n: int) {
  effect {
    EFFECT
  }
  source "Reward"
}
derived rich "players with 3 coins or more" = count players where coin >= 3 {
  source "Coins"
}
procedure bonus "Bonus when every player has 3 coins" (n: int) {
  effect {
    if every player coin >= 3 {
      score 10
    }
  }
  source "Coins"
}
''' + ONE_ROUND + '''
end game_over {
  when rich >= 99 or every player coin >= 99
  winner most vp
  source "End"
}
'''


def _played(tmp_path, effect: str, vp: list[int], paradox: list[int]) -> list[int]:
    mini = engine(tmp_path, ORDER.replace("EFFECT", effect))
    state = mini.Game(num_players=3, seed=1).new_initial_state()
    state.tr["vp"][:] = vp
    state.tr["paradox"][:] = paradox
    state.g.PR["reward"](state.g, state, 0, 1)
    return [state.res[p][0] for p in range(3)]


def test_where_then_most_differs_from_most_then_where(tmp_path):
    """VP 5, 3, 3 and Paradox 1, 0, 0: `where paradox == 0 with most vp` compares players 2
    and 3 only (tied on 3: both gain); `with most vp where paradox == 0` finds player 1, then
    drops them: nobody gains."""
    assert _played(tmp_path, "each player where paradox == 0 with most vp {\n      gain coin 1\n    }",
                   [5, 3, 3], [1, 0, 0]) == [1, 2, 2]
    assert _played(tmp_path, "each player with most vp where paradox == 0 {\n      gain coin 1\n    }",
                   [5, 3, 3], [1, 0, 0]) == [1, 1, 1]


def test_count_players_and_every_player(tmp_path):
    mini = engine(tmp_path, ORDER.replace("EFFECT", "score n"))
    state = mini.Game(num_players=3, seed=1).new_initial_state()
    state.res[0][0], state.res[1][0] = 3, 5
    g = state.g
    g.PR["bonus"](g, state, 0, 1)
    assert g.D["rich"](g, state, 0) == 2 and state.scores() == [0, 0, 0]
    state.res[2][0] = 3
    g.PR["bonus"](g, state, 0, 1)
    assert g.D["rich"](g, state, 0) == 3 and state.scores() == [10, 0, 0]


@pytest.mark.parametrize("effect, code, words", [
    ("let richest = the player with most coin\n    transfer coin 1 to richest", "E0580",
     "`richest` may be nobody"),
    ("let richest = the player with most coin\n    score richest.vp", "E0580", "`richest` may be nobody"),
    ("each player with most has coin 1 {\n      score 1\n    }", "E0581", "compares players by a number"),
    ("score count players where vp", "E0503", "must be true or false"),
    ("score sum 1 over my_bag as n where true", "E0501", "unknown zone"),
])
def test_misuse_is_reported(tmp_path, effect, code, words):
    result = compile_text(tmp_path, ORDER.replace("EFFECT", effect))
    found = [(d.code, d.message) for d in result.diagnostics if d.severity == "error"]
    assert any(c == code and words in m for c, m in found), found


def test_a_tested_payee_is_accepted(tmp_path):
    effect = ("let richest = the player with most coin\n"
              "    if richest != nobody and richest != me and has coin 1 {\n"
              "      transfer coin 1 to richest\n    }")
    result = compile_text(tmp_path, ORDER.replace("EFFECT", effect))
    assert [d.code for d in result.diagnostics if d.severity == "error"] == []


def test_as_needs_a_new_name(tmp_path):
    spec = SPEC.read_text(encoding="utf-8").replace(
        "count my fleet as s where (count my fleet where owner == s.owner)",
        "count my fleet as round_no where (count my fleet where owner == round_no.owner)")
    (tmp_path / "players.cards.yaml").write_text(
        (SPEC.parent / "players.cards.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "players.rules").write_text(spec, encoding="utf-8")
    result = pipeline.compile_spec(tmp_path / "players.rules")
    assert any(d.code == "E0583" and "`round_no` is already a name here" in d.message
               for d in result.diagnostics)


def _section(page: str, heading: str) -> str:
    start = page.index(f"\n{heading}\n")
    end = page.index("\n## ", start + 1)
    return page[start:end]


def test_the_language_reference_quotes_this_spec():
    """`docs/language.md`'s section on players quotes the construct spec (which compiles,
    above) word for word."""
    import re

    page = (Path(__file__).resolve().parents[2] / "docs" / "language.md").read_text(encoding="utf-8")
    section = _section(page, "## Players and seats").split("### Seats played by rules")[0]  # construct 20's
    blocks = re.findall(r"^```rulebook\n(.*?)^```$", section, re.M | re.S)
    spec = SPEC.read_text(encoding="utf-8")
    assert len(blocks) == 3 and all(block in spec for block in blocks)
