"""A helper with a tuple default and a keyword-only argument. features: kwargs, tuples"""

import torch


def weighted(ts, weights=(1.0, 2.0, 3.0), *, normalize=False):
    out = sum(t * w for t, w in zip(ts, weights))
    return out / sum(weights[: len(ts)]) if normalize else out


def program(a, b, c, normalize):
    return weighted((a, b, c)), weighted((a, b), (0.5, 0.5), normalize=normalize)


def calls():
    g = torch.Generator().manual_seed(49)
    yield tuple(torch.randn(10, 10, generator=g) for _ in range(3)) + (False,), {}
    yield tuple(torch.randn(10, 10, generator=g) for _ in range(3)) + (True,), {}
    yield tuple(torch.randn(4, generator=g) for _ in range(3)) + (True,), {}
