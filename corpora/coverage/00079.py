"""Generated program. features: aliasing, change_dtype, decorators, descriptors, helper_functions, identity, mark_dynamic, mutate_between_calls, special_values, sweep_seq"""
import functools
import torch
import torch.nn.functional as F

@functools.lru_cache(maxsize=None)
def table0(m):
    return tuple(float(i) / (m + 1) for i in range(m))


class Node0:
    def __init__(self, v):
        self.v = v

A0 = Node0(1)

B0 = A0


def traced0(fn):
    @functools.wraps(fn)
    def wrapper(*args):
        return fn(*args)
    return wrapper

@traced0
def helper0(u):
    """doc"""
    return u.abs()


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


def helper1(u):
    v = torch.sin(u)
    return -v

DYNAMIC = {"x": [1]}


def program(x, y, z, w):
    t0 = w * sum(table0(w.dim() + 2))
    t1 = F.softmin(t0, dim=2)
    t2 = x % 2.0
    s0 = Node0(1) == Node0(1)
    t3 = helper0.__wrapped__(t2)
    t4 = t3 * vars(HOLDER0)['base']
    t5 = helper1(w)
    t6 = torch.cummax(t0, 0).values
    t7 = t6.new_zeros((2,))
    return s0, t4, t5, t7


def calls():
    global A0, B0
    g = torch.Generator().manual_seed(0)
    x = torch.randn(2, 3, 0, generator=g)
    yield (x, torch.randn(2, 3, 0, generator=g), torch.randn(1, 0, 1, generator=g).index_fill(-1, torch.tensor([0]), float("inf")), x), {}
    x = torch.randn(2, 3, 0, generator=g, dtype=torch.float64)
    yield (x, torch.randn(2, 3, 0, generator=g, dtype=torch.float64), torch.randn(1, 0, 1, generator=g, dtype=torch.float64).index_fill(-1, torch.tensor([0]), float("inf")), x), {}
    B0 = Node0(1)
    HOLDER0.twice = 3.0
    x = torch.randn(2, 3, 0, generator=g)
    yield (x, torch.randn(2, 3, 0, generator=g), torch.randn(1, 0, 1, generator=g).index_fill(-1, torch.tensor([0]), float("inf")), x), {}
    x = torch.randn(2, 0, 0, generator=g)
    yield (x, torch.randn(2, 0, 0, generator=g), torch.randn(1, 0, 1, generator=g).index_fill(-1, torch.tensor([0]), float("inf")), x), {}
    x = torch.randn(2, 1, 0, generator=g)
    yield (x, torch.randn(2, 1, 0, generator=g), torch.randn(1, 0, 1, generator=g).index_fill(-1, torch.tensor([0]), float("inf")), x), {}
    x = torch.randn(2, 2, 0, generator=g)
    yield (x, torch.randn(2, 2, 0, generator=g), torch.randn(1, 0, 1, generator=g).index_fill(-1, torch.tensor([0]), float("inf")), x), {}
    x = torch.randn(2, 5, 0, generator=g)
    yield (x, torch.randn(2, 5, 0, generator=g), torch.randn(1, 0, 1, generator=g).index_fill(-1, torch.tensor([0]), float("inf")), x), {}
