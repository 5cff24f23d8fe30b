"""list(x.shape), edit it, and reshape with the result. features: lists, metadata, views"""

import torch


def program(x):
    shape = list(x.shape)
    shape[-1] = shape[-1] // 2
    shape.append(2)
    return x.reshape(shape), shape


def calls():
    g = torch.Generator().manual_seed(77)
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(3, 4, 6, generator=g),), {}
