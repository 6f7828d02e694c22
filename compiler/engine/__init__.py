"""The engine backend: lowers a checked composition to a Python engine
(:mod:`.codegen`, :mod:`.pyexpr`, :mod:`.bags`, :mod:`.statements`, :mod:`.pyquote`, Jinja templates
in ``templates/``).

It never imports the docs backend, the checks or the driver.
"""
