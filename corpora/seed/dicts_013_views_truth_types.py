"""Dict views: truth, their types' names, equality and set operations of keys, ordering of
dicts refused with a TypeError. features: dicts, sets, builtins, exceptions"""

import collections

import torch


def program(x, d):
    empty = {}
    od = collections.OrderedDict(d)
    kinds = [type(d.keys()).__name__, type(d.items()).__name__, type(od.values()).__name__]
    truth = bool(d.keys()), bool(empty.items()), bool(empty.values())
    common = sorted(d.keys() & {"a", "c"})
    try:
        d < od
        err = "none"
    except TypeError as e:
        err = str(e)
    total = sum(v for v in d.values()) * x
    return total, kinds, truth, common, err, d.keys() == od.keys()


def calls():
    g = torch.Generator().manual_seed(514)
    yield (torch.randn(3, generator=g), {"a": 1, "b": 2}), {}
    yield (torch.randn(3, generator=g), {"a": 1, "b": 2}), {}
    yield (torch.randn(3, generator=g), {"c": 5}), {}
