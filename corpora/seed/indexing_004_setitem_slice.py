"""Setitem on a clone: a slice gets a scalar, a row gets a tensor, a mask gets a value.
features: indexing, mutation, slicing"""

import torch


def program(x, v):
    y = x.clone()
    y[0] = v
    y[1:3, ::2] = -1.0
    y[y > 2] = 2.0
    return y


def calls():
    g = torch.Generator().manual_seed(187)
    yield (torch.randn(10, 10, generator=g) * 2, torch.randn(10, generator=g)), {}
    yield (torch.randn(10, 10, generator=g) * 2, torch.randn(10, generator=g)), {}
    yield (torch.randn(10, 10, generator=g) * 2, 7.0), {}
