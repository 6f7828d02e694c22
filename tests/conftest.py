"""Shared test configuration.

* The repository root goes first on ``sys.path``: pytest puts ``tests/`` there
  (this file has no package), and ``tests/compiler`` and ``tests/dsl`` would
  otherwise shadow the real ``compiler`` and ``dsl`` packages as namespace
  packages when the project is installed with an editable finder.
* ``--update-golden`` rewrites golden expectations instead of comparing them
  (see ``tests/golden/``); such a run is made in one process, whatever ``-n`` says,
  so that no two workers rewrite the same file.
* The suite runs in parallel (pytest-xdist, ``-n auto`` in ``pyproject.toml``, one
  worker per core) when it runs folders or the whole suite; a run of named test files
  or tests stays in one process (starting workers costs more than one file gains; say
  ``-n 2`` to spread it anyway).  Before the workers start, the Lark parser tables are
  built once into their cache (``$XDG_CACHE_HOME/rulebook``): the workers read them
  instead of all writing them.
* Tests marked ``slow`` (long fuzz, mutation, stress and random-play runs) are left
  out by default (``-m 'not slow'`` in ``pyproject.toml``); ``pytest -m slow`` runs
  them, as CI does.
* Fixtures shared by several folders live here; shared functions live in
  ``tests/helpers/``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path[:1]:
    sys.path.insert(0, str(REPO_ROOT))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite the .expected files of golden tests instead of comparing")


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """``--update-golden`` runs in one process: golden files (``replays.json`` is
    shared by every game) are rewritten by one writer at a time."""
    if config.getoption("--update-golden") and getattr(config.option, "numprocesses", None):
        config.option.numprocesses = 0


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto`` with only test files or tests named (``pytest tests/dsl/test_parser.py``,
    ``path::test``): no workers, one process.  Otherwise ``None``: xdist's own count."""
    paths = [Path(str(arg).split("::")[0]) for arg in config.args]
    if paths and all(path.is_file() for path in paths):
        return 0
    return None


def pytest_configure(config: pytest.Config) -> None:
    """In the process that starts the xdist workers (and only when there are workers),
    build the Lark parser tables into their cache before the workers start: Lark writes
    its cache file in place, and two workers writing it at once could leave a torn file
    that the next ``rulebook`` subprocess would complain about."""
    if hasattr(config, "workerinput") or getattr(config.option, "dist", "no") == "no":
        return
    from dsl.format import format_source
    from dsl.parser import parse_spec

    spec = 'game g "G" {\n  players 2\n}\n'
    parse_spec(spec, "warm.rules")  # the parser's tables
    format_source(spec)             # the formatter's


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    """True when the run was started with ``--update-golden``."""
    return bool(request.config.getoption("--update-golden"))


@pytest.fixture
def repo_root(monkeypatch: pytest.MonkeyPatch) -> Path:
    """The repository root, made the working directory so paths render relative to it."""
    monkeypatch.chdir(REPO_ROOT)
    return REPO_ROOT


@pytest.fixture(scope="session")
def golden_cases_on_disk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding ``tests/golden/diagnostics/`` with every golden case written out
    whole (diffs applied) beside its catalogues: run a command there and it names the
    cases as their ``.expected`` renderings do."""
    from tests.golden import cases

    root = tmp_path_factory.mktemp("golden")
    cases.materialise(root)
    return root
