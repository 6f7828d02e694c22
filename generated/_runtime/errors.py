"""The runtime's errors: what an engine raises to its caller."""

from __future__ import annotations


class RulesError(ValueError):
    """An unknown mode, a player count the mode doesn't allow, or a bad saved state."""


class IllegalActionError(ValueError):
    """An action that is not legal in this state; the state is left unchanged."""


class _BadState(Exception):
    """A saved state that doesn't hold together (becomes a RulesError)."""
