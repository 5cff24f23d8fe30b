"""A set dedupes string names; its size and sorted contents drive the output.
features: sets, strings"""

import torch


def program(x, names):
    unique = set(names)
    unique.add("base")
    unique.discard("skip")
    return x * len(unique), sorted(unique)


def calls():
    g = torch.Generator().manual_seed(92)
    yield (torch.randn(10, 10, generator=g), ["a", "b", "a"]), {}
    yield (torch.randn(10, 10, generator=g), ["a", "b", "b"]), {}
    yield (torch.randn(10, 10, generator=g), ["skip", "c", "base"]), {}
