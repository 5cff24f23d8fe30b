"""Unary minus and plus on tensors and on Python numbers. features: arithmetic"""

import torch


def program(x, s):
    return -x + (+x) * -s, -(-s) * x


def calls():
    g = torch.Generator().manual_seed(4)
    yield (torch.randn(10, 10, generator=g), 2.0), {}
    yield (torch.randn(10, 10, generator=g), -1.5), {}
    yield (torch.randn(10, 10, generator=g).double(), 2.0), {}
