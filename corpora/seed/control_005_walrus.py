"""Assignment expressions (:=) in a condition and in a comprehension.
features: control_flow, comprehensions"""

import torch


def program(x):
    if (n := x.shape[0]) > 3:
        x = x[:3]
    parts = [y for i in range(x.shape[0]) if (y := x[i] * i).shape[0] > 0]
    return torch.stack(parts), n


def calls():
    g = torch.Generator().manual_seed(281)
    yield (torch.randn(5, 4, generator=g),), {}
    yield (torch.randn(5, 4, generator=g),), {}
    yield (torch.randn(2, 4, generator=g),), {}
