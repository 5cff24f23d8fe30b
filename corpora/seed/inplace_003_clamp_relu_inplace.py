"""clamp_ and relu_ on the input and on a view of it. features: inplace, mutation, views"""

import torch


def program(x, lo, hi):
    x.clamp_(lo, hi)
    x[1:3].relu_()
    return x * 2


def calls():
    g = torch.Generator().manual_seed(222)
    yield (torch.randn(10, 10, generator=g), -0.5, 0.5), {}
    yield (torch.randn(10, 10, generator=g), -0.5, 0.5), {}
    yield (torch.randn(10, 10, generator=g), -1.0, 0.25), {}
