"""An lru_cache function's attributes (__wrapped__, __name__, __doc__), called with
constant arguments, and one whose body raises. features: functools, exceptions"""

import functools

import torch


@functools.lru_cache(maxsize=None)
def table(n):
    """Powers of two."""
    return tuple(2**i for i in range(n))


@functools.lru_cache(maxsize=8)
def checked(n):
    if n < 0:
        raise ValueError("negative")
    return n * 2


def program(x, n):
    t = table(n)
    try:
        c = checked(n - 3)
    except ValueError as e:
        c = str(e)
    return x * sum(t), c, table.__name__, table.__doc__, table.__wrapped__(2)


def calls():
    g = torch.Generator().manual_seed(522)
    yield (torch.randn(3, generator=g), 4), {}
    yield (torch.randn(3, generator=g), 4), {}
    yield (torch.randn(3, generator=g), 2), {}
