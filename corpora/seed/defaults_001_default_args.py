"""Default arguments used, overridden by position, and overridden by keyword. features: kwargs"""

import torch


def program(x, scale=2.0, bias=None, clamp=True):
    y = x * scale
    if bias is not None:
        y = y + bias
    return y.clamp(-1, 1) if clamp else y


def calls():
    g = torch.Generator().manual_seed(48)
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(10, 10, generator=g), 0.5), {}
    yield (torch.randn(10, 10, generator=g),), {"bias": torch.ones(10)}
    yield (torch.randn(10, 10, generator=g),), {"clamp": False, "scale": 3.0}
