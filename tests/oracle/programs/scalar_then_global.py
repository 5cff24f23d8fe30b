"""The same tensor metadata every call; a Python scalar, then a module global, change."""
import torch

SCALE = 2.0


def program(x, k):
    return x * k + SCALE


def calls():
    global SCALE
    g = torch.Generator().manual_seed(1)
    yield (torch.randn(4, generator=g), 3), {}
    yield (torch.randn(4, generator=g), 3), {}
    yield (torch.randn(4, generator=g), 5), {}
    SCALE = -1.0
    yield (torch.randn(4, generator=g), 5), {}
