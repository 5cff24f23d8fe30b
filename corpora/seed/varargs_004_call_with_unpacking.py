"""Calling torch functions with *list and **dict built inside the program.
features: varargs, unpacking, dicts"""

import torch


def program(x, y, dim):
    parts = [x, y, x * y]
    opts = {"dim": dim}
    return torch.cat(parts, **opts), torch.stack((*parts, y), dim=0).sum(**opts)


def calls():
    g = torch.Generator().manual_seed(54)
    yield (torch.randn(4, 5, generator=g), torch.randn(4, 5, generator=g), 0), {}
    yield (torch.randn(4, 5, generator=g), torch.randn(4, 5, generator=g), 1), {}
    yield (torch.randn(4, 5, generator=g), torch.randn(4, 5, generator=g), -1), {}
