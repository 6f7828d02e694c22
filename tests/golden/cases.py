"""The golden-diagnostic cases of ``tests/golden/diagnostics/``, as texts.

A case is ``NAME.rules``, standalone (the small ``tiny_*`` and ``syntax_*`` specs), or
``NAME.diff``: a unified diff (``diff -u``, three lines of context) against the frozen
Utópolis spec ``diagnostics/base/utopolis.rules``, applied here, strictly (no fuzz, no
offset), at test time.  Either way the case is analysed as
``tests/golden/diagnostics/NAME.rules``: that is the path its diagnostics name, and its
catalogues (``buildings.cards.yaml``, ``NAME.cards.yaml``) are read from beside it.

A diff reads as any patch does, and standard tools apply it too::

    cd tests/golden/diagnostics && patch -o NAME.rules base/utopolis.rules NAME.diff

``python -m tests.golden.make_case`` turns an edited copy of the base into its diff
and back (see :mod:`tests.golden.make_case`).
"""

from __future__ import annotations

import difflib
import re
import shutil
from pathlib import Path

#: The folder of the cases, their ``.expected`` renderings and their catalogues.
CASES = Path(__file__).resolve().parent / "diagnostics"
#: The Utópolis spec as the cases were written against it: frozen, so the
#: expectations do not move when ``specs/utopolis.rules`` does.
BASE = CASES / "base" / "utopolis.rules"
#: Where a case is analysed from, relative to the repository root.
CASES_FROM_ROOT = Path("tests", "golden", "diagnostics")
#: Lines of context in a case's diff (``diff -u``'s default).
CONTEXT = 3

_HUNK = re.compile(r"@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")
_NO_NEWLINE = "\\ No newline at end of file"


class EditError(ValueError):
    """A case's diff does not apply to the base: which hunk, which line, what differs."""


def names() -> list[str]:
    """Every case, as the ``NAME.rules`` file it is analysed as, sorted."""
    found = {p.name for p in CASES.glob("*.rules")}
    found |= {p.stem + ".rules" for p in CASES.glob("*.diff")}
    return sorted(found)


def edited(name: str) -> bool:
    """True when case ``name`` (``NAME.rules``) is stored as a diff of the base."""
    return (CASES / name).with_suffix(".diff").exists()


def text(name: str) -> str:
    """The spec text of case ``name`` (``NAME.rules``); a diff case is the base with its
    edit applied.  Raises :class:`EditError` if the diff does not apply, ``FileNotFoundError``
    if there is no such case."""
    path = CASES / name
    if path.exists():
        return path.read_text(encoding="utf-8")
    diff = path.with_suffix(".diff")
    return apply(base_text(), diff.read_text(encoding="utf-8"), diff.name)


def base_text() -> str:
    """The frozen Utópolis spec the diff cases edit."""
    return BASE.read_text(encoding="utf-8")


def make_diff(name: str, case: str, base: str | None = None) -> str:
    """The diff that turns the base into ``case`` (the text of ``NAME.rules``), headed
    ``--- base/utopolis.rules`` / ``+++ NAME.rules``, as ``diff -u`` writes it (an added
    or removed block that could stand a few lines higher or lower stands lowest);
    empty if they are equal."""
    old, new = _lines(base_text() if base is None else base), _lines(case)
    matcher = _LowestBlocks(None, old, new, autojunk=False)
    out = []
    for group in matcher.get_grouped_opcodes(CONTEXT):
        if not out:
            out += [f"--- {BASE.parent.name}/{BASE.name}\n", f"+++ {name}\n"]
        (_, i1, _, j1, _), (_, _, i2, _, j2) = group[0], group[-1]
        out.append(f"@@ -{_range(i1, i2 - i1)} +{_range(j1, j2 - j1)} @@\n")
        for tag, a1, a2, b1, b2 in group:
            if tag == "equal":
                out += [" " + line for line in old[a1:a2]]
                continue
            out += ["-" + line for line in old[a1:a2]]
            out += ["+" + line for line in new[b1:b2]]
    return "".join(out)


def _range(start: int, length: int) -> str:
    """A hunk range as unified diffs write it: ``3`` for one line, ``2,0`` for none after line 2."""
    if length == 1:
        return str(start + 1)
    return f"{start + 1 if length else start},{length}"


class _LowestBlocks(difflib.SequenceMatcher):
    """Opcodes in which a block only added or only removed is moved down past the equal
    lines that follow it while it can (``difflib`` may leave it higher than ``diff`` does:
    a pasted copy of a block shows as lines added inside the original)."""

    def get_opcodes(self):
        ops = [list(op) for op in super().get_opcodes()]
        moved: list[list] = []
        for k, op in enumerate(ops):
            tag, i1, i2, j1, j2 = op
            after = ops[k + 1] if k + 1 < len(ops) else None
            if tag in ("insert", "delete") and after is not None and after[0] == "equal":
                seq, lo, hi = (self.b, j1, j2) if tag == "insert" else (self.a, i1, i2)
                step = 0
                while step < after[2] - after[1] and seq[lo + step] == seq[hi + step]:
                    step += 1
                if step:
                    if moved and moved[-1][0] == "equal":
                        moved[-1][2] += step
                        moved[-1][4] += step
                    else:
                        moved.append(["equal", i1, i1 + step, j1, j1 + step])
                    op = [tag, i1 + step, i2 + step, j1 + step, j2 + step]
                    after[1] += step
                    after[3] += step
            moved.append(op)
        return [tuple(op) for op in moved if op[1] != op[2] or op[3] != op[4]]


def _lines(text: str) -> list[str]:
    """Lines with their ends; a last line without one is marked as ``diff`` marks it."""
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n" + _NO_NEWLINE + "\n"
    return lines


def apply(base: str, diff: str, label: str = "diff") -> str:
    """``base`` with the unified ``diff`` applied: every hunk at the line its header gives,
    every context and removed line equal to the base's.  Raises :class:`EditError` naming
    ``label``, the hunk and the line where the diff and the base disagree."""
    old = base.splitlines(keepends=True)
    out: list[str] = []
    at = 0  # lines of the base consumed
    body = diff.splitlines(keepends=True)
    if len(body) < 2 or not body[0].startswith("--- ") or not body[1].startswith("+++ "):
        raise EditError(f"{label}: a unified diff starts with `--- ` and `+++ ` lines")
    i = 2
    while i < len(body):
        header = body[i]
        match = _HUNK.match(header)
        if match is None:
            raise EditError(f"{label}:{i + 1}: expected a hunk header `@@ -a,b +c,d @@`, got {header!r}")
        start, removed = int(match[1]), int(match[2] or 1)
        added = int(match[4] or 1)
        first = start - 1 if removed else start  # `-a,0`: insert after line a
        if first < at or first > len(old):
            raise EditError(f"{label}: hunk {header.strip()} starts at line {start}, "
                            f"outside the base's {len(old)} lines or before the previous hunk")
        out += old[at:first]
        at = first
        i += 1
        seen_old = seen_new = 0
        to_out = False  # whether the previous line went to the output
        while i < len(body) and not body[i].startswith("@@"):
            line = body[i]
            kind, content = line[:1], line[1:]
            if line.rstrip("\n") == _NO_NEWLINE:
                if to_out and out[-1].endswith("\n"):
                    out[-1] = out[-1][:-1]
                i += 1
                continue
            if kind in (" ", "-"):
                have = old[at] if at < len(old) else "<end of the base>"
                if have.rstrip("\n") != content.rstrip("\n"):
                    raise EditError(f"{label}: hunk {header.strip()}: base line {at + 1} is "
                                    f"{have.rstrip(chr(10))!r}, the diff expects {content.rstrip(chr(10))!r}")
                at += 1
                seen_old += 1
                if kind == " ":
                    out.append(have)
                    seen_new += 1
                to_out = kind == " "
            elif kind == "+":
                out.append(content)
                seen_new += 1
                to_out = True
            else:
                raise EditError(f"{label}:{i + 1}: a hunk line starts with ` `, `-` or `+`, got {line!r}")
            i += 1
        if (seen_old, seen_new) != (removed, added):
            raise EditError(f"{label}: hunk {header.strip()} holds {seen_old} old and {seen_new} new "
                            f"lines, its header says {removed} and {added}")
    return "".join(out + old[at:])


def materialise(root: Path) -> Path:
    """Write every case (diffs applied) and the catalogues beside them into
    ``root/tests/golden/diagnostics``, so a command run in ``root`` names the cases
    by the paths their ``.expected`` renderings use; returns that folder."""
    folder = root / CASES_FROM_ROOT
    folder.mkdir(parents=True, exist_ok=True)
    for name in names():
        (folder / name).write_text(text(name), encoding="utf-8", newline="\n")
    for path in CASES.glob("*.cards.yaml"):
        shutil.copyfile(path, folder / path.name)
    return folder
