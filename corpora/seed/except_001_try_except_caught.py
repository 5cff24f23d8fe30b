"""The program raises a ValueError on a Python condition and catches it itself.
features: exceptions, control_flow"""

import torch


def checked_scale(t, s):
    if s <= 0:
        raise ValueError("scale must be positive")
    return t * s


def program(x, s):
    try:
        y = checked_scale(x, s)
    except ValueError:
        y = -x
    return y


def calls():
    g = torch.Generator().manual_seed(210)
    yield (torch.randn(10, 10, generator=g), 2.0), {}
    yield (torch.randn(10, 10, generator=g), 2.0), {}
    yield (torch.randn(10, 10, generator=g), -1.0), {}
