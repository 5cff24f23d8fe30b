"""Python number on the left of a tensor operator (radd, rsub, rtruediv, rpow).
features: arithmetic"""

import torch


def program(x, c):
    return c + x, c - x, c / (x.abs() + 1), c ** x.tanh(), c * x


def calls():
    g = torch.Generator().manual_seed(9)
    yield (torch.randn(10, 10, generator=g), 2.0), {}
    yield (torch.randn(10, 10, generator=g), 3), {}
    yield (torch.randn(10, 10, generator=g), 0.5), {}
