"""A user iterator class (__iter__ returning self, __next__ raising StopIteration) in a for loop.
features: classes, loops, exceptions"""

import torch


class Countdown:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n


class Seq:
    def __init__(self, k):
        self.k = k

    def __getitem__(self, i):
        if i >= self.k:
            raise IndexError(i)
        return i * 10


def program(x, n):
    it = Countdown(n)
    acc = x
    for i in it:
        acc = acc + i
    return acc, it.n, list(Seq(n)), next(Countdown(n), -1), next(Countdown(0), -1)


def calls():
    g = torch.Generator().manual_seed(423)
    yield (torch.randn(3, generator=g), 3), {}
    yield (torch.randn(3, generator=g), 3), {}
    yield (torch.randn(3, generator=g), 5), {}
