"""Generated program. features: change_dtype, change_scalar, container_inputs, noncontiguous, recall_values, requires_grad, scalar_inputs, special_values, strings"""
import torch


def program(x, y, z, n, xs, d):
    t0 = torch.masked_fill(z, z > 0, 0)
    t1 = torch.argsort(t0, dim=2, stable=True)
    t2 = ~t1
    key0 = "blocks.0.attn".split(".")[-1].upper()
    s0 = len(key0) + (key0 == "float32")
    t3 = torch.arange(0.0, 3 * 0.5, 0.5)
    t4 = t3.abs() ** 0.5
    t5 = t1 != z
    t6 = torch.diff(t4, dim=-1)
    t7 = torch.full_like(t6, 2)
    t8 = torch.stack(xs).sum(0)
    return s0, t5, t7, t8


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(1, 3, 5, generator=g).expand(3, 3, 5), torch.randn(2, 5, generator=g)[::2], torch.randn(1, 4, 3, 4, generator=g, requires_grad=True).index_fill(-1, torch.tensor([0]), float("nan")), 0, [torch.randn(3, 3, 5, generator=g) for _ in range(3)], {"a": torch.randn(3, 3, 5, generator=g), "b": torch.randn(3, 3, 5, generator=g)}), {}
    yield (torch.randn(1, 3, 5, generator=g).expand(3, 3, 5), torch.randn(2, 5, generator=g)[::2], torch.randn(1, 4, 3, 4, generator=g, requires_grad=True).index_fill(-1, torch.tensor([0]), float("nan")), 0, [torch.randn(3, 3, 5, generator=g) for _ in range(3)], {"a": torch.randn(3, 3, 5, generator=g), "b": torch.randn(3, 3, 5, generator=g)}), {}
    yield (torch.randn(1, 3, 5, generator=g, dtype=torch.float64).expand(3, 3, 5), torch.randn(2, 5, generator=g, dtype=torch.float64)[::2], torch.randn(1, 4, 3, 4, generator=g, dtype=torch.float64, requires_grad=True).index_fill(-1, torch.tensor([0]), float("nan")), 0, [torch.randn(3, 3, 5, generator=g, dtype=torch.float64) for _ in range(3)], {"a": torch.randn(3, 3, 5, generator=g, dtype=torch.float64), "b": torch.randn(3, 3, 5, generator=g, dtype=torch.float64)}), {}
    yield (torch.randn(1, 3, 5, generator=g).expand(3, 3, 5), torch.randn(2, 5, generator=g)[::2], torch.randn(1, 4, 3, 4, generator=g, requires_grad=True).index_fill(-1, torch.tensor([0]), float("nan")), 1, [torch.randn(3, 3, 5, generator=g) for _ in range(3)], {"a": torch.randn(3, 3, 5, generator=g), "b": torch.randn(3, 3, 5, generator=g)}), {}
