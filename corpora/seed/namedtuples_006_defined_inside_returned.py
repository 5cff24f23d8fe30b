"""A collections.namedtuple and a typing.NamedTuple defined in the program and returned.
features: namedtuples, classes, tuples"""

import collections
import typing

import torch


def program(x, k):
    Pair = collections.namedtuple("Pair", ["lo", "hi"])

    class Stats(typing.NamedTuple):
        mean: torch.Tensor
        peak: torch.Tensor
        tag: str = "stats"

    p = Pair(x.min(), x.max())
    s = Stats(x.mean(), x.abs().max() * k)
    moved = s._replace(tag="moved")
    return p, s, moved, Pair._fields, Stats._fields, isinstance(p, tuple), p.hi - p.lo, len(s)


def calls():
    g = torch.Generator().manual_seed(1109)
    yield (torch.randn(4, 4, generator=g), 2), {}
    yield (torch.randn(4, 4, generator=g), 2), {}
    yield (torch.randn(3, 5, generator=g), 3), {}
