"""** merges in a call: two mappings with a shared key raise TypeError, a comprehension's dict
merged after a literal one, * of a tuple. features: kwargs, varargs, exceptions"""

import torch


def target(x, scale=1.0, shift=0.0):
    return x * scale + shift


def program(x, a, b):
    try:
        y = target(x, **a, **b)
    except TypeError as e:
        y = type(e).__name__
    z = target(*(x,), **{"scale": 3.0}, **{k: 0.5 for k in b if k != "scale"})
    return y, z


def calls():
    g = torch.Generator().manual_seed(551)
    yield (torch.randn(3, generator=g), {"scale": 2.0}, {"shift": 1.0}), {}
    yield (torch.randn(3, generator=g), {"scale": 2.0}, {"shift": 1.0}), {}
    yield (torch.randn(3, generator=g), {"scale": 2.0}, {"scale": 1.0}), {}
