"""A slice() object built from Python ints, passed as an argument. features: slicing, builtins"""

import torch


def program(x, s):
    window = slice(s.start, s.stop)
    return x[s], x[:, window], (s.stop or 0) - (s.start or 0)


def calls():
    g = torch.Generator().manual_seed(183)
    yield (torch.randn(10, 10, generator=g), slice(1, 5)), {}
    yield (torch.randn(10, 10, generator=g), slice(1, 5)), {}
    yield (torch.randn(10, 10, generator=g), slice(2, None, 3)), {}
