"""The ambient autocast state is part of what a graph assumes: a call under another state
recompiles (it was a wrong answer: dtypes read in the trace stayed float32 under autocast)."""

import torch

import compiler
from tests.differential import assert_same


def matmul_and_dtype(a, b):
    y = a @ b
    return y, y.dtype


def _inputs():
    g = torch.Generator().manual_seed(0)
    return torch.randn(4, 4, generator=g), torch.randn(4, 4, generator=g)


def test_call_under_autocast_recompiles_with_the_reason():
    compiled = compiler.compile(matmul_and_dtype, fullgraph=True)
    assert_same(compiled(*_inputs()), matmul_and_dtype(*_inputs()))
    with torch.autocast("cpu"):
        assert_same(compiled(*_inputs()), matmul_and_dtype(*_inputs()))
    with torch.autocast("cpu", dtype=torch.float16):
        assert_same(compiled(*_inputs()), matmul_and_dtype(*_inputs()))
    assert_same(compiled(*_inputs()), matmul_and_dtype(*_inputs()))
    stats = compiler.stats(compiled)
    assert len(stats.recompiles) == 2, stats
    assert "autocast" in stats.recompiles[0], stats


def test_autocast_guard_describes_itself():
    from compiler.guards.autocast import OFF, AutocastGuard, autocast_state
    assert AutocastGuard(None, OFF).describe() == "autocast state == off"
    with torch.autocast("cpu"):
        assert AutocastGuard(None, autocast_state()).describe() == (
            "autocast state == on(cpu:bfloat16)")
