"""A dataclass with a default_factory list that the program appends to.
features: dataclasses, lists, mutation"""

import dataclasses

import torch


@dataclasses.dataclass
class Trace:
    name: str
    values: list = dataclasses.field(default_factory=list)


def program(x, n):
    t = Trace("run")
    for i in range(n):
        t.values.append(x.sum() * i)
    return torch.stack(t.values) if t.values else x.sum(), t.name, len(t.values)


def calls():
    g = torch.Generator().manual_seed(111)
    yield (torch.randn(10, 10, generator=g), 3), {}
    yield (torch.randn(10, 10, generator=g), 3), {}
    yield (torch.randn(10, 10, generator=g), 0), {}
