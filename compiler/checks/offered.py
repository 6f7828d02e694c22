"""Every action is offered in some phase or taken by an effect (W0101; construct 3: an
action reached only by `take` need not be offered)."""

from __future__ import annotations

from dsl import codes
from compiler.checks import actions_taken
from compiler.checks.typecheck import Checker


def check_mode(mode, cards: list[dict], report) -> None:
    """Report the problems above in ``mode`` (whose catalogues' entries are ``cards``:
    an action a card names in an ``action`` field is taken); ``report`` (a
    :class:`dsl.diagnostics.Report`) receives each."""
    _Checks(mode, report).run(cards)


class _Checks(Checker):
    def run(self, cards: list[dict]) -> None:
        m = self.mode
        offered = {ident.name for ph in m.phases.values() for ident in ph.actions}
        offered |= actions_taken.taken_names(m, cards)
        for name, a in m.actions.items():
            if name not in offered:
                self.report.warning(codes.ACTION_NOT_OFFERED, f"action `{name}` is offered in no phase",
                                    a.span, hint="list it in a phase's `actions`, or remove it")
