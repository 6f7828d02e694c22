"""The values of a card's fields in a catalogue file: whether a value fits its field's
type (E0313), where in the YAML a bad value is, numbers written other than in plain
digits (E0322), texts holding characters a text may not hold (E0314), and what YAML
read a value as, in words.  Used by :mod:`compiler.analysis.catalogue`."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import yaml

from dsl import strings
from dsl.diagnostics import did_you_mean
from dsl.spans import Span
from compiler.analysis.catalogue_yaml import node_span


#: How a whole number is written plainly: YAML 1.1 also reads `0x10`, `017`,
#: `0b101`, `1_000`, `1:20` (base 60) and `+5` as numbers, silently (E0322).
PLAIN_INT = re.compile(r"-?(0|[1-9][0-9]*)")
#: The name of a rule (a procedure or derived value) a card's rule field gives (construct 1).
RULE_NAME = re.compile(r"[a-z][a-z0-9_]*")


def other_notations(node) -> list:
    """The whole numbers in ``node`` (a value, or a bag's mapping) written other than in
    plain decimal digits."""
    values = [v for _, v in node.value] if isinstance(node, yaml.MappingNode) else [node]
    return [v for v in values if isinstance(v, yaml.ScalarNode) and v.tag == "tag:yaml.org,2002:int"
            and not PLAIN_INT.fullmatch(v.value)]


def notation(text: str) -> str:
    """``in hexadecimal``, ``in base 60``...: how a number of :func:`other_notations` is written."""
    digits = text.lstrip("+-")
    for test, words in ((":" in digits, "in base 60"), (digits.startswith("0x"), "in hexadecimal"),
                        (digits.startswith("0b"), "in binary"),
                        (digits.startswith("0") and len(digits) > 1, "in octal"),
                        ("_" in digits, "with `_` between its digits")):
        if test:
            return words
    return "with a `+` sign"


def refused_texts(node) -> list:
    """The scalar nodes under a YAML ``node`` (keys and values) whose text holds a
    character texts may not hold (:mod:`dsl.strings`)."""
    if isinstance(node, yaml.ScalarNode):
        return [node] if isinstance(node.value, str) and strings.first_refused(node.value) is not None \
            else []
    if isinstance(node, yaml.SequenceNode):
        return [bad for item in node.value for bad in refused_texts(item)]
    if isinstance(node, yaml.MappingNode):
        return [bad for k, v in node.value for bad in (*refused_texts(k), *refused_texts(v))]
    return []


def yaml_text(node) -> str:
    """A scalar node's text as the file spells it (short), for messages."""
    text = node.value if isinstance(node, yaml.ScalarNode) else "..."
    return text if len(text) <= 40 else text[:37] + "..."


def kind_of(value) -> str:
    """What YAML read a value as, in words (``a date``, ``a number``...)."""
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, (datetime.date, datetime.datetime)):
        return "a date"
    if value is None:
        return "nothing (null)"
    return {list: "a list", dict: "a mapping", str: "a text"}.get(type(value), type(value).__name__)


def value_hint(type_name: str, enums: dict[str, set[str]]) -> str:
    """What a value of the field's type looks like in YAML."""
    if type_name in enums:
        members = sorted(enums[type_name])
        return f"a {type_name} is one of " + ", ".join(f"`{m}`" for m in members[:8]) + (
            " ..." if len(members) > 8 else "")
    return {"int": "write a whole number, e.g. `2`", "bool": "write `true` or `false`",
            "text": 'write a text, e.g. `"Farm"`',
            "bag": "write a mapping of resources to whole numbers, e.g. `{worker: 1}`",
            "value": "write the name of a derived value, e.g. `crew_count`",
            "condition": "write the name of a derived value that is true or false"}.get(
        type_name, "write the name of a procedure, e.g. `no_ability`" if type_name.startswith("procedure (")
        else f"write a value of type {type_name}")




def value_span(path: Path, node, culprit) -> Span | None:
    """The span of a bad value; inside a bag, of the offending key or amount."""
    if node is None:
        return None
    if culprit is not None and isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if k.value == culprit[0]:
                return node_span(path, k if culprit[1] == "key" else v)
    return node_span(path, node)


def check_value(type_name: str, value, enums, resources) -> tuple[str, tuple | None, str | None] | None:
    """``None`` when ``value`` fits the type, else (message, culprit inside a bag or None,
    a did-you-mean hint or None).  A ``list of T`` is a YAML list of values of ``T``."""
    if type_name.startswith("list of "):
        if not isinstance(value, list):
            return f"expected a list like [a, b], got {value!r}", None, None
        for item in value:
            problem = check_value(type_name.removeprefix("list of "), item, enums, resources)
            if problem:
                return (f"in the list: {problem[0]}", None, problem[2])
        return None
    if type_name.startswith("procedure (") or type_name in ("value", "condition"):  # construct 1
        what = "procedure" if type_name.startswith("procedure") else "derived value"
        if isinstance(value, str) and RULE_NAME.fullmatch(value):
            return None
        return f"expected the name of a {what} of the spec, got {value!r}", None, None
    if type_name == "int":
        ok = isinstance(value, int) and not isinstance(value, bool)
        return None if ok else (f"expected a whole number, got {value!r}", None, None)
    if type_name == "bool":
        return None if isinstance(value, bool) else (f"expected true or false, got {value!r}", None,
                                                     None)
    if type_name == "text":
        return None if isinstance(value, str) else (f"expected a text, got {value!r}", None, None)
    if type_name == "bag":
        if not isinstance(value, dict):
            return f"expected a bag like {{worker: 1}}, got {value!r}", None, None
        for k, v in value.items():
            if k not in resources:
                return f"`{k}` is not a resource", (k, "key"), did_you_mean(str(k), resources,
                                                                             "resources")
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                return f"amount of `{k}` must be a whole number, got {v!r}", (k, "value"), None
        return None
    if type_name in enums:
        if not isinstance(value, str) or value not in enums[type_name]:  # a list or a dict is unhashable
            return f"`{value}` is not a {type_name}", None, did_you_mean(
                str(value), sorted(enums[type_name]), f"members of {type_name}")
        return None
    return None
