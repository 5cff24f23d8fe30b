"""Generated program. features: change_closure, globals_write, identity, mark_dynamic, numpy_interop, recall_values, requires_grad, shared_code_closures, special_values, sweep_batch, user_classes"""
import torch


class Node0:
    def __init__(self, v):
        self.v = v

A0 = Node0(1)

B0 = Node0(2)


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
    s0 = Node0(1) is Node0(1)
    t1 = t0 | t0
    t2 = torch.ones(1, 4, dtype=y.dtype)
    t3 = t2.permute(0, 1)
    t4 = SCALED0(t3) + make_scaled0(0.5)(t3)
    t5 = t1 | t1
    t6 = torch.as_tensor(t4.detach().numpy() * 2)
    t7 = t6.float()
    G0.append(t7.sum())
    t8 = t7 + len(G0)
    t9 = torch.mean(t6, -2, keepdim=False)
    t10 = BOX0.apply(t8)
    return s0, t5, t9, t10


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
