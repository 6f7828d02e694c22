"""The names of an engine module's functions and constants, all made here.

A generated function is named after what it is and the declaration it comes from, in
the spec's words, so a reader of the engine finds each rule by its name:

==============================  ==========================================================
``legal_<action>``              the choices an action offers (``apply_<action>``: its effect)
``legal_phase_<phase>``        the choices of every action a phase offers, in one function
``derived_<name>``              a derived value
``procedure_<name>``            a procedure
``trigger_<name>_before_<a>``   a trigger, run before action ``a``
``only_when_<phase>``           whether a phase is played (``on_enter_``, ``on_exit_``,
                                ``on_turn_<phase>``: its effects)
``transition_<a>_to_<b>``       the condition of a transition of the flow
``limit_<zone>``                the most cards a zone holds
``start_<track>``               where a track starts
``setup``                       the setup
``end_when_<end>``              whether the end of the game is triggered (``winners_<end>``:
                                who wins)
``ask_<owner>``                 the options of an ``ask`` in an effect (``then_<owner>``: the
                                rest of the effect once cards are chosen; ``pick_<owner>``:
                                once a card is chosen); ``owner`` is the action, or the
                                function the question is asked in
``RULES_<MODE>``                a mode's rules table
==============================  ==========================================================

When modes give a declaration different versions, each version is a function of its
own: the first keeps the plain name, a later one is named after the first mode whose
rules use it (``apply_score_worker__metropolis``).  Siblings of one mode (two
conditional transitions between the same phases, two questions in one effect) are
numbered from the second (``ask_offer_trade_2``).  A name never repeats its kind
(``ask_card_trade``, not ``ask_ask_card_trade``), never takes a name the module
defines itself (:data:`compiler.pyquote.ENGINE_GLOBALS`), and is checked by
:func:`compiler.pyquote.identifier`.  A spec gets the same names at every build: they
depend only on the spec and the order the backend visits it in.
"""

from __future__ import annotations

from compiler.engine.pyquote import ENGINE_GLOBALS, Code, identifier


def join(kind: str, base: str) -> str:
    """``kind_base``, without repeating the kind when ``base`` starts with it
    (``join("ask", "ask_card_trade")`` is ``ask_card_trade``); ``kind`` alone for no base."""
    if not base or base == kind:
        return kind
    return base if base.startswith(kind + "_") else f"{kind}_{base}"


class Namer:
    """Makes the names of one engine module (see the module's docstring); set
    :attr:`mode` to the mode whose rules are being generated before naming for it."""

    def __init__(self) -> None:
        #: (kind, key) → the name given, for the declarations named so far
        self.given: dict[tuple[str, object], Code] = {}
        self.used: set[str] = set(ENGINE_GLOBALS)
        #: the mode whose rules are being generated
        self.mode = ""
        self._made_in: dict[str, str] = {}  # name → the mode it was made for
        self._last: dict[str, int] = {}  # stem → the last number given (thousands of siblings)

    def fresh(self, kind: str, base: str) -> Code:
        """A name no other function has: ``join(kind, base)``; for a later version of a
        name made for another mode, that name ``__<mode>``; for a sibling, ``_2``, ``_3``..."""
        stem = join(kind, base)
        if stem in self.used and self._made_in.get(stem, self.mode) != self.mode:
            stem = f"{stem}__{self.mode.replace('+', '__')}"  # a module set: mode+module
        name = stem
        if name in self.used:
            n = self._last.get(stem, 1) + 1
            while f"{stem}_{n}" in self.used:
                n += 1
            self._last[stem] = n
            name = f"{stem}_{n}"
        code = identifier(name)
        self.used.add(name)
        self._made_in[name] = self.mode
        return code

    def known(self, kind: str, key: object) -> Code | None:
        """The name given to the function of ``kind`` for ``key``, if there is one yet."""
        return self.given.get((kind, key))

    def __call__(self, kind: str, key: object, base: str) -> Code:
        """The name of the function of ``kind`` for ``key`` (the ``id`` of a declaration of
        the composed spec, alive while generating), made from ``base`` on first use."""
        name = self.given.get((kind, key))
        if name is None:
            name = self.given[(kind, key)] = self.fresh(kind, base)
        return name

    def constant(self, prefix: str, name: str) -> Code:
        """A module constant's name no other has: ``PREFIX_NAME``, else ``PREFIX_NAME_2``..."""
        stem = f"{prefix}_{name.upper().replace('+', '__')}"  # a module set: mode+module
        name, n = stem, 1
        while name in self.used:
            n += 1
            name = f"{stem}_{n}"
        self.used.add(name)
        return identifier(name)
