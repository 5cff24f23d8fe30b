"""The | merge operator and ** unpacking of dicts. features: dicts, unpacking"""

import torch


def program(x, a, b):
    merged = a | b
    both = {**b, **a, "k": 1.0}
    return x * merged["s"] + both["s"] * both["k"], sorted(both)


def calls():
    g = torch.Generator().manual_seed(68)
    yield (torch.randn(10, 10, generator=g), {"s": 1.0}, {"s": 2.0}), {}
    yield (torch.randn(10, 10, generator=g), {"s": 1.0}, {"s": 2.0}), {}
    yield (torch.randn(10, 10, generator=g), {"s": 1.0, "t": 0.0}, {"u": 3.0, "s": 4.0}), {}
