"""isinstance on an argument picks how it combines with the tensor.
features: builtins, control_flow"""

import torch


def program(x, other):
    if isinstance(other, torch.Tensor):
        return x + other
    if isinstance(other, (list, tuple)):
        return x + sum(other)
    if isinstance(other, bool):
        return x if other else -x
    if isinstance(other, int):
        return x * other
    return x / other


def calls():
    g = torch.Generator().manual_seed(21)
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g)), {}
    yield (torch.randn(10, 10, generator=g), [1, 2, 3]), {}
    yield (torch.randn(10, 10, generator=g), (4, 5)), {}
    yield (torch.randn(10, 10, generator=g), True), {}
    yield (torch.randn(10, 10, generator=g), 2.5), {}
