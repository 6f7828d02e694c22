"""Inputs that used to crash, hang or fill the memory end in a diagnostic, or compile, within
bounded memory (issue 8): mode chains, deep nesting, long chains, huge numbers, huge or aliased
catalogues, thousands of declarations.  The heavy cases run in a child process whose address
space may grow by at most 500 MB (RLIMIT_AS): a MemoryError there fails the test; the
subprocess timeout only stops a hang (it is generous, not a timing assertion).  Every engine
generated for an extreme but allowed spec must `compile()`.  The stress runs of thousands of
parts in a child process are marked slow (CI runs them); the diagnostic at each limit and the
billion laughs stay in the default run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from compiler.analysis import limits
from compiler import pipeline
from tests.helpers.commands import python
from tests.helpers.specs import HEADER, LOOP_FLOW, compile_text, engine_module, error_codes, write_spec

REPO_ROOT = Path(__file__).resolve().parents[2]

# A small spec that compiles; cases edit it.
BASE = HEADER + '''resource coin "Coin" {
  supply unlimited
  source "Coins"
}
param bonus "Bonus" = 1 {
  source "Scoring"
}
setup {
  each player {
    gain coin 1
  }
  source "Setup"
}
''' + LOOP_FLOW + '''phase play "Play" turns {
  actions act
  source "Play"
}
action act "Act" {
  effect {
    score 1
    done
  }
  source "Play"
}
end game_over {
  when any player vp >= 30
  immediately
  winner most vp
  source "End"
}
'''


def with_effect(statements: str) -> str:
    return BASE.replace("    score 1\n    done", statements + "\n    done")


def with_score(expr: str) -> str:
    return with_effect(f"    score {expr}")


def with_choice(choice: str) -> str:
    return BASE.replace('action act "Act" {\n', f'action act "Act" {{\n  {choice}\n')


def codes(result: pipeline.CompileResult) -> list[str]:
    return error_codes(result.diagnostics)


def at(result: pipeline.CompileResult, code: str) -> str:
    """The source text under the first diagnostic ``code`` (its line from its column)."""
    d = next(d for d in result.diagnostics if d.code == code)
    line = result.source.splitlines()[d.span.line - 1]
    return line[d.span.column - 1:]



# ------------------------------------------------------------------ a child with 500 MB
CHILD = r'''
import json, resource, sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from compiler import pipeline
with open("/proc/self/statm") as f:
    present = int(f.read().split()[0]) * resource.getpagesize()
resource.setrlimit(resource.RLIMIT_AS, (present + 500 * 1024 * 1024, resource.RLIM_INFINITY))
start = time.perf_counter()
result = pipeline.compile_spec(Path(sys.argv[2]))
if result.engine is not None:
    compile(result.engine, "generated/engine.py", "exec")
for d in result.diagnostics:
    d.render({d.span.path: result.source})
errors = [d for d in result.diagnostics if d.severity == "error"]
print(json.dumps({"codes": [d.code for d in errors], "ok": result.ok,
                  "engine": result.engine is not None, "page": result.page is not None,
                  "first": [errors[0].span.line, errors[0].span.column] if errors else None,
                  "hints": sum(1 for d in errors if d.hint and "did you mean" in d.hint)}))
'''


def in_child(tmp_path: Path, text: str, cards: str | None = None) -> dict:
    """Compile ``text`` (as ``mini.rules``, with ``mini.cards.yaml``) in a child process that
    may allocate at most 500 MB more than it holds after its imports; its report."""
    done = python(CHILD, str(REPO_ROOT), str(write_spec(tmp_path, text, cards)), timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.splitlines()[-1])


pytestmark = pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="needs Linux /proc")


# ------------------------------------------------------------------ modes
def mode_chain(n: int, reverse: bool) -> str:
    out = [BASE]
    for i in range(n):
        parent = (i + 1 if i + 1 < n else None) if reverse else (i - 1 if i else None)
        extends = f" extends m{parent}" if parent is not None else ""
        out.append(f'mode m{i} "Mode {i}"{extends} {{\n  set bonus = {i}\n}}\n')
    return "".join(out)


@pytest.mark.slow
@pytest.mark.parametrize("reverse", [False, True], ids=["each extends the one before", "the one after"])
def test_a_chain_of_2000_modes_compiles(tmp_path, reverse):
    report = in_child(tmp_path, mode_chain(2000, reverse))
    assert report == {"codes": [], "ok": True, "engine": True, "page": True, "first": None, "hints": 0}


def test_the_modes_of_a_chain_build_on_one_another():
    from compiler.analysis.compose import compose
    from dsl.diagnostics import DiagnosticBag
    from dsl.parser import parse_spec

    spec, _ = parse_spec(mode_chain(300, reverse=True), "mini.rules")
    comp = compose(spec, DiagnosticBag())
    assert comp.modes["m0"].lineage == tuple(f"m{i}" for i in range(299, -1, -1))
    assert comp.modes["m0"].params["bonus"].value.value == 0
    assert [c.new.value for c in comp.modes["m0"].history][:3] == [299, 298, 297]


def test_more_modes_than_the_limit_is_an_error(tmp_path):
    result = compile_text(tmp_path, mode_chain(limits.MAX_MODES + 1, reverse=False))
    assert codes(result) == ["E0545"]
    assert at(result, "E0545").startswith(f'mode m{limits.MAX_MODES} ')


def test_modes_times_rules_past_the_limit_is_an_error(tmp_path):
    params = "".join(f'param p{i} "P" = {i} {{\n}}\n' for i in range(100))
    modes = "".join(f'mode m{i} "M" {{\n}}\n' for i in range(600))
    assert codes(compile_text(tmp_path, BASE + params + modes)) == ["E0545"]


def test_modules_used_twice_at_each_level_are_applied_once_not_a_hang(tmp_path):
    """A module is applied at most once in a composition (construct 14): the second `use`
    at each level does nothing, so 40 levels cost 40 modules, not 2 ** 40."""
    modules = 'module u0 "U0" {\n  set bonus = 2\n}\n' + "".join(
        f'module u{i} "U{i}" {{\n  use u{i - 1}\n  use u{i - 1}\n}}\n' for i in range(1, 40))
    result = compile_text(tmp_path, BASE + modules + 'mode big "Big" {\n  use u39\n}\n')
    assert codes(result) == []
    big = result.composition.modes["big"]
    assert big.modules_applied == tuple(f"u{i}" for i in range(39, -1, -1))
    assert [c.new.value for c in big.history if c.name == "bonus"] == [2]


def test_a_chain_of_2000_modules_composes(tmp_path):
    modules = 'module u0 "U0" {\n  set bonus = 2\n}\n' + "".join(
        f'module u{i} "U{i}" {{\n  use u{i - 1}\n}}\n' for i in range(1, 2000))
    result = compile_text(tmp_path, BASE + modules + 'mode big "Big" {\n  use u1999\n}\n')
    engine_module(result)
    assert result.composition.modes["big"].params["bonus"].value.value == 2


# ------------------------------------------------------------------ nesting
NESTINGS = {"parentheses": "({})", "not": "not {}", "minus": "-{}", "max": "max({}, 1)",
            "division": "{} // 2", "count": "count my hand where {} > 0"}


def nested(kind: str, depth: int, inner: str = "1") -> str:
    for _ in range(depth):
        inner = NESTINGS[kind].format(inner)
    return inner


HAND = '''card tile "Tile" {
  field value: int = 1 "worth"
  source "Tiles"
}
zone hand "Hand" of tile {
  per player
  hidden
  source "Hand"
}
'''


@pytest.mark.parametrize("kind, depth", [
    (kind, depth) for kind in ("not", "minus", "max", "division") for depth in (41, 300, 3000)]
    + [("parentheses", 300), ("parentheses", 3000)])  # parentheses alone make no level
def test_an_expression_nested_too_deep_is_e0003(tmp_path, kind, depth):
    expr = nested(kind, depth, "true" if kind == "not" else "1")
    text = (BASE + f'derived deep "Deep" = {expr} {{\n  source "X"\n}}\n')
    result = compile_text(tmp_path, text)
    assert "E0003" in codes(result)  # a chain of 3,000 divisions is also too long (E0542)
    deep = next(d for d in result.diagnostics if d.code == "E0003")
    assert deep.span.line == text[:text.index("derived deep")].count("\n") + 1  # not at 1:1


#: Levels of expression each nesting adds (parentheses make none: Python reads ~200).
LEVELS = {"parentheses": 0, "minus": 1, "max": 1, "division": 1, "count": 2}


@pytest.mark.parametrize("kind", list(LEVELS))
def test_an_expression_nested_to_the_limit_compiles(tmp_path, kind):
    # the score's `1 + ...` and the innermost number take the other two levels
    # (a chain of divisions is one more level: the chain itself, then one for each `//`)
    room = limits.MAX_EXPR_DEPTH - 2 - (kind == "division")
    depth = room // LEVELS[kind] if LEVELS[kind] else 90
    text = BASE.replace("resource coin", HAND + "resource coin")
    def scoring(n: int) -> str:
        return text.replace("    score 1\n", f"    score 1 + {nested(kind, n)}\n")

    engine_module(compile_text(tmp_path, scoring(depth)))
    result = compile_text(tmp_path, scoring(depth + 1))
    assert codes(result) == ([] if kind == "parentheses" else ["E0003"])


BLOCKS = ["if vp >= 0 {{\n{}\n}}", "each player {{\n{}\n}}", "if false {{\n}} else {{\n{}\n}}",
          "for each t in my hand {{\n{}\n}}"]


def blocks(depth: int, statement: str = "gain coin 1") -> str:
    for i in range(depth):
        statement = BLOCKS[i % len(BLOCKS)].format(statement)
    return statement


def test_blocks_nested_to_the_limit_compile(tmp_path):
    text = BASE.replace("resource coin", HAND + "resource coin").replace("players 1 to 3", "players 1 to 2")
    text = text.replace("    score 1\n", blocks(limits.MAX_BLOCK_DEPTH) + "\n")
    engine_module(compile_text(tmp_path, text))


@pytest.mark.parametrize("depth", [17, 60, 100, 300])
def test_blocks_nested_too_deep_are_e0003(tmp_path, depth):
    text = BASE.replace("resource coin", HAND + "resource coin").replace("players 1 to 3", "players 1 to 2")
    result = compile_text(tmp_path, text.replace("    score 1\n", blocks(depth) + "\n"))
    assert codes(result) == ["E0003"]


def test_each_player_inside_each_player_repeating_too_often_is_e0544(tmp_path):
    text = BASE.replace("players 1 to 3", "players 1 to 100")
    result = compile_text(tmp_path, text.replace("    score 1\n", blocks(3, "gain coin 1").replace(
        "if vp >= 0", "each player").replace("if false {\n} else", "each player") + "\n"))
    assert codes(result) == ["E0544"]
    assert "100^3" in next(d.message for d in result.diagnostics if d.code == "E0544")


# ------------------------------------------------------------------ long chains
@pytest.mark.parametrize("op", ["+", "-", "*"])
@pytest.mark.parametrize("terms", [201, 1000])
def test_a_long_chain_compiles_into_an_engine_python_reads(tmp_path, op, terms):
    engine = engine_module(compile_text(tmp_path, with_score(f" {op} ".join(["vp"] * terms))))
    assert engine.Game(num_players=2, seed=1).new_initial_state() is not None


def test_a_chain_of_divisions_counts_a_level_for_each(tmp_path):
    # `_div(_div(a, b), c)`: each `//` nests a call (the language defines x // 0 as 0)
    engine_module(compile_text(tmp_path, with_score(" // ".join(["vp"] * (limits.MAX_EXPR_DEPTH - 1)))))
    assert codes(compile_text(tmp_path, with_score(" // ".join(["vp"] * 201)))) == ["E0003"]


@pytest.mark.parametrize("op", ["and", "or"])
def test_a_long_condition_compiles(tmp_path, op):
    engine_module(compile_text(tmp_path, with_choice("require " + f" {op} ".join(["vp >= 0"] * 500))))


def test_a_chain_is_written_flat_in_the_engine(tmp_path):
    result = compile_text(tmp_path, with_score("vp + bonus - 1 + 2"))
    engine_module(result)
    assert "(s.tr['vp'][p] + g.P['bonus'] - 1 + 2)" in result.engine


def test_a_chain_of_divisions_keeps_its_left_to_right_meaning(tmp_path):
    # 100 // 3 * 2 // 0 is (33 * 2) // 0, and x // 0 is 0 in the language
    result = compile_text(tmp_path, with_score("bonus * 100 // 3 * 2 + 1"))
    engine = engine_module(result)
    assert "(_div((g.P['bonus'] * 100), 3) * 2)" in result.engine
    state = engine.Game(num_players=1, seed=1).new_initial_state()
    state.apply_action(state.legal_actions()[0])
    assert state.tr["vp"][0] == 67


def test_an_expression_past_the_most_terms_is_e0542(tmp_path):
    result = compile_text(tmp_path, with_score(" + ".join(["1"] * (limits.MAX_EXPR_TERMS + 1))))
    assert codes(result) == ["E0542"]
    assert at(result, "E0542").startswith("1 + 1 + 1")


# ------------------------------------------------------------------ numbers
def test_the_largest_number_is_read_and_one_more_is_e0543_where_it_is_written(tmp_path):
    engine_module(compile_text(tmp_path, with_score(str(limits.MAX_NUMBER))))
    result = compile_text(tmp_path, with_score(str(limits.MAX_NUMBER + 1)))
    assert codes(result) == ["E0543"]
    assert at(result, "E0543") == str(limits.MAX_NUMBER + 1)


@pytest.mark.parametrize("where", ["players 1 to {}", "supply {}", "gain coin {}", "vp >= {}"])
def test_a_number_of_thousands_of_digits_is_e0543(tmp_path, where):
    huge = "9" * 5000
    old = {"players 1 to {}": "players 1 to 3", "supply {}": "supply unlimited",
           "gain coin {}": "gain coin 1", "vp >= {}": "vp >= 30"}[where]
    result = compile_text(tmp_path, BASE.replace(old, where.format(huge)))
    assert codes(result) == ["E0543"]
    assert "(5000 digits)" in result.diagnostics[0].message


def test_a_bag_choice_of_a_billion_of_one_resource_offers_one_bag(tmp_path):
    result = compile_text(tmp_path, with_choice("choose b: 1000000000 of coin"))
    engine = engine_module(result)
    state = engine.Game(num_players=1, seed=1).new_initial_state()
    assert [a.args for a in state.legal_actions()] == [((1000000000,),)]


def test_the_brief_s_bag_choice_is_a_diagnostic(tmp_path):
    assert codes(compile_text(tmp_path, with_choice("choose b: 2147483648 of coin"))) == ["E0543"]


def test_too_many_choices_in_one_action_are_e0506(tmp_path):
    many = "\n  ".join(f"choose c{i}: player" for i in range(limits.MAX_ACTION_CHOICES + 1))
    result = compile_text(tmp_path, with_choice(many))
    assert codes(result) == ["E0506"]
    assert at(result, "E0506") == f"choose c{limits.MAX_ACTION_CHOICES}: player"


def ask(options: int) -> str:
    return "ask me {\n" + "".join(f'"option {i}" {{\nscore {i}\n}}\n' for i in range(options)) + "}"


def test_an_ask_of_the_most_options_inside_the_deepest_blocks_compiles(tmp_path):
    statement = blocks(limits.MAX_BLOCK_DEPTH - 1, ask(limits.MAX_ASK_OPTIONS))
    text = BASE.replace("resource coin", HAND + "resource coin").replace("players 1 to 3", "players 1 to 2")
    engine_module(compile_text(tmp_path, text.replace("    score 1\n    done", statement)))


def test_an_ask_of_more_options_is_e0506(tmp_path):
    result = compile_text(tmp_path, with_effect(ask(limits.MAX_ASK_OPTIONS + 1)).replace("\n    done", ""))
    assert codes(result) == ["E0506"]
    assert at(result, "E0506") == f'"option {limits.MAX_ASK_OPTIONS}" {{'


def test_choices_whose_combinations_pass_the_limit_are_e0506(tmp_path):
    result = compile_text(tmp_path, with_choice("choose a: 1 to 200\n  choose b: 1 to 100"))
    assert [d.message for d in result.diagnostics if d.code == "E0506"] == [
        "the choices of this action offer 20,000 combinations, more than 10,000"]


def pieces(kinds: int, per_player: int) -> str:
    return "".join(f'pieces pc{k} "Piece {k}" {{\n  per player {per_player}\n  source "X"\n}}\n'
                   for k in range(kinds))


def test_the_most_pieces_are_laid_out(tmp_path):
    text = BASE.replace("players 1 to 3", "players 1 to 100") + pieces(1, limits.MAX_PIECES_PER_PLAYER)
    result = compile_text(tmp_path, text)
    engine = engine_module(result)
    state = engine.Game(num_players=100, seed=1).new_initial_state()
    assert len(state.loc) == limits.MAX_PIECES


def test_more_pieces_in_all_than_the_limit_is_e0506(tmp_path):
    text = BASE.replace("players 1 to 3", "players 1 to 100") + pieces(10, limits.MAX_PIECES_PER_PLAYER)
    result = compile_text(tmp_path, text)
    assert codes(result) == ["E0506"]
    assert at(result, "E0506").startswith('pieces pc1 "Piece 1"')


# ------------------------------------------------------------------ chains of references
def derived_chain(n: int) -> str:
    return "".join(f'derived d{i} "D{i}" = {f"d{i - 1} + 1" if i else "1"} {{\n  source "X"\n}}\n'
                   for i in range(n))


def test_a_chain_of_derived_values_at_the_limit_runs(tmp_path):
    n = limits.MAX_REFERENCE_DEPTH
    engine = engine_module(compile_text(tmp_path, with_score(f"d{n - 1}") + derived_chain(n)))
    state = engine.Game(num_players=1, seed=1).new_initial_state()
    state.apply_action(state.legal_actions()[0])
    assert state.tr["vp"][0] == n


@pytest.mark.parametrize("n", [limits.MAX_REFERENCE_DEPTH + 1, 2000])
def test_a_longer_chain_of_derived_values_is_e0541(tmp_path, n):
    result = compile_text(tmp_path, with_score(f"d{n - 1}") + derived_chain(n))
    assert codes(result) == ["E0541"]
    assert at(result, "E0541").startswith(f'derived d{n - 1} ')


def test_a_chain_of_procedures_is_e0541(tmp_path):
    procs = 'procedure pr0 "P" (who: player) {\n  effect {\n    score 1\n  }\n}\n' + "".join(
        f'procedure pr{i} "P" (who: player) {{\n  effect {{\n    do pr{i - 1}(who)\n  }}\n}}\n'
        for i in range(1, 300))
    assert codes(compile_text(tmp_path, with_effect("    do pr299(me)") + procs)) == ["E0541"]


@pytest.mark.parametrize("kind", ["derived", "procedure"])
def test_names_that_all_refer_to_one_another_report_one_cycle(tmp_path, kind):
    n = 16  # 16 names, each reading all others: more simple cycles than can be listed
    if kind == "derived":
        extra = "".join(f'derived d{i} "D" = ' + " + ".join(f"d{j}" for j in range(n) if j != i)
                        + ' {\n}\n' for i in range(n))
    else:
        extra = "".join(f'procedure pr{i} "P" (who: player) {{\n  effect {{\n'
                        + "".join(f"    do pr{j}(who)\n" for j in range(n) if j != i) + "  }\n}\n"
                        for i in range(n))
    result = compile_text(tmp_path, BASE + extra)
    cycles = [d for d in result.diagnostics if d.code == "E0206"]
    assert len(cycles) == 1 and " → ".join(["d0", "d1", "d0"] if kind == "derived"
                                           else ["pr0", "pr1", "pr0"]) in cycles[0].message


# ------------------------------------------------------------------ size of the spec
def test_a_spec_past_the_most_characters_is_e0540_before_it_is_read(tmp_path):
    result = compile_text(tmp_path, BASE + "# " + "x" * limits.MAX_SPEC_CHARS)
    assert codes(result) == ["E0540"]
    assert "characters" in result.diagnostics[0].message


def test_a_spec_past_the_most_tokens_is_e0540_at_the_first_token_past(tmp_path):
    params = "".join(f'param p{i} "P" = 1 {{\n}}\n' for i in range(limits.MAX_SPEC_TOKENS // 7))
    result = compile_text(tmp_path, BASE + params)
    assert codes(result) == ["E0540"]
    assert "tokens" in result.diagnostics[0].message


def test_fmt_refuses_a_spec_past_the_limits_as_check_does(tmp_path, capsys):
    from compiler import cli

    spec = tmp_path / "mini.rules"
    spec.write_text(BASE + "x " * limits.MAX_SPEC_TOKENS, encoding="utf-8")
    assert cli.main(["fmt", "--check", str(spec)]) == 1
    out = capsys.readouterr()
    assert "error[E0540]: the spec is too large" in out.out + out.err


def test_a_file_of_gigabytes_is_not_read(tmp_path, monkeypatch):
    spec = tmp_path / "mini.rules"
    spec.write_text(BASE, encoding="utf-8")
    monkeypatch.setattr(Path, "read_text", lambda *a, **k: pytest.fail("the file was read"))
    monkeypatch.setattr(Path, "open", lambda *a, **k: pytest.fail("the file was read"))
    real_stat = Path.stat

    def huge(self, *args, **kwargs):
        st = real_stat(self, *args, **kwargs)
        return type("Stat", (), {"st_size": 5 * 10 ** 9, "st_mtime_ns": st.st_mtime_ns,
                                 "st_mode": st.st_mode})()

    monkeypatch.setattr(Path, "stat", huge)
    assert codes(pipeline.analyse(spec)) == ["E0540"]


@pytest.mark.slow
def test_thousands_of_declarations_compile_within_500_mb(tmp_path):
    # 4,000 params of 11 tokens: near the most tokens a spec may hold (E0540).
    params = "".join(f'param p{i} "Param {i}" = {i} {{\n  source "Scoring"\n}}\n' for i in range(4000))
    report = in_child(tmp_path, BASE + params)
    assert report["ok"] and report["engine"] and report["page"]


@pytest.mark.slow
def test_thousands_of_transitions_compile_within_500_mb(tmp_path):
    # found by `rulebook fuzz`: every conditional transition's function was named by trying
    # each numbered name (transition_play_to_play, _2...) from the start each time
    edges = "".join(f"  play -> play when players == {i}\n" for i in range(6000))
    report = in_child(tmp_path, BASE.replace("  play -> play\n", "  play -> play\n" + edges))
    assert report["ok"] and report["engine"]


@pytest.mark.slow
def test_thousands_of_unknown_names_among_thousands_of_names_report_quickly(tmp_path):
    params = "".join(f'param p{i} "P" = 1 {{\n}}\n' for i in range(3000))
    actions = "".join(f'derived u{i} "U" = q{i} {{\n}}\n' for i in range(3000))
    report = in_child(tmp_path, BASE + params + actions)
    assert report["codes"].count("E0501") == 3000
    assert 0 < report["hints"] < 3000  # the first ones get a did-you-mean; the budget ends it


# ------------------------------------------------------------------ catalogues
CARD_SPEC = '''card tile "Tile" {
  field value: int "worth"
  source "Tiles"
}
catalogue tiles of tile from "mini.cards.yaml" {
  source "Tiles"
}
deck pile "Pile" of tile {
  source "Tiles"
}
'''


def with_cards(tmp_path: Path, cards: str) -> pipeline.CompileResult:
    text = BASE.replace("resource coin", CARD_SPEC + "resource coin").replace(
        "  each player {\n    gain coin 1\n  }\n", "  put tiles into pile\n")
    return compile_text(tmp_path, text, cards)


def cards_at(result: pipeline.CompileResult, code: str) -> tuple[int, int]:
    d = next(d for d in result.diagnostics if d.code == code)
    assert d.span.path.endswith("mini.cards.yaml")
    return d.span.line, d.span.column


def billion_laughs() -> str:
    out = ["cards:", "  - name: c0", "    value: 1",
           '    note: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 10):
        out += [f"  - name: c{i}", "    value: 1", f"    note: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]"]
    out += ["  - name: boom", "    value: 1", "    title: *a9"]
    return "\n".join(out) + "\n"


def test_a_catalogue_of_aliases_is_e0320_at_the_first_anchor(tmp_path):
    result = with_cards(tmp_path, billion_laughs())
    assert codes(result) == ["E0320"]
    assert cards_at(result, "E0320") == (4, 11)


def test_billion_laughs_are_refused_within_500_mb(tmp_path):
    report = in_child(tmp_path, BASE.replace("resource coin", CARD_SPEC + "resource coin"),
                      billion_laughs())
    assert report["codes"] == ["E0320"]


@pytest.mark.parametrize("cards", [
    "cards:\n  - &base {name: a, value: 1}\n  - <<: *base\n    name: b\n",
    "cards: &x\n  - *x\n",
    "cards:\n  - name: a\n    value: 1\n    title: &t Tile\n"],
    ids=["merge key", "recursive alias", "unused anchor"])
def test_anchors_aliases_and_merge_keys_are_e0320(tmp_path, cards):
    assert codes(with_cards(tmp_path, cards)) == ["E0320"]


@pytest.mark.parametrize("cards, line", [
    ("cards:\n  - name: a\n    value: 1\n    note: " + "[" * 100_000 + "]" * 100_000 + "\n", 4),
    ("cards:\n  - name: a\n    value: 1\n    note:\n" + "".join("  " * (i + 3) + "-\n" for i in range(300)),
     4 + limits.MAX_YAML_DEPTH - 2)],  # the file's mapping and list, the card, then the notes
    ids=["flow lists", "block lists"])
def test_a_catalogue_nested_thousands_deep_is_e0321(tmp_path, cards, line):
    result = with_cards(tmp_path, cards)
    assert codes(result) == ["E0321"]
    assert cards_at(result, "E0321")[0] == line


@pytest.mark.parametrize("number", ["9" * 5000, "0x" + "f" * 10_000, str(limits.MAX_NUMBER + 1)])
def test_a_number_past_the_largest_in_a_catalogue_is_e0543(tmp_path, number):
    result = with_cards(tmp_path, f"cards:\n  - name: a\n    value: {number}\n")
    assert codes(result) == ["E0543"]
    assert cards_at(result, "E0543") == (3, 12)


def test_a_billion_copies_is_e0308(tmp_path):
    result = with_cards(tmp_path, "cards:\n  - name: a\n    value: 1\n    copies: 1000000000\n")
    assert codes(result) == ["E0308"]


def test_more_cards_than_the_limit_is_e0321_at_the_card_past_it(tmp_path):
    cards = "cards:\n" + "".join(f"  - {{name: c{i}, value: 1, copies: 1000}}\n" for i in range(11))
    result = with_cards(tmp_path, cards)
    assert codes(result) == ["E0321"]
    assert cards_at(result, "E0321") == (12, 5)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["fields", "one field repeated"])
def test_a_card_of_thousands_of_keys_is_checked_within_500_mb(tmp_path, kind):
    lines = "".join(f"    k{i}: 1\n" if kind == "fields" else f"    value: {i}\n" for i in range(30_000))
    report = in_child(tmp_path, BASE.replace("resource coin", CARD_SPEC + "resource coin"),
                      "cards:\n  - name: a\n" + ("    value: 1\n" if kind == "fields" else "") + lines)
    assert report["codes"] == (["E0307"] * 30_000 if kind == "fields" else ["E0306"])


def test_a_catalogue_file_past_the_most_characters_is_e0321(tmp_path):
    cards = "cards:\n  - name: a\n    value: 1\n# " + "x" * limits.MAX_CATALOGUE_CHARS + "\n"
    result = with_cards(tmp_path, cards)
    assert codes(result) == ["E0321"]
    assert "is too large" in result.diagnostics[0].message


@pytest.mark.slow
def test_thousands_of_diagnostics_in_a_catalogue_render_within_500_mb(tmp_path):
    cards = "cards:\n" + "".join(f"  - {{name: c{i}}}\n" for i in range(9000))  # each lacks `value`
    report = in_child(tmp_path, BASE.replace("resource coin", CARD_SPEC + "resource coin"), cards)
    assert report["codes"].count("E0309") == 9000


# ------------------------------------------------------------------ engines at play and setup
def test_an_empty_setup_plays(tmp_path):
    no_setup = BASE.replace("  each player {\n    gain coin 1\n  }\n", "")
    engine = engine_module(compile_text(tmp_path, no_setup))
    state = engine.Game(num_players=2, seed=1).new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert sorted(state.returns()) == [-1.0, 1.0]


def test_a_draw_into_the_zone_a_deck_refills_from_stops_after_every_card(tmp_path):
    spec = BASE.replace("resource coin", '''pieces tok "Token" {
  per player 1
  source "X"
}
deck pile "Pile" of tok {
  refill from discard
  source "X"
}
deck discard "Discard" of tok {
  source "X"
}
resource coin''').replace("  each player {\n    gain coin 1\n  }\n",
                          "  put tok into pile\n  draw count pile + 1000000000 from pile into discard\n")
    engine = engine_module(compile_text(tmp_path, spec))
    state = engine.Game(num_players=2, seed=1).new_initial_state()  # used to loop 10^9 times
    cards = state.z["pile"] + state.z["discard"]
    assert cards and len(cards) == len(set(cards))


def test_the_setup_check_of_a_large_setup_gives_up_instead_of_running_for_minutes(tmp_path):
    body = "each player {\n each player {\n" + "gain coin 1\n" * 200 + "}\n}\n"
    text = BASE.replace("players 1 to 3", "players 1 to 100").replace(
        "  each player {\n    gain coin 1\n  }\n", body)
    engine_module(compile_text(tmp_path, text))
