"""The registry of diagnostic codes: the one place every code is declared.

Each :class:`Code` has a short title, a paragraph saying when it fires and how
to fix it, and a small example spec that triggers it.  ``rulebook explain CODE``
prints an entry; ``docs/errors.md`` lists them all; :class:`dsl.diagnostics.Diagnostic`
refuses a code that is not here.  Codes are stable: never renumber or reuse one.

To add a code, append one ``Code(NAME := "E....", ...)`` to its family's module
(``dsl/codes/names_and_types.py`` for ``E05xx``...; :data:`REGISTRY` joins the
families, sorted): errors are ``E`` + 4 digits, warnings ``W`` + 4 digits; ``NAME`` (taken from
the title) is the constant the compiler names the code by (``codes.WRONG_TYPE``): the
number is written here and nowhere else.  An example is added to :data:`MINIMAL_SPEC`
(a small clean spec) unless ``standalone`` is true; ``cards`` is written beside it as
``example.cards.yaml``.  The test suite compiles every example and checks that it
produces its code.  The spec the examples extend, and the card type, deck and catalogue
several of them use, are in :mod:`dsl.code_examples`.
"""

from __future__ import annotations

from dsl.code_examples import MINIMAL_SPEC
from dsl.codes import reading as _reading
from dsl.codes import composing as _composing
from dsl.codes import catalogues as _catalogues
from dsl.codes import flow as _flow
from dsl.codes import names_and_types as _names_and_types
from dsl.codes import limits as _limits
from dsl.codes import zones as _zones
from dsl.codes import endings as _endings
from dsl.codes import hidden as _hidden
from dsl.codes import playable as _playable
from dsl.codes import warning as _warning
from dsl.codes import card_rules as _card_rules
from dsl.codes import modules as _modules
from dsl.codes import kinds as _kinds
from dsl.codes import taking as _taking
from dsl.codes import repetition as _repetition
from dsl.codes import automata as _automata
from dsl.codes import options as _options
from dsl.codes import value_choices as _value_choices
from dsl.codes import new_games as _new_games
from dsl.codes.reading import *  # noqa: F403  (its constants, named codes.NAME)
from dsl.codes.composing import *  # noqa: F403  (its constants, named codes.NAME)
from dsl.codes.catalogues import *  # noqa: F403  (its constants, named codes.NAME)
from dsl.codes.flow import *  # noqa: F403  (its constants, named codes.NAME)
from dsl.codes.names_and_types import *  # noqa: F403  (its constants, named codes.NAME)
from dsl.codes.limits import *  # noqa: F403  (its constants, named codes.NAME)
from dsl.codes.zones import *  # noqa: F403  (its constants, named codes.NAME)
from dsl.codes.endings import *  # noqa: F403  (its constants, named codes.NAME)
from dsl.codes.hidden import *  # noqa: F403  (its constants, named codes.NAME)
from dsl.codes.playable import *  # noqa: F403  (its constants, named codes.NAME)
from dsl.codes.warning import *  # noqa: F403  (its constants, named codes.NAME)
from dsl.codes.card_rules import *  # noqa: F403  (its constants, named codes.NAME)
from dsl.codes.modules import *  # noqa: F403  (its constants, named codes.NAME)
from dsl.codes.kinds import *  # noqa: F403  (its constants, named codes.NAME)
from dsl.codes.taking import *  # noqa: F403  (its constants, named codes.NAME)
from dsl.codes.repetition import *  # noqa: F403  (its constants, named codes.NAME)
from dsl.codes.automata import *  # noqa: F403  (its constants, named codes.NAME)
from dsl.codes.options import *  # noqa: F403  (its constants, named codes.NAME)
from dsl.codes.value_choices import *  # noqa: F403  (its constants, named codes.NAME)
from dsl.codes.new_games import *  # noqa: F403  (its constants, named codes.NAME)
from dsl.codes.entry import Code

__all__ = ["MINIMAL_SPEC", "Code", "REGISTRY", "GROUPS", "group_of", "CODES", "lookup"]

#: Every code, sorted by number.
REGISTRY: tuple[Code, ...] = tuple(sorted(
    (*_reading.CODES,
     *_composing.CODES,
     *_catalogues.CODES,
     *_flow.CODES,
     *_names_and_types.CODES,
     *_limits.CODES,
     *_zones.CODES,
     *_endings.CODES,
     *_hidden.CODES,
     *_playable.CODES,
     *_warning.CODES,
     *_card_rules.CODES,
     *_modules.CODES,
     *_kinds.CODES,
     *_taking.CODES,
     *_repetition.CODES,
     *_automata.CODES,
     *_options.CODES,
     *_value_choices.CODES,
     *_new_games.CODES),
    key=lambda c: c.code))

#: Families of codes (the first three characters of a code, or four) and their headings.
GROUPS: dict[str, str] = {
    "E00": "Reading the spec", "E02": "Composing modes, modules and amendments",
    "E03": "Card catalogues", "E04": "Phases and the flow of play", "E05": "Names and types",
    "E054": "Limits of the compiler",
    "E06": "Hidden information", "E07": "Can the rules be played", "W01": "Warnings",
    "W06": "Warnings about hidden information",
    "E062": "Rules attached to cards",
}
#: Families that share the first digits with another: (first code, last code, heading).
RANGES: tuple[tuple[str, str, str], ...] = (
    ("E0323", "E0339", "Modules that extend"), ("W0150", "W0154", "Warnings about modules"),
    ("E0606", "E0619", "Pieces and zones of several kinds"),
    ("W0140", "W0144", "Warnings about pieces and kinds"),
    ("E0815", "E0829", "Taking actions from effects"),
    ("E0800", "E0814", "Repetition and acting for another player"),
    ("E0830", "E0849", "Automata, seats and sides"),
    ("E0850", "E0859", "Modules and options at creation"),
    ("E0860", "E0869", "Values chosen in effects"), ("W0155", "W0157", "Warnings about values chosen"),
    ("W0158", "W0160", "Warnings about automata and their controllers"),
    ("E0870", "E0874", "Checks found by the new games"),
    ("W0161", "W0163", "Warnings found by the new games"),
)


def group_of(code: str) -> str:
    """The heading of ``code``'s family (``E0501`` → ``Names and types``; a family of four
    characters, ``E054``, before one of three; a range of :data:`RANGES` before both)."""
    for first, last, heading in RANGES:
        if first <= code <= last:
            return heading
    return GROUPS.get(code[:4]) or GROUPS.get(code[:3],
                                              f"{'Warnings' if code.startswith('W') else 'Errors'} "
                                              f"{code[:3]}xx")


#: Code → entry, for lookups.
CODES: dict[str, Code] = {c.code: c for c in REGISTRY}


def lookup(code: str) -> Code | None:
    """The entry of ``code`` (case-insensitive, ``e501`` → ``E0501``), or ``None``."""
    text = code.strip().upper()
    if len(text) >= 2 and text[0] in "EW" and text[1:].isdigit():
        text = text[0] + text[1:].zfill(4)
    return CODES.get(text)
