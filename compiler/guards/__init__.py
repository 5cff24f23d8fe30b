"""Guards: sources naming where a value came from, guards as data, and the compiled check.

A failing guard explains itself in one line, which is also the recompile reason.
"""
