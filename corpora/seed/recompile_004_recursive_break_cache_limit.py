"""A recursive helper with a data-dependent branch: each depth is a compiled frame of its own
with n specialised, past the cache limit the rest runs eagerly. features: recompile, control_flow"""

import torch


def step(x, n):
    if n == 0:
        return x
    y = x * 0.5 + n
    if y.sum() > 0:
        y = y - 1
    return step(y, n - 1)


def program(x, depth):
    return step(x, depth)


def calls():
    g = torch.Generator().manual_seed(541)
    yield (torch.randn(3, generator=g), 12), {}
    yield (torch.randn(3, generator=g), 12), {}
    yield (torch.randn(3, generator=g), 3), {}
