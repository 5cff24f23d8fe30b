"""A recursive helper on a Python depth builds a nested expression.
features: control_flow, closures"""

import torch


def tower(t, depth):
    if depth == 0:
        return t
    return torch.sin(tower(t, depth - 1)) + t


def program(x, depth):
    return tower(x, depth)


def calls():
    g = torch.Generator().manual_seed(282)
    yield (torch.randn(10, 10, generator=g), 2), {}
    yield (torch.randn(10, 10, generator=g), 2), {}
    yield (torch.randn(10, 10, generator=g), 4), {}
