"""Progress bars for the long commands (``bench``, ``fuzz``, ``mutate``): a rich bar per
task with what is done, the time taken and an estimate of the time left.

A bar is drawn only where a person watches: when both stdout and stderr are
terminals, and not under pytest.  Otherwise :func:`progress` gives bars that draw
nothing, so the output of a command piped into a file or read by CI is only its
own lines.  While bars are drawn, what the command prints appears above them.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from dsl.strings import visible
from compiler.cli import terminal


def shown() -> bool:
    """Whether bars are drawn: stdout and stderr are terminals, outside pytest."""
    if "PYTEST_CURRENT_TEST" in os.environ:
        return False
    try:
        return sys.stdout.isatty() and sys.stderr.isatty()
    except (AttributeError, ValueError):  # a replaced or closed stream
        return False


class Task:
    """One bar: :meth:`update` sets what is done (in the task's units, fractions
    allowed) and, if given, the text shown before the bar and the total (once known)."""

    def __init__(self, bars=None, task_id=None):
        self._bars, self._id = bars, task_id

    def update(self, completed: float, description: str | None = None, total: float | None = None) -> None:
        if self._bars is not None:
            changes = {"description": None if description is None else _label(description), "total": total}
            self._bars.update(self._id, completed=completed,
                              **{k: v for k, v in changes.items() if v is not None})

    def finish(self) -> None:
        """Mark the task done (its bar full), whatever was counted."""
        if self._bars is not None:
            total = self._bars.tasks[self._bars.task_ids.index(self._id)].total
            self._bars.update(self._id, completed=total)


class Bars:
    """The bars of one command; :meth:`task` adds one.  Draws nothing when not shown."""

    def __init__(self, progress=None):
        self._progress = progress

    def task(self, description: str, total: float) -> Task:
        """A new bar of ``total`` units."""
        if self._progress is None:
            return Task()
        return Task(self._progress, self._progress.add_task(_label(description), total=max(total, 1e-9)))


def _label(text: str) -> str:
    """A bar's description as data: escaped for the terminal (:func:`dsl.strings.visible`)
    and for rich's markup (a spec named ``[red]x`` shows its brackets)."""
    from rich.markup import escape  # only where a bar is drawn

    return escape(visible(text))


@contextmanager
def progress(show: bool | None = None) -> Iterator[Bars]:
    """The bars of a command, drawn on stderr while the block runs (when
    :func:`shown`, or as ``show`` says), and cleared at its end."""
    if not (shown() if show is None else show):
        yield Bars()
        return
    from rich.console import Console  # imported only where a bar is drawn
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn,
                               TimeRemainingColumn)

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("elapsed"), TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn())
    # The bars draw with escape codes on the stream underneath; what the command prints
    # while they are drawn goes through rich's redirection, escaped before it.
    with Progress(*columns, console=Console(file=terminal.unescaped(sys.stderr)), transient=True,
                  redirect_stdout=True, redirect_stderr=True) as bars, terminal.escaped_output():
        yield Bars(bars)
