"""Construct 20: seats played by rules (automata), seats per mode, and sides.

The construct spec is ``tests/compiler/constructs/automata.rules``, written from Utopia ›
Dystopia: The Solo Game (Solo Setup, Solo Gameplay, Villain's Action Deck Table) and
Utopia › 2 Player Co-op (Co-op Setup, Co-op Gameplay). The engine's behaviour (turns
played by the engine, controllers, returns per seat, observations, saves) is tested in
``tests/engine/test_automata.py``; this file compiles the spec, reads its page and
produces each diagnostic from an edit of it.
"""

from __future__ import annotations

import re

import pytest

from compiler import pipeline
from tests.helpers.constructs import assert_games_replay, codes_of, construct_engine, construct_spec, take
from tests.helpers.specs import compile_text, engine_module

SPEC = construct_spec("automata")
BASE = SPEC.read_text(encoding="utf-8")
CARDS = SPEC.with_name("automata.cards.yaml").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def game():
    return construct_engine(SPEC)


def _codes(tmp_path, old: str, new: str) -> list[str]:
    assert old in BASE, old
    return codes_of(tmp_path, BASE.replace(old, new, 1), CARDS)


def test_the_competitive_mode_has_no_automata_and_plays_as_before(game):
    assert_games_replay(game, players=3, seeds=range(3))
    state = game.Game(num_players=2, seed=0).new_initial_state()
    assert state.n == state.h == 2 and len(state.returns()) == 2


def test_the_page_has_a_section_per_automaton_and_the_modes_say_who_sits():
    page = pipeline.compile_spec(SPEC).page
    assert "## Seats played by the rules" in page
    assert "**Villain's turn** (in *Time Travel*)" in page or "Villain's turn" in page
    assert "controlled by player" in page
    assert "Seats played by the rules: 1 *Villain*" in page or "Seats played by the rules: 1 Villain" in page
    assert "Sides: the players and the" in page
    assert "Turn order alternates" in page
    assert "Seats played by the rules: 1 Villain seat, after" in page
    assert "Seats played by the rules: 2 Villain seats, after" in page
    assert "villain seat is someone:" in page and "is a player" not in page
    assert "If the time zone an icon sends the villain to for card's icon is 1:" in page
    assert "the the" not in page


@pytest.mark.parametrize("old, new, code", [
    ("turn in travel {", "turn in travle {", "E0830"),
    ('phase travel "Time Travel" turns {', 'phase travel "Time Travel" simultaneous {', "E0831"),
    ("  seats villain 1\n", "  seats vilain 1\n", "E0832"),
    ("when every villain missions_done >= 3", "when every vilain missions_done >= 3", "E0833"),
    ("winner side villain", "winner side vilain", "E0833"),
    ("let villain_seat = villain[1]", "let villain_seat = vilain[1]", "E0501"),
    ("let villain_seat = villain[1]", "let villain_seat = villain[0]", "E0840"),
    ("let villain_seat = villain[1]", "let villain_seat = villain[1 - 2]", "E0840"),
    ("first player villain_seat", "first player villain[1]", "E0580"),
    ("  sides players, villain\n  remove end humans_win", "  sides players, villain, villain\n"
     "  remove end humans_win", "E0835"),
    ("  seats villain 1\n", "  seats villain 0\n", "E0837"),
    ("  seats villain 1\n", "  seats villain 99999\n", "E0839"),
    ("  seats villain 2\n", "  seats villain 50\n  seats villain 51\n", "E0839"),
])
def test_misuse_is_reported(tmp_path, old, new, code):
    assert code in _codes(tmp_path, old, new)


# An action asking every seat in turn (E0838's old example, made real): each round asks
# "you" (an automaton seat's question goes to its controller), then runs on after the
# answer (ships_lost) before the next seat is asked; the action's last line runs after all.
_POLL = ('action poll "Poll" {{\n  effect {{\n    each {seats} {{\n      ask me {{\n'
         '        "Yes" {{\n          score 2\n        }}\n        "No" {{\n          score 0\n'
         '        }}\n      }}\n      advance ships_lost by 1\n    }}\n    advance missions_done by 1\n'
         '  }}\n  source "Utopia › 2 Player Co-op › Co-op Gameplay"\n}}\n')


@pytest.mark.parametrize(("seats", "asked"), [("seat", [0, 1, 2, 3]), ("villain", [2, 3])])
def test_each_seat_asks_seat_by_seat_saved_and_replayed_at_every_round(tmp_path, seats, asked):
    """Co-op (two humans, two villains, each human controlling one: Co-op Setup): a
    question in `each seat` is asked of each seat in seat order, of its controller for a
    villain; each round's rest runs before the next seat is asked; JSON, clone and replay
    at every round play on the same."""
    text = BASE.replace("actions complete_mission, gather", "actions complete_mission, gather, poll", 1)
    text = text.replace("automata.cards.yaml", "mini.cards.yaml")
    result = compile_text(tmp_path, text + "\n" + _POLL.format(seats=seats), CARDS)
    assert [d.code for d in result.diagnostics if d.severity == "error"] == []
    game = engine_module(result)
    s = game.Game(num_players=2, mode="coop", seed=0).new_initial_state()
    while s.pending:  # a villain's own question first (its assassination): answered
        s.apply_action(s.legal_actions()[0])
    actor = s.current_player()
    lost, vp, done = list(s.tr["ships_lost"]), list(s.tr["vp"]), s.tr["missions_done"][actor]
    take(s, "poll")
    for i, q in enumerate(asked):
        front = s.pending[0]
        assert front["kind"] == "ask" and front["me"] == q
        assert front["player"] == (q if q < 2 else q - 2) == s.current_player()  # its controller
        # the seats before q have run their whole round; q and those after have not
        assert [s.tr["ships_lost"][x] - lost[x] for x in asked] == [1] * i + [0] * (len(asked) - i)
        assert s.tr["missions_done"][actor] == done
        back = s.game.state_from_json(s.to_json())
        assert back.to_json() == s.to_json()
        twin = s.clone()
        answer = i % 2  # "Yes" for the first seat, "No" for the next, ...
        for x in (s, back, twin):
            x.apply_action(x.legal_actions()[answer])
        assert back.to_json() == s.to_json() == twin.to_json()
        assert s.tr["vp"][q] == vp[q] + (2 if answer == 0 else 0)
        assert s.tr["ships_lost"][q] == lost[q] + 1
    assert s.tr["missions_done"][actor] == done + 1
    replayed = game.Game(num_players=2, mode="coop", seed=0).state_from_json(s.to_json(history=True))
    assert replayed.to_json() == s.to_json()


def test_a_side_the_mode_does_not_seat_and_winner_side_without_sides(tmp_path):
    assert "E0834" in _codes(tmp_path, "  seats villain 2\n  seating alternate\n", "  seating alternate\n")
    assert "E0836" in _codes(tmp_path, "  sides players, villain\n  remove end competitive_win",
                             "  remove end competitive_win")


def test_the_warnings(tmp_path):
    # no mode seats the villain any more
    text = BASE.replace("  seats villain 1\n", "").replace("  seats villain 2\n", "")
    text = text.replace("  sides players, villain\n", "").replace("  seating alternate\n", "")
    text = text.replace("  winner side villain\n", "  nobody wins\n").replace(
        "  winner side players\n", "  nobody wins\n")
    assert "W0126" in codes_of(tmp_path, text, CARDS)
    assert "W0127" in _codes(tmp_path, "  remove end humans_win\n  remove end villains_win",
                             "  remove end humans_win\n  remove end villains_win\n  seating alternate")


def test_the_language_reference_quotes_the_construct_spec():
    page = (SPEC.parents[3] / "docs" / "language.md").read_text(encoding="utf-8")
    start = page.index("### Seats played by rules: automata and sides")
    end = page.index("### Villains: additional turns", start)
    blocks = re.findall(r"^```rulebook\n(.*?)^```$", page[start:end], re.M | re.S)
    assert len(blocks) >= 3
    for block in blocks:
        assert block in BASE, block


def test_other_player_in_an_automatons_turn_is_another_seat_not_w0156(tmp_path):
    # in the solo mode (one player) the villain's `other player` is the human seat
    turn = "  turn in travel {\n"
    chooses = turn + "    choose q: other player {\n      as q {\n        score 1\n      }\n    }\n"
    assert "W0156" not in _codes(tmp_path, turn, chooses)
    # the same choice in an action of the one-player mode has no option: still W0156
    gather = 'action gather "Gather knowledge" {\n  effect {\n'
    chooses = gather + "    choose q: other player {\n      score 1\n    }\n"
    assert "W0156" in _codes(tmp_path, gather, chooses)


@pytest.mark.parametrize("body, warned", [
    ("    score 1\n    again\n", True),
    ("    score 1\n    again\n    if progress < 3 {\n      again\n    }\n", True),
    ("    if progress < 3 {\n      again\n    }\n", False),
], ids=["plain", "one-of-two", "under-if"])
def test_an_again_at_every_turn_of_an_automaton_is_w0161(tmp_path, body, warned):
    from generated._runtime.seats import MAX_AGAIN
    turn = "  turn in travel {\n"
    diags = compile_text(tmp_path, BASE.replace(turn, turn + body, 1), CARDS).diagnostics
    found = [d for d in diags if d.code == "W0161"]
    assert bool(found) is warned, [str(d) for d in diags]
    if warned:
        assert f"after {MAX_AGAIN} turns in a row" in found[0].message
        language = (SPEC.parents[3] / "docs" / "language.md").read_text(encoding="utf-8")
        assert f"at most {MAX_AGAIN} in a row" in language
