"""int(), float() and bool() of Python values used in tensor math. features: builtins"""

import torch


def program(x, s):
    n = int(s)
    f = float(n) / 3
    if bool(n % 2):
        return x * f
    return x + n


def calls():
    g = torch.Generator().manual_seed(27)
    yield (torch.randn(10, 10, generator=g), 3.7), {}
    yield (torch.randn(10, 10, generator=g), 4.2), {}
    yield (torch.randn(10, 10, generator=g), "5"), {}
