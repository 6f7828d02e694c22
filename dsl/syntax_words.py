"""What a syntax error says was expected, in words a designer understands.

The LALR parser reports the terminals it would accept (``NAME``, ``RBRACE``,
``PHASE``...).  :func:`expected_words` turns them into words: keywords in
backticks, ``a whole number``, and, where the parser is at the start of a
declaration, a statement, a mode rule or an expression, that phrase instead
of a list of thirty keywords.  Where the context tells what a name stands
for (``phase ▮``), a name is named for what it is: "a phase name".  The
context is the parser's stack (the keywords and parts of the rules it is in
the middle of), or the last tokens of the text when the lexer failed.  No
Lark terminal name (``NAME``, ``__ANON_0``, ``$END``) ever reaches a message.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

from lark import Lark

#: Terminals that are patterns, not keywords, and how a person calls them.
TERMINAL_WORDS = {
    "NAME": "a name", "INT": "a whole number", "STRING": 'a quoted text ("...")',
    "COMP_OP": "a comparison (`==`, `<`, `>=`...)", "ADD_OP": "`+` or `-`", "MUL_OP": "`*`, `//` or `%`",
    "ZONE_KIND": "`deck` or `zone`", "VISIBILITY": "public, hidden or secret",
    "PHASE_KIND": "a phase kind (simultaneous, turns, draft or automatic)",
    "SCOPE": "player, round, game or turn", "TB_DIR": "most or fewest",
    "DECL_KIND": "a kind of rule (action, phase, tally, param...)", "DECLINE": "`decline`",
    "COMMENT": "a comment", "WS": "a space", "$END": "the end of the file",
}

#: What a name stands for, after these keywords (the token just before the error).
NAME_AFTER = {
    "game": "the game's name", "resource": "a resource name", "track": "a track name",
    "enum": "an enum name", "card": "a card type name", "catalogue": "a catalogue name",
    "pieces": "a name for the pieces", "deck": "a zone name", "zone": "a zone name",
    "param": "a param name", "derived": "a name for the derived value", "tally": "a tally name",
    "phase": "a phase name", "action": "an action name", "trigger": "a trigger name",
    "procedure": "a procedure name", "mode": "a mode name", "module": "a module name",
    "amend": "the name of the mode it amends", "extends": "the name of the mode it extends",
    "use": "a module name", "actions": "an action name", "before": "an action name",
    "uses": "a tally name", "choose": "a name for the choice", "let": "a name for the value",
    "advance": "a track name", "move": "a chosen card", "put": "a catalogue or pieces name",
    "roll": "a die", "do": "a procedure name", "my": "a zone name", "from": "a zone name",
    "into": "a zone name", "count": "a zone name", "shuffle": "a zone name", "in": "a zone name",
    "at": "a phase name", "->": "a phase name", "field": "a field name", "state": "a state name",
    ":": "a type (int, bool, bag, text, player, an enum, `list of T`; on a card, a rule: "
         "`procedure (...)`, `value`, `condition`)", "per": "an enum or a card type name",
    "some": "a card type or pieces name", "refill": "a zone name", "over": "a zone name",
}

#: Words that start an expression (issue 11), with the construct each starts: where an
#: expression may begin they read as that word, so a local named so (`let top = ...`,
#: then `score top`) is a syntax error whose hint says to rename it.
EXPRESSION_WORDS = {"top": "`top of ZONE`", "bottom": "`bottom of ZONE`", "next": "`next in ZONE ...`",
                    "the": "`the player with ...`", "every": "`every player ...`",
                    "nothing": "`nothing`", "nobody": "`nobody`"}


def reserved_name_hint(word: str) -> str | None:
    """The hint for ``word``, a word that starts an expression, met where the parser wanted
    the rest of its construct: it was most likely meant as a name (None for other words)."""
    construct = EXPRESSION_WORDS.get(word)
    if construct is None:
        return None
    return (f"`{word}` is a word of the language where a value is expected ({construct}); if it "
            f"names a value of yours, give it another name, e.g. `{word}_card`")


#: Declaration keywords whose name is followed by a title.
TITLED = {"game", "resource", "track", "enum", "card", "pieces", "deck", "zone", "param", "derived",
           "tally", "phase", "action", "trigger", "procedure", "mode", "module"}

_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*|[a-z_][a-z0-9_]*|[0-9]+|->|==|!=|<=|>=|//|\S')


def tokens_before(text: str, pos: int, n: int = 3) -> tuple[str, ...]:
    """The last ``n`` tokens of ``text[:pos]`` (comments left out), oldest first."""
    found = [t for t in _TOKEN.findall(text[:pos]) if not t.startswith("#")]
    return tuple(found[-n:])


#: Groups of terminals said as one phrase when all of a group is expected, with the
#: text after which the parser expects exactly that group (plus what is filtered out).
_GROUPS = (
    ("", "a declaration (`game`, `resource`, `action`, `phase`, `mode`...)"),
    ('mode m "M" {', "a mode rule (`players`, `use`, `set`, `add`, `replace` or `remove`)"),
    ("setup {", "a statement (`gain`, `pay`, `score`, `move`, `if`, `choose`...)"),
    ('derived d "D" =', "an expression"),
    ('derived d "D" = 1 +', "an expression"),
)
_META = frozenset({"SOURCE", "RULING", "PROVISIONAL"})
_META_WORDS = "provenance (`source`, `ruling` or `provisional`)"
_OPERATORS = frozenset({"ADD_OP", "MUL_OP", "COMP_OP", "AND", "OR"})
_OPERATOR_WORDS = "an operator (`+`, `*`, `>=`, `and`, `or`...)"


@lru_cache(maxsize=4)
def _groups(parser: Lark) -> tuple[tuple[frozenset[str], str], ...]:
    """Each group's terminals, as the parser accepts them after the group's text."""
    out = []
    for text, words in _GROUPS:
        state = parser.parse_interactive(text)
        state.exhaust_lexer()
        out.append((frozenset(state.accepts()) - _META - {"RBRACE", "$END"}, words))
    return tuple(out) + ((_META, _META_WORDS), (_OPERATORS, _OPERATOR_WORDS))


def word(parser: Lark, terminal: str) -> str:
    """One terminal in words: a keyword in backticks, else its entry in TERMINAL_WORDS."""
    if terminal in TERMINAL_WORDS:
        return TERMINAL_WORDS[terminal]
    try:
        pattern = parser.get_terminal(terminal).pattern
    except KeyError:
        return "something else"
    if pattern.type == "str":
        return f"`{pattern.value}`"
    return "something else"  # a new pattern terminal: add it to TERMINAL_WORDS


def name_word(context: Sequence[str]) -> str | None:
    """What a name stands for after ``context`` (the tokens before it), if that is known."""
    if not context:
        return None
    last = context[-1]
    before = context[-2] if len(context) > 1 else ""
    if last == "end":
        return None if before == "->" else "a name for the end condition"
    if last == "each":
        return "a name for each card" if before == "for" else None
    if last == "of":
        return "a card type name" if before.startswith('"') or (len(context) > 2
                                                                and context[-3] == "catalogue") else None
    if last == "mode" and before == "default":
        return "the name of a mode"
    if last == "set":
        return "a param name" if _in_mode_block(context) else "a track or a chosen card"
    return NAME_AFTER.get(last)


def _in_mode_block(context: Sequence[str]) -> bool:
    """Whether the innermost `{` of ``context`` opens a mode, a module or an amendment."""
    braces = [i for i, t in enumerate(context) if t == "{"]
    header = context[max(0, braces[-1] - 6):braces[-1]] if braces else ()
    return any(t in ("mode", "module", "amend") for t in header)


def string_word(context: Sequence[str]) -> str | None:
    """What a quoted text stands for after ``context``: a declaration's title..."""
    if len(context) >= 2 and context[-2] in TITLED and re.fullmatch(r"[a-z_][a-z0-9_]*", context[-1]):
        kind = {"deck": "zone", "card": "card type", "derived": "derived value"}.get(context[-2],
                                                                                   context[-2])
        return f'the {kind}\'s title, a quoted text ("...")'
    if context and context[-1] in ("source", "ruling", "provisional"):
        return f'the {context[-1]} text, quoted ("...")'
    return None


def expected_words(parser: Lark, expected: Iterable[str], context: Sequence[str] = ()) -> str:
    """``{'NAME', 'RBRACE'}`` → ``"`}` or a name"``: what the parser expected, in words.

    ``context`` is what precedes the error (the parser's stack, or :func:`tokens_before`):
    after ``phase``, a name is "a phase name".  Keywords come first (short ones
    first), then names, numbers and texts, then whole groups ("a statement").
    At most 8 items are named."""
    remaining = set(expected) - {"COMMENT", "WS"}
    if context and context[-1] == ":" and "NAME" in remaining:
        remaining.discard("LIST")  # `list of T` is one of the types the name's words list
        remaining.discard("PROCEDURE")  # and so is `procedure (...)` (construct 1)
    groups: list[str] = []
    for members, words in _groups(parser):
        if members and members <= remaining:
            remaining -= members
            if words not in groups:
                groups.append(words)
    words = set()
    for t in remaining:
        if t == "NAME":
            words.add(name_word(context) or word(parser, t))
        elif t == "STRING":
            words.add(string_word(context) or word(parser, t))
        else:
            words.add(word(parser, t))
    ordered = sorted(words, key=lambda w: (not w.startswith("`"), len(w) > 4, w)) + groups
    if len(ordered) > 8:
        ordered = ordered[:7] + ["one of a few more"]
    if not ordered:
        return "something else"
    return ordered[0] if len(ordered) == 1 else ", ".join(ordered[:-1]) + " or " + ordered[-1]
