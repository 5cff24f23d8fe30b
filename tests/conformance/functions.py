"""All conformance cases: importing the modules registers them in `registry.CASES`."""

from __future__ import annotations

from tests.conformance import (  # noqa: F401
    functions_arith,
    functions_breadth,
    functions_breadth_b,
    functions_containers,
    functions_edges,
    functions_meta,
    functions_more_a,
    functions_more_b,
    functions_more_c,
    functions_more_d,
    functions_objects,
    functions_traps,
)
from tests.conformance.registry import CASES, Case

__all__ = ["CASES", "Case"]
