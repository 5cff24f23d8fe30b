"""range with start, stop and step drives a Python loop over rows. features: builtins, loops"""

import torch


def program(x, step):
    out = torch.zeros_like(x[0])
    for i in range(1, x.shape[0], step):
        out = out + x[i] * i
    return out, list(range(0, 10, step))


def calls():
    g = torch.Generator().manual_seed(28)
    yield (torch.randn(10, 10, generator=g), 2), {}
    yield (torch.randn(10, 10, generator=g), 3), {}
    yield (torch.randn(5, 10, generator=g), 3), {}
