"""A scalar from .item() scales another tensor and sizes an arange.
features: data_dependent, arithmetic"""

import torch


def program(x, n):
    s = x.mean().item()
    k = int(n.item())
    return x * s, torch.arange(k) * s


def calls():
    g = torch.Generator().manual_seed(273)
    yield (torch.randn(10, 10, generator=g), torch.tensor(3)), {}
    yield (torch.randn(10, 10, generator=g), torch.tensor(3)), {}
    yield (torch.randn(10, 10, generator=g), torch.tensor(6)), {}
