"""Engine backend: the state's tables read once before a comprehension, not once per card
(issue 10).

A legal-action function changes nothing of the state, so within it ``s.z['hand']``,
``s.ta['placed'][p]`` or ``g.P['limit']`` are the same on every pass of a loop.  The
comprehension that lists a choice's options tests its condition for every card of a
zone; the tables its condition reads are bound to locals before it, so each card costs
a local read instead of a chain of dictionary look-ups.
"""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Callable

from compiler.engine.statements import Writer

#: A read of one of the state's tables (or the mode's parameters) by a constant key, and
#: the acting player's row of it: ``s.z['hand']``, ``s.ta['placed'][p]``, ``s.res[p]``.
_READ = re.compile(r"(?:s\.(?:z|cst|ta|tr|gtr)|g\.P)\['(?:[^'\\\n])*'\](?:\[p\])?|s\.res\[p\]")


def hoist_reads(code: str, fresh: Callable[[str], str], w: Writer) -> str:
    """``code``, one line of Python listing options (``[v for v in ZONE if COND]``), with
    each table read of its condition (see :data:`_READ`) replaced by a local that ``w``
    binds on the lines before; ``fresh(stem)`` names the locals.  Only reads that are
    Python code are replaced (never text inside a string); ``code`` comes back as it is
    when it has no condition or the condition reads no table."""
    start = code.find(" if ")
    if start < 0:
        return code
    try:
        names = {tok.start[1] for tok in tokenize.generate_tokens(io.StringIO(code).readline)
                 if tok.type == tokenize.NAME and tok.start[0] == 1}
    except (tokenize.TokenError, SyntaxError):  # not one line of Python: left as it is
        return code
    bound: dict[str, str] = {}
    parts, at = [], 0
    for m in _READ.finditer(code, start):
        if m.start() not in names:
            continue
        if m.group() not in bound:
            bound[m.group()] = fresh("t")
            w.line(f"{bound[m.group()]} = {m.group()}")
        parts += [code[at:m.start()], bound[m.group()]]
        at = m.end()
    return "".join(parts) + code[at:]


_FRESH = re.compile(r"\b_[a-z]+\d+\b")
_CHOSEN = re.compile(r"\bv_\w+")
_BOUND = re.compile(r"(?:^|\bfor )(_[a-z]+\d+)(?: =| in )", re.MULTILINE)


def share_lines(shared: dict[str, int], var: str, start: int, w: Writer) -> None:
    """Make the lines ``w`` wrote from ``start`` on, which bind ``var``, a list shared by
    the actions of a decision: kept in the state's table ``s._cse`` (emptied before each
    decision; a phase's legal-action function holds it in a local) under the number of
    their code in ``shared`` (code → number, the engine's table), and made only when no
    action made them before.  Lines that read a choice (``v_x``) are left as they are:
    their list is not the same for every option."""
    lines = w.lines[start:]
    code = "\n".join(line.strip() for line in lines)
    bound = set(_BOUND.findall(code))
    if _CHOSEN.search(code) or not set(_FRESH.findall(code)) <= bound:
        return  # it reads a choice, or a local of the code around it
    indent = lines[0][:len(lines[0]) - len(lines[0].lstrip())]
    code = _FRESH.sub("_", code)  # the same whatever the names of the locals it binds
    number = shared.setdefault(code, len(shared))
    w.lines[start:] = [f"{indent}{var} = s._cse.get({number})",
                       f"{indent}if {var} is None:  # not made yet for this decision by another action",
                       *("    " + line for line in lines),
                       f"{indent}    s._cse[{number}] = {var}"]
