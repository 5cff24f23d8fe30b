"""A functools.wraps decorator around a helper counts calls through a global list.
features: functools, closures, globals"""

import functools

import torch

CALLS = []


def traced(fn):
    @functools.wraps(fn)
    def inner(*args, **kwargs):
        CALLS.append(fn.__name__)
        return fn(*args, **kwargs)
    return inner


@traced
def scaled(x, k=2.0):
    """Scale x."""
    return x * k


def program(x, k):
    y = scaled(x, k=k) + scaled(x)
    return y, scaled.__name__, scaled.__doc__, scaled.__wrapped__(x, 1.0), len(CALLS)


def calls():
    g = torch.Generator().manual_seed(409)
    yield (torch.randn(4, generator=g), 3.0), {}
    yield (torch.randn(4, generator=g), 3.0), {}
    CALLS.clear()
    yield (torch.randn(4, generator=g), 0.5), {}
