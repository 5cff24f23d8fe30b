"""add_ and mul_ mutate the input tensor in place and return it.
features: inplace, mutation, aliasing"""

import torch


def program(x, y):
    x.add_(y)
    x.mul_(0.5)
    return x


def calls():
    g = torch.Generator().manual_seed(220)
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g)), {}
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g)), {}
    yield (torch.randn(10, 10, generator=g), 1.0), {}
