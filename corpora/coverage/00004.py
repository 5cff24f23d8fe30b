"""Generated program. features: change_shape, mark_dynamic, sweep_seq, torch_values"""
import torch

DYNAMIC = {"x": [1]}


def program(x):
    t0 = torch.abs(x)
    t1 = torch.topk(t0, 1, -1).values
    t2 = t1.scatter(-2, torch.arange(2).reshape(2, 1) % 2, 1.5)
    t3 = torch.cumsum(t2, -1)
    t4 = torch.masked_fill(t3, t3 > 0, 0)
    s0 = t4.shape == torch.Size([2, 1])
    t5 = torch.norm(t4)
    t6 = t3.type_as(t5)
    return s0, t6


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(2, 2, generator=g),), {}
    yield (torch.randn(3, 2, generator=g),), {}
    yield (torch.randn(2, 1, generator=g),), {}
    yield (torch.randn(2, 4, generator=g),), {}
