"""match on a user class that calls() registers as a Sequence between calls (its type flags
change). features: control_flow, classes"""

import collections.abc

import torch


class Pair:
    def __init__(self, a, b):
        self.items = [a, b]

    def __len__(self):
        return 2

    def __getitem__(self, i):
        return self.items[i]


def program(x):
    match Pair(x, x + 1):
        case [a, b]:
            return a * b
        case _:
            return x - 1


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(3, generator=g),), {}
    collections.abc.Sequence.register(Pair)
    yield (torch.randn(3, generator=g),), {}
