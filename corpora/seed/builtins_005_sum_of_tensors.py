"""Built-in sum over a list of tensors, with and without a start value. features: builtins, lists"""

import torch


def program(xs):
    return sum(xs), sum(xs, torch.ones(()) * 10), sum(t.sum() for t in xs)


def calls():
    g = torch.Generator().manual_seed(24)
    yield ([torch.randn(4, 4, generator=g) for _ in range(3)],), {}
    yield ([torch.randn(4, 4, generator=g) for _ in range(3)],), {}
    yield ([torch.randn(4, 4, generator=g) for _ in range(5)],), {}
