"""A generated engine writes each mode's rules table as the changes to the mode it is
built on (``RULES_SOLO = RULES_METROPOLIS.changed(...)``), and the first mode in full.
Built once when the engine is imported, every table must be exactly the one the mode's
own rules give: each field, the entries of each table in the same order, the same
functions."""

from __future__ import annotations

import dataclasses
import types
from pathlib import Path

import pytest

from compiler import pipeline
from compiler.engine.codegen import EngineGenerator
from compiler.engine.mode_tables import flat
from dsl.codes import MINIMAL_SPEC
from tests.helpers.specs import write_spec

REPO_ROOT = Path(__file__).resolve().parents[2]


def _shape(value):
    """``value`` with its order made visible: a dict as its list of items, a phase as its
    fields; functions stay themselves (compared by identity)."""
    if isinstance(value, dict):
        return [(k, _shape(v)) for k, v in value.items()]
    if isinstance(value, (tuple, list)):
        return (type(value).__name__, [_shape(v) for v in value])
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__, [(f.name, _shape(getattr(value, f.name)))
                                       for f in dataclasses.fields(value)])
    return value


def _generate(path: Path, text: str | None = None) -> tuple[EngineGenerator, str, types.ModuleType]:
    result = pipeline.analyse(path, text)
    assert result.ok, [d.render({d.span.path: result.source}) for d in result.diagnostics]
    generator = EngineGenerator(result.composition, result.cards, str(path), result.source,
                                types=result.types)
    source = generator.render()
    module = types.ModuleType("generated.modes_test")
    exec(compile(source, "generated/modes_test.py", "exec"), module.__dict__)
    return generator, source, module


def assert_tables_are_the_modes_rules(generator: EngineGenerator, module: types.ModuleType) -> None:
    """Each field of each mode's table, as built, equals the field written out in full."""
    for name, mode in generator.comp.modes.items():
        table = module.RULES[name]
        fields = generator.mode_rules(mode)  # the functions are made already: the same names
        # (fields the runtime works out from the others, init=False, are not written)
        assert set(fields) == {f.name for f in dataclasses.fields(table) if f.init}
        for field, value in fields.items():
            expected = eval(flat(value), vars(module))  # noqa: S307 - our own generated source
            assert _shape(getattr(table, field)) == _shape(expected), (name, field)


@pytest.mark.parametrize("game", ["utopolis", "euphoria", "utopia", "anachrony"])
def test_every_mode_of_the_shipped_games_is_exactly_its_rules(game: str, repo_root: Path):
    generator, source, module = _generate(Path("specs") / f"{game}.rules")
    assert_tables_are_the_modes_rules(generator, module)
    assert source.count(" = R.Rules(") == 1  # one table in full, the others as changes


def test_utopolis_states_each_mode_as_what_it_changes(repo_root: Path):
    _, source, module = _generate(Path("specs/utopolis.rules"))
    assert "RULES_SOLO_EASY = RULES_SOLO.changed(\n    title='Solo Mode (1 star, Easy)',\n" \
           "    P={**RULES_SOLO.P, 'heart_start': 17},\n)\n" in source
    rules = module.RULES
    assert rules["solo_easy"].actions is rules["solo"].actions  # shared, not copied
    assert rules["solo"].P["heart_start"] == 20 and rules["solo_easy"].P["heart_start"] == 17
    metropolis = source[source.index("RULES_METROPOLIS = "):source.index("RULES_SOLO = ")]
    assert "    actions={\n        **R.without(\n            RULES_METROPOLIS_RULEBOOK.actions, " \
        in metropolis


MODES = MINIMAL_SPEC + '''
param step "Points an earn scores" = 1 {
  source "Turn"
}

mode plain "Plain" {
  source "Modes"
}

mode later "Later" extends rich {
  set step = 3
  source "Modes"
}

mode rich "Rich" {
  add action bonus "Bonus" {
    effect {
      score 2
    }
    source "Modes"
  }
  replace phase work "Work" simultaneous {
    actions earn, bonus, finish
    source "Turn"
  }
  source "Modes"
}

mode smaller "Smaller" extends rich {
  remove action bonus
  replace phase work "Work" simultaneous {
    actions earn, finish
    source "Turn"
  }
  source "Modes"
}

mode shuffled "Shuffled" extends plain {
  remove action earn
  add action earn "Earn twice" {
    effect {
      score 2
    }
    source "Modes"
  }
  source "Modes"
}

mode bare "Bare" extends plain {
  source "Modes"
}
'''


def test_modes_built_in_any_order_are_exactly_their_rules(tmp_path: Path):
    generator, source, module = _generate(write_spec(tmp_path, MODES))
    assert_tables_are_the_modes_rules(generator, module)
    # a mode comes after the mode it is built on, wherever the spec declares it
    rich, later = "RULES_RICH = RULES_PLAIN.changed(", "RULES_LATER = RULES_RICH.changed("
    assert source.index(rich) < source.index(later)
    assert "RULES_SMALLER = RULES_RICH.changed(" in source
    assert "    actions=R.without(RULES_RICH.actions, 'bonus'),\n" in source
    assert "    actions={**RULES_PLAIN.actions, 'bonus': (legal_bonus, apply_bonus)},\n" in source
    # `earn` removed and added again moves to the end: the table is written out in full
    shuffled = source[source.index("RULES_SHUFFLED = "):source.index("RULES_BARE = ")]
    assert "RULES_PLAIN.actions" not in shuffled
    assert shuffled.index("'finish': (legal_finish, apply_finish)") \
        < shuffled.index("'earn': (legal_earn__shuffled, apply_earn__shuffled)")
    assert list(module.RULES["shuffled"].actions) == ["finish", "earn"]
    assert "RULES_BARE = RULES_PLAIN.changed(\n    title='Bare',\n)\n" in source
    assert list(module.RULES) == ["plain", "later", "rich", "smaller", "shuffled", "bare"]
    assert module.RULES["bare"] is not module.RULES["plain"]


def test_the_first_mode_written_in_full_is_the_first_built_on_the_base_rules(tmp_path: Path):
    modes = "".join(f'mode {name} "{name.title()}"{extends} {{\n  source "Modes"\n}}\n'
                    for name, extends in (("a", " extends b"), ("b", " extends c"), ("c", ""), ("d", "")))
    generator, source, module = _generate(write_spec(tmp_path, MINIMAL_SPEC + modes))
    assert_tables_are_the_modes_rules(generator, module)
    assert "RULES_C = R.Rules(" in source and "RULES_D = RULES_C.changed(" in source
    assert source.index("RULES_C =") < source.index("RULES_B = RULES_C.changed(") \
        < source.index("RULES_A = RULES_B.changed(")
