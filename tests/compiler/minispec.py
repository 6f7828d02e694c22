"""Compile a small spec written in a test into an engine module, in memory."""

from __future__ import annotations

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


def compile_text(tmp_path: Path, text: str, cards: str | None = None):
    """The pipeline's result for ``text`` (with an optional ``mini.cards.yaml``)."""
    spec = tmp_path / "mini.rules"
    spec.write_text(text, encoding="utf-8")
    if cards is not None:
        (tmp_path / "mini.cards.yaml").write_text(cards, encoding="utf-8")
    return pipeline.compile_spec(spec)


def engine(tmp_path: Path, text: str, cards: str | None = None) -> types.ModuleType:
    """The generated engine of ``text`` as a module (fails with the diagnostics)."""
    result = compile_text(tmp_path, text, cards)
    assert result.ok, "\n\n".join(d.render({d.span.path: text}) for d in result.diagnostics)
    module = types.ModuleType("generated.mini")
    exec(compile(result.engine, "generated/mini.py", "exec"), module.__dict__)
    return module
