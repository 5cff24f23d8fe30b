"""A read-only property recomputed per access, and an input object's attribute written.
features: classes, mutation"""

import torch


class Norms:
    def __init__(self, t):
        self.t = t
        self.calls = 0

    @property
    def norm(self):
        self.calls += 1
        return self.t.norm()


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y


def program(n, p):
    a = n.t / n.norm
    b = a * n.norm
    p.x = p.x + p.y
    return b, n.calls, p.x


def calls():
    g = torch.Generator().manual_seed(432)
    yield (Norms(torch.randn(4, generator=g)), Point(1.0, 2.0)), {}
    yield (Norms(torch.randn(4, generator=g)), Point(1.0, 2.0)), {}
    yield (Norms(torch.randn(4, generator=g)), Point(3.0, 2.0)), {}
