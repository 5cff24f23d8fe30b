"""takewhile, dropwhile, compress, filterfalse, starmap and groupby over Python and shape values.
features: itertools, lambdas, lists"""

import itertools
import operator

import torch


def program(x, vals):
    head = list(itertools.takewhile(lambda v: v < 3, vals))
    tail = list(itertools.dropwhile(lambda v: v < 3, vals))
    kept = list(itertools.compress(range(len(vals)), [v % 2 for v in vals]))
    odd = list(itertools.filterfalse(lambda v: v % 2 == 0, vals))
    prods = list(itertools.starmap(operator.mul, zip(vals, vals[1:])))
    groups = [(k, len(list(g))) for k, g in itertools.groupby(sorted(vals), key=lambda v: v // 2)]
    flat = list(itertools.chain.from_iterable([head, tail]))
    return x * sum(prods) + len(flat), head, tail, kept, odd, groups


def calls():
    g = torch.Generator().manual_seed(417)
    yield (torch.randn(3, generator=g), [1, 2, 5, 1, 4]), {}
    yield (torch.randn(3, generator=g), [1, 2, 5, 1, 4]), {}
    yield (torch.randn(3, generator=g), [4, 4, 0, 7]), {}
