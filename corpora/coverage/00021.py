"""Generated program. features: change_dtype, change_shape, container_inputs, context_managers, dtypes, probes, recall_values, requires_grad, special_values"""
import collections
import torch


def program(x, y, z, xs, d):
    with torch.set_grad_enabled(False):
        t0 = x.abs()
    s0 = callable(collections.OrderedDict(a=1))
    t1 = t0.index_fill(0, torch.tensor([-3]), 0)
    t2 = torch.stack(xs).sum(0)
    return s0, t1, t2


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(3, generator=g, dtype=torch.float64, requires_grad=True) * 1e-30, torch.randn((), generator=g, dtype=torch.float64) * 1e-30, torch.randint(-5, 6, (3,), generator=g, dtype=torch.int32), [torch.randn(3, generator=g, dtype=torch.float64) for _ in range(1)], {"a": torch.randn(3, generator=g, dtype=torch.float64), "b": torch.randn(3, generator=g, dtype=torch.float64)}), {}
    yield (torch.randn(3, generator=g, dtype=torch.float64, requires_grad=True) * 1e-30, torch.randn((), generator=g, dtype=torch.float64) * 1e-30, torch.randint(-5, 6, (3,), generator=g, dtype=torch.int32), [torch.randn(3, generator=g, dtype=torch.float64) for _ in range(1)], {"a": torch.randn(3, generator=g, dtype=torch.float64), "b": torch.randn(3, generator=g, dtype=torch.float64)}), {}
    yield (torch.randn(4, generator=g, dtype=torch.float64, requires_grad=True) * 1e-30, torch.randn((), generator=g, dtype=torch.float64) * 1e-30, torch.randint(-5, 6, (4,), generator=g, dtype=torch.int32), [torch.randn(4, generator=g, dtype=torch.float64) for _ in range(1)], {"a": torch.randn(4, generator=g, dtype=torch.float64), "b": torch.randn(4, generator=g, dtype=torch.float64)}), {}
    yield (torch.randn(3, generator=g, requires_grad=True) * 1e-30, torch.randn((), generator=g) * 1e-30, torch.randint(-5, 6, (3,), generator=g), [torch.randn(3, generator=g) for _ in range(1)], {"a": torch.randn(3, generator=g), "b": torch.randn(3, generator=g)}), {}
