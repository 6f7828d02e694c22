"""Enum members share the game-wide namespace with tracks, params, resources,
derived values, tallies, ends, zones, dice and stocks (E0205)."""

from __future__ import annotations

from dsl import ast, codes
from dsl.diagnostics import Note
from compiler.checks.typecheck import Checker


def check_mode(mode, report) -> None:
    """Report the problems above in ``mode``; ``report`` (a
    :class:`dsl.diagnostics.Report`) receives each."""
    _Checks(mode, report).run()


class _Checks(Checker):
    def run(self) -> None:
        m = self.mode
        taken: dict[str, object] = {}
        for table in (m.resources, m.tracks, m.params, m.derived, m.tallies, m.ends, m.zones, m.dice,
                      m.stocks):
            for name, decl in table.items():
                taken.setdefault(name, decl)
        owner: dict[int, str] = {}  # the enum of each member seen, by id
        for enum in m.enums.values():
            members = self.once(enum.members, lambda e: e.name, codes.NAME_DECLARED_TWICE,
                                lambda e, enum=enum: f"`{e.name}` is listed twice in `{enum.name}`",
                                "remove one of them", "first listed here")
            for member in members:
                if member.name in taken:
                    other = taken[member.name]
                    what = (f"a member of `{owner[id(other)]}`" if id(other) in owner
                            else f"a {ast.decl_kind(other)}")
                    self.report.error(codes.NAME_DECLARED_TWICE, f"`{member.name}` names both a member of "
                                      f"`{enum.name}` and {what}", member.span, hint="rename one of them",
                                      notes=[Note("the other declaration", other.span)])
                taken.setdefault(member.name, member)
                owner[id(member)] = enum.name
