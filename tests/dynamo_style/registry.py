"""Registry of the Dynamo-style cases: small functions, each with a factory for fresh inputs.

Separate from the conformance registry so the two suites are measured apart; the cases reuse
its `Case` record and input helpers, and tests/conformance/outcomes.py classifies them.
"""

from __future__ import annotations

from collections.abc import Callable

from tests.conformance.registry import Case, randn

CASES: dict[str, Case] = {}

# Cases the compiler refuses under fullgraph=True today, with the reason (`case(gap=...)`):
# test_dynamo_style.py marks them xfail(strict=True), so a fixed gap must leave this record.
KNOWN_GAPS: dict[str, str] = {}


def _two_small() -> tuple:
    return randn(0, (3, 4)), randn(1, (3, 4))


def case(inputs: Callable[[], tuple] | None = None, *, breaks: bool = False,
         gap: str | None = None):
    """Register the decorated function; its inputs default to two 3x4 float tensors.

    `breaks=True` marks a function that needs tensor data in Python (Unsupported is then the
    right fullgraph answer, and it is left out of the fullgraph share). `gap="reason"` records a
    known fullgraph refusal of the compiler in `KNOWN_GAPS`.
    """
    make_inputs = inputs or _two_small

    def register(fn):
        if fn.__name__ in CASES:
            raise ValueError(f"duplicate Dynamo-style case {fn.__name__}")
        CASES[fn.__name__] = Case(fn.__name__, fn, make_inputs, breaks)
        if gap is not None:
            KNOWN_GAPS[fn.__name__] = gap
        return fn

    return register
