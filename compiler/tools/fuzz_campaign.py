"""A long fuzz campaign (``rulebook fuzz``): many inputs, each under a time limit.

Inputs come from :func:`compiler.tools.fuzzing.fuzz_inputs`; each runs through
:func:`compiler.tools.fuzzing.check_input`.  A case that raises, or runs past its
time limit, is a failure: its input is saved to a file and the campaign goes on.
"""

from __future__ import annotations

import hashlib
import os
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from compiler.tools import fuzzing, fuzzing_stress


class CaseTimeout(BaseException):
    """A fuzz case ran past its time limit (raised by :func:`time_limit`).  A
    BaseException, so that no ``except Exception`` in the compiler swallows it."""


@contextmanager
def time_limit(seconds: float):
    """Raise :class:`CaseTimeout` in the block after ``seconds`` of wall time (a
    SIGALRM timer: main thread on Unix only; elsewhere the block runs unlimited)."""
    usable = (seconds > 0 and hasattr(signal, "setitimer")
              and threading.current_thread() is threading.main_thread())
    if not usable:
        yield
        return

    def expire(signum, frame):
        raise CaseTimeout(f"no result after {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# ------------------------------------------------------------------ a campaign
@dataclass
class Failure:
    """One failing case: the exception, where it was raised, the saved input."""

    signature: str
    message: str
    traceback: str
    saved: Path | None = None


@dataclass
class Campaign:
    """The outcome of :func:`run_campaign` on one spec."""

    spec: Path
    cases: int = 0
    failures: list[Failure] = field(default_factory=list)
    seconds: float = 0.0
    interrupted: bool = False

    def signatures(self) -> dict[str, list[Failure]]:
        """Failures grouped by where they were raised."""
        out: dict[str, list[Failure]] = {}
        for f in self.failures:
            out.setdefault(f.signature, []).append(f)
        return out


def _signature(err: BaseException) -> str:
    """``TypeError at compiler/checks/typecheck.py:120`` — the innermost frame in our code."""
    frames = traceback.extract_tb(err.__traceback__)
    ours = [f for f in frames if ("/dsl/" in f.filename or "/compiler/" in f.filename)
            and not f.filename.endswith(("fuzzing.py", "fuzzing_stress.py", "fuzzing_sizes.py",
                                         "fuzzing_constructs.py", "fuzz_campaign.py"))] or frames
    where = f"{Path(ours[-1].filename).parent.name}/{Path(ours[-1].filename).name}:{ours[-1].lineno}" \
        if ours else "?"
    return f"{type(err).__name__} at {where}"


def run_campaign(spec: Path, cases: int, seed: int, out_dir: Path, case_seconds: float = 10.0,
                 codegen: bool = True, progress: Callable[[int], None] | None = None,
                 case_memory_mb: float = 0) -> Campaign:
    """Feed ``cases`` inputs from :func:`compiler.tools.fuzzing.fuzz_inputs` (seeded with
    ``seed``) to :func:`compiler.tools.fuzzing.check_input` for ``spec``; a case that
    raises, runs past ``case_seconds`` or, given ``case_memory_mb``, allocates more than
    that many megabytes (:func:`memory_limit`) is a failure, its input saved under
    ``out_dir`` as ``<spec>-<hash>.rules`` (and the catalogue files it replaced, as
    ``<spec>-<hash>.<file name>``) with the traceback beside it (``.txt``).  Ctrl-C ends
    the campaign early (``interrupted``).  Raises FuzzingUnavailable without
    Hypothesis, OSError if ``spec`` cannot be read."""
    hypothesis, _ = fuzzing._hypothesis()
    from hypothesis import HealthCheck, Phase, given, settings

    text = spec.read_text(encoding="utf-8")
    campaign = Campaign(spec)
    seen: set[str] = set()  # inputs already saved

    def save(candidate, report: str) -> Path:
        spec_text, catalogues = _parts(candidate)
        whole = spec_text + "".join(name + yaml_text for name, yaml_text in catalogues)
        digest = hashlib.sha1(whole.encode("utf-8", "surrogatepass")).hexdigest()[:12]
        path = out_dir / f"{spec.stem}-{digest}.rules"
        out_dir.mkdir(parents=True, exist_ok=True)
        path.write_text(spec_text, encoding="utf-8", errors="surrogatepass")
        for name, yaml_text in catalogues:
            path.with_name(f"{spec.stem}-{digest}.{Path(name).name}").write_text(
                yaml_text, encoding="utf-8", errors="surrogatepass")
        path.with_suffix(".txt").write_text(report, encoding="utf-8")
        return path

    watchdog = _Watchdog(case_seconds, save)

    def one_case(candidate) -> None:
        campaign.cases += 1
        if progress is not None:
            progress(campaign.cases)
        spec_text, catalogues = _parts(candidate)
        try:
            with watchdog.watching(candidate), time_limit(case_seconds), \
                    memory_limit(case_memory_mb):
                if catalogues:
                    fuzzing.check_input(spec, spec_text, codegen=codegen, catalogues=catalogues)
                else:
                    fuzzing.check_input(spec, spec_text, codegen=codegen)
        except (Exception, CaseTimeout) as err:  # noqa: BLE001 - every failure is recorded
            failure = Failure(_signature(err), f"{type(err).__name__}: {err}"[:300],
                              "".join(traceback.format_exception(err)))
            key = repr(candidate)
            if key not in seen:
                seen.add(key)
                failure.saved = save(candidate, failure.traceback)
            campaign.failures.append(failure)

    runner = hypothesis.seed(seed)(settings(
        max_examples=cases, phases=[Phase.generate], database=None, deadline=None,
        suppress_health_check=list(HealthCheck), print_blob=False)(
            given(fuzzing.fuzz_inputs(text, spec.parent))(one_case)))
    start = time.perf_counter()
    try:
        runner()
    except KeyboardInterrupt:
        campaign.interrupted = True
    finally:
        watchdog.stop()
    campaign.seconds = time.perf_counter() - start
    return campaign


def _parts(candidate) -> tuple[str, tuple[tuple[str, str], ...]]:
    """A fuzz input as (spec text, catalogue files): a text, or a CatalogueCase."""
    if isinstance(candidate, fuzzing_stress.CatalogueCase):
        return candidate.text, candidate.catalogues
    return candidate, ()


@contextmanager
def memory_limit(megabytes: float):
    """Let the block allocate about ``megabytes`` more memory, then raise MemoryError
    (RLIMIT_AS over the process's present size; Unix only, elsewhere, or with 0, the
    block runs unlimited)."""
    try:
        import resource
    except ImportError:  # not Unix
        resource = None
    if megabytes <= 0 or resource is None or not os.path.exists("/proc/self/statm"):
        yield
        return
    with open("/proc/self/statm", encoding="ascii") as f:
        present = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = present + int(megabytes * 1024 * 1024)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


class _Watchdog:
    """The last resort against a hang the timer cannot interrupt (a loop in C code
    does not run Python signal handlers): a thread that, when a case has run for
    twice its limit plus 5 s, saves the input, says so on stderr and ends the
    process with status 3."""

    def __init__(self, case_seconds: float, save: Callable[[object, str], Path], grace: float = 5.0):
        self.limit = case_seconds * 2 + grace if case_seconds > 0 else None
        self.save = save
        self.case: tuple[object, float] | None = None
        self.done = threading.Event()
        if self.limit is not None:
            threading.Thread(target=self._run, name="fuzz-watchdog", daemon=True).start()

    @contextmanager
    def watching(self, candidate):
        self.case = (candidate, time.monotonic())
        try:
            yield
        finally:
            self.case = None

    def stop(self) -> None:
        self.done.set()

    def _run(self) -> None:
        while not self.done.wait(min(0.5, self.limit / 4)):
            case = self.case
            if case is not None and time.monotonic() - case[1] > self.limit:
                path = self.save(case[0], f"hang: no result after {self.limit:g} s, "
                                          "and the case could not be interrupted\n")
                sys.stderr.write(f"rulebook fuzz: a case hangs past {self.limit:g} s and cannot be "
                                 f"interrupted; input saved to {path}\n")
                sys.stderr.flush()
                os._exit(3)
