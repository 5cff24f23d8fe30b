"""Generated program. features: aliasing, collections_std, decorators, dict_views, identity, mutate_inputs, numpy_interop, object_protocols, raises, recall_values, while_loop"""
import numpy as np
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
    return u + 1 * k

TABLE0 = {"a": 1, "b": 2}

M0 = torch.nn.Conv1d(0, 2, 1)
with torch.no_grad():
    for _p in M0.parameters():
        _p.copy_(torch.randn(_p.shape, generator=torch.Generator().manual_seed(0)) * 0.5)


class Node0:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return isinstance(other, Node0) and self.v == other.v

    __hash__ = object.__hash__

A0 = Node0(1)

B0 = Node0(2)


class Base0:
    scale = 2.0

    def __init__(self, k):
        self.k = k

    @property
    def factor(self):
        return self.k * self.scale

    @classmethod
    def make(cls, k):
        return cls(k)

    @staticmethod
    def shift(u):
        return u + 1

    def apply(self, u):
        return u * 0.5 * self.factor


class Child0(Base0):
    scale = 3.0

    def apply(self, u):
        return super().apply(u) + self.shift(u)

    def __getattr__(self, name):
        if name.startswith('w_'):
            return len(name)
        raise AttributeError(name)

OBJ0 = Base0.make(0.5)


def program(x, y, z, w):
    i0 = 0
    t0 = w
    while i0 < 3:
        t0 = torch.tanh(t0)
        i0 += 1
    t1 = t0.bool()
    c0 = collections.deque([1, 2, 3])
    c0.rotate(1)
    t2 = t0 * c0[0] + c0.pop()
    t3 = torch.aminmax(t2).max
    w.add_(1)
    t4 = t3.reshape(1)
    a0 = w.numpy()
    np.negative(a0, out=a0)
    t5 = w * 2
    t6 = helper0(t5, 3.0)
    t7 = x.relu()
    t1.copy_(t2)
    t2 *= 2
    i1 = 0
    t8 = t7
    while i1 < 4 and t8.abs().sum() > 1:
        t8 = -t8
        i1 += 1
    s0 = sorted(TABLE0.items())[0][1]
    t9 = M0(y)
    s1 = type(A0) is type(B0)
    t10 = z * OBJ0.factor
    raise ValueError("unsupported input")


def calls():
    g = torch.Generator().manual_seed(0)
    x = torch.randn((), generator=g)
    yield (x, torch.randn(4, 0, 5, generator=g), torch.randn(1, generator=g), x), {}
    x = torch.randn((), generator=g)
    yield (x, torch.randn(4, 0, 5, generator=g), torch.randn(1, generator=g), x), {}
