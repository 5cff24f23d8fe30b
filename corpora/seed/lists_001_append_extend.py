"""Build a list with append and extend, then stack it. features: lists"""

import torch


def program(x, n):
    parts = [x]
    for _ in range(n):
        parts.append(parts[-1] * 0.5)
    parts.extend([x.T, -x])
    return torch.stack(parts), len(parts)


def calls():
    g = torch.Generator().manual_seed(70)
    yield (torch.randn(4, 4, generator=g), 2), {}
    yield (torch.randn(4, 4, generator=g), 2), {}
    yield (torch.randn(4, 4, generator=g), 3), {}
