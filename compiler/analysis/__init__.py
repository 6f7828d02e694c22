"""Analysis: what a spec means, before anything is judged or generated.

Composition of modes (:mod:`.compose`), name resolution (:mod:`.names`), constant
folding (:mod:`.constfold`), card catalogues (:mod:`.catalogue`), the size bounds
every later pass relies on (:mod:`.bounds`, :mod:`.limits`) and the rulings and
provisional values of a spec (:mod:`.provenance`).  Nothing here imports a check,
a backend or the driver.
"""
