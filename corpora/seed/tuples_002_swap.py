"""Tuple swap of two tensors inside a loop. features: tuples, unpacking, loops"""

import torch


def program(a, b, n):
    for _ in range(n):
        a, b = b, a + b
    return a, b


def calls():
    g = torch.Generator().manual_seed(81)
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g), 3), {}
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g), 3), {}
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g), 4), {}
