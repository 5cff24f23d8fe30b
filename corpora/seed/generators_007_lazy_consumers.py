"""Lazy iterators over generators driven by __next__: map, filter, zip, enumerate; `in` on a
generator; all() of a generator; iter(fn, sentinel). features: loops, builtins, closures"""

import torch


def squares(x, n):
    for i in range(n):
        yield x * i


def program(x, n):
    m = map(lambda t: t + 1, squares(x, n))
    first = m.__next__()
    f = filter(lambda i: i % 2 == 1, (i for i in range(n)))
    nonzero = f.__next__()
    e = enumerate(squares(x, n))
    idx, val = e.__next__()
    z = zip(squares(x, n), range(10))
    pair = z.__next__()
    g = squares(x, n)
    head = g.__next__()
    found = 2 in (i for i in range(n))
    every = all(i < n for i in range(n))
    state = [0]

    def tick():
        state[0] += 1
        return state[0]

    ticks = list(iter(tick, 4))
    return first, nonzero, idx, val, pair[1], head, found, every, ticks


def calls():
    g = torch.Generator().manual_seed(518)
    yield (torch.randn(3, generator=g), 3), {}
    yield (torch.randn(3, generator=g), 3), {}
    yield (torch.randn(3, generator=g), 5), {}
