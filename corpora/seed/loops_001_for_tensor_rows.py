"""Iterate directly over the rows of a tensor. features: loops, reductions"""

import torch


def program(x):
    acc = torch.zeros(x.shape[1:])
    best = None
    for row in x:
        acc = acc + row.abs()
        best = row if best is None else torch.maximum(best, row)
    return acc, best


def calls():
    g = torch.Generator().manual_seed(203)
    yield (torch.randn(5, 4, generator=g),), {}
    yield (torch.randn(5, 4, generator=g),), {}
    yield (torch.randn(3, 2, 2, generator=g),), {}
