"""index_select along dim 1 and gather along dim 0. features: indexing"""

import torch


def program(x, cols, rows):
    return x.index_select(1, cols), torch.gather(x, 0, rows)


def calls():
    g = torch.Generator().manual_seed(186)
    yield (
        (
            torch.randn(5, 6, generator=g),
            torch.tensor([0, 2, 4]),
            torch.randint(0, 5, (3, 6), generator=g),
        ),
        {},
    )
    yield (
        (
            torch.randn(5, 6, generator=g),
            torch.tensor([5, 1, 1]),
            torch.randint(0, 5, (3, 6), generator=g),
        ),
        {},
    )
    yield (
        (
            torch.randn(5, 6, generator=g),
            torch.tensor([3]),
            torch.randint(0, 5, (1, 2), generator=g),
        ),
        {},
    )
