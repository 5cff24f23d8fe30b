"""Built-in max over a list of tensors compares by their summed value.
features: builtins, data_dependent"""

import torch


def program(xs):
    best = max(xs, key=lambda t: t.sum().item())
    return best * 2, len(xs)


def calls():
    g = torch.Generator().manual_seed(32)
    yield ([torch.randn(3, 3, generator=g) for _ in range(3)],), {}
    yield ([torch.randn(3, 3, generator=g) for _ in range(3)],), {}
    yield ([torch.randn(3, 3, generator=g) for _ in range(2)],), {}
