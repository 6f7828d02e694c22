"""Seeded rule bugs: realistic edits of a real spec, to measure what the checks catch.

:func:`mutations` finds edit sites in a parsed spec (spans give exact text
positions) and returns edited copies of its text, one :class:`Mutation` each,
always in the same order: sites are sorted, and where a category has more sites
than :data:`PER_CATEGORY`, a :class:`random.Random` seeded with the spec's name
picks among them.  :func:`run` checks every mutant in memory (parse, compose,
catalogues and checks, as ``rulebook check`` does; nothing is generated or
written) and :class:`Report` says which were caught.

A mutant is *caught* when the checks report at least one error; *caught under
strict* counts warnings too (as ``rulebook check --strict`` would fail), but only
warnings the edit brought: those the unedited spec has already (its count of
provisional values, say) are left out.  It is caught *at the right line* when its
first error, or its first new warning if it has no error, points at the edited
line (the span starts on it or covers it).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from dsl.diagnostics import Diagnostic, DiagnosticBag
from dsl.parser import parse_spec
from compiler.analysis.compose import compose
from compiler.tools.mutators import OPERATORS, Context, Mutation, Source, declared_names

__all__ = ["CATEGORIES", "PER_CATEGORY", "Mutation", "mutations", "Outcome", "Report", "check_text", "run"]

#: The categories of edits, in report order, each with what it does.
CATEGORIES: dict[str, str] = {
    "drop_transition": "drop a phase transition",
    "remove_pass": "remove the pass action from a phase that waits for every player",
    "undeclared_reference": "reference an undeclared resource, zone, phase or card field",
    "loop_exit": "make a loop's only exit unreachable",
    "player_count": "change a player count so that setup can't be done",
    "expose_hidden": "expose a hidden zone in an observation",
    "unpayable_cost": "give an action a cost in something no one can ever gain",
    "duplicate_name": "duplicate a name",
    "second_end": "paste an `end` block again under a new name: a second end that never decides",
    "misspell_keyword": "misspell a keyword",
    "delete_brace": "delete a closing brace",
    "type_error": "a type error in an expression (a resource where a number belongs)",
}

#: At most this many mutants per category and spec.
PER_CATEGORY = 10


def mutations(text: str, name: str = "spec", per_category: int | None = None) -> list[Mutation]:
    """Every mutation of a spec's ``text``, in a fixed order (category, then site).

    ``name`` seeds the choice among sites; at most ``per_category`` mutants per
    category (default :data:`PER_CATEGORY`).  Returns [] if ``text`` does not parse;
    never raises otherwise."""
    spec, diags = parse_spec(text, name)
    if spec is None:
        return []
    comp = compose(spec, DiagnosticBag())
    per_category = PER_CATEGORY if per_category is None else per_category
    out: list[Mutation] = []
    for category, operator in OPERATORS.items():
        rng = random.Random(f"{name}:{category}")
        ctx = Context(name, Source(text), spec, comp, rng, declared_names(spec))
        found = [m for m in operator(ctx) if m.text != text]
        unique = list({m.text: m for m in found}.values())
        if len(unique) > per_category:
            picked = sorted(rng.sample(range(len(unique)), per_category))
            unique = [unique[i] for i in picked]
        out += unique
    return out


# ------------------------------------------------------------------ running
@dataclass(frozen=True)
class Outcome:
    """What the checks said about one mutant."""

    mutation: Mutation
    errors: int
    warnings: int
    first: Diagnostic | None

    @property
    def caught(self) -> bool:
        return self.errors > 0

    @property
    def caught_strict(self) -> bool:
        return self.errors + self.warnings > 0

    @property
    def right_line(self) -> bool:
        d = self.first
        if d is None:
            return False
        line, last = self.mutation.line, self.mutation.last_line or self.mutation.line
        return line <= d.span.line <= last or d.span.line <= line <= d.span.end_line


@dataclass
class Report:
    """The outcomes of every mutant of one spec, and the wall time of the run."""

    spec: str
    outcomes: list[Outcome]
    seconds: float

    @property
    def tried(self) -> int:
        return len(self.outcomes)

    def count(self, what: str) -> int:
        return sum(getattr(o, what) for o in self.outcomes)

    def share(self, what: str) -> float:
        return 100.0 * self.count(what) / self.tried if self.tried else 0.0

    @property
    def misses(self) -> list[Outcome]:
        return [o for o in self.outcomes if not o.caught]

    def to_json(self) -> dict:
        return {
            "spec": self.spec, "tried": self.tried, "caught": self.count("caught"),
            "caught_percent": round(self.share("caught"), 1),
            "caught_strict": self.count("caught_strict"),
            "right_line": self.count("right_line"), "right_line_percent": round(self.share("right_line"), 1),
            "seconds": round(self.seconds, 2),
            "by_category": {c: {"tried": sum(o.mutation.category == c for o in self.outcomes),
                                "caught": sum(o.caught and o.mutation.category == c for o in self.outcomes)}
                            for c in CATEGORIES},
            "misses": [{**o.mutation.to_json(), "warnings": o.warnings} for o in self.misses],
        }


def check_text(path: Path, text: str) -> list[Diagnostic]:
    """The diagnostics of ``text`` as if it were the spec at ``path`` (its catalogues
    are read beside it), in printed order; nothing is written."""
    from compiler import pipeline

    return pipeline.analyse(path, text).diagnostics


def run(path: Path, selected: list[Mutation] | None = None,
        progress: Callable[[int, int], None] | None = None) -> Report:
    """Check every mutant of the spec at ``path`` (or the ``selected`` ones);
    ``progress(done, total)`` hears of each mutant checked."""
    start = time.perf_counter()
    text = path.read_text(encoding="utf-8")
    muts = mutations(text, path.stem) if selected is None else selected
    known = {(d.code, d.message) for d in check_text(path, text)}
    outcomes = []
    for done, m in enumerate(muts):
        if progress is not None:
            progress(done, len(muts))
        diags = check_text(path, m.text)
        errors = [d for d in diags if d.severity == "error"]
        new = [d for d in diags if d.severity != "error" and (d.code, d.message) not in known]
        first = (errors or new or [None])[0]
        outcomes.append(Outcome(m, len(errors), len(new), first))
    if progress is not None:
        progress(len(muts), len(muts))
    return Report(path.name, outcomes, time.perf_counter() - start)
