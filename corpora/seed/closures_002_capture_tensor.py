"""Inner function captures a tensor argument and is called in a loop. features: closures, loops"""

import torch


def program(x, w):
    def step(h):
        return torch.tanh(h @ w)

    h = x
    for _ in range(3):
        h = step(h)
    return h


def calls():
    g = torch.Generator().manual_seed(41)
    yield (torch.randn(4, 10, generator=g), torch.randn(10, 10, generator=g)), {}
    yield (torch.randn(4, 10, generator=g), torch.randn(10, 10, generator=g)), {}
    yield (torch.randn(2, 6, generator=g), torch.randn(6, 6, generator=g)), {}
