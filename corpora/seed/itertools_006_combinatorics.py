"""combinations, permutations and zip_longest over a list of tensors build pairwise products.
features: itertools, lists, tuples"""

import itertools

import torch


def program(xs, r):
    pair_sum = sum(a * b for a, b in itertools.combinations(xs, 2))
    orders = [tuple(i for i, _ in p) for p in itertools.permutations(enumerate(xs), r)]
    longest = [a if b is None else a + b
               for a, b in itertools.zip_longest(xs, xs[1:], fillvalue=None)]
    return pair_sum, orders, torch.stack(longest)


def calls():
    g = torch.Generator().manual_seed(416)
    yield ([torch.randn(3, generator=g) for _ in range(3)], 2), {}
    yield ([torch.randn(3, generator=g) for _ in range(3)], 2), {}
    yield ([torch.randn(3, generator=g) for _ in range(4)], 1), {}
