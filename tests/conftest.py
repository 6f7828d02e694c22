"""Shared test configuration.

* The repository root goes first on ``sys.path``: pytest puts ``tests/`` there
  (this file has no package), and ``tests/compiler`` and ``tests/dsl`` would
  otherwise shadow the real ``compiler`` and ``dsl`` packages as namespace
  packages when the project is installed with an editable finder.
* ``--update-golden`` rewrites golden expectations instead of comparing them
  (see ``tests/golden/``).
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
