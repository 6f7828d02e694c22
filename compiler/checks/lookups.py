"""The type rules of the lookups: table reads (``t[k]``, ``t[a, b]``), a card's list entry
(``v.track[i]``), indexed tracks and resource families (``loyalty[f]``, ``disc[k]``),
dice (``count d showing f``, a die's number and face) and stocks (``left_here of loc``,
what holds a stock).

Split from :mod:`compiler.checks.typecheck` (issue 9's size rule):
:class:`~compiler.checks.typecheck.Checker` takes these methods from
:class:`LookupRules`, and its ``EXPRESSIONS`` table names them.
"""

from __future__ import annotations

from dsl import ast, codes
from dsl.diagnostics import Note, did_you_mean
from compiler.analysis import constfold, limits
from compiler.analysis import names as N
from compiler.analysis import tables as T
from compiler.analysis.types import Type


class LookupRules:
    """The lookup rules of :class:`~compiler.checks.typecheck.Checker` (which gives them
    ``mode``, ``report``, ``expect``, ``infer``, ``track_key``...)."""

    def _table_read(self, e: ast.TableRead, scope: N.Scope) -> Type:
        """``t[k]``, ``t[a, b]``: one key per index, each of the type of the table's keys
        (E0587); a constant key the table lacks, without ``else``, is E0590."""
        table = self.mode.tables.get(e.table.name)
        if table is None:
            self.report.error(codes.UNKNOWN_NAME, f"unknown table `{e.table.name}`", e.table.span,
                              hint=did_you_mean(e.table.name, self.mode.tables, "tables"))
            for k in e.keys:
                self.infer(k, scope)
            return N.UNKNOWN
        if len(e.keys) != table.arity:
            self.report.error(codes.TABLE_KEY_TYPE, f"`{table.name}` is read with {table.arity} key(s), "
                              f"not {len(e.keys)}", e.span,
                              hint=f"write `{table.name}[" + ", ".join("abc"[:table.arity]) + "]`",
                              notes=[Note(f"`{table.name}` is declared here", table.span)])
            for k in e.keys:
                self.infer(k, scope)
            return T.value_type(table, self.mode)
        for i, k in enumerate(e.keys):
            want = T.key_type(table.rows[0].keys[i], self.mode) if table.rows else N.UNKNOWN
            got = self.infer(k, scope)
            if not want.unknown and not got.unknown and got.definite() != want:
                self.report.error(codes.TABLE_KEY_TYPE, f"the keys of `{table.name}` are {want.words()}, "
                                  f"and this is {got.words()}", k.span,
                                  hint=f"read `{table.name}` with {want.words()}",
                                  notes=[Note(f"`{table.name}` is declared here", table.span)])
                return T.value_type(table, self.mode)
        if table.default is None and T.key_count(table) <= limits.MAX_TABLE_KEYS:
            self._missing_row(e, table)
        return T.value_type(table, self.mode)

    def _missing_row(self, e: ast.TableRead, table) -> None:
        """E0590 for a key known when the spec is compiled that ``table`` has no row for:
        a constant, or a key that depends only on the player count (``t[players]``),
        folded for every count the mode allows (the first count without a row is told)."""
        key = self._folded_key(e, None)
        if key is None:  # not a constant: perhaps known for each player count
            for n in constfold.player_counts(self.mode):
                key = self._folded_key(e, n)
                if key is None or key not in T.entries(table):
                    break
            else:
                return
            if key is None:
                return
            counted = f" (with {n} player{'s' if n != 1 else ''}, which this mode allows)"
        else:
            counted = ""
        if key not in T.entries(table):
            self.report.error(codes.TABLE_MISSING_KEY, f"`{table.name}` has no row for "
                              f"{key if not isinstance(key, tuple) else ', '.join(map(str, key))}"
                              f"{counted}, and no `else`", e.span,
                              hint="add the row, or `else V` for every other key",
                              notes=[Note(f"`{table.name}` is declared here", table.span)])

    def _folded_key(self, e: ast.TableRead, players: int | None):
        """The key of ``e`` folded with ``players`` players (None: any count), or None
        when a part of it is not known when the spec is compiled."""
        env = constfold.mode_env(self.mode, players)
        key = [constfold.fold(k, env) for k in e.keys]
        if any(v is constfold.UNKNOWN for v in key):
            return None
        return key[0] if len(key) == 1 else tuple(key)

    def _list_read(self, e: ast.Index, scope: N.Scope) -> Type | None:
        """``x.f[i]`` where ``x`` is a card: the i-th value (1 first) of its list field
        ``f``; None when ``x`` is not a card here."""
        obj = scope.locals.get(e.owner) if e.owner is not None else None
        if obj is None or not obj.is_card:
            return None
        member = N.card_member(self.mode, obj.of, e.track.name)
        self.expect(e.key, N.INT, scope, "a list's position")
        if member is None or member.type.kind != "list":
            self.report.error(codes.LIST_INDEX, f"`{e.owner}.{e.track.name}` is not a list, so it "
                              "cannot be read by position", e.span,
                              hint=f"declare the field `field {e.track.name}: list of T`, or read "
                              f"`{e.owner}.{e.track.name}` without `[...]`")
            return N.UNKNOWN
        return member.type.element()

    def _index(self, e: ast.Index, scope: N.Scope) -> Type:
        seat = self.kind_seat(e, scope)
        if seat is not None:  # villain[1]: a seat of an automaton kind (construct 20)
            return seat
        read = T.read_of(e, self.mode)
        if read is not None:  # recruit_cost[k]: a table with one key
            return self._table_read(read, scope)
        listed = self._list_read(e, scope)
        if listed is not None:
            return listed
        dice = self.mode.dice.get(e.track.name)
        if dice is not None and e.owner is None and e.track.name not in scope.locals:
            self.die_index(dice, e.key, scope)
            return N.die_type(self.mode, dice)
        resource = self.mode.resources.get(e.track.name)
        if resource is not None:  # disc[k], p.disc[k]: the amount of one member of a family
            if e.owner is not None and scope.locals.get(e.owner) != N.PLAYER:
                self.report.error(codes.UNKNOWN_NAME, f"`{e.owner}` is not a chosen player here", e.span,
                                  hint=f"choose the player first (`choose {e.owner}: player`), or write "
                                  f"`{e.track.name}[...]` for your own")
            self.family_key(resource, e.key, scope)
            return N.INT
        track = self.mode.tracks.get(e.track.name)
        if track is None:
            self.report.error(codes.UNKNOWN_NAME, f"unknown track or resource `{e.track.name}`", e.track.span,
                              hint=did_you_mean(e.track.name, [*self.mode.tracks, *self.mode.resources],
                                                "tracks and resources"))
            return N.UNKNOWN
        if e.owner is not None:
            self.report.error(codes.WHOSE, f"track `{track.name}` is shared: it belongs to no player", e.span,
                              hint=f"write `{track.name}[...]`")
        self.track_key(track, e.key, scope, e.span)
        return N.INT

    def _count_showing(self, e: ast.CountShowing, scope: N.Scope) -> Type:
        dice = self.mode.dice.get(e.dice.name)
        if dice is None:
            self.report.error(codes.UNKNOWN_NAME, f"unknown dice `{e.dice.name}`", e.dice.span,
                              hint=did_you_mean(e.dice.name, self.mode.dice, "dice")
                              or "declare them: `dice d \"Title\" { count 2  faces ... }`")
            self.infer(e.face, scope)
            return N.INT
        self.die_face(dice, e.face, scope)
        return N.INT

    def _stock_of(self, e: ast.StockOf, scope: N.Scope) -> Type:
        stock = self.mode.stocks.get(e.stock.name)
        if stock is None:
            self.report.error(codes.UNKNOWN_NAME, f"unknown stock `{e.stock.name}`", e.stock.span,
                              hint=did_you_mean(e.stock.name, self.mode.stocks, "stocks")
                              or "declare it: `stock NAME \"Title\" { per CARD }`")
            return N.BAG
        if stock.per_card is None:
            self.report.error(codes.STOCK_OWNER_TYPE, f"stock `{stock.name}` is one for the game: no card "
                              "holds it", e.span, hint=f"write `{stock.name}` alone",
                              notes=[Note("declared here", stock.span)])
            return N.BAG
        owner = scope.type_of(e.owner.name)
        if owner is not None and owner.maybe and owner.is_card:
            self.maybe_used(ast.Name(e.owner.name, e.owner.span), owner, f"`{stock.name} of {e.owner.name}`")
            owner = owner.definite()
        if owner is None:
            self.report.error(codes.UNKNOWN_NAME, f"`{e.owner.name}` is not a chosen card here", e.owner.span,
                              hint=did_you_mean(e.owner.name, scope.locals) or "choose the card first")
        elif not owner.unknown and owner != Type.card(stock.per_card.name):
            self.report.error(codes.STOCK_OWNER_TYPE, f"stock `{stock.name}` is held by each "
                              f"{stock.per_card.name}, and `{e.owner.name}` is {owner.words()}", e.owner.span,
                              hint=f"name a {stock.per_card.name} card",
                              notes=[Note("declared here", stock.span)])
        return N.BAG

    def stock_ref(self, e, scope: N.Scope) -> bool:
        """Whether ``e`` names a stock (``S of c``, or a stock of the game), which can
        receive and give resources (construct 18)."""
        if isinstance(e, ast.StockOf):
            return True
        return (isinstance(e, ast.Name) and e.name not in scope.locals and e.name in self.mode.stocks
                and N.resolve(self.mode, scope, e.name).kind == "stock")

    def holder(self, e, scope: N.Scope, what: str) -> None:
        """One side of a transfer: a player or a stock (E0529 for a bag worked out)."""
        if self.stock_ref(e, scope):
            self.infer(e, scope)
            return
        got = self.infer(e, scope)
        if got == N.BAG:
            self.report.error(codes.TRANSFER_ENDPOINTS, f"{what} must be a player or a stock, and this is a "
                              "bag worked out from something else, which holds nothing", e.span,
                              hint="name a player, or a stock (`left_here of loc`)")
            return
        self.mismatch(e, got, N.PLAYER, what)

    def die_index(self, dice: ast.Dice, index, scope: N.Scope) -> None:
        """``d[i]``: a number; E0536 when one written out names no die of ``dice``."""
        self.expect(index, N.INT, scope, f"which die of `{dice.name}`")
        i = constfold.fold(index, constfold.mode_env(self.mode))
        if isinstance(i, int) and not isinstance(i, bool) and not 1 <= i <= dice.count:
            self.report.error(codes.DIE_INDEX, f"`{dice.name}` is {dice.count} "
                              f"{'die' if dice.count == 1 else 'dice'}, numbered 1 to {dice.count}: there is "
                              f"no die {i}", index.span, hint=f"name a die from 1 to {dice.count}",
                              notes=[Note("declared here", dice.span)])

    def die_face(self, dice: ast.Dice, face, scope: N.Scope) -> None:
        """A face of ``dice`` (``showing F``, ``set d = F``): of the dice's type, and E0535
        when one known before the game is not printed on them."""
        want = N.die_type(self.mode, dice)
        self.expect(face, want, scope, f"a face of `{dice.name}`")
        v = constfold.fold(face, constfold.mode_env(self.mode))
        faces = N.die_faces(dice)
        if not want.unknown and v is not constfold.UNKNOWN and not isinstance(v, bool) and v not in faces:
            self.report.error(codes.DIE_FACE_UNKNOWN, f"`{dice.name}` has no face {v}", face.span,
                              hint="its faces are " + ", ".join(dict.fromkeys(str(f) for f in faces)),
                              notes=[Note("declared here", dice.span)])
