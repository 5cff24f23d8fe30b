"""Shrink quality over many programs: Hypothesis draws straight-line tensor programs with a
planted cumsum-of-transpose among random ops; every one must reduce to the same optimum
(OPTIMUM below), whatever surrounds the planted pair."""

from __future__ import annotations

import textwrap

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from generators.shrink import deletable_statements, normalise, reduce
from tests.quality import planted

UNARY = ("{a}.sin()", "torch.relu({a})", "{a}.flip(0)", "{a} * 2", "{a}.t()", "{a}.exp()")
BINARY = ("{a} + {b}", "{a} * {b}", "torch.maximum({a}, {b})")

OPTIMUM = normalise(
    textwrap.dedent("""
    import torch

    def program(x):
        return x.t().cumsum(0)

    def calls():
        yield ((torch.randn(2, 2),), {})
    """)
)


@st.composite
def planted_programs(draw) -> str:
    """`t{k} = op(earlier values)` lines (operands by clamped absolute index), the planted
    `.t().cumsum(0)` at a drawn position, and a return of several values."""
    steps = draw(
        st.lists(st.tuples(st.integers(0, 8), st.integers(0, 30), st.integers(0, 30)), max_size=15)
    )
    planted_at = draw(st.integers(0, len(steps)))
    names = ["x"]
    lines = []
    ops = UNARY + BINARY
    for position in range(len(steps) + 1):
        if position == planted_at:
            lines.append(f"t{len(names)} = {names[-1]}.t().cumsum(0)")
            names.append(f"t{len(names)}")
        if position < len(steps):
            op, i, j = steps[position]
            text = ops[op % len(ops)].format(a=names[i % len(names)], b=names[j % len(names)])
            lines.append(f"t{len(names)} = {text}")
            names.append(f"t{len(names)}")
    body = "\n    ".join(lines)
    returned = ", ".join(names[-3:])
    return (
        f"import torch\n\ndef program(x, y):\n    {body}\n    return {returned}\n\n"
        "def calls():\n    yield (torch.randn(3, 3), torch.ones(3)), {}\n"
        "    yield (torch.randn(3, 3), torch.zeros(3)), {}\n"
    )


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(planted_programs())
def test_every_generated_program_reduces_to_the_optimum(source):
    assume(planted.CUMSUM_OF_TRANSPOSE(source))  # an even number of .t() cancels out
    result = reduce(source, planted.CUMSUM_OF_TRANSPOSE, budget_seconds=20)
    assert result.source == OPTIMUM
    assert deletable_statements(result.source, planted.CUMSUM_OF_TRANSPOSE) == []
