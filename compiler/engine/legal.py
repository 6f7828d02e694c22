"""Engine backend: the legal-action functions of an action, ``legal_X(g, s, p, out)``,
which append the choices open to a player in the order of their options: each
requirement tested as soon as the choices it reads are made, bounds and option lists
hoisted out of the loops, bag choices fitted to what the player holds, and the rows
memoised when that pays (:mod:`compiler.engine.choices` makes the pieces).

Split from :mod:`compiler.engine.codegen` (issue 9's size rule): its
:class:`~compiler.engine.codegen.EngineGenerator` takes these methods from
:class:`LegalActions`.
"""

from __future__ import annotations

from compiler.analysis import names as N
from compiler.engine.choices import (
    DOMAINS, bag_fits, bag_items, bound_limit, caps_total, card_options, choices_read, hoistable,
    invariant_card_choice, memo_depth, range_bound, range_limit, steady_side, subset_options,
)
from compiler.engine.pyexpr import Ctx, expr
from compiler.engine.pyquote import literal
from compiler.engine.statements import Writer
from dsl import ast


def _quoted(title: str) -> str:
    """A title in quotes, for a docstring: single quotes, or double ones if it has an apostrophe."""
    return f'"{title}"' if "'" in title and '"' not in title else f"'{title}'"


def _args(a: ast.Action) -> str:
    """The Python tuple of the values of ``a``'s choices, ``(v_b,)``."""
    names = ", ".join(f"v_{c.name}" for c in a.choices)
    return f"({names}{',' if len(a.choices) == 1 else ''})"


class LegalActions:
    """The legal-action methods of :class:`~compiler.engine.codegen.EngineGenerator`, which
    gives them ``res``, ``lower``, ``_fn``, ``_ctx`` and ``_emit``."""

    def _legal(self, mode, a: ast.Action, fn: str) -> None:
        """Emit ``fn(g, s, p, out)``, which appends the legal actions ``a`` offers player
        ``p`` to the list ``out``, in the order of its choices' options."""
        ctx = self._ctx(mode)
        w = self._fn(f"def {fn}(g, s, p, out):",
                     f"Choices of {_quoted(a.title)} open to player p (spec line {a.span.line}).")
        # Each requirement is tested as soon as the choices it reads are made, so a
        # choice of many options is cut early (the options offered stay the same).
        levels = [choices_read(req, a.choices) for req in a.requires]
        # A requirement ``who has BAG`` on a bag choice filters the constant bundles once,
        # as soon as ``who`` is known, instead of testing each bundle in the inner loop.
        fits = bag_fits(a)  # requirement index -> choice index
        self._fit_vars = {}
        for i in fits:
            levels[i] = -1 - (0 if a.requires[i].who is None
                              else choices_read(a.requires[i].who, a.choices))
        # A requirement bounding a number choice (``count my hand >= n``,
        # ``total(offered) + n >= 1``) narrows its range instead of skipping values.
        self._bounds = {}
        for i, req in enumerate(a.requires):
            j = levels[i] - 1
            if j >= 0 and isinstance(a.choices[j].domain, ast.RangeDomain):
                bound = range_bound(req, a.choices[j].name)
                if bound is not None:
                    self._bounds.setdefault(id(a.choices[j]), []).append((req, *bound))
                    levels[i] = None
        # A number choice's lowest (highest) value that reads only earlier choices is
        # worked out once, in the loop of the last choice it reads (or before the loops),
        # not again for every option of the choices in between; failing that, each of
        # its bounds that does.
        hoists: dict[int, list[tuple]] = {}  # depth -> (choice, "low"/"high", bound or None)
        self._hoisted = {}
        for j, c in enumerate(a.choices):
            for kind in ("low", "high"):
                bounds = [b for b in self._bounds.get(id(c), ()) if b[1] == kind]
                read = {id(b): max(choices_read(t, a.choices) for t in (b[2], *b[3])) for b in bounds}
                if bounds and max(read.values()) < j and all(
                        hoistable(t) for b in bounds for t in (b[2], *b[3])):
                    hoists.setdefault(max(read.values()), []).append((c, kind, None))
                    continue
                for b in bounds:
                    if read[id(b)] < j and all(hoistable(t) for t in (b[2], *b[3])):
                        hoists.setdefault(read[id(b)], []).append((c, kind, b))
        # A card choice whose options read none of the choices before it is filtered once,
        # before the loops over those, with the requirements that read only it.
        self._options = {}
        invariant = {j: [i for i, req in enumerate(a.requires)
                         if levels[i] == j + 1 and i not in fits and hoistable(req)
                         and choices_read(req, a.choices[:j]) == 0]
                     for j in range(len(a.choices)) if invariant_card_choice(a, j)}
        for reqs in invariant.values():
            for i in reqs:
                levels[i] = None
        memo = memo_depth(a, mode.params, levels, fits, self._bounds, hoists)
        skip = "return"
        for use in a.uses:  # a tally reads no choice
            tally = mode.tallies[use.tally.name]
            if tally.maximum is not None:
                mx = expr(tally.maximum, ctx, self.res)
                self.lower.cite(use.span.line, w)
                w.line(f"if s.ta[{literal(tally.name)}][p] + {use.amount} > {mx}:")
                w.line(f"    {skip}")
        chosen = ctx.types.action(a)  # the choices as the checker typed them
        # When the actions depend on nothing but the cards chosen before the memo, their
        # lists are kept in rows indexed by card id, a list index per choice instead of
        # a tuple key hashed for every option.
        rows = (0 < memo and all(type(c.domain) is ast.CardDomain for c in a.choices[:memo])
                and all(j < memo for j in fits.values())
                and not any(depth <= memo and a.choices.index(c) >= memo
                            for depth, items in hoists.items() for c, _, _ in items))
        # A requirement comparing a choice with what the choices before it (or none) fix,
        # ``count my hand - 1 >= b.value``, works that side out once, before the loop of
        # the choice (only above the memo, whose key must hold all the state read below).
        steady = {i: (side, choices_read(getattr(req, side), a.choices))
                  for i, req in enumerate(a.requires)
                  if levels[i] is not None and 0 < levels[i] <= memo
                  and (side := steady_side(req, a.choices, levels[i])) is not None}
        self._steady = {}
        key: list[str] = ["p"]  # what the options below the memo depend on
        deferred = []  # bundle filters worked out only when the memo has no entry
        for depth in range(len(a.choices) + 1):
            if depth:
                choice = a.choices[depth - 1]
                ctx = self._choice(choice, chosen.locals[choice.name], ctx, w)
                key.append(f"v_{choice.name}")
                skip = "continue"
            for i, (req, level) in enumerate(zip(a.requires, levels)):
                if level == depth:
                    self.lower.cite(req.span.line, w)
                    w.line(f"if not {self._test(req, self._steady.get(i), ctx)}:")
                    # bundles come smallest first: past the first one over a cap on
                    # their total, none fits
                    cap = depth and isinstance(a.choices[depth - 1].domain, ast.BagDomain) \
                        and caps_total(req, a.choices[depth - 1].name)
                    w.line(f"    {'break' if cap else skip}")
            for i, j in fits.items():
                if levels[i] == -1 - depth:
                    held = self._held(a.requires[i], ctx, w)
                    if j >= memo:
                        key.extend(self._clipped(held, a.choices[j]))
                        deferred.append((a.requires[i], a.choices[j], held))
                    else:
                        self._fit(a.requires[i], a.choices[j], held, ctx, w)
            for c, kind, bound in hoists.get(depth, ()):
                if bound is None:
                    var = self._hoisted[id(c), kind] = range_limit(self, c, kind, ctx, w)
                else:
                    var = self._hoisted[id(bound)] = bound_limit(self, c, bound, ctx, w)
                if depth <= memo and a.choices.index(c) >= memo:
                    key.append(var)
            if depth == 0 and memo > 0:
                w.line("_memo = s.game.memo  # looked up once for the loops below")
                if rows:
                    # the key is the cards chosen: the lists are kept in rows indexed by
                    # card id (one row per card of the choice before), not under a tuple
                    w.line(f"_rows0 = _memo.get(({literal(a.name)}, 'rows', p))")
                    w.line("if _rows0 is None:")
                    w.line(f"    _rows0 = _memo[({literal(a.name)}, 'rows', p)] = [None] * len(CARD_NAMES)")
            if rows and 0 < depth < memo:
                var = f"v_{a.choices[depth - 1].name}"
                w.line(f"_rows{depth} = _rows{depth - 1}[{var}]")
                w.line(f"if _rows{depth} is None:")
                w.line(f"    _rows{depth} = _rows{depth - 1}[{var}] = [None] * len(CARD_NAMES)")
            for i, (side, at) in steady.items():  # as soon as the choices it reads are made
                if at == depth:
                    self._steady[i] = self._hoist_side(a.requires[i], side, ctx, w)
            if depth == 0:
                for j, reqs in invariant.items():
                    c = a.choices[j]
                    hoist = subset_options if type(c.domain) is ast.SubsetDomain else card_options
                    hoist(self, c, chosen.locals[c.name], [a.requires[i] for i in reqs], ctx, w)
                    # every action takes an option of each choice: none, no action (and
                    # the lists after it, which change nothing, are not made)
                    w.line(f"if not {self._options[id(c)]}:  # no option of {c.name}")
                    w.line(f"    {skip}")
            if depth < memo and any(not part.startswith(("v_", "_key")) for part in key[1:]):
                # the part of the key known here, worked out once for the loops below
                part = ctx.fresh("key")
                w.line(f"{part} = ({', '.join(key)})")
                key = [part]
            if depth == memo and rows:
                assert key == ["p", *(f"v_{c.name}" for c in a.choices[:memo])], key
                if depth < len(a.choices):
                    w.line("# the actions below depend on nothing but the cards chosen: "
                           "made once, then shared")
                var = f"v_{a.choices[depth - 1].name}"
                w.line(f"_found = _rows{depth - 1}[{var}]")
                w.line("if _found is None:")
                memo_level = w.level
                w.level += 1
                if depth == len(a.choices):  # every choice made: the row holds the action itself
                    w.line(f"_found = _rows{depth - 1}[{var}] = Action(p, {literal(a.name)}, "
                           f"{_args(a)}, s.game)")
                    w.level = memo_level
                    w.line("out.append(_found)")
                    self._emit(w)
                    return
                w.line(f"_found = _rows{depth - 1}[{var}] = []")
                if depth < len(a.choices):
                    self._made_row(a, w)
            elif depth == memo:
                # Nothing below reads the state but through the values in the key: the
                # actions are worked out once per game for each key, and shared.
                if depth < len(a.choices):
                    w.line("# the actions below depend on nothing but _key: made once, then shared")
                w.line(f"_key = ({literal(a.name)}, {', '.join(key)})")
                w.line(f"_found = {'_memo' if memo > 0 else 's.game.memo'}.get(_key)")
                w.line("if _found is None:")
                memo_level = w.level
                w.level += 1
                w.line("_found = R.remember(s.game, _key)")
                if depth < len(a.choices):
                    self._made_row(a, w)
                for req, c, held in deferred:
                    self._fit(req, c, held, ctx, w)
        args = _args(a)
        if memo < len(a.choices):  # actions that other keys' lists may hold too: made once
            w.line(f"_args = {args}")
            w.line("_action = _made.get(_args)")
            w.line("if _action is None:")
            w.line(f"    _action = _made[_args] = Action(p, {literal(a.name)}, _args, s.game)")
            w.line("_found.append(_action)")
        else:
            w.line(f"_found.append(Action(p, {literal(a.name)}, {args}, s.game))")
        w.level = memo_level
        w.line("out += _found")
        self._emit(w)

    def _made_row(self, a: ast.Action, w: Writer) -> None:
        """Emit ``_made``, the actions ``a`` of player p made so far by their arguments
        (``R.made_row``): the loops below take each from it, or make it once, so that the
        lists of every key share it (a look-up by the arguments, no call per action)."""
        w.line(f"_made = R.made_row(s.game, p, {literal(a.name)})  # its actions made so far, shared")

    def _hoist_side(self, req: ast.Compare, side: str, ctx: Ctx, w: Writer) -> tuple[str, str]:
        """Emit a local holding the ``side`` (``"left"`` or ``"right"``) of the comparison
        ``req``, worked out before the loop of the choice it is tested in; returns
        (the local, ``side``) for :meth:`_test`."""
        var = ctx.fresh(side)
        self.lower.cite(req.span.line, w)
        w.line(f"{var} = {expr(getattr(req, side), ctx, self.res)}  # the same for every option below")
        return var, side

    def _test(self, req, hoisted: tuple[str, str] | None, ctx: Ctx) -> str:
        """The Python test of requirement ``req``; ``hoisted`` (see :meth:`_hoist_side`):
        one side of it is read from the local worked out before the loop."""
        if hoisted is None:
            return expr(req, ctx, self.res)
        var, side = hoisted
        left = var if side == "left" else expr(req.left, ctx, self.res)
        right = var if side == "right" else expr(req.right, ctx, self.res)
        return f"({left} {req.op} {right})"

    def _choice(self, c: ast.Choice, type_: N.Type, ctx: Ctx, w: Writer) -> Ctx:
        """Open the loop over the options of choice ``c`` (of ``type_``, as the checker
        typed it), by its domain's rule in :data:`DOMAINS`; returns the context inside it."""
        self.lower.cite(c.span.line, w)
        inner = DOMAINS[type(c.domain)](self, c, type_, ctx, w)
        w.level += 1
        return inner

    def _bundles(self, d: ast.BagDomain) -> tuple:
        """Every bundle of a bag choice with its total, ``((bag, total), ...)``, in the
        order the choice offers them."""
        kinds = self._kinds(d)
        return tuple((self.res.bag(items), sum(items.values()))
                     for size in range(d.smallest, d.size + 1) for items in bag_items(kinds, size))

    def _kinds(self, d: ast.BagDomain) -> list[str]:
        """The resources a bag choice draws from, a family's members in its place."""
        kinds: list[str] = []
        for k in d.kinds:
            members = self.res.families.get(k.name)
            kinds += [N.slot_name(k.name, m) for m in members] if members else [k.name]
        return kinds

    def _held(self, req: ast.Has, ctx: Ctx, w: Writer) -> str:
        """Emit the variable holding the resources of the player of ``req`` (``who has
        c``); returns its name."""
        held = ctx.fresh("held")
        who = ctx.me if req.who is None else expr(req.who, ctx, self.res)
        self.lower.cite(req.span.line, w)
        w.line(f"{held} = s.res[{who}]")
        return held

    def _clipped(self, held: str, c: ast.Choice) -> list[str]:
        """What the bundles of ``c`` that ``held`` allows depend on: each resource a
        bundle names, up to the most of it any bundle asks for."""
        bundles = self._bundles(c.domain)
        out = []
        for i in range(len(self.res.names)):
            most = max(b[i] for b, _ in bundles)
            if most:
                out.append(f"({held}[{i}] if {held}[{i}] < {most} else {most})")
        return out

    def _fit(self, req: ast.Has, c: ast.Choice, held: str, ctx: Ctx, w: Writer) -> None:
        """Emit the list of ``c``'s bundles that ``req`` (``who has c``, the resources of
        ``who`` in ``held``) allows, as one comprehension comparing only the resources the
        bundles name."""
        bundles = self._bundles(c.domain)
        named = [i for i in range(len(self.res.names)) if any(b[i] for b, _ in bundles)]
        b, fit = ctx.fresh("b"), ctx.fresh("fit")
        tests = " and ".join(f"{held}[{i}] >= {b}[0][{i}]" for i in named) or "True"
        w.line(f"{fit} = [{b} for {b} in {literal(bundles)} if {tests}]")
        self._fit_vars[id(c)] = fit
