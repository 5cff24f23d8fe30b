"""`in` on a dict with int keys derived from a shape. features: dicts, metadata, control_flow"""

import torch

TABLE = {1: 0.5, 4: 2.0, 10: -1.0}


def program(x):
    n = x.shape[-1]
    if n in TABLE:
        return x * TABLE[n]
    return x + n


def calls():
    g = torch.Generator().manual_seed(66)
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(3, 4, generator=g),), {}
    yield (torch.randn(3, 7, generator=g),), {}
