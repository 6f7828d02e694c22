"""Developer tools built on the compiler: seeded rule bugs (:mod:`.mutate`), the
fuzzer (:mod:`.fuzzing`, :mod:`.fuzz_campaign`) and the rebuild-on-save watcher
(:mod:`.watch`).  Only the CLI imports them.
"""
