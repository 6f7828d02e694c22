"""One entry of the diagnostic-code registry (:class:`Code`)."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from dsl.code_examples import MINIMAL_SPEC


@dataclass(frozen=True)
class Code:
    """One diagnostic code.

    ``code``: ``E0001``...; ``severity``: ``error`` for ``E`` codes, ``warning``
    for ``W`` codes.  ``title``: a few words.  ``explanation``: when it fires
    and how to fix it (Markdown).  ``example``: spec text that triggers it,
    appended to :data:`MINIMAL_SPEC` unless ``standalone``; ``cards``: YAML of
    ``example.cards.yaml`` beside it; ``example`` is prose, not spec text, when
    ``runnable`` is false (the code cannot come from spec text alone).  ``retired``: the
    compiler no longer reports it (the language changed); it stays registered, never
    reused, its explanation saying what replaced it and its example what it was about.
    """

    code: str
    title: str
    explanation: str
    example: str
    standalone: bool = False
    cards: str | None = None
    runnable: bool = True
    retired: bool = False

    @property
    def severity(self) -> str:
        return "warning" if self.code.startswith("W") else "error"

    def example_spec(self) -> str:
        """The whole spec the example stands for (the minimal spec plus the snippet)."""
        return self.example if self.standalone else MINIMAL_SPEC + "\n" + self.example

    def render(self) -> str:
        """The entry as ``rulebook explain`` prints it: plain text, example included."""
        status = f"{self.severity}, retired" if self.retired else self.severity
        lines = [f"{self.code}: {self.title} ({status})", "",
                 textwrap.fill(self.explanation.strip(), width=88), ""]
        if not self.runnable:
            lines += ["Example:", "", *("    " + x for x in self.example.strip().splitlines())]
        else:
            where = "a whole spec" if self.standalone else "added to a small clean spec"
            lines += [f"Example ({where}):", ""]
            lines += ["    " + x if x else "" for x in self.example.rstrip().splitlines()]
            if self.cards:
                lines += ["", "with example.cards.yaml:", ""]
                lines += ["    " + x if x else "" for x in self.cards.rstrip().splitlines()]
        return "\n".join(lines) + "\n"
