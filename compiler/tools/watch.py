"""`rulebook watch`: rebuild the specs whose files changed, change set after change set.

The loop takes any iterable of change sets, as ``watchfiles.watch`` yields them
(``{(Change, "/abs/path"), ...}``), so it runs the same on a real watcher and on a
list in a test.  A ``.rules`` change rebuilds that spec; a catalogue ``.yaml``
change rebuilds every spec that reads it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from compiler import pipeline
from compiler.build import remove_game_outputs

#: Files whose change can change a build.
WATCHED_SUFFIXES = (".rules", ".yaml", ".yml")


def is_watched(path: str) -> bool:
    """A spec or a catalogue (not an editor's backup or temp file)."""
    name = Path(path).name
    return name.endswith(WATCHED_SUFFIXES) and not name.startswith((".", "#", "~"))


class SpecWatch:
    """The state of a watch: which specs there are and which catalogues each reads.

    ``specs``: the specs to build (resolved paths), or None for every ``*.rules``
    in ``folder`` (then a new spec saved there is picked up).
    ``build(path) -> CompileResult`` builds one spec (and reports it); ``after()``
    runs once after each batch of rebuilds (the docs site); ``say(text)`` reports
    anything else."""

    def __init__(self, root: Path, specs: list[Path] | None, folder: Path,
                 build: Callable[[Path], pipeline.CompileResult],
                 after: Callable[[], object] | None = None,
                 say: Callable[[str], None] = print):
        self.root = root
        self.fixed = specs is not None
        self.folder = pipeline.resolved(folder)
        self.specs: list[Path] = [pipeline.resolved(p) for p in specs] if specs is not None else \
            sorted(pipeline.resolved(p) for p in self.folder.glob("*.rules"))
        self.build, self.after, self.say = build, after, say
        self.catalogues: dict[Path, set[Path]] = {}
        #: the game each spec built last, whose engine and page go when the spec does
        self.games: dict[Path, str] = {}

    def run(self, changes: Iterable[set[tuple[object, str]]]) -> int:
        """Build every spec, then rebuild on each change set until ``changes`` ends
        (a real watcher ends on Ctrl-C, raising KeyboardInterrupt).  Returns the
        number of rebuild batches."""
        self.rebuild(self.specs)
        batches = 0
        for change_set in changes:
            targets = self.affected({pipeline.resolved(Path(path)) for _, path in change_set})
            if targets:
                self.rebuild(targets)
                batches += 1
        return batches

    def affected(self, paths: set[Path]) -> list[Path]:
        """The specs to rebuild for these changed paths, in spec order; a spec that
        is gone is dropped (and a new one in the folder adopted)."""
        for path in sorted(paths):
            if path.suffix == ".rules" and path in self.specs and not path.exists():
                self.specs.remove(path)
                self.catalogues.pop(path, None)
                game = self.games.pop(path, None)
                gone = remove_game_outputs(self.root, game) \
                    if game is not None and game not in self.games.values() else []
                self.say(f"{path.stem:<12} removed" + ("; so are " + ", ".join(
                    str(p.relative_to(self.root)) for p in gone) if gone else ""))
            elif (path.suffix == ".rules" and not self.fixed and path.parent == self.folder
                  and path.exists() and path not in self.specs):
                self.specs.append(path)
                self.specs.sort()
        out = []
        for spec in self.specs:
            reads = self.catalogues.get(spec) or self._guess_catalogues(spec, paths)
            if spec in paths or reads & paths:
                out.append(spec)
        return out

    @staticmethod
    def _guess_catalogues(spec: Path, paths: set[Path]) -> set[Path]:
        """Until a spec has compiled far enough to name its catalogues: the YAML
        files beside it that start with its name (``utopolis.cards.yaml``)."""
        return {p for p in paths if p.parent == spec.parent and p.suffix in (".yaml", ".yml")
                and p.name.startswith(spec.stem + ".")}

    def rebuild(self, specs: list[Path]) -> None:
        """Build ``specs`` in order, note the catalogues each reads, then run ``after``."""
        for spec in specs:
            result = self.build(spec)
            if result.ok:
                self.games[spec] = result.name
            reads = pipeline.catalogue_paths(result)
            if reads or spec not in self.catalogues:
                self.catalogues[spec] = reads
        if specs and self.after is not None:
            self.after()
