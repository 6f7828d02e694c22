"""Code the tests share, one module a job:

* :mod:`tests.helpers.specs`: compile or analyse a small spec written in a test; its
  engine as a module; the codes of diagnostics.
* :mod:`tests.helpers.projects`: scratch projects (``specs/`` written from texts, or
  folders copied from this repository).
* :mod:`tests.helpers.commands`: the ``rulebook`` command and Python code run in a
  child process, each with a timeout that stops a hang.
* :mod:`tests.helpers.play`: random legal play, the replay round trip (seed and
  actions, and a JSON save mid-game) and a watchdog for endless loops.
* :mod:`tests.helpers.constructs`: the construct specs of ``tests/compiler/constructs/``
  (a spec by name, its engine checked to compile, an action taken by name, the codes of
  an edited copy), shared by the construct tests.
* :mod:`tests.helpers.spec_checks`: what the suite asserts of every spec of a
  project (pages, mutations), held to no size, so that a small game passes it too.
"""
