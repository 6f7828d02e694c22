"""The committed engines are golden files: ``generated/<game>.py`` and
the package ``generated/_runtime/`` must equal what the compiler produces now, and they
may import nothing but the standard library and ``generated`` itself."""

from __future__ import annotations

import ast
import difflib
import sys
from pathlib import Path

import pytest

from compiler import build, pipeline
from compiler.engine.codegen import render_runtime
from tests.helpers.commands import python
from tests.helpers.specs import compile_cached

REPO_ROOT = Path(__file__).resolve().parents[2]
GENERATED = REPO_ROOT / "generated"
STALE = "is stale: run `rulebook build` and commit the result"


def _spec_paths() -> list[Path]:
    return build.spec_paths(REPO_ROOT)


def _diff(expected: str, actual: str, name: str) -> str:
    lines = difflib.unified_diff(actual.splitlines(keepends=True), expected.splitlines(keepends=True),
                                 f"committed {name}", f"compiled {name}", n=1)
    return "".join(list(lines)[:40])


def test_there_is_a_spec_to_compile():
    assert REPO_ROOT / "specs" / "utopolis.rules" in _spec_paths()


@pytest.mark.parametrize("spec", _spec_paths(), ids=lambda p: p.stem)
def test_committed_engine_matches_the_compiler(spec: Path, repo_root: Path):
    result = compile_cached(spec.relative_to(REPO_ROOT))
    assert result.ok, "\n".join(d.render({str(spec.relative_to(REPO_ROOT)): result.source})
                                for d in result.diagnostics)
    path = GENERATED / f"{result.name}.py"
    assert path.exists(), f"generated/{result.name}.py is missing: run `rulebook build`"
    committed = path.read_text(encoding="utf-8")
    if committed != result.engine:
        pytest.fail(f"generated/{result.name}.py {STALE}\n" + _diff(result.engine, committed, path.name),
                    pytrace=False)


@pytest.mark.parametrize("spec", _spec_paths(), ids=lambda p: p.stem)
def test_committed_reference_page_matches_the_compiler(spec: Path, repo_root: Path):
    result = compile_cached(spec.relative_to(REPO_ROOT))
    assert result.ok
    path = REPO_ROOT / "docs" / "games" / f"{result.name}.md"
    assert path.exists(), f"docs/games/{result.name}.md is missing: run `rulebook build`"
    committed = path.read_text(encoding="utf-8")
    if committed != result.page:
        pytest.fail(f"docs/games/{result.name}.md {STALE}\n" + _diff(result.page, committed, path.name),
                    pytrace=False)


@pytest.mark.parametrize("name", sorted(render_runtime()))
def test_committed_runtime_matches_the_compiler(name: str):
    path = GENERATED / "_runtime" / name
    assert path.exists(), f"generated/_runtime/{name} is missing: run `rulebook build`"
    committed = path.read_text(encoding="utf-8")
    expected = render_runtime()[name]
    if committed != expected:
        pytest.fail(f"generated/_runtime/{name} {STALE}\n" + _diff(expected, committed, name),
                    pytrace=False)


def test_the_committed_runtime_has_no_other_module():
    assert not (GENERATED / "_runtime.py").exists(), "generated/_runtime.py is stale: run `rulebook build`"
    extra = {p.name for p in (GENERATED / "_runtime").glob("*.py")} - set(render_runtime())
    assert not extra, f"generated/_runtime/ has modules the runtime does not: {sorted(extra)}"


def test_generated_package_marker_exists():
    assert (GENERATED / "__init__.py").exists(), "generated/__init__.py is missing: run `rulebook build`"


def test_compiling_twice_gives_the_same_engine(repo_root: Path):
    spec = Path("specs/utopolis.rules")
    assert pipeline.compile_spec(spec).engine == pipeline.compile_spec(spec).engine


# ------------------------------------------------------------------ imports
def _generated_modules() -> list[Path]:
    return sorted([*GENERATED.glob("*.py"), *GENERATED.glob("_runtime/*.py")])


def _imported_modules(source: str) -> list[tuple[int, str]]:
    """(line, top-level module name) of every import, at any depth (functions too);
    relative imports count as ``generated``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name.split(".")[0]) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            name = "generated" if node.level else (node.module or "").split(".")[0]
            found.append((node.lineno, name))
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__":
            found.append((node.lineno, "__import__(...)"))
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "import_module":
            found.append((node.lineno, "importlib.import_module(...)"))
    return found


@pytest.mark.parametrize("path", _generated_modules(), ids=lambda p: p.relative_to(GENERATED).as_posix())
def test_generated_modules_import_only_the_standard_library(path: Path):
    allowed = set(sys.stdlib_module_names) | {"generated", "__future__"}
    imports = _imported_modules(path.read_text(encoding="utf-8"))
    bad = [f"line {line}: {name}" for line, name in imports if name not in allowed]
    assert not bad, f"{path.name} imports outside the standard library: {bad}"


def test_the_import_check_sees_nested_imports():
    source = "import os\ndef f():\n    import lark\n    from jinja2 import Template\nfrom . import _runtime\n"
    assert sorted(name for _, name in _imported_modules(source)) == ["generated", "jinja2", "lark", "os"]


@pytest.mark.parametrize("path", [p for p in _generated_modules() if p.name != "__init__.py"],
                         ids=lambda p: p.relative_to(GENERATED).as_posix())
def test_generated_modules_import_without_site_packages(path: Path):
    """Import each engine in a Python with no site-packages (-S) and no environment (-I):
    anything beyond the standard library would fail here."""
    module = ".".join(path.relative_to(REPO_ROOT).with_suffix("").parts)
    code = (f"import sys; sys.path.insert(0, {str(REPO_ROOT)!r}); "
            f"import {module}; "
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in {'lark', 'jinja2', 'yaml', "
            "'networkx', 'compiler', 'dsl'}); print(bad)")
    proc = python(code, options=("-I", "-S"), timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]", proc.stdout
