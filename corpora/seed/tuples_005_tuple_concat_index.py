"""Tuple concatenation, indexing, and tuple() of a generator. features: tuples, generators_expr"""

import torch


def program(x, extra):
    base = (x, x * 2)
    allt = base + extra
    squares = tuple(t * t for t in allt)
    return squares[-1] + squares[0], len(allt)


def calls():
    g = torch.Generator().manual_seed(84)
    yield (torch.randn(10, 10, generator=g), (torch.randn(10, 10, generator=g),)), {}
    yield (torch.randn(10, 10, generator=g), (torch.randn(10, 10, generator=g),)), {}
    yield (torch.randn(10, 10, generator=g), ()), {}
