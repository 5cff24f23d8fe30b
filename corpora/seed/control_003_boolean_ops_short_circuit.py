"""and/or short-circuit on Python values, returning non-bool operands. features: control_flow"""

import torch


def program(x, a, b):
    scale = a or 1.0
    shift = b and b * 2
    flag = a > 0 and b is not None
    return x * scale + (shift or 0), flag


def calls():
    g = torch.Generator().manual_seed(202)
    yield (torch.randn(10, 10, generator=g), 2.0, 3.0), {}
    yield (torch.randn(10, 10, generator=g), 2.0, 3.0), {}
    yield (torch.randn(10, 10, generator=g), 0.0, 3.0), {}
    yield (torch.randn(10, 10, generator=g), 0.5, 0), {}
