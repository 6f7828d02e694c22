"""``rulebook play`` on games that cannot be played to the end: a game that never ends
stops after ``--max-actions`` actions, and an engine that fails mid-game is reported as
a message naming the game, mode, seed and action, never a traceback (exit status 1).

The quick tests run the command in this process; their ``_in_a_long_run`` twins
(``slow``) run it as a user does, in a child process whose stderr must hold no traceback."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.helpers.commands import ROOT, rulebook, rulebook_in_process
from tests.helpers.projects import write_specs

PIG = (ROOT / "docs" / "examples" / "pig.rules").read_text(encoding="utf-8")
TOP_ONLY = ROOT / "tests" / "compiler" / "constructs" / "top_only.rules"
# Nine cards, six of them dealt into two stacks: at three players nobody can reach 3 VP.
CARDS = """cards:
  - name: scientist
    title: Scientist
    copies: 6
    provenance: provisional
  - name: engine
    title: Engine
    tech: true
    copies: 3
    provenance: provisional
"""


def test_a_game_that_never_ends_stops_after_max_actions(tmp_path: Path, command=rulebook_in_process):
    never = PIG.replace("when any player banked >= goal", "when any player banked < 0")
    assert never != PIG
    write_specs(tmp_path, {"pig.rules": never})
    assert command("build", "--no-site", cwd=tmp_path).returncode == 0
    played = command("play", "pig", "--seed", "4", "--max-actions", "500", cwd=tmp_path)
    assert played.returncode == 1
    assert "stopped after 500 actions: the game did not end" in played.stderr
    assert "pig (mode standard, 2 players, seed 4)" in played.stderr
    assert "Traceback" not in played.stderr and played.stdout == ""
    bad = command("play", "pig", "--max-actions", "0", cwd=tmp_path)
    assert bad.returncode == 2 and "must be at least 1" in bad.stderr


def test_an_engine_that_fails_mid_game_is_a_message_not_a_traceback(tmp_path: Path,
                                                                    command=rulebook_in_process):
    text = TOP_ONLY.read_text(encoding="utf-8")
    text = re.sub(r"\n  players [^\n]*\n", "\n  players 3\n", text, count=1)
    text = text.replace('"top_only.cards.yaml"', '"few.cards.yaml"')
    write_specs(tmp_path, {"top_only.rules": text, "few.cards.yaml": CARDS,
                           "top_only_locations.cards.yaml":
                           (TOP_ONLY.parent / "top_only_locations.cards.yaml").read_text(encoding="utf-8")})
    assert command("build", "--no-site", cwd=tmp_path).returncode == 0
    played = command("play", "top_only", "--seed", "1", cwd=tmp_path)
    assert played.returncode == 1, played.stderr
    assert "Traceback" not in played.stderr
    line = played.stderr.strip()
    assert line.startswith("rulebook: top_only (mode standard, 3 players, seed 1): the engine failed "
                           "at action ")
    assert "RuntimeError: the rules loop through phase 'recruit' with no decision" in line


@pytest.mark.slow
def test_a_game_that_never_ends_stops_after_max_actions_in_a_long_run(tmp_path: Path):
    test_a_game_that_never_ends_stops_after_max_actions(tmp_path, command=rulebook)


@pytest.mark.slow
def test_an_engine_that_fails_mid_game_is_a_message_not_a_traceback_in_a_long_run(tmp_path: Path):
    test_an_engine_that_fails_mid_game_is_a_message_not_a_traceback(tmp_path, command=rulebook)


def test_an_action_offered_then_refused_is_one_line_and_the_log_is_kept(tmp_path: Path, monkeypatch):
    # the engine of a spec whose checks missed a payment: its third action is refused
    from compiler import runner
    engine = runner.load_game("utopolis", ROOT)
    applied = engine.State.apply_action
    calls = []

    def refuse_the_third(state, action):
        calls.append(action)
        if len(calls) == 3:
            raise engine.IllegalActionError("cannot pay: not enough resources")
        return applied(state, action)

    monkeypatch.setattr(engine.State, "apply_action", refuse_the_third)
    log = tmp_path / "game.jsonl"
    with pytest.raises(runner.RunError) as failed:
        runner.play(engine, None, None, 4, log)
    assert failed.value.code == 1
    message = str(failed.value)
    assert "\n" not in message and message.startswith("utopolis (mode ") and "seed 4): " in message
    assert "refused the action it offered at action 3" in message
    assert "cannot pay: not enough resources" in message
    events = log.read_text(encoding="utf-8").splitlines()
    assert len(events) == 3 and '"event": "start"' in events[0]  # the start and the two actions played
