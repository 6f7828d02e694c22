"""The rulebook compiler: compose modes, check, build phase graphs, emit engines and docs.

Passes run in order in :func:`compiler.pipeline.compile_spec`.
"""
