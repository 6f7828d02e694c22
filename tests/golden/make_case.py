"""Turn an edited copy of the base into a golden case's diff, and back.

Run from the repository root::

    python -m tests.golden.make_case NAME           # diagnostics/NAME.rules -> NAME.diff
    python -m tests.golden.make_case --expand NAME  # NAME.diff -> NAME.rules, to edit again

The first reads ``tests/golden/diagnostics/NAME.rules`` (a copy of
``diagnostics/base/utopolis.rules`` with the case's edit), writes ``NAME.diff`` and deletes
the copy once the diff gives it back byte for byte.  The second writes the copy back from
the diff (and deletes the diff), so the edit can be changed and made a diff again.
Exit status 0 on success, 2 when the input is missing or is no edit of the base.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tests.golden import cases


def to_diff(name: str) -> str:
    """Replace ``NAME.rules`` by ``NAME.diff``; returns what was done, in words.
    Raises ``FileNotFoundError`` or ``ValueError`` (no change from the base)."""
    full = cases.CASES / f"{name}.rules"
    text = full.read_text(encoding="utf-8")
    diff = cases.make_diff(full.name, text)
    if not diff:
        raise ValueError(f"{full.name} is the base unchanged: make the case's edit first")
    if cases.apply(cases.base_text(), diff, full.name).encode("utf-8") != full.read_bytes():
        raise ValueError(f"{full.name}: the diff does not give the file back")  # a bug here
    full.with_suffix(".diff").write_text(diff, encoding="utf-8", newline="\n")
    full.unlink()
    changed = sum(1 for line in diff.splitlines()[2:] if line[:1] in "+-")
    return f"wrote {full.with_suffix('.diff').name} ({changed} changed line(s)); removed {full.name}"


def expand(name: str) -> str:
    """Replace ``NAME.diff`` by the full ``NAME.rules``; returns what was done, in words."""
    diff = cases.CASES / f"{name}.diff"
    text = cases.apply(cases.base_text(), diff.read_text(encoding="utf-8"), diff.name)
    diff.with_suffix(".rules").write_text(text, encoding="utf-8", newline="\n")
    diff.unlink()
    return f"wrote {name}.rules; removed {diff.name}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.golden.make_case", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="+", metavar="NAME", help="case name, without .rules/.diff")
    parser.add_argument("--expand", action="store_true", help="write NAME.rules back from NAME.diff")
    args = parser.parse_args(argv)
    status = 0
    for name in args.names:
        name = Path(name).name.removesuffix(".rules").removesuffix(".diff")
        try:
            print(expand(name) if args.expand else to_diff(name))
        except (OSError, ValueError) as err:
            print(f"make_case: {err}", file=sys.stderr)
            status = 2
    return status


if __name__ == "__main__":
    sys.exit(main())
