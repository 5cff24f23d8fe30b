"""itertools.tee copies advancing independently, starmap over pairs, groupby by a key with
the groups consumed in order, chain.from_iterable. features: itertools, loops, tuples"""

import itertools

import torch


def program(x, words):
    a, b = itertools.tee(iter([x, x + 1, x + 2]))
    first_a = next(a)
    rest_b = list(b)
    rest_a = list(a)
    products = list(itertools.starmap(lambda p, q: p * q, [(x, 2), (x, 3)]))
    groups = [(k, len(list(g))) for k, g in itertools.groupby(words, key=len)]
    flat = list(itertools.chain.from_iterable([[1, 2], (3,), []]))
    return first_a, rest_a, rest_b, products, groups, flat


def calls():
    g = torch.Generator().manual_seed(561)
    yield (torch.randn(3, generator=g), ["a", "b", "cc", "d"]), {}
    yield (torch.randn(3, generator=g), ["a", "b", "cc", "d"]), {}
    yield (torch.randn(3, generator=g), ["aa", "bb", "c"]), {}
