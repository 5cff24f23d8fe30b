"""A ten-size batch sweep of small functions that read sizes in Python: automatic dynamic
(`dynamic=None`) compiles twice (static, then symbolic), `dynamic=True` once, `dynamic=False`
once per size; every size gives eager's result."""

import pytest
import torch

import compiler
from tests.dynamic.sweep import BATCH_SWEEP, WITH_ONE, rows, sweep

W = torch.randn(4, 3, generator=torch.Generator().manual_seed(0))


def reshape_by_size(x):
    return x.reshape(x.shape[0] * 2, -1).sin()


def split_heads(x):
    h = 2
    return x.view(x.size(0), x.size(-1) // h, h).transpose(1, 2).contiguous()


def scale_by_len(x):
    return x * len(x) + x.numel()


def flatten_view(x):
    return x.view(-1, 2).sum(0)


def cat_twice(x):
    return torch.cat([x, x * 2], dim=0).cos()


def matmul_weight(x):
    return (x @ W).relu()


def new_rows(x):
    return x.new_zeros(x.shape[0], 3) + torch.arange(x.shape[0]).unsqueeze(1)


def returns_sizes(x):
    return x.sum(), x.shape[0] * 2, x.size(1)


def mean_by_numel(x):
    return x.sum() / x.numel()


def window_by_size(x):
    doubled = torch.cat([x, x])
    return doubled[x.shape[0] // 2: x.shape[0] + 1, 1:] * 2


def pad_and_lerp(x):
    padded = torch.nn.functional.pad(x, (1, 2))
    return torch.lerp(padded, padded * 2, 0.25)


FUNCTIONS = [reshape_by_size, split_heads, scale_by_len, flatten_view, cat_twice,
             matmul_weight, new_rows, returns_sizes, mean_by_numel, window_by_size,
             pad_and_lerp]


@pytest.mark.parametrize("fn", FUNCTIONS, ids=lambda f: f.__name__)
def test_automatic_dynamic_compiles_twice(fn):
    stats = sweep(fn, rows(), BATCH_SWEEP, fullgraph=True)
    assert stats.compiles == 2, stats.recompiles
    assert stats.recompiles == ["L['x'].shape == (2, 4) (got (3, 4))"]
    assert stats.graph_breaks == [] and stats.fallbacks == []


@pytest.mark.parametrize("fn", FUNCTIONS, ids=lambda f: f.__name__)
def test_dynamic_true_compiles_once(fn):
    stats = sweep(fn, rows(), BATCH_SWEEP, dynamic=True, fullgraph=True)
    assert stats.compiles == 1, stats.recompiles


@pytest.mark.parametrize("fn", [reshape_by_size, split_heads, returns_sizes],
                         ids=lambda f: f.__name__)
def test_dynamic_false_compiles_every_size(fn):
    with compiler.config.patch(cache_limit=16):
        stats = sweep(fn, rows(), BATCH_SWEEP, dynamic=False, fullgraph=True)
    assert stats.compiles == len(BATCH_SWEEP)


def test_size_one_is_specialised_then_symbolic():
    """1 is specialised (as torch does): size 1, then 2 compiles symbolic for the rest."""
    stats = sweep(reshape_by_size, rows(), WITH_ONE, fullgraph=True)
    assert stats.compiles == 2
    stats = sweep(reshape_by_size, rows(), WITH_ONE, dynamic=True, fullgraph=True)
    assert stats.compiles == 2  # the first compile specialises 1 even under dynamic=True


def test_size_zero_and_one_each_specialised():
    stats = sweep(cat_twice, rows(), (0, 1, 2, 3, 5, 8), fullgraph=True)
    assert stats.compiles == 3


def test_symbolic_graph_takes_sizes_as_nodes_not_constants():
    compiled = compiler.compile(reshape_by_size, dynamic=True)
    compiled(torch.randn(6, 4))
    (entry,) = compiled.cache.entries
    assert "sym_size" in entry.graph_source
    assert "12" not in entry.graph_source  # 6 * 2 is computed in the graph, not folded


def branch_on_size(x):
    if x.shape[0] > 6:
        return x * 2
    return x - 1


def test_branch_on_a_size_guards_the_relation():
    """Each side of the branch is one symbolic entry: static 2, symbolic n <= 6, then n > 6."""
    stats = sweep(branch_on_size, rows(), BATCH_SWEEP, fullgraph=True)
    assert stats.compiles == 3
    assert stats.recompiles[1] == "L['x'].size()[0] <= 6 (got 8)"


def same_rows(x, y):
    return torch.cat([x, y], dim=1) * x.shape[0]


def test_equal_sizes_share_a_symbol_and_the_relation_is_guarded():
    """Duck sizing: x and y of the same length get one symbol, guarded equal."""
    def make(n):
        return torch.randn(n, 4), torch.randn(n, 6)
    compiled = compiler.compile(same_rows, dynamic=True, fullgraph=True)
    stats = sweep(same_rows, make, BATCH_SWEEP, compiled=compiled)
    assert stats.compiles == 1
    x, y = torch.randn(3, 4), torch.randn(3, 6)
    (entry,) = compiled.cache.entries
    G = same_rows.__globals__
    assert entry.check.check({"x": x, "y": y}, G)
    assert not entry.check.check({"x": x[:2], "y": y}, G)
    assert compiled.cache.miss_reason({"x": x[:2], "y": y}, G) == (
        "L['y'].size()[0] == L['x'].size()[0] (got L['y'].size()[0] = 3, "
        "L['x'].size()[0] = 2)")
