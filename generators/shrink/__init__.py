"""Source-level reducer of any program file, working on the Python AST.

The failure predicate is injected: the reducer knows Python, not the compiler.
"""
