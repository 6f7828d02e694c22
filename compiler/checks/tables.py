"""Tables (construct 10): the kinds of their keys (E0587), keys given twice (E0588), the
types of their values (E0589), tables too large (E0592), tables with no rows (E0593), and
enum-keyed tables that miss members (W0112).

Reads of a table are checked where they are written (:meth:`Checker._table_read`).
"""

from __future__ import annotations

from dsl import ast, codes
from dsl.diagnostics import Note
from compiler.analysis import limits
from compiler.analysis import names as N
from compiler.analysis import tables as T
from compiler.checks.typecheck import Checker


def check_mode(mode, report, types=None) -> None:
    """Report the problems above in every table of ``mode``."""
    _Tables(mode, report, types).run()


class _Tables(Checker):
    def run(self) -> None:
        for table in self.mode.tables.values():
            self.table(table)

    def table(self, table: ast.Table) -> None:
        """One table: every row's key of the first row's kinds, once; one value type."""
        if not table.rows:
            self.report.error(codes.TABLE_NO_ROWS, f"`{table.name}` has no rows: no key gives a value",
                              table.span, hint="write its rows (`1 to 3 -> 2`), or use a `param` "
                              "for a single value")
            return
        first = table.rows[0]
        kinds = [T.key_type(p, self.mode) for p in first.keys]
        ok = True
        for row in table.rows:
            if len(row.keys) != len(first.keys):
                self.report.error(codes.TABLE_KEY_TYPE, f"this row has {len(row.keys)} key(s), and the "
                                  f"first row of `{table.name}` has {len(first.keys)}", row.span,
                                  hint="give every row as many keys as the table has indexes",
                                  notes=[Note("the first row", first.span)])
                ok = False
                continue
            for part, want in zip(row.keys, kinds):
                got = T.key_type(part, self.mode)
                if got.unknown:
                    name = part.name if isinstance(part, ast.Name) else "this"
                    self.report.error(codes.TABLE_KEY_TYPE, f"`{name}` is not a number, a range or a "
                                      "member of an enum", part.span,
                                      hint="a key is a number (`3`), a range (`1 to 3`) or an enum member")
                    ok = False
                elif got != want and not want.unknown:
                    self.report.error(codes.TABLE_KEY_TYPE, f"this key is {got.words()}, and the first "
                                      f"row's is {want.words()}", part.span,
                                      hint="every row gives the same kind of key at each position",
                                      notes=[Note("the first row", first.span)])
                    ok = False
                elif isinstance(part, ast.KeyRange) and part.high < part.low:
                    self.report.error(codes.TABLE_KEY_TYPE, f"the range {part.low} to {part.high} is "
                                      "empty", part.span, hint=f"write `{part.high} to {part.low}`")
                    ok = False
        want = T.value_type(table, self.mode)
        values = [r.value for r in table.rows] + ([table.default] if table.default is not None else [])
        for v in values:
            got = N.literal_type(v, self.mode)
            if got.unknown or want.unknown or got.kind == "bag":
                self.report.error(codes.TABLE_VALUE_TYPE, "a table gives numbers, true or false, texts or "
                                  "enum members, and this is " + (f"`{v.name}`, which names no member"
                                                                  if isinstance(v, ast.Name) else "not one"),
                                  v.span, hint="write a number, `true`, `false`, a text or an enum member")
                return
            if got != want:
                self.report.error(codes.TABLE_VALUE_TYPE, f"`{table.name}` gives {want.words()} in its first "
                                  f"row, and {got.words()} here", v.span,
                                  hint="give every row a value of one type",
                                  notes=[Note("the first row", first.span)])
                return
        if ok and T.key_count(table) > limits.MAX_TABLE_KEYS:
            self.report.error(codes.TABLE_TOO_LARGE, f"`{table.name}` has {T.key_count(table):,} keys, "
                              f"more than {limits.MAX_TABLE_KEYS:,}", table.span,
                              hint="use narrower ranges, or work the value out with arithmetic")
            return
        if ok:
            self.duplicates(table)
            self.enum_total(table, kinds)

    def duplicates(self, table: ast.Table) -> None:
        """E0588: a key that two rows give (ranges spread out)."""
        seen: dict = {}
        for row in table.rows:
            one = ast.Table(table.name, table.title, (row,))
            for key in T.entries(one):
                if key in seen:
                    shown = ", ".join(map(str, key)) if isinstance(key, tuple) else key
                    self.report.error(codes.TABLE_KEY_DUPLICATE, f"`{table.name}` already has a row for "
                                      f"{shown}", row.span, hint="keep one row per key",
                                      notes=[Note("the other row", seen[key].span)])
                    break
                seen[key] = row

    def enum_total(self, table: ast.Table, kinds) -> None:
        """W0112: a one-index table keyed by an enum, without ``else``, missing members."""
        if table.default is not None or len(kinds) != 1 or kinds[0].kind != "enum":
            return
        enum = self.mode.enums.get(kinds[0].of)
        missing = [m.name for m in enum.members if m.name not in T.entries(table)] if enum else []
        if missing:
            self.report.warning(codes.TABLE_ENUM_NOT_TOTAL, f"`{table.name}` has no row for "
                                + ", ".join(f"`{m}`" for m in missing) + " and no `else`", table.span,
                                hint=f"add the rows, or `else V` for every other {enum.name}")
