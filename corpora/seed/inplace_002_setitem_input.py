"""x[0] = v writes into the caller's tensor; the result reads the mutated input.
features: inplace, mutation, indexing"""

import torch


def program(x, v):
    x[0] = v
    x[:, -1] = 0
    return x.sum(0)


def calls():
    g = torch.Generator().manual_seed(221)
    yield (torch.randn(10, 10, generator=g), 1.0), {}
    yield (torch.randn(10, 10, generator=g), 1.0), {}
    yield (torch.randn(10, 10, generator=g), torch.arange(10.0)), {}
