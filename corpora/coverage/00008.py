"""Generated program. features: change_shape, containers, dict_views, lambdas, mark_dynamic, raises, sweep_seq"""
import torch

TABLE0 = {"a": 1, "b": 2}

DYNAMIC = {"x": [1]}


def program(x):
    t0 = torch.neg(x)
    t1 = sum(map(lambda u: torch.sin(u), (t0, t0 * 2)))
    t2 = t1.ge(2.0)
    t3 = -t1
    s0 = TABLE0.keys() & {"a"} == {"a"}
    t4 = torch.diagonal(t3)
    t5 = torch.atan2(t4, t4)
    c0 = [t5, torch.sigmoid(t5)]
    c0.append(c0[0] * 2)
    t6 = c0[-1] + c0[1]
    t7 = t6.amin(-1)
    raise ValueError("unsupported input")


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(2, 2, generator=g),), {}
    yield (torch.randn(3, 2, generator=g),), {}
    yield (torch.randn(2, 1, generator=g),), {}
    yield (torch.randn(2, 4, generator=g),), {}
