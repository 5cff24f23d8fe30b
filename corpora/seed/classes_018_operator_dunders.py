"""A user vector class with unary dunders, reflected and in-place operators, and NotImplemented
falling back to the other operand. features: classes, arithmetic, mutation"""

import torch


class Vec:
    def __init__(self, t):
        self.t = t

    def __neg__(self):
        return Vec(-self.t)

    def __abs__(self):
        return Vec(self.t.abs())

    def __add__(self, other):
        if isinstance(other, Vec):
            return Vec(self.t + other.t)
        if isinstance(other, (int, float)):
            return Vec(self.t + other)
        return NotImplemented

    __radd__ = __add__

    def __iadd__(self, other):
        self.t = self.t + (other.t if isinstance(other, Vec) else other)
        return self

    def __matmul__(self, other):
        return self.t @ other.t


def program(a, b, k):
    c = -a + abs(b)
    d = k + c
    d += a
    d += 1.0
    try:
        a + "s"
        err = None
    except TypeError as e:
        err = str(e)
    return d.t, a @ b, err, c.t


def calls():
    g = torch.Generator().manual_seed(464)
    yield (Vec(torch.randn(3, generator=g)), Vec(torch.randn(3, generator=g)), 2), {}
    yield (Vec(torch.randn(3, generator=g)), Vec(torch.randn(3, generator=g)), 2), {}
    yield (Vec(torch.randn(3, generator=g)), Vec(torch.randn(3, generator=g)), 0.5), {}
