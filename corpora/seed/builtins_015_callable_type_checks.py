"""callable() and type() identity checks on arguments. features: builtins, lambdas, control_flow"""

import torch


def program(x, f):
    if callable(f):
        x = f(x)
    if type(x) is torch.Tensor:
        x = x + 1
    return x, type(f) is float


def calls():
    g = torch.Generator().manual_seed(34)
    yield (torch.randn(10, 10, generator=g), torch.sin), {}
    yield (torch.randn(10, 10, generator=g), torch.cos), {}
    yield (torch.randn(10, 10, generator=g), 3.0), {}
