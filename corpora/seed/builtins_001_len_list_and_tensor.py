"""len() of a list argument and of a tensor scales the result. features: builtins, lists"""

import torch


def program(x, items):
    return x * len(items) + len(x)


def calls():
    g = torch.Generator().manual_seed(20)
    yield (torch.randn(10, 10, generator=g), [1, 2, 3]), {}
    yield (torch.randn(10, 10, generator=g), [4, 5, 6]), {}
    yield (torch.randn(10, 10, generator=g), [1, 2]), {}
    yield (torch.randn(6, 10, generator=g), [1, 2]), {}
