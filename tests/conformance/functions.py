"""All conformance cases: importing the modules registers them in `registry.CASES`."""

from __future__ import annotations

from tests.conformance import (  # noqa: F401
    functions_arith,
    functions_containers,
    functions_edges,
    functions_meta,
    functions_objects,
    functions_traps,
)
from tests.conformance.registry import CASES, Case

__all__ = ["CASES", "Case"]
