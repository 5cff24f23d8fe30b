"""Integer indexing with Python ints, including negative, and with an int tensor.
features: indexing"""

import torch


def program(x, i, idx):
    return x[i], x[-1, i], x[idx], x[idx, idx]


def calls():
    g = torch.Generator().manual_seed(184)
    yield (torch.randn(10, 10, generator=g), 2, torch.tensor([0, 3, 5])), {}
    yield (torch.randn(10, 10, generator=g), 2, torch.tensor([1, 1, 9])), {}
    yield (torch.randn(10, 10, generator=g), -4, torch.tensor([7])), {}
