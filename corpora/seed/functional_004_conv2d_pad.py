"""F.pad with a Python padding tuple then F.conv2d with stride. features: nn_functional, tuples"""

import torch
import torch.nn.functional as F


def program(x, w, pad, stride):
    y = F.pad(x, pad, mode="constant", value=0.0)
    return F.conv2d(y, w, stride=stride)


def calls():
    g = torch.Generator().manual_seed(263)

    def randn(*shape):
        return torch.randn(*shape, generator=g)

    yield (randn(1, 2, 6, 6), randn(3, 2, 3, 3), (1, 1, 1, 1), 1), {}
    yield (randn(1, 2, 6, 6), randn(3, 2, 3, 3), (1, 1, 1, 1), 1), {}
    yield (randn(1, 2, 6, 6), randn(3, 2, 3, 3), (0, 2, 1, 0), 2), {}
