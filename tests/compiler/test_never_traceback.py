"""Whatever the text, ``pipeline.analyse`` returns diagnostics (or success) and never
raises; every diagnostic it returns renders.  About 300 Hypothesis examples in all, drawn
from the strategies of :mod:`compiler.tools.fuzzing` (``rulebook fuzz`` runs the long
campaign).  The runs of the costly strategies (edits of the whole spec, stress) are marked
slow (CI runs them); the default run draws a short mix of them."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.tools import fuzz_campaign, fuzzing, fuzzing_stress

REPO_ROOT = Path(__file__).resolve().parents[2]
SPEC_PATH = Path("specs/utopolis.rules")  # relative: the catalogue is found beside it
REAL = (REPO_ROOT / SPEC_PATH).read_text(encoding="utf-8")

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                      HealthCheck.function_scoped_fixture])


pytestmark = pytest.mark.usefixtures("repo_root")  # the catalogue is found beside SPEC_PATH


def assert_analyses(text: str) -> None:
    fuzzing.check_input(SPEC_PATH, text, codegen=False)  # must not raise


# ------------------------------------------------------------------ a short mix, always
def _no_catalogues(strategy):
    return strategy.map(lambda text: fuzzing_stress.CatalogueCase(text, ()))


@settings(max_examples=8, **SETTINGS)  # a sample of the slow runs below
@given(st.one_of(_no_catalogues(fuzzing.spec_mutations(REAL, max_edits=1)),
                 _no_catalogues(fuzzing.spec_mutations(REAL, max_edits=3)),
                 _no_catalogues(fuzzing_stress.spec_stress(REAL)),
                 fuzzing_stress.catalogue_stress(REAL, REPO_ROOT / "specs")))
def test_a_short_mix_of_edits_and_stress_never_raises(case):
    fuzzing.check_input(SPEC_PATH, case.text, codegen=False, catalogues=case.catalogues)


# ------------------------------------------------------------------ edits of the real spec
@pytest.mark.slow
@settings(max_examples=100, **SETTINGS)
@given(fuzzing.spec_mutations(REAL, max_edits=1))
def test_an_edited_spec_never_raises(text: str):
    assert_analyses(text)


@pytest.mark.slow
@settings(max_examples=30, **SETTINGS)
@given(fuzzing.spec_mutations(REAL, max_edits=3))
def test_several_edits_never_raise(text: str):
    assert_analyses(text)


@settings(max_examples=4, **SETTINGS)  # a sample of the long run below
@given(fuzzing.spec_mutations(REAL, max_edits=2, edits=fuzzing.LINE_EDITS))
def test_line_edits_never_raise(text: str):
    assert_analyses(text)


@pytest.mark.slow
@settings(max_examples=15, **SETTINGS)
@given(fuzzing.spec_mutations(REAL, max_edits=2, edits=fuzzing.LINE_EDITS))
def test_line_edits_never_raise_in_a_long_run(text: str):
    assert_analyses(text)


# ------------------------------------------------------------------ random text
@settings(max_examples=40, **SETTINGS)
@given(fuzzing.random_text())
def test_random_text_never_raises(text: str):
    assert_analyses(text)


@settings(max_examples=20, **SETTINGS)
@given(fuzzing.token_soup(REAL))
def test_random_spec_tokens_never_raise(text: str):
    assert_analyses(text)


# ------------------------------------------------------------------ stress: sizes and depths
@pytest.mark.slow
@settings(max_examples=25, **SETTINGS)
@given(fuzzing_stress.spec_stress(REAL))
def test_stressed_specs_never_raise(text: str):
    assert_analyses(text)


@pytest.mark.slow
@settings(max_examples=15, **SETTINGS)
@given(fuzzing_stress.catalogue_stress(REAL, REPO_ROOT / "specs"))
def test_stressed_catalogues_never_raise(case):
    fuzzing.check_input(SPEC_PATH, case.text, codegen=False, catalogues=case.catalogues)


def _questions_about_players_and_zones_never_raise(data):
    """The fuzzing generator of constructs 4 and 5 (issue 11): nested questions about
    players, maybe values and order in zones on the real spec's zones; whatever they
    make, the compiler reports, never raises, and lowers what checks clean."""
    text = fuzzing_stress._stress_questions(data.draw, st, REAL)
    fuzzing.check_input(SPEC_PATH, text)


@settings(max_examples=4, **SETTINGS)
@given(st.data())
def test_questions_about_players_and_zones_never_raise(data):
    """The quick run (4 examples); the long run below makes 12."""
    _questions_about_players_and_zones_never_raise(data)


@pytest.mark.slow
@settings(max_examples=12, **SETTINGS)
@given(st.data())
def test_questions_about_players_and_zones_never_raise_in_a_long_run(data):
    _questions_about_players_and_zones_never_raise(data)


def _ranged_tracks_and_set_never_raise(data):
    """The fuzzing generator of construct 12 (issue 11): a ranged track with odd ends, set
    and advanced to odd values; the compiler reports, never raises, and lowers what checks
    clean."""
    text = fuzzing_stress._stress_track_ranges(data.draw, st, REAL)
    fuzzing.check_input(SPEC_PATH, text)


@settings(max_examples=4, **SETTINGS)
@given(st.data())
def test_ranged_tracks_and_set_never_raise(data):
    """The quick run (4 examples); the long run below makes 12."""
    _ranged_tracks_and_set_never_raise(data)


@pytest.mark.slow
@settings(max_examples=12, **SETTINGS)
@given(st.data())
def test_ranged_tracks_and_set_never_raise_in_a_long_run(data):
    _ranged_tracks_and_set_never_raise(data)


def _dice_of_the_game_never_raise(data):
    """The fuzzing generator of construct 16 (issue 11): dice with odd faces and counts,
    rolled, turned, indexed and counted; the compiler reports, never raises, and lowers
    what checks clean."""
    text = fuzzing_stress._stress_dice(data.draw, st, REAL)
    fuzzing.check_input(SPEC_PATH, text)


@settings(max_examples=4, **SETTINGS)
@given(st.data())
def test_dice_of_the_game_never_raise(data):
    """The quick run (4 examples); the long run below makes 12."""
    _dice_of_the_game_never_raise(data)


@pytest.mark.slow
@settings(max_examples=12, **SETTINGS)
@given(st.data())
def test_dice_of_the_game_never_raise_in_a_long_run(data):
    _dice_of_the_game_never_raise(data)


def _pieces_and_kinds_never_raise(data):
    """The fuzzing generator of constructs 8 and 9 (issue 11): pieces counted in odd ways,
    card-typed states, zones of several kinds read with `is`; the compiler reports, never
    raises, and lowers what checks clean."""
    text = fuzzing_stress._stress_pieces(data.draw, st, REAL)
    fuzzing.check_input(SPEC_PATH, text)


@settings(max_examples=4, **SETTINGS)
@given(st.data())
def test_pieces_with_attributes_and_zones_of_several_kinds_never_raise(data):
    """The quick run (4 examples); the long run below makes 12."""
    _pieces_and_kinds_never_raise(data)


@pytest.mark.slow
@settings(max_examples=12, **SETTINGS)
@given(st.data())
def test_pieces_with_attributes_and_zones_of_several_kinds_never_raise_in_a_long_run(data):
    _pieces_and_kinds_never_raise(data)


def _repetition_never_raises(data):
    """The fuzzing generator of constructs 13 and 21 (issue 11) and of loops whose rounds
    wait: `repeat` with odd counts, `as` odd players, nested in loops, rounds holding
    decisions then statements; the compiler reports, never raises, and lowers what checks
    clean."""
    text = fuzzing_stress._stress_repetition(data.draw, st, REAL)
    fuzzing.check_input(SPEC_PATH, text)


@settings(max_examples=4, **SETTINGS)
@given(st.data())
def test_repetition_and_acting_as_another_player_never_raise(data):
    """The quick run (4 examples); the long run below makes 12."""
    _repetition_never_raises(data)


@pytest.mark.slow
@settings(max_examples=12, **SETTINGS)
@given(st.data())
def test_repetition_and_acting_as_another_player_never_raise_in_a_long_run(data):
    _repetition_never_raises(data)


@pytest.mark.parametrize("edit", fuzzing_stress.STRESS, ids=lambda e: e.__name__)
def test_each_stress_edit_changes_the_spec(edit):
    from hypothesis import Phase, find

    # some draw of each stress edit gives a spec that differs from the real one (the
    # first found will do: no shrinking)
    find(st.data(), lambda data: edit(data.draw, st, REAL) != REAL,
         settings=settings(max_examples=50, database=None, phases=[Phase.generate], **SETTINGS))


# ------------------------------------------------------------------ the edits themselves
@settings(max_examples=30, **SETTINGS)
@given(st.data())
def test_each_edit_returns_text(data):
    edit = data.draw(st.sampled_from(fuzzing.EDITS))
    text = data.draw(st.sampled_from(["", "x", "{", REAL[:400]]))
    assert isinstance(edit(data.draw, st, text), str)


def test_tokens_classify_keywords_names_numbers_and_strings():
    toks = fuzzing.Tokens.of('phase place "3 Place" turns { limit 10 } # note')
    assert [toks.word(i) for i in range(len(toks.spans))] == [
        "phase", "place", '"3 Place"', "turns", "{", "limit", "10", "}", "# note"]
    assert toks.kinds == ("keyword", "name", "string", "keyword", "punct", "keyword", "number",
                          "punct", "comment")


def test_a_case_past_its_time_limit_fails():
    import time

    with pytest.raises(fuzz_campaign.CaseTimeout):
        with fuzz_campaign.time_limit(0.05):
            while True:
                time.sleep(0.01)


def test_a_case_the_timer_cannot_stop_is_saved_and_ends_the_process(tmp_path, monkeypatch):
    import threading

    exited = threading.Event()
    monkeypatch.setattr(fuzz_campaign.os, "_exit", lambda status: exited.set())
    saved = []
    watchdog = fuzz_campaign._Watchdog(0.01, lambda text, report: saved.append((text, report)) or tmp_path,
                                 grace=0.0)
    with watchdog.watching("game stuck"):
        assert exited.wait(timeout=30)
    watchdog.stop()
    assert saved and saved[0][0] == "game stuck" and saved[0][1].startswith("hang: ")


def test_a_campaign_counts_cases_and_saves_failures(tmp_path, monkeypatch):
    calls = []

    def broken(spec_path, text, codegen=True, catalogues=()):
        calls.append(text)
        if len(calls) == 3:
            raise KeyError("boom")

    monkeypatch.setattr(fuzzing, "check_input", broken)
    campaign = fuzz_campaign.run_campaign(REPO_ROOT / SPEC_PATH, cases=5, seed=1, out_dir=tmp_path)
    assert campaign.cases == len(calls) == 5
    [failure] = campaign.failures
    assert failure.signature.startswith("KeyError at ")
    assert failure.saved is not None and failure.saved.read_text(encoding="utf-8") == calls[2]
    assert "boom" in failure.saved.with_suffix(".txt").read_text(encoding="utf-8")


# ------------------------------------------------------------------ fixed edge cases
EDGE_CASES = [
    "", "\n", "\ufeff", "\x00", "}" * 50, "{" * 50, "game", 'game g "G" {', 'game g "G" {}',
    'game g "G" {}\nsetup {}\nflow {}',
    REAL + "\n" + REAL,              # everything declared twice
    REAL.replace("\n", "\r\n"),      # Windows line endings
    REAL.replace("  ", "\t"),        # tabs
    "\n".join(line for line in REAL.splitlines() if not line.lstrip().startswith(("source", "ruling"))),
    "(" * 200 + "1" + ")" * 200,
    "derived d \"D\" = " + "(" * 40 + "1" + ")" * 40 + " {\n}\n",
    "derived d \"D\" = " + "not " * 40 + "true {\n}\n",
]


@pytest.mark.parametrize("text", EDGE_CASES, ids=[f"case{i}" for i in range(len(EDGE_CASES))])
def test_edge_cases_never_raise(text: str):
    assert_analyses(text)


@pytest.mark.parametrize("expr", ["(" * 300 + "1" + ")" * 300, "not " * 1500 + "true"],
                         ids=["300 parentheses", "1500 nots"])
def test_deeply_nested_expression_never_raises(expr: str):
    assert_analyses(REAL + f'\nderived deep "Deep" = {expr} {{\n}}\n')


# ------------------------------------------------------------------ card entries of the wrong shape
# Found by verify8: a key YAML reads as no text (`5: 1`) and provisional_fields that is no list
# of names raised TypeError; a text there was read letter by letter.  `rulebook fuzz` now
# draws such entries ("shape" in fuzzing_stress.catalogue_stress).
@pytest.mark.parametrize("entry,code,words", [
    ("    5: 1\n", "E0307", "a key YAML reads as a number, not a field name: `5`"),
    ("    ~: 1\n", "E0307", "as nothing (null)"),
    ("    2024-01-01: x\n", "E0307", "as a date"),
    ("    provisional_fields: 5\n", "E0310", "provisional_fields is a list of field names, not a number"),
    ("    provisional_fields: value\n", "E0310", "not a text"),
    ("    provisional_fields: {value: 1}\n", "E0310", "not a mapping"),
    ("    provisional_fields: [[value]]\n", "E0310", "`['value']` in provisional_fields is not a field"),
    ("    provisional_fields: [{value: 1}]\n", "E0310", "in provisional_fields is not a field"),
])
def test_a_card_entry_of_the_wrong_shape_is_a_diagnostic_at_it(tmp_path, entry, code, words):
    from compiler import pipeline

    cards = (REPO_ROOT / "specs" / "utopolis.cards.yaml").read_text(encoding="utf-8")
    folder = tmp_path / "specs"
    folder.mkdir()
    (folder / "utopolis.rules").write_text(REAL, encoding="utf-8")
    (folder / "utopolis.cards.yaml").write_text(cards + "  - name: odd\n" + entry, encoding="utf-8")
    result = pipeline.analyse(folder / "utopolis.rules")
    found = [d for d in result.diagnostics if d.code == code and words in d.message]
    assert found, [d.render() for d in result.diagnostics if d.severity == "error"]
    assert found[0].span.line == len(cards.splitlines()) + 2  # at the key, below `- name: odd`


def _modules_that_extend_never_raise(data):
    """The fuzzing generator of construct 14 (issue 11): modules extending, replacing and
    removing the spec's rules and setup steps, with needs, excludes and combine blocks,
    used in both orders; the compiler reports, never raises, and lowers what checks clean."""
    construct = Path("tests/compiler/constructs/module_extends.rules")
    for path in (SPEC_PATH, construct):
        spec = (REPO_ROOT / path).read_text(encoding="utf-8")
        text = fuzzing_stress._stress_extensions(data.draw, st, spec)
        fuzzing.check_input(path, text)


@settings(max_examples=4, **SETTINGS)
@given(st.data())
def test_modules_that_extend_never_raise(data):
    """The quick run (4 examples); the long run below makes 12."""
    _modules_that_extend_never_raise(data)


@pytest.mark.slow
@settings(max_examples=12, **SETTINGS)
@given(st.data())
def test_modules_that_extend_never_raise_in_a_long_run(data):
    _modules_that_extend_never_raise(data)


def _automata_seats_and_sides_never_raise(data):
    """The fuzzing generator of construct 20 (issue 11): automata with turns in the spec's
    phases (or none), modes seating them, sides and ends won by a side; the compiler
    reports, never raises, and lowers what checks clean."""
    construct = Path("tests/compiler/constructs/automata.rules")
    for path in (SPEC_PATH, construct):
        spec = (REPO_ROOT / path).read_text(encoding="utf-8")
        text = fuzzing_stress._stress_automata(data.draw, st, spec)
        fuzzing.check_input(path, text)


@settings(max_examples=4, **SETTINGS)
@given(st.data())
def test_automata_seats_and_sides_never_raise(data):
    """The quick run (4 examples); the long run below makes 12."""
    _automata_seats_and_sides_never_raise(data)


@pytest.mark.slow
@settings(max_examples=12, **SETTINGS)
@given(st.data())
def test_automata_seats_and_sides_never_raise_in_a_long_run(data):
    _automata_seats_and_sides_never_raise(data)


def _modules_and_options_chosen_at_creation_never_raise(data):
    """The fuzzing generator of construct 15 (issue 11): selectable modules that need and
    exclude each other or narrow the player counts, options with good and bad values and
    defaults, a mode with its own `modules` line; the compiler reports, never raises, and
    lowers what checks clean."""
    construct = Path("tests/compiler/constructs/game_options.rules")
    for path in (SPEC_PATH, construct):
        spec = (REPO_ROOT / path).read_text(encoding="utf-8")
        text = fuzzing_stress._stress_selection(data.draw, st, spec)
        fuzzing.check_input(path, text)


@settings(max_examples=4, **SETTINGS)
@given(st.data())
def test_modules_and_options_chosen_at_creation_never_raise(data):
    """The quick run (4 examples); the long run below makes 10."""
    _modules_and_options_chosen_at_creation_never_raise(data)


@pytest.mark.slow
@settings(max_examples=10, **SETTINGS)
@given(st.data())
def test_modules_and_options_chosen_at_creation_never_raise_in_a_long_run(data):
    _modules_and_options_chosen_at_creation_never_raise(data)
