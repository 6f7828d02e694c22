"""Inputs that `rulebook fuzz` found raising instead of reporting diagnostics, one test each:
the compiler must answer every one with diagnostics."""

from __future__ import annotations

from pathlib import Path

import pytest

from compiler import pipeline

ROOT = Path(__file__).resolve().parents[2]
UTOPOLIS = ROOT / "specs" / "utopolis.rules"


def analyse_edited(path: Path, old: str, new: str) -> pipeline.CompileResult:
    text = path.read_text(encoding="utf-8")
    assert old in text
    return pipeline.analyse(path, text=text.replace(old, new, 1))


@pytest.mark.parametrize("field", ["input", "output"])
def test_a_catalogue_bag_read_as_an_enum_is_a_diagnostic(field: str):
    # A card field retyped from bag to an enum: the catalogue's values are dicts
    # ({electricity: 1}), which are not members (they used to raise TypeError: unhashable).
    result = analyse_edited(UTOPOLIS, f"field {field}: bag", f"field {field}: colour")
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert any(d.code == "E0308" and f"field `{field}`" in d.message and "is not a colour" in d.message
               for d in errors)


EUPHORIA = ROOT / "specs" / "euphoria.rules"
HUGE = "99999999999999999999999"
BIG = "1000000000"  # the largest number a spec may write (MAX_NUMBER)


def errors_of(result: pipeline.CompileResult) -> list[str]:
    return [f"{d.code} {d.message}" for d in result.diagnostics if d.severity == "error"]


# Numbers the engine would enumerate at compile time: past the bounds of
# compiler.analysis.limits they are errors (codegen used to run for ever on them).
def test_a_huge_player_count_is_an_error():
    result = analyse_edited(EUPHORIA, "players 2 to 6", f"players 2 to {BIG}")
    assert errors_of(result) == [f"E0521 a game can be for at most 100 players, not {BIG}"]


def test_a_number_past_the_largest_is_an_error_where_it_is_written():
    result = analyse_edited(EUPHORIA, "players 2 to 6", f"players 2 to {HUGE}")
    assert errors_of(result) == [
        f"E0543 the number {HUGE} is too large: numbers in a spec are at most 1,000,000,000"]
    [d] = result.diagnostics
    line = result.source.splitlines()[d.span.line - 1]
    assert line[d.span.column - 1:d.span.end_column - 1] == HUGE


def test_a_bag_choice_with_too_many_combinations_is_an_error():
    result = analyse_edited(UTOPOLIS, "choose x: 2 of electricity, water",
                            f"choose x: {BIG} of electricity, water")
    assert errors_of(result) == [
        f"E0506 a choice of {BIG} from 2 resources offers more than 10,000 bags"]


def test_too_many_pieces_per_player_is_an_error():
    result = analyse_edited(EUPHORIA, "per player 4", f"per player {BIG}")
    assert errors_of(result) == [f"E0506 each player can have at most 1000 pieces of a kind, not {BIG}"]


def test_a_huge_range_choice_and_huge_catalogue_copies_are_errors(tmp_path):
    from tests.helpers.specs import compile_text
    from tests.compiler.test_construct_let_best import CARDS, SPEC

    spec = SPEC.replace('action grab "Grab the best tile" {\n',
                        f'action grab "Grab the best tile" {{\n  choose n: 1 to {BIG}\n')
    cards = CARDS.replace("value: 1}", f"value: 1, copies: {BIG}}}")
    assert errors_of(compile_text(tmp_path, spec, cards)) == [
        "E0308 card `low`: copies must be a whole number from 1 to 1000",
        f"E0506 the range 1 to {BIG} offers more than 10,000 numbers"]
