"""Card catalogues: YAML files beside a spec, checked against the declared card type.

Each file holds ``cards:``, a list of mappings with ``name``, ``title``,
``copies`` (default 1), one key per field of the card type, and provenance
keys (``provenance``: rulebook or provisional, ``source``,
``provisional_fields``).  Problems are diagnostics pointing at the YAML line.
"""

from __future__ import annotations

import re
import stat
from collections import Counter
from pathlib import Path, PurePosixPath, PureWindowsPath

import yaml

from dsl import ast, codes, strings
from dsl.diagnostics import DiagnosticBag, Note, Report, did_you_mean
from dsl.spans import Span
from compiler.analysis import names as N
from compiler.analysis.catalogue_values import (check_value, kind_of, notation, other_notations,
                                                refused_texts, value_hint, value_span, yaml_text)
from compiler.analysis.catalogue_yaml import (CatalogueLoader, Refused, compose, node_span, report_refused,
                                              safe_load, too_large, too_many, yaml_problem)
from compiler.analysis.limits import MAX_CARDS, MAX_CATALOGUE_CHARS, MAX_COPIES

_NAME = re.compile(r"[a-z_][a-z0-9_]*")
PROVENANCE_KEYS = {"name", "title", "copies", "provenance", "source", "provisional_fields", "note"}
#: Keys of a card whose values are texts whatever the card type (E0313 otherwise).
TEXT_KEYS = ("title", "source", "note")


def load_catalogues(mode_tables, spec_dir: Path, bag: DiagnosticBag,
                    display_dir: Path | None = None) -> list[dict]:
    """Load every catalogue named in the composed modes, in declaration order.

    A file may hold several catalogues, each under its catalogue's name
    (``board:``, ``recruits:``...); a file for one catalogue may use ``cards:``.

    Returns card entries (dicts) with ``_catalogue``, ``_card_type`` and ``_line``
    added; fields missing from an entry take the field's default.  Files past
    MAX_CATALOGUE_CHARS, YAML anchors and aliases, deep nesting, numbers past
    MAX_NUMBER and more than MAX_CARDS cards in all are refused (E0320, E0321, E0543).
    """
    entries: list[dict] = []
    seen: set[str] = set()
    total = [0]  # cards (copies included) of every catalogue so far, at most MAX_CARDS
    for mode in mode_tables:
        for cat in mode.catalogues.values():
            if cat.name in seen or total[0] > MAX_CARDS:
                continue
            seen.add(cat.name)
            ctype = mode.card_types.get(cat.card_type.name)
            if ctype is None:
                bag.error(codes.CATALOGUE_UNKNOWN_CARD_TYPE, f"catalogue `{cat.name}` is of unknown card "
                          f"type `{cat.card_type.name}`", cat.card_type.span,
                          hint=did_you_mean(cat.card_type.name, mode.card_types, "card types"))
                continue
            entries += _load(cat, ctype, mode, spec_dir, bag, display_dir, total)
    return entries


def catalogue_location(spec_dir: Path, relative: str, report: Report, where: Span) -> Path | None:
    """Where the catalogue path ``relative`` points, resolved (links followed), if that
    is inside the spec's folder ``spec_dir`` (the file perhaps missing); else None, with
    E0311 (E0302 for a loop of links) reported at ``where``."""
    if PurePosixPath(relative).is_absolute() or PureWindowsPath(relative).anchor:
        report.error(codes.CATALOGUE_OUTSIDE_FOLDER, f"catalogue path {relative!r} is absolute", where,
                     hint="name the file relative to the spec's folder, e.g. `game.cards.yaml`")
        return None
    try:
        folder = spec_dir.resolve()
        path = (folder / relative).resolve()
    except (OSError, RuntimeError, ValueError) as err:  # a loop of links
        report.error(codes.CANNOT_READ_CATALOGUE, f"cannot read catalogue file {relative!r}: {err}", where,
                     hint="the path is relative to the spec's folder")
        return None
    if not path.is_relative_to(folder):
        how = "climbs out of" if ".." in PurePosixPath(relative).parts else "is a link out of"
        report.error(codes.CATALOGUE_OUTSIDE_FOLDER, f"catalogue path {relative!r} {how} the spec's folder",
                     where, hint="keep catalogue files in the spec's folder or a folder below it")
        return None
    return path


def catalogue_file(spec_dir: Path, relative: str, report: Report, where: Span) -> Path | None:
    """Where the catalogue file named ``relative`` (as the spec writes it) is, resolved,
    if it may be read; else None, with the problem reported at ``where``.

    The file must be inside the spec's folder ``spec_dir`` (or below it), after
    following links: an absolute path (POSIX or Windows), a path climbing out with
    ``..`` or a link pointing outside is E0311.  It must be an ordinary file: a
    folder, a device or a pipe is E0312.  A missing file is E0302."""
    path = catalogue_location(spec_dir, relative, report, where)
    if path is None:
        return None
    try:
        mode = path.stat().st_mode
    except OSError as err:
        report.error(codes.CANNOT_READ_CATALOGUE, f"cannot read catalogue file {relative!r}: "
                     f"{err.strerror or err}", where, hint="the path is relative to the spec's folder")
        return None
    if not stat.S_ISREG(mode):
        what = "a folder" if stat.S_ISDIR(mode) else "not an ordinary file"
        report.error(codes.CATALOGUE_NOT_A_FILE, f"catalogue path {relative!r} is {what}", where,
                     hint="name the `.cards.yaml` file itself")
        return None
    return path


def _load(cat: ast.Catalogue, ctype: ast.CardType, mode, spec_dir: Path, bag,
          display_dir: Path | None = None, total_cards: list[int] | None = None) -> list[dict]:
    where = cat.path_span or cat.span
    path = catalogue_file(spec_dir, cat.path, bag, where)
    if path is None:
        return []
    shown = display_dir / cat.path if display_dir is not None else spec_dir / cat.path
    try:
        if path.stat().st_size > 4 * MAX_CATALOGUE_CHARS:  # too large whatever it holds
            too_large(bag, cat, shown, f"{path.stat().st_size:,} bytes")
            return []
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        bag.error(codes.CANNOT_READ_CATALOGUE, f"cannot read catalogue file {cat.path!r}: {err.strerror}",
                  where, hint="the path is relative to the spec's folder")
        return []
    except UnicodeDecodeError as err:
        bag.error(codes.CANNOT_READ_CATALOGUE, f"cannot read catalogue file {cat.path!r}: not UTF-8 text "
                  f"(byte {err.object[err.start]:#04x})", where, hint="save the file as UTF-8")
        return []
    if len(text) > MAX_CATALOGUE_CHARS:
        too_large(bag, cat, shown, f"{len(text):,} characters")
        return []
    try:
        root = compose(text)
    except Refused as err:
        report_refused(bag, err, shown, cat)
        return []
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        line = mark.line + 1 if mark else 1
        problem = yaml_problem(err)
        bag.error(codes.CATALOGUE_NOT_YAML, f"catalogue is not valid YAML: {problem}",
                  Span(str(shown), line, (mark.column + 1) if mark else 1, line,
                       (mark.column + 2) if mark else 2),
                  hint="indent it like the lines above it (two spaces a level, no tabs)"
                  if "indented differently" in problem else
                  "look for an unclosed bracket or quote, or a tab in the indentation, at or "
                  "just before this point",
                  notes=[Note("the catalogue is declared here", cat.span)])
        return []
    try:
        data = safe_load(text) or {}
    except Refused as err:
        report_refused(bag, err, shown, cat)
        return []
    except yaml.YAMLError as err:  # e.g. a tag such as !!python/object: not plain data
        mark = getattr(err, "problem_mark", None)
        line = mark.line + 1 if mark else 1
        bag.error(codes.CATALOGUE_NOT_YAML, f"catalogue is not plain YAML data: {yaml_problem(err)}",
                  Span(str(shown), line, (mark.column + 1) if mark else 1, line,
                       (mark.column + 2) if mark else 2),
                  hint="use plain values: numbers, true/false, texts, lists and mappings")
        return []
    key = cat.name if isinstance(data, dict) and cat.name in data else "cards"
    cards_node = None
    if isinstance(root, yaml.MappingNode):
        for k, v in root.value:
            if k.value == key:
                cards_node = v
    if not isinstance(data, dict) or not isinstance(data.get(key), list) or cards_node is None:
        bag.error(codes.CATALOGUE_SHAPE,
                  f"a catalogue file holds `{cat.name}:` (or `cards:`), a list of cards",
                  Span(str(shown), 1, 1, 1, 2),
                  hint=f"start the file with `{cat.name}:` (or `cards:`) followed by `  - name: ...` "
                  "entries",
                  notes=[Note("the catalogue is declared here", cat.span)])
        return []
    fields = {f.name: f for f in ctype.fields}
    enums = {e.name: {m.name for m in e.members} for e in mode.enums.values()}
    # the checker and the engine go through every card: bound them (copies included)
    total = total_cards if total_cards is not None else [0]
    resources = set(N.resource_slots(mode))  # a family's members: `disc[science]`
    out = []
    names: dict[str, Span] = {}
    for entry, node in zip(data[key], cards_node.value):
        span = Span(str(shown), node.start_mark.line + 1, node.start_mark.column + 1,
                    node.start_mark.line + 1, node.start_mark.column + 2)
        total[0] += 1  # every entry counts, a card or not: each is checked
        if total[0] > MAX_CARDS:
            too_many(bag, cat, span)
            return out
        if not isinstance(entry, dict):
            bag.error(codes.CATALOGUE_SHAPE, "each card is a mapping of field: value", span,
                      hint="write the card as `- name: ...` with one `field: value` per line")
            continue
        pairs = node.value if isinstance(node, yaml.MappingNode) else []
        key_spans = {k.value: node_span(shown, k) for k, _ in pairs}
        value_nodes = {k.value: v for k, v in pairs}
        name = entry.get("name")
        if not isinstance(name, str):
            if name is None:
                bag.error(codes.CARD_NAME, "card has no `name`", span, hint="give it `name: lower_case_name`")
            else:
                bag.error(codes.CARD_NAME, f"card name {name!r} is not lower_case_with_underscores",
                          key_spans.get("name", span), hint="give it `name: lower_case_name`")
            continue
        for bad in refused_texts(node):
            ch = bad.value[strings.first_refused(bad.value)]
            bag.error(codes.CATALOGUE_TEXT_CHARACTER,
                      f"card `{name}`: a text cannot hold {strings.describe(ch)}", node_span(shown, bad),
                      hint="remove it or use a space: a text holds one line of readable characters")
        for key in TEXT_KEYS:
            if key in entry and not isinstance(entry[key], str):
                vnode = value_nodes.get(key)
                bag.error(codes.CARD_TEXT_NOT_TEXT, f"card `{name}`: `{key}` must be a text, but YAML reads "
                          f"`{yaml_text(vnode)}` as {kind_of(entry[key])}",
                          node_span(shown, vnode) if vnode is not None else span,
                          hint=f'put it in quotes: `{key}: "{yaml_text(vnode)}"`')
        for key in ("title", "source"):  # what the page shows of the card (E0011 in a spec)
            if isinstance(entry.get(key), str) and not entry[key].strip():
                bag.error(codes.BLANK_TEXT, f"card `{name}`: its `{key}` cannot be blank",
                          node_span(shown, value_nodes[key]), hint="write the words the rulebook "
                          "prints, or leave the key out")
        if not _NAME.fullmatch(name):
            bag.error(codes.CARD_NAME, f"card name `{name}` is not lower_case_with_underscores",
                      key_spans.get("name", span), hint="names are what specs and logs use; "
                      "put the printed name in `title`")
        elif name.startswith("_"):  # as a spec's names (E0008): `_` begins the engine's own
            bag.error(codes.RESERVED_NAME, f"card names cannot begin with `_`: `{name}` is reserved for "
                      "the engine", node_span(shown, value_nodes["name"]),
                      hint=f"rename it, e.g. `{name.lstrip('_') or 'card'}`")
        given = Counter(k.value for k, _ in pairs)  # counted once: a card may have thousands
        for k, _ in pairs:
            if given[k.value] > 1:
                given[k.value] = 0  # reported at its first place only
                bag.error(codes.LISTED_TWICE, f"card `{name}` gives `{k.value}` twice", node_span(shown, k),
                          hint="keep one")
        prov = entry.get("provenance", "rulebook")
        if prov not in ("rulebook", "provisional"):
            bag.error(codes.CARD_PROVENANCE, f"card `{name}`: provenance is `rulebook` or `provisional`, not "
                      f"`{prov}`", key_spans.get("provenance", span),
                      hint=did_you_mean(str(prov), ["rulebook", "provisional"])
                      or "write `provenance: provisional` for a card the rulebook does not print")
        provisional = entry.get("provisional_fields", []) or []
        if not isinstance(provisional, list):  # a text would be read letter by letter
            bag.error(codes.CARD_PROVENANCE, f"card `{name}`: provisional_fields is a list of field names, "
                      f"not {kind_of(provisional)}", key_spans.get("provisional_fields", span),
                      hint="write `provisional_fields: [value, cost]`")
            provisional = []
        for pf in provisional:
            if not isinstance(pf, str) or (pf not in fields and pf not in ("copies", "title")):
                bag.error(codes.CARD_PROVENANCE,
                          f"card `{name}`: `{pf}` in provisional_fields is not a field",
                          key_spans.get("provisional_fields", span),
                          hint=did_you_mean(str(pf), [*fields, "copies", "title"], "fields"))
        if name in names:
            bag.error(codes.LISTED_TWICE, f"card `{name}` is listed twice", span,
                      hint="keep one entry; give it `copies: N` for several identical cards",
                      notes=[Note("first listed here", names[name])])
        names[name] = span
        card = {"_catalogue": cat.name, "_card_type": ctype.name, "_line": span.line,
                "title": entry.get("title", name)}
        odd_keys = iter([k for k, _ in pairs if k.tag != "tag:yaml.org,2002:str"])
        for key, value in entry.items():
            kspan = key_spans.get(key, span)
            if not isinstance(key, str):  # YAML reads `5:`, `~:` or `2024-01-01:` as no text
                knode = next(odd_keys, None)
                shown_key = yaml_text(knode) if knode is not None else repr(key)
                bag.error(codes.UNDECLARED_CARD_FIELD, f"card `{name}` has a key YAML reads as "
                          f"{kind_of(key)}, not a field name: `{shown_key}`",
                          node_span(shown, knode) if knode is not None else span,
                          hint="field names are lower_case_with_underscores")
                continue
            if key == "copies" or (key in fields and key not in PROVENANCE_KEYS
                                   and fields[key].type.name in ("int", "bag")):
                for number in other_notations(value_nodes.get(key)):
                    plain = CatalogueLoader("").construct_yaml_int(number)
                    bag.error(codes.NUMBER_NOTATION, f"card `{name}`, `{key}`: YAML reads `{number.value}`, "
                              f"a number {notation(number.value)}, as {plain}", node_span(shown, number),
                              hint=f"write it in plain digits: `{plain}`")
            if key in PROVENANCE_KEYS:
                card[key] = value
                continue
            f = fields.get(key)
            if f is None:
                bag.error(codes.UNDECLARED_CARD_FIELD, f"card `{name}` has field `{key}`, which card type "
                          f"`{ctype.name}` does not declare", kspan,
                          hint=did_you_mean(key, fields)
                          or f"declare `field {key}: ...` in `card {ctype.name}`")
                continue
            problem = check_value(f.type.name, value, enums, resources)
            vnode = value_nodes.get(key)
            if problem and (f.type.name == "text" or f.type.name in enums) and not isinstance(value, str) \
                    and isinstance(vnode, yaml.ScalarNode):  # `no`, `on`, `0x10`: YAML typed it
                expected = "a text" if f.type.name == "text" else f"a {f.type.name}"
                problem = (f"YAML reads `{yaml_text(vnode)}` as {kind_of(value)}, not {expected}", None,
                           f'put it in quotes: `{key}: "{yaml_text(vnode)}"`')
            if problem:
                message, culprit, hint = problem
                vspan = value_span(shown, value_nodes.get(key), culprit) or kspan
                bag.error(codes.CARD_FIELD_TYPE, f"card `{name}`, field `{key}`: {message}", vspan,
                          hint=hint or value_hint(f.type.name, enums),
                          notes=[Note(f"`{key}` is declared here", f.span)])
            elif N.rule_kind(f) is not None:  # the rule is resolved per mode: keep where it is named
                card.setdefault("_rule_spans", {})[key] = node_span(shown, value_nodes[key])
            card[key] = value
        for f in ctype.fields:
            if f.name not in card:
                if f.default is None:
                    bag.error(codes.CARD_FIELD_MISSING,
                              f"card `{name}` lacks field `{f.name}`, which has no default",
                              span, hint=f"add `{f.name}: ...` to the card, or give the field a "
                              f"default in `card {ctype.name}` (`field {f.name}: {f.type.name} = ...`)",
                              notes=[Note("declared here", f.span)])
                else:
                    card[f.name] = getattr(f.default, "value", getattr(f.default, "name", None))
        copies = entry.get("copies", 1)
        if not isinstance(copies, int) or isinstance(copies, bool) or not 1 <= copies <= MAX_COPIES:
            bag.error(codes.CARD_FIELD_TYPE,
                      f"card `{name}`: copies must be a whole number from 1 to {MAX_COPIES}",
                      key_spans.get("copies", span), hint="write `copies: 1` or more, or leave it "
                      "out for a single copy")
            card["copies"] = 1
        total[0] += card.get("copies", 1) - 1
        if total[0] > MAX_CARDS:
            too_many(bag, cat, span)
            return out
        out.append(card)
    return out
