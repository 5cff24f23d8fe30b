"""Branch on x.requires_grad; the result is detached either way.
features: metadata, requires_grad, control_flow"""

import torch


def program(x):
    if x.requires_grad:
        y = (x * 2).detach()
    else:
        y = x * 3
    return y, y.requires_grad


def calls():
    g = torch.Generator().manual_seed(150)
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(10, 10, generator=g).requires_grad_(),), {}
    yield (torch.randn(10, 10, generator=g),), {}
