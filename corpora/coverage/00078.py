"""Generated program. features: change_closure, globals_write, mark_dynamic, numpy_interop, probes, recall_values, requires_grad, shared_code_closures, special_values, sweep_batch"""
import torch


def make_scaled0(k):
    def scaled(u):
        return torch.sin(u) * k
    return scaled

SCALED0 = make_scaled0(2.0)


def make_scaled1(k):
    def scaled(u):
        return u + 1 * k
    return scaled

SCALED1 = make_scaled1(2.0)

G0 = []


def make_scaled2(k):
    def scaled(u):
        return torch.sigmoid(u) * k
    return scaled

SCALED2 = make_scaled2(2.0)

DYNAMIC = {"x": [0]}


def program(x, y, z):
    t0 = torch.all(z)
    t1 = t0.contiguous()
    t2 = torch.cat((z, z), 3)
    t3 = torch.ones(1, 4, dtype=y.dtype)
    t4 = t3.permute(0, 1)
    t5 = SCALED0(t4) + make_scaled0(0.5)(t4)
    t6 = torch.as_tensor(t5.detach().numpy() * 2)
    t7 = t6.float()
    s0 = "T" in getattr(t4, "__dict__", {})
    t8 = torch.transpose(t7, -2, 1)
    t9 = SCALED1(t3) + make_scaled1(0.5)(t3)
    G0.append(t9.sum())
    t10 = t9 + len(G0)
    t11 = SCALED2(t4) + make_scaled2(0.5)(t4)
    t12 = t11.relu()
    t13 = torch.asinh(t11)
    t14 = torch.logcumsumexp(y, 1)
    return t10, t12, t13, t14


def calls():
    global SCALED0
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(1, 4, generator=g, requires_grad=True).index_fill(-1, torch.tensor([0]), float("-inf")), torch.randn(1, 4, generator=g, requires_grad=True).index_fill(-1, torch.tensor([0]), float("inf")), torch.randn(1, 2, 3, 0, generator=g)), {}
    yield (torch.randn(1, 4, generator=g, requires_grad=True).index_fill(-1, torch.tensor([0]), float("-inf")), torch.randn(1, 4, generator=g, requires_grad=True).index_fill(-1, torch.tensor([0]), float("inf")), torch.randn(1, 2, 3, 0, generator=g)), {}
    SCALED0 = make_scaled0(3.0)
    yield (torch.randn(1, 4, generator=g, requires_grad=True).index_fill(-1, torch.tensor([0]), float("-inf")), torch.randn(1, 4, generator=g, requires_grad=True).index_fill(-1, torch.tensor([0]), float("inf")), torch.randn(1, 2, 3, 0, generator=g)), {}
    yield (torch.randn(2, 4, generator=g, requires_grad=True).index_fill(-1, torch.tensor([0]), float("-inf")), torch.randn(2, 4, generator=g, requires_grad=True).index_fill(-1, torch.tensor([0]), float("inf")), torch.randn(2, 2, 3, 0, generator=g)), {}
    yield (torch.randn(4, 4, generator=g, requires_grad=True).index_fill(-1, torch.tensor([0]), float("-inf")), torch.randn(4, 4, generator=g, requires_grad=True).index_fill(-1, torch.tensor([0]), float("inf")), torch.randn(4, 2, 3, 0, generator=g)), {}
    yield (torch.randn(0, 4, generator=g, requires_grad=True).index_fill(-1, torch.tensor([0]), float("-inf")), torch.randn(0, 4, generator=g, requires_grad=True).index_fill(-1, torch.tensor([0]), float("inf")), torch.randn(0, 2, 3, 0, generator=g)), {}
