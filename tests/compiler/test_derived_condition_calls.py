"""A derived value with parameters is a number or a condition as its expression is, as
one without parameters is (docs/language.md › Derived value): ``payable(x)`` written as a
comparison or an ``or`` reads true or false, in ``if`` and ``require`` (Anachrony's warp
tiles, Actions › Player Board Actions › Power Plant Buildings / Time Travel)."""

from __future__ import annotations

from tests.helpers.specs import HEADER, ONE_ROUND, analyse_text, engine

SPEC = HEADER + ONE_ROUND + '''
enum kind "kind" {
  small "small"
  big "big"
  source "Kinds"
}
derived enough "enough points for a kind" (k: kind) = (k == small and vp >= 1) or vp >= 3 {
  source "Kinds"
}
derived points_for "points a kind is worth" (k: kind) = count players where vp >= 0 {
  source "Kinds"
}
setup {
  each player {
    score 1
  }
  source "Setup"
}
trigger bonus "Bonus" {
  before stop
  effect {
    if enough(big) {
      score 100
    }
    if enough(small) {
      score 10
    }
  }
  source "Play"
}
end game_over {
  winner most vp
  source "End"
}
'''


def test_a_derived_value_with_parameters_written_as_a_condition_is_true_or_false(tmp_path):
    module = engine(tmp_path, SPEC)
    s = module.Game(num_players=2, seed=1).new_initial_state()
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    assert s.scores() == [11, 11]  # 1 point: enough for a small kind, not for a big one


def test_a_derived_value_with_parameters_written_as_a_number_is_no_condition(tmp_path):
    text = SPEC.replace("if enough(small) {", "if points_for(small) {")
    codes = [d.code for d in analyse_text(tmp_path, text).diagnostics]
    assert "E0503" in codes
