"""Tracing never draws from the global RNG: a module built at trace time to be inspected
(nn.Linear's random init) leaves the generator where eager would find it."""

import pytest
import torch

import compiler
from tests.differential import assert_same


def _made_in_trace(x):
    layer = torch.nn.Linear(4, 3)
    return layer(x), torch.rand(2)


def test_linear_made_in_the_trace_matches_eager_rng():
    x = torch.randn(2, 4)
    compiled = compiler.compile(_made_in_trace)
    for _ in range(2):
        torch.manual_seed(7)
        expected = _made_in_trace(x), torch.rand(3)
        torch.manual_seed(7)
        actual = compiled(x), torch.rand(3)
        assert_same(actual, expected)


def test_a_refused_build_draws_nothing():
    compiled = compiler.compile(_made_in_trace, fullgraph=True)
    x = torch.randn(2, 4)
    before = torch.get_rng_state()
    with pytest.raises(compiler.Unsupported, match="has parameters"):
        compiled(x)
    assert torch.equal(torch.get_rng_state(), before)
