"""Sums a list of tensors whose length changes between calls. features: lists, loops, recompile"""

import torch


def program(xs):
    total = xs[0]
    for x in xs[1:]:
        total = total + x
    return total


def calls():
    g = torch.Generator().manual_seed(0)
    yield ([torch.randn(3, generator=g) for _ in range(2)],), {}
    yield ([torch.randn(3, generator=g) for _ in range(4)],), {}
    yield ([torch.randn(3, generator=g) for _ in range(3)],), {}
