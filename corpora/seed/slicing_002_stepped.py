"""Stepped slices with a Python step argument. features: slicing, views"""

import torch


def program(x, step):
    return x[::step], x[1::step, ::2], x[::step].shape


def calls():
    g = torch.Generator().manual_seed(181)
    yield (torch.randn(10, 10, generator=g), 2), {}
    yield (torch.randn(10, 10, generator=g), 2), {}
    yield (torch.randn(10, 10, generator=g), 3), {}
