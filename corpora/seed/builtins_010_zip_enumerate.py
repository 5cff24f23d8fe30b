"""zip and enumerate over tensors and weights. features: builtins, loops, lists"""

import torch


def program(xs, ws):
    total = 0
    for i, (x, w) in enumerate(zip(xs, ws)):
        total = total + x * w * (i + 1)
    return total


def calls():
    g = torch.Generator().manual_seed(29)
    yield ([torch.randn(4, 4, generator=g) for _ in range(3)], [0.5, 1.0, 2.0]), {}
    yield ([torch.randn(4, 4, generator=g) for _ in range(3)], [0.5, 1.0, 2.0]), {}
    yield ([torch.randn(4, 4, generator=g) for _ in range(3)], [1.0, 1.0]), {}
