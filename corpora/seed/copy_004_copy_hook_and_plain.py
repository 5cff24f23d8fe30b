"""copy.copy of objects with and without their own __copy__. features: classes"""

import copy

import torch


class Plain:
    def __init__(self, w):
        self.w = w


class Hooked:
    def __init__(self, w):
        self.w = w

    def __copy__(self):
        made = Hooked(self.w * 10)
        made.copied = True
        return made


def program(x, n):
    a, b = Plain(n), Hooked(n)
    ca, cb = copy.copy(a), copy.copy(b)
    return x * ca.w + cb.w, getattr(cb, "copied", False), sorted(vars(cb))


def calls():
    g = torch.Generator().manual_seed(3)
    yield (torch.randn(3, generator=g), 2), {}
    yield (torch.randn(3, generator=g), 3), {}
