"""A non-contiguous (strided slice) input versus a contiguous one of equal shape.
features: metadata, views, slicing"""

import torch


def program(x, y):
    return x * 2 + y, x.view(-1) if x.is_contiguous() else x.reshape(-1)


def calls():
    g = torch.Generator().manual_seed(146)
    yield (torch.randn(4, 5, generator=g), torch.randn(4, 5, generator=g)), {}
    yield (torch.randn(4, 10, generator=g)[:, ::2], torch.randn(4, 5, generator=g)), {}
    yield (torch.randn(4, 5, generator=g), torch.randn(4, 5, generator=g)), {}
