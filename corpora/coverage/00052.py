"""Generated program. features: change_shape, dict_views, mark_dynamic, raises, sweep_seq"""
import torch
import torch.nn.functional as F

TABLE0 = {"a": 1, "b": 2}

DYNAMIC = {"x": [1]}


def program(x):
    s0 = list(TABLE0) == list(TABLE0.keys())
    t0 = F.elu(x)
    t1 = t0[-1]
    t2 = torch.sign(t1)
    raise ValueError("unsupported input")


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(2, 2, generator=g),), {}
    yield (torch.randn(3, 2, generator=g),), {}
    yield (torch.randn(2, 0, generator=g),), {}
    yield (torch.randn(2, 1, generator=g),), {}
    yield (torch.randn(2, 4, generator=g),), {}
