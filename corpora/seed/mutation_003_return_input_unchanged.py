"""The program returns one input unchanged alongside a computed value.
features: mutation, aliasing, tuples"""

import torch


def program(x, y):
    return x, x + y, y


def calls():
    g = torch.Generator().manual_seed(228)
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g)), {}
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g)), {}
    yield (torch.randn(3, generator=g), torch.randn(3, generator=g)), {}
