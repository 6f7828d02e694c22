"""Phase graphs: every E04xx check fires on a minimal spec, none fires on the
Utópolis spec in any mode, and the mermaid chart shows every phase."""

from __future__ import annotations

import re
from pathlib import Path

import networkx as nx
import pytest

from compiler.checks import phasegraph
from compiler.docs import flowchart
from compiler import pipeline
from compiler.analysis.compose import compose
from dsl.diagnostics import Diagnostic, DiagnosticBag
from dsl.parser import parse_file, parse_spec
from tests.helpers.specs import error_codes

REPO_ROOT = Path(__file__).resolve().parents[2]
REAL_SPEC = REPO_ROOT / "specs" / "utopolis.rules"

#: A complete, clean spec; ``{flow}`` and ``{phases}`` are filled in by each test.
MINI = """\
game mini "Mini" {{
  players 2 to 4
}}

resource coin "Coin" {{
  supply unlimited
  source "Components"
}}

track vp "Victory Points" {{
  per player
  score
  source "Scoring"
}}

setup {{
  each player {{
    gain coin 1
  }}
}}

flow {{
{flow}
}}

phase work "Work" simultaneous {{
  actions earn, finish
  source "Turn"
}}

{phases}

action earn "Earn" {{
  effect {{
    score 1
  }}
  source "Turn"
}}

action finish "Finish" {{
  effect {{
    done
  }}
  source "Turn"
}}

end game_over {{
  when any player vp >= 5
  winner most vp
  source "End"
}}
"""

CLEAN_FLOW = """\
  start -> work
  work -> work
  work -> end when game_over"""

REST = """\
phase rest "Rest" automatic {
  source "Rest"
}"""


def analyse_mini(flow: str = CLEAN_FLOW, phases: str = "") -> list[Diagnostic]:
    text = MINI.format(flow=flow, phases=phases)
    result = pipeline.analyse(Path("mini.rules"), text=text)
    return result.diagnostics


def line_of(flow: str, needle: str) -> int:
    """Line number, in the MINI spec, of the flow line containing ``needle``."""
    text = MINI.format(flow=flow, phases=REST)
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


# ------------------------------------------------------------------ the baseline
def test_minimal_spec_is_clean():
    assert analyse_mini() == []
    assert analyse_mini(CLEAN_FLOW.replace("work -> work", "work -> rest\n  rest -> work"), REST) == []


# ------------------------------------------------------------------ each check fires
@pytest.mark.parametrize("flow, needle, message", [
    ("  start -> wrk -> end", "start -> wrk", "flow names unknown phase `wrk`"),
    (CLEAN_FLOW + "\n  work -> start when game_over", "work -> start",
     "no transition may lead back to `start`"),
    (CLEAN_FLOW + "\n  end -> work", "end -> work", "no transition may leave `end`"),
    (CLEAN_FLOW + "\n  round starts at wrok", "round starts at", "round starts at unknown phase `wrok`"),
])
def test_e0401_unknown_or_misused_phase(flow: str, needle: str, message: str):
    diags = [d for d in analyse_mini(flow) if d.code == "E0401"]
    assert [d.message.removesuffix(" (mode standard)") for d in diags] == [message]
    assert diags[0].span.line == line_of(flow, needle)


def test_e0401_suggests_the_phase_meant():
    [d] = [d for d in analyse_mini("  start -> wrk -> end") if d.code == "E0401"]
    assert d.hint == "did you mean `work`?"
    assert (d.span.column, d.span.end_column) == (12, 15)


def test_e0402_unreachable_phase():
    diags = analyse_mini(CLEAN_FLOW, REST)
    assert error_codes(diags) == ["E0402"]
    assert "`rest` can never be reached" in diags[0].message
    assert diags[0].span.line == MINI.format(flow=CLEAN_FLOW, phases=REST).splitlines().index(
        'phase rest "Rest" automatic {') + 1
    assert diags[0].notes and diags[0].notes[0].message == "the flow is declared here"


def test_e0403_end_unreachable():
    flow = "  start -> work\n  work -> work"
    diags = analyse_mini(flow)
    assert "E0403" in error_codes(diags)
    [d] = [d for d in diags if d.code == "E0403"]
    assert d.message.startswith("the end of the game can never be reached")
    assert d.span.line == line_of(flow, "flow {")


def test_e0403_dead_end_phase():
    flow = "  start -> work\n  work -> end when game_over\n  work -> rest"
    diags = analyse_mini(flow, REST)
    assert error_codes(diags) == ["E0403"]
    assert diags[0].message.startswith("no way to the end of the game from phase `rest`")
    assert diags[0].hint == "add a transition out of `rest`"


def test_e0404_loop_without_exit():
    flow = "  start -> work\n  work -> rest\n  rest -> work"
    diags = analyse_mini(flow, REST)
    loops = [d for d in diags if d.code == "E0404"]
    assert loops
    assert all("has no exit" in d.message for d in loops)
    assert re.search(r"the loop (work → rest → work|rest → work → rest) has no exit", loops[0].message)
    assert {n.span.line for n in loops[0].notes} == {line_of(flow, "work -> rest"),
                                                     line_of(flow, "rest -> work")}


def test_e0404_self_loop():
    diags = analyse_mini("  start -> work\n  work -> work")
    assert [d.message.removesuffix(" (mode standard)") for d in diags if d.code == "E0404"] == [
        "the loop work → work has no exit"]


def test_e0404_exit_when_false_is_no_exit():
    flow = "  start -> work\n  work -> work\n  work -> end when false"
    diags = analyse_mini(flow)
    assert "E0404" in error_codes(diags) and "E0403" in error_codes(diags)


def test_e0405_two_unconditional_transitions():
    flow = "  start -> work\n  work -> work\n  work -> end"
    diags = analyse_mini(flow)
    assert error_codes(diags) == ["E0405"]
    d = diags[0]
    assert d.span.line == line_of(flow, "work -> end")
    assert d.notes[0].span.line == line_of(flow, "work -> work")
    assert d.hint == "add `when ...` to all but one"


def test_e0406_every_transition_conditional():
    flow = "  start -> work\n  work -> work when not game_over\n  work -> end when game_over"
    diags = analyse_mini(flow)
    assert error_codes(diags) == ["E0406"]
    assert diags[0].span.line == line_of(flow, "work -> work when")


def test_e0406_opposite_conditions_hint_says_drop_a_when():
    flow = "  start -> work\n  work -> work when not game_over\n  work -> end when game_over"
    [d] = analyse_mini(flow)
    assert d.hint.startswith("make one transition unconditional (the default): drop its `when`")


def test_e0406_a_beginners_only_way_to_the_end_explains_the_fix():
    """`work -> end when game_over` alone: the hint names both fixes, with the phase's name."""
    flow = "  start -> work\n  work -> end when game_over"
    diags = analyse_mini(flow)
    assert error_codes(diags) == ["E0406"]
    d = diags[0]
    assert d.span.line == line_of(flow, "work -> end when")
    assert "add `work -> work` to play it again" in d.hint
    assert "`immediately`" in d.hint and "write `work -> end` without `when`" in d.hint
    for fixed in (flow + "\n  work -> work", flow.replace("end when game_over", "end")):
        assert "E0406" not in error_codes(analyse_mini(fixed)), fixed


def test_e0407_phase_waits_but_nobody_can_finish():
    text = MINI.format(flow=CLEAN_FLOW, phases="").replace("actions earn, finish", "actions earn")
    diags = pipeline.analyse(Path("mini.rules"), text=text).diagnostics
    assert "E0407" in error_codes(diags)
    [d] = [d for d in diags if d.code == "E0407"]
    assert "phase `work` waits for every player" in d.message


def test_e0408_automatic_phase_with_actions():
    text = MINI.format(flow=CLEAN_FLOW, phases="").replace('"Work" simultaneous', '"Work" automatic')
    diags = pipeline.analyse(Path("mini.rules"), text=text).diagnostics
    assert error_codes(diags) == ["E0408"]


# ------------------------------------------------------------------ known wrong
def test_a_loop_without_exit_is_reported_once():
    diags = analyse_mini("  start -> work\n  work -> rest\n  rest -> work", REST)
    assert error_codes(diags).count("E0404") == 1


def test_a_dead_exit_is_pointed_at():
    flow = "  start -> work\n  work -> work\n  work -> end when false"
    diags = analyse_mini(flow)
    dead = line_of(flow, "when false")
    assert any(d.span.line == dead or any(n.span.line == dead for n in d.notes) for d in diags)


def test_unknown_phase_in_a_chain_does_not_cascade():
    good = "  start -> work -> rest\n  rest -> work\n  rest -> end when game_over"
    assert analyse_mini(good, REST) == []
    diags = analyse_mini(good.replace("work -> rest", "work -> rset"), REST)
    assert error_codes(diags) == ["E0401"]


def test_duplicate_unconditional_transition_is_reported():
    diags = analyse_mini(CLEAN_FLOW + "\n  work -> work")
    assert "E0405" in error_codes(diags)


def test_unconditional_transition_is_not_hidden_by_a_conditional_twin():
    diags = analyse_mini(CLEAN_FLOW + "\n  work -> work when game_over")
    assert "E0406" not in error_codes(diags)


# ------------------------------------------------------------------ the real spec
@pytest.fixture(scope="module")
def real_composition():
    spec, diags = parse_file(REAL_SPEC)
    assert spec is not None, [d.render() for d in diags]
    bag = DiagnosticBag()
    comp = compose(spec, bag)
    assert not bag.errors, [d.render() for d in bag.errors]
    return comp


def test_real_spec_has_the_documented_modes(real_composition):
    assert {"family", "metropolis", "solo", "solo_easy", "solo_hard", "solo_family"} <= set(
        real_composition.modes)


def test_graph_checks_are_silent_on_every_real_mode(real_composition):
    for name, mode in real_composition.modes.items():
        bag = DiagnosticBag()
        phasegraph.check_mode(mode, bag)
        assert bag.items == [], (name, [d.render() for d in bag.items])


def test_real_spec_analysis_has_no_graph_diagnostics():
    result = pipeline.analyse(REAL_SPEC)
    graph = [d for d in result.diagnostics if d.code.startswith("E04")]
    assert graph == [], [d.render() for d in graph]


def _live(g: nx.MultiDiGraph) -> nx.DiGraph:
    """The transitions that can be taken (those not written `when false`), as a simple graph."""
    out = nx.DiGraph()
    out.add_nodes_from(g.nodes)
    out.add_edges_from((a, b) for a, b, data in g.edges(data=True) if not data["dead"])
    return out


def test_real_graphs_reach_every_phase_and_the_end(real_composition):
    for name, mode in real_composition.modes.items():
        g = _live(phasegraph.build_graph(mode))
        reachable = nx.descendants(g, phasegraph.START)
        assert set(mode.phases) | {phasegraph.END} <= reachable, name
        assert all(nx.has_path(g, p, phasegraph.END) for p in mode.phases), name


def test_real_graph_edges_carry_their_spans(real_composition):
    mode = real_composition.modes["family"]
    g = phasegraph.build_graph(mode)
    text = REAL_SPEC.read_text(encoding="utf-8").splitlines()
    for a, b, data in g.edges(data=True):
        span = data["edge"].span
        line = text[span.line - 1]
        assert a in line and ("end" if b == "end" else b) in line, (a, b, line)


def test_keep_cards_only_when_is_kept_in_the_graph(real_composition):
    # `only when keep_five` skips the phase at run time; the graph still holds it.
    for mode in real_composition.modes.values():
        assert "keep_cards" in phasegraph.build_graph(mode)


# ------------------------------------------------------------------ mermaid
def test_mermaid_contains_every_phase_and_transition(real_composition):
    for name, mode in real_composition.modes.items():
        chart = flowchart.mermaid(mode)
        assert chart.startswith("flowchart TD\n"), name
        assert "game_start" in chart and "game_end" in chart
        for phase_name, phase in mode.phases.items():
            assert re.search(rf"^  {phase_name}\[\"", chart, re.M), (name, phase_name)
            assert phase.title.replace('"', "'") in chart
        for edge in mode.flow.edges:
            a = {"start": "game_start", "end": "game_end"}.get(edge.source.name, edge.source.name)
            b = {"start": "game_start", "end": "game_end"}.get(edge.dest.name, edge.dest.name)
            assert re.search(rf"^  {a} -->(\|[^|]*\|)? {b}$", chart, re.M), (name, a, b)


def test_mermaid_never_uses_the_reserved_word_end_as_a_node(real_composition):
    for mode in real_composition.modes.values():
        chart = flowchart.mermaid(mode)
        assert not re.search(r"(^|\s)end(\s|$|\[)", chart.split("\n", 1)[1]), chart


def test_mermaid_of_the_minimal_spec():
    spec, _ = parse_spec(MINI.format(flow=CLEAN_FLOW, phases=""), "mini.rules")
    comp = compose(spec, DiagnosticBag())
    chart = flowchart.mermaid(comp.modes["standard"])
    assert chart.splitlines() == [
        "flowchart TD",
        '  game_start(["Setup"])',
        '  game_end(["End of the game"])',
        '  work["Work"]',
        "  game_start --> work",
        "  work --> work",
        '  work -->|"game over"| game_end',
    ]


ENUM = 'enum knowledge "knowledge type" {\n  culture "Culture"\n  science "Science"\n  source "Turn"\n}\n'


@pytest.mark.parametrize("effect", [
    "choose k: knowledge\n    score 1\n    done",
    "choose k: knowledge {\n      score 1\n    }\n    done",
    "if coin > 0 {\n      choose k: knowledge\n      done\n    }",
], ids=["blockless", "block", "nested"])
def test_e0407_sees_a_done_after_a_choose_written_without_a_block(effect: str):
    # the phase's only action chooses a value, then finishes: the player can finish
    text = MINI.format(flow=CLEAN_FLOW, phases=ENUM).replace("actions earn, finish", "actions earn")
    text = text.replace("effect {\n    score 1\n  }", "effect {\n    " + effect + "\n  }", 1)
    assert effect in text
    diags = pipeline.analyse(Path("mini.rules"), text=text).diagnostics
    assert "E0407" not in error_codes(diags), [str(d) for d in diags]
    assert error_codes(diags) == []
