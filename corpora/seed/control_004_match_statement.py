"""A match statement on a mode tuple selects the op. features: control_flow, tuples"""

import torch


def program(x, mode):
    match mode:
        case ("scale", k):
            return x * k
        case ("clamp", lo, hi):
            return x.clamp(lo, hi)
        case "abs":
            return x.abs()
        case _:
            return x


def calls():
    g = torch.Generator().manual_seed(280)
    yield (torch.randn(10, 10, generator=g), ("scale", 2.0)), {}
    yield (torch.randn(10, 10, generator=g), ("scale", 3.0)), {}
    yield (torch.randn(10, 10, generator=g), ("clamp", -0.5, 0.5)), {}
    yield (torch.randn(10, 10, generator=g), "abs"), {}
    yield (torch.randn(10, 10, generator=g), None), {}
