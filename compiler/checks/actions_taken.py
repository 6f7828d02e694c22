"""Taking another action from inside an effect (issue 11, construct 3): ``take action A
[with x = E, ...]``, ``take one of A, B``, ``may take ...`` and the expression ``can take
...``.

Checked where they are written (the statement and expression rules of
:class:`~compiler.checks.statements.BlockChecker` call :func:`take` and :func:`can_take`):
each action named exists (E0815), each ``with`` names a choice of every action listed
(E0816) and gives it a value of the choice's type (E0817), ``take action c.f`` names an
``action`` field of the card (E0819), whose ``with`` suits every action the catalogue
entries name (E0816/E0817, :func:`check_cards`).  Checked per mode
(:func:`check_mode`): no action takes itself, directly or through other actions and the
procedures their effects run (E0818).  Design: ``design/language/README.md`` ›
Construct 3 (c).
"""

from __future__ import annotations

from dsl import ast, codes
from dsl.diagnostics import Note, did_you_mean
from compiler.analysis import card_rules, waits
from compiler.analysis import names as N


class _Quiet:
    """A report that keeps nothing: the type of a choice of an action taken is worked
    out again where it is taken, and its problems are reported with the action itself."""

    def error(self, *args, **kwargs) -> None:
        """Drop an error."""

    def warning(self, *args, **kwargs) -> None:
        """Drop a warning."""


def _choice_types(checker, action: ast.Action) -> dict[str, N.Type]:
    """The type of each choice of ``action``, by name (as its own check types them)."""
    from compiler.checks.statements import BlockChecker  # it names these rules: imported late

    return dict(BlockChecker(checker.mode, _Quiet()).action_scope(action).locals)


def _bound(checker, st: ast.TakeAction | ast.CanTake, scope: N.Scope) -> None:
    """E0815 for an action named that the mode lacks; E0816/E0817 for each ``with``."""
    mode = checker.mode
    actions = []
    for ident in st.actions:
        action = mode.actions.get(ident.name)
        if action is None:
            checker.report.error(codes.TAKE_UNKNOWN_ACTION, f"no action `{ident.name}` to take",
                                 ident.span, hint=did_you_mean(ident.name, mode.actions, "actions")
                                 or "declare the action, or name one of the spec's")
        else:
            actions.append(action)
    seen: set[str] = set()
    for given in st.bound:
        got = checker.infer(given.value, scope)
        name = given.name.name
        if name in seen:
            checker.report.error(codes.TAKE_WITH_UNKNOWN, f"`with` gives `{name}` twice", given.span,
                                 hint="give each choice one value")
            continue
        seen.add(name)
        _given(checker, name, given, got, actions)


def _given(checker, name: str, given: ast.TakeWith, got: N.Type, actions: list[ast.Action]) -> None:
    """E0816 once for the actions listed that have no choice ``name``; E0817 once per type
    the others' choice ``name`` has that ``got`` is not (``take one of A, B, C`` reports
    each problem once, naming the actions)."""
    typed = [(action, _choice_types(checker, action)) for action in actions]
    lacking = [(action, types) for action, types in typed if name not in types]
    if lacking:
        first, types = lacking[0]
        listed = ", ".join(f"`{a.name}`" for a, _ in lacking)
        checker.report.error(
            codes.TAKE_WITH_UNKNOWN, f"action{'s' if len(lacking) > 1 else ''} {listed} "
            f"{'have' if len(lacking) > 1 else 'has'} no choice `{name}`", given.name.span,
            hint=did_you_mean(name, types, "choices")
            or f"the choices of `{first.name}` are {', '.join(f'`{c}`' for c in types) or 'none'}",
            notes=[Note(f"the action `{a.name}`", a.span) for a, _ in lacking])
    wrong: dict[str, list[ast.Action]] = {}
    for action, types in typed:
        want = types.get(name)
        if want is not None and not got.unknown and not want.unknown and got.definite() != want.definite():
            wrong.setdefault(want.words(), []).append(action)
    for words, of in wrong.items():
        listed = ", ".join(f"`{a.name}`" for a in of)
        checker.report.error(
            codes.TAKE_WITH_TYPE, f"`{name}` of {listed} is {words}, but this is {got.words()}",
            given.value.span, hint=f"give `{name}` {words}",
            notes=[Note(f"the choice of `{a.name}`", _choice(a, name).span) for a in of])


def _choice(action: ast.Action, name: str) -> ast.Choice:
    return next(c for c in action.choices if c.name == name)


def take(checker, st: ast.TakeAction, scope: N.Scope) -> None:
    """The rule of ``take action`` / ``take one of`` (see the module)."""
    if st.card is not None:
        _card_action(checker, st, scope)  # construct 1: the card's own action
    _bound(checker, st, scope)


def _card_action(checker, st: ast.TakeAction, scope: N.Scope) -> None:
    """``take action c.f``: ``c`` a card, ``f`` its ``action`` field (E0819)."""
    owner = checker.rule_owner(st.card, scope, f"taking `{st.card.name}`'s action")
    if owner is None:
        return
    member = N.card_member(checker.mode, owner.of, st.field.name) if owner.is_card else None
    if member is None or member.kind != "card_action":
        what = (f"`{st.card.name}` is {owner.words()}" if not owner.is_card
                else f"a {owner.of} card has no `action` field `{st.field.name}`")
        written = f"{st.card.name}.{st.field.name}"
        checker.report.error(codes.TAKE_FIELD_NOT_ACTION, f"`take action {written}` takes "
                             f"the action a card names, and {what}", st.field.span,
                             hint=f"declare `field {st.field.name}: action` on the card type, and name an "
                             "action in each catalogue entry",
                             notes=[Note("declared here", member.decl.span)] if member is not None else [])


def check_cards(mode, cards, report) -> None:
    """E0816/E0817 for each ``with`` of ``take action c.f`` against every action the field
    ``f`` can name (its default, and each catalogue entry's, ``cards``): a choice that one
    of them lacks, or whose type the value is not.  The value is typed in the scope of the
    choices of the action whose effect takes it (a value naming a local of an inner
    block is not typed here)."""
    from compiler.checks.statements import BlockChecker  # it names these rules: imported late

    fields = card_rules.rule_fields(mode)
    for action in mode.actions.values():
        for st in ast.walk(action.effect):
            if not isinstance(st, ast.TakeAction) or st.field is None or not st.bound:
                continue
            f = fields.get(st.field.name)
            if f is None or N.rule_kind(f) != "action":
                continue  # E0819, where the statement is checked
            named = [mode.actions[n] for n in card_rules.rule_names(mode, f, cards) if n in mode.actions]
            quiet = BlockChecker(mode, _Quiet())
            scope = quiet.action_scope(action)
            reporting = _Reporting(mode, report)
            for given in dict((g.name.name, g) for g in reversed(st.bound)).values():
                _given(reporting, given.name.name, given, quiet.infer(given.value, scope), named)


class _Reporting:
    """What :func:`_given` reads of a checker: the mode and the report."""

    def __init__(self, mode, report) -> None:
        self.mode, self.report = mode, report


def given_domain(checker, c: ast.Choice, d: ast.GivenDomain, scope: N.Scope) -> N.Scope:
    """``given w: TYPE = DEFAULT``: a type the spec knows (E0501), a default of that type
    (E0503); the name is known to the rest of the action, typed."""
    want = N.field_type(d.type.name, checker.mode)
    if want.unknown:
        checker.report.error(codes.UNKNOWN_NAME, f"`{d.type.name}` is not a type", d.type.span,
                             hint=did_you_mean(d.type.name, checker.mode.enums, "enums")
                             or "write int, bool, player, or an enum's name")
    else:
        checker.expect(d.default, want, scope, f"the default of `{c.name}`")
    return scope.with_local(c.name, want)


def can_take(checker, e: ast.CanTake, scope: N.Scope) -> N.Type:
    """The rule of ``can take ...``: checked as ``take``; a condition."""
    _bound(checker, e, scope)
    return N.BOOL


def takes(stmts, procedures: dict) -> list[ast.TakeAction]:
    """The ``take`` statements ``stmts`` runs, through the procedures they call too
    (each procedure once)."""
    out, seen, todo = [], set(), [stmts]
    while todo:
        for node in ast.walk(todo.pop()):
            if isinstance(node, ast.TakeAction):
                out.append(node)
            elif isinstance(node, ast.DoProcedure) and node.procedure.name not in seen:
                seen.add(node.procedure.name)
                proc = procedures.get(node.procedure.name)
                if proc is not None:
                    todo.append(proc.effect)
    return out


def taken_names(mode, cards: list[dict]) -> set[str]:
    """The actions some effect of ``mode`` takes (by name), and those the cards of its
    catalogues name in an ``action`` field (``cards``, the catalogues' entries): W0101
    spares them."""
    named = {ident.name for node in ast.walk(_every_effect(mode))
             if isinstance(node, (ast.TakeAction, ast.CanTake)) for ident in node.actions}
    for f in card_rules.rule_fields(mode).values():
        if N.rule_kind(f) == "action":
            named.update(card_rules.rule_names(mode, f, cards))
    return named


def _every_effect(mode) -> list:
    effects = [a.effect for a in mode.actions.values()] + [p.effect for p in mode.procedures.values()]
    effects += [t.effect for t in mode.triggers.values()]
    effects += [x for ph in mode.phases.values() for x in (ph.on_enter, ph.on_exit, ph.on_turn) if x]
    return effects


def check_mode(mode, report) -> None:
    """E0818 for each cycle of actions taking one another in ``mode``; W0145 for each
    ``take`` of an action whose effect says ``done`` or ``again``; W0146 for each ``take``
    in the setup or a phase's ``on enter``/``on exit`` outside ``each player``."""
    _says_again(mode, report)
    _first_player_only(mode, report)
    edges = {name: [(t.span, ident.name) for t in takes(a.effect, mode.procedures) for ident in t.actions
                    if ident.name in mode.actions]
             for name, a in mode.actions.items()}
    reported: set[frozenset[str]] = set()
    for start in mode.actions:
        path = _cycle_from(start, edges)
        if path is None or frozenset(n for n, _ in path) in reported:
            continue
        reported.add(frozenset(n for n, _ in path))
        names = [n for n, _ in path]
        report.error(codes.TAKE_CYCLE, "actions take each other in a cycle: "
                     + " → ".join(names + names[:1]), mode.actions[start].span,
                     hint="an action cannot take itself; take another action, or write its statements",
                     notes=[Note(f"`{n}` takes `{nxt}` here", span)
                            for (n, span), nxt in zip(path, names[1:] + names[:1])])


def _says_again(mode, report) -> None:
    for node in ast.walk(_every_effect(mode)):
        if not isinstance(node, ast.TakeAction):
            continue
        for ident in node.actions:
            action = mode.actions.get(ident.name)
            if action is None or action.meta and any(m.kind == "ruling" for m in action.meta):
                continue
            said = next((st for st in ast.walk(action.effect) if isinstance(st, (ast.Done, ast.Again))), None)
            if said is not None:
                word = "done" if isinstance(said, ast.Done) else "again"
                report.warning(codes.TAKE_SAYS_AGAIN, f"`{ident.name}` says `{word}`, which acts on the "
                               "turn of the player taking it here", ident.span,
                               hint="say it is the rule with a `ruling` on the action, or take an action "
                               f"without `{word}`", notes=[Note(f"`{word}` here", said.span)])


def _first_player_only(mode, report) -> None:
    hooks = [("the setup", mode.setup.body if mode.setup is not None else ())]
    hooks += [(f"{when} of phase `{ph.name}`", stmts) for ph in mode.phases.values()
              for when, stmts in (("the start", ph.on_enter), ("the end", ph.on_exit)) if stmts]
    for where, stmts in hooks:
        stack = list(stmts)
        while stack:
            node = stack.pop()
            if isinstance(node, ast.EachPlayer):
                continue  # "you" is each player in turn
            if isinstance(node, ast.TakeAction):
                report.warning(codes.TAKE_FIRST_PLAYER_ONLY, f"a `take` in {where} asks the first player "
                               "only", node.span, hint="write it inside `each player { ... }` if every "
                               "player takes it, or in `on turn`")
            for body in waits.bodies(node):
                stack.extend(body)


def _cycle_from(start: str, edges: dict) -> list[tuple[str, object]] | None:
    """A path of (action, span of its ``take``) from ``start`` back to it, or None."""
    stack = [(start, [])]
    seen: set[str] = set()
    while stack:
        name, path = stack.pop()
        for span, nxt in edges.get(name, ()):
            step = path + [(name, span)]
            if nxt == start:
                return step
            if nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, step))
    return None
