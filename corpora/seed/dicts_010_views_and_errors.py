"""dict key views with set operators, pop with and without a default, del of a missing key,
OrderedDict.popitem(last=False), |= and equality. features: dicts, sets, exceptions"""

import collections

import torch


def program(d, other):
    common = sorted(d.keys() & other.keys())
    only = sorted(d.keys() - other.keys())
    y = sum(d[k] * other[k] for k in common)
    extra = d.pop("zzz", None)
    errors = []
    try:
        del d["missing"]
    except KeyError as e:
        errors.append(e.args[0])
    od = collections.OrderedDict(sorted(other.items()))
    first = od.popitem(last=False)[0]
    merged = dict(d)
    merged |= {"new": 1}
    return y, common, only, extra, errors, first, sorted(merged), dict(od) == other, d == other


def calls():
    g = torch.Generator().manual_seed(461)
    yield ({"a": torch.randn(2, generator=g), "b": torch.randn(2, generator=g)},
           {"b": 2.0, "c": 3.0}), {}
    yield ({"a": torch.randn(2, generator=g), "b": torch.randn(2, generator=g)},
           {"b": 2.0, "c": 3.0}), {}
    yield ({"a": torch.randn(2, generator=g), "c": torch.randn(2, generator=g)},
           {"a": 1.0, "c": 3.0, "d": 0.5}), {}
