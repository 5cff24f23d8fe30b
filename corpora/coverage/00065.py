"""Generated program. features: change_closure, globals_write, mark_dynamic, numpy_interop, recall_values, requires_grad, shared_code_closures, special_values, sweep_batch, user_classes"""
import torch


def make_scaled0(k):
    def scaled(u):
        return torch.sin(u) * k
    return scaled

SCALED0 = make_scaled0(2.0)

G0 = []


class Box0:
    def __init__(self, k):
        self.k = k

    def apply(self, u):
        return torch.sigmoid(u) * self.k

BOX0 = Box0(2.0)

DYNAMIC = {"x": [0]}


def program(x, y, z):
    t0 = torch.all(z)
    t1 = t0.contiguous()
    t2 = torch.cat((z, z), 3)
    t3 = torch.ones(1, 4, dtype=y.dtype)
    t4 = t3.permute(0, 1)
    t5 = SCALED0(t4) + make_scaled0(0.5)(t4)
    t6 = t1 | t1
    t7 = torch.as_tensor(t5.detach().numpy() * 2)
    t8 = t7.float()
    G0.append(t8.sum())
    t9 = t8 + len(G0)
    t10 = torch.mean(t5, -2, keepdim=False)
    t11 = BOX0.apply(t8)
    return t6, t9, t10, t11


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
