"""A global list of scales is extended in place between calls. features: globals, lists, loops"""

import torch

SCALES = [1.0, 2.0]


def program(x):
    out = x
    for s in SCALES:
        out = out * s + 1
    return out


def calls():
    g = torch.Generator().manual_seed(175)
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(10, 10, generator=g),), {}
    SCALES.append(0.5)
    yield (torch.randn(10, 10, generator=g),), {}
    SCALES[0] = -1.0
    yield (torch.randn(10, 10, generator=g),), {}
