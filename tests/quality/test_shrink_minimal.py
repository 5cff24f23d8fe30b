"""Shrink quality on planted bugs: a ~100-line program reduces to the exact minimal repro,
as Hypothesis's `minimal()` tests assert the exact minimal example."""

from __future__ import annotations

import textwrap

import pytest

from generators.shrink import deletable_statements, measure, normalise, reduce
from tests.quality import planted

MAX_LINES = 12
MAX_SECONDS = 30.0

EXPECTED = {
    "cumsum-of-transpose": (
        planted.CUMSUM_OF_TRANSPOSE,
        """
        import torch

        def program(x):
            return torch.cumsum(x.t(), dim=0)

        def calls():
            yield ((torch.randn(2, 2),), {})
        """,
    ),
    "lost-input-mutation": (
        planted.LOST_INPUT_MUTATION,
        """
        import torch

        def program(y):
            y.mul_(0.0)

        def calls():
            yield ((torch.randn(1),), {})
        """,
    ),
    "stale-global": (
        planted.STALE_GLOBAL,
        """
        import torch
        SCALE = 0.0

        def program():
            return SCALE

        def calls():
            global SCALE
            yield ((), {})
            SCALE = 1.0
            yield ((), {})
        """,
    ),
}


@pytest.fixture(scope="module", params=sorted(EXPECTED))
def shrunk(request):
    predicate, expected = EXPECTED[request.param]
    return predicate, reduce(planted.PROGRAM, predicate, budget_seconds=MAX_SECONDS), expected


def test_planted_program_is_about_a_hundred_lines_and_fails_all_three_ways():
    assert measure(planted.PROGRAM).lines >= 100
    for predicate, _expected in EXPECTED.values():
        assert predicate(planted.PROGRAM)


def test_reduces_to_the_exact_minimal_repro(shrunk):
    _predicate, result, expected = shrunk
    assert result.source == normalise(textwrap.dedent(expected))
    assert result.stopped == "fixed point"


def test_reduction_is_small_and_quick(shrunk):
    _predicate, result, _expected = shrunk
    assert result.after.lines <= MAX_LINES
    assert result.after.nodes * 10 <= result.before.nodes
    assert result.seconds < MAX_SECONDS
    assert result.attempts < 600


def test_reduced_repro_still_fails_and_is_one_minimal(shrunk):
    predicate, result, _expected = shrunk
    assert predicate(result.source)
    assert deletable_statements(result.source, predicate) == []


def test_per_pass_statistics_add_up(shrunk):
    _predicate, result, _expected = shrunk
    assert result.attempts == 1 + sum(s.attempts for s in result.passes.values())
    assert result.accepted == sum(s.accepted for s in result.passes.values())
    assert all(s.accepted <= s.attempts for s in result.passes.values())
    assert result.passes["delete-statements"].accepted > 0


def test_one_minimality_check_names_a_deletable_statement():
    padded = """
        import torch

        def program(x):
            unused = x + 1
            return torch.cumsum(x.t(), dim=0)

        def calls():
            yield ((torch.randn(2, 2),), {})
        """
    found = deletable_statements(normalise(textwrap.dedent(padded)), planted.CUMSUM_OF_TRANSPOSE)
    assert found == ["unused = x + 1"]


def test_one_minimality_check_lists_each_redundant_yield():
    two_yields = """
        import torch

        def program(x):
            return torch.cumsum(x.t(), dim=0)

        def calls():
            yield ((torch.randn(2, 2),), {})
            yield ((torch.randn(2, 2),), {})
        """
    found = deletable_statements(
        normalise(textwrap.dedent(two_yields)), planted.CUMSUM_OF_TRANSPOSE
    )
    assert found == ["yield ((torch.randn(2, 2),), {})"] * 2
