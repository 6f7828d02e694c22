"""The build cache: what the passes made of inputs already seen, found again by content
hash, so that ``rulebook build`` and ``rulebook check`` answer at once when nothing changed.

The cache of a project is its folder ``.rulebook-cache/`` (beside ``specs/``; git ignores
it), one JSON file an entry, each written atomically.  An entry is found by a SHA-256
key over everything its outputs depend on:

* the toolchain (:func:`toolchain_digest`), in every key: the source of ``dsl/`` and
  ``compiler/`` (each ``.py``, ``.lark``, ``.j2`` and ``.json`` file), the Python version
  and the installed distributions with their versions.  Any edit of the compiler or a
  new Lark, PyYAML, networkx, Jinja or mkdocs starts afresh;
* a spec (:meth:`BuildCache.spec`): how it is named in spans (its path relative to the
  project) and its bytes.  The catalogue files the spec read are recorded in the entry
  with their state (resolved path, kind, size or content digest) and compared at every
  lookup: an edited, moved or deleted catalogue is a miss.  The entry holds the
  diagnostics, the counts of the build line and, once ``build`` made them, the engine
  and the page;
* the errors page and the engine runtime: the toolchain only;
* the site: ``mkdocs.yml`` and every file under ``docs/`` (names and bytes), with the
  toolchain less ``compiler/`` (mkdocs reads only the highlighter, in ``dsl/``).

A miss costs only the compile it would have saved; a damaged, unreadable or unwritable
entry is a miss, never an error.  ``--force`` reads nothing from the cache (and writes
fresh entries).  Each spec keeps its :data:`KEEP` newest entries (switching branches
back and forth stays fast); entries of another toolchain are deleted when a new one is
written.

This module imports no pass, so that a build answered from the cache loads neither
Lark nor networkx nor Jinja.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import stat
import sys
import sysconfig
import tempfile
from dataclasses import astuple
from functools import cache
from pathlib import Path

from dsl.diagnostics import Diagnostic, Note
from dsl.spans import Span

#: The cache folder, in a project's root.
FOLDER = ".rulebook-cache"
#: Bumped when the layout of entries changes: older entries are then misses.
FORMAT = 1
#: How many entries each spec keeps.
KEEP = 4
#: Larger specs and catalogues are compiled every time (the compiler refuses them anyway).
MAX_CACHED_BYTES = 16 * 1024 * 1024

_PACKAGES = ("dsl", "compiler")
_SOURCE_SUFFIXES = (".py", ".lark", ".j2", ".json")


@cache
def toolchain_digest(packages: tuple[str, ...] = _PACKAGES) -> str:
    """The SHA-256 (hex) of what every output depends on besides the project: the
    source files of ``packages`` (``dsl/`` and ``compiler/``: paths and bytes), the
    Python version and the names of the installed distributions (which carry their
    versions)."""
    digest = hashlib.sha256(f"rulebook cache {FORMAT}\n{sys.version}\n".encode())
    for package in packages:
        folder = Path(__file__).resolve().parent.parent / package
        for path in sorted(folder.rglob("*")):
            if path.suffix in _SOURCE_SUFFIXES and "__pycache__" not in path.parts:
                digest.update(f"{path.relative_to(folder.parent).as_posix()}\n".encode())
                digest.update(hashlib.sha256(path.read_bytes()).digest())
    for folder in sorted({sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}):
        with contextlib.suppress(OSError):
            names = sorted(n for n in os.listdir(folder) if n.endswith((".dist-info", ".egg-info")))
            digest.update("\n".join(names).encode())
    return digest.hexdigest()


def _key(*parts: str | bytes) -> str:
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8", "surrogatepass") if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
    return digest.hexdigest()


def file_state(folder: Path, relative: str) -> str:
    """The state of the file ``relative`` names from ``folder``, as far as reading it as
    a catalogue can tell: where it resolves to, whether it is an ordinary file, and its
    content digest (its size and modification time past :data:`MAX_CACHED_BYTES`, or
    why it cannot be read)."""
    try:
        path = (folder.resolve() / relative).resolve()
    except (OSError, RuntimeError, ValueError) as err:  # a loop of links...
        return f"unresolved {type(err).__name__}"
    try:
        info = path.stat()
    except OSError as err:
        return f"{path} missing {err.errno}"
    if not stat.S_ISREG(info.st_mode):
        return f"{path} kind {stat.S_IFMT(info.st_mode)}"
    if info.st_size > MAX_CACHED_BYTES:
        return f"{path} size {info.st_size} {info.st_mtime_ns}"
    try:
        return f"{path} sha256 {hashlib.sha256(path.read_bytes()).hexdigest()}"
    except OSError as err:
        return f"{path} unreadable {err.errno}"


def _span_data(span: Span) -> list:
    return list(astuple(span))


def diagnostic_data(d: Diagnostic) -> list:
    """A diagnostic as JSON data that :func:`diagnostic_from_data` turns back into an
    equal diagnostic (spans included, whatever their values)."""
    return [d.code, d.severity, d.message, _span_data(d.span), d.hint,
            [[n.message, _span_data(n.span)] for n in d.notes]]


def diagnostic_from_data(data: list) -> Diagnostic:
    """The inverse of :func:`diagnostic_data`; ``TypeError``/``ValueError`` (or the
    registry's ``AssertionError``) for data that is not such a list."""
    code, severity, message, span, hint, notes = data
    return Diagnostic(code, message, Span(*span), severity, hint,
                      tuple(Note(text, Span(*where)) for text, where in notes))


class SpecEntry:
    """What the cache holds for one spec: ``name``, ``diagnostics``, ``counts`` (the
    numbers of the build line), ``engine`` and ``page`` (None when only checked, or
    when the spec has errors), and the ``source`` text the entry was made from."""

    def __init__(self, data: dict, source: str):
        self.name: str = data["name"]
        self.diagnostics: list[Diagnostic] = [diagnostic_from_data(d) for d in data["diagnostics"]]
        self.counts: dict[str, int] = dict(data["counts"])
        self.engine: str | None = data["engine"]
        self.page: str | None = data["page"]
        self.built: bool = data["built"]
        self.source = source


class SpecLookup:
    """A spec as the cache sees it: its ``key`` (None when it cannot be cached: an
    unreadable, oversize or non-UTF-8 file), the ``source`` text read, and the cached
    ``entry`` if there is a valid one."""

    def __init__(self, key: str | None, source: str | None, entry: SpecEntry | None):
        self.key, self.source, self.entry = key, source, entry


class BuildCache:
    """The cache of the project at ``root`` (:data:`FOLDER`).  ``read=False`` (``--force``)
    finds nothing but still records what is built."""

    def __init__(self, root: Path, read: bool = True):
        self.folder = root / FOLDER
        self.read = read

    # -- storage -------------------------------------------------------------------

    def _load(self, name: str) -> dict | None:
        if not self.read:
            return None
        try:
            data = json.loads((self.folder / name).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) and data.get("format") == FORMAT else None

    def _store(self, name: str, data: dict) -> None:
        """Write the entry ``name`` atomically; a failure leaves the cache as it was."""
        text = json.dumps({"format": FORMAT, **data}, ensure_ascii=False)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            ignore = self.folder / ".gitignore"
            if not ignore.exists():  # the folder ignores itself, wherever the project is
                ignore.write_text("*\n", encoding="utf-8")
            fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=f".{name}.", suffix=".tmp")
        except OSError:
            return
        try:
            with os.fdopen(fd, "w", encoding="utf-8", errors="surrogatepass") as f:
                f.write(text)
            os.replace(tmp, self.folder / name)
        except (OSError, UnicodeError):
            with contextlib.suppress(OSError):
                os.unlink(tmp)

    def _prune(self, prefix: str, keep: int, current: str, toolchain: str = "") -> None:
        """Delete the entries named ``prefix*.json`` but the ``keep`` newest (``current``
        always kept) of those named ``prefix<toolchain>...``: the others, made by another
        toolchain, can no longer be found."""
        try:
            found = [p for p in self.folder.glob(f"{prefix}*.json") if p.name != current]
            stale = [p for p in found if not p.name.startswith(prefix + toolchain)]
            found = sorted(set(found) - set(stale), key=lambda p: p.stat().st_mtime_ns, reverse=True)
            for old in stale + found[max(keep - 1, 0):]:
                old.unlink(missing_ok=True)
        except OSError:
            pass

    # -- specs ---------------------------------------------------------------------

    @staticmethod
    def _spec_name(display: str, key: str) -> str:
        return f"spec-{_slug(display)}-{toolchain_digest()[:12]}-{key[:32]}.json"

    def spec(self, path: Path, display: str) -> SpecLookup:
        """Look up the spec at ``path`` (named ``display`` in spans)."""
        try:
            if path.stat().st_size > MAX_CACHED_BYTES:
                return SpecLookup(None, None, None)
            data = path.read_bytes()
            source = data.decode("utf-8-sig")
        except (OSError, UnicodeDecodeError):
            return SpecLookup(None, None, None)
        key = _key(toolchain_digest(), "spec", display, data)
        found = self._load(self._spec_name(display, key))
        entry = None
        if found is not None and found.get("key") == key:
            folder = path.parent
            catalogues = found.get("catalogues", {})
            if all(file_state(folder, rel) == state for rel, state in catalogues.items()):
                with contextlib.suppress(KeyError, TypeError, ValueError, AssertionError):
                    entry = SpecEntry(found, source)
        return SpecLookup(key, source, entry)

    def store_spec(self, lookup: SpecLookup, path: Path, display: str, result, built: bool) -> None:
        """Record ``result`` (a :class:`compiler.pipeline.CompileResult` of the text of
        ``lookup``), with its engine and page when ``built``.  Nothing is recorded when
        the spec changed while it was compiled, nor over a built entry by a check."""
        if lookup.key is None or result.source != lookup.source:
            return
        if not built and lookup.entry is not None and lookup.entry.built:
            return
        name = self._spec_name(display, lookup.key)
        catalogues = {rel: file_state(path.parent, rel) for rel in _catalogue_paths(result)}
        self._store(name, {
            "key": lookup.key, "display": display, "catalogues": catalogues, "name": result.name,
            "counts": result.stats() if result.ok else {},
            "diagnostics": [diagnostic_data(d) for d in result.diagnostics],
            "built": built, "engine": result.engine if built else None,
            "page": result.page if built else None})
        self._prune(f"spec-{_slug(display)}-", KEEP, name, toolchain_digest()[:12])

    # -- toolchain-only outputs and the site ----------------------------------------

    def text(self, kind: str) -> str | None:
        """The cached output ``kind`` (``runtime``, ``errors``) of this toolchain, if any."""
        found = self._load(f"{kind}-{toolchain_digest()[:32]}.json")
        text = found.get("text") if found is not None else None
        return text if isinstance(text, str) else None

    def store_text(self, kind: str, text: str) -> None:
        """Record the output ``kind`` of this toolchain (and drop other toolchains')."""
        name = f"{kind}-{toolchain_digest()[:32]}.json"
        self._store(name, {"text": text})
        self._prune(f"{kind}-", 1, name)

    @staticmethod
    def site_key(root: Path) -> str:
        """The key of the site of ``root``: the toolchain, ``mkdocs.yml`` and every file
        under ``docs/`` (names and bytes)."""
        parts: list[str | bytes] = [toolchain_digest(("dsl",)), "site"]
        for path in [root / "mkdocs.yml", *sorted((root / "docs").rglob("*"))]:
            if path.is_file():
                parts += [path.relative_to(root).as_posix(), path.read_bytes()]
        return _key(*parts)

    def site_is_current(self, root: Path, key: str) -> bool:
        """Whether ``root/site`` was built from the inputs of ``key`` and is still there."""
        found = self._load("site.json")
        return (found is not None and found.get("key") == key
                and (root / "site" / "index.html").is_file())

    def store_site(self, key: str) -> None:
        self._store("site.json", {"key": key})


def _slug(display: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", display)[-60:]


def _catalogue_paths(result) -> list[str]:
    """The catalogue paths (as the spec writes them) of a compiled spec's modes."""
    comp = result.composition
    if comp is None:
        return []
    return sorted({cat.path for mode in comp.modes.values() for cat in mode.catalogues.values()})
