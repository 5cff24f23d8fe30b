"""Augmented assignment on a local tensor and a Python counter. features: arithmetic"""

import torch


def program(x, y):
    acc = x.clone()
    k = 1
    acc += y
    acc *= 2
    k += 3
    acc -= k
    acc /= 4
    k *= k
    return acc, k


def calls():
    g = torch.Generator().manual_seed(10)
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g)), {}
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g)), {}
    yield (torch.randn(5, 2, generator=g), torch.randn(5, 2, generator=g)), {}
