"""The checks: each judges one composed mode and reports what is wrong with it.

:data:`CHECKS` is the one list of checks, in the order :func:`check` runs them.
A mode check is a module's ``check_mode(mode, report)``: ``mode`` is a
:class:`compiler.analysis.compose.ComposedMode` and ``report`` the
:class:`dsl.diagnostics.Report` each problem goes to (``report.error(codes.WRONG_TYPE,
message, span, hint=..., notes=...)``).  One that counts cards is
``check_mode(mode, cards, report)`` and is skipped when the catalogues did not load
cleanly (it would only add cascades).  The usage check reads every mode at once:
``check_composition(comp, cards, bag)``.  A diagnostic found in several modes is
reported once (:class:`compiler.checks.modes.ModeDiagnostics`).

The checks of the rules share :class:`compiler.checks.typecheck.Checker` (types of
expressions) and :class:`compiler.checks.statements.BlockChecker` (statements); those
marked ``records_types`` record the type of each expression they check and the scope of
each action and procedure in the mode's :class:`~compiler.analysis.types.TypeRecord`,
and :func:`check` returns the records (:class:`~compiler.analysis.types.Types`) for the
backends to read.
Checks read the analysis (:mod:`compiler.analysis`) and never import a backend
(engine, docs), the driver or the CLI.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from dsl.diagnostics import DiagnosticBag
from compiler.checks import (acting_player, actions_taken, card_rules, citations, components, decisions,
                             ends, enums, gains, game, impossible_ends, information, modules, offered,
                             options, params, payments, phasegraph, phases, rules, setup, tables,
                             unique_names, usage, values)
from compiler.analysis.types import Types
from compiler.checks.modes import ModeDiagnostics
from compiler.checks import automata
from compiler.checks import card_fields


@dataclass(frozen=True)
class Check:
    """One entry of :data:`CHECKS`: ``run`` is the check's function; ``reads`` says what
    it is given: ``"mode"`` (``run(mode, report)``), ``"cards"`` (``run(mode, cards,
    report)``) or ``"composition"`` (``run(comp, cards, bag)``, after the mode checks).
    A check that ``records_types`` is also given the mode's
    :class:`~compiler.analysis.types.TypeRecord` (``run(mode, report, types)``)."""

    run: Callable
    reads: str = "mode"
    records_types: bool = False


#: Every check, in the order it runs (the order diagnostics at one place are listed in).
CHECKS: list[Check] = [
    # names and types (codes E02xx, E05xx, W01xx)
    Check(game.check_mode),            # score track, player count, default mode
    Check(unique_names.check_mode),    # enum members clashing with other names
    Check(values.check_mode, records_types=True),      # tracks, derived values (and their cycles), tallies
    Check(components.check_mode, records_types=True),  # pieces, zones, card types
    Check(card_fields.check_mode),     # E0870: a field name with two types
    Check(tables.check_mode),          # tables: keys, values (construct 10)
    Check(rules.check_mode, records_types=True),       # setup, actions, procedures (and cycles), triggers
    Check(decisions.check_mode, reads="cards"),  # decisions in the middle of effects (constructs 2, 21)
    Check(actions_taken.check_mode),   # actions that take each other in a cycle (construct 3)
    Check(phases.check_mode, records_types=True),      # phases and the actions they offer
    Check(citations.check_mode),       # W0102: rules citing no rulebook section
    Check(offered.check_mode, reads="cards"),  # W0101: actions offered in no phase nor taken
    Check(ends.check_mode, records_types=True),        # transition and end conditions, tie-breakers
    Check(acting_player.check_mode),   # E0595: a player's value where no player acts
    Check(params.check_mode),          # param values
    Check(modules.check_mode),         # setup steps, `after` triggers, modules' conflicts and needs
    # the phase graph (E04xx)
    Check(phasegraph.check_mode),
    # can the rules be played as written (E06xx, E07xx, E0409, E0512)
    Check(information.check_mode),     # hidden information
    Check(enums.check_mode),           # enum members that are misspelt provenance clauses
    Check(impossible_ends.check_mode),  # end conditions that can never hold
    Check(setup.check_mode, reads="cards"),  # a setup the components cannot supply
    Check(gains.check_mode, reads="cards"),  # costs in resources no rule gives
    Check(payments.check_mode, records_types=True),  # payments that may exceed what is held (E0594)
    Check(card_rules.check_mode, reads="cards"),  # the rules cards name (construct 1)
    Check(actions_taken.check_cards, reads="cards"),  # `take action c.f with ...` (construct 3)
    Check(automata.check_mode, records_types=True),  # automata, seats and sides (construct 20)
    # the whole spec (W0104, W0105)
    Check(usage.check_composition, reads="composition"),
    Check(modules.check_composition, reads="composition"),  # E0331, W0150: needs, excludes, combine
    Check(automata.check_composition, reads="composition"),  # W0126: automata no mode seats
    Check(options.check_composition, reads="composition"),  # E0850-E0852, E0336, W0152: options
]


def check(comp, bag: DiagnosticBag, cards: list[dict] | None = None) -> Types:
    """Run :data:`CHECKS` on every composed mode of ``comp``; diagnostics go to ``bag``,
    each once, naming the modes it concerns unless it concerns them all.  ``cards`` (the
    catalogue entries, :func:`compiler.analysis.catalogue.load_catalogues`; None if they
    did not load cleanly) feed the checks that count cards and the usage warnings.
    Returns the types the checks found in each mode, for the backends to read."""
    every = comp.every()  # the modes, then the module sets they allow (construct 15)
    found = ModeDiagnostics(list(every))
    types = Types()
    for mode in every.values():
        if mode.incomplete:  # E0204/E0206 said why; its rules would only report cascades
            continue
        report = found.report(mode.name)
        record = types.mode(mode.name)
        for c in CHECKS:
            if c.reads == "mode" and c.records_types:
                c.run(mode, report, record)
            elif c.reads == "mode":
                c.run(mode, report)
            elif c.reads == "cards" and cards is not None:
                c.run(mode, cards, report)
    found.flush(bag)
    for c in CHECKS:
        if c.reads == "composition":
            c.run(comp, list(cards or ()), bag)
    return types
