"""The facts known about what is held, for :mod:`compiler.checks.payments` (E0594): a
fact is ``("item", holder, resource, key, amount)``, ``("bag", holder, bag)`` or
``("cond", expr, low, high)``; learnt from tests (``require``, ``if``, ``where``) and
gains, used to prove a payment covered, forgotten where what they read may change.

Split from :mod:`compiler.checks.payments` (issue 9's size rule).
"""

from __future__ import annotations

from dsl import ast
from compiler.checks.statement_effects import ALL, FIRST_PLAYER, Effects

_FLIP = {">=": "<", ">": "<=", "<": ">=", "<=": ">", "==": "!=", "!=": "=="}
_MIRROR = {">=": "<=", ">": "<", "<=": ">=", "<": ">", "==": "=="}


class HeldFacts:
    """The rules of :class:`~compiler.checks.payments.PaymentCheck` (which gives them
    ``mode``, ``resources``, ``others`` and the cache ``_reads``) for the facts known about
    what is held."""

    def known(self, cond, negated: bool = False) -> frozenset:
        """The facts ``cond`` shows when it holds (when it fails, with ``negated``)."""
        if isinstance(cond, ast.Not):
            return self.known(cond.operand, not negated)
        if isinstance(cond, ast.And if not negated else ast.Or):
            found: frozenset = frozenset()
            for operand in cond.operands:
                found |= self.known(operand, negated)
            return found
        if isinstance(cond, ast.Has) and not negated:
            return self.holding(cond.who or ast.Me(), cond.bag)
        if not isinstance(cond, ast.Compare):
            return frozenset()
        op = _FLIP[cond.op] if negated else cond.op
        for held, other, how in ((cond.left, cond.right, op), (cond.right, cond.left, _MIRROR.get(op))):
            ref = self.resource_ref(held)
            if ref is not None and how in (">=", ">", "=="):
                if how == ">" and isinstance(other, ast.Number):
                    other = ast.Number(other.value + 1)
                return frozenset({("item", ref[0], ref[1], ref[2], other)})
            if isinstance(other, ast.Number) and how in _BOUNDS:
                low, high = _BOUNDS[how](other.value)
                return frozenset({("cond", held, low, high)})
        return frozenset()

    def holding(self, holder, bag) -> frozenset:
        """The facts "``holder`` has at least ``bag``", one per item of a literal bag."""
        if isinstance(bag, ast.BagLiteral):
            return frozenset(("item", holder, i.resource.name, i.key, i.amount) for i in bag.items)
        if isinstance(bag, ast.BagItem):
            return frozenset({("item", holder, bag.resource.name, bag.key, bag.amount)})
        return frozenset({("bag", holder, bag)})

    def resource_ref(self, e):
        """``(holder, resource, key)`` when ``e`` reads an amount held: ``coin``,
        ``disc[k]``, ``p.coin``, ``p.disc[k]``; else None."""
        if isinstance(e, ast.Name) and e.name in self.resources:
            return ast.Me(), e.name, None
        if isinstance(e, ast.Attribute) and e.attr in self.resources:
            return ast.Name(e.obj), e.attr, None
        if isinstance(e, ast.Index) and e.track.name in self.resources:
            return (ast.Me() if e.owner is None else ast.Name(e.owner)), e.track.name, e.key
        return None

    def covered(self, facts: frozenset, holder, bag) -> bool:
        """Whether ``facts`` prove that ``holder`` has at least ``bag``."""
        if isinstance(bag, ast.EmptyBag) or ("bag", holder, bag) in facts:
            return True
        if isinstance(bag, ast.BagLiteral):
            return all(self.item_covered(facts, holder, i) for i in bag.items)
        if isinstance(bag, ast.BagItem):
            return self.item_covered(facts, holder, bag)
        if isinstance(bag, ast.Arith) and set(bag.ops) == {"-"}:
            return self.covered(facts, holder, bag.operands[0])  # never below zero: less than the first
        return ("bag", holder, bag) in facts

    def item_covered(self, facts: frozenset, holder, item) -> bool:
        amount = item.amount
        if isinstance(amount, ast.Number) and amount.value <= 0:
            return True
        if self.resource_ref(amount) == (holder, item.resource.name, item.key):
            return True  # all of it: `pay tired[w] tired[w]`
        for fact in facts:
            if fact[:4] != ("item", holder, item.resource.name, item.key):
                continue
            if fact[4] == amount or (isinstance(fact[4], ast.Number) and isinstance(amount, ast.Number)
                                     and fact[4].value >= amount.value):
                return True
        return False

    def contradicts(self, facts: frozenset, new: frozenset) -> bool:
        """Whether a ``cond`` of ``new`` cannot hold with those of ``facts``."""
        for fact in new:
            if fact[0] != "cond":
                continue
            for old in facts:
                if old[0] == "cond" and old[1] == fact[1] and _disjoint(old[2:], fact[2:]):
                    return True
        return False

    def may_be(self, a, b) -> bool:
        """Whether holders ``a`` and ``b`` may be the same player or stock."""
        if a == b:
            return True
        if isinstance(a, ast.StockOf) or isinstance(b, ast.StockOf):
            return isinstance(a, ast.StockOf) and isinstance(b, ast.StockOf) and a.stock == b.stock
        for x, y in ((a, b), (b, a)):
            if isinstance(x, ast.Me) and isinstance(y, ast.Name) and y.name in self.others:
                return False
        return True

    def reads(self, fact) -> tuple[set[str], set[str]]:
        """The names a fact's expressions read (derived values opened), and the zones."""
        cached = self._reads.get(id(fact))
        if cached is not None and cached[0] is fact:
            return cached[1], cached[2]
        names: set[str] = set()
        zones: set[str] = set()
        pending = [part for part in fact[1:] if part is not None and not isinstance(part, (str, int))]
        seen: set[str] = set()
        while pending:
            for node in ast.walk(pending.pop()):
                if isinstance(node, ast.ZoneRef):
                    zones.add(node.zone.name)
                if isinstance(node, (ast.RollValue, ast.CountShowing)):
                    names.add("value")
                if isinstance(node, ast.FirstPlayer):
                    names.add(FIRST_PLAYER)
                for attr in ("name", "attr", "obj"):
                    value = getattr(node, attr, None)
                    if isinstance(value, str):
                        names.add(value)
                if isinstance(node, ast.Name) and node.name in self.mode.derived and node.name not in seen:
                    seen.add(node.name)
                    pending.append(self.mode.derived[node.name].expr)
        self._reads[id(fact)] = (fact, names, zones)
        return names, zones

    def forget(self, facts: frozenset, fx: Effects) -> frozenset:
        """``facts`` less those ``fx`` may have made untrue."""
        if fx.everything:
            return frozenset()
        kept = set()
        for fact in facts:
            if fact[0] != "cond":
                holder = fact[1]
                if (fx.out_stocks if isinstance(holder, ast.StockOf) else fx.out_players) or any(
                        self.may_be(holder, h) for h in fx.out):
                    continue
            names, zones = self.reads(fact)
            if zones and (ALL in fx.zones or zones & fx.zones) or names & fx.writes \
                    or fx.incoming and names & self.resources:
                continue
            kept.add(fact)
        return frozenset(kept)


def _disjoint(a: tuple, b: tuple) -> bool:
    """Whether the ranges ``(low, high)`` ``a`` and ``b`` (None: no bound) share no number."""
    low = max((x for x in (a[0], b[0]) if x is not None), default=None)
    high = min((x for x in (a[1], b[1]) if x is not None), default=None)
    return low is not None and high is not None and low > high


#: the range of a number compared with N: ``>= N`` is N and above...
_BOUNDS = {">=": lambda n: (n, None), ">": lambda n: (n + 1, None), "==": lambda n: (n, n),
           "<=": lambda n: (None, n), "<": lambda n: (None, n - 1)}
