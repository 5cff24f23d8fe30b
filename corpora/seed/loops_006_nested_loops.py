"""Nested Python loops over a tuple of scales and a range build a sum. features: loops, tuples"""

import torch


def program(x, scales):
    out = torch.zeros_like(x)
    for s in scales:
        for k in range(1, 3):
            out = out + torch.sin(x * s * k)
    return out


def calls():
    g = torch.Generator().manual_seed(208)
    yield (torch.randn(10, 10, generator=g), (1.0, 0.5)), {}
    yield (torch.randn(10, 10, generator=g), (1.0, 0.5)), {}
    yield (torch.randn(10, 10, generator=g), (2.0,)), {}
