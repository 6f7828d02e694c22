"""The docs backend: renders a checked composition as a reference page in English
(:mod:`.codegen`, :mod:`.english`, :mod:`.changes`, :mod:`.markdown`, Jinja
templates in ``templates/``) and the errors page (:mod:`.errors`).

It never imports the engine backend, the checks or the driver.
"""
