"""Nested list comprehensions, dict/set comprehensions over zip, a walrus in a comprehension.
features: comprehensions, lists, dicts"""

import torch


def program(xs, names):
    grid = [[a * b for b in range(3) if b != a] for a in range(len(xs))]
    table = {n: x.sum() for n, x in zip(names, xs) if not n.startswith("_")}
    lengths = {len(n) for n in names}
    kept = [y for x in xs if (y := x * 2).shape[0] > 1]
    pairs = tuple((i, n) for i, n in enumerate(names))
    flat = [v for row in grid for v in row]
    return torch.stack(kept).sum(0), grid, table, sorted(lengths), pairs, sum(flat)


def calls():
    g = torch.Generator().manual_seed(488)
    yield ([torch.randn(3, generator=g) for _ in range(3)], ["a", "_b", "cc"]), {}
    yield ([torch.randn(3, generator=g) for _ in range(3)], ["a", "_b", "cc"]), {}
    yield ([torch.randn(3, generator=g) for _ in range(2)], ["xyz", "w"]), {}
