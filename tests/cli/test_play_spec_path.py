"""``rulebook play path/to/game.rules`` and :func:`compiler.build.engine_from_spec`: a spec
that lives outside ``specs/`` (found by the fresh-user check: `play` took only a built
game's name) is compiled for the one game, and nothing is written."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from compiler import build, pipeline
from generated import utopolis
from tests.helpers.commands import ROOT, rulebook

PIG = ROOT / "docs" / "examples" / "pig.rules"


def test_play_takes_a_specs_path_and_writes_nothing(tmp_path: Path):
    spec = tmp_path / "elsewhere" / "pig.rules"
    spec.parent.mkdir()
    shutil.copy(PIG, spec)
    played = rulebook("play", str(spec), "--seed", "4", cwd=tmp_path, timeout=120)
    assert played.returncode == 0, played.stderr
    assert played.stdout.splitlines()[-1].startswith("game over after ")
    assert "winner: player " in played.stdout
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["elsewhere", "pig.rules"]
    assert not (ROOT / "generated" / "pig.py").exists()
    again = rulebook("play", str(spec), "--seed", "4", cwd=tmp_path, timeout=120)
    assert again.stdout == played.stdout  # the same seed plays the same game


def test_play_of_a_spec_with_errors_prints_them_and_exits_1(tmp_path: Path):
    spec = tmp_path / "pig.rules"
    spec.write_text(PIG.read_text(encoding="utf-8").replace("when any player banked >= goal",
                                                            "when banked >= goal"), encoding="utf-8")
    played = rulebook("play", str(spec), cwd=tmp_path, timeout=120)
    assert played.returncode == 1 and played.stdout == ""
    assert "error[E0595]: `banked` is a player's value" in played.stderr
    assert played.stderr.rstrip().endswith(f"rulebook: {spec} has errors: no game to play")
    missing = rulebook("play", str(tmp_path / "none.rules"), cwd=tmp_path)
    assert missing.returncode == 2 and "no such spec" in missing.stderr


def test_engine_from_spec_plays_as_the_built_engine(tmp_path: Path):
    """Utópolis copied out of `specs/` (with its catalogue) compiles to an engine that plays
    the same game as `generated/utopolis.py`."""
    for name in ("utopolis.rules", "utopolis.cards.yaml"):
        shutil.copy(ROOT / "specs" / name, tmp_path / name)
    module = build.engine_from_spec(tmp_path / "utopolis.rules")
    states = [m.Game(num_players=3, mode="metropolis", seed=7).new_initial_state()
              for m in (module, utopolis)]
    rng = random.Random(7)
    for _ in range(200):
        action = rng.choice(states[1].legal_actions())
        for s in states:
            s.apply_action(action if s is states[1] else
                           next(a for a in s.legal_actions() if str(a) == str(action)))
    assert states[0].to_json() == states[1].to_json()
    assert {d.code for d in module.DIAGNOSTICS} == {"W0105"}


def test_engine_from_spec_refuses_a_spec_with_errors(tmp_path: Path):
    spec = tmp_path / "pig.rules"
    spec.write_text(PIG.read_text(encoding="utf-8").replace("winner most banked", "winner most bankd"),
                    encoding="utf-8")
    with pytest.raises(build.SpecError) as err:
        build.engine_from_spec(spec)
    assert "error[E0501]" in str(err.value) and err.value.result.diagnostics


def test_compile_spec_and_analyse_take_a_str_path_as_engine_from_spec_does():
    """Found by a fresh-user check: `compile_spec("x.rules")` raised AttributeError (the
    README shows it next to `engine_from_spec`, which takes a str)."""
    spec = ROOT / "tests" / "compiler" / "constructs" / "dice.rules"
    assert pipeline.compile_spec(str(spec)).ok
    assert pipeline.analyse(str(spec)).ok
