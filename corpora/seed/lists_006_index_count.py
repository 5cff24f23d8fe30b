"""list.index and list.count over Python values pick a row. features: lists, indexing"""

import torch


def program(x, labels, target):
    i = labels.index(target)
    c = labels.count(target)
    return x[i] * c


def calls():
    g = torch.Generator().manual_seed(75)
    yield (torch.randn(5, 4, generator=g), ["a", "b", "c", "b", "e"], "b"), {}
    yield (torch.randn(5, 4, generator=g), ["a", "b", "c", "b", "e"], "c"), {}
    yield (torch.randn(5, 4, generator=g), [1, 2, 2, 2, 0], 2), {}
