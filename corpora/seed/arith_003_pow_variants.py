"""Tensor ** int, tensor ** float, scalar ** tensor, tensor ** tensor. features: arithmetic"""

import torch


def program(x, y, p):
    return x**p, x.abs() ** 0.5, 2**y, x.abs() ** y


def calls():
    g = torch.Generator().manual_seed(2)
    yield (torch.randn(10, 10, generator=g), torch.rand(10, 10, generator=g), 2), {}
    yield (torch.randn(10, 10, generator=g), torch.rand(10, 10, generator=g), 3), {}
    yield (torch.randn(3, 5, generator=g), torch.rand(3, 5, generator=g), 2), {}
