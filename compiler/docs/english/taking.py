"""English for construct 3, taking another action from inside an effect: ``take action``
(a step of an effect) and ``can take`` (a condition).  Design: ``design/language/README.md``
› Construct 3 (e).  The renderers join :data:`STMT_RENDERERS` and :data:`EXPR_RENDERERS`."""

from __future__ import annotations

from dsl import ast
from compiler.docs.english.expressions import DOMAIN_RENDERERS, EXPR_RENDERERS, Voice, join, phrase
from compiler.docs.english.glossary import plain
from compiler.docs.english.statements import STMT_RENDERERS, _bullet
from compiler.docs.markdown import Markdown


def _which(node: ast.TakeAction | ast.CanTake, v: Voice) -> str:
    """"the action *Construct*", "one of the actions *A* or *B*", or, for a card's action
    field, "the action z names (see *Card rules*)"."""
    card = getattr(node, "card", None)
    if card is not None:
        return f"the action {phrase(ast.Name(card.name, card.span), v)} names (see *Card rules*)"
    titles = [Markdown(f"*{v.names.title(i.name)}*") for i in node.actions]
    if len(titles) == 1:
        return f"the action {titles[0]}"
    return f"one of the actions {join(titles, 'or')}"


def _with(node: ast.TakeAction | ast.CanTake, v: Voice) -> str:
    if not node.bound:
        return ""
    parts = [Markdown(f"the same *{plain(b.name.name)}*")
             if isinstance(b.value, ast.Name) and b.value.name == b.name.name
             else Markdown(f"*{plain(b.name.name)}* set to {phrase(b.value, v)}") for b in node.bound]
    return ", with " + join(parts)


def _take(node: ast.TakeAction, v: Voice) -> list[str]:
    verb = "You may take" if node.optional else "Take"
    return _bullet(f"{verb} {_which(node, v)}{_with(node, v)}, as when it is offered (its "
                   "requirements apply, and what triggers on it happens too); if it cannot be "
                   "taken, nothing happens.")


def _can_take(node: ast.CanTake, v: Voice) -> str:
    return f"you can take {_which(node, v)}{_with(node, v)}"


def _given(node: ast.GivenDomain, v: Voice, var: str | None) -> str:
    return (f"{phrase(node.default, v)}, not chosen (an effect that takes this action may "
            "give another value)")


STMT_RENDERERS[ast.TakeAction] = _take
DOMAIN_RENDERERS[ast.GivenDomain] = _given
EXPR_RENDERERS[ast.CanTake] = _can_take
