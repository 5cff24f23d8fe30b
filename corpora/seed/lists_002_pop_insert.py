"""list.pop and list.insert reorder tensors before concatenation. features: lists"""

import torch


def program(a, b, c):
    xs = [a, b, c]
    last = xs.pop()
    xs.insert(0, last)
    first = xs.pop(1)
    xs.insert(len(xs), first * 2)
    return torch.cat(xs)


def calls():
    g = torch.Generator().manual_seed(71)
    yield tuple(torch.randn(2, 3, generator=g) for _ in range(3)), {}
    yield tuple(torch.randn(2, 3, generator=g) for _ in range(3)), {}
    yield tuple(torch.randn(1, 3, generator=g) for _ in range(3)), {}
