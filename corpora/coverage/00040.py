"""Generated program. features: change_shape, containers, mark_dynamic, probes, sweep_seq, torch_values"""
import torch


def helper0(u, k=2.0, *rest, scale=1.0):
    return u * k * scale


def helper1(u, k=2.0, *rest, scale=1.0):
    return u * k * scale

DYNAMIC = {"x": [1]}


def program(x):
    s0 = getattr(helper0, 'tag', 0)
    t0 = torch.topk(x, 1, -1).values
    t1 = t0.long()
    s1 = type(torch.float32) is type(None)
    s2 = t1.device.type == 'cpu'
    c0 = {"a": t0, "b": torch.clamp(t0, -1, 1)}
    c0["c"] = c0["a"] * c0["b"]
    t2 = c0["c"] + len(c0)
    t3 = t2.to(torch.int32)
    t4 = torch.isclose(t2, t2)
    t5 = torch.logical_or(t4, x)
    s3 = helper1.__code__.co_argcount
    t6 = t5[0]
    return s2, t3, s3, t6


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(2, 2, generator=g),), {}
    yield (torch.randn(3, 2, generator=g),), {}
    yield (torch.randn(2, 1, generator=g),), {}
    yield (torch.randn(2, 4, generator=g),), {}
