"""A wrapper forwards *args and **kwargs to an inner function.
features: varargs, kwargs, closures"""

import torch


def inner(a, b, scale=1.0, offset=0.0):
    return (a - b) * scale + offset


def program(*args, **kwargs):
    def wrapped(*a, **k):
        return inner(*a, **k).abs()

    return wrapped(*args, **kwargs)


def calls():
    g = torch.Generator().manual_seed(53)
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g)), {}
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g), 2.0), {}
    yield (torch.randn(10, 10, generator=g), torch.randn(10, 10, generator=g)), {"offset": -1.0}
