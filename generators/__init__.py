"""Hypothesis generators of random Python/PyTorch programs, and the source-level reducer.

Imports neither the compiler nor the oracle: programs are plain source files.
`programs(features=None)` is the strategy of `Program`s; `FEATURES` names the feature flags.
`draw.py` is a campaign's drawing loop over it (seeded, with an example database of failures),
`suite.py` a fixed-seed suite of its programs (the gate's generated programs).
"""

from generators.features import FEATURES
from generators.ir import Program
from generators.ops import OPS
from generators.strategies import programs

__all__ = ["FEATURES", "OPS", "Program", "programs"]
