"""One construct, one handler per pass (issue 9 item 3).

Each pass that works on the syntax tree dispatches on the node class through one table
(node class → handler).  The one test below fails when any node class of ``dsl.ast``
has no handler in a pass and is not exempted from it, here, with the reason the pass
does not need one.  CONTRIBUTING.md lists what adding a construct takes.

The formatter is the exception that proves the rule: it lays out the token stream of
the grammar (so it keeps comments and the author's line breaks) and never meets a node
class; its handler of every construct is that layout.  What it must do for each node
class is keep it through a round trip, so the test formats the specs that hold every
node class (the Utópolis spec and ``tests/dsl/kitchen_sink.rules``) and compares trees.
"""

from __future__ import annotations

import dataclasses
import inspect
import typing
from pathlib import Path

from dsl import ast
from dsl.format import format_source
from dsl.parser import parse_spec
from compiler.analysis import compose, constfold
from compiler.checks import statements, typecheck
from compiler.docs import english
from compiler.engine import choices, pyexpr
from compiler.engine import statements as lowering

REPO_ROOT = Path(__file__).resolve().parent.parent
#: The specs that hold every node class between them (tests/dsl/test_parser.py checks it).
EVERY_CONSTRUCT = [REPO_ROOT / "specs" / "utopolis.rules", REPO_ROOT / "tests" / "dsl" / "kitchen_sink.rules"]

NODES = {c for _, c in inspect.getmembers(ast, inspect.isclass)
         if dataclasses.is_dataclass(c) and c.__module__.startswith(ast.__name__ + ".")}
EXPRESSIONS = set(typing.get_args(ast.Expr))
STATEMENTS = set(typing.get_args(ast.Stmt))
DOMAINS = set(typing.get_args(ast.Domain))
#: What a declaration is made of, besides expressions, statements and domains.
PARTS = {ast.Field, ast.EnumMember, ast.BagItem, ast.CardState, ast.Overflow, ast.Edge, ast.Choice, ast.Uses,
         ast.ProcParam, ast.TieBreaker, ast.RollOff, ast.Winners,
         ast.ModePlayers, ast.UseModule, ast.SetParam,
         ast.Add, ast.Replace, ast.Remove, ast.KeyRange, ast.ListType, ast.TableRow,
         ast.SetupStep, ast.Statements, ast.Extend, ast.AddStep, ast.ReplaceStep, ast.RemoveStep,
         ast.ModuleNeeds, ast.ModuleExcludes, ast.ProcedureType, ast.TakeWith,
         ast.AutomatonTurn, ast.ModeSeats, ast.ModeSeating, ast.ModeSides,
         ast.SelectModules, ast.SelectOptions,
         ast.AutomatonController}
REFERENCES = {ast.Ident, ast.Meta}
DECLARATIONS = NODES - EXPRESSIONS - STATEMENTS - DOMAINS - PARTS - REFERENCES - {ast.ZoneRef, ast.AskOption}


def _exempt(classes, reason: str) -> dict[type, str]:
    return dict.fromkeys(classes, reason)


_OWNED = ("read by the node that holds it: a name used as a reference (Ident) by the rule of its "
          "owner, a provenance clause (Meta) by the declaration it cites for")

#: For each pass: its table(s) of handlers, and the node classes it does not need, each
#: with the reason.
PASSES: dict[str, tuple[dict, dict[type, str]]] = {
    "checker (compiler/checks: typecheck.EXPRESSIONS, statements.STATEMENTS, statements.DOMAINS)": (
        {**typecheck.EXPRESSIONS, **statements.STATEMENTS, **statements.DOMAINS},
        {ast.ZoneRef: "not a value: Checker.zone_ref checks a zone wherever a rule names one",
         ast.AskOption: "checked with its `ask` (labels told apart, each body a block)",
         **_exempt(DECLARATIONS | PARTS, "checked in the composed mode that holds it, by the checks of "
                   "compiler.checks.CHECKS (each reads the mode's tables: actions, zones, ends...)"),
         **_exempt(REFERENCES, _OWNED)}),
    "constant folding (compiler/analysis/constfold.FOLDS)": (
        constfold.FOLDS,
        {ast.ZoneRef: "not a value: a zone's cards are known only in play",
         **_exempt(STATEMENTS | {ast.AskOption} | DOMAINS | DECLARATIONS | PARTS | REFERENCES,
                   "folding computes the values of expressions only")}),
    "lowering to Python (compiler/engine: pyexpr.EXPRESSIONS, statements.STATEMENTS, choices.DOMAINS)": (
        {**pyexpr.EXPRESSIONS, **lowering.STATEMENTS, **choices.DOMAINS},
        {ast.ZoneRef: "not a value: pyexpr.zone and pyexpr.owner lower a zone wherever a rule names one",
         ast.AskOption: "lowered with its `ask`, one branch per option of the function it makes",
         **_exempt(DECLARATIONS | PARTS, "lowered from the composed modes' tables by EngineGenerator, one "
                   "method per kind of rule (action, derived, procedure, trigger, phase effects...)"),
         **_exempt(REFERENCES, _OWNED)}),
    "English (compiler/docs/english: EXPR_, STMT_, DOMAIN_, DECL_RENDERERS)": (
        {**english.EXPR_RENDERERS, **english.STMT_RENDERERS, **english.DOMAIN_RENDERERS,
         **english.DECL_RENDERERS},
        {ast.AskOption: "rendered with its `ask`, one bullet per option",
         ast.Game: "the page's title, players and rulebook: compiler/docs/codegen.py",
         ast.Mode: "the page's modes: compiler/docs/codegen.py and changes.py, from the composition",
         ast.Module: "its rules are rendered in each mode that uses it (compiler/docs/changes.py)",
         ast.Amend: "its changes are rendered with the mode they amend (compiler/docs/changes.py)",
         ast.Combine: "its changes are rendered with each mode that applies its modules "
                      "(compiler/docs/changes.py)",
         ast.Spec: "the whole page: compiler/docs/codegen.py",
         **_exempt(PARTS, "rendered by the declaration that holds it (a card type its fields, an "
                   "action its choices and uses, an end its tie-breakers, a mode its changes...)"),
         **_exempt(REFERENCES, _OWNED)}),
}


def _formatter_keeps_every_node_class() -> list[str]:
    """The node classes the formatter is not shown to keep: absent from the round trip
    of the specs that hold every construct (or any class, if a round trip changes a tree)."""
    seen: set[type] = set()
    for path in EVERY_CONSTRUCT:
        text = path.read_text(encoding="utf-8")
        before, _ = parse_spec(text, str(path))
        after, _ = parse_spec(format_source(text, str(path)).formatted, str(path))
        if before is None or before != after:
            return [f"{path.name} does not round-trip through the formatter"]
        seen |= {type(node) for node in ast.walk(after)}
    return sorted(c.__name__ for c in NODES - seen)


def test_every_node_class_has_a_handler_in_every_pass():
    problems = []
    for name, (handlers, exempt) in PASSES.items():
        missing = sorted(c.__name__ for c in NODES - set(handlers) - set(exempt))
        stale = sorted(c.__name__ for c in set(handlers) & set(exempt))
        strays = sorted(getattr(c, "__name__", str(c)) for c in (set(handlers) | set(exempt)) - NODES)
        unreasoned = sorted(c.__name__ for c, why in exempt.items() if len(why) < 20)
        for what, items in (("no handler", missing), ("a handler and an exemption", stale),
                            ("not a node class", strays), ("an exemption without its reason", unreasoned)):
            if items:
                problems.append(f"{name}: {what}: {', '.join(items)}")
    unkept = _formatter_keeps_every_node_class()
    if unkept:
        problems.append("formatter (dsl/format.py): not round-tripped by "
                        f"{', '.join(p.name for p in EVERY_CONSTRUCT)}: {', '.join(unkept)}")
    assert not problems, "\n".join(problems)


def test_every_rule_a_mode_can_change_has_english():
    """A mode, module or amendment that adds, replaces or removes a rule shows it on the
    page in full (compiler/docs/changes.py), and the rule it supersedes: every kind of
    rule that composition lets a mode change needs an English renderer, whatever the
    page does with the base game's rule of that kind (a `replace flow` once crashed the
    build with "no English for declaration Flow")."""
    changeable = set(compose.TABLES) | set(compose.SINGLE_RULES)
    missing = sorted(c.__name__ for c in changeable - set(english.DECL_RENDERERS))
    assert not missing, f"no English renderer in DECL_RENDERERS for: {', '.join(missing)}"
