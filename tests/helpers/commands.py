"""Commands run in a child process, as a user or CI runs them, or in this process.

Every child run has a timeout: it stops a hang (a failing test instead of a stuck suite),
it is not a timing assertion, so it is generous.  :func:`rulebook_in_process` runs ``rulebook`` in this
process instead (no interpreter to start, no imports to repeat: the quick suite's way);
the child runs stay for what only a child shows (one smoke test per command, pipes,
signals, the environment), their long twins marked ``slow``.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

#: The repository root.
ROOT = Path(__file__).resolve().parents[2]
#: ``rulebook bench`` options for tests of the command's mechanics: the tree-search rows
#: walk 50 actions (not 5,000) and time one round of their loop (``tests/cli/test_bench.py``
#: keeps a run measured in full on the real spec).
SHORT_SEARCH = ("--walk", "50", "--search-seconds", "0")


def rulebook(*args: str, cwd: Path = ROOT, timeout: float = 300) -> subprocess.CompletedProcess:
    """``rulebook ARGS...`` (as ``python -m compiler.cli``) in ``cwd``; its exit status
    and its output (``stdout``, ``stderr``) as text."""
    return subprocess.run([sys.executable, "-m", "compiler.cli", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=timeout)


def _engines() -> dict[str, object]:
    """The imported modules of ``generated`` (the package and its engines)."""
    return {name: module for name, module in sys.modules.items()
            if name == "generated" or name.startswith("generated.")}


def rulebook_in_process(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    """``rulebook ARGS...`` in this process (``compiler.cli.main``) with ``cwd`` as the
    working directory; its exit status and output as :func:`rulebook` gives them.  The
    engines it imports (``generated.*`` of the project at ``cwd``) and its additions to
    ``sys.path`` are taken away afterwards, so that the next command, or the test, imports
    its own project's engines as a fresh process would."""
    from compiler import cli

    out, err = io.StringIO(), io.StringIO()
    before, path, here = _engines(), list(sys.path), os.getcwd()
    for name in before:
        del sys.modules[name]
    importlib.invalidate_caches()  # files written since the last import are seen
    os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = cli.main(list(args))
            except SystemExit as exit:  # argparse: --help (0), bad usage (2)
                status = exit.code if isinstance(exit.code, int) else int(exit.code is not None)
    finally:
        os.chdir(here)
        for name in _engines():
            del sys.modules[name]
        sys.modules.update(before)
        sys.path[:] = path
    return subprocess.CompletedProcess(["rulebook", *args], status, out.getvalue(), err.getvalue())


def python(code: str, *argv: str, cwd: Path = ROOT, timeout: float = 120,
           options: tuple[str, ...] = (), env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """``python OPTIONS -c CODE ARGV...`` in a fresh interpreter in ``cwd`` (``options``
    such as ``-I -S`` before ``-c``; ``env`` the whole environment if given)."""
    return subprocess.run([sys.executable, *options, "-c", code, *argv], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout)


def write_log(path: Path, events: list[dict]) -> Path:
    """Write ``events`` as a JSON-lines game log (as ``rulebook play --log`` does); returns ``path``."""
    path.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    return path


def read_log(path: Path) -> list[dict]:
    """The events of a JSON-lines game log."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
