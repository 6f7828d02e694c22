"""Enum members that are misspelt provenance clauses (code E0512).

Inside an ``enum`` block, ``NAME "text"`` declares a member, so a misspelt
``source "..."`` (``sourc "Buildings"``) parses as a member called ``sourc``
and the citation is silently lost.  A member whose name is ``source``, ``ruling`` or
``provisional`` with one letter dropped, one added or two neighbours swapped is
reported (a real member such as ``course`` differs by a changed letter).
"""

from __future__ import annotations

from dsl import codes

PROVENANCE = ("source", "ruling", "provisional")


def check_mode(mode, report) -> None:
    """Report E0512 for ``mode``; ``report`` (a :class:`dsl.diagnostics.Report`) receives it."""
    for enum in mode.enums.values():
        for member in enum.members:
            if member.name in PROVENANCE:
                continue
            keyword = next((k for k in PROVENANCE if _typo_of(member.name, k)), None)
            if keyword is not None:
                report.error(codes.MISSPELT_CLAUSE, f"`{member.name}` in enum `{enum.name}` reads like a "
                             f"misspelt `{keyword}`, so it declares a member named `{member.name}`",
                             member.span, hint=f'write `{keyword} "..."`, or give the member another name')


def _typo_of(word: str, keyword: str) -> bool:
    """Is ``word`` ``keyword`` with one letter dropped or added, or two neighbours swapped?"""
    short, long_ = sorted((word, keyword), key=len)
    if len(long_) - len(short) == 1:
        return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))
    if len(word) == len(keyword) and word != keyword:
        diff = [i for i in range(len(word)) if word[i] != keyword[i]]
        return len(diff) == 2 and diff[1] == diff[0] + 1 and word[diff[0]] == keyword[diff[1]] \
            and word[diff[1]] == keyword[diff[0]]
    return False
