"""Branch on x.sum().item(), a data-dependent Python bool: a JIT must break or guard here.
features: data_dependent, control_flow"""

import torch


def program(x):
    if x.sum().item() > 0:
        return x * 2
    return x - 1


def calls():
    g = torch.Generator().manual_seed(270)
    yield (torch.randn(10, 10, generator=g) + 0.5,), {}
    yield (torch.randn(10, 10, generator=g) - 0.5,), {}
    yield (torch.randn(10, 10, generator=g) + 0.5,), {}
