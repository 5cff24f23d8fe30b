"""A module-level float constant read by the program is changed between calls.
features: globals, recompile"""

import torch

SCALE = 2.0


def program(x):
    return x * SCALE + 1


def calls():
    global SCALE
    g = torch.Generator().manual_seed(170)
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(10, 10, generator=g),), {}
    SCALE = 3.0
    yield (torch.randn(10, 10, generator=g),), {}
    SCALE = 3
    yield (torch.randn(10, 10, generator=g),), {}
