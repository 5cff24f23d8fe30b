"""A symbolic trace reuses the fake result of an op it already ran on the same symbolic
shapes (a model's repeated blocks: ten batch norms of a ResNet, the layers of a transformer)
instead of running its decomposition again. Only the costly ops the graph records are cached
(those whose fake run is a decomposition): small ops and the ops a decomposition runs inside
are not, as an entry or a hit costs about what a small op does."""

from __future__ import annotations

import torch
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.nn import functional as F

import compiler
from tests.dynamic.sweep import BATCH_SWEEP, sweep

MEAN, VAR = torch.randn(4), torch.rand(4) + 0.5
WEIGHT, BIAS = torch.randn(4), torch.randn(4)


def three_norms(x):
    y = F.batch_norm(x, MEAN, VAR, WEIGHT, BIAS)
    z = F.batch_norm(x, MEAN, VAR, WEIGHT, BIAS)
    w = F.batch_norm(x, MEAN, VAR, WEIGHT, BIAS)
    return (y * z.relu() - w) * x.shape[0]


def images(n: int) -> tuple:
    return (torch.randn(n, 4, 5, 5, generator=torch.Generator().manual_seed(n)),)


def test_a_repeated_op_on_the_same_symbolic_shapes_is_run_once_and_right_on_every_size():
    hits, misses = FakeTensorMode.cache_hits, FakeTensorMode.cache_misses
    compiled = compiler.compile(three_norms, dynamic=True, fullgraph=True)
    compiled(*images(3))
    stats = compiler.stats(compiled)
    assert stats.compiles == 1 and FakeTensorMode.cache_hits > hits
    # An entry for the second batch norm (the first showed it costly), none for the small
    # ops nor for the dozen ops the decomposition runs.
    assert FakeTensorMode.cache_misses - misses <= stats.ops
    assert sweep(three_norms, images, BATCH_SWEEP, compiled=compiled).compiles == 1
