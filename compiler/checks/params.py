"""A param's value is a number, true/false, a text or an enum member (E0503)."""

from __future__ import annotations

from dsl import codes
from dsl.diagnostics import did_you_mean
from compiler.analysis import names as N
from compiler.checks.typecheck import Checker


def check_mode(mode, report) -> None:
    """Report the problems above in ``mode``; ``report`` (a
    :class:`dsl.diagnostics.Report`) receives each."""
    _Checks(mode, report).run()


class _Checks(Checker):
    def run(self) -> None:
        m = self.mode
        for p in m.params.values():
            if N.literal_type(p.value, m) == N.UNKNOWN:
                self.report.error(codes.WRONG_TYPE, f"param `{p.name}` must be a number, true/false, a text "
                                  "or an enum member", p.value.span,
                                  hint=did_you_mean(getattr(p.value, "name", ""), N.enum_members(m))
                                  or "write a number, true, false, a quoted text or a member of an enum")
