"""Branch on torch.is_grad_enabled() inside and outside torch.enable_grad/set_grad_enabled.
features: runtime_queries, control_flow"""

import torch


def scale(t):
    return t * 2 if torch.is_grad_enabled() else t * 3


def program(x, flag):
    a = scale(x)
    with torch.set_grad_enabled(flag):
        b = scale(x)
    with torch.no_grad():
        with torch.enable_grad():
            c = scale(x)
    return a, b, c


def calls():
    g = torch.Generator().manual_seed(161)
    yield (torch.randn(10, 10, generator=g), False), {}
    yield (torch.randn(10, 10, generator=g), False), {}
    yield (torch.randn(10, 10, generator=g), True), {}
