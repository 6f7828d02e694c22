"""Joining a determiner ("the", "your", "their", "a") with a spec's title.

Titles are data and some carry their own article, possessive or preposition
("the TZ card shown", "your Warp tiles", "on the location"); a sentence that
supplies its own determiner drops the title's, so the page reads "the TZ card
shown", never "the the TZ card shown" or "their your Warp tiles".
"""

from __future__ import annotations

from compiler.docs.markdown import Markdown

#: Leading words a title may carry that a sentence's own determiner replaces,
#: longest first ("on the " before "the ").
_LEADING = ("on the ", "in the ", "at the ", "on your ", "in your ", "the ", "your ",
            "their ", "a ", "an ")
#: Words that open a clause, not a noun: such a title takes no determiner.
_CLAUSES = ("whether ", "if ")
#: What a DSL type name reads as after "a"/"an" ("a number", not "a int").
TYPE_WORDS = {"int": "number", "bool": "yes-or-no value", "str": "text", "text": "text"}


def bare(title: str) -> str:
    """``title`` without its own leading article, possessive or preposition
    (``"on the location"`` → ``"location"``), keeping its type (Markdown stays
    Markdown); a title that is only such a word is returned unchanged."""
    low = str(title).lower()
    for lead in _LEADING:
        if low.startswith(lead) and len(low) > len(lead):
            rest = str(title)[len(lead):]
            return Markdown(rest) if isinstance(title, Markdown) else rest
    return title


def article(word: str) -> str:
    """``"a"`` or ``"an"`` for ``word`` (by its first letter, emphasis skipped)."""
    return "an" if str(word).lstrip("*_").lower()[:1] in "aeiou" else "a"


def determined(det: str, title: str) -> str:
    """``det`` joined with ``title``: ``("the", "the TZ card shown")`` → ``"the TZ
    card shown"``; ``("their", "your Path board")`` → ``"their Path board"``;
    ``("a", "ability")`` → ``"an ability"``.  An empty ``det`` returns ``title``
    as it is; a title that opens a clause ("whether the Impact has occurred")
    takes no determiner.  ``det`` is our own word; ``title`` is already escaped."""
    if not det:
        return title
    if str(title).lower().lstrip("*_").startswith(_CLAUSES):
        return title
    noun = bare(title)
    if det in ("a", "an"):
        det = article(noun)
    return f"{det} {noun}"


def type_word(name: str) -> str:
    """A DSL type name as a word (``int`` → ``number``); other names unchanged."""
    return TYPE_WORDS.get(name, name)
