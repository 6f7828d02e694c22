"""The build driver: writes what the passes of a spec produce.

``build_spec`` (what ``rulebook build`` and ``rulebook watch`` run for each spec)
compiles one spec (:func:`compiler.pipeline.compile_spec`) and writes its engine
and page atomically, only when their content changed; ``write_runtime`` writes the
package every engine imports, ``write_errors_page`` the index of diagnostic codes
(each code's example compiled as ``rulebook check`` would), ``build_site`` runs
mkdocs.  Given a :class:`compiler.cache.BuildCache`, each takes what the cache holds
for its inputs instead of making it again.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import subprocess
import tempfile
import time
import types
from pathlib import Path

from dsl import codes
from dsl.codes import REGISTRY, Code
from dsl.diagnostics import DiagnosticBag
from dsl.spans import Span, source_lines
from compiler import pipeline
from compiler.cache import BuildCache

#: This repository, the project commands work on outside any other (see :func:`project_root`).
ROOT = Path(__file__).resolve().parent.parent


def write_if_changed(path: Path, text: str | bytes) -> bool:
    """Write atomically (temp file + rename) unless the content is already there
    (``text`` is written as UTF-8; bytes as they are).

    Raises ``UnicodeEncodeError`` (text that is not UTF-8, before anything is
    written) or ``OSError``; either way no temp file is left and ``path`` keeps its
    previous content."""
    data = text if isinstance(text, bytes) else text.encode("utf-8")
    try:
        if path.read_bytes() == data:
            return False
    except OSError:
        pass  # missing or unreadable: write it
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes 0600; generated files are ordinary files
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return True


def spec_paths(root: Path = ROOT) -> list[Path]:
    """The specs of the project at ``root``: ``root/specs/*.rules``, sorted."""
    return sorted((root / "specs").glob("*.rules"))


def project_root() -> Path:
    """The project commands work on: the working directory when it holds ``specs/``,
    else this repository."""
    cwd = Path.cwd()
    return cwd if (cwd / "specs").is_dir() else ROOT


def write_runtime(root: Path, cache: BuildCache | None = None) -> None:
    """The package files every engine of ``root/generated/`` imports: ``__init__.py`` and
    the package ``_runtime/`` (each module written atomically, only when changed).  What
    an older build left there goes: the single module ``_runtime.py`` the package
    replaced, and any module of ``_runtime/`` the runtime no longer has."""
    cached = cache.text("runtime") if cache is not None else None
    files = _runtime_files(cached) if cached is not None else None
    if files is None:
        from compiler.engine.codegen import render_runtime  # the backends load only when building

        files = render_runtime()
        if cache is not None:
            cache.store_text("runtime", json.dumps(files, sort_keys=True))
    gen = root / "generated"
    write_if_changed(gen / "__init__.py",
                     '"""Generated engines: output of `rulebook build`, never edited by hand."""\n')
    package = gen / "_runtime"
    for name, text in files.items():
        write_if_changed(package / name, text)
    for stale in [gen / "_runtime.py", *(p for p in package.glob("*.py") if p.name not in files)]:
        with contextlib.suppress(FileNotFoundError):
            stale.unlink()


def _runtime_files(text: str) -> dict[str, str] | None:
    """The runtime's files as the cache holds them (a JSON object: file name → text), or
    None for anything else (an entry of another layout is a miss)."""
    try:
        files = json.loads(text)
    except ValueError:
        return None
    if not isinstance(files, dict) or not files or not all(
            isinstance(k, str) and k.endswith(".py") and not set(k) & set("/\\") and isinstance(v, str)
            for k, v in files.items()):
        return None
    return files


def example_output(code: Code, folder: Path | None = None) -> str:
    """The diagnostics of ``code`` that ``rulebook check`` prints for its example, rendered,
    with the example's files named ``example.rules`` and ``example.cards.yaml``; "" when
    the example is not spec text.  The files are written in ``folder`` (an empty scratch
    folder, used again by the next example), or in a temporary folder."""
    if not code.runnable:
        return ""
    if folder is None:
        with tempfile.TemporaryDirectory() as scratch:
            return example_output(code, Path(scratch))
    spec, cards = folder / "example.rules", folder / "example.cards.yaml"
    spec.write_text(code.example_spec(), encoding="utf-8")
    if code.cards is not None:
        cards.write_text(code.cards, encoding="utf-8")
    else:
        cards.unlink(missing_ok=True)
    result = pipeline.analyse(spec)
    text = "\n\n".join(d.render({d.span.path: result.source} if d.span.path.endswith(".rules")
                                else None) for d in result.diagnostics if d.code == code.code)
    prefix = str(spec.parent) + os.sep
    return text.replace(prefix, "").replace(str(spec.parent.resolve()) + os.sep, "")


def errors_page() -> str:
    """The Markdown of ``docs/errors.md`` (:func:`compiler.docs.errors.render_errors_page`),
    with what ``rulebook check`` says about each code's example.  It depends on nothing
    but the compiler that runs (its registry, its checks), so a process makes it once
    (every example is a compile: about 2 s) and gives the same text after that."""
    return _errors_page()


@functools.cache
def _errors_page() -> str:
    from compiler.docs.errors import render_errors_page

    with tempfile.TemporaryDirectory() as scratch:  # one folder for every example
        return render_errors_page({c.code: example_output(c, Path(scratch)) for c in REGISTRY})


def write_errors_page(root: Path, cache: BuildCache | None = None) -> bool:
    """Write ``root/docs/errors.md`` if it changed; whether it did.  The page depends on
    the compiler only (its registry, its checks), so ``cache`` keeps it per toolchain."""
    page = cache.text("errors") if cache is not None else None
    if page is None:
        page = errors_page()
        if cache is not None:
            cache.store_text("errors", page)
    return write_if_changed(root / "docs" / "errors.md", page)


def build_spec(path: Path, root: Path, strict: bool = False,
               cache: BuildCache | None = None,
               claimed: dict[str, Path] | None = None) -> tuple[pipeline.CompileResult, bool]:
    """Compile one spec and, when it has no errors (nor warnings, if ``strict``),
    write its engine (``root/generated/<game>.py``) and page
    (``root/docs/games/<game>.md``) atomically.  Returns the result (``seconds``
    covers the writes too) and whether any file changed; otherwise nothing is
    written (the previous output stays).  With a ``cache`` holding the spec's inputs,
    the result is the cached one (its ``composition`` None) and nothing is compiled.

    ``claimed`` maps each game built so far (by ``rulebook build`` or ``watch``) to its
    spec: a spec whose game another spec builds is E0010 and writes nothing (the
    spec's earlier claim, under another name, is released first).  The engine and
    the page are written both or neither: when the second cannot be (E0009), the
    first is put back as it was."""
    start = time.perf_counter()
    result = None
    if cache is not None:
        display = pipeline.display_path(path)
        lookup = cache.spec(path, display)
        entry = lookup.entry
        if entry is not None and (entry.built or any(d.severity == "error" for d in entry.diagnostics)):
            result = pipeline.CompileResult(path, entry.name, list(entry.diagnostics), entry.source,
                                            engine=entry.engine, page=entry.page, counts=entry.counts)
    if result is None:
        result = pipeline.compile_spec(path)
        if cache is not None:
            cache.store_spec(lookup, path, display, result, built=True)
    changed = False
    warned = strict and any(d.severity == "warning" for d in result.diagnostics)
    same_game = claim_game(claimed, result, path)  # E0010: then nothing is written
    if not same_game and result.ok and not warned and result.engine is not None and result.page is not None:
        outputs = [(root / "generated" / f"{result.name}.py", result.engine),
                   (root / "docs" / "games" / f"{result.name}.md", result.page)]
        done: list[tuple[Path, bytes | None]] = []  # the files written, and what they held
        for target, text in outputs:
            try:
                before = target.read_bytes() if target.is_file() else None
                if write_if_changed(target, text):
                    done.append((target, before))
            except (OSError, UnicodeError) as err:
                reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
                DiagnosticBag(result.diagnostics).error(  # added to the result's diagnostics
                    codes.CANNOT_WRITE, f"cannot write {target}: {reason}",
                    Span(pipeline.display_path(target), 0, 0, 0, 0),
                    hint="check that the folder exists and can be written; the previous engine "
                    "and page are unchanged")
                _put_back(done)
                done = []
                break
        changed = bool(done)
    result.seconds = time.perf_counter() - start
    return result, changed


class SpecError(Exception):
    """A spec that does not compile cleanly: ``result`` (a
    :class:`compiler.pipeline.CompileResult`) holds its diagnostics, ``str()`` the first
    error, rendered."""

    def __init__(self, result: pipeline.CompileResult):
        self.result = result
        first = next(d for d in result.diagnostics if d.severity == "error")
        super().__init__(first.render({first.span.path: result.source}))


def engine_from_spec(path: Path | str) -> types.ModuleType:
    """The engine of the spec at ``path`` (anywhere: a ``.rules`` file and the
    ``.cards.yaml`` catalogues it names beside it, not necessarily under ``specs/``),
    compiled in memory and run as a module: ``engine_from_spec("my/game.rules").Game(
    num_players=2, seed=1)`` is what ``from generated import game`` gives for a built one.
    Nothing is written (no file under ``generated/`` nor ``docs/``); the module imports
    the runtime of this installation (``generated._runtime``), so it is not registered
    in ``sys.modules``.  Raises :class:`SpecError` (every diagnostic in its ``result``)
    when the spec has an error; warnings are kept in ``module.DIAGNOSTICS``."""
    result = pipeline.compile_spec(Path(path))
    if not result.ok or result.engine is None:
        raise SpecError(result)
    module = types.ModuleType(f"generated.{result.name}")
    module.__file__ = str(path)
    exec(compile(result.engine, f"<engine of {pipeline.display_path(Path(path))}>", "exec"),  # noqa: S102
         module.__dict__)
    module.DIAGNOSTICS = list(result.diagnostics)
    return module


def claim_game(claimed: dict[str, Path] | None, result: pipeline.CompileResult, path: Path) -> bool:
    """Record in ``claimed`` (game → spec, in the order the specs are built) that the spec
    ``path`` builds ``result.name``, when it compiles without errors; whether another
    spec builds that game already: then E0010 is added to the result's diagnostics
    (``rulebook build``, ``watch`` and ``check`` alike)."""
    owner = _claim(claimed, result, path) if result.ok else None
    if owner is None:
        return False
    DiagnosticBag(result.diagnostics).error(  # added to the result's diagnostics
        codes.SAME_GAME_TWICE, f"game `{result.name}` is built by another spec, "
        f"{pipeline.display_path(owner)}", _game_span(result, path),
        hint="give each game its own name: both specs would write "
             f"generated/{result.name}.py and docs/games/{result.name}.md")
    return True


def _game_span(result: pipeline.CompileResult, path: Path) -> Span:
    """Where the spec of ``result`` declares its game: from the composition, or (a result
    read back from the build cache has none) the line of its source that opens with
    ``game NAME``; the whole file when neither says."""
    display = pipeline.display_path(path)
    if result.composition is not None and result.composition.game is not None:
        return result.composition.game.span
    pattern = re.compile(rf"[ \t]*game[ \t]+{re.escape(result.name)}\b")
    for number, line in enumerate(source_lines(result.source), 1):
        if pattern.match(line):
            column = line.index("game") + 1
            return Span(display, number, column, number, len(line) + 1)
    return Span(display, 0, 0, 0, 0)


def _claim(claimed: dict[str, Path] | None, result: pipeline.CompileResult, path: Path) -> Path | None:
    """Record that the spec ``path`` builds ``result.name`` in ``claimed``; the spec that
    already builds it, if another one does (then nothing is recorded)."""
    if claimed is None:
        return None
    me = pipeline.resolved(path)
    for name in [n for n, p in claimed.items() if p == me and n != result.name]:
        del claimed[name]  # the spec renamed its game
    if result.name in claimed and not claimed[result.name].exists():
        del claimed[result.name]  # its spec was removed (watch): the game is free again
    owner = claimed.setdefault(result.name, me)
    return owner if owner != me else None


def _put_back(done: list[tuple[Path, bytes | None]]) -> None:
    """Undo the writes of one build (each file's earlier content, or no file), best effort."""
    for target, before in reversed(done):
        with contextlib.suppress(OSError):
            if before is None:
                target.unlink()
            else:
                write_if_changed(target, before)


#: How the build knows a file is its own: an engine's docstring opens with this phrase
#: and tells the reader not to edit it; a page's first line is this comment.  A file
#: without its mark (one a person wrote or changed) is never removed.
ENGINE_MARK = ": a playable engine generated by rulebook from "
PAGE_MARK = "<!-- Generated by rulebook from the game's spec: edit the spec, not this page. -->"


def owned_outputs(root: Path) -> dict[str, list[Path]]:
    """The engines (``root/generated/<game>.py``) and pages (``root/docs/games/<game>.md``)
    that carry the build's mark, by game; the package files (``__init__.py``,
    ``_runtime.py``) are not a game's."""
    found: dict[str, list[Path]] = {}
    for path in sorted((root / "generated").glob("*.py")):
        head = _head(path, 3)
        if path.stem.isidentifier() and not path.stem.startswith("_") and head[:1] and \
                head[0].startswith('"""') and ENGINE_MARK in head[0] and "Do not edit" in "".join(head):
            found.setdefault(path.stem, []).append(path)
    for path in sorted((root / "docs" / "games").glob("*.md")):
        if PAGE_MARK in _head(path, 6):
            found.setdefault(path.stem, []).append(path)
    return found


def _head(path: Path, lines: int) -> list[str]:
    """The first ``lines`` lines of ``path`` (without line ends); [] when it cannot be read."""
    try:
        with path.open(encoding="utf-8") as f:
            return [line.rstrip("\n") for _, line in zip(range(lines), f)]
    except (OSError, UnicodeError):
        return []


def remove_stale_outputs(root: Path, results: list[pipeline.CompileResult]) -> list[Path]:
    """After a build of every spec of ``root`` (``results``), remove the engines and pages
    the build made for games no spec builds any more (a spec removed, or its game
    renamed); the paths removed.  Only files with the build's mark are touched
    (:func:`owned_outputs`), and nothing at all when a spec failed before its game was
    known: its earlier output stays, as for any spec that fails."""
    if any(not r.ok and (r.composition is None or r.composition.game is None) for r in results):
        return []  # a failed spec whose game is unknown (a result from the cache has no composition)
    live = {r.name for r in results}
    return [path for game in owned_outputs(root) if game not in live
            for path in remove_game_outputs(root, game)]


def remove_game_outputs(root: Path, game: str) -> list[Path]:
    """Remove the engine and page of ``game`` that carry the build's mark
    (:func:`owned_outputs`); the paths removed."""
    removed = []
    for path in owned_outputs(root).get(game, []):
        with contextlib.suppress(OSError):
            path.unlink()
            removed.append(path)
    return removed


def nav_pages_missing(root: Path) -> list[str]:
    """The game pages (``games/<game>.md``) the nav of ``root/mkdocs.yml`` names but
    ``root/docs/games/`` lacks: ``mkdocs build --strict`` fails on them.  The nav is the
    author's to edit (README: *Adding a game*); the build only says what to remove."""
    try:
        text = (root / "mkdocs.yml").read_text(encoding="utf-8")
    except (OSError, UnicodeError):
        return []
    named = dict.fromkeys(re.findall(r"^\s*-\s.*?\b(games/[\w.-]+\.md)\s*$", text, re.M))
    return [page for page in named if not (root / "docs" / page).is_file()]


def build_site(root: Path) -> subprocess.CompletedProcess:
    """``mkdocs build --strict`` of ``root/mkdocs.yml`` into ``root/site``, run in this
    process (no second interpreter to start, nor mkdocs to import again on each rebuild of
    ``rulebook watch --site``): the outcome as a completed process, ``returncode`` 0 or 1
    and ``stderr`` what mkdocs said (its warnings, which fail the build as ``--strict``
    says, and errors; a crash of mkdocs or of one of its plugins is one line there, never
    a traceback).  mkdocs' own logging is left as it was found."""
    import logging

    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config

    said: list[str] = []
    handler = logging.Handler(logging.WARNING)
    handler.emit = lambda record: said.append(f"{record.levelname:<8}-  {record.getMessage()}")
    logger = logging.getLogger("mkdocs")
    before = logger.level, logger.propagate
    logger.setLevel(logging.WARNING)
    logger.propagate = False  # what mkdocs says goes to the report, not to the root logger
    logger.addHandler(handler)
    status = 0
    try:
        config = load_config(str(root / "mkdocs.yml"), strict=True, site_dir=str(root / "site"))
        mkdocs_build(config)
    except BaseException as err:  # noqa: BLE001 -- mkdocs' Abort is a SystemExit; a plugin may raise anything
        if isinstance(err, KeyboardInterrupt):
            raise
        said.append(f"ERROR   -  {type(err).__name__}: {err}")
        status = 1
    finally:
        logger.removeHandler(handler)
        logger.setLevel(before[0])
        logger.propagate = before[1]
    if said and not status:  # a warning that did not abort (it is counted by mkdocs in strict mode)
        status = 1
    return subprocess.CompletedProcess(["mkdocs", "build", "--strict"], status, "",
                                       "\n".join(said) + ("\n" if said else ""))
