"""Every rule cites the rulebook section it comes from (W0102)."""

from __future__ import annotations

from dsl import codes
from compiler.checks.typecheck import Checker


def check_mode(mode, report) -> None:
    """Report the problems above in ``mode``; ``report`` (a
    :class:`dsl.diagnostics.Report`) receives each."""
    _Checks(mode, report).run()


class _Checks(Checker):
    def run(self) -> None:
        m = self.mode
        for table in (m.resources, m.tracks, m.zones, m.params, m.derived, m.tallies, m.phases,
                      m.actions, m.triggers, m.procedures, m.ends):
            for decl in table.values():
                if not any(meta.kind == "source" for meta in decl.meta):
                    self.report.warning(codes.NO_CITATION, f"`{decl.name}` cites no rulebook section",
                                        decl.span, hint='add `source "Section › Subsection"`')
