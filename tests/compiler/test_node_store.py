"""The YAML node trees of catalogues kept between runs (``compiler/analysis/node_store.py``):
read back, a tree is the one PyYAML composed, marks included; anything else is a miss."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from compiler.analysis import catalogue_yaml, node_store
from tests.helpers.projects import ROOT


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path / "rulebook" / "catalogues"


def _composed(text: str):
    loader = catalogue_yaml.CatalogueLoader(text)
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


def _everything(node) -> list:
    """Every attribute of every node and mark of a tree, in order."""
    marks = [(m.name, m.index, m.line, m.column, m.buffer, m.pointer, str(m))
             for m in (node.start_mark, node.end_mark)]
    out = [type(node).__name__, node.tag, getattr(node, "style", None),
           getattr(node, "flow_style", None), marks]
    if isinstance(node, yaml.ScalarNode):
        return out + [node.value]
    if isinstance(node, yaml.SequenceNode):
        return out + [_everything(child) for child in node.value]
    return out + [(_everything(k), _everything(v)) for k, v in node.value]


@pytest.mark.parametrize("name", ["utopolis.cards.yaml", "euphoria.cards.yaml", "utopia.cards.yaml"])
def test_a_stored_tree_is_the_tree_pyyaml_composed(name: str):
    text = (ROOT / "specs" / name).read_text(encoding="utf-8")
    assert node_store.load(text) is None
    composed = _composed(text)
    node_store.save(text, composed)
    assert _everything(node_store.load(text)) == _everything(composed)


def test_flow_styles_quotes_and_empty_documents():
    text = ('cards:\n  - {name: a, title: "A \\u00e9", bag: {x: 1}, tags: [p, q]}\n'
            "  - name: 'b'\n    note: |\n      two\n      lines\n")
    node_store.save(text, _composed(text))
    assert _everything(node_store.load(text)) == _everything(_composed(text))
    node_store.save("", _composed(""))  # no document: nothing stored
    assert node_store.load("") is None


def test_a_damaged_or_foreign_file_is_a_miss(own_cache: Path):
    text = "cards: []\n"
    node_store.save(text, _composed(text))
    [stored] = own_cache.glob("*.marshal")
    for junk in (b"", b"\x00garbage", __import__("marshal").dumps((9, "x"))):
        stored.write_bytes(junk)
        assert node_store.load(text) is None


def test_the_folder_keeps_the_newest_trees(own_cache: Path):
    for n in range(node_store.KEEP + 5):
        text = f"cards: [{n}]\n"
        node_store.save(text, _composed(text))
    assert len(list(own_cache.glob("*.marshal"))) == node_store.KEEP


def test_a_catalogue_is_checked_alike_from_a_stored_tree(tmp_path: Path):
    """The diagnostics of a spec whose catalogue tree comes from the store (their
    places in the YAML file included) are those of a first reading."""
    from compiler import pipeline
    from dsl.code_examples import CARDS_MODE, MINIMAL_SPEC

    spec = tmp_path / "tiny.rules"
    spec.write_text(MINIMAL_SPEC + CARDS_MODE, encoding="utf-8")
    (tmp_path / "example.cards.yaml").write_text(
        "cards:\n  - name: hut\n    value: lots\n  - {name: Shed, value: 2, roof: 1}\n", encoding="utf-8")
    catalogue_yaml.compose.cache_clear()
    first = pipeline.analyse(spec).diagnostics
    assert {d.code for d in first} >= {"E0305", "E0307", "E0308"}
    catalogue_yaml.compose.cache_clear()
    assert len(list((tmp_path / "rulebook" / "catalogues").glob("*.marshal"))) == 1
    assert pipeline.analyse(spec).diagnostics == first
