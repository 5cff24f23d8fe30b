"""Tensor methods called through the class (torch.Tensor.mul(x, 2), torch.Tensor.sum,
torch.Tensor.__add__), and a dunder's NotImplemented. features: nn_functional, arithmetic"""

import torch


def program(x, y):
    a = torch.Tensor.mul(x, 2)
    b = torch.Tensor.sum(x, dim=0)
    c = torch.Tensor.__add__(x, y)
    d = torch.Tensor.__radd__(x, 1)
    ni = torch.Tensor.__add__(x, "s")
    return a, b, c, d, ni is NotImplemented


def calls():
    g = torch.Generator().manual_seed(548)
    yield (torch.randn(3, 2, generator=g), torch.randn(3, 2, generator=g)), {}
    yield (torch.randn(3, 2, generator=g), torch.randn(3, 2, generator=g)), {}
    yield (torch.randn(4, 2, generator=g), torch.randn(4, 2, generator=g)), {}
