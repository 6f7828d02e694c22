"""The one escaping rule of the ``rulebook`` command's output.

Everything the command prints (status lines, file names, messages, the output of
the tools it runs) reaches the terminal through :class:`EscapedStream`, which writes
each character a text may not hold (:func:`dsl.strings.visible`: control characters,
escape sequences, bidirectional overrides) as its Python escape, keeping line breaks
and tabs.  :func:`escaped_output` puts it in front of ``sys.stdout`` and ``sys.stderr``
for the length of a command (``compiler.cli.main``), so no line has to remember to
escape a file name itself.  The progress bars alone draw with their own escape codes,
on the stream underneath (:func:`unescaped`).
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from dsl.strings import visible

#: What terminal output keeps as it is, although a text may not hold it: its layout.
LAYOUT = "\n\t"


class EscapedStream(io.TextIOBase):
    """A text stream writing to ``inner`` what it is given, escaped (:data:`LAYOUT` kept)."""

    def __init__(self, inner):
        super().__init__()
        self.inner = inner

    def write(self, text: str) -> int:
        self.inner.write(visible(text, LAYOUT))
        return len(text)

    def writable(self) -> bool:
        return True

    def flush(self) -> None:
        self.inner.flush()

    def isatty(self) -> bool:
        return self.inner.isatty()

    def fileno(self) -> int:
        return self.inner.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.inner, "encoding", "utf-8")


def unescaped(stream):
    """The stream underneath ``stream`` if it escapes (for the progress bars), else itself."""
    while isinstance(stream, EscapedStream):
        stream = stream.inner
    return stream


@contextmanager
def escaped_output() -> Iterator[None]:
    """``sys.stdout`` and ``sys.stderr`` escape what is written to them while the block
    runs, and are put back after it."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = EscapedStream(out), EscapedStream(err)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err
