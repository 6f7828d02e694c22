"""``rulebook build`` and ``rulebook watch``: compile every spec (or each spec on
save) into its engine and page, through the build driver (:mod:`compiler.build`)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from compiler import build, pipeline
from compiler.cache import BuildCache
from compiler.cli.common import CliError, print_diagnostics, project_root


def build_one(path: Path, root: Path, prefix: str = "", strict: bool = False,
              cache: BuildCache | None = None,
              claimed: dict[str, Path] | None = None) -> tuple[pipeline.CompileResult, bool]:
    """Build one spec (:func:`compiler.build.build_spec`, through ``cache`` if given,
    ``claimed`` the games built so far), printing its diagnostics and one status line.
    Returns the result and whether it built: no errors, and no warnings when ``strict``
    (otherwise nothing is written)."""
    result, changed = build.build_spec(path, root, strict=strict, cache=cache, claimed=claimed)
    if result.diagnostics:
        print_diagnostics(result)
    errors = sum(d.severity == "error" for d in result.diagnostics)
    warnings = len(result.diagnostics) - errors
    if errors or (strict and warnings):
        why = f"{errors} error(s)" if errors else f"{warnings} warning(s) with --strict"
        print(f"{prefix}{path.stem:<12} FAILED: {why}; previous output left in place", flush=True)
        return result, False
    s = result.stats()
    print(f"{prefix}{result.name:<12} {s['modes']} modes, {s['phases']} phases, {s['actions']} actions, "
          f"{s['rules']} rules, {s['cards']} cards, {result.seconds:.2f} s"
          + ("" if changed else " (unchanged)"), flush=True)
    return result, True


def build_site(root: Path, prefix: str = "", cache: BuildCache | None = None) -> bool:
    """Build the mkdocs site of ``root``, printing one status line (and mkdocs' output
    when it fails); whether it built.  With a ``cache`` that saw the same
    ``mkdocs.yml`` and ``docs/`` build ``root/site``, mkdocs does not run."""
    key = cache.site_key(root) if cache is not None else None
    if cache is not None and cache.site_is_current(root, key):
        print(f"{prefix}docs site    {root / 'site'} (unchanged)", flush=True)
        return True
    proc = build.build_site(root)
    if proc.returncode != 0:
        print(proc.stdout + proc.stderr, file=sys.stderr)
        print(f"{prefix}docs site FAILED (mkdocs build --strict)", flush=True)
        return False
    if cache is not None:
        cache.store_site(key)
    print(f"{prefix}docs site    built into {root / 'site'}", flush=True)
    return True


def _write_shared(root: Path, *more, cache: BuildCache | None = None) -> None:
    """Write the files every engine imports (and ``more``, functions that write other
    files); CliError (exit 1) naming the file when one cannot be written (``generated``
    is a file, a folder is read-only...), before any spec is built; through ``cache``
    if given."""
    try:
        build.write_runtime(root, cache)
        for write in more:
            write()
    except (OSError, UnicodeError) as err:
        name = getattr(err, "filename2", None) or getattr(err, "filename", None)  # a rename: its target
        where = f" {name}" if name else ""
        raise CliError(f"cannot write{where}: {getattr(err, 'strerror', None) or err}", 1) from None


def cmd_build(args) -> int:
    root = project_root()
    failed = 0
    total = time.perf_counter()
    cache = BuildCache(root, read=not args.force)
    _write_shared(root, lambda: build.write_errors_page(root, cache), cache=cache)
    claimed: dict[str, Path] = {}  # game -> the spec that builds it (E0010 for another)
    results = []
    for path in build.spec_paths(root):
        result, built = build_one(path, root, strict=args.strict, cache=cache, claimed=claimed)
        failed += not built
        results.append(result)
    for path in build.remove_stale_outputs(root, results):
        print(f"removed      {_shown(path, root)}: no spec builds game `{path.stem}`", flush=True)
    for page in build.nav_pages_missing(root):
        print(f"mkdocs.yml   names {page} in its nav, which no spec builds: remove the entry "
              "(the build does not edit mkdocs.yml)", flush=True)
    if not args.no_site:
        failed += not build_site(root, cache=cache)
    print(f"total        {time.perf_counter() - total:.2f} s")
    return 1 if failed else 0


def _shown(path: Path, root: Path) -> str:
    """``path`` relative to the project ``root`` when it is inside it."""
    try:
        return str(path.relative_to(root))
    except ValueError:
        return str(path)


def cmd_watch(args) -> int:
    from compiler.tools import watch

    root = project_root()
    specs = [pipeline.resolved(Path(p)) for p in args.specs]
    for path in specs:
        if not path.is_file():
            raise CliError(f"no such spec: {path}")
    # A spec is built into the project that holds it (<project>/specs/<game>.rules), never
    # into another project's generated/ and docs/.
    roots = {p.parent.parent for p in specs if p.parent.name == "specs"}
    stray = [p for p in specs if p.parent.name != "specs"]
    if stray or len(roots) > 1:
        raise CliError(f"{(stray or specs)[0]} is not in a project's specs/ folder (or the specs are in "
                       "different projects): watch writes the engines and pages of one project; "
                       "use `rulebook check` for a spec on its own")
    root = roots.pop() if roots else root
    folders = sorted({p.parent for p in specs}) or [pipeline.resolved(root / "specs")]
    try:
        import watchfiles
    except ImportError:
        raise CliError("rulebook watch needs watchfiles: pip install watchfiles") from None

    def stamp() -> str:
        return time.strftime("[%H:%M:%S] ")

    # Yielding on a timeout (an empty change set): the first yield shows the watcher is
    # running, so nothing saved during the initial build is missed; later ones are no-ops.
    claimed: dict[str, Path] = {}  # game -> the spec that builds it, across rebuilds
    changes = watchfiles.watch(*folders, watch_filter=lambda _change, path: watch.is_watched(path),
                               yield_on_timeout=True, rust_timeout=500)
    loop = watch.SpecWatch(
        root, specs or None, folders[0],
        build=lambda path: build_one(path, root, stamp(), claimed=claimed)[0],
        after=(lambda: build_site(root, stamp())) if args.site else None,
        say=lambda text: print(stamp() + text, flush=True))
    print(f"watching {', '.join(str(f) for f in folders)} (Ctrl-C to stop)", flush=True)
    try:
        next(changes, None)  # the watcher starts; the initial build covers what it saw
        _write_shared(root)
        loop.run(changes)
    except KeyboardInterrupt:
        pass
    print("stopped watching")
    return 0
