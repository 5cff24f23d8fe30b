"""Generated program. features: aliasing, change_list_len, change_scalar, change_shape, container_inputs, dict_views, lazy_modules, mark_dynamic, module_state, noncontiguous, requires_grad, scalar_inputs, special_values, sweep_batch"""
import torch

M0 = torch.nn.Hardtanh(-0.5, 0.5)
with torch.no_grad():
    for _p in M0.parameters():
        _p.copy_(torch.randn(_p.shape, generator=torch.Generator().manual_seed(0)) * 0.5)

LAZY0 = torch.nn.LazyLinear(2, bias=False)

TABLE0 = {"a": 1, "b": 2}

DYNAMIC = {"x": [0]}


def program(x, y, w, flag, xs, d):
    t0 = M0(w)
    t1 = torch.all(t0)
    t2 = LAZY0(y)
    s0 = d.keys().isdisjoint(["z"])
    s1 = sum(TABLE0.values())
    t3 = torch.all(t2)
    t4 = torch.stack(xs).sum(0)
    return s0, s1, t3, t4


def calls():
    g = torch.Generator().manual_seed(0)
    x = torch.randn(2, 4, 0, generator=g, requires_grad=True).transpose(-2, -1).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, torch.randn(1, 4, generator=g).expand(1, 4) * 1e30, x, False, [torch.randn(2, 0, 4, generator=g) for _ in range(3)], {"a": torch.randn(2, 0, 4, generator=g), "b": torch.randn(2, 0, 4, generator=g)}), {}
    x = torch.randn(3, 4, 0, generator=g, requires_grad=True).transpose(-2, -1).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, torch.randn(1, 4, generator=g).expand(1, 4) * 1e30, x, False, [torch.randn(3, 0, 4, generator=g) for _ in range(3)], {"a": torch.randn(3, 0, 4, generator=g), "b": torch.randn(3, 0, 4, generator=g)}), {}
    x = torch.randn(2, 4, 0, generator=g, requires_grad=True).transpose(-2, -1).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, torch.randn(1, 4, generator=g).expand(1, 4) * 1e30, x, True, [torch.randn(2, 0, 4, generator=g) for _ in range(3)], {"a": torch.randn(2, 0, 4, generator=g), "b": torch.randn(2, 0, 4, generator=g)}), {}
    x = torch.randn(2, 4, 0, generator=g, requires_grad=True).transpose(-2, -1).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, torch.randn(1, 4, generator=g).expand(1, 4) * 1e30, x, False, [torch.randn(2, 0, 4, generator=g) for _ in range(4)], {"a": torch.randn(2, 0, 4, generator=g), "b": torch.randn(2, 0, 4, generator=g)}), {}
    x = torch.randn(3, 4, 0, generator=g, requires_grad=True).transpose(-2, -1).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, torch.randn(1, 4, generator=g).expand(1, 4) * 1e30, x, False, [torch.randn(3, 0, 4, generator=g) for _ in range(3)], {"a": torch.randn(3, 0, 4, generator=g), "b": torch.randn(3, 0, 4, generator=g)}), {}
    x = torch.randn(5, 4, 0, generator=g, requires_grad=True).transpose(-2, -1).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, torch.randn(1, 4, generator=g).expand(1, 4) * 1e30, x, False, [torch.randn(5, 0, 4, generator=g) for _ in range(3)], {"a": torch.randn(5, 0, 4, generator=g), "b": torch.randn(5, 0, 4, generator=g)}), {}
    x = torch.randn(1, 4, 0, generator=g, requires_grad=True).transpose(-2, -1).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, torch.randn(1, 4, generator=g).expand(1, 4) * 1e30, x, False, [torch.randn(1, 0, 4, generator=g) for _ in range(3)], {"a": torch.randn(1, 0, 4, generator=g), "b": torch.randn(1, 0, 4, generator=g)}), {}
    x = torch.randn(0, 4, 0, generator=g, requires_grad=True).transpose(-2, -1).index_fill(-1, torch.tensor([0]), float("nan"))
    yield (x, torch.randn(1, 4, generator=g).expand(1, 4) * 1e30, x, False, [torch.randn(0, 0, 4, generator=g) for _ in range(3)], {"a": torch.randn(0, 0, 4, generator=g), "b": torch.randn(0, 0, 4, generator=g)}), {}
