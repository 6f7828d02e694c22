"""AST nodes of modules and options chosen when a game is created (issue 11, construct 15):
the ``modules`` and ``options`` lines of the game and of modes, and ``option`` declarations.

Design: ``design/language/README.md`` › Construct 15.  A module listed in ``modules`` is
*selectable*: whoever creates a game picks any set of them that ``needs``/``excludes``
allow (``Game(..., modules=("hypersync",))``), and an option is a value fixed at creation
(``options={"villain": "cortes"}``) that rules read by its name.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dsl.ast.base import Ident, Meta, _span
from dsl.ast.expressions import Expr
from dsl.spans import Span


@dataclass(frozen=True, slots=True)
class SelectModules:
    """``modules a, b`` in the game block or a mode: the modules a game may select when it
    is created (a mode's line replaces the game's for that mode and the modes it heads)."""

    names: tuple[Ident, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class SelectOptions:
    """``options a, b`` in the game block or a mode: the options a game of it is created with."""

    names: tuple[Ident, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Option:
    """``option NAME "Title" { VALUES; default V|random; source ... }``: a value fixed when
    the game is created, read by its name like a param.

    ``kind`` says what ``VALUES`` is: ``"one_of"`` (``one of E``: the members of enum ``E``),
    ``"range"`` (``low to high``) or ``"bool"`` (``true or false``); ``default`` is a literal
    (None with ``random``: drawn from the game's seed before the setup runs; None without it:
    the option has no default and must be given)."""

    name: str
    title: str
    kind: str
    of: Ident | None = None
    low: int = 0
    high: int = 0
    default: Expr | None = None
    random: bool = False
    meta: tuple[Meta, ...] = ()
    span: Span = _span()
    #: where the values line is written (None when the option has none: E0852)
    values_span: Span | None = field(default=None, compare=False, repr=False)
