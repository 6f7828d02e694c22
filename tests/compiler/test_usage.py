"""Warnings about unused components (W0104) and the count of provisional values (W0105)."""

from __future__ import annotations

from pathlib import Path

from compiler import pipeline
from dsl.codes import MINIMAL_SPEC
from tests.helpers.specs import analyse_text

EVERY_KIND_UNUSED = '''
resource gem "Gem" { source "Components" }
track fame "Fame" { per player source "Scoring" }
enum mood "Mood" { calm "Calm" source "Components" }
card token "Token" { field worth: int = 1 "worth" source "Components" }
card relic "Relic" { source "Components" }
pieces meeple "Meeple" { per player 2 source "Components" }
deck pile "Pile" of token { source "Components" }
catalogue relics of relic from "mini.cards.yaml" { source "Components" }
param bonus "Bonus" = 2 { source "Scoring" }
derived wealth "Wealth" = coin + 1 { source "Scoring" }
tally gifts "Gifts" { per round source "Turn" }
procedure reward "Reward" (n: int) { effect { score n } source "Scoring" }
mode generous "Generous" { set bonus = 3 }
'''

USED_IN_ODD_PLACES = '''
enum mood "Mood" { calm "Calm" angry "Angry" source "Components" }
resource gem "Gem" { source "Components" }
card relic "Relic" { field mood: mood "mood" field cost: bag "cost" source "Components" }
deck relic_pile "Relics" of relic { source "Components" }
catalogue relics of relic from "mini.cards.yaml" { source "Components" }
param hard "Hard" = false { source "Setup" }
mode harder "Harder" {
  replace setup {
    put relics into relic_pile
    each player {
      gain coin 1
    }
  }
  add action calm_down "Calm down" {
    require hard
    effect { score 1 }
    source "Turn"
  }
}
'''
RELICS = """cards:
  - name: urn
    mood: angry
    cost: {gem: 1}
    provenance: provisional
  - name: mask
    mood: calm
    cost: {}
    provisional_fields: [mood, cost]
"""


def _analyse(tmp_path: Path, extra: str, cards: str | None = None):
    return analyse_text(tmp_path, MINIMAL_SPEC + extra, cards).diagnostics


def test_each_kind_of_component_no_rule_uses_is_reported(tmp_path: Path):
    diags = _analyse(tmp_path, EVERY_KIND_UNUSED, "cards: []\n")
    unused = [d.message for d in diags if d.code == "W0104"]
    assert unused == [
        "resource `gem` is declared but no rule uses it",
        "track `fame` is declared but no rule uses it",
        "enum `mood` is declared but no rule uses it",
        "pieces `meeple` is declared but no rule uses it",
        "deck `pile` is declared but no rule uses it",
        "catalogue `relics` is declared but no rule uses it",
        "param `bonus` is declared but no rule uses it",
        "derived value `wealth` is declared but no rule uses it",
        "tally `gifts` is declared but no rule uses it",
        "procedure `reward` is declared but no rule uses it",
    ], unused  # in spec order; `token` and `relic` are used: `pile` and `relics` hold them
    assert all(d.severity == "warning" and d.hint.startswith("remove it, or ") for d in diags
               if d.code == "W0104")
    assert not [d for d in diags if d.severity == "error"]


def test_uses_in_modes_catalogues_and_enum_members_count(tmp_path: Path):
    diags = _analyse(tmp_path, USED_IN_ODD_PLACES, RELICS)
    assert [d.render() for d in diags if d.code == "W0104"] == []
    [count] = [d for d in diags if d.code == "W0105"]
    assert count.message == "the spec holds 3 provisional value(s): 1 invented card(s), " \
                            "2 card field value(s)"
    assert count.span.line == 1  # the `game` block


def test_an_enum_member_no_rule_or_card_names_is_reported_with_its_enum(tmp_path: Path):
    diags = _analyse(tmp_path, USED_IN_ODD_PLACES.replace('angry "Angry"', 'angry "Angry" sad "Sad"'),
                     RELICS)
    [d] = [d for d in diags if d.code == "W0104"]
    assert d.message == "`sad` of enum `mood` is declared but no rule or card uses it"
    assert d.notes[0].message == "enum `mood` is declared here"


def test_no_unused_warnings_while_the_spec_has_errors(tmp_path: Path):
    """A misspelled use makes its declaration look unused: report the misspelling only."""
    extra = 'param bonus "Bonus" = 2 { source "Scoring" }\n'
    broken = MINIMAL_SPEC.replace("score 1", "score bonsu")
    (tmp_path / "mini.rules").write_text(broken + extra, encoding="utf-8")
    diags = pipeline.analyse(tmp_path / "mini.rules").diagnostics
    assert [d.code for d in diags] == ["E0501"]
    assert diags[0].hint == "did you mean `bonus`?"
