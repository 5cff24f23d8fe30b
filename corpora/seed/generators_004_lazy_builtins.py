"""Generators consumed lazily by zip, map, filter, islice, chain and any/all: side effects
in the generator body show how far each consumer pulled. features: loops, itertools, builtins"""

import itertools

import torch


def numbered(xs, log):
    for i, x in enumerate(xs):
        log.append(i)
        yield x * (i + 1)


def program(xs, k):
    log = []
    pairs = list(zip(numbered(xs, log), range(k)))
    head = list(itertools.islice(numbered(xs, log), k))
    chained = list(itertools.chain(numbered(xs[:1], log), numbered(xs[1:2], log)))
    found = any(t.shape[0] > 2 for t in numbered(xs, log))
    big = list(filter(lambda t: t.numel() > 0, map(torch.abs, numbered(xs, log))))
    return torch.stack([p for p, _ in pairs]), len(head), len(chained), found, len(big), log


def calls():
    g = torch.Generator().manual_seed(443)
    yield ([torch.randn(3, generator=g) for _ in range(4)], 2), {}
    yield ([torch.randn(3, generator=g) for _ in range(4)], 2), {}
    yield ([torch.randn(3, generator=g) for _ in range(4)], 3), {}
