"""numel() decides between a full and a chunked reduction.
features: metadata, control_flow, reductions"""

import torch


def program(x):
    if x.numel() > 50:
        chunks = x.flatten().chunk(4)
        return torch.stack([c.sum() for c in chunks])
    return x.sum().reshape(1)


def calls():
    g = torch.Generator().manual_seed(144)
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(5, 5, generator=g),), {}
