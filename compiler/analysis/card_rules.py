"""Rules attached to cards (construct 1): which procedure or derived value a card's rule
field names, resolved in one composed mode.

A card type's field may hold a rule: ``field secondary: procedure (c: crew)`` (each
catalogue entry names a procedure taking a crew card), ``field measure: value`` (a
derived number, worked out for a player) or ``field utopia: condition`` (a derived
true/false).  The catalogue entry, or the field's default, gives the rule's name; the
name means what it means in each mode where the catalogue is used, so a mode that
replaces the procedure gives every card naming it the new rule.  :func:`rule_problem`
says what is wrong with one name in one mode (codes E0620-E0623); the checks report it
at the YAML value or at the spec's default (:mod:`compiler.checks.card_rules`).
Design: ``design/language/README.md``, construct 1.
"""

from __future__ import annotations

from dataclasses import dataclass

from dsl import ast, codes
from dsl.diagnostics import Note, did_you_mean
from compiler.analysis import names as N
from compiler.analysis.compose import TABLES


@dataclass(frozen=True)
class RuleProblem:
    """What is wrong with a rule's name: ``code`` (E0620-E0623), the ``message``, a
    ``hint`` and ``notes`` at the declarations concerned."""

    code: str
    message: str
    hint: str | None
    notes: tuple[Note, ...] = ()


def rule_fields(mode) -> dict[str, ast.Field]:
    """Every rule field of the card types of ``mode``, by name (construct 1)."""
    return {f.name: f for ct in mode.card_types.values() for f in ct.fields if N.rule_kind(f)}


def rule_names(mode, f: ast.Field, cards) -> list[str]:
    """The names of the rules ``f`` (a rule field) may run in ``mode``: its default, and
    the name each card of ``mode``'s catalogues gives (``cards`` from
    :func:`compiler.analysis.catalogue.load_catalogues`), each once, in order."""
    used = {c.name for c in mode.catalogues.values()}
    names = [f.default.name] if isinstance(f.default, ast.Name) else []
    names += [c[f.name] for c in cards if c.get("_catalogue") in used and isinstance(c.get(f.name), str)]
    return list(dict.fromkeys(names))


def procedure_rules(modes, cards) -> dict[str, frozenset[str]]:
    """Procedure field name → the procedures ``do c.f(...)`` of it may run in any of
    ``modes`` (its default and each card's name, for the catalogues each mode uses; the
    union, as for ``do P()`` across modes): what :mod:`compiler.analysis.waits` reads to
    know whether such a ``do`` may wait."""
    out: dict[str, set[str]] = {}
    for mode in modes:
        for ct in mode.card_types.values():
            for f in ct.fields:
                if N.rule_kind(f) == "procedure":
                    out.setdefault(f.name, set()).update(n for n in rule_names(mode, f, cards)
                                                         if n in mode.procedures)
    return {name: frozenset(names) for name, names in out.items()}


def signature(params) -> tuple[tuple[str, bool], ...]:
    """The types of ``params`` (``ast.ProcParam``), in order, names left out: what a
    procedure field and the procedures it names must share."""
    return tuple((p.type.name, p.maybe) for p in params)


def named_rule(mode, f: ast.Field, name: str):
    """The declaration (``ast.Procedure`` or ``ast.Derived``) that ``name`` means for rule
    field ``f`` in ``mode``, or None."""
    kind = N.rule_kind(f)
    table = mode.procedures if kind == "procedure" else mode.actions if kind == "action" else mode.derived
    return table.get(name)


def rule_problem(mode, f: ast.Field, name) -> RuleProblem | None:
    """What is wrong with ``name`` (a catalogue's value, or the field's default) as the
    rule of field ``f`` in ``mode``: not a name, naming nothing (E0620, with a
    did-you-mean), a procedure whose parameters differ from the field's (E0621), a rule
    of the wrong kind (E0622: a procedure for a ``value`` field, a condition for a
    ``value``, a track or an action for any rule field...), a derived value taking
    parameters for a ``value`` or ``condition`` field (E0621: a card's value is worked
    out for a player only), a rule the mode removes (E0623); None when it is sound."""
    kind = N.rule_kind(f)
    if not isinstance(name, str):
        return RuleProblem(codes.CARD_RULE_UNKNOWN, f"`{f.name}` names a rule, and this is no name",
                           _hint(mode, f, ""), (Note(f"`{f.name}` is declared here", f.span),))
    proc, der = mode.procedures.get(name), mode.derived.get(name)
    if kind == "action":  # construct 3: `take action c.f` takes the action the card names
        if name in mode.actions:
            return None
    elif kind == "procedure":
        if proc is not None:
            if signature(proc.params) != signature(f.type.params):
                return RuleProblem(
                    codes.CARD_RULE_SIGNATURE, f"procedure `{name}` takes ({_params(proc.params)}), and "
                    f"`{f.name}` runs a procedure taking ({_params(f.type.params)})",
                    f"name a procedure taking ({_params(f.type.params)}), or change `{name}`'s parameters",
                    (Note(f"`{name}` is declared here", proc.span),
                     Note(f"`{f.name}` is declared here", f.span)))
            return None
        if der is not None:
            return RuleProblem(codes.CARD_RULE_KIND, f"`{name}` is a derived value, and `{f.name}` runs a "
                               "procedure", _hint(mode, f, name),
                               (Note(f"`{name}` is declared here", der.span),))
    else:
        if der is not None:
            if der.params:  # a card's value is worked out for a player, with nothing more
                return RuleProblem(
                    codes.CARD_RULE_SIGNATURE, f"derived value `{name}` takes ({_params(der.params)}), and "
                    f"`{f.name}` holds a {kind}: a derived value taking no parameters",
                    _hint(mode, f, name), (Note(f"`{name}` is declared here", der.span),
                                           Note(f"`{f.name}` is declared here", f.span)))
            want = N.INT if kind == "value" else N.BOOL
            got = N.derived_type(mode, der)
            if got != want:
                return RuleProblem(
                    codes.CARD_RULE_KIND, f"derived value `{name}` is {got.words()}, and `{f.name}` holds "
                    f"a {kind} ({want.words()})", _hint(mode, f, name), (Note(f"`{name}` is declared here",
                                                                             der.span),))
            return None
        if proc is not None:
            return RuleProblem(codes.CARD_RULE_KIND, f"`{name}` is a procedure, and `{f.name}` holds a "
                               f"{kind}: a derived value", _hint(mode, f, name),
                               (Note(f"`{name}` is declared here", proc.span),))
    removed = next((c for c in mode.history if c.op == "remove" and c.name == name
                    and c.kind in ("procedure", "derived", "action")), None)
    if removed is not None:
        return RuleProblem(codes.CARD_RULE_REMOVED, f"`{removed.by}` removes {removed.kind} `{name}`, which "
                           f"`{f.name}` names here", "keep the rule in the mode (`replace` it to change it), "
                           "or name another one", (Note("removed here", removed.span),))
    what = kind if kind in ("procedure", "action") else "derived value"
    other = _declared(mode, name)
    if other is not None:  # a track, a param, an action...: say what it is
        return RuleProblem(codes.CARD_RULE_KIND, f"`{f.name}` names `{name}`, and `{name}` is "
                           f"{_article(_kind_word(other))}, not a {what}", _hint(mode, f, name),
                           (Note(f"`{name}` is declared here", other.span),))
    return RuleProblem(codes.CARD_RULE_UNKNOWN, f"`{f.name}` names {what} `{name}`, which is not declared",
                       _hint(mode, f, name), (Note(f"`{f.name}` is declared here", f.span),))


def _declared(mode, name: str):
    """The declaration called ``name`` in ``mode``'s tables (a track, a param, an
    action...), or None."""
    for attr in dict.fromkeys(TABLES.values()):
        decl = getattr(mode, attr).get(name)
        if decl is not None:
            return decl
    return None


def _kind_word(decl) -> str:
    return {ast.CardType: "card type", ast.Derived: "derived value"}.get(type(decl)) or ast.decl_kind(decl)


def _article(word: str) -> str:
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


def _params(params) -> str:
    return ", ".join(f"{p.type.name}{'?' if p.maybe else ''}" for p in params) or "nothing"


def _hint(mode, f: ast.Field, name: str) -> str | None:
    """A did-you-mean among the rules of the right kind, else a list of them."""
    kind = N.rule_kind(f)
    if kind == "action":
        return did_you_mean(name, mode.actions, "actions")
    if kind == "procedure":
        fits = [p for p, decl in mode.procedures.items()
                if signature(decl.params) == signature(f.type.params)]
        return did_you_mean(name, fits, f"procedures taking ({_params(f.type.params)})")
    want = N.INT if kind == "value" else N.BOOL
    fits = [d for d, decl in mode.derived.items() if not decl.params and N.derived_type(mode, decl) == want]
    return did_you_mean(name, fits, f"derived values that are {want.words()}")
