"""Construct 8: pieces and cards that keep their attributes.

The construct spec is ``tests/compiler/constructs/pieces_attributes.rules``: Utopia ›
Components › Component List (five chronoships per colour, one per knowledge class; four
drones per colour), › Gameplay › II: Recruit Crew (the chronoship of the crew-member's
class joins, commanded by it, wherever it then goes), › Phase 2 › 2.3 Reset (deployed
ships go back to the Mothership); Anachrony › Setup (Guardian exosuits of nobody).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from tests.helpers.constructs import compiled, construct_engine
from tests.helpers.play import assert_replays, play_to_the_end
from tests.helpers.specs import compile_text

SPEC = Path(__file__).resolve().parent / "constructs" / "pieces_attributes.rules"
BASE = SPEC.read_text(encoding="utf-8")
KNOWLEDGE = ["culture", "politics", "science", "exploration", "military"]


@pytest.fixture(scope="module")
def game():
    return construct_engine(SPEC)


def _recruit(state, crew_name: str) -> None:
    state.apply_action(next(a for a in state.legal_actions() if a.name == "recruit_crew"
                            and a.args[0] == _card(state, crew_name)))


def _card(state, name: str) -> int:
    return state.game.card_names.index(name)


def test_each_player_has_one_chronoship_of_each_knowledge_class_and_four_drones(game):
    """Utopia › Component List: 5 chronoships per colour, one per class; 4 drones."""
    state = game.Game(num_players=3, seed=1).new_initial_state()
    for p in range(3):
        dock = state.z["dock"][p]
        assert [game.F_knowledge[c] for c in dock] == KNOWLEDGE
        assert {game.F_owner[c] for c in dock} == {p}
        assert len(state.z["drone_bay"][p]) == 4 and {game.F_owner[c] for c in state.z["drone_bay"][p]} == {p}
    assert game.CARD_TITLES[state.z["dock"][1][2]] == "Chronoship (Science, 2)"


def test_guardians_belong_to_nobody_and_act_as_a_genius(game):
    """Anachrony › Setup: Guardian exosuits are the game's, not a player's."""
    state = game.Game(num_players=2, seed=1).new_initial_state()
    board = state.z["guardian_board"]
    assert len(board) == 3
    assert [game.F_owner[c] for c in board] == [-1, -1, -1]
    assert [game.F_acts_as[c] for c in board] == ["genius"] * 3


def test_the_recruited_crew_commands_its_ship_wherever_the_ship_goes(game):
    """Utopia › II: Recruit Crew: the matching chronoship is commanded by the crew-member;
    it keeps its commander when deployed and when it returns in the Reset."""
    state = game.Game(num_players=2, seed=1).new_initial_state()
    p = state.current_player()
    crew = _card(state, "crew_science")
    ship = state.z["dock"][p][2]
    assert state.cst["commander"][ship] == -1  # nothing
    _recruit(state, "crew_science")
    assert state.cst["commander"][ship] == crew and state.cst["deployed_round"][ship] == 1
    assert state.cst["recruited_round"][crew] == 1  # a card's state, kept in the crew station
    while state.current_player() != p:
        state.apply_action(next(a for a in state.legal_actions() if a.name == "pass"))
    deploy = [a for a in state.legal_actions() if a.name == "deploy"]
    assert [a.args for a in deploy] == [(ship,)]  # only a commanded ship is available
    state.apply_action(deploy[0])
    assert ship in state.z["deployed"][p] and state.cst["commander"][ship] == crew
    copy = game.Game(num_players=2, seed=1).state_from_json(state.to_json())
    assert copy.cst["commander"][ship] == crew
    while state.round == 1:
        state.apply_action(next(a for a in state.legal_actions() if a.name == "pass"))
    assert ship in state.z["dock"][p]  # 2.3 Reset: back on the Mothership
    assert state.cst["commander"][ship] == crew and state.cst["deployed_round"][ship] == 1


def test_a_clone_keeps_its_own_card_states(game):
    state = game.Game(num_players=2, seed=4).new_initial_state()
    copy = state.clone()
    p = copy.current_player()
    _recruit(copy, "crew_culture")
    ship = copy.z["dock"][p][0]
    assert copy.cst["commander"][ship] == _card(copy, "crew_culture")
    assert state.cst["commander"][ship] == -1


def test_games_with_kept_states_clone_save_and_replay(game):
    for seed in range(4):
        rng = random.Random(seed)
        state = game.Game(num_players=3, seed=seed).new_initial_state()
        played = play_to_the_end(state, rng, max_actions=3000, snapshot_at=5)
        assert_replays(lambda seed=seed: game.Game(num_players=3, seed=seed).new_initial_state(), state,
                       played.snapshot)


def test_a_save_with_an_edited_card_state_is_refused(game):
    state = game.Game(num_players=2, seed=1).new_initial_state()
    data = json.loads(state.to_json())
    data["cst"].pop("commander")
    with pytest.raises(game.R.RulesError):
        game.Game(num_players=2, seed=1).state_from_json(json.dumps(data))


def test_the_page_says_what_the_pieces_keep():
    page = compiled(SPEC).page
    assert "| Chronoship | `chronoship` | 1 of each knowledge type |" in page
    assert "none: 3 of the game, belonging to nobody" in page
    assert "the worker type it counts as: “genius”" in page
    assert ("a piece keeps its commander (a crew-member, or none at first) and its deployed round "
            "(0 at first) wherever it goes") in page
    assert "**Crew-member** cards; each keeps its recruited round (0 at first) wherever it goes:" in page


# ----------------------------------------------------------------- diagnostics
def _codes(tmp_path, text: str) -> list[str]:
    text = text.replace('"pieces_attributes.cards.yaml"', '"mini.cards.yaml"')
    return [d.code for d in compile_text(tmp_path, text, _cards()).diagnostics]


def _cards() -> str:
    return (SPEC.with_name("pieces_attributes.cards.yaml")).read_text(encoding="utf-8")


@pytest.mark.parametrize("old, new, code", [
    ("per player 1 of each knowledge", "per player 1 of each knowledg", "E0606"),
    ("  count 3\n", "  count 3\n  per player 1\n", "E0607"),
    ("  state deployed_round: int = 0\n",
     "  state deployed_round: int = 0\n  state deployed_round: int = 1\n", "E0608"),
    ("state commander: crew = nothing", "state commander: int = nothing", "E0609"),
    ('field acts_as: text = "genius"', "field acts_as: text", "E0613"),
    ("  per player 4\n", "  per player 4\n  sides 6\n  faces 1, 2\n", "E0614"),
    ("move g into my enlisted", "move g into enlisted of g.owner", "E0580"),  # owner may be nobody
    ("set ship.commander = c", "set ship.commander = 3", "E0503"),
    ("move ship into my deployed", "move ship into my drone_bay", "E0615"),
])
def test_misuse_is_reported(tmp_path, old, new, code):
    assert old in BASE
    assert code in _codes(tmp_path, BASE.replace(old, new, 1))


def test_a_zone_state_may_not_shadow_a_kept_state(tmp_path):
    text = BASE.replace('zone deployed "deployed chronoships" of chronoship {\n',
                        'zone deployed "deployed chronoships" of chronoship {\n  state commander: int = 0\n')
    assert "E0608" in _codes(tmp_path, text)


def test_the_construct_spec_checks_clean_as_a_user_would_write_it(tmp_path):
    assert _codes(tmp_path, BASE) == ["W0105"]


@pytest.mark.parametrize("heading, following", [
    ("#### States a card keeps", "#### List fields"),
    ("#### One of each, pieces of nobody", "### Dice of the game"),
])
def test_the_language_reference_quotes_the_construct_spec(heading, following):
    page = (SPEC.parents[3] / "docs" / "language.md").read_text(encoding="utf-8")
    start = page.index(heading)
    blocks = re.findall(r"^```rulebook\n(.*?)^```$", page[start:page.index(following, start)], re.M | re.S)
    assert blocks
    for block in blocks:
        assert block in BASE, block
