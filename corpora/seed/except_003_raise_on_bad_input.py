"""The program raises a ValueError for a shape it does not accept on a later call.
features: exceptions, metadata"""

import torch


def program(x, y):
    if x.shape != y.shape:
        raise ValueError(f"shape mismatch: {tuple(x.shape)} vs {tuple(y.shape)}")
    return x * y


def calls():
    g = torch.Generator().manual_seed(212)
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g)), {}
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g)), {}
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 5, generator=g)), {}
