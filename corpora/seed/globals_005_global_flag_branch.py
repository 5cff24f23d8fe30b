"""A global bool flag switches a branch; calls() toggles it.
features: globals, control_flow, recompile"""

import torch

USE_NORM = False


def program(x):
    if USE_NORM:
        x = x / x.norm(dim=-1, keepdim=True)
    return x.sum(-1)


def calls():
    global USE_NORM
    g = torch.Generator().manual_seed(174)
    yield (torch.randn(10, 10, generator=g),), {}
    USE_NORM = True
    yield (torch.randn(10, 10, generator=g),), {}
    USE_NORM = False
    yield (torch.randn(10, 10, generator=g),), {}
