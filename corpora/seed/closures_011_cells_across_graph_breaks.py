"""Graph breaks with values on the stack in a function whose cells are read and written
after them. features: closures, data_dependent"""

import torch


def program(x, k):
    y = x * k
    count = 0

    def bump(t):
        nonlocal count
        count += 1
        return t + y + count

    a = x.sum() + bump(x) * (2.0 if x.sum().item() > 0 else -1.0)
    y = y - a
    b = [bump(a), y, count] + [x.max().item() > 0.5, bump(y)]
    count += k
    return a, b, y, count, bump(x)


def calls():
    g = torch.Generator().manual_seed(0)
    yield (torch.randn(3, generator=g), 2), {}
    yield (-torch.ones(3), 3), {}
    yield (torch.ones(3), 1), {}
