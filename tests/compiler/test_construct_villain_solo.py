"""Construct 20, the villains' leftovers (issue 12): a small Dystopia game played through its
engine, ``tests/compiler/constructs/villain_solo.rules`` (Utopia › Dystopia: The Solo Game;
Utopia › 2 Player Co-op).

What it shows: ``again`` after a decision in an automaton's turn gives it its additional
turn (the Assassination row: the player chooses the chronoship, then the villain goes
again); a question of the villain's rules is the controlling human's action
(``current_player``, ``legal_actions``, the human's observation); ``controlled by``; ``any
KIND``; the first-player statements over the human seats; a finished villain supporting
its ally (co-op); seats named by the automaton's title; the movement table, the clockwise
search, the progress track and Limbo paying the player, with the rulebook's numbers;
random games replayed, saved and cloned.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.tools import fuzzing, fuzzing_stress
from tests.helpers.constructs import card_id, codes_of, construct_engine, construct_spec, quoted_blocks
from tests.helpers.play import assert_replays, play_to_the_end
from tests.helpers.specs import compile_cached, compile_text, engine_module

SPEC = construct_spec("villain_solo")
BASE = SPEC.read_text(encoding="utf-8")
#: the spec as the helpers compile it, with its catalogue written beside it as mini.cards.yaml
EDITABLE = BASE.replace("villain_solo.cards.yaml", "mini.cards.yaml")
CARDS = SPEC.with_name("villain_solo.cards.yaml").read_text(encoding="utf-8")
PLAYER, VILLAIN = 0, 1


@pytest.fixture(scope="module")
def game():
    return construct_engine(SPEC)


def _edited(tmp_path, old: str, new: str, *, count: int = 1):
    """The engine of the spec with ``old`` replaced by ``new`` (no error allowed)."""
    assert old in EDITABLE, old
    text = EDITABLE.replace(old, new, count)
    result = compile_text(tmp_path, text, CARDS)
    assert [d.message for d in result.diagnostics if d.severity == "error"] == []
    return engine_module(result)


def _codes(tmp_path, old: str, new: str) -> list[str]:
    assert old in EDITABLE, old
    return codes_of(tmp_path, EDITABLE.replace(old, new, 1), CARDS)


def _owner(game, card: int):
    """The ``owner`` field of a card (a piece's seat; None for a card of the catalogues)."""
    i = game.CARD_FIELDS.index("owner")
    return [e[3][i] for e in game.CARD_ENTRIES for _ in range(e[2])][card]


def _pieces(game, kind: str, seat: int) -> list[int]:
    """The ids of seat ``seat``'s pieces of ``kind`` (``ship``, ``drone``)."""
    return [c for c, name in enumerate(game.CARD_NAMES) if name == kind and _owner(game, c) == seat]


def _home(game, s) -> None:
    """Every ship and drone back on its owner's Mothership (an empty board)."""
    for c, name in enumerate(game.CARD_NAMES):
        # (the pieces of seats this game does not have are nowhere: loc None)
        if name in ("ship", "drone") and s.loc[c] is not None \
                and s.loc[c][0] != ("dock" if name == "ship" else "hangar"):
            _put(game, s, c, "dock" if name == "ship" else "hangar", _owner(game, c))


def _put(game, s, card: int, zone: str, owner) -> None:
    assert game.R.move(s, s.g, card, zone, owner)
    s._legal = None  # the legal actions kept for the player to act are worked out again


def _on(game, s, ship: int, location: str) -> None:
    """Ship ``ship`` onto the location named ``location``."""
    _put(game, s, ship, "occupant", card_id(game, location))


def _stack(game, s, zone: str, names: list[str]) -> None:
    """The cards ``names`` on top of the global zone ``zone``, the last named on top."""
    for name in names:
        c = card_id(game, name)
        s.z[zone].remove(c)
        s.z[zone].append(c)


def _solo(game, seed: int = 0):
    """A solo game after the villain's first turn, the board emptied, the player to act."""
    s = game.Game(num_players=1, mode="solo", seed=seed).new_initial_state()
    assert not s.pending and s.current_player() == PLAYER
    _home(game, s)
    s.tr["progress"][VILLAIN] = 0
    return s


def _deploy(game, s, location: str) -> None:
    """The human to act deploys a chronoship onto ``location``."""
    loc = card_id(game, location)
    s.apply_action(next(a for a in s.legal_actions() if a.name == "deploy" and a.args == (loc,)))


def test_again_after_the_players_choice_gives_the_villain_its_additional_turn(game):
    """Villain's Action Deck Table, Assassination: TZ1 is vacant, so the villain moves there
    and assassinates from the time zone its action deck shows (TZ3), where the player has
    two chronoships: the player chooses which (Bonus Actions, step 2). Then (step 5) the
    villain takes the first player marker and, with chronoships left on its Mothership, an
    additional turn: it plays it at once (a Trade, TZ2: a success that moves its drone to
    the bottom of the track, 4 on Cortes's track, which completes a mission)."""
    s = _solo(game)
    mine = _pieces(game, "ship", PLAYER)
    _on(game, s, mine[0], "tz3")
    _on(game, s, mine[1], "tz3_recruit")
    s.tr["progress"][VILLAIN] = 2
    s.tr["discs"][PLAYER] = 3  # so that the player still has an action after the villain's turns
    s._legal = None
    # the villain discards act_top_0 and reads the Assassination card; its additional turn
    # discards that and reads the Trade card
    _stack(game, s, "villain_deck", ["act_trade_0", "act_assassinate_3", "act_top_0"])
    discarded = len(s.z["villain_discard"])
    _deploy(game, s, "tz5")

    front = s.pending[0]
    assert front["kind"] == "card" and front["me"] == VILLAIN and front["player"] == PLAYER
    assert s.current_player() == PLAYER
    choices = {a.args[0] for a in s.legal_actions()}
    assert choices == {card_id(game, "tz3"), card_id(game, "tz3_recruit")}
    assert all(a.player == PLAYER for a in s.legal_actions()) and s.legal_actions(VILLAIN) == []
    seen = s.observation(PLAYER)["pending"]
    assert len(seen) == 1 and seen[0]["me"] == VILLAIN and set(seen[0]["cards"]) == choices
    assert len(s.z["dock"][VILLAIN]) == 2  # one of its three chronoships went to TZ1
    text = s.to_json()
    loaded, twin = s.game.state_from_json(text), s.clone()

    for x in (s, loaded, twin):
        x.apply_action(next(a for a in x.legal_actions() if a.args == (card_id(game, "tz3"),)))
    assert s.to_json() == loaded.to_json() == twin.to_json()
    assert mine[0] in s.z["limbo"][PLAYER]
    assert s.first == VILLAIN
    # the additional turn was played at once: another card discarded, another ship moved
    assert len(s.z["villain_discard"]) == discarded + 2
    assert len(s.z["dock"][VILLAIN]) == 1
    assert s.z["occupant"][card_id(game, "tz2")] == [_pieces(game, "ship", VILLAIN)[1]]
    assert s.tr["progress"][VILLAIN] == 0 and s.tr["missions_done"][VILLAIN] == 1
    assert s.current_player() == PLAYER and not s.pending


def test_a_failed_move_searches_clockwise_from_tz7_to_tz0_then_tz1(game):
    """Solo Gameplay, outcome of a failed action (the rulebook's example): the top
    requirement is Science, TZ7 is occupied, so the villain tries TZ0, then TZ1; it does not
    make progress and takes no action there."""
    s = _solo(game)
    _put(game, s, card_id(game, "m_science"), "active", VILLAIN)  # its left-most mission
    mine = _pieces(game, "ship", PLAYER)
    _on(game, s, mine[0], "tz7")
    _on(game, s, mine[1], "tz0")
    s.tr["discs"][PLAYER] = 3  # so that the player still has an action after the villain's turn
    s._legal = None
    _stack(game, s, "villain_deck", ["act_top_3", "act_trade_4"])
    _deploy(game, s, "tz5")
    villain_ship = _pieces(game, "ship", VILLAIN)[2]  # the top of its Mothership moves
    assert s.loc[villain_ship] == ("occupant", card_id(game, "tz1"))
    assert s.tr["progress"][VILLAIN] == 0 and s.first == VILLAIN  # set up so; no assassination
    assert s.z["hangar"][VILLAIN] == _pieces(game, "drone", VILLAIN)


def test_recruit_locations_are_the_villains_last_resort(game):
    """Solo Gameplay: the villain moves to a Recruit Crew / Develop Tech location only when
    every other location is occupied; the search starts at the time zone it tried (TZ2)."""
    s = _solo(game)
    others = _pieces(game, "ship", PLAYER) + _pieces(game, "drone", PLAYER) + _pieces(game, "drone", VILLAIN)
    others.append(_pieces(game, "ship", VILLAIN)[0])
    for piece, tz in zip(others, ("tz0", "tz1", "tz2", "tz3", "tz4", "tz5", "tz6", "tz7")):
        _on(game, s, piece, tz)
    s.tr["discs"][PLAYER] = 6  # a second Mission stays possible: the round goes on
    s._legal = None
    _stack(game, s, "villain_deck", ["act_trade_4", "act_top_3"])
    s.apply_action(next(a for a in s.legal_actions() if a.name == "complete_mission"))
    assert s.loc[_pieces(game, "ship", VILLAIN)[2]] == ("occupant", card_id(game, "tz2_recruit"))
    assert s.tr["progress"][VILLAIN] == 0


def test_a_success_moves_the_drone_and_the_last_circle_completes_a_mission(game):
    """Solo Gameplay and Bonus Actions, Complete a Mission: a vacant location is a success;
    the drone moves down one circle (3 to 4, the bottom of Cortes's track), the villain
    completes its mission (no discs paid) and takes the top-most Exploration mission of
    Mission Control (Cortes is an Explorer); the track restarts at 0."""
    s = _solo(game)
    s.tr["progress"][VILLAIN] = 3
    old = s.z["active"][VILLAIN][-1]
    for name in ("m_culture", "m_voyage", "m_military"):  # m_voyage: the Exploration one
        _put(game, s, card_id(game, name), "mission_control", None)
    _stack(game, s, "villain_deck", ["act_trade_4", "act_top_3"])
    _deploy(game, s, "tz5")
    assert s.tr["missions_done"][VILLAIN] == 1 and s.tr["progress"][VILLAIN] == 0
    assert s.z["completed"][VILLAIN] == [old]
    assert s.z["active"][VILLAIN][-1] == card_id(game, "m_voyage")
    assert s.tr["discs"][VILLAIN] == 0


def test_villain_ships_in_limbo_pay_the_player_at_the_end_of_the_round(game):
    """Solo Gameplay: at the end of the round the player gains one knowledge disc for each
    villain chronoship in Limbo (two here), before their own chronoships come back."""
    s = _solo(game)
    theirs = _pieces(game, "ship", VILLAIN)
    _put(game, s, theirs[0], "limbo", VILLAIN)
    _put(game, s, theirs[1], "limbo", VILLAIN)
    _on(game, s, theirs[2], "tz6")
    mine = _pieces(game, "ship", PLAYER)
    _on(game, s, mine[0], "tz3_recruit")
    _put(game, s, mine[1], "limbo", PLAYER)
    rounds = s.round
    _deploy(game, s, "tz0")  # Mission Control: no disc; the player's last ship
    assert s.round == rounds + 1
    assert s.tr["discs"][PLAYER] == 2
    assert s.z["limbo"][VILLAIN] == [] and s.z["limbo"][PLAYER] == []


def test_a_finished_villain_supports_its_ally(game):
    """Co-op Gameplay: a villain with three missions goes on taking its turns; when it takes
    a successful action, its ally moves its drone down the track instead."""
    s = game.Game(num_players=2, mode="coop", seed=0).new_initial_state()
    assert s.game.order == (0, 2, 1, 3) and s.first == 2 and not s.pending
    assert s.current_player() == 1  # the villain who started has played; player 2 is next
    _home(game, s)
    finished, ally = 2, 3
    s.tr["missions_done"][finished] = 3
    s.tr["progress"][finished] = s.tr["progress"][ally] = 0
    for ship in _pieces(game, "ship", ally):  # the ally has no chronoship left: its turn is over
        _put(game, s, ship, "limbo", ally)
    _stack(game, s, "villain_deck", ["act_trade_4", "act_top_3"])
    _deploy(game, s, "tz5")  # player 2
    _deploy(game, s, "tz6")  # player 1; then the finished villain moves to TZ2, a success
    assert s.loc[_pieces(game, "ship", finished)[2]] == ("occupant", card_id(game, "tz2"))
    assert s.tr["progress"][finished] == 0 and s.tr["progress"][ally] == 1


def test_random_games_replay_in_both_modes(game):
    for mode, players in (("solo", 1), ("coop", 2)):
        for seed in range(6):
            def new(mode=mode, players=players, seed=seed):
                return game.Game(num_players=players, mode=mode, seed=seed).new_initial_state()

            state = new()
            humans = range(players)
            played = play_to_the_end(state, random.Random(seed), max_actions=3000, snapshot_at=5,
                                     check=lambda s, a, r, humans=humans: s.is_terminal()
                                     or s.current_player() in humans)
            assert_replays(new, state, played.snapshot)
            assert len(state.returns()) == players * 2


def test_controlled_by_sends_the_villains_questions_to_the_seat_it_names(tmp_path):
    """Co-op Setup: each human controls a villain (the default: villain i by player i); a
    game whose rulebook names another controller says so with `controlled by`, worked out
    when the question is asked ("you" is the villain); no human named: the default."""
    edited = _edited(tmp_path, '  turn in travel {\n    # its chronoships', '  controlled by the player with '
                     'fewest discs\n  turn in travel {\n    # its chronoships')
    s = edited.Game(num_players=2, mode="coop", seed=0).new_initial_state()
    s.tr["discs"][:2] = [5, 0]
    assert edited.R.decider(s, 2) == 1 and edited.R.decider(s, 3) == 1
    s.tr["discs"][:2] = [0, 5]
    assert edited.R.decider(s, 2) == 0 and edited.R.decider(s, 3) == 0
    assert edited.R.decider(s, 1) == 1  # a human answers for themselves
    (tmp_path / "plain").mkdir()
    plain = _edited(tmp_path / "plain", "# its chronoships", "# its ships")
    t = plain.Game(num_players=2, mode="coop", seed=0).new_initial_state()
    assert [plain.R.decider(t, q) for q in range(4)] == [0, 1, 0, 1]
    # a saved question of a villain controlled by any human seat loads
    assert edited.R.may_answer(s.game, 2, 1) and not edited.R.may_answer(s.game, 2, 2)
    assert plain.R.may_answer(t.game, 2, 0) and not plain.R.may_answer(t.game, 2, 1)
    page = compile_cached(SPEC).page
    assert "automaton number i (counting the automata from 1) is controlled by player" in page


def test_the_page_says_who_controls_a_villain_with_controlled_by(tmp_path):
    text = EDITABLE.replace('  turn in travel {\n    # its chronoships',
                            '  controlled by first player\n  turn in travel {\n    # its chronoships', 1)
    result = compile_text(tmp_path, text, CARDS)
    assert "made by the player who controls it: the first player, when the question is asked" in result.page


@pytest.mark.parametrize("old, new, code", [
    ("  turn in travel {\n    # its", "  controlled by 3\n  turn in travel {\n    # its", "E0841"),
    ("  turn in travel {\n    # its", "  controlled by first player\n  controlled by first player\n"
     "  turn in travel {\n    # its", "E0842"),
    ("  turn in travel {\n    # its", "  controlled by me\n  turn in travel {\n    # its", "E0843"),
    ("  turn in travel {\n    # its", "  controlled by villain[1]\n  turn in travel {\n    # its", "W0158"),
    ("when any villain missions_done >= 3", "when any vilain missions_done >= 3", "E0833"),
    ("when any villain missions_done >= 3", "when any villain discs", "E0503"),
])
def test_misuse_is_reported(tmp_path, old, new, code):
    found = _codes(tmp_path, old, new)
    assert code in found and all(c == code or c.startswith("W") for c in found), found


def test_any_villain_ends_the_solo_game_when_the_villain_has_three_missions(game):
    """Solo: the villain wins on its third mission (`any villain missions_done >= 3`)."""
    s = _solo(game)
    s.tr["missions_done"][VILLAIN] = 2
    s.tr["progress"][VILLAIN] = 3
    _stack(game, s, "villain_deck", ["act_trade_4", "act_top_3"])
    _deploy(game, s, "tz5")
    assert s.is_terminal() and s.ended_by == "villain_wins" and s.winners_list() == [VILLAIN]
    assert s.returns()[VILLAIN] > s.returns()[PLAYER]


def test_first_player_random_draws_a_player_never_a_villain(tmp_path):
    """`first player random` names a player, a human seat (design 1.3): with villains
    seated it never lands on one; `first player villain[1]` is how the solo setup gives
    the villain the marker (Solo Setup, step 8)."""
    edited = _edited(tmp_path, "    first player lead\n", "    first player random\n")
    firsts = {edited.Game(num_players=2, mode="coop", seed=seed).new_initial_state().first
              for seed in range(40)}
    assert firsts == {0, 1}


def test_pass_first_player_follows_the_turn_order_with_alternate_seating(tmp_path):
    """Co-op (seating alternate: player 1, villain 1, player 2, villain 2): the marker passes
    to the next seat in turn order, a villain included."""
    edited = _edited(tmp_path, "    first player lead\n", "    first player lead\n    pass first player\n")
    s = edited.Game(num_players=2, mode="coop", seed=0).new_initial_state()
    assert s.game.order == (0, 2, 1, 3)
    assert s.first == 1  # after villain 1 (seat 2) comes player 2 (seat 1)
    for first, after in ((0, 2), (2, 1), (1, 3), (3, 0)):
        s.first = first
        assert edited.R.pass_first(s) == after


def test_seats_are_named_by_the_automatons_title(tmp_path):
    edited = _edited(tmp_path, 'automaton villain "Villain" {', 'automaton villain "Hernan Cortes" {')
    g = edited.Game(num_players=2, mode="coop", seed=0)
    assert [g.seat_name(q) for q in range(4)] == ["player 1", "player 2",
                                                  "Hernan Cortes 1", "Hernan Cortes 2"]


def test_the_language_reference_quotes_the_construct_spec():
    blocks = quoted_blocks("### Villains: additional turns, controllers, allies", "## Expressions")
    assert len(blocks) >= 5
    for block in blocks:
        assert block in BASE, block


def test_the_page_reads_any_villain_and_the_villains_turn():
    page = compile_cached(SPEC).page
    assert "when any Villain seat's Butterfly Effect missions completed is at least 3" in page
    assert "**Villain's turn** (in Time Travel)" in page
    assert "Who chooses between two chronoships is not said" in page  # the ruling, on the page


_HYPOTHESIS = dict(deadline=None, suppress_health_check=list(HealthCheck), database=None)


@settings(max_examples=8, **_HYPOTHESIS)
@given(mode=st.sampled_from(("solo", "coop")), seed=st.integers(0, 2**31 - 1),
       moves=st.integers(0, 2**31 - 1), snapshot_at=st.integers(1, 40))
def test_hypothesis_random_play_replays(game, mode, seed, moves, snapshot_at):
    """Random games of any seed, with random moves, in both modes: the human always acts
    (an automaton never), the game ends within the round cap, and the replay, the JSON save
    taken at a random step and a clone reach the same end."""
    players = 1 if mode == "solo" else 2

    def new():
        return game.Game(num_players=players, mode=mode, seed=seed).new_initial_state()

    state = new()
    played = play_to_the_end(state, random.Random(moves), max_actions=3000, snapshot_at=snapshot_at,
                             check=lambda s, a, r: s.is_terminal() or s.current_player() < players)
    assert_replays(new, state, played.snapshot if played.snapshot is not None else None)
    assert state.ended_by in ("player_wins", "villain_wins", "players_win_together",
                              "villains_win_together", "round_cap")


def _automata_made_at_random_never_raise(data):
    """The fuzzer's generator of construct 20 (automata with `controlled by` lines, `any
    KIND`, `again` after a question) on this spec, through every pass with code generation."""
    text = fuzzing_stress._stress_automata(data.draw, st, BASE)
    fuzzing.check_input(SPEC, text, codegen=True)  # must not raise


@settings(max_examples=5, **_HYPOTHESIS)
@given(st.data())
def test_automata_made_at_random_never_raise(data):
    """The quick run (5 examples); the long run below makes 25."""
    _automata_made_at_random_never_raise(data)


@pytest.mark.slow
@settings(max_examples=25, **_HYPOTHESIS)
@given(st.data())
def test_automata_made_at_random_never_raise_in_a_long_run(data):
    _automata_made_at_random_never_raise(data)


def test_a_villains_question_goes_to_the_human_controlled_by_names(tmp_path):
    """Co-op, `controlled by the player with fewest discs` (a rule of our own, to show the
    line): villain 1's assassination question (two chronoships in TZ3: Bonus Actions, step
    2) is player 2's action, not player 1's (the default's): the question's player, the
    current player, the legal actions and the observations say so, and a save loads."""
    edited = _edited(tmp_path, '  turn in travel {\n    # its chronoships', '  controlled by the player with '
                     'fewest discs\n  turn in travel {\n    # its chronoships')
    s = edited.Game(num_players=2, mode="coop", seed=0).new_initial_state()
    assert s.first == 2 and s.current_player() == 1 and not s.pending
    _home(edited, s)
    for ship in _pieces(edited, "ship", 3):  # villain 2 has no chronoship left: its turn is over
        _put(edited, s, ship, "limbo", 3)
    _on(edited, s, _pieces(edited, "ship", 0)[0], "tz3")
    _on(edited, s, _pieces(edited, "ship", 1)[0], "tz3_recruit")
    s.tr["discs"][:2] = [5, 0]
    _stack(edited, s, "villain_deck", ["act_trade_4", "act_assassinate_3", "act_top_0"])
    _deploy(edited, s, "tz0")  # player 2 (Mission Control: no disc)
    _deploy(edited, s, "tz2_recruit")  # player 1; villain 2 is done; villain 1 moves to TZ1
    front = s.pending[0]
    assert front["kind"] == "card" and front["me"] == 2 and front["player"] == 1
    assert s.current_player() == 1 and {a.player for a in s.legal_actions()} == {1}
    assert s.observation(1)["pending"] and not s.observation(0)["pending"]
    assert s.game.state_from_json(s.to_json()).to_json() == s.to_json()
