"""frozenset union, intersection and difference on Python ints select dims.
features: sets, reductions"""

import torch

ALL = frozenset({0, 1, 2})


def program(x, keep):
    reduce_dims = sorted(ALL - frozenset(keep))
    common = ALL & set(keep)
    out = x.sum(dim=reduce_dims) if reduce_dims else x
    return out, len(common), len(ALL | {5})


def calls():
    g = torch.Generator().manual_seed(91)
    yield (torch.randn(2, 3, 4, generator=g), (0,)), {}
    yield (torch.randn(2, 3, 4, generator=g), (0,)), {}
    yield (torch.randn(2, 3, 4, generator=g), (1, 2)), {}
    yield (torch.randn(2, 3, 4, generator=g), (0, 1, 2)), {}
