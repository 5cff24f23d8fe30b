"""map and filter with lambdas over Python numbers and tensors. features: builtins, lambdas"""

import torch


def program(x, vals):
    pos = list(filter(lambda v: v > 0, vals))
    scaled = list(map(lambda v: x * v, pos))
    return torch.stack(scaled).sum(0) if scaled else x, list(map(abs, vals))


def calls():
    g = torch.Generator().manual_seed(31)
    yield (torch.randn(10, 10, generator=g), [1, -2, 3]), {}
    yield (torch.randn(10, 10, generator=g), [1, -2, 3]), {}
    yield (torch.randn(10, 10, generator=g), [-1, -2]), {}
    yield (torch.randn(10, 10, generator=g), [2, 2, 2, 2]), {}
