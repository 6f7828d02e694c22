"""The walls between the stages (issue 9): import-linter checks the contracts of
``[tool.importlinter]`` in pyproject.toml, with function-level imports counted, and
every module of ``compiler/`` has its place in the layers."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

from importlinter.cli import lint_imports

REPO_ROOT = Path(__file__).resolve().parent.parent
CONFIG = REPO_ROOT / "pyproject.toml"


def test_the_import_contracts_hold(capsys, monkeypatch):
    monkeypatch.chdir(REPO_ROOT)
    monkeypatch.setattr(sys, "path", list(sys.path))  # lint_imports puts the working directory first
    status = lint_imports(config_filename=str(CONFIG), no_cache=True, no_logo=True)
    report = capsys.readouterr().out
    assert status == 0, report
    assert "BROKEN" not in report and " KEPT" in report


def test_every_stage_of_the_compiler_is_in_a_layer():
    config = tomllib.loads(CONFIG.read_text(encoding="utf-8"))["tool"]["importlinter"]
    layers = next(c for c in config["contracts"] if c["type"] == "layers")["layers"]
    placed = {name.strip() for layer in layers for name in layer.split("|")}
    stages = {f"compiler.{p.stem}" for p in (REPO_ROOT / "compiler").iterdir()
              if (p.suffix == ".py" and p.stem != "__init__") or (p / "__init__.py").is_file()}
    assert stages - placed == set(), "add each new module or folder of compiler/ to the layers"
