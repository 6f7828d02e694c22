"""The Pygments lexer: every spec lexes without errors, every grammar keyword is a
keyword, and Pygments finds the lexer through the entry point."""

from __future__ import annotations

import importlib
import re
import sys
import tomllib
from pathlib import Path

import pytest
from pygments.token import Comment, Error, Keyword, Name, Number, Operator, Punctuation, String

from dsl.highlight import RulebookLexer
from dsl.keywords import GRAMMAR, declaration_keywords, keywords

ROOT = Path(__file__).resolve().parents[2]
SPECS = sorted((ROOT / "specs").glob("*.rules")) + [ROOT / "tests" / "dsl" / "kitchen_sink.rules"]


def lex(text: str) -> list[tuple[object, str]]:
    return [(tok, value) for tok, value in RulebookLexer().get_tokens(text) if value.strip()]


@pytest.mark.parametrize("path", SPECS, ids=[p.name for p in SPECS])
def test_every_spec_lexes_without_error_tokens(path: Path):
    text = path.read_text(encoding="utf-8")
    tokens = list(RulebookLexer().get_tokens(text))
    assert [(tok, value) for tok, value in tokens if tok in Error] == []
    assert "".join(value for _, value in tokens) == (text if text.endswith("\n") else text + "\n")


def test_the_keyword_list_is_every_quoted_word_of_the_grammar():
    grammar = GRAMMAR.read_text(encoding="utf-8")
    code = "\n".join(line.split("//")[0] for line in grammar.splitlines())
    assert keywords() == set(re.findall(r'"([a-z_]+)"', code))
    assert {"phase", "action", "deck", "hidden", "tie_breaker",
            "bottom", "simultaneous", "most", "fewest"} <= keywords()
    for kind in re.findall(r"^DECL_KIND:(.*)$", grammar, re.M)[0].split("|"):
        assert kind.strip().strip('"') in keywords()


@pytest.mark.parametrize("word", sorted(keywords()))
def test_every_grammar_keyword_lexes_as_a_keyword(word: str):
    [(tok, value)] = lex(word)
    assert value == word and tok in Keyword


def test_every_declaration_introduces_a_name():
    for kind in sorted(declaration_keywords()):
        text = f"{kind} some_name {{\n}}\n" if kind == "end" else f'{kind} some_name "Title" {{\n}}\n'
        tokens = lex(text)
        assert tokens[0] == (Keyword.Declaration, kind)
        assert tokens[1][1] == "some_name" and tokens[1][0] in (Name.Class, Name.Function)


def test_token_types_of_an_action():
    tokens = lex('action build "Build" {  # the Build action\n'
                 '  require count my hand - 1 >= b.value\n'
                 '  effect { score 2 }\n'
                 '  source "Cycle › 4 Build"\n}\n')
    assert tokens[:4] == [(Keyword.Declaration, "action"), (Name.Function, "build"),
                          (String, '"Build"'), (Punctuation, "{")]
    assert (Comment.Single, "# the Build action") in tokens
    assert (Operator, ">=") in tokens and (Operator, "-") in tokens
    assert (Name.Attribute, "value") in tokens and (Number.Integer, "1") in tokens
    assert (String.Doc, '"Cycle › 4 Build"') in tokens
    assert (Name.Class, "x") in lex('resource x "X" {\n}')


def test_a_name_that_is_also_a_keyword_is_a_name_where_it_declares_or_links_phases():
    assert lex('phase score "5 Score" automatic {\n}')[1] == (Name.Function, "score")
    assert (Name, "score") in lex("flow {\n  build -> score -> end\n}")


def test_characters_outside_the_language_are_errors():
    assert any(tok in Error for tok, _ in lex("phase $ x"))


def test_pyproject_declares_the_entry_point():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    target = project["entry-points"]["pygments.lexers"]["rulebook"]
    module, _, attr = target.partition(":")
    assert getattr(importlib.import_module(module), attr) is RulebookLexer
    assert any(dep.lower().startswith("pygments") for dep in project["dependencies"])


def test_pygments_finds_the_lexer_through_the_entry_point(tmp_path, monkeypatch):
    """Install-free: a dist-info folder on sys.path carries pyproject's entry point,
    as ``pip install`` would write it."""
    from pygments.lexers import get_lexer_by_name, get_lexer_for_filename

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    target = project["entry-points"]["pygments.lexers"]["rulebook"]
    info = tmp_path / "rulebook_lexer_probe-0.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: rulebook-lexer-probe\nVersion: 0.0\n")
    (info / "entry_points.txt").write_text(f"[pygments.lexers]\nrulebook = {target}\n")
    monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])
    assert isinstance(get_lexer_by_name("rulebook"), RulebookLexer)
    assert isinstance(get_lexer_by_name("rules"), RulebookLexer)
    assert isinstance(get_lexer_for_filename("specs/utopolis.rules"), RulebookLexer)


def test_resource_families_and_computed_amounts_lex_as_the_language_means():
    """Constructs 6 and 7 add no keyword: `per` and `for each ... in` are keywords, the
    family, its key and a computed amount are names, brackets punctuation."""
    tokens = lex('resource disc "Knowledge Disc" {\n  per knowledge\n}\n'
                 "for each k in knowledge {\n  gain disc[k] (n + 1), water morale\n}\n")
    assert [v for t, v in tokens if t in Keyword] == ["resource", "per", "for", "each", "in", "gain"]
    assert [v for t, v in tokens if t in Name] == ["disc", "knowledge", "k", "knowledge", "disc", "k", "n",
                                                   "water", "morale"]
    assert not [v for t, v in tokens if t in Error]


def test_the_words_of_questions_about_players_and_order_in_zones_are_keywords():
    """Issue 11, constructs 4 and 5: the new words are read from the grammar like every
    keyword, and `%` is an operator."""
    tokens = lex("let p = the player with most vp then fewest crew where every player vp >= 1\n"
                 "let t = top of my hand\nif t != nothing and p != nobody {\n}\n"
                 "score (1 - 3) % 8 + count players where vp >= 1\n"
                 "let d = next in board after 1 by tz\nmove all my hand into deck bottom\n")
    words = {value for tok, value in tokens if tok in Keyword}
    assert {"the", "player", "with", "most", "then", "fewest", "where", "every", "top", "of", "nothing",
            "nobody", "count", "players", "next", "in", "after", "by", "move", "all", "bottom"} <= words
    assert (Operator, "%") in tokens


def test_the_words_of_setting_tracks_are_keywords():
    """Issue 11, construct 12: `range` and `round` are read from the grammar like every
    keyword; `set` takes a track."""
    tokens = lex('track morale "Morale" {\n  range 1 to 6\n}\nset morale = round\nset p.morale = 3\n')
    words = {value for tok, value in tokens if tok in Keyword}
    assert {"track", "range", "to", "set", "round"} <= words
    assert [v for t, v in tokens if t in Name] == ["morale", "morale", "p", "morale"]
    assert not [v for t, v in tokens if t in Error]


def test_the_words_of_dice_of_the_game_are_keywords():
    """Issue 11, construct 16: `dice`, `faces`, `showing` are read from the grammar."""
    tokens = lex('dice omen "Omen" {\n  count 2\n  faces red, blue\n}\nroll omen[2]\n'
                 'score count omen showing red\nset omen[1] = blue\n')
    words = {value for tok, value in tokens if tok in Keyword}
    assert {"dice", "count", "faces", "roll", "showing", "set"} <= words
    assert not [v for t, v in tokens if t in Error]


def test_the_words_of_handing_the_marker_are_keywords():
    """Issue 11, construct 17: `first player EXPR` and the expression `first player`."""
    tokens = lex("first player m.owner\nif first player == me {\n}\n")
    words = [value for tok, value in tokens if tok in Keyword]
    assert words[:2] == ["first", "player"] and words.count("first") == 2
    assert not [v for t, v in tokens if t in Error]


def test_the_words_of_stocks_are_keywords():
    """Issue 11, construct 18: `stock`, `clear`, `into`, `all` are read from the grammar."""
    tokens = lex('stock cubes "Cubes" {\n  per mine_space\n}\ngain titanium 1 into cubes of sp\n'
                 "transfer all cubes of sp to me\nclear cubes of sp\n")
    words = {value for tok, value in tokens if tok in Keyword}
    assert {"stock", "per", "gain", "into", "of", "transfer", "all", "to", "clear"} <= words


def test_the_words_of_several_endings_are_keywords():
    """Issue 11, construct 19: an end's title is a string, its name a name, and
    `winners`, `nobody wins` and `remove end` are keywords."""
    tokens = lex('end three_missions "Three missions" {\n  when any player missions_done >= 3\n'
                 '  immediately\n  winners players where missions_done >= 3 with most vp\n}\n'
                 'end stalemate {\n  nobody wins\n}\nmode co_op "Co-op" {\n  remove end stalemate\n}\n')
    words = [v for t, v in tokens if t in Keyword]
    assert {"end", "when", "immediately", "winners", "players", "where", "with", "most", "nobody", "wins",
            "remove"} <= set(words)
    assert (String, '"Three missions"') in tokens or any(t in String and "Three" in v for t, v in tokens)
    assert {"three_missions", "stalemate", "missions_done"} <= {v for t, v in tokens if t in Name}


def test_tables_and_list_fields_lex_as_the_language_means():
    """Construct 10: `table`, `list` and `else` are keywords; a table's name, its keys and
    a list's index are names and numbers, the arrow and brackets punctuation."""
    tokens = lex('table recruit_cost "discs" {\n  (power_plant, 1 to 3) -> 2\n  else 0\n}\n'
                 'card villain "Villain" {\n  field track: list of bonus "its track"\n}\n'
                 "score recruit_cost[power_plant, 2] + size(v.track) + v.track[progress]\n")
    words = [v for t, v in tokens if t in Keyword]
    assert {"table", "to", "else", "card", "field", "list", "of", "score"} <= set(words)
    assert {"recruit_cost", "power_plant", "villain", "track", "bonus", "size", "progress"} <= {
        v for t, v in tokens if t in Name}
    assert not [v for t, v in tokens if t in Error]


def test_top_only_stacks_and_look_at_lex_as_the_language_means():
    """Construct 11: `top` after a visibility and `look at` are keywords."""
    tokens = lex('deck wormhole "W" of tz_card {\n  public top\n}\n'
                 "look at wormhole of loc {\n  choose c: card in wormhole of loc {\n  }\n}\n")
    words = {v for t, v in tokens if t in Keyword}
    assert {"deck", "top", "look", "at", "of", "choose", "card", "in"} <= words
    assert not [v for t, v in tokens if t in Error]


def test_the_words_of_pieces_with_attributes_and_zones_of_several_kinds_are_keywords():
    """Issue 11, constructs 8 and 9: `of each`, `count`, `state`, `nothing`, `is`."""
    tokens = lex('pieces ship "Ship" {\n  per player 1 of each knowledge\n'
                 '  state commander: crew = nothing\n}\n'
                 'zone standing "On it" of ship, drone {\n}\nscore count standing where it is ship\n')
    words = {value for tok, value in tokens if tok in Keyword}
    assert {"pieces", "per", "player", "of", "each", "state", "nothing", "zone", "count", "where", "it",
            "is"} <= words
    assert not [v for t, v in tokens if t in Error]


def test_may_and_a_binding_choice_lex_as_keywords_and_a_name():
    """Construct 2: `may choose r: card in Z` is keywords around the name chosen."""
    tokens = [(tok, value) for tok, value in lex("may choose r: card in my limbo\n") if value.strip()]
    assert [value for tok, value in tokens if tok in Keyword] == ["may", "choose", "card", "in", "my"]
    assert "r" in [value for tok, value in tokens if tok in Name]
    assert not any(tok in Error for tok, _ in tokens)


def test_take_action_and_can_take_lex_as_keywords_and_names():
    """Construct 3: `take action`, `take one of`, `with`, `can take` are keywords; the
    actions and choices named are names."""
    tokens = [(tok, value) for tok, value in
              lex("may take one of construct, recruit with w = w\nif can take action research {\n}\n")
              if value.strip()]
    words = [value for tok, value in tokens if tok in Keyword]
    assert words == ["may", "take", "one", "of", "with", "if", "can", "take", "action"]
    assert {"construct", "recruit", "w", "research"} <= {value for tok, value in tokens if tok in Name}


def test_repeat_up_to_and_as_lex_as_keywords():
    """Constructs 13 and 21: `repeat`, `up`, `to` and `as` are keywords; the player is a name."""
    tokens = [(tok, value) for tok, value in lex("repeat up to 2 {\n}\nas d.owner {\n}\n") if value.strip()]
    assert [value for tok, value in tokens if tok in Keyword] == ["repeat", "up", "to", "as"]
    assert "d" in [value for tok, value in tokens if tok in Name]
    assert not any(tok in Error for tok, _ in tokens)


def test_the_words_of_automata_seats_and_sides_are_keywords():
    """Construct 20: `automaton`, `turn in`, `seats`, `seating alternate`, `sides`, `each
    seat`, `every seat`, `winner side`; an automaton's name stays a name."""
    tokens = lex('automaton villain "Villain" {\n  turn in travel {\n    each seat {\n    }\n  }\n}\n'
                 'mode solo "Solo" {\n  seats villain 1\n  seating alternate\n  sides players, villain\n}\n'
                 'end e {\n  when every seat vp >= 3\n  winner side villain\n}\n')
    words = {value for tok, value in tokens if tok in Keyword}
    assert {"automaton", "turn", "in", "each", "seat", "seats", "seating", "alternate", "sides", "players",
            "every", "winner", "side"} <= words
    assert "villain" in [value for tok, value in tokens if tok in Name]
    assert not [v for t, v in tokens if t in Error]


def test_choose_up_to_cards_lexes_as_keywords():
    tokens = [(tok, v) for tok, v in lex("choose up to 2 cards from my hand into pile\n") if v.strip()]
    assert [v for tok, v in tokens if tok in Keyword] == ["choose", "up", "to", "cards", "from", "my", "into"]
    assert not any(tok in Error for tok, _ in tokens)


def test_a_value_chosen_in_an_effect_lexes_as_keywords_names_and_numbers():
    """`may choose n: 1 to 2`, `choose k: knowledge where ...`, `choose q: other player`,
    `choose x: 2 of disc`: the words of the domains are keywords, the names chosen and the
    enum and resource names are names."""
    tokens = [(tok, v) for tok, v in lex("may choose n: 1 to 2\nchoose k: knowledge where disc[k] >= n\n"
                                         "choose q: other player\nchoose x: 2 of disc\n") if v.strip()]
    assert [v for tok, v in tokens if tok in Keyword] == ["may", "choose", "to", "choose", "where", "choose",
                                                          "other", "player", "choose", "of"]
    assert {"n", "k", "knowledge", "disc", "q", "x"} <= {v for tok, v in tokens if tok in Name}
    assert not any(tok in Error for tok, _ in tokens)
