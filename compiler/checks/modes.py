"""Diagnostics found while checking several modes, merged before they are reported.

A rule shared by every mode that is wrong in all of them is reported once with
no mode named; one that is wrong in some modes only names them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dsl.diagnostics import DiagnosticBag, Note


@dataclass
class ModeDiagnostics:
    """Collects (severity, code, message, span, hint, notes) per mode, then flushes."""

    all_modes: list[str]
    found: dict[tuple, dict] = field(default_factory=dict)

    def add(self, mode: str, severity: str, code: str, message: str, span, hint=None,
            notes: tuple[Note, ...] = ()) -> None:
        key = (severity, code, message, span)
        entry = self.found.setdefault(key, {"modes": {}, "hint": hint, "notes": tuple(notes)})
        entry["modes"][mode] = None  # a dict keeps the order and finds a mode at once

    def flush(self, bag: DiagnosticBag) -> None:
        for (severity, code, message, span), entry in self.found.items():
            modes = list(entry["modes"])
            if len(self.all_modes) > 1 and set(modes) != set(self.all_modes):
                label = "mode" if len(modes) == 1 else "modes"
                message = f"{message} (in {label} {', '.join(modes)})"
            report = bag.error if severity == "error" else bag.warning
            report(code, message, span, hint=entry["hint"], notes=entry["notes"])
        self.found.clear()
