"""Class patterns with __match_args__, keyword sub-patterns and builtin classes on the subject.
features: control_flow, classes, dataclasses"""

import dataclasses

import torch


@dataclasses.dataclass
class Scale:
    k: float


class Shift:
    __match_args__ = ("by", "twice")

    def __init__(self, by, twice=False):
        self.by = by
        self.twice = twice


def program(x, op):
    match op:
        case Scale(k) if k > 0:
            return x * k
        case Scale(k=k):
            return x / -k
        case Shift(by, True):
            return x + 2 * by
        case Shift(by=b):
            return x + b
        case int(n) | float(n):
            return x ** n
        case [first, *others]:
            return x * first + len(others)
        case _:
            return x


def calls():
    g = torch.Generator().manual_seed(419)
    yield (torch.randn(4, generator=g), Scale(2.0)), {}
    yield (torch.randn(4, generator=g), Scale(3.0)), {}
    yield (torch.randn(4, generator=g), Scale(-2.0)), {}
    yield (torch.randn(4, generator=g), Shift(1.5, True)), {}
    yield (torch.randn(4, generator=g), Shift(0.5)), {}
