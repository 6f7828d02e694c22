"""What every AST node shares: the ``span`` field, names used as references and
provenance clauses."""

from __future__ import annotations

from dataclasses import dataclass, field

from dsl.spans import NO_SPAN, Span


def _span() -> Span:
    """The ``span`` field of a node: last, defaulting to no place, left out of ``==``
    and ``repr``."""
    return field(default=NO_SPAN, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class KeywordOnly:
    """The base of a node that is a keyword phrase and nothing else (``done``, ``me``):
    its class says what it means, its one field where it stands.  A subclass adds its
    docstring and empty ``__slots__``, nothing more (it is not itself a node class)."""

    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Ident:
    """A name used as a reference (``build`` in ``actions build``)."""

    name: str
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Meta:
    """A provenance clause: ``kind`` is ``source``, ``ruling`` or ``provisional``."""

    kind: str
    text: str
    span: Span = _span()
