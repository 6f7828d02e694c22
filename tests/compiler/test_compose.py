"""Mode composition: the Utópolis modes as the rulebook describes them, and the
composition rules (set, add, replace, remove, use, extends, amend) on small specs."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler import pipeline
from compiler.analysis.compose import Composition, compose
from dsl import ast
from dsl.diagnostics import DiagnosticBag
from dsl.parser import parse_file, parse_spec

REPO_ROOT = Path(__file__).resolve().parents[2]
REAL_SPEC = REPO_ROOT / "specs" / "utopolis.rules"
LEAFLET = "amendment Leaflet › 5 Score"
SOLO_MODES = ("solo", "solo_easy", "solo_hard")


@pytest.fixture(scope="module")
def utopolis() -> Composition:
    spec, diags = parse_file(REAL_SPEC)
    assert spec is not None, [d.render() for d in diags]
    bag = DiagnosticBag()
    comp = compose(spec, bag)
    assert not bag.items, [d.render() for d in bag.items]
    return comp


def param(mode, name):
    value = mode.params[name].value
    return value.value if isinstance(value, (ast.Number, ast.Bool, ast.Text)) else value


def offered(mode, phase: str) -> list[str]:
    return [i.name for i in mode.phases[phase].actions]


# ------------------------------------------------------------------ Utópolis modes
def test_modes_in_declaration_order_with_family_default(utopolis):
    names = list(utopolis.modes)
    for earlier, later in [("family", "metropolis"), ("metropolis", "solo"), ("solo", "solo_easy"),
                           ("solo", "solo_hard"), ("family", "solo_family")]:
        assert names.index(earlier) < names.index(later)
    assert utopolis.game.default_mode.name == "family"


def test_family(utopolis):
    family = utopolis.modes["family"]
    assert param(family, "city_limit") == 8
    assert param(family, "target") == 20
    assert param(family, "keep_five") is True
    assert family.players == (2, 6)
    assert "upgrade" not in family.actions
    assert "upgrade" not in offered(family, "build_trade")
    assert not family.triggers
    assert "cylinders_scored" in family.tallies
    assert offered(family, "score") == ["score_worker", "score_goods", "finish"]


def test_metropolis(utopolis):
    metro = utopolis.modes["metropolis"]
    assert param(metro, "city_limit") == 10
    assert param(metro, "target") == 40
    assert param(metro, "keep_five") is False
    assert metro.players == (2, 6)
    assert "upgrade" in metro.actions
    assert "upgrade" in offered(metro, "build_trade")
    assert {"basic_services_bonus", "wellbeing_bonus"} <= set(metro.triggers)
    assert all([b.name for b in t.before] == ["build"] for t in metro.triggers.values())
    assert "environment_used" in metro.tallies


@pytest.mark.parametrize("mode", ("metropolis",) + SOLO_MODES)
def test_leaflet_amendment_changes_scoring(utopolis, mode):
    m = utopolis.modes[mode]
    assert "cylinders_scored" not in m.tallies
    assert {"workers_scored", "goods_scored"} <= set(m.tallies)
    for name in ("workers_scored", "goods_scored"):
        assert m.tallies[name].maximum == ast.Number(3)
        assert m.tallies[name].scopes == ("player", "round")
    for gone in ("score_two_workers", "score_two_goods", "score_worker_goods_environment"):
        assert gone not in m.actions
    assert offered(m, "score") == ["score_worker", "score_goods", "score_goods_environment", "finish"]
    uses = {a: [u.tally.name for u in m.actions[a].uses]
            for a in ("score_worker", "score_goods", "score_goods_environment")}
    assert uses == {"score_worker": ["workers_scored"], "score_goods": ["goods_scored"],
                    "score_goods_environment": ["goods_scored", "environment_used"]}
    # The leaflet scores a goods cylinder with an Environment Point for 2.
    assert m.actions["score_goods_environment"].effect[-1] == ast.Score(ast.Number(2))


@pytest.mark.parametrize("mode", ("family", "solo_family"))
def test_family_rules_keep_the_rulebook_scoring(utopolis, mode):
    m = utopolis.modes[mode]
    assert "cylinders_scored" in m.tallies
    assert not {"workers_scored", "goods_scored"} & set(m.tallies)
    assert [u.tally.name for u in m.actions["score_worker"].uses] == ["cylinders_scored"]


def test_no_action_uses_a_tally_its_mode_lacks(utopolis):
    for name, m in utopolis.modes.items():
        for a in m.actions.values():
            for u in a.uses:
                assert u.tally.name in m.tallies, (name, a.name, u.tally.name)


@pytest.mark.parametrize("mode, heart_start", [("solo", 20), ("solo_easy", 17), ("solo_hard", 23),
                                               ("solo_family", 0)])
def test_solo_modes(utopolis, mode, heart_start):
    m = utopolis.modes[mode]
    assert m.players == (1, 1)
    assert param(m, "heart_start") == heart_start
    assert param(m, "keep_five") is True
    assert "heart" in m.tracks and not m.tracks["heart"].per_player
    assert m.tracks["heart"].start == ast.Name("heart_start")
    end = m.ends["game_over"]
    assert end.win_when is not None and end.winner_most is None
    # the heart advances once per Cycle
    assert ast.Advance(ast.Ident("heart"), ast.Number(1)) in m.phases["cycle_reset"].on_enter


@pytest.mark.parametrize("mode", SOLO_MODES)
def test_solo_modes_play_metropolis_rules(utopolis, mode):
    m = utopolis.modes[mode]
    assert param(m, "city_limit") == 10 and param(m, "target") == 40
    assert "upgrade" in m.actions
    assert "metropolis" in m.lineage and m.lineage[-1] == mode
    assert m.triggers["wellbeing_bonus"].title == "Well-being Bonus (Solo)"


def test_solo_family_plays_family_rules(utopolis):
    m = utopolis.modes["solo_family"]
    assert param(m, "city_limit") == 8 and param(m, "target") == 20
    assert "upgrade" not in m.actions
    assert m.lineage == ("family", "solo_family")


def test_modes_do_not_share_tables(utopolis):
    family, metro = utopolis.modes["family"], utopolis.modes["metropolis"]
    assert family.actions is not metro.actions and family.params is not metro.params
    assert "upgrade" in metro.actions and "upgrade" not in family.actions
    assert utopolis.base is not None and "upgrade" not in utopolis.base.actions
    assert param(utopolis.base, "city_limit") == 8


# ------------------------------------------------------------------ history
def _changes(mode, op, kind, name):
    return [c for c in mode.history if (c.op, c.kind, c.name) == (op, kind, name)]


def _superseded(mode, kind, name) -> list:
    """Every earlier version of a rule the mode's history holds (replaced or removed)."""
    return [c.old for c in mode.history if (c.kind, c.name) == (kind, name) and c.old is not None]


@pytest.mark.parametrize("mode", ("metropolis",) + SOLO_MODES)
def test_history_records_replaced_score_actions_with_old_versions(utopolis, mode):
    m = utopolis.modes[mode]
    base = utopolis.base
    for name in ("score_worker", "score_goods"):
        old = _superseded(m, "action", name)
        # the rulebook's version, which scores against the rulebook's cylinder limit
        assert any(o is base.actions[name] for o in old), (name, old)
        assert [u.tally.name for u in base.actions[name].uses] == ["cylinders_scored"]
        last = [c for c in m.history if (c.kind, c.name) == ("action", name)][-1]
        assert last.by == LEAFLET and last.new is m.actions[name]
        assert last.citation == "Leaflet › 5 Score"
    # score_goods_environment: Metropolis Mode scored it 1, the leaflet 2
    old = _superseded(m, "action", "score_goods_environment")
    assert [o.effect[-1] for o in old] == [ast.Score(ast.Number(1))]
    [change] = [c for c in m.history if c.name == "score_goods_environment" and c.old is not None]
    assert (change.op, change.by) == ("replace", LEAFLET)
    assert change.new is m.actions["score_goods_environment"]
    # the tally and the three Metropolis scoring actions the leaflet drops
    [removed] = [c for c in m.history if (c.op, c.name) == ("remove", "cylinders_scored")]
    assert removed.old is base.tallies["cylinders_scored"] and removed.new is None
    for name in ("score_two_workers", "score_two_goods", "score_worker_goods_environment"):
        [gone] = [c for c in m.history if (c.op, c.kind, c.name) == ("remove", "action", name)]
        assert isinstance(gone.old, ast.Action) and gone.old.name == name
        assert gone.by == LEAFLET


def test_history_records_the_superseded_score_phase(utopolis):
    m = utopolis.modes["metropolis"]
    olds = _superseded(m, "phase", "score")
    assert [i.name for i in olds[0].actions] == ["score_worker", "score_goods", "finish"]
    assert m.phases["score"] is [c for c in m.history if c.name == "score"][-1].new


def test_history_records_sets_with_old_and_new_values(utopolis):
    m = utopolis.modes["solo_easy"]
    heart = _changes(m, "set", "param", "heart_start")
    assert heart[-1].old == ast.Number(20) and heart[-1].new == ast.Number(17)
    assert heart[-1].by == "solo_easy"
    [limit] = _changes(utopolis.modes["metropolis"], "set", "param", "city_limit")
    assert (limit.old, limit.new) == (ast.Number(8), ast.Number(10))


def test_history_names_module_changes(utopolis):
    m = utopolis.modes["solo_family"]
    [added] = _changes(m, "add", "track", "heart")
    assert added.by == "module heart_opponent" and added.old is None
    [end] = _changes(m, "replace", "end", "game_over")
    assert end.old is utopolis.base.ends["game_over"]
    assert end.citation == "Solo Mode › Objective"


def test_family_has_no_history(utopolis):
    assert utopolis.modes["family"].history == []


def test_history_spans_point_into_the_spec(utopolis):
    lines = REAL_SPEC.read_text(encoding="utf-8").splitlines()
    for change in utopolis.modes["solo"].history:
        line = lines[change.span.line - 1]
        assert change.name in line or change.op in line, (change.op, change.name, line)


# ------------------------------------------------------------------ composition rules
GAME = """\
game g "G" {
  players 2 to 4
}
resource coin "Coin" {
  supply unlimited
}
track vp "VP" {
  per player
  score
}
param goal "goal" = 5 {
}
setup {
}
flow {
  start -> work
  work -> work
  work -> end when over
}
phase work "Work" simultaneous {
  actions finish
}
action finish "Finish" {
  effect {
    done
  }
}
end over {
  when any player vp >= goal
  winner most vp
}
"""


def compose_text(text: str) -> tuple[Composition, list]:
    spec, diags = parse_spec(text, "g.rules")
    assert spec is not None, [d.render({"g.rules": text}) for d in diags]
    bag = DiagnosticBag()
    return compose(spec, bag), bag.items


def test_a_spec_without_modes_gets_one_standard_mode():
    comp, diags = compose_text(GAME)
    assert diags == [] and list(comp.modes) == ["standard"]
    assert comp.modes["standard"].players == (2, 4)


@pytest.mark.parametrize("mode_text, code, at", [
    ('mode m "M" {\n  set gaol = 3\n}\n', "E0207", "gaol"),
    ('mode m "M" {\n  add action finish "F" {\n  }\n}\n', "E0208", 'action finish "F"'),
    ('mode m "M" {\n  replace action finsh "F" {\n  }\n}\n', "E0209", 'action finsh "F"'),
    ('mode m "M" {\n  remove action finsh\n}\n', "E0209", "finsh"),
    ('mode m "M" {\n  use nothing\n}\n', "E0204", "nothing"),
    ('mode m "M" extends nothing {\n}\n', "E0204", "nothing"),
    ('amend nothing "Errata" {\n}\n', "E0204", "nothing"),
    ('mode a "A" extends b {\n}\nmode b "B" extends a {\n}\n', "E0206", 'mode a "A"'),
    ('mode a "A" extends a {\n}\n', "E0206", 'mode a "A"'),
    ('mode m "M" {\n}\nmode m "M2" {\n}\n', "E0205", 'mode m "M2"'),
    ('param goal "again" = 6 {\n}\n', "E0205", 'param goal "again"'),
])
def test_composition_errors(mode_text: str, code: str, at: str):
    text = GAME + mode_text
    comp, diags = compose_text(text)
    assert [d.code for d in diags] == [code], [d.message for d in diags]
    d = diags[0]
    line = text.splitlines()[d.span.line - 1]
    assert line[d.span.column - 1:].startswith(at), (line, d.span)


def test_did_you_mean_for_set_and_remove():
    _, diags = compose_text(GAME + 'mode m "M" {\n  set gaol = 3\n  remove action finsh\n}\n')
    assert [d.hint for d in diags] == ["did you mean `goal`?", "did you mean `finish`?"]


def test_extends_cycle_names_the_cycle():
    _, [d] = compose_text(GAME + 'mode a "A" extends b {\n}\nmode b "B" extends a {\n}\n')
    assert d.message == "mode `a` extends itself through a → b → a"


def test_unknown_default_mode():
    text = GAME.replace("players 2 to 4", "players 2 to 4\n  default mode famly") + 'mode family "F" {\n}\n'
    _, [d] = compose_text(text)
    assert d.code == "E0204" and d.hint == "did you mean `family`?"


@pytest.mark.parametrize("text, code", [
    ('resource coin "Coin" {\n}\n', "E0201"),
    (GAME + 'game h "H" {\n}\n', "E0202"),
    (GAME + "setup {\n}\n", "E0202"),
    (GAME + "flow {\n}\n", "E0202"),
    (GAME.replace("setup {\n}\n", ""), "E0203"),
])
def test_spec_structure_errors(text: str, code: str):
    _, diags = compose_text(text)
    assert code in [d.code for d in diags]


def test_operations_apply_in_order_parent_module_own_then_amendment():
    text = GAME + """\
module bigger "Bigger" {
  set goal = 7
}
mode base_mode "Base" {
  set goal = 6
}
mode child "Child" extends base_mode {
  use bigger
  set goal = 8
}
amend child "Errata" {
  set goal = 9
}
"""
    comp, diags = compose_text(text)
    assert diags == []
    child = comp.modes["child"]
    assert [(c.by, c.new.value) for c in child.history if c.name == "goal"] == [
        ("base_mode", 6), ("module bigger", 7), ("child", 8), ("amendment Errata", 9)]
    assert param(child, "goal") == 9
    assert param(comp.modes["base_mode"], "goal") == 6
    assert child.lineage == ("base_mode", "child")


def test_mode_players_override():
    modes = 'mode solo "Solo" {\n  players 1\n}\nmode big "Big" {\n  players 3 to 6\n}\n'
    comp, _ = compose_text(GAME + modes)
    assert comp.modes["solo"].players == (1, 1)
    assert comp.modes["big"].players == (3, 6)


def test_remove_then_add_again():
    comp, diags = compose_text(GAME + """\
mode m "M" {
  remove param goal
  add param goal "new goal" = 3 {
  }
}
""")
    assert diags == []
    assert param(comp.modes["m"], "goal") == 3
    assert [c.op for c in comp.modes["m"].history] == ["remove", "add"]


def test_the_real_spec_composes_through_the_pipeline():
    result = pipeline.analyse(REAL_SPEC)
    assert result.composition is not None
    assert not [d for d in result.diagnostics if d.code.startswith("E02")]


# ------------------------------------------------------------------ flow, setup and the rest
@pytest.mark.parametrize("op", [
    "add setup {\n  }",
    'add mode n "N" {\n  }',
    "add flow {\n    start -> end\n  }",
])
def test_add_or_replace_of_an_untabled_item_is_a_diagnostic(op: str):
    text = GAME + f'mode m "M" {{\n  {op}\n}}\n'
    result = pipeline.analyse(Path("g.rules"), text=text)
    assert any(d.severity == "error" and d.code in ("E0208", "E0210") for d in result.diagnostics)


def test_a_mode_can_replace_the_flow():
    op = "replace flow {\n    start -> work\n    work -> end\n  }"
    spec, _ = parse_spec(GAME + f'mode m "M" {{\n  {op}\n}}\n', "g.rules")
    comp = compose(spec, DiagnosticBag())
    edges = [(e.source.name, e.dest.name) for e in comp.modes["m"].flow.edges]
    assert edges == [("start", "work"), ("work", "end")]
    assert any(c.op == "replace" and c.kind == "flow" for c in comp.modes["m"].history)


@pytest.mark.parametrize("modules", [
    'module x "X" {\n  use x\n}\n',
    'module x "X" {\n  use y\n}\nmodule y "Y" {\n  use x\n}\n',
])
def test_module_use_cycle_is_a_diagnostic(modules: str):
    text = GAME + modules + 'mode m "M" {\n  use x\n}\n'
    result = pipeline.analyse(Path("g.rules"), text=text)
    assert any(d.severity == "error" for d in result.diagnostics)


# ------------------------------------------------------------------ modules that extend (construct 14)
STEPS = GAME.replace("setup {\n}\n", 'setup {\n  step deal "Deal" {\n    gain coin 1\n  }\n}\n')
TWO_MODULES = '''\
module a "A" {
  extend phase work {
    on enter {
      gain coin 1
    }
  }
  extend action finish {
    require true
    effect first {
      score 1
    }
  }
}
module b "B" {
  extend phase work {
    on enter first {
      gain coin 2
    }
    on enter {
      gain coin 3
    }
  }
  extend action finish {
    effect {
      score 2
    }
  }
}
mode ab "AB" {
  use a
  use b
}
mode ba "BA" {
  use b
  use a
}
'''


def test_extensions_stack_in_the_order_written_whatever_order_the_modules_are_used():
    comp, diags = compose_text(GAME + TWO_MODULES)
    assert diags == []
    ab, ba = comp.modes["ab"], comp.modes["ba"]
    assert ab.phases == ba.phases and ab.actions == ba.actions
    gains = [s.bag.items[0].amount.value for s in ab.phases["work"].on_enter]
    assert gains == [2, 1, 3]  # b's `first`, then a's, then b's: a is written first
    finish = ab.actions["finish"]
    assert [s.amount.value for s in finish.effect[:1] + finish.effect[-1:]] == [1, 2]
    assert isinstance(finish.effect[1], ast.Done) and finish.requires == (ast.Bool(True),)
    assert [c.op for c in ab.history] == ["extend"] * 4
    assert comp.base.actions["finish"].effect == (ast.Done(),)  # the base is untouched


def test_a_module_is_applied_once_however_many_modules_use_it():
    text = GAME + '''\
module shared "Shared" {
  extend phase work {
    on exit {
      score 1
    }
  }
}
module x "X" {
  use shared
}
module y "Y" {
  use shared
}
mode m "M" {
  use x
  use y
  use shared
}
'''
    comp, diags = compose_text(text)
    assert diags == []
    m = comp.modes["m"]
    assert m.modules_applied == ("x", "shared", "y")
    assert len(m.phases["work"].on_exit) == 1


def test_a_replace_after_an_extension_starts_again_from_the_replacement():
    text = GAME + TWO_MODULES.replace('mode ba "BA" {\n  use b\n  use a\n}\n', '''\
mode ba "BA" {
  use a
  replace action finish "Finish" {
    effect {
      done
    }
  }
  use b
}
''')
    comp, diags = compose_text(text)
    assert diags == []
    finish = comp.modes["ba"].actions["finish"]
    assert finish.requires == () and finish.effect == (ast.Done(), ast.Score(ast.Number(2)))


@pytest.mark.parametrize("op, code, hint", [
    ("extend phase wrk {\n    actions finish\n  }", "E0323", "did you mean `work`?"),
    ("extend procedure later {\n  }", "E0323", "`later` is added by module `adds`, which this mode does "
     "not use"),
    ("extend phase work {\n    actions finish\n  }", "E0324",
     "remove it from the `actions` line of the `extend`"),
    ("extend step dael {\n  }", "E0325", "did you mean `deal`?"),
    ('add step deal "Deal" before deal {\n  }', "E0326", None),
    ('add step more "More" after nowhere {\n  }', "E0325", None),
    ("remove step dael", "E0325", "did you mean `deal`?"),
])
def test_extension_errors(op, code, hint):
    adds = 'module adds "Adds" {\n  add procedure later "Later" () {\n    effect {\n    }\n  }\n}\n'
    comp, diags = compose_text(STEPS + adds + f'mode m "M" {{\n  {op}\n}}\n')
    assert [d.code for d in diags] == [code], [d.message for d in diags]
    if hint is not None:
        assert diags[0].hint == hint


def test_setup_steps_are_added_extended_replaced_and_removed_in_place():
    text = STEPS + '''\
mode m "M" {
  add step first_one "First" before deal {
    gain coin 5
  }
  add step last_one "Last" after deal {
    gain coin 7
  }
  extend step deal first {
    gain coin 9
  }
  replace step last_one "Last, again" {
    gain coin 8
  }
  remove step first_one
}
'''
    comp, diags = compose_text(text)
    assert diags == []
    setup = comp.modes["m"].setup
    assert [s.name for s in setup.steps] == ["deal", "last_one"]
    assert [s.bag.items[0].amount.value for s in setup.body] == [9, 1, 8]
    assert [(c.op, c.kind, c.name) for c in comp.modes["m"].history] == [
        ("add", "step", "first_one"), ("add", "step", "last_one"), ("extend", "step", "deal"),
        ("replace", "step", "last_one"), ("remove", "step", "first_one")]


def test_a_combine_block_applies_after_the_mode_when_all_its_modules_are():
    text = GAME + TWO_MODULES + '''\
combine a, b {
  set goal = 9
}
mode only_a "Only A" {
  use a
}
'''
    comp, diags = compose_text(text)
    assert diags == []
    assert param(comp.modes["ab"], "goal") == 9 and param(comp.modes["ba"], "goal") == 9
    assert param(comp.modes["only_a"], "goal") == 5
    [change] = [c for c in comp.modes["ab"].history if c.op == "set"]
    assert change.by == "combine a+b"
