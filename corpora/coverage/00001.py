"""Generated program. features: aliasing, change_scalar, recall_values, scalar_inputs, sweep_batch"""
import torch


def program(x, w, flag):
    t0 = torch.ceil(w)
    return t0


def calls():
    g = torch.Generator().manual_seed(0)
    x = torch.randn(2, 3, generator=g)
    yield (x, x, False), {}
    x = torch.randn(2, 3, generator=g)
    yield (x, x, False), {}
    x = torch.randn(2, 3, generator=g)
    yield (x, x, True), {}
    x = torch.randn(3, 3, generator=g)
    yield (x, x, False), {}
    x = torch.randn(5, 3, generator=g)
    yield (x, x, False), {}
    x = torch.randn(1, 3, generator=g)
    yield (x, x, False), {}
    x = torch.randn(0, 3, generator=g)
    yield (x, x, False), {}
