"""A user object with __getattr__ that computes missing names, and __setattr__ that logs writes.
features: classes, strings, mutation"""

import torch


class Params:
    def __init__(self, base):
        object.__setattr__(self, "base", base)
        object.__setattr__(self, "log", [])

    def __getattr__(self, name):
        if name.startswith("times_"):
            return self.base * int(name[6:])
        raise AttributeError(name)

    def __setattr__(self, name, value):
        self.log.append(name)
        object.__setattr__(self, name, value)


def program(x, p):
    y = x * p.times_3 + p.base
    p.last = y.sum()
    has = hasattr(p, "nope")
    return y, p.log, has, getattr(p, "missing", -1)


def calls():
    g = torch.Generator().manual_seed(411)
    yield (torch.randn(4, generator=g), Params(2)), {}
    yield (torch.randn(4, generator=g), Params(2)), {}
    yield (torch.randn(4, generator=g), Params(5)), {}
