"""The construct specs of ``tests/compiler/constructs/`` as the construct tests use them:
the spec and its text, its engine (checked to compile with only the warnings expected),
an action taken by name, and the codes a spec edited from it produces."""

from __future__ import annotations

import random
import re
import types
from pathlib import Path

from compiler import pipeline
from tests.helpers.play import assert_replays, play_to_the_end
from tests.helpers.specs import compile_text, engine_module

CONSTRUCTS = Path(__file__).resolve().parents[1] / "compiler" / "constructs"


def construct_spec(name: str) -> Path:
    """``tests/compiler/constructs/NAME.rules``."""
    return CONSTRUCTS / f"{name}.rules"


#: The compiled construct specs of this test process, by path (:func:`compiled`).
_COMPILED: dict[Path, pipeline.CompileResult] = {}


def compiled(spec: Path) -> pipeline.CompileResult:
    """``pipeline.compile_spec(spec)`` of a construct spec (a file of the repository, which
    no test edits), compiled once per test process: the engine fixture and the page test
    of a construct share one compile."""
    key = Path(spec).resolve()
    if key not in _COMPILED:
        _COMPILED[key] = pipeline.compile_spec(spec)
    return _COMPILED[key]


def construct_engine(spec: Path, expected: tuple[str, ...] = ("W0105",)) -> types.ModuleType:
    """The engine of a construct spec, whose diagnostics must be exactly ``expected`` (by
    default the one W0105 its provisional values give)."""
    result = compiled(spec)
    assert [d.code for d in result.diagnostics] == list(expected), [d.message for d in result.diagnostics]
    return engine_module(result)


def take(state, name: str, *args) -> None:
    """Apply the first legal action named ``name`` (whose arguments start with ``args``)."""
    state.apply_action(next(a for a in state.legal_actions()
                            if a.name == name and a.args[:len(args)] == args))


def codes_of(tmp_path: Path, text: str, cards: str | None = None) -> list[str]:
    """The code of each diagnostic of ``text`` compiled in ``tmp_path``, in order."""
    return [d.code for d in compile_text(tmp_path, text, cards).diagnostics]


def quoted_blocks(heading: str, until: str) -> list[str]:
    """The ``rulebook`` code blocks of ``docs/language.md`` from the line ``heading`` to
    the next ``until`` (a heading's start): what a construct's section quotes."""
    page = (CONSTRUCTS.parents[2] / "docs" / "language.md").read_text(encoding="utf-8")
    start = page.index(heading)
    end = page.index(until, start + len(heading))
    return re.findall(r"^```rulebook\n(.*?)^```$", page[start:end], re.M | re.S)


def card_id(game: types.ModuleType, name: str) -> int:
    """The id of the card called ``name`` in ``game``'s catalogue."""
    return game.CARD_NAMES.index(name)


def assert_games_replay(game: types.ModuleType, players: int = 3, seeds=range(4),
                        max_actions: int = 2000) -> None:
    """Random games of ``game`` at ``players`` players, one per seed, played to the end,
    each saved to JSON after 3 actions, cloned and replayed to the same end
    (:func:`tests.helpers.play.assert_replays`)."""
    for seed in seeds:
        state = game.Game(num_players=players, seed=seed).new_initial_state()
        played = play_to_the_end(state, random.Random(seed), max_actions=max_actions, snapshot_at=3)
        assert_replays(lambda seed=seed: game.Game(num_players=players, seed=seed).new_initial_state(), state,
                       played.snapshot)


def assert_reference_quotes(spec: Path, start: str, end: str, blocks: int) -> None:
    """The section of ``docs/language.md`` from heading ``start`` to ``end`` holds
    ``blocks`` rulebook excerpts, each quoted word for word from the construct spec ``spec``."""
    import re

    page = (CONSTRUCTS.parents[2] / "docs" / "language.md").read_text(encoding="utf-8")
    first = page.index(start)
    found = re.findall(r"^```rulebook\n(.*?)^```$", page[first:page.index(end, first)], re.M | re.S)
    assert len(found) == blocks
    text = spec.read_text(encoding="utf-8")
    for block in found:
        assert block in text, block
