"""`or` / `and` on tensor truth values: the short-circuit jump depends on data, so the frame
breaks there and keeps the tensor it tested. features: control_flow, data_dependent"""

import torch


def program(x):
    first = (x.sum() > 0) or (x.mean() < -1)
    second = (x.max() > 1) and x.min()
    return first, second, x * 2


def calls():
    g = torch.Generator().manual_seed(555)
    yield (torch.randn(6, generator=g),), {}
    yield (torch.randn(6, generator=g),), {}
    yield (-torch.rand(6, generator=g) - 2,), {}
    yield (torch.rand(6, generator=g) + 2,), {}
