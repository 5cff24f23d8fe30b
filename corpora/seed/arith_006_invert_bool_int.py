"""Bitwise not (~) on bool masks and int tensors. features: arithmetic, dtype"""

import torch


def program(x, n):
    mask = x > 0
    return torch.where(~mask, x, -x), ~n, (~mask).sum()


def calls():
    g = torch.Generator().manual_seed(5)
    yield (torch.randn(10, 10, generator=g), torch.randint(-5, 5, (10,), generator=g)), {}
    yield (torch.randn(10, 10, generator=g), torch.randint(-5, 5, (10,), generator=g)), {}
    small = torch.randint(0, 100, (3,), generator=g, dtype=torch.uint8)
    yield (torch.randn(10, 10, generator=g), small), {}
