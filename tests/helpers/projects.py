"""Scratch projects: a folder with ``specs/`` (and, once built, ``generated/`` and
``docs/``), as ``rulebook`` commands expect it."""

from __future__ import annotations

import shutil
from pathlib import Path

#: The repository root.
ROOT = Path(__file__).resolve().parents[2]


def write_specs(root: Path, files: dict[str, str | bytes]) -> Path:
    """Write each ``name: content`` of ``files`` into ``root/specs/`` (made if missing):
    text as UTF-8, lone surrogates kept (``surrogatepass``), bytes as given.
    Returns the ``specs`` folder."""
    specs = root / "specs"
    specs.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        data = content if isinstance(content, bytes) else content.encode("utf-8", "surrogatepass")
        (specs / name).write_bytes(data)
    return specs


def copy_project(root: Path, *names: str) -> Path:
    """Copy the named files and folders of this repository (``specs``, ``docs``,
    ``mkdocs.yml``...) into ``root``; returns ``root``."""
    for name in names:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, root / name)
        else:
            root.mkdir(parents=True, exist_ok=True)
            shutil.copy(source, root / name)
    return root
