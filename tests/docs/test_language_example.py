"""The language reference opens with a whole game, Pig (`docs/examples/pig.rules`):
the excerpt on the page is that file, word for word; the file checks with no
diagnostic, is in the canonical layout, builds, and plays by Pig's rules (a roll of 1
loses the points at stake and ends the turn; any other roll adds to them and the
player goes on; holding banks them; 100 banked points win at once)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from dsl.format import format_source
from tests.helpers.play import assert_replays, play_to_the_end
from tests.helpers.specs import compile_text, engine_module

ROOT = Path(__file__).resolve().parents[2]
PIG = ROOT / "docs" / "examples" / "pig.rules"
LANGUAGE = ROOT / "docs" / "language.md"


def _section(page: str, heading: str) -> str:
    """The text of ``heading``'s section, up to the next heading of its level or above
    (headings inside fenced code are comments of the spec, not headings)."""
    start = page.index(heading + "\n")
    level = heading.split(" ")[0]
    fence = False
    offset = start + len(heading) + 1
    for line in page[offset:].splitlines(keepends=True):
        if line.startswith("```"):
            fence = not fence
        elif not fence and re.match(rf"#{{1,{len(level)}}} ", line):
            return page[start:offset]
        offset += len(line)
    return page[start:]


def _slug(heading: str) -> str:
    """The anchor mkdocs gives a heading (Python-Markdown's toc: code marks dropped,
    punctuation dropped, lower case, spaces to hyphens)."""
    text = re.sub(r"[^\w\s-]", "", heading.replace("`", "")).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


@pytest.fixture(scope="module")
def pig_module(tmp_path_factory):
    result = compile_text(tmp_path_factory.mktemp("pig"), PIG.read_text(encoding="utf-8"))
    assert result.diagnostics == [], [d.message for d in result.diagnostics]
    return engine_module(result)


def test_the_reference_opens_with_pig_quoted_whole():
    page = LANGUAGE.read_text(encoding="utf-8")
    first_section = page.index("\n## ")
    assert page[first_section + 1:].startswith("## A whole game: Pig\n")
    section = _section(page, "## A whole game: Pig")
    blocks = re.findall(r"^```rulebook\n(.*?)^```$", section, re.M | re.S)
    assert blocks == [PIG.read_text(encoding="utf-8")]


def test_the_links_of_the_pig_section_lead_to_sections_of_the_reference():
    page = LANGUAGE.read_text(encoding="utf-8")
    fence = False
    anchors = set()
    for line in page.splitlines():
        if line.startswith("```"):
            fence = not fence
        elif not fence and (m := re.match(r"#{2,6} (.*)", line)):
            anchors.add(_slug(m[1]))
    links = re.findall(r"\]\(#([^)]+)\)", _section(page, "## A whole game: Pig"))
    assert len(links) >= 12
    assert set(links) <= anchors, set(links) - anchors


def test_pig_is_in_the_canonical_layout():
    result = format_source(PIG.read_text(encoding="utf-8"), "docs/examples/pig.rules")
    assert not result.changed, result.diff()


@pytest.mark.parametrize("players", [2, 3, 6])
def test_pig_plays_to_the_end_and_replays(pig_module, players):
    for seed in (1, 2):
        game = pig_module.Game(num_players=players, seed=seed)
        state = game.new_initial_state()
        run = play_to_the_end(state, random.Random(seed), max_actions=5000, snapshot_at=20)
        assert run.steps > players
        scores = state.scores()
        assert max(scores) >= 100 and state.winners_list() == [scores.index(max(scores))]
        assert_replays(lambda g=game: g.new_initial_state(), state, run.snapshot)


def test_pig_plays_by_its_rules(pig_module):
    """Over a whole seeded 3-player game, read through the public observation: a turn
    opens with nothing at stake and only a roll legal; a 1 loses the points at stake and
    passes the turn; another roll adds to them and the player goes on; a hold banks them
    and passes the turn; the game ends as soon as someone has banked 100."""
    state = pig_module.Game(num_players=3, seed=7).new_initial_state()
    rng = random.Random(7)
    ones = holds = 0
    turn_open = True
    while not state.is_terminal():
        p = state.current_player()
        before = state.observation(p)
        pot, banked = before["tracks"]["pot"][p], before["tracks"]["banked"][p]
        legal = state.legal_actions()
        if turn_open:
            assert pot == 0 and [a.name for a in legal] == ["roll_die"]
        action = rng.choice(legal)
        state.apply_action(action)
        after = state.observation(p)
        if action.name == "roll_die":
            [die] = after["zones"]["cup"][p]
            rolled = after["card_states"]["value"][die]
            if rolled == 1:
                ones += 1
                assert after["tracks"]["pot"][p] == 0 and after["tracks"]["banked"][p] == banked
                assert state.current_player() == (p + 1) % 3
            else:
                assert after["tracks"]["pot"][p] == pot + rolled
                assert state.current_player() == p or state.is_terminal()
        else:
            holds += 1
            assert after["tracks"]["banked"][p] == banked + pot and after["tracks"]["pot"][p] == 0
            assert state.is_terminal() or state.current_player() == (p + 1) % 3
            assert state.is_terminal() == (banked + pot >= 100)
        turn_open = state.is_terminal() or state.current_player() != p
    assert ones > 0 and holds > 0
