"""reversed() over a list of tensors and sorted() of Python ints. features: builtins, lists"""

import torch


def program(xs, order):
    acc = xs[0]
    for t in reversed(xs):
        acc = acc * 0.5 + t
    idx = sorted(order)
    return acc, torch.stack([xs[i] for i in idx]), sorted(order, reverse=True)


def calls():
    g = torch.Generator().manual_seed(30)
    yield ([torch.randn(3, 3, generator=g) for _ in range(3)], [2, 0, 1]), {}
    yield ([torch.randn(3, 3, generator=g) for _ in range(3)], [1, 2, 0]), {}
    yield ([torch.randn(3, 3, generator=g) for _ in range(4)], [3, 1]), {}
