"""Generated program. features: change_scalar, change_shape, descriptors, dtypes, generators_consumed, if_tensor, mark_dynamic, mutate_between_calls, numpy_interop, probes, raises, recall_values, scalar_inputs, sweep_batch, torch_values, try_finally"""
import numpy as np
import torch


class Scaled0:
    def __get__(self, obj, objtype=None):
        return 1.0 if obj is None else obj.base * 2

    def __set__(self, obj, value):
        obj.base = value / 2


class Holder0:
    twice = Scaled0()

    def __init__(self):
        self.base = 1.5

HOLDER0 = Holder0()

TRACE0 = []


def steps0(u, n=3):
    acc = u
    while n > 0:
        acc = acc * 0.5 + u.relu()
        n -= 1
        yield acc


class Scaled1:
    def __get__(self, obj, objtype=None):
        return 1.0 if obj is None else obj.base * 2


class Holder1:
    twice = Scaled1()

    def __init__(self):
        self.base = 1.5

HOLDER1 = Holder1()


def helper0(u, k=2.0, *rest, scale=1.0):
    return u * k * scale

DYNAMIC = {"x": [0]}


def program(x, n, *, scale=1.0):
    t0 = torch.squeeze(x, 0)
    s0 = t0.shape[1:] == t0.shape[1:]
    if t0.abs().sum() > 1:
        t1 = torch.tanh(t0)
    else:
        t1 = t0 + 1
    t2 = x / 0.25
    s1 = t2.shape[1:] == t2.shape[1:]
    t3 = t2 * vars(HOLDER0)['base']
    t4 = t3.max()
    try:
        t5 = t4 * 0.5
    finally:
        TRACE0.append(t4.dim())
    t6 = t5 % 1.5
    t7 = torch.from_numpy(np.clip(t3.detach().numpy(), -1, 1).copy())
    t8 = max((steps0(t5)), key=lambda v: 0)
    s2 = isinstance(t1.shape, tuple)
    t9 = t8.contiguous()
    t10 = t9 * HOLDER1.twice
    s3 = len(helper0.__defaults__)
    s3 = helper0(t1) * 0 + s3
    raise ValueError("unsupported input")


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(2, 1, 1, generator=g, dtype=torch.float64), 5), {"scale": 0.1}
    yield (torch.randn(2, 1, 1, generator=g, dtype=torch.float64), 5), {"scale": 0.1}
    yield (torch.randn(3, 1, 1, generator=g, dtype=torch.float64), 5), {"scale": 0.1}
    yield (torch.randn(2, 1, 1, generator=g, dtype=torch.float64), 6), {"scale": 0.2}
    HOLDER0.twice = 3.0
    Holder1.twice = 0.25
    helper0.tag = 1
    yield (torch.randn(2, 1, 1, generator=g, dtype=torch.float64), 5), {"scale": 0.1}
    yield (torch.randn(3, 1, 1, generator=g, dtype=torch.float64), 5), {"scale": 0.1}
    yield (torch.randn(5, 1, 1, generator=g, dtype=torch.float64), 5), {"scale": 0.1}
    yield (torch.randn(1, 1, 1, generator=g, dtype=torch.float64), 5), {"scale": 0.1}
