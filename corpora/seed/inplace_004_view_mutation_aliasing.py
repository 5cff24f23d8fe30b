"""Mutating a view of a local tensor shows through the base and another view.
features: inplace, views, aliasing"""

import torch


def program(x):
    base = x.clone()
    row = base[0]
    col = base[:, 0]
    row.mul_(10)
    flat = base.view(-1)
    flat[-1] = -5
    return base, col, row


def calls():
    g = torch.Generator().manual_seed(223)
    yield (torch.randn(4, 4, generator=g),), {}
    yield (torch.randn(4, 4, generator=g),), {}
    yield (torch.randn(3, 6, generator=g),), {}
