"""Generated program. features: change_shape, containers, mark_dynamic, probes, sweep_seq, torch_values"""
import torch


def helper0(u, k=2.0, *rest, scale=1.0):
    return u * k * scale

DYNAMIC = {"x": [1]}


def program(x):
    t0 = torch.abs(x)
    t1 = torch.topk(t0, 1, -1).values
    t2 = t1.long()
    s0 = type(iter([1])) is type(None)
    s1 = t2.device.type == 'cpu'
    c0 = {"a": t1, "b": torch.clamp(t1, -1, 1)}
    c0["c"] = c0["a"] * c0["b"]
    t3 = c0["c"] + len(c0)
    t4 = t3.to(torch.int32)
    t5 = torch.isclose(t3, t3)
    t6 = torch.logical_or(t5, x)
    s2 = helper0.__code__.co_argcount
    t7 = t6[0]
    return s1, t4, s2, t7


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(2, 2, generator=g),), {}
    yield (torch.randn(3, 2, generator=g),), {}
    yield (torch.randn(2, 1, generator=g),), {}
    yield (torch.randn(2, 4, generator=g),), {}
