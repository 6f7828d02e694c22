"""Types are values (``compiler.analysis.types.Type``), and the checker records them:
the type of each expression of a mode's rules, in the scope it was checked in, and the
scope of each action and procedure, returned by ``check`` for the backends to read."""

from __future__ import annotations

from pathlib import Path

import pytest

from dsl import ast
from compiler import pipeline
from compiler.analysis import names as N
from compiler.analysis.types import BAG, INT, PLAYER, UNKNOWN, Scope, Type, TypeRecord
from tests.helpers.specs import HEADER, compile_text

REPO_ROOT = Path(__file__).resolve().parents[2]
SPECS = sorted((REPO_ROOT / "specs").glob("*.rules"))


def test_a_type_is_a_value_with_words():
    assert Type.card("building") == Type("card", "building") != Type.cards("building")
    assert Type.card("building").is_card and Type.cards("b").is_cards and not INT.is_card
    assert [t.words() for t in (INT, BAG, PLAYER, Type.card("building"), Type.enum("faction"))] == [
        "a number", "a bag of resources", "a player", "a building card", "a faction"]
    assert str(Type.cards("building")) == "cards:building" == Type.cards("building").words()
    assert UNKNOWN.unknown and Type.card("?").unknown and not Type.card("x").unknown
    assert {INT: 1}[Type("int")] == 1  # hashable: a value


def test_a_scope_key_tells_scopes_apart_whatever_the_order_of_its_locals():
    a = Scope().with_local("x", INT).with_local("p", PLAYER)
    b = Scope().with_local("p", PLAYER).with_local("x", INT)
    assert a.key == b.key != a.with_card("building").key
    assert a.key != Scope().with_local("x", BAG).with_local("p", PLAYER).key


def _rule_expressions(mode):
    """Every expression of the rules of a composed mode (not param values or field
    defaults, which are literals), with the declaration it belongs to."""
    decls = [*mode.actions.values(), *mode.triggers.values(), *mode.procedures.values(),
             *mode.phases.values(), *mode.derived.values(), *mode.ends.values(), *mode.tallies.values()]
    decls += [mode.setup] if mode.setup is not None else []
    decls += [mode.flow] if mode.flow is not None else []
    for decl in decls:
        for node in ast.walk(decl):
            if type(node) in ast.Expr.__args__:
                yield decl, node


@pytest.fixture(scope="module", params=SPECS, ids=lambda p: p.stem)
def analysed(request):
    result = pipeline.analyse(request.param)
    assert result.ok, [d.render() for d in result.diagnostics]
    return result


def test_the_checker_records_the_type_of_every_expression_of_every_mode(analysed):
    comp = analysed.composition
    # every mode, and for a game with selectable modules each set of them ("mode+module")
    assert set(comp.modes) <= set(analysed.types.modes)
    assert all(m.split("+")[0] in comp.modes for m in analysed.types.modes)
    for name, mode in comp.modes.items():
        record = analysed.types.mode(name)
        recorded = {node_id for node_id, _ in record.expressions}
        missing = [(getattr(decl, "name", type(decl).__name__), type(e).__name__, e.span.line)
                   for decl, e in _rule_expressions(mode) if id(e) not in recorded]
        assert missing == [], name
        assert all(not t.unknown for t in record.expressions.values()), name


def test_the_checker_records_the_scope_of_every_action_and_procedure(analysed):
    for name, mode in analysed.composition.modes.items():
        record = analysed.types.mode(name)
        for action in mode.actions.values():
            assert list(record.action(action).locals) == [c.name for c in action.choices]
        for proc in mode.procedures.values():
            scope = record.procedure(proc)
            assert list(scope.locals) == [p.name for p in proc.params]
            assert all(not t.unknown for t in scope.locals.values())


TRIGGERED = HEADER + '''
card tile "Tile" {
  field value: int "worth"
  source "Tiles"
}
pieces worker "Worker" {
  per player 2
  source "Workers"
}
zone market "Market" of tile {
  public
  source "Market"
}
zone yard "Yard" of worker {
  per player
  public
  source "Yard"
}
setup {
  source "Setup"
}
flow {
  start -> play
  play -> end
  source "Flow"
}
phase play "Play" simultaneous {
  actions buy, hire
  source "Play"
}
action buy "Buy" {
  choose b: card in market
  effect {
    done
  }
  source "Buy"
}
action hire "Hire" {
  choose b: card in my yard
  effect {
    done
  }
  source "Hire"
}
trigger note "Note" {
  before buy, hire
  effect {
    let chosen = b
    score 1
  }
  source "Note"
}
end over {
  when any player vp >= 5
  winner most vp
  source "End"
}
'''


def test_a_trigger_is_typed_once_for_each_action_it_runs_before(tmp_path):
    result = compile_text(tmp_path, TRIGGERED)
    assert result.ok, [d.render() for d in result.diagnostics]
    mode = next(iter(result.composition.modes.values()))
    record = result.types.mode(mode.name)
    let = mode.triggers["note"].effect[0]
    assert isinstance(let, ast.Let)
    by_action = {a: record.expression(let.value, record.action(mode.actions[a])) for a in ("buy", "hire")}
    assert by_action == {"buy": Type.card("tile"), "hire": Type.card("worker")}


def test_a_checker_without_a_record_keeps_its_own():
    from compiler.checks.typecheck import Checker
    from dsl.diagnostics import DiagnosticBag

    checker = Checker(None, DiagnosticBag())
    three = ast.Number(3)
    assert isinstance(checker.types, TypeRecord)
    assert checker.infer(three, N.Scope()) == INT == checker.types.expression(three, N.Scope())
    with pytest.raises(KeyError):  # keyed by the node, not by its value
        checker.types.expression(ast.Number(3), N.Scope())


def test_the_engine_reads_the_record_and_never_infers_again(tmp_path):
    from compiler.analysis.types import Types
    from compiler.engine.codegen import EngineGenerator
    from tests.helpers.specs import engine_module

    result = compile_text(tmp_path, TRIGGERED)
    engine_module(result)  # it runs
    assert result.engine.count("v_chosen = v_b") == 2  # lowered once before each action, in its scope
    with pytest.raises(KeyError):  # without what the checker recorded, nothing to read
        EngineGenerator(result.composition, result.cards, "mini.rules", result.source,
                        types=Types()).render()
