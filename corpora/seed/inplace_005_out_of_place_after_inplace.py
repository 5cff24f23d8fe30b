"""A value is read before and after an in-place update of the same input.
features: inplace, mutation"""

import torch


def program(x):
    before = x.sum()
    x.sub_(1)
    after = x.sum()
    x.div_(2)
    return before - after, x.mean()


def calls():
    g = torch.Generator().manual_seed(224)
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(5, generator=g, dtype=torch.float64),), {}
