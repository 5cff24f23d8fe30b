"""Generated program. features: change_dtype, collections_std, helper_functions, nn_module, requires_grad"""
import collections
import torch


def helper0(u):
    v = torch.tanh(u)
    return v.abs()


class Program(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, y, z):
        t0 = helper0(z)
        c0 = collections.defaultdict(list)
        c0['a'].append(t0)
        c0['a'].append(t0.softmax(-1))
        t1 = sum(c0['a']) + len(c0['b'])
        c1 = collections.defaultdict(list)
        c1['a'].append(t1)
        c1['a'].append(t1.abs())
        t2 = sum(c1['a']) + len(c1['b'])
        t2.add_(t2)
        return t2


program = Program()


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn((), generator=g), torch.randn((), generator=g), torch.randn((), generator=g, requires_grad=True)), {}
    yield (torch.randn((), generator=g, dtype=torch.float64), torch.randn((), generator=g, dtype=torch.float64), torch.randn((), generator=g, dtype=torch.float64, requires_grad=True)), {}
