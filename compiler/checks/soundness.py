"""The checks that ask whether the rules can be played as written, beyond names
and types: hidden information (E0601-E0603 and the warning W0601), end
conditions that can never hold (E0409), a setup the components cannot supply
for some player count (E0701), costs in resources that no rule gives (E0702),
and enum members that are misspelt provenance clauses (E0512).  Each is a
module of its own; this one runs them over one composed mode."""

from __future__ import annotations

from compiler.checks import endings, enums as enum_check, gains, information, setup as setup_check


def check_mode(comp, mode, cards: list[dict] | None, report) -> None:
    """Run every soundness check on ``mode``; ``report(severity, code, message, span,
    hint, notes)`` receives each problem (see :class:`compiler.checks.modes.ModeDiagnostics`).
    The checks that count cards are skipped when ``cards`` is None (catalogues
    that did not load cleanly would only add cascades)."""
    information.check_mode(mode, report)
    enum_check.check_mode(mode, report)
    endings.check_mode(mode, report)
    if cards is not None:
        setup_check.check_mode(comp, mode, cards, report)
        gains.check_mode(mode, cards, report)
