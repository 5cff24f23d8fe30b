"""Source-level reducer of any program file, working on the Python AST.

The failure predicate is injected: the reducer knows Python, not the compiler.
`reduce(source, is_interesting)` returns a `ShrinkResult`; passes live in `passes_*.py`.
"""

from generators.shrink.driver import (
    PASSES,
    PassStats,
    Progress,
    ShrinkError,
    ShrinkResult,
    reduce,
)
from generators.shrink.measure import Size, measure, normalise
from generators.shrink.minimality import deletable_statements, is_one_minimal

__all__ = [
    "PASSES",
    "PassStats",
    "Progress",
    "ShrinkError",
    "ShrinkResult",
    "Size",
    "deletable_statements",
    "is_one_minimal",
    "measure",
    "normalise",
    "reduce",
]
