"""What the commands share: the error they report, the project they work on, how
diagnostics are printed, how a spec is named on the command line."""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

from compiler.build import project_root

__all__ = ["CliError", "project_root", "print_diagnostics", "spec_path", "at_least_zero"]


class CliError(Exception):
    """A failure reported as ``rulebook: <message>`` with exit status ``code``."""

    def __init__(self, message: str, code: int = 2):
        super().__init__(message)
        self.code = code


def print_diagnostics(result, stream=None) -> None:
    """Print ``result``'s diagnostics (to stderr by default), each followed by a blank line."""
    stream = sys.stderr if stream is None else stream
    sources = {d.span.path: result.source for d in result.diagnostics}
    sources[str(result.spec_path)] = result.source
    for d in result.diagnostics:
        if d.span.path.endswith(".rules"):
            print(d.render({d.span.path: result.source}), file=stream)
        else:
            print(d.render(), file=stream)
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
