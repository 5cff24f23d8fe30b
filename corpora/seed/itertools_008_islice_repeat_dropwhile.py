"""itertools edges: islice of a partly consumed iterator, repeat with a bound, filterfalse(None),
dropwhile dropping all, type names of count/cycle. features: itertools, loops"""

import itertools

import torch


def program(x, n):
    it = iter([x, x + 1, x + 2, x + 3, x + 4])
    first = next(it)
    middle = list(itertools.islice(it, 2))
    rest = list(it)
    reps = list(itertools.repeat(n, 3))
    falsy = list(itertools.filterfalse(None, [0, n, 0, 1]))
    none_left = list(itertools.dropwhile(lambda v: v < 100, range(n)))
    kinds = type(itertools.count()).__name__, type(itertools.cycle([1])).__name__
    return first, middle, rest, reps, falsy, none_left, kinds


def calls():
    g = torch.Generator().manual_seed(533)
    yield (torch.randn(3, generator=g), 2), {}
    yield (torch.randn(3, generator=g), 2), {}
    yield (torch.randn(3, generator=g), 4), {}
