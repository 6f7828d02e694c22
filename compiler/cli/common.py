"""What the commands share: the error they report, the project they work on, how
diagnostics are printed, how a spec is named on the command line."""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

from dsl import codes
from compiler.build import project_root

__all__ = ["CliError", "project_root", "print_diagnostics", "spec_path", "at_least_zero"]


class CliError(Exception):
    """A failure reported as ``rulebook: <message>`` with exit status ``code``."""

    def __init__(self, message: str, code: int = 2):
        super().__init__(message)
        self.code = code


#: Codes said in one line (the first of the diagnostic) unless asked for in full: a
#: standing note about the spec that every build, check and watch rebuild would
#: otherwise repeat as a block (``check --verbose`` and ``--format json`` give it whole).
BRIEF_CODES = frozenset({codes.PROVISIONAL_VALUES})


def print_diagnostics(result, stream=None, verbose: bool = False) -> None:
    """Print ``result``'s diagnostics (to stderr by default), each followed by a blank
    line; those of :data:`BRIEF_CODES` as their first line only, unless ``verbose``."""
    stream = sys.stderr if stream is None else stream
    for d in result.diagnostics:
        text = d.render({d.span.path: result.source} if d.span.path.endswith(".rules") else None)
        if d.code in BRIEF_CODES and not verbose:
            print(text.split("\n", 1)[0], file=stream)
            continue
        print(text, file=stream)
        print(file=stream)


def spec_path(arg: str) -> Path:
    """A spec given as a path or as a game name (``utopolis``: ``specs/utopolis.rules``)."""
    path = Path(arg)
    if path.exists() or path.is_symlink():  # a broken link or a loop: E0005 says why
        return path
    named = project_root() / "specs" / f"{arg}.rules"
    if named.exists():
        return named
    raise CliError(f"no such spec: {arg}")


def at_least_zero(kind):
    """An argparse type: a finite number of ``kind`` (int or float) that is at least 0."""
    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not math.isfinite(value) or value < 0:
            raise argparse.ArgumentTypeError(f"must be a number >= 0, not {text!r}")
        return value
    return parse


def at_least_one(text: str) -> int:
    """An argparse type: a whole number that is at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {text!r}")
    return value
