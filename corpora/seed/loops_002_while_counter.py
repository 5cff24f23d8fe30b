"""A while loop with a Python counter halves a tensor until a Python bound.
features: loops, control_flow"""

import torch


def program(x, limit):
    i = 0
    total = 1
    while total < limit:
        x = x * 0.5 + 1
        total *= 2
        i += 1
    return x, i


def calls():
    g = torch.Generator().manual_seed(204)
    yield (torch.randn(10, 10, generator=g), 10), {}
    yield (torch.randn(10, 10, generator=g), 10), {}
    yield (torch.randn(10, 10, generator=g), 100), {}
    yield (torch.randn(10, 10, generator=g), 1), {}
