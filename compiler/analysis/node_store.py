"""The YAML node trees of catalogue files, kept between runs: reading a catalogue
with PyYAML's Python reader (the one whose messages the diagnostics word) takes
longer than the rest of a check of its spec, and the catalogue rarely changes
while the spec is edited.

A tree is stored in ``$XDG_CACHE_HOME/rulebook/catalogues`` (``~/.cache``), named by
the SHA-256 of the text, of the PyYAML version, of the loader's refusals
(:data:`compiler.analysis.limits.MAX_YAML_DEPTH`) and of this module's format, as
:mod:`marshal` data (plain tuples, lists and strings: loading it runs nothing).  The
tree read back has the same nodes, tags, values, styles and marks (line, column,
index, and the text they point into) as the one PyYAML composed.  Only trees
composed without error are stored; a file that cannot be read, written or
understood is a miss.  The folder keeps the :data:`KEEP` newest trees.
"""

from __future__ import annotations

import contextlib
import hashlib
import marshal
import os
import tempfile
from pathlib import Path

import yaml

from compiler.analysis.limits import MAX_YAML_DEPTH

FORMAT = 1
#: Trees kept; older ones are deleted as new ones are stored.
KEEP = 32
_KINDS = {yaml.ScalarNode: 0, yaml.SequenceNode: 1, yaml.MappingNode: 2}


def _folder() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "rulebook" / "catalogues"


def _path(text: str) -> Path:
    key = hashlib.sha256(f"{FORMAT} {yaml.__version__} {MAX_YAML_DEPTH}\n".encode()
                         + text.encode("utf-8", "surrogatepass")).hexdigest()
    return _folder() / f"{key[:40]}.marshal"


def _encode(node) -> tuple:
    kind = _KINDS[type(node)]
    if kind == 0:
        value = node.value
    elif kind == 1:
        value = [_encode(child) for child in node.value]
    else:
        value = [(_encode(k), _encode(v)) for k, v in node.value]
    style = node.style if kind == 0 else node.flow_style
    a, b = node.start_mark, node.end_mark
    return (kind, node.tag, value, style, a.index, a.line, a.column, b.index, b.line, b.column)


def _decoder(text: str):
    buffer = text + "\0"  # what the marks of PyYAML's reader point into

    def mark(index: int, line: int, column: int) -> yaml.Mark:
        return yaml.Mark("<unicode string>", index, line, column, buffer, index)

    def decode(data: tuple):
        kind, tag, value, style, ai, al, ac, bi, bl, bc = data
        start, end = mark(ai, al, ac), mark(bi, bl, bc)
        if kind == 0:
            return yaml.ScalarNode(tag, value, start, end, style)
        if kind == 1:
            return yaml.SequenceNode(tag, [decode(child) for child in value], start, end, style)
        return yaml.MappingNode(tag, [(decode(k), decode(v)) for k, v in value], start, end, style)

    return decode


def load(text: str):
    """The stored node tree of ``text``, or None."""
    try:
        data = marshal.loads(_path(text).read_bytes())
        return _decoder(text)(data)
    except (OSError, EOFError, ValueError, TypeError, IndexError):
        return None


def save(text: str, node) -> None:
    """Store the node tree ``node`` of ``text`` (a document that is not a node: nothing)."""
    if type(node) not in _KINDS:
        return
    path = _path(text)
    try:
        data = marshal.dumps(_encode(node))
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
    except (OSError, ValueError, RecursionError):
        return
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
        stored = sorted(path.parent.glob("*.marshal"), key=lambda p: p.stat().st_mtime_ns)
        for old in stored[:-KEEP]:
            old.unlink(missing_ok=True)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
