"""``rulebook mutate`` and ``rulebook fuzz``: the developer tools of
:mod:`compiler.tools`."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from compiler import build, pipeline
from compiler.cli.common import CliError, project_root, spec_path
from compiler.cli.progress import progress, shown


def cmd_mutate(args) -> int:
    from compiler.tools import mutate

    paths = [spec_path(a) for a in args.specs] or build.spec_paths(project_root())
    for path in paths:  # bugs seeded in a broken spec would measure nothing
        errors = [d for d in pipeline.analyse(path).diagnostics if d.severity == "error"]
        if errors:
            raise CliError(f"{path} has {len(errors)} error(s) of its own; fix them first "
                           "(`rulebook check`)", 1)
    if args.list:
        listed = {path.name: mutate.mutations(path.read_text(encoding="utf-8"), path.stem)
                  for path in paths}
        if args.json:
            print(json.dumps({name: [m.to_json() for m in muts] for name, muts in listed.items()},
                             indent=2))
            return 0
        for name, muts in listed.items():
            for m in muts:
                print(f"{name}:{m.line}: [{m.category}] {m.description}\n"
                      f"    - {m.before}\n    + {m.after}")
        return 0
    with progress() as bars:
        reports = []
        for path in paths:
            bar = bars.task(f"mutate {path.stem}", 1)
            reports.append(mutate.run(path, progress=lambda done, total, bar=bar: bar.update(
                done, total=max(total, 1))))
    if args.json:
        print(json.dumps([r.to_json() for r in reports], indent=2))
    for r in reports if not args.json else ():
        print(f"{r.spec}: {r.tried} mutations, caught {r.count('caught')} ({r.share('caught'):.1f} %), "
              f"{r.count('caught_strict')} with --strict ({r.share('caught_strict'):.1f} %), "
              f"first diagnostic at the edited line {r.count('right_line')} "
              f"({r.share('right_line'):.1f} %), in {r.seconds:.1f} s")
        for o in r.outcomes if args.verbose else r.misses:
            m = o.mutation
            status = ("caught" if o.caught else "MISSED" + (" (a warning only)" if o.warnings else ""))
            first = f"; first: {o.first.code} at line {o.first.span.line}" if o.first else ""
            print(f"  {status}: [{m.category}] {m.description} ({r.spec}:{m.line}{first})\n"
                  f"      {m.after}")
    below = [r for r in reports if r.share("caught") < args.min_caught]
    return 1 if below else 0


def cmd_fuzz(args) -> int:
    from dsl.diagnostics import DiagnosticBag

    root = project_root()
    paths = [Path(p) for p in args.spec] or build.spec_paths(root)
    for path in paths:
        if not path.is_file():
            raise CliError(f"no such spec: {path}")
        unread = DiagnosticBag()  # not UTF-8, too large...
        if pipeline.read_spec(path, str(path), unread) is None:
            raise CliError(f"cannot fuzz {path}: {unread.items[0].message}")
    _check_out_folder(Path(args.out))
    share, extra = divmod(args.cases, len(paths))
    failed = 0
    with progress() as bars:
        for number, path in enumerate(paths):
            if share + (number < extra) == 0:  # fewer cases than specs: this one gets none
                continue
            campaign = _fuzz_one(path, share + (number < extra), args, bars)
            failed += len(campaign.failures)
            if campaign.interrupted:
                return 1
    return 1 if failed else 0


def _check_out_folder(out: Path) -> None:
    """Refuse a folder for failing inputs that could not be made or written (CliError),
    before fuzzing for minutes and failing to save the first failure."""
    folder = out
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir():
        raise CliError(f"cannot save failing inputs in {str(out)!r}: {str(folder)!r} is not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise CliError(f"cannot save failing inputs in {str(out)!r}: {str(folder)!r} is not writable")


def _fuzz_one(path: Path, cases: int, args, bars):
    """One spec's campaign, with a progress bar (on a terminal; else a progress line
    every 1000 cases) and a report."""
    from compiler.tools import fuzz_campaign, fuzzing

    print(f"{path.stem:<12} fuzzing {cases} cases (seed {args.seed}) ...", flush=True)
    started = time.perf_counter()
    bar = bars.task(f"fuzz {path.stem}", cases) if shown() else None

    def advance(done: int) -> None:
        if bar is not None:
            bar.update(done)
        elif done % 1000 == 0 and done < cases:
            print(f"{path.stem:<12} {done} cases, {time.perf_counter() - started:.0f} s", flush=True)

    try:
        campaign = fuzz_campaign.run_campaign(pipeline.resolved(path), cases, args.seed, Path(args.out),
                                              case_seconds=args.case_seconds, progress=advance,
                                              case_memory_mb=args.case_memory_mb)
    except fuzzing.FuzzingUnavailable as err:
        raise CliError(str(err)) from None
    groups = campaign.signatures()
    print(f"{path.stem:<12} {campaign.cases} cases, {len(campaign.failures)} failure(s) "
          f"({len(groups)} distinct), {campaign.seconds:.1f} s"
          + (" (interrupted)" if campaign.interrupted else ""), flush=True)
    for signature, failures in groups.items():
        saved = next((f.saved for f in failures if f.saved), None)
        print(f"  FAIL {signature} x{len(failures)}: {failures[0].message}"
              + (f"\n       input saved to {saved}" if saved else ""), flush=True)
    return campaign
