"""E0870: two card types that give one field name two types (a fresh user's defect).

Before the check, a ``bag`` field ``workers`` in one card type and an ``int`` field
``workers`` in another checked clean, and the generated engine failed on import with a
TypeError. The spec below is that repro; the same spec with one type for both compiles
and plays.
"""

from __future__ import annotations

from pathlib import Path

from tests.helpers.specs import HEADER, ONE_ROUND, compile_text, engine

SPEC = HEADER + ONE_ROUND + '''resource coin "Coin" {
  source "Coins"
}
card building "Building" {
  field workers: bag "workers it needs"
  source "Components"
}
card crew "Crew" {
  field workers: %s "workers on it"
  source "Components"
}
deck pile "Pile" of building {
  source "Components"
}
deck crews "Crews" of crew {
  source "Components"
}
catalogue buildings of building from "mini.cards.yaml" {
  source "Components"
}
catalogue crew_cards of crew from "crew.cards.yaml" {
  source "Components"
}
setup {
  put buildings into pile
  put crew_cards into crews
}
end game_over {
  when any player vp >= 3
  winner most vp
  source "End"
}
'''
BUILDINGS = "cards:\n  - name: mill\n    title: Mill\n    copies: 2\n    workers: {coin: 2}\n" \
            "    provenance: provisional\n"
CREWS = "cards:\n  - name: team\n    title: Team\n    copies: 2\n    workers: %s\n" \
        "    provenance: provisional\n"


def _compile(tmp_path: Path, crew_type: str, crew_value: str):
    (tmp_path / "crew.cards.yaml").write_text(CREWS % crew_value, encoding="utf-8")
    return compile_text(tmp_path, SPEC % crew_type, BUILDINGS)


def test_a_field_name_with_two_types_is_e0870(tmp_path: Path):
    result = _compile(tmp_path, "int", "3")
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["E0870"] and result.engine is None
    d = errors[0]
    assert d.span.line == (SPEC % "int").splitlines().index('  field workers: int "workers on it"') + 1
    assert "`workers` is `int` here, but `bag` in card type `building`" in d.message
    assert "crew_workers" in d.hint and d.notes


def test_one_type_for_both_plays(tmp_path: Path):
    (tmp_path / "crew.cards.yaml").write_text(CREWS % "{coin: 3}", encoding="utf-8")
    game = engine(tmp_path, SPEC % "bag", BUILDINGS)
    state = game.Game(num_players=1, seed=0).new_initial_state()
    state.apply_action(state.legal_actions()[0])
    assert state.is_terminal()
