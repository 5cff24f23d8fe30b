"""Generated program. features: change_scalar, change_shape, descriptors, dict_views, dtypes, generators_consumed, if_tensor, mark_dynamic, mutate_between_calls, probes, raises, recall_values, scalar_inputs, shape_arith, sweep_batch, torch_values, try_finally"""
import collections
import torch
import torch.nn.functional as F

TABLE0 = {"a": 1, "b": 2}


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
    for k in range(n):
        yield torch.sigmoid(u) * k

TRACE1 = []

DYNAMIC = {"x": [0]}


def program(x, n, *, scale=1.0):
    s0 = ("a", 1) in TABLE0.items()
    if x.abs().sum() > 1:
        t0 = torch.tanh(x)
    else:
        t0 = x + 1
    t1 = x / 0.25
    s1 = t1.shape[1:] == t1.shape[1:]
    t2 = t1 * vars(HOLDER0)['base']
    t3 = t2.max()
    try:
        t4 = t3 * 0.5
    finally:
        TRACE0.append(t3.dim())
    s2 = collections.deque([1]).__class__ is int
    t5 = next(iter(steps0(t0)))
    s3 = iter([1]).__class__ is int
    try:
        t6 = t5 * 0.5
    finally:
        TRACE1.append(t5.dim())
    t7 = F.max_pool2d(t6, 1)
    t8 = torch.aminmax(t7).max
    s4 = x.numel() // 2
    raise ValueError("unsupported input")


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(2, 1, 1, generator=g, dtype=torch.float64), 5), {"scale": 0.1}
    yield (torch.randn(2, 1, 1, generator=g, dtype=torch.float64), 5), {"scale": 0.1}
    yield (torch.randn(3, 1, 1, generator=g, dtype=torch.float64), 5), {"scale": 0.1}
    yield (torch.randn(2, 1, 1, generator=g, dtype=torch.float64), 6), {"scale": 0.2}
    TABLE0.update(b=7)
    HOLDER0.twice = 3.0
    yield (torch.randn(2, 1, 1, generator=g, dtype=torch.float64), 5), {"scale": 0.1}
    yield (torch.randn(3, 1, 1, generator=g, dtype=torch.float64), 5), {"scale": 0.1}
    yield (torch.randn(5, 1, 1, generator=g, dtype=torch.float64), 5), {"scale": 0.1}
    yield (torch.randn(1, 1, 1, generator=g, dtype=torch.float64), 5), {"scale": 0.1}
