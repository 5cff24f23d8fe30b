"""Generated program. features: container_subclasses, identity, mark_dynamic, match_statements, modules_in_forward, mutate_between_calls, nn_module, noncontiguous, recall_values, scalar_inputs, sweep_batch"""
import torch
import torch.nn.functional as F


class Layers0(list):
    def total(self):
        return sum(self)

    def append(self, v):
        super().append(v * 2)


class Node0:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return isinstance(other, Node0) and self.v == other.v

    __hash__ = object.__hash__

A0 = Node0(1)

B0 = Node0(1)

DYNAMIC = {"x": [0]}


class Program(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, *, scale=1.0):
        t0 = torch.cummin(x, 2).values
        t1 = F.gelu(t0)
        o0 = Layers0([t1])
        t2 = (o0.append(t1) or o0.total())
        match t2.dim():
            case 0 | 1:
                t3 = torch.tanh(t2)
            case 2:
                t3 = t2.abs()
            case _:
                t3 = t2
        t4 = torch.nn.Sequential(torch.nn.Identity(), torch.nn.Tanh())(t3)
        s0 = [A0] == [B0]
        return t4, s0


program = Program()


def calls():
    global A0, B0
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(2, 5, 1, 0, generator=g).transpose(-2, -1),), {"scale": 2.0}
    yield (torch.randn(2, 5, 1, 0, generator=g).transpose(-2, -1),), {"scale": 2.0}
    B0 = Node0(1)
    yield (torch.randn(2, 5, 1, 0, generator=g).transpose(-2, -1),), {"scale": 2.0}
    yield (torch.randn(3, 5, 1, 0, generator=g).transpose(-2, -1),), {"scale": 2.0}
    yield (torch.randn(5, 5, 1, 0, generator=g).transpose(-2, -1),), {"scale": 2.0}
    yield (torch.randn(1, 5, 1, 0, generator=g).transpose(-2, -1),), {"scale": 2.0}
    yield (torch.randn(0, 5, 1, 0, generator=g).transpose(-2, -1),), {"scale": 2.0}
