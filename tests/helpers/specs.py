"""Compile or analyse a small spec written in a test, in a scratch folder.

``HEADER`` is the opening most such specs share (a game for 1 to 3 players and a
scored track ``vp``); a test adds the components and rules it is about, and
``ONE_ROUND`` when all it needs of the flow is one round in which each player stops
(``LOOP_FLOW`` when it is rounds of one phase ``play`` until the game ends).
"""

from __future__ import annotations

import os
import types
from pathlib import Path

from compiler import pipeline

HEADER = '''game mini "Mini" {
  players 1 to 3
  source "Intro"
}
track vp "Victory Points" {
  per player
  score
  source "Scoring"
}
'''

#: A flow of one simultaneous phase ``play`` whose one action, ``stop``, ends the
#: player's part: the game ends after one round (the spec gives its ``end`` block).
ONE_ROUND = '''flow {
  start -> play
  play -> end
  source "Flow"
}
phase play "Play" simultaneous {
  actions stop
  source "Play"
}
action stop "Stop" {
  effect {
    done
  }
  source "Play"
}
'''

#: A flow whose one phase ``play`` is played round after round until the spec's
#: ``end game_over`` ends the game (the spec gives the phase and the end).
LOOP_FLOW = '''flow {
  start -> play
  play -> play
  play -> end when game_over
  source "Flow"
}
'''


def write_spec(folder: Path, text: str, cards: str | None = None) -> Path:
    """Write ``text`` as ``folder/mini.rules`` (and ``cards``, if given, as the
    ``mini.cards.yaml`` beside it); returns the spec's path."""
    spec = folder / "mini.rules"
    spec.write_text(text, encoding="utf-8")
    if cards is not None:
        (folder / "mini.cards.yaml").write_text(cards, encoding="utf-8")
    return spec


def compile_text(tmp_path: Path, text: str, cards: str | None = None) -> pipeline.CompileResult:
    """The pipeline's result for ``text`` (with an optional ``mini.cards.yaml``): every pass."""
    return pipeline.compile_spec(write_spec(tmp_path, text, cards))


def analyse_text(tmp_path: Path, text: str, cards: str | None = None) -> pipeline.CompileResult:
    """The result of the passes before code generation (``rulebook check``) for ``text``."""
    return pipeline.analyse(write_spec(tmp_path, text, cards))


def engine_module(result: pipeline.CompileResult) -> types.ModuleType:
    """The engine of a clean compile ``result``, run as the module ``generated.mini``;
    fails with the rendered diagnostics if there is none."""
    assert result.ok and result.engine is not None, "\n\n".join(
        d.render({d.span.path: result.source}) for d in result.diagnostics)
    module = types.ModuleType("generated.mini")
    exec(compile(result.engine, "generated/mini.py", "exec"), module.__dict__)
    return module


def engine(tmp_path: Path, text: str, cards: str | None = None) -> types.ModuleType:
    """The generated engine of ``text`` as a module (fails with the diagnostics)."""
    return engine_module(compile_text(tmp_path, text, cards))


def codes(diagnostics) -> list[str]:
    """The code of each diagnostic, in order."""
    return [d.code for d in diagnostics]


def error_codes(diagnostics) -> list[str]:
    """The code of each error, in order (warnings left out)."""
    return [d.code for d in diagnostics if d.severity == "error"]


_COMPILED: dict[tuple, pipeline.CompileResult] = {}


def compile_cached(path: Path | str) -> pipeline.CompileResult:
    """``pipeline.compile_spec(path)``, compiled once per test process for the same
    content: the key is the path as given, the working directory (paths render relative
    to it), the spec's text and the text of every file beside it (its catalogues).  For
    tests that read a real spec's result; the result is shared, so a test must not
    change it."""
    path = Path(path)
    folder = path.resolve().parent
    beside = tuple(sorted((p.name, p.read_bytes()) for p in folder.iterdir() if p.is_file()))
    key = (str(path), os.getcwd(), beside)
    if key not in _COMPILED:
        _COMPILED[key] = pipeline.compile_spec(path)
    return _COMPILED[key]

