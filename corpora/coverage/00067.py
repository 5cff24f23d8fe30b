"""Generated program. features: aliasing, change_list_len, change_scalar, change_shape, closures, container_inputs, mark_dynamic, module_hooks, module_state, noncontiguous, requires_grad, scalar_inputs, special_values, sweep_batch"""
import torch

M0 = torch.nn.Hardtanh(-0.5, 0.5)
with torch.no_grad():
    for _p in M0.parameters():
        _p.copy_(torch.randn(_p.shape, generator=torch.Generator().manual_seed(0)) * 0.5)

LOG0 = []


def hook0(mod, args, kwargs):
    return args, kwargs

M1 = torch.nn.Linear(4, 4)
with torch.no_grad():
    for _p in M1.parameters():
        _p.copy_(torch.randn(_p.shape, generator=torch.Generator().manual_seed(0)) * 0.5)

hook0.handle = M1.register_forward_pre_hook(hook0, with_kwargs=True)

LOG1 = []


def hook1(mod, args, kwargs):
    return args, kwargs

M2 = torch.nn.Linear(4, 4)
with torch.no_grad():
    for _p in M2.parameters():
        _p.copy_(torch.randn(_p.shape, generator=torch.Generator().manual_seed(0)) * 0.5)

hook1.handle = M2.register_forward_pre_hook(hook1, with_kwargs=True)

DYNAMIC = {"x": [0]}


def program(x, y, w, flag, xs, d):
    t0 = torch.abs(w)
    t1 = M0(t0) * M0.max_val
    t2 = torch.where(t1 > 1.5, t1, 0)
    t3 = t2.flip(-3)
    t4 = torch.ones(2, 0, 4, dtype=t3.dtype)
    def inner0(u):
        return torch.sin(u) + x
    t5 = inner0(x * 0.5)
    t6 = M1(t5)
    t7 = torch.where(t5 > 0, t5, x)
    def inner1(u):
        return u.softmax(-1) + x
    t8 = inner1(x * 0.5)
    t9 = M2(t3)
    t10 = torch.stack(xs).sum(0)
    return t7, t8, t9, t10


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
