"""Source-level reducer of any program file, working on the Python AST.

The failure predicate is injected: the reducer knows Python, not the compiler.

    result = reduce(source, is_interesting, budget_seconds=60)
    result.source, result.before, result.after, result.attempts, result.passes

`is_interesting(candidate_source) -> bool` must hold only if the candidate fails *the same
way* as the original (same verdict and signature, eager still deterministic) and must survive
candidates that loop or crash (run them in an isolated worker with a timeout). Each candidate
it sees compiles, keeps `import torch`, `program`, `calls` and a yield, and is asked about once
(answers are cached by `ast.unparse` form). `batch_predicate` answers several candidates at
once, e.g. from a worker pool; the result is the same as with one at a time.

Passes (`PASSES`, in order, run to a fixed point): dead-code, narrow-returns,
delete-statements (ddmin), lift-compound, inline-helpers, drop-parameters,
replace-with-operand, inline-variables, drop-arguments, shrink-shapes, shrink-numbers,
simplify-dtypes, replace-with-constant. `deletable_statements` checks 1-minimality.
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
