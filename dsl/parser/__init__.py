"""Text → AST.  ``parse_spec`` never raises on bad input: syntax errors become
:class:`dsl.diagnostics.Diagnostic` objects whose messages name what was
expected in words, never Lark terminal names.

The parser is a package: :mod:`~dsl.parser.lark_parser` builds the Lark parser of
``dsl/grammar.lark``; the transformer that turns its parse tree into the AST is
:class:`~dsl.parser.base.TreeToAst` with the rules of
:mod:`~dsl.parser.declarations`, :mod:`~dsl.parser.extensions`, :mod:`~dsl.parser.statements` and
:mod:`~dsl.parser.expressions`; :mod:`~dsl.parser.syntax_errors` words the
syntax errors."""

from __future__ import annotations

from pathlib import Path

from lark import Tree
from lark.exceptions import UnexpectedInput, VisitError

from dsl import ast, codes
from dsl.diagnostics import Diagnostic, DiagnosticBag
from dsl.parser.base import MAX_NUMBER
from dsl.parser.declarations import RESERVED_GAME_NAMES, DeclarationRules
from dsl.parser.expressions import ExpressionRules
from dsl.parser.extensions import ExtensionRules
from dsl.parser.options import OptionRules
from dsl.parser.lark_parser import GRAMMAR, GluedKeyword, _parser, expected_words, grammar_cache
from dsl.parser.statements import StatementRules
from dsl.parser.seats import SeatRules
from dsl.parser.syntax_errors import glued_keyword, number_too_large, syntax_error, too_deep
from dsl.spans import Span


class _ToAst(DeclarationRules, ExtensionRules, OptionRules, StatementRules, ExpressionRules,
             SeatRules):
    """Parse tree → :class:`dsl.ast.Spec`: one method per grammar rule."""


def parse_spec(text: str, path: str) -> tuple[ast.Spec | None, list[Diagnostic]]:
    """Parse a spec's text.

    Returns ``(spec, [])`` on success and ``(None, diagnostics)`` on a syntax
    error (or on numbers past :data:`MAX_NUMBER`, E0543, each reported); ``path`` is
    used in spans and messages.  Never raises for bad text.
    """
    report = DiagnosticBag()  # what stops the parse (the transformer reports to its own)
    try:
        tree = _parser().parse(text)
        to_ast = _ToAst(path)
        spec = to_ast.transform(tree)
        for tok in to_ast.too_large:
            number_too_large(tok, path, to_ast.report)
        if to_ast.report.items:
            return None, sorted(to_ast.report.items, key=lambda d: (d.span.line, d.span.column))
        return spec, []
    except GluedKeyword as err:
        glued_keyword(err, text, path, report)
    except UnexpectedInput as err:
        syntax_error(err, text, path, report)
    except RecursionError:
        too_deep(text, path, report)
    except VisitError as err:  # a transformer bug on valid text: report, don't crash
        if isinstance(err.orig_exc, RecursionError):
            too_deep(text, path, report)
        else:
            report.error(codes.INTERNAL_PARSE_ERROR, f"internal error while reading the spec: {err.orig_exc}",
                         Span(path, 1, 1, 1, 2), hint="please report this spec")
    return None, report.items


def parse_file(path: str | Path) -> tuple[ast.Spec | None, list[Diagnostic]]:
    """Read and parse a spec file; see :func:`parse_spec`."""
    path = Path(path)
    return parse_spec(path.read_text(encoding="utf-8"), str(path))


__all__ = ["parse_spec", "parse_file", "expected_words", "Tree", "GRAMMAR", "grammar_cache", "MAX_NUMBER",
           "RESERVED_GAME_NAMES", "_parser"]
