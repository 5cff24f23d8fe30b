"""Hypothesis generators of random Python/PyTorch programs, and the source-level reducer.

Imports neither the compiler nor the oracle: programs are plain source files.
`programs(features=None)` is the strategy of `Program`s; `FEATURES` names the feature flags.
"""

from generators.features import FEATURES
from generators.ir import Program
from generators.ops import OPS
from generators.strategies import programs

__all__ = ["FEATURES", "OPS", "Program", "programs"]
