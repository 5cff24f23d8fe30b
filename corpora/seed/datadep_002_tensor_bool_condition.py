"""`if tensor:` and `while tensor` use implicit bool() of a 0-d tensor.
features: data_dependent, loops, control_flow"""

import torch


def program(x):
    steps = 0
    while x.abs().max() > 1:
        x = x / 2
        steps += 1
    if (x > 0).any():
        x = x + 1
    return x, steps


def calls():
    g = torch.Generator().manual_seed(271)
    yield (torch.randn(10, 10, generator=g) * 4,), {}
    yield (torch.randn(10, 10, generator=g) * 4,), {}
    yield (-torch.rand(10, 10, generator=g) * 0.5,), {}
