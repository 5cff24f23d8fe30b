"""Substring `in` tests on a mode string. features: strings, control_flow"""

import torch


def program(x, y, mode):
    out = x
    if "add" in mode:
        out = out + y
    if "mul" in mode:
        out = out * y
    if "neg" not in mode:
        out = out.abs()
    return out


def calls():
    g = torch.Generator().manual_seed(96)
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g), "add"), {}
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g), "add"), {}
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g), "add_mul_neg"), {}
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g), "mul"), {}
