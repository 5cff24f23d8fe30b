"""bool() of an object with neither __bool__ nor __len__, `in` through __iter__ only, and
`in` through the old __getitem__ protocol. features: classes, control_flow, loops"""

import torch


class Empty:
    pass


class Iterable:
    def __init__(self, items):
        self.items = items

    def __iter__(self):
        return iter(self.items)


class Indexed:
    def __init__(self, n):
        self.n = n

    def __getitem__(self, i):
        if i >= self.n:
            raise IndexError(i)
        return i * 10


def program(x, k):
    truth = bool(Empty())
    y = x + 1 if Empty() else x - 1
    found = k in Iterable([1, 2, 3])
    old = k * 10 in Indexed(3)
    listed = list(Indexed(k))
    return y, truth, found, old, listed


def calls():
    g = torch.Generator().manual_seed(509)
    yield (torch.randn(3, generator=g), 2), {}
    yield (torch.randn(3, generator=g), 2), {}
    yield (torch.randn(3, generator=g), 5), {}
