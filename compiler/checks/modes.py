"""Diagnostics found while checking several modes, merged before they are reported.

A rule shared by every mode that is wrong in all of them is reported once with
no mode named; one that is wrong in some modes only names them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from dsl.diagnostics import DiagnosticBag, Note
from dsl.spans import Span


@dataclass
class ModeDiagnostics:
    """Collects (severity, code, message, span, hint, notes) per mode, then flushes."""

    all_modes: list[str]
    found: dict[tuple, dict] = field(default_factory=dict)

    def report(self, mode: str) -> ModeReport:
        """The :class:`dsl.diagnostics.Report` the checks of ``mode`` report to."""
        return ModeReport(self, mode)

    def add(self, mode: str, severity: str, code: str, message: str, span, hint=None,
            notes: Iterable[Note] = ()) -> None:
        key = (severity, code, message, span)
        entry = self.found.setdefault(key, {"modes": {}, "hint": hint, "notes": tuple(notes)})
        entry["modes"][mode] = None  # a dict keeps the order and finds a mode at once

    def flush(self, bag: DiagnosticBag) -> None:
        for (severity, code, message, span), entry in self.found.items():
            modes = list(entry["modes"])
            if len(self.all_modes) > 1 and set(modes) != set(self.all_modes):
                message = f"{message} ({_where(modes)})"
            report = bag.error if severity == "error" else bag.warning
            report(code, message, span, hint=entry["hint"], notes=entry["notes"])
        self.found.clear()


def _where(modes: list[str]) -> str:
    """The modes (and module sets, construct 15: ``standard+hypersync``) a problem
    concerns, in words: all of them up to three, else the first two and how many more."""
    def name(m: str) -> str:
        mode, *chosen = m.split("+")
        return f"{mode} with {' + '.join(chosen)}" if chosen else mode
    if not any("+" in m for m in modes):  # modes only: each named
        shown, more = modes, ""
    else:
        shown = [name(m) for m in (modes if len(modes) <= 3 else modes[:2])]
        more = f", and {len(modes) - 2} other combinations" if len(modes) > 3 else ""
    label = "mode" if len(modes) == 1 else "modes"
    return f"in {label} {', '.join(shown)}{more}"


@dataclass(frozen=True)
class ModeReport:
    """The :class:`dsl.diagnostics.Report` of the checks of one mode: what they report
    goes to :class:`ModeDiagnostics`, which merges it with what other modes find."""

    found: ModeDiagnostics
    mode: str

    def error(self, code: str, message: str, span: Span, hint: str | None = None,
              notes: Iterable[Note] = ()) -> None:
        """Report an error in this mode."""
        self.found.add(self.mode, "error", code, message, span, hint, notes)

    def warning(self, code: str, message: str, span: Span, hint: str | None = None,
                notes: Iterable[Note] = ()) -> None:
        """Report a warning in this mode."""
        self.found.add(self.mode, "warning", code, message, span, hint, notes)
