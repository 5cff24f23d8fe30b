"""Generated program. features: aliasing, collections_std, decorators, dict_views, recall_values, while_loop"""
import functools
import collections
import torch


def scaled0(fn):
    @functools.wraps(fn)
    def wrapper(u, k=2.0):
        return fn(u, k) + k
    return wrapper

@scaled0
def helper0(u, k=0.5):
    return u.abs() * k

TABLE0 = {"a": 1, "b": 2}


def program(x, y, z, w):
    i0 = 0
    t0 = w
    while i0 < 3:
        t0 = torch.tanh(t0)
        i0 += 1
    t1 = helper0(x)
    c0 = collections.deque([1, 2, 3])
    c0.rotate(1)
    t2 = t0 * c0[0] + c0.pop()
    s0 = len(TABLE0.keys() ^ {"b", "c"})
    return t1, t2, s0


def calls():
    g = torch.Generator().manual_seed(0)
    x = torch.randn((), generator=g)
    yield (x, torch.randn(4, 0, 5, generator=g), torch.randn(1, generator=g), x), {}
    x = torch.randn((), generator=g)
    yield (x, torch.randn(4, 0, 5, generator=g), torch.randn(1, generator=g), x), {}
