"""Issue 9's size rule: no Python module of the language (``dsl/``) or the compiler
(``compiler/``) is over 600 lines, so each stays one thing a reader can hold; a module
that grows past it is split into modules named for what they do (templates, which are
not ``.py``, and generated files, which live in ``generated/``, are aside)."""

from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
MAX_LINES = 600


def _modules() -> list[Path]:
    return sorted(p for folder in ("dsl", "compiler") for p in (REPO_ROOT / folder).rglob("*.py"))


def _too_long(path: Path, root: Path = REPO_ROOT) -> str | None:
    """What is wrong with ``path`` (its name relative to ``root`` and its size in lines,
    a last line without a newline counted too), or None when it is within the limit."""
    with path.open("rb") as f:
        n = sum(1 for _ in f)
    if n <= MAX_LINES:
        return None
    return (f"{path.relative_to(root).as_posix()} has {n} lines, over {MAX_LINES} (issue 9): "
            "split it into modules named for what they do")


def test_the_modules_are_found():
    names = {p.relative_to(REPO_ROOT).as_posix() for p in _modules()}
    assert {"dsl/ast/declarations.py", "compiler/engine/pyexpr.py", "compiler/checks/typecheck.py"} <= names


@pytest.mark.parametrize("path", _modules(), ids=lambda p: p.relative_to(REPO_ROOT).as_posix())
def test_no_module_is_over_600_lines(path):
    problem = _too_long(path)
    assert problem is None, problem


def test_a_module_over_the_limit_is_named_with_its_size(tmp_path):
    (tmp_path / "pkg").mkdir()
    big, edge = tmp_path / "pkg" / "big.py", tmp_path / "pkg" / "edge.py"
    big.write_text("x = 1\n" * 601, encoding="utf-8")
    edge.write_text("x = 1\n" * 599 + "x = 1", encoding="utf-8")  # 600 lines, the last unterminated
    assert _too_long(big, tmp_path).startswith("pkg/big.py has 601 lines, over 600")
    assert _too_long(edge, tmp_path) is None
