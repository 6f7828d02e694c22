"""A derived value with parameters is a number or a condition as its expression is, as
one without parameters is (docs/language.md › Derived value): ``payable(x)`` written as a
comparison or an ``or`` reads true or false, in ``if`` and ``require`` (Anachrony's warp
tiles, Actions › Player Board Actions › Power Plant Buildings / Time Travel)."""

from __future__ import annotations

from tests.helpers.specs import HEADER, ONE_ROUND, analyse_text, compile_text, engine

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


def test_a_condition_with_parameters_filters_a_where_and_is_called_by_another(tmp_path):
    # `also_enough(k)` is `enough(k)`: a condition too (it was a number, E0503 in an `if`)
    text = SPEC.replace('''setup {''', '''derived also_enough "enough again" (k: kind) = enough(k) {
  source "Kinds"
}
setup {''').replace("if enough(big) {", "if also_enough(big) {").replace(
        "if enough(small) {", "if (count players where enough(small)) == players {")
    module = engine(tmp_path, text)
    s = module.Game(num_players=2, seed=1).new_initial_state()
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    assert s.scores() == [11, 11]


def test_the_page_reads_a_condition_with_parameters_as_one_and_a_number_as_a_number(tmp_path):
    text = SPEC.replace("if enough(small) {", "if points_for(small) >= 1 {")
    page = compile_text(tmp_path, text).page
    assert "**enough points for a kind**, a condition on a player, for *k* (a kind): " in page
    assert "**points a kind is worth** of a player, for *k* (a kind): " in page
    assert "If *enough points for a kind* holds for big:" in page
    assert "If your points a kind is worth for small is at least 1:" in page


def test_a_count_whose_where_took_the_comparison_is_a_number_with_a_hint(tmp_path):
    # `count my hand where k == small and vp >= 1`: the `>= 1` filters the cards counted
    text = SPEC.replace("setup {", '''card token "Token" {
  source "Kinds"
}
zone hand "Hand" of token {
  per player
  source "Kinds"
}
derived counted "players with points" (k: kind) = count players where k == small and vp >= 1 {
  source "Kinds"
}
derived counted_cards "tokens" (k: kind) = count my hand where k == small and vp >= 1 {
  source "Kinds"
}
setup {''')
    found = analyse_text(tmp_path, text.replace("if enough(small) {", "if counted(small) {")).diagnostics
    assert [d.code for d in found] == ["E0503"]
    assert found[0].hint.startswith("compare it")  # `count players` has no `where` clause to take it
    text = text.replace("if enough(small) {", "if counted_cards(small) {")
    found = analyse_text(tmp_path, text).diagnostics
    assert [d.code for d in found] == ["E0503"]
    assert "`where` takes the rest of its line" in found[0].hint
