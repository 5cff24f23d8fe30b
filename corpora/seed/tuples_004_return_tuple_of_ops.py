"""Functions returning tuples: torch.max with dim, chunk, and a Python tuple.
features: tuples, unpacking, reductions"""

import torch


def program(x):
    values, indices = torch.max(x, dim=1)
    lo, hi = x.chunk(2, dim=0)
    return (values, indices), (lo.sum(), hi.sum()), tuple(x.shape)


def calls():
    g = torch.Generator().manual_seed(83)
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(6, 3, generator=g),), {}
