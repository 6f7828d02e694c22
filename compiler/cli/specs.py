"""``rulebook check``, ``rulebook fmt`` and ``rulebook explain``: the commands of a
spec's author, which write nothing but reformatted specs."""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path

from compiler import build, pipeline
from compiler.cache import BuildCache
from compiler.cli.common import CliError, print_diagnostics, project_root, spec_path


def checked(path: Path, force: bool = False) -> tuple[pipeline.CompileResult, bool]:
    """The diagnostics of the spec at ``path`` (:func:`compiler.pipeline.analyse`),
    taken from the build cache of the spec's project when it holds them (unless
    ``force``), and recorded there otherwise; and whether they came from the cache.  A
    spec outside a project's ``specs/`` folder is checked every time."""
    full = pipeline.resolved(path)
    if full.parent.name != "specs":
        return pipeline.analyse(path), False
    start = time.perf_counter()
    cache = BuildCache(full.parent.parent, read=not force)
    display = pipeline.display_path(path)
    lookup = cache.spec(path, display)
    entry = lookup.entry
    if entry is not None:
        result = pipeline.CompileResult(path, entry.name, list(entry.diagnostics), entry.source,
                                        counts=entry.counts)
        result.seconds = time.perf_counter() - start
        return result, True
    result = pipeline.analyse(path)
    cache.store_spec(lookup, path, display, result, built=False)
    return result, False


def cmd_check(args) -> int:
    root = project_root()
    paths = [spec_path(p) for p in args.specs] or build.spec_paths(root)
    status = 0
    report = []
    results: dict[Path, tuple[pipeline.CompileResult, bool]] = {}

    def result_of(path: Path) -> tuple[pipeline.CompileResult, bool]:
        key = pipeline.resolved(path)
        if key not in results:
            results[key] = checked(path, force=args.force)
        return results[key]

    for path in paths:
        result, cached = result_of(path)
        if result.ok:  # E0010 (a spec with errors claims no game)
            build.claim_game(_claims_before(path, result.name, lambda p: result_of(p)[0]), result, path)
        errors = [d for d in result.diagnostics if d.severity == "error"]
        warnings = [d for d in result.diagnostics if d.severity == "warning"]
        if errors or (args.strict and warnings):
            status = 1
        if args.format == "json":
            report.append({"spec": pipeline.display_path(path), "seconds": round(result.seconds, 4),
                           "diagnostics": [d.to_json() for d in result.diagnostics]})
        else:
            print_diagnostics(result, verbose=args.verbose)
            print(f"{path.name}: {len(errors)} error(s), {len(warnings)} warning(s) "
                  f"in {result.seconds * 1000:.0f} ms" + (" (cached)" if cached else ""))
    if args.format == "json":
        print(json.dumps(report, indent=2))
    return status


def _project(path: Path) -> Path | None:
    """The project whose ``specs/`` folder holds ``path``, if one does."""
    full = pipeline.resolved(path)
    return full.parent.parent if full.parent.name == "specs" else None


def _claims_before(path: Path, game: str, result_of) -> dict[str, Path] | None:
    """The claims (game → spec) that matter to ``path``, which builds ``game``: those of
    the specs ``rulebook build`` builds before it in its project that may build ``game``
    too (``result_of(spec)`` gives their results), so that ``check`` reports E0010 where
    the build would (:func:`compiler.build.claim_game`); None for a spec outside a
    project.  A spec whose text does not hold the word ``game`` cannot build it (a
    game's name is a word of its ``game`` declaration), so it is not checked for this:
    ``rulebook check one.rules`` checks that spec alone."""
    root = _project(path)
    if root is None:
        return None
    claimed: dict[str, Path] = {}
    for other in build.spec_paths(root):
        if pipeline.resolved(other) == pipeline.resolved(path):
            break
        if not _may_name(other, game):
            continue
        result = result_of(other)
        if result.ok:
            claimed.setdefault(result.name, pipeline.resolved(other))
    return claimed


def _may_name(path: Path, game: str) -> bool:
    """Whether the file at ``path`` holds the name ``game`` as a whole word (ASCII
    letters, digits and ``_`` on neither side, as the grammar's ``NAME``); True when it
    cannot be read (its check says why)."""
    try:
        data = path.read_bytes()
    except OSError:
        return True
    word = re.escape(game.encode("utf-8"))
    return re.search(rb"(?<![A-Za-z0-9_])" + word + rb"(?![A-Za-z0-9_])", data) is not None


def _fmt_paths(names: list[str]) -> list[Path]:
    """The specs ``fmt`` works on: the files named, every ``.rules`` file under the
    folders named, or by default every spec of the project.  CliError (exit 2) for a
    path that does not exist, before anything is formatted."""
    if not names:
        return build.spec_paths(project_root())
    paths: list[Path] = []
    for path in map(Path, names):
        if path.is_dir():
            paths += sorted(path.rglob("*.rules"))
        elif path.is_file():
            paths.append(path)
        elif (project_root() / "specs" / f"{path}.rules").is_file():  # a game's name
            paths.append(project_root() / "specs" / f"{path}.rules")
        else:
            raise CliError(f"no such spec or folder: {path}")
    return paths


def cmd_fmt(args) -> int:
    """Rewrite specs in the canonical layout (``dsl.format``), atomically and only when
    the layout changes.  ``--check`` and ``--diff`` write nothing.  The diff goes to
    stdout, the files reformatted (or that would be) and a summary to stderr.  A spec
    that does not parse is left as it is and its diagnostics printed.  Exit 1 when a
    spec does not parse, or with ``--check`` when one would be reformatted; CliError
    (exit 2) for a spec that cannot be written."""
    from compiler.analysis import bounds
    from dsl.diagnostics import DiagnosticBag
    from dsl.format import FormatError, format_source

    changed: list[str] = []
    unchanged = failed = 0
    for path in _fmt_paths(args.paths):
        display = pipeline.display_path(path)
        unread = DiagnosticBag()  # E0004, E0005, E0540 as `check` says them
        text = pipeline.read_spec(path, display, unread)
        if text is None or bounds.check_text(text, display, unread):
            print_diagnostics(pipeline.CompileResult(path, path.stem, unread.items, text or ""))
            failed += 1
            continue
        try:
            result = format_source(text, display)
        except FormatError as err:
            print_diagnostics(pipeline.CompileResult(path, path.stem, err.diagnostics, text))
            failed += 1
            continue
        if not result.changed:
            unchanged += 1
            continue
        changed.append(display)
        if args.diff:
            sys.stdout.write(result.diff())
        if args.check or args.diff:
            print(f"would reformat {display}", file=sys.stderr)
        else:
            try:
                build.write_if_changed(path, result.formatted)
            except OSError as err:
                raise CliError(f"cannot write {display}: {err.strerror or err}") from None
            print(f"reformatted {display}", file=sys.stderr)
    specs = lambda n: f"{n} spec" + ("" if n == 1 else "s")
    verb = "would be reformatted" if args.check or args.diff else "reformatted"
    print(f"{specs(len(changed))} {verb}, {unchanged} already formatted"
          + (f", {failed} not formatted (errors above)" if failed else ""), file=sys.stderr)
    return 1 if failed or (args.check and changed) else 0


def cmd_explain(args) -> int:
    from dsl.codes import REGISTRY, lookup

    if args.code is None:
        for c in REGISTRY:
            print(f"{c.code}  {c.severity:<7}  {c.title}")
        return 0
    entry = lookup(args.code)
    if entry is None:
        raise CliError(f"no diagnostic code {args.code!r}; codes are {REGISTRY[0].code} to "
                       f"{REGISTRY[-1].code}, listed in docs/errors.md")
    print(entry.render(), end="")
    output = build.example_output(entry)
    if output:
        print("\n`rulebook check` says:\n")
        print("\n".join("    " + line if line else "" for line in output.splitlines()))
    return 0
