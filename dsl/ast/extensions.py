"""AST nodes of modules that extend rather than replace (issue 11, construct 14): named
setup steps, ``extend``, the step operations, ``needs``/``excludes`` and ``combine``.

Design: ``design/language/README.md`` › Construct 14.  A module (or a mode, or an
amendment) adds to a rule the mode already has instead of restating it, so modules
written separately compose: Future Imperfect's four modules in any combination.
"""

from __future__ import annotations

from dataclasses import dataclass

from dsl.ast.base import Ident, Meta, _span
from dsl.ast.expressions import Expr
from dsl.ast.statements import Stmt
from dsl.spans import Span


@dataclass(frozen=True, slots=True)
class SetupStep:
    """``step NAME "Title" { ... }`` in the setup: a named part of it, numbered on the page
    like a rulebook's "Setup step 5", that modules extend, replace or remove."""

    name: str
    title: str
    body: tuple[Stmt, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Statements:
    """Statements an ``extend`` adds: to ``hook`` (``on enter``, ``on exit``, ``on turn``
    of a phase, ``effect`` of an action, ``body`` of a procedure or a setup step), at
    the end, or before the rule's own statements with ``first``."""

    hook: str
    first: bool
    body: tuple[Stmt, ...]
    span: Span = _span()


#: The kinds of rule ``extend`` adds to, by the keyword written after it.
EXTENDABLE = ("phase", "procedure", "step", "action", "flow", "enum")


@dataclass(frozen=True, slots=True)
class Extend:
    """``extend KIND NAME [first] { ... }``: adds to a rule the mode already has, which
    keeps its name, title and sources.  ``kind`` is one of :data:`EXTENDABLE`;
    ``target`` is None for the flow.  What it adds: ``actions`` a phase offers,
    ``statements`` (phase hooks, a procedure's or a step's body, an action's effect),
    ``requires`` of an action, ``edges`` of the flow, ``members`` of an enum."""

    kind: str
    target: Ident | None
    actions: tuple[Ident, ...] = ()
    statements: tuple[Statements, ...] = ()
    requires: tuple[Expr, ...] = ()
    edges: tuple = ()  # of ast.Edge
    members: tuple = ()  # of ast.EnumMember
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class AddStep:
    """``add step NAME "Title" before|after OTHER { ... }``: a new setup step, placed
    before or after the step ``anchor``."""

    step: SetupStep
    place: str
    anchor: Ident
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class ReplaceStep:
    """``replace step NAME "Title" { ... }``: the step's statements (and title) replaced."""

    step: SetupStep
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class RemoveStep:
    """``remove step NAME``: the setup goes without that step."""

    name: Ident
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class ModuleNeeds:
    """``needs A, B`` in a module: a mode that applies it must apply those too."""

    modules: tuple[Ident, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class ModuleExcludes:
    """``excludes A, B`` in a module: a mode that applies it cannot apply those."""

    modules: tuple[Ident, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Combine:
    """``combine A, B { ... }``: operations applied (after the mode's own and its
    amendments) to every mode that applies all the ``modules``; it also states what two
    modules that conflict do when played together, so their conflict is not reported."""

    modules: tuple[Ident, ...]
    ops: tuple = ()  # of ModeOp
    meta: tuple[Meta, ...] = ()
    span: Span = _span()

    @property
    def name(self) -> str:
        """``a+b``: how the page and the history name the block."""
        return "+".join(m.name for m in self.modules)
