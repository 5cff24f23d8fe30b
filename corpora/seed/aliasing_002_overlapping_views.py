"""Two arguments are views of one base tensor; writing one changes the other.
features: aliasing, views, inplace"""

import torch


def program(a, b):
    a.mul_(2)
    return b + 0, a.sum()


def calls():
    g = torch.Generator().manual_seed(275)
    base = torch.randn(4, 6, generator=g)
    yield (base[:, :4], base[:, 2:]), {}
    base = torch.randn(4, 6, generator=g)
    yield (base[:, :4], base[:, 2:]), {}
    yield (torch.randn(4, 4, generator=g), torch.randn(4, 4, generator=g)), {}
