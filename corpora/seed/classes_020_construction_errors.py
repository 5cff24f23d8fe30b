"""Constructing a class without __init__ with arguments, a dataclass missing a field
(TypeErrors caught), dataclass equality. features: classes, dataclasses, exceptions"""

import dataclasses

import torch


class Bare:
    pass


@dataclasses.dataclass
class Pair:
    a: int
    b: int = 0


def program(x, k):
    errors = []
    try:
        Bare(k)
    except TypeError as e:
        errors.append(str(e))
    try:
        Pair()
    except TypeError as e:
        errors.append(type(e).__name__)
    p = Pair(k)
    b = Bare()
    b.k = k
    return x * (p.a + p.b + b.k), errors, p == Pair(k, 0), type(b).__name__


def calls():
    g = torch.Generator().manual_seed(492)
    yield (torch.randn(3, generator=g), 2), {}
    yield (torch.randn(3, generator=g), 2), {}
    yield (torch.randn(3, generator=g), 4), {}
