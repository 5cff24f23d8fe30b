"""Advanced indexing mixed with slices and a list of Python ints.
features: indexing, slicing, lists"""

import torch


def program(x, rows):
    return x[rows, 1:3], x[:, rows], x[[0, -1]][:, [0, -1]]


def calls():
    g = torch.Generator().manual_seed(188)
    yield (torch.randn(3, 4, 5, generator=g), [0, 2]), {}
    yield (torch.randn(3, 4, 5, generator=g), [0, 2]), {}
    yield (torch.randn(3, 4, 5, generator=g), [1, 1, 0]), {}
