"""operator.iadd on a local tensor and operator.lt/eq on shape values.
features: operator, inplace, metadata"""

import operator

import torch


def program(x, y):
    acc = x.clone()
    acc = operator.iadd(acc, y)
    if operator.lt(x.shape[0], 5) or operator.eq(x.dim(), 1):
        acc = operator.mul(acc, 2)
    return acc


def calls():
    g = torch.Generator().manual_seed(129)
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g)), {}
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g)), {}
    yield (torch.randn(3, 10, generator=g), torch.randn(3, 10, generator=g)), {}
    yield (torch.randn(10, generator=g), torch.randn(10, generator=g)), {}
