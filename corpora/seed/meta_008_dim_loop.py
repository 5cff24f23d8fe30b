"""A loop over range(x.dim()) reduces every dimension in turn.
features: metadata, loops, reductions"""

import torch


def program(x):
    sums = []
    for d in range(x.dim()):
        sums.append(x.sum(d).amax())
    return torch.stack(sums)


def calls():
    g = torch.Generator().manual_seed(147)
    yield (torch.randn(3, 4, generator=g),), {}
    yield (torch.randn(3, 4, generator=g),), {}
    yield (torch.randn(3, 4, 5, generator=g),), {}
    yield (torch.randn(6, generator=g),), {}
