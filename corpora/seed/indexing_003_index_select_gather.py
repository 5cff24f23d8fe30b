"""index_select along dim 1 and gather along dim 0. features: indexing"""

import torch


def program(x, cols, rows):
    return x.index_select(1, cols), torch.gather(x, 0, rows)


def calls():
    g = torch.Generator().manual_seed(186)

    def rows(*shape):
        return torch.randint(0, 5, shape, generator=g)

    yield (torch.randn(5, 6, generator=g), torch.tensor([0, 2, 4]), rows(3, 6)), {}
    yield (torch.randn(5, 6, generator=g), torch.tensor([5, 1, 1]), rows(3, 6)), {}
    yield (torch.randn(5, 6, generator=g), torch.tensor([3]), rows(1, 2)), {}
