"""Broadcasting a row, a column and a scalar tensor against a matrix. features: arithmetic"""

import torch


def program(m, row, col):
    s = torch.tensor(2.0)
    return m + row, m * col, (row * col) / s, m - m.mean()


def calls():
    g = torch.Generator().manual_seed(14)

    def randn(*shape):
        return torch.randn(*shape, generator=g)

    yield (randn(10, 10), randn(10), randn(10, 1)), {}
    yield (randn(10, 10), randn(10), randn(10, 1)), {}
    yield (randn(4, 7), randn(1, 7), randn(4, 1)), {}
