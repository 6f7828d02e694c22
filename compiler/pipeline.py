"""The passes of one spec, in order; nothing here writes a file.

    size → parse → bounds → compose → catalogues → check → phase graphs → engine codegen → docs codegen

``analyse`` runs the front and middle passes (what ``rulebook check`` runs),
``compile_spec`` all of them; both return diagnostics instead of raising.  Writing
the outputs is :mod:`compiler.build`'s.
"""

from __future__ import annotations

import errno
import stat
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from dsl import codes
from dsl.diagnostics import Diagnostic, DiagnosticBag, Report, suggestion_budget
from dsl.spans import Span
from compiler.analysis.types import Types

if TYPE_CHECKING:
    from compiler.analysis.compose import Composition

# The passes (the parser, the checks, the backends: Lark, networkx, YAML, Jinja) are
# imported by the functions that run them, so that a command that only reads a
# result (a build answered from its cache, ``rulebook play``) does not load them.


@dataclass
class CompileResult:
    """Outputs and diagnostics of one spec; ``engine``/``page`` are None on error."""

    spec_path: Path
    name: str
    diagnostics: list[Diagnostic]
    source: str = ""
    composition: Composition | None = None
    cards: list[dict] = field(default_factory=list)
    #: what the checks found about the types of each mode (empty when they did not run)
    types: Types = field(default_factory=Types, repr=False)
    engine: str | None = None
    page: str | None = None
    seconds: float = 0.0
    #: the counts of :meth:`stats` of a result read back from the build cache, which
    #: has no ``composition``
    counts: dict[str, int] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not any(d.severity == "error" for d in self.diagnostics)

    def stats(self) -> dict[str, int]:
        """Counts for the build line: modes, phases, actions and rules (declarations)."""
        comp = self.composition
        if comp is None:
            return dict(self.counts)
        phases = {n for m in comp.modes.values() for n in m.phases}
        actions = {n for m in comp.modes.values() for n in m.actions}
        rules = len({id(d) for m in comp.modes.values() for t in (
            m.phases, m.actions, m.triggers, m.tallies, m.params, m.derived, m.ends, m.zones,
            m.resources, m.tracks) for d in t.values()})
        return {"modes": len(comp.modes), "phases": len(phases), "actions": len(actions),
                "rules": rules, "cards": sum(int(c.get("copies", 1)) for c in self.cards)}


def analyse(path: Path | str, text: str | None = None) -> CompileResult:
    """Front and middle passes only (what ``rulebook check`` runs): no codegen.  ``path``
    a :class:`~pathlib.Path` or a str."""
    from dsl.parser import parse_spec
    from compiler.analysis import bounds, limits
    from compiler.analysis.catalogue import load_catalogues
    from compiler.analysis.compose import compose
    from compiler.checks import check

    start = time.perf_counter()
    path = Path(path)
    display = display_path(path)
    report = DiagnosticBag()  # what stops the spec before it is parsed
    if text is None:
        text = read_spec(path, display, report)
    if text is not None:
        bounds.check_text(text, display, report)
    if report.items:
        result = CompileResult(path, path.stem, report.items, text or "")
        result.seconds = time.perf_counter() - start
        return result
    spec, diags = parse_spec(text, display)
    result = CompileResult(path, path.stem, list(diags), text)
    if spec is None:
        result.seconds = time.perf_counter() - start
        return result
    bag = DiagnosticBag()
    bounds.check_spec(spec, bag)
    if bag.errors:  # the passes below may recurse over what is too deep, or run for ever
        result.diagnostics += _sorted(bag.items)
        result.seconds = time.perf_counter() - start
        return result
    with suggestion_budget(limits.MAX_NAME_COMPARISONS):
        comp = compose(spec, bag)
        result.composition = comp
        if comp.game is not None:
            result.name = comp.game.name
            errors = len(bag.errors)
            result.cards = load_catalogues(comp.every().values(), path.parent, bag,
                                           display_dir=Path(display).parent)
            # checks that count cards trust only catalogues that loaded cleanly
            result.types = check(comp, bag, result.cards if len(bag.errors) == errors else None)
    result.diagnostics += _sorted(bag.items)
    result.seconds = time.perf_counter() - start
    return result


def read_spec(path: Path, display: str, report: Report) -> str | None:
    """The text of the spec file ``path`` (shown as ``display``), read as ``rulebook check``
    reads it: UTF-8, an editor's byte-order mark dropped, line ends as ``\\n``; or None,
    without reading more than the largest spec can take, the problem reported to
    ``report``: E0005 for a file that cannot be opened or is not an ordinary file (a
    device such as ``/dev/zero`` or a pipe would be read for ever, or wait for a
    writer), E0540 for more bytes than :data:`~compiler.limits.MAX_SPEC_CHARS`
    characters take, E0004 for bytes that are not UTF-8.  Never raises."""
    from compiler.analysis import bounds, limits

    most = 4 * limits.MAX_SPEC_CHARS  # bytes: a character takes at most 4
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode) and not stat.S_ISDIR(info.st_mode):  # a folder: E0005 below
            report.error(codes.CANNOT_READ_SPEC, "cannot read the spec: it is not an ordinary file (a "
                         "device, a pipe or a socket)", Span(display, 0, 0, 0, 0),
                         hint="give the path of a .rules file")
            return None
        if info.st_size > most:
            bounds.too_large(display, f"{info.st_size:,} bytes", Span(display, 1, 1, 1, 2), report)
            return None
        with path.open("rb") as f:
            data = f.read(most + 1)
    except (OSError, ValueError) as err:  # ValueError: a path holding NUL
        if getattr(err, "errno", None) == errno.ELOOP:
            report.error(codes.CANNOT_READ_SPEC, "cannot read the spec: it is a link in a loop of links, "
                         "which never reaches a file", Span(display, 0, 0, 0, 0),
                         hint="point the link at the .rules file itself")
            return None
        report.error(codes.CANNOT_READ_SPEC, f"cannot read the spec: {getattr(err, 'strerror', None) or err}",
                     Span(display, 0, 0, 0, 0), hint="give the path of a .rules file")
        return None
    if len(data) > most:  # it grew since stat
        bounds.too_large(display, f"more than {most:,} bytes", Span(display, 1, 1, 1, 2), report)
        return None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data[:err.start].count(b"\n") + 1
        report.error(codes.NOT_UTF8, f"the spec is not UTF-8 text (byte {data[err.start]:#04x})",
                     Span(display, line, 1, line, 2), hint="save the file as UTF-8")
        return None
    return text.replace("\r\n", "\n").replace("\r", "\n")  # as Python's universal newlines


def compile_spec(path: Path | str, text: str | None = None) -> CompileResult:
    """All passes; on success ``engine`` and ``page`` hold the generated sources.  ``path``
    a :class:`~pathlib.Path` or a str (as :func:`compiler.build.engine_from_spec`)."""
    from compiler.docs.codegen import render_game_page
    from compiler.docs.flowchart import mermaid
    from compiler.engine.codegen import EngineGenerator

    start = time.perf_counter()
    path = Path(path)
    result = analyse(path, text)
    if result.ok and result.composition is not None:
        comp = result.composition
        result.engine = EngineGenerator(comp, result.cards, display_path(path), result.source,
                                        types=result.types).render()
        graphs = {name: mermaid(m) for name, m in comp.modes.items()}
        result.page = render_game_page(comp, result.cards, graphs, {display_path(path): result.source})
    result.seconds = time.perf_counter() - start
    return result


def display_path(path: Path) -> str:
    """How a spec is named in spans and generated files: relative to its project
    (the folder holding ``specs/``), so output does not depend on where the command
    runs; else relative to the working directory; else as given."""
    full = resolved(path)
    if full.parent.name == "specs":
        return str(full.relative_to(full.parent.parent))
    try:
        return str(full.relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def resolved(path: Path) -> Path:
    """``path`` made absolute, links followed as far as they go: a loop of links or a
    path the system refuses is made absolute as it is, so naming such a spec is a
    diagnostic when it is read, never a crash here."""
    try:
        return path.resolve()
    except (OSError, RuntimeError, ValueError):  # RuntimeError: a loop of links (Python 3.11)
        return path.absolute()


def _sorted(items: list[Diagnostic]) -> list[Diagnostic]:
    """Errors first, then by place; the same problem at the same place reported twice (a
    catalogue file read by several catalogues, say) once, with the first one's notes."""
    unique = list({(d.code, d.message, d.span): d for d in reversed(items)}.values())[::-1]
    return sorted(unique, key=lambda d: (d.severity != "error", d.span.path, d.span.line, d.span.column))


def catalogue_paths(result: CompileResult) -> set[Path]:
    """The catalogue files a compiled spec reads (resolved), for rebuilding on their change."""
    from compiler.analysis.catalogue import catalogue_location

    if result.composition is None:
        return set()
    folder = resolved(result.spec_path).parent
    ignored = DiagnosticBag()  # a refused path is not watched (the build reported it)
    found = (catalogue_location(folder, cat.path, ignored, cat.span)
             for mode in result.composition.modes.values() for cat in mode.catalogues.values())
    return {path for path in found if path is not None}
