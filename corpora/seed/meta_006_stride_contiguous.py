"""stride() and is_contiguous() of inputs and of a transposed view. features: metadata, views"""

import torch


def program(x):
    t = x.t()
    c = t if t.is_contiguous() else t.contiguous()
    return c * 1, t.stride(), c.stride(), x.is_contiguous()


def calls():
    g = torch.Generator().manual_seed(145)
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(10, 10, generator=g).t(),), {}
    yield (torch.randn(4, 1, generator=g),), {}
