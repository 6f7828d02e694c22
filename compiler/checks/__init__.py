"""The checks: each judges one composed mode and reports what is wrong with it.

Checks read the analysis (:mod:`compiler.analysis`) and never import a backend
(engine, docs), the driver or the CLI.
"""
