"""Commands run in a child process, as a user or CI runs them.

Every run has a timeout: it stops a hang (a failing test instead of a stuck suite),
it is not a timing assertion, so it is generous.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

#: The repository root.
ROOT = Path(__file__).resolve().parents[2]


def rulebook(*args: str, cwd: Path = ROOT, timeout: float = 300) -> subprocess.CompletedProcess:
    """``rulebook ARGS...`` (as ``python -m compiler.cli``) in ``cwd``; its exit status
    and its output (``stdout``, ``stderr``) as text."""
    return subprocess.run([sys.executable, "-m", "compiler.cli", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=timeout)


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
