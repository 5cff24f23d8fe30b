"""Broadcasting a row, a column and a scalar tensor against a matrix. features: arithmetic"""

import torch


def program(m, row, col):
    s = torch.tensor(2.0)
    return m + row, m * col, (row * col) / s, m - m.mean()


def calls():
    g = torch.Generator().manual_seed(14)
    yield (
        (
            torch.randn(10, 10, generator=g),
            torch.randn(10, generator=g),
            torch.randn(10, 1, generator=g),
        ),
        {},
    )
    yield (
        (
            torch.randn(10, 10, generator=g),
            torch.randn(10, generator=g),
            torch.randn(10, 1, generator=g),
        ),
        {},
    )
    yield (
        (
            torch.randn(4, 7, generator=g),
            torch.randn(1, 7, generator=g),
            torch.randn(4, 1, generator=g),
        ),
        {},
    )
