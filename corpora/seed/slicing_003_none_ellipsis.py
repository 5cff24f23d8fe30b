"""None and Ellipsis in subscripts add and skip dims. features: slicing, views"""

import torch


def program(x, v):
    outer = v[:, None] * v[None, :]
    return x[..., 0], x[None, ..., None].shape, outer, x[..., None] + x[..., None, :]


def calls():
    g = torch.Generator().manual_seed(182)
    yield (torch.randn(3, 4, generator=g), torch.randn(5, generator=g)), {}
    yield (torch.randn(3, 4, generator=g), torch.randn(5, generator=g)), {}
    yield (torch.randn(2, 3, 4, generator=g), torch.randn(2, generator=g)), {}
