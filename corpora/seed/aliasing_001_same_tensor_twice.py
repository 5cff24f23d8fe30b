"""The same tensor object is passed as both arguments on some calls. features: aliasing, inplace"""

import torch


def program(a, b):
    out = a * b
    a.add_(1)
    return out, b.sum(), a is b


def calls():
    g = torch.Generator().manual_seed(274)
    x = torch.randn(10, 10, generator=g)
    yield (x, torch.randn(10, 10, generator=g)), {}
    x = torch.randn(10, 10, generator=g)
    yield (x, x), {}
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g)), {}
