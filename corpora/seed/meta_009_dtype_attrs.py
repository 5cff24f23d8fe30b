"""dtype attributes (is_floating_point, itemsize, finfo) steer an epsilon.
features: metadata, dtype"""

import torch


def program(x):
    eps = torch.finfo(x.dtype).eps if x.dtype.is_floating_point else 1
    return x / (x.abs().amax() + eps), x.dtype.itemsize, x.element_size()


def calls():
    g = torch.Generator().manual_seed(148)
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(10, 10, generator=g).double(),), {}
    yield (torch.randint(-5, 5, (10, 10), generator=g),), {}
