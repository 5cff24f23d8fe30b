"""Compare shapes of two inputs; broadcast only when they differ.
features: metadata, control_flow, tuples"""

import torch


def program(a, b):
    if a.shape == b.shape:
        return a * b
    if a.shape[1:] == b.shape[1:] and b.shape[0] == 1:
        return a * b.expand_as(a)
    return a.sum() + b.sum()


def calls():
    g = torch.Generator().manual_seed(149)
    yield (torch.randn(4, 5, generator=g), torch.randn(4, 5, generator=g)), {}
    yield (torch.randn(4, 5, generator=g), torch.randn(4, 5, generator=g)), {}
    yield (torch.randn(4, 5, generator=g), torch.randn(1, 5, generator=g)), {}
    yield (torch.randn(4, 5, generator=g), torch.randn(3, 2, generator=g)), {}
