"""Sort a list of Python ints in place and use it to permute dims. features: lists, views"""

import torch


def program(x, dims):
    order = list(dims)
    order.sort(reverse=True)
    return x.permute(*order).contiguous(), order


def calls():
    g = torch.Generator().manual_seed(74)
    yield (torch.randn(2, 3, 4, generator=g), [0, 2, 1]), {}
    yield (torch.randn(2, 3, 4, generator=g), [1, 0, 2]), {}
    yield (torch.randn(2, 3, 4, 5, generator=g), [3, 0, 1, 2]), {}
