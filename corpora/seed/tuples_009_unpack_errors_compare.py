"""Unpacking with too many or too few values (plain and starred, also from a generator),
tuple ordering by length, tuple repetition. features: tuples, unpacking, exceptions"""

import torch


def gen(n):
    yield from range(n)


def program(x, n):
    errors = []
    try:
        a, b = tuple(range(n))
    except ValueError as e:
        errors.append(str(e))
    try:
        a, b, c = gen(n)
    except ValueError as e:
        errors.append(str(e))
    try:
        a, b, *rest = [x] * n
    except ValueError as e:
        errors.append(str(e))
    order = (1, 2) < (1, 2, 0), (1, 2, 3) > (1, 2), (n,) * 2
    return x * n, errors, order


def calls():
    g = torch.Generator().manual_seed(516)
    yield (torch.randn(3, generator=g), 1), {}
    yield (torch.randn(3, generator=g), 1), {}
    yield (torch.randn(3, generator=g), 4), {}
    yield (torch.randn(3, generator=g), 2), {}
