"""A global tensor is read; calls() replaces it with new values and then a new shape.
features: globals"""

import torch

WEIGHT = torch.arange(10.0)


def program(x):
    return x * WEIGHT


def calls():
    global WEIGHT
    g = torch.Generator().manual_seed(171)
    yield (torch.randn(10, 10, generator=g),), {}
    WEIGHT = torch.randn(10, generator=g)
    yield (torch.randn(10, 10, generator=g),), {}
    WEIGHT = torch.randn(10, 1, generator=g)
    yield (torch.randn(10, 10, generator=g),), {}
