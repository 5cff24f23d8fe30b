"""A planted bug in generated programs shrinks to a handful of lines, as Hypothesis's minimal()."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, find, settings

import generators


def cumsum_after_transpose(program) -> bool:
    """The planted predicate: cumsum is applied to a value that a transpose made."""
    transposed = set()
    for line in program.source.splitlines():
        target, _, expr = line.strip().partition(" = ")
        if "cumsum(" in expr and any(f"{name}." in expr or f"({name}," in expr
                                     for name in transposed):
            return True
        if "transpose(" in expr:
            transposed.add(target)
    return False


def minimal(strategy, predicate, max_examples=5000):
    return find(
        strategy,
        predicate,
        settings=settings(max_examples=max_examples, database=None, deadline=None,
                          suppress_health_check=list(HealthCheck), derandomize=True),
    )


@pytest.mark.slow
def test_planted_predicate_shrinks_to_at_most_six_body_lines():
    program = minimal(generators.programs(), cumsum_after_transpose)
    assert program.body_lines <= 6, program.source
    assert program.features_used == set(), program.features_used


def test_a_program_using_cumsum_shrinks_to_one_statement_on_one_input():
    program = minimal(generators.programs(features=[]),
                      lambda p: "torch.cumsum" in p.ops_used, max_examples=2000)
    assert program.body_lines == 2, program.source
    assert "t0 = torch.cumsum(x, 0)" in program.source
    assert "def program(x):" in program.source
