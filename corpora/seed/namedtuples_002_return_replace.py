"""typing.NamedTuple built and _replace'd inside the program, returned as output.
features: namedtuples, classes"""

from typing import NamedTuple

import torch


class Stats(NamedTuple):
    mean: torch.Tensor
    std: torch.Tensor
    count: int = 0


def program(x):
    s = Stats(x.mean(0), x.std(0))
    s = s._replace(count=x.shape[0])
    m, sd, n = s
    return s, (x - m) / sd * n


def calls():
    g = torch.Generator().manual_seed(107)
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(10, 10, generator=g),), {}
    yield (torch.randn(5, 3, generator=g),), {}
