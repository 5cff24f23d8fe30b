"""divmod() and pow() builtins on Python ints reshape a tensor. features: builtins, views"""

import torch


def program(x, n):
    rows, rem = divmod(x.numel(), n)
    return x.flatten()[: rows * n].reshape(rows, n) * pow(2, rem)


def calls():
    g = torch.Generator().manual_seed(33)
    yield (torch.randn(10, 10, generator=g), 7), {}
    yield (torch.randn(10, 10, generator=g), 7), {}
    yield (torch.randn(10, 10, generator=g), 25), {}
    yield (torch.randn(3, 5, generator=g), 4), {}
