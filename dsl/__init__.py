"""The rulebook language: grammar, AST node types, spans and diagnostics.

Text goes one way: ``parse_spec(text, path)`` turns a spec into a
:class:`dsl.ast.Spec` tree whose every node carries a :class:`dsl.spans.Span`.
"""
