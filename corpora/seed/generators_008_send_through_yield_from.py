"""Values sent into an outer generator reach the inner one through yield from; the inner
return value (a count) comes back to the outer. features: loops, closures"""

import torch


def inner(x):
    total, count = x, 0
    while True:
        got = yield total
        if got is None:
            return count
        total = total + got
        count += 1


def outer(x):
    result = yield from inner(x)
    yield result * 10


def program(x, ys):
    g = outer(x)
    seen = [next(g)]
    for y in ys:
        seen.append(g.send(y))
    final = g.send(None)
    return seen, final


def calls():
    gen = torch.Generator().manual_seed(552)
    yield (torch.randn(3, generator=gen), [torch.randn(3, generator=gen)]), {}
    yield (torch.randn(3, generator=gen), [torch.randn(3, generator=gen)]), {}
    yield (torch.randn(3, generator=gen), [torch.randn(3, generator=gen) for _ in range(3)]), {}
