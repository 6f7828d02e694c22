"""Engine backend: one legal-action function per phase (issue 10), which lists the legal
actions of every action the phase offers, in the order it offers them, in one call.

The legal-action function of each action (:mod:`compiler.engine.legal`) stays as it is:
the mode's ``actions`` table names it, and other code calls it.  For a phase offering
several actions, :func:`phase_function` writes ``legal_phase_<phase>(g, s, p, out)`` with
the body of each of those functions copied in, in order, each under its spec-line
comment: a requirement that fails leaves the action's block (``break`` out of a ``while
True`` block run once) where the function of the action returned.  A body that returns
anywhere else (inside a loop of its own) is called instead of copied.  The runtime's
decorator ``R.combines(...)`` names the functions a phase function stands for, and
:class:`~compiler.engine.runtime.rules.Rules` uses it for every phase (of any mode)
offering exactly those, in that order.
"""

from __future__ import annotations

import re

from compiler.engine.pyquote import Code
from compiler.engine.statements import Writer

_LOOP = re.compile(r"(for|while) ")


def _body(source: str) -> list[str]:
    """The lines of a function's ``source`` after its ``def`` line and its docstring
    (one line: :meth:`Writer.docstring` keeps every docstring on one)."""
    lines = source.splitlines()
    if not lines[1].lstrip().startswith('"""'):
        raise ValueError(f"no docstring: {lines[1]!r}")
    return lines[2:]


def _balanced(line: str) -> bool:
    """Whether ``line`` closes every bracket it opens (outside its strings, roughly: the
    engine's lines hold spec text only in quoted literals, which ``repr`` writes)."""
    parts = _code_and_strings(line)
    if len(parts) % 2 == 0:  # it ends inside a string
        return False
    code = "".join(parts[::2]).split("#", 1)[0]
    return sum(code.count(ch) for ch in "([{") == sum(code.count(ch) for ch in ")]}")


def inlined(body: list[str]) -> list[str] | None:
    """``body`` (lines at 4 spaces or more) as the lines of a block run once:
    ``while True:`` with each bare ``return`` a ``break``, and ``break`` at its end (or
    the lines as they are, at 4 spaces, when there is no ``return``); None
    when that would change what it does (a ``return`` inside a loop of the body, a
    ``return`` with a value, a statement on several lines)."""
    out = ["    while True:  # run once: a requirement that fails leaves it"]
    left = False  # whether a requirement leaves it
    loops: list[int] = []  # the indents of the loops the line is inside
    for line in body:
        text = line.strip()
        if not text:
            continue
        if not _balanced(line):
            return None
        indent = len(line) - len(line.lstrip())
        while loops and loops[-1] >= indent:
            loops.pop()
        if text.startswith("return"):
            if text != "return" or loops:
                return None
            out.append(" " * (indent + 4) + "break")
            left = True
            continue
        if _LOOP.match(text) and text.endswith(":"):
            loops.append(indent)
        out.append("    " + line)
    if not left:  # nothing leaves it: its lines as they are
        return [line for line in body if line.strip()]
    out.append("        break")
    return out


_MEMO_LINE = re.compile(r"^ *_memo = s\.game\.memo  # [^\n]*$")
_SHARED_READ = re.compile(r"s\._cse\.get\((\d+)\)")
_SHARED_SET = re.compile(r"s\._cse\[(\d+)\] = ")


def _locals(block: list[str]) -> tuple[list[str], set[str]]:
    """``block`` reading the game's memo from the phase function's local ``_memo``, and the
    lists its actions share (``s._cse``, :func:`compiler.engine.choices.card_options`)
    from its locals ``_cseN`` (a local read is cheaper than a look-up in a dict, and the
    phase function is one decision); the numbers of those lists."""
    shared: set[str] = set()
    out = []
    for line in block:
        if _MEMO_LINE.match(line):
            continue
        parts = _code_and_strings(line)
        for i in range(0, len(parts), 2):  # the code between the string literals
            shared.update(_SHARED_READ.findall(parts[i]))
            code = _SHARED_SET.sub(lambda m: f"_cse{m.group(1)} = ", _SHARED_READ.sub(r"_cse\1", parts[i]))
            parts[i] = code.replace("s.game.memo", "_memo")
        out.append("".join(parts))
    return out, shared


def _code_and_strings(line: str) -> list[str]:
    """``line`` cut into code and the string literals in it (a spec's text reaches an
    engine only as a literal ``repr`` wrote), alternately, code first: an odd number of
    parts, unless the line ends inside a string.  A comment is code here (to the end of
    the line: quotes in it open no string)."""
    parts, start, quote, i = [], 0, None, 0
    while i < len(line):
        ch = line[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                parts.append(line[start:i + 1])
                start, quote = i + 1, None
        elif ch in "'\"":
            parts.append(line[start:i])
            start, quote = i, ch
        elif ch == "#":  # a comment: code to the end of the line
            break
        i += 1
    parts.append(line[start:])
    return parts


def phase_function(name: str, title: str, line: int, parts: list[tuple[str, str, str]]) -> Code:
    """Source of ``name(g, s, p, out)``, the legal actions of phase ``title`` (spec line
    ``line``): ``parts`` are the (name, title of its action, source) of the legal-action
    functions of the actions it offers, in order.  The game's memo is looked up once,
    and the lists of options several actions share are its locals (see :func:`_locals`)."""
    w = Writer()
    w.line(f"@R.combines({', '.join(fn for fn, _, _ in parts)})")
    w.line(f"def {name}(g, s, p, out):")
    w.level += 1
    w.docstring(f"Choices open to player p in phase {title} (spec line {line}), action by action.")
    head = len(w.lines)
    shared: set[str] = set()
    for fn, action, source in parts:
        w.comment(f"{action}: {fn}")
        block = inlined(_body(source))
        if block is None:
            w.line(f"{fn}(g, s, p, out)")
        else:
            block, read = _locals(block)
            shared |= read
            w.lines += block
    first = ["    _memo = s.game.memo  # looked up once for the actions below"]
    if shared:
        names = " = ".join(f"_cse{n}" for n in sorted(shared, key=int))
        first.append(f"    {names} = None  # the lists of options the actions below share, made once")
    w.lines[head:head] = first
    return w.source()


def phase_functions(phases: dict[tuple[str, ...], tuple[str, object, tuple[str, ...]]],
                    functions: list[str]) -> list[Code]:
    """The source of each phase function of ``phases`` (the legal-action functions of a
    phase's actions → the function's name, the phase, its actions' titles), the bodies
    taken from ``functions``, the engine's functions as written."""
    by_name = {}
    for source in functions:
        m = re.match(r"def (\w+)\(", source)
        if m:
            by_name[m.group(1)] = source
    return [phase_function(name, ph.title, ph.span.line,
                           [(fn, title, by_name[fn]) for fn, title in zip(fns, titles)])
            for fns, (name, ph, titles) in phases.items()]
