"""An assert on the input's rank fails with AssertionError on the last call.
features: exceptions, metadata"""

import torch


def program(x):
    assert x.dim() == 2, f"expected a matrix, got {x.dim()} dims"
    return x @ x.T


def calls():
    g = torch.Generator().manual_seed(283)
    yield (torch.randn(4, 3, generator=g),), {}
    yield (torch.randn(4, 3, generator=g),), {}
    yield (torch.randn(4, 3, 2, generator=g),), {}
