"""A symbolic trace reuses the fake result of an op it already ran on the same symbolic
shapes (a model's repeated blocks: ten batch norms of a ResNet, the layers of a transformer)
instead of running its decomposition again. Only the ops the graph records are cached: the
ops a decomposition runs inside are not, as an entry costs more than they do."""

from __future__ import annotations

import torch
from torch._subclasses.fake_tensor import FakeTensorMode
from torch.nn import functional as F

import compiler
from tests.dynamic.sweep import BATCH_SWEEP, sweep

MEAN, VAR = torch.randn(4), torch.rand(4) + 0.5
WEIGHT, BIAS = torch.randn(4), torch.randn(4)


def two_norms(x):
    y = F.batch_norm(x, MEAN, VAR, WEIGHT, BIAS)
    z = F.batch_norm(x, MEAN, VAR, WEIGHT, BIAS)
    return (y * z.relu()) * x.shape[0]


def images(n: int) -> tuple:
    return (torch.randn(n, 4, 5, 5, generator=torch.Generator().manual_seed(n)),)


def test_a_repeated_op_on_the_same_symbolic_shapes_is_run_once_and_right_on_every_size():
    hits, misses = FakeTensorMode.cache_hits, FakeTensorMode.cache_misses
    compiled = compiler.compile(two_norms, dynamic=True, fullgraph=True)
    compiled(*images(3))
    stats = compiler.stats(compiled)
    assert stats.compiles == 1 and FakeTensorMode.cache_hits > hits
    # Entries for the ops the graph records (and the pieces of a composite, batch norm's
    # empty reserve), none for the dozen ops its decomposition runs.
    assert FakeTensorMode.cache_misses - misses <= 2 * stats.ops
    assert sweep(two_norms, images, BATCH_SWEEP, compiled=compiled).compiles == 1
