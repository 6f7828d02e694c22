"""One legal-action function per phase (issue 10): the bodies of the actions' functions
copied into one, in the order the phase offers them, giving the very same actions."""

from __future__ import annotations

import random

from compiler.engine.phase_legal import inlined
from compiler.engine.runtime import Rules
from generated import euphoria, utopolis


def test_a_requirement_that_fails_leaves_the_block_where_the_function_returned():
    body = ["    if not ok:", "        return", "    for c in cards:", "        out.append(c)"]
    assert inlined(body) == ["    while True:  # run once: a requirement that fails leaves it",
                             "        if not ok:", "            break",
                             "        for c in cards:", "            out.append(c)", "        break"]


def test_a_body_without_return_is_copied_as_it_is():
    body = ["    _key = ('finish', p)", "", "    out += _found"]
    assert inlined(body) == ["    _key = ('finish', p)", "    out += _found"]


def test_a_return_inside_a_loop_or_with_a_value_or_a_statement_on_several_lines_is_not_copied():
    assert inlined(["    for c in cards:", "        if c:", "            return", "    x = 1"]) is None
    assert inlined(["    if not ok:", "        return None"]) is None
    assert inlined(["    x = [c for c in (1,", "        2)]"]) is None
    # a return after the loop has ended is at the function's level again
    assert inlined(["    for c in cards:", "        out.append(c)", "    return"]) is not None


def test_each_phase_of_several_actions_calls_one_function_standing_for_theirs():
    g = utopolis.RULES["family"]
    (fn,) = g.legal_of["build_trade"]
    assert fn is utopolis.legal_phase_build_trade
    assert fn.parts == tuple(g.actions[a][0] for a in g.phases["build_trade"].actions)
    assert g.legal_of["take_card"] == (utopolis.legal_pick,)  # one action: its own function


def test_a_mode_whose_phase_offers_other_actions_does_not_use_the_function_of_another():
    g = utopolis.RULES["family"]
    changed = g.changed(actions={**g.actions, "demolish": g.actions["finish"]})
    assert changed.legal_of["build_trade"] == tuple(
        changed.actions[a][0] for a in changed.phases["build_trade"].actions)


def _same_actions_as_the_parts(module, mode: str, players: int, seeds: range) -> int:
    compared = 0
    for seed in seeds:
        s = module.Game(num_players=players, mode=mode, seed=seed).new_initial_state()
        rng = random.Random(seed)
        while not s.is_terminal():
            g = s.g
            if not s.pending:
                (fn,) = g.legal_of[s.phase]
                p = s.current_player()
                combined, apart = [], []
                fn(g, s, p, combined)
                for part in getattr(fn, "parts", (fn,)):
                    part(g, s, p, apart)
                assert combined == apart and combined == s.legal_actions()
                compared += 1
            s.apply_action(rng.choice(s.legal_actions()))
    return compared


def test_the_function_of_a_phase_lists_what_the_actions_functions_list_in_the_same_order():
    assert _same_actions_as_the_parts(utopolis, "family", 4, range(2)) > 1000
    assert _same_actions_as_the_parts(utopolis, "metropolis", 3, range(1)) > 500
    assert _same_actions_as_the_parts(euphoria, "standard", 2, range(1)) > 100


def test_rules_without_phase_functions_call_each_actions_function():
    g = utopolis.RULES["family"]
    plain = Rules(title="t", players=(2, 2), actions=g.actions, phases=g.phases)
    assert plain.legal_of["build_trade"] == tuple(g.actions[a][0] for a in g.phases["build_trade"].actions)


def test_a_phase_function_reads_memo_and_shared_lists_from_locals_but_leaves_text_alone():
    """Inside a phase function, ``s._cse.get(N)`` and ``s.game.memo`` become its locals
    ``_cseN`` and ``_memo``; the same words in a string literal (a spec's text) stay."""
    from compiler.engine.phase_legal import _locals

    block = ["    _memo = s.game.memo  # looked up once for the loops below",
             "    _o = s._cse.get(3)",
             "    if _o is None:",
             "        _o = s._cse[3] = [c for c in x if T[c] != 's._cse.get(4) s.game.memo']",
             "    _found = s.game.memo.get(('it\\'s', p))"]
    lines, shared = _locals(block)
    assert shared == {"3"}
    assert lines == ["    _o = _cse3",
                     "    if _o is None:",
                     "        _o = _cse3 = [c for c in x if T[c] != 's._cse.get(4) s.game.memo']",
                     "    _found = _memo.get(('it\\'s', p))"]
