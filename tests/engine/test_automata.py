"""Seats played by rules (construct 20) through a generated engine: the engine plays an
automaton's turns itself, ``current_player()`` never names one, ``returns()`` has a value
per seat, an automaton's seat has no observation, its decisions are asked of its
controller (and survive JSON, clone and replay while pending), and sides win together.

The spec is ``tests/compiler/constructs/automata.rules`` (Utopia's solo and co-op
villains: Utopia › Dystopia: The Solo Game, Utopia › 2 Player Co-op).
"""

from __future__ import annotations

import json
import random

import pytest

from tests.helpers.constructs import construct_engine, construct_spec, take
from tests.helpers.play import assert_replays, play_to_the_end


@pytest.fixture(scope="module")
def game():
    return construct_engine(construct_spec("automata"))


def _new(game, mode: str, players: int, seed: int = 0):
    return game.Game(num_players=players, mode=mode, seed=seed).new_initial_state()


def _to_question(game, mode: str, players: int):
    """A state whose front question is an automaton's (its assassination), and its seed."""
    for seed in range(200):
        state = _new(game, mode, players, seed)
        for _ in range(60):
            if state.is_terminal():
                break
            if state.pending and state.pending[0]["kind"] == "ask":
                return state, seed
            take(state, "gather")
    raise AssertionError("no assassination in 200 games")


def test_seat_kinds_say_who_is_who(game):
    """Solo: the player, then the villain; co-op: two players, then two villains."""
    assert game.Game.seat_kinds("solo") == ["player", "villain"]
    assert game.Game.seat_kinds("coop", 2) == ["player", "player", "villain", "villain"]
    assert game.Game.seat_kinds("competitive", 3) == ["player", "player", "player"]
    state = _new(game, "coop", 2)
    assert state.game.num_seats == 4 and state.game.num_players == 2
    assert len(state.returns()) == 4 and len(state.tr["missions_done"]) == 4


def test_the_villain_starts_and_plays_its_turn_itself(game):
    """Solo Setup step 8: the villain is first player; Solo Gameplay: at the start of its
    turn it discards the top card of its action deck (14 cards: the other villains)."""
    state = _new(game, "solo", 1)
    assert state.first == 1  # villain[1] holds the marker
    assert state.current_player() == 0  # ...and has played its first turn already
    deck, discard = state.z["villain_deck"], state.z["villain_discard"]
    assert len(deck) + len(discard) == 14 and len(discard) >= 1
    assert state.legal_actions(1) == [] and all(a.player == 0 for a in state.legal_actions())


def test_current_player_never_names_an_automaton(game):
    for mode, players in (("solo", 1), ("coop", 2)):
        for seed in range(4):
            state = _new(game, mode, players, seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                assert 0 <= state.current_player() < players
                state.apply_action(rng.choice(state.legal_actions()))
            assert len(state.returns()) == players + (1 if mode == "solo" else 2)


def test_the_villain_completes_a_mission_at_the_bottom_of_its_track(game):
    """Solo Gameplay: each successful action moves the drone down one circle; at the
    bottom the villain completes a mission and the track restarts (3 circles, provisional)."""
    state = _new(game, "solo", 1, seed=3)
    seen = []
    while state.tr["missions_done"][1] == 0:
        if state.pending:  # an assassination: the villain's turn goes on after the answer
            state.apply_action(state.legal_actions()[0])
            continue
        seen.append(state.tr["progress"][1])
        take(state, "gather")
    steps = [v for i, v in enumerate(seen) if i == 0 or seen[i - 1] != v]
    assert steps == [1, 2]  # one circle a turn: 1, 2, then the bottom (3)...
    assert state.tr["progress"][1] == 0  # ...completes a mission and the track restarts


def test_observation_is_refused_for_an_automaton_seat(game):
    state = _new(game, "solo", 1)
    assert state.observation(0)["player"] == 0
    with pytest.raises(game.RulesError, match="seat 1 is played by the rules"):
        state.observation(1)


def test_the_controller_answers_the_villains_question_then_its_turn_goes_on(game):
    """Villain's Action Deck Table, Assassination: with two ships there, the player chooses
    which is assassinated; then the villain's turn goes on (its progress moves)."""
    state, _ = _to_question(game, "solo", 1)
    front = state.pending[0]
    assert front["player"] == 0 and front["me"] == 1  # asked of the controller, for the villain
    assert state.current_player() == 0
    lost, progress, own = state.tr["ships_lost"][0], state.tr["progress"][1], state.tr["progress"][0]
    state.apply_action(state.legal_actions()[0])
    assert state.tr["ships_lost"][0] == lost + 1
    assert state.tr["progress"][1] in (progress + 1, 0)  # the villain's, not the controller's
    assert state.tr["progress"][0] == own


def test_json_clone_and_replay_with_an_automatons_question_pending(game):
    for mode, players in (("solo", 1), ("coop", 2)):
        state, seed = _to_question(game, mode, players)
        text = state.to_json()
        loaded = state.game.state_from_json(text)
        assert loaded.to_json() == text and loaded.current_player() == state.current_player()
        assert json.loads(text)["game"]["num_players"] == players
        twin = state.clone()
        for s in (state, loaded, twin):
            s.apply_action(s.legal_actions()[-1])
        assert state.to_json() == loaded.to_json() == twin.to_json()
        saved = state.to_json(history=True)
        assert game.Game(num_players=players, mode=mode, seed=seed).state_from_json(saved).to_json() \
            == state.to_json()


def test_random_games_replay_in_every_mode(game):
    for mode, players in (("solo", 1), ("coop", 2), ("competitive", 3)):
        for seed in range(3):
            state = _new(game, mode, players, seed)
            played = play_to_the_end(state, random.Random(seed), max_actions=3000, snapshot_at=3)
            again = lambda m=mode, n=players, seed=seed: _new(game, m, n, seed)  # noqa: E731
            assert_replays(again, state, played.snapshot)


def test_co_op_humans_win_together_and_one_finished_human_is_not_enough(game):
    """2 Player Co-op › Co-op Gameplay: both humans need three missions to win."""
    state = _new(game, "coop", 2, seed=1)
    assert state.game.order == (0, 2, 1, 3)  # seating alternate: each human before their villain
    while state.tr["missions_done"][0] < 3:
        if state.pending:
            state.apply_action(state.legal_actions()[0])
        elif state.current_player() == 0:
            take(state, "complete_mission")
        else:
            take(state, "gather")
    assert not state.is_terminal()  # one human has three: not yet a win
    while not state.is_terminal():
        if state.pending:
            state.apply_action(state.legal_actions()[0])
        else:
            take(state, "complete_mission")
    assert state.outcome()["end"] in ("humans_win", "villains_win")
    if state.outcome()["end"] == "humans_win":
        assert state.returns() == [1.0, 1.0, -1.0, -1.0]
    else:
        assert state.returns() == [-1.0, -1.0, 1.0, 1.0]


def test_a_solo_win_makes_the_whole_side_win(game):
    """Solo: the first to three missions wins; with sides, the villain's side is one seat
    and the player's another (returns: one value per seat)."""
    state = _new(game, "solo", 1, seed=2)
    while not state.is_terminal():
        if state.pending:
            state.apply_action(state.legal_actions()[0])
        else:
            take(state, "complete_mission")
    assert state.outcome() == {"end": "competitive_win", "winners": [0]}
    assert state.returns() == [1.0, -1.0]


def test_games_without_automata_are_as_before(game):
    state = _new(game, "competitive", 3)
    assert state.n == state.h == 3 and state.game.order is None
    assert game.Game.seat_kinds("competitive", 3) == ["player"] * 3


def _edited(tmp_path, old: str, new: str):
    """The engine of the construct spec with ``old`` replaced by ``new`` (once)."""
    spec = construct_spec("automata")
    text = spec.read_text(encoding="utf-8")
    assert old in text
    (tmp_path / "automata.rules").write_text(text.replace(old, new, 1), encoding="utf-8")
    (tmp_path / "automata.cards.yaml").write_text(
        spec.with_name("automata.cards.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    return construct_engine(tmp_path / "automata.rules")


@pytest.mark.parametrize("line", ["take action gather", "may take action gather",
                                  "take one of complete_mission, gather"])
def test_an_action_taken_in_an_automatons_turn_is_asked_of_its_controller(tmp_path, line):
    """A ``take`` inside the villain's turn: its controller (a human seat) answers, and the
    action runs as the villain's (``me``), in every mode of the construct spec."""
    taken = _edited(tmp_path, "  turn in travel {\n", f"  turn in travel {{\n    {line}\n")
    asked = 0
    for mode, players in (("competitive", 2), ("solo", 1), ("coop", 2)):
        for seed in range(3):
            state = _new(taken, mode, players, seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                who = state.current_player()
                assert 0 <= who < players, (mode, seed, state.pending[:1])
                state.observation(who)  # a human's observation: never refused
                legal = state.legal_actions()
                assert legal and all(a.player == who for a in legal)
                front = state.pending[0] if state.pending else {}
                if front.get("kind") == "action" and front["me"] >= players:
                    asked += 1
                    loaded = state.game.state_from_json(state.to_json())
                    assert loaded.to_json() == state.to_json() == state.clone().to_json()
                    assert loaded.legal_actions() == legal
                state.apply_action(rng.choice(legal))
    assert asked > 0


@pytest.mark.parametrize("args", [("coop", 1), ("coop", 0), ("coop", 3), ("coop", "2"), ("coop", 2.0),
                                  ("coop", True), ("solo", 2), ("nomode", 1)])
def test_seat_kinds_refuses_what_game_refuses(game, args):
    with pytest.raises(game.RulesError):
        game.Game(*reversed(args))
    with pytest.raises(game.RulesError):
        game.Game.seat_kinds(*args)


def test_seat_kinds_counts_the_seats_a_module_adds(tmp_path):
    """A module that adds an automaton and seats it: ``seat_kinds(..., modules=...)`` gives
    the seats ``Game(..., modules=...)`` has."""
    goons = _edited(tmp_path, "mode solo ", '''mode solo_plus "Solo with henchmen" extends solo {
  modules goons
  source "Utopia › Dystopia: The Solo Game"
}
module goons "Goons" {
  add automaton henchman "Henchman" {
    turn in travel {
      score 1
    }
    source "Utopia › Dystopia: The Solo Game › Solo Gameplay"
  }
  seats henchman 1
  source "Utopia › Dystopia: The Solo Game"
}
mode solo ''')
    made = goons.Game(1, "solo_plus", modules=["goons"])
    assert goons.Game.seat_kinds("solo_plus", 1, modules=["goons"]) == list(made.kinds) \
        == ["player", "villain", "henchman"]
    assert goons.Game.seat_kinds("solo_plus", modules=("goons",)) == list(made.kinds)
    alone = goons.Game(1, "solo_plus")
    assert goons.Game.seat_kinds("solo_plus", 1) == ["player", "villain"] == list(alone.kinds)
    with pytest.raises(goons.RulesError):
        goons.Game.seat_kinds("solo_plus", 1, modules=["gooons"])


def test_an_observation_of_a_seat_past_the_last_says_seats(game):
    state = _new(game, "coop", 2)
    with pytest.raises(game.RulesError, match=r"no seat 4 in a game of 4 seats \(2 players and 2 automata"):
        state.observation(4)


def test_the_automaton_seats_are_named_by_kind(game):
    """``rulebook play`` and ``describe_state`` name a villain seat "Villain 1", not "player 2"."""
    state = _new(game, "coop", 2)
    assert [state.game.seat_name(q) for q in range(4)] == ["player 1", "player 2", "Villain 1", "Villain 2"]
    text = state.game.describe_state(state)
    assert "  Villain 2: vp" in text and "player 3" not in text and "player 4" not in text
